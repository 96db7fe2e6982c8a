// mcp-matchers/matchers: the browser-safe matcher entry point, mirroring
// `@mcpjam/sdk/matchers` (version 1.14.0): evaluateToolCalls,
// resolveMatchOptions, MATCH_OPTIONS_DEFAULTS, and the later releases'
// assertValidMatchOptions and assertValidMaxExtra.
// scripts/build.sh bundles this module and everything it imports into one
// file (scripts/bundle-matchers.mjs), so that a browser loading the package as
// plain ES modules fetches one file.
export { MatcherError } from "./internal.js";
export {
  evaluateToolCalls,
  resolveMatchOptions,
  MATCH_OPTIONS_DEFAULTS,
  assertValidMatchOptions,
  assertValidMaxExtra,
} from "./tool-calls.js";
