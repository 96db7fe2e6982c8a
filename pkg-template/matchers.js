// mcp-matchers/matchers: the browser-safe matcher entry point, mirroring
// `@mcpjam/sdk/matchers` (version 1.14.0): evaluateToolCalls,
// resolveMatchOptions, MATCH_OPTIONS_DEFAULTS, and the later releases'
// assertValidMatchOptions and assertValidMaxExtra.
// The leaves of tool-calls.js named here too, so that a browser loading the
// package as plain ES modules fetches them together with tool-calls.js (one
// round trip less); each module still runs once.
import "./encoding.js";
import "./errors.js";
import "./kept.js";
import "./wasm/tool_calls.js";
import "./wasm/tool_calls_bytes.js";
export { MatcherError } from "./internal.js";
export {
  evaluateToolCalls,
  resolveMatchOptions,
  MATCH_OPTIONS_DEFAULTS,
  assertValidMatchOptions,
  assertValidMaxExtra,
} from "./tool-calls.js";
