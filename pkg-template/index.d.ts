// Type definitions for mcp-matchers. Every function is synchronous and ready after `import`.
export * from "./errors.js";
export * from "./tool-calls.js";
export * from "./traces.js";
export * from "./agent.js";
export * from "./transcripts.js";
export * from "./responses.js";
export * from "./evals.js";
export { validateSchema } from "./schema-core.js";
// Both references name a type `EvalRunResult`: @mcpjam/sdk@1.14.0 (EvalTest's
// run, mcp-matchers/agent) and @gleanwork/mcp-server-tester@1.1.0
// (runEvalDataset's, mcp-matchers/evals). The root mirrors @mcpjam/sdk's root;
// the other is here as `EvalDatasetRunResult` and under its own name in mcp-matchers/evals.
export type { EvalRunResult } from "./agent.js";
export type { EvalRunResult as EvalDatasetRunResult } from "./evals.js";
export type { StandardSchemaV1, StandardSchemaIssue, StandardSchemaResult } from "./schema-core.js";
