// mcp-matchers/matchers: the browser-safe matcher entry point, mirroring
// `@mcpjam/sdk/matchers` (version 1.14.0): evaluateToolCalls,
// resolveMatchOptions, MATCH_OPTIONS_DEFAULTS.
export { evaluateToolCalls, resolveMatchOptions, MATCH_OPTIONS_DEFAULTS, MatcherError } from "./index.js";
