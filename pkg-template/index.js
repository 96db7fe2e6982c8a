// mcp-matchers: matchers for judging AI agents and MCP servers, one Rust core
// compiled to WebAssembly (see README.md). Every export is synchronous and
// ready after a plain `import`.
export { MatcherError } from "./internal.js";
export * from "./tool-calls.js";
export * from "./traces.js";
export * from "./agent.js";
export * from "./transcripts.js";
export * from "./responses.js";
export * from "./evals.js";
export { validateSchema } from "./schema-core.js";
