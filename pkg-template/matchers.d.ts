// mcp-matchers/matchers: mirrors `@mcpjam/sdk/matchers` (1.14.0).
export {
  evaluateToolCalls,
  resolveMatchOptions,
  MATCH_OPTIONS_DEFAULTS,
  assertValidMatchOptions,
  assertValidMaxExtra,
  type EvalToolCall,
  type EvalMatchOptions,
  type EvalToolCallMatchResult,
  type EvalArgumentMismatch,
  type EvalOutOfOrderToolCall,
} from "./tool-calls.js";
export { MatcherError, type MatcherErrorCode } from "./errors.js";
