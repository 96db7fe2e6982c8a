// The error every mcp-matchers function throws for a malformed call.

/** Error codes of {@link MatcherError}. */
export type MatcherErrorCode = "INVALID_ARGUMENT" | "INVALID_OPTION" | "UNSUPPORTED_VALUE" | "INVALID_JSON" | "INTERNAL";

/**
 * Thrown only for a malformed call (a mismatch is a result, never an error).
 * `code` is stable; `path` names the bad field, e.g. `actual[3].toolName`,
 * `options.toolCallOrder`. The module keeps working after any error.
 * `INTERNAL` is a defect of ours, not of the call: the WebAssembly module
 * trapped (`path` names the export); it has been restarted, so later calls work.
 */
export declare class MatcherError extends Error {
  constructor(code: MatcherErrorCode, path: string, message: string);
  readonly name: "MatcherError";
  readonly code: MatcherErrorCode;
  readonly path: string;
}

