// mcp-matchers/matchers: the browser-safe matcher entry point, mirroring
// `@mcpjam/sdk/matchers` (version 1.14.0): evaluateToolCalls,
// resolveMatchOptions, MATCH_OPTIONS_DEFAULTS, and the later releases'
// assertValidMatchOptions and assertValidMaxExtra.
export { MatcherError } from "./internal.js";
export {
  evaluateToolCalls,
  resolveMatchOptions,
  MATCH_OPTIONS_DEFAULTS,
  assertValidMatchOptions,
  assertValidMaxExtra,
} from "./tool-calls.js";
