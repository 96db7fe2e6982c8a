// mcp-matchers/matchers: mirrors `@mcpjam/sdk/matchers` (1.14.0).
export {
  evaluateToolCalls,
  resolveMatchOptions,
  MATCH_OPTIONS_DEFAULTS,
  assertValidMatchOptions,
  assertValidMaxExtra,
  MatcherError,
  type EvalToolCall,
  type EvalMatchOptions,
  type EvalToolCallMatchResult,
  type EvalArgumentMismatch,
  type EvalOutOfOrderToolCall,
  type MatcherErrorCode,
} from "./index.js";
