// Type definitions for mcp-matchers. Every function is synchronous and ready after `import`.
export * from "./errors.js";
export * from "./tool-calls.js";
export * from "./traces.js";
export * from "./agent.js";
export * from "./transcripts.js";
export * from "./responses.js";
export * from "./evals.js";
export { validateSchema } from "./schema-core.js";
export type { StandardSchemaV1, StandardSchemaIssue, StandardSchemaResult } from "./schema-core.js";
