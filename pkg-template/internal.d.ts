// Internal module of mcp-matchers: only MatcherError is public (re-exported by index.js).
export { MatcherError } from "./errors.js";
