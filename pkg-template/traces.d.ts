// Type definitions for mcp-matchers' trace readers and PromptResult. The
// accessors mirror @mcpjam/sdk@1.14.0's PromptResult (dist/index-*.d.ts), so
// `result.getToolCalls()` feeds `evaluateToolCalls` and the validators
// directly. Every function is synchronous and ready after `import`.

export { MatcherError } from "./errors.js";
import type { ToolCall } from "./tool-calls.js";

/**
 * The trace formats. A format and its `-stream` variant are one family:
 * asking for either reads both (the input's shape picks the reader).
 * `vercel-ai` covers AI SDK v4/v5/v6 steps, model messages, UI messages and a
 * `useChat` request body; `mcpjam` an `EvalResultInput.trace` (a string, a
 * message list, or `{ messages, spans }`) or a whole `EvalResultInput`.
 */
export type TraceFormat =
  | "openai-chat"
  | "openai-chat-stream"
  | "openai-responses"
  | "openai-responses-stream"
  | "anthropic"
  | "anthropic-stream"
  | "gemini"
  | "gemini-stream"
  | "vercel-ai"
  | "vercel-ai-ui-stream"
  | "mcpjam";

/**
 * Why a call's arguments could not be read as a JSON object. The call is kept,
 * its `arguments` are `{}`, and `rawArguments` holds the text as found.
 * `EMPTY`: `""`; `NOT_JSON`: e.g. cut short; `NOT_OBJECT`: JSON of an array,
 * number, …; `DOUBLE_ENCODED`: a JSON string holding object JSON;
 * `FREEFORM`: a custom (free-text) tool's input.
 */
export type ArgumentsErrorCode = "EMPTY" | "NOT_JSON" | "NOT_OBJECT" | "DOUBLE_ENCODED" | "FREEFORM";

/**
 * One tool call read from a trace: `{ toolName, arguments }` as the
 * reference's `ToolCall`, plus where it came from and what it returned.
 */
export interface TraceToolCall extends ToolCall {
  /** The tool's name exactly as emitted (never renamed). */
  toolName: string;
  /** The arguments object; `{}` when none were given or `argumentsError` is set. */
  arguments: Record<string, unknown>;
  /** The call id as emitted (`call_…`, `toolu_…`; may be `""`). */
  id?: string;
  /** The tool's result, joined by id (Gemini without ids: by name, in order). */
  result?: unknown;
  /** Whether the result is an error (`is_error`, a failed MCP call, `output-error`, …). */
  isError?: boolean;
  /** 0-based model turn (assistant message, response, AI SDK step) of the call. */
  step: number;
  /** 0-based position of the call within its step. */
  index: number;
  /** Who runs the tool: the caller, an MCP server via the provider, the provider itself, or a free-text tool. */
  kind: "function" | "mcp" | "server" | "custom";
  /** The MCP server label, for `mcp` calls that name it. */
  server?: string;
  argumentsError?: ArgumentsErrorCode;
  /** The arguments text as found, when `argumentsError` is set. */
  rawArguments?: string;
}

/**
 * Something not read as-is. `code`: `STREAM_INCOMPLETE` (a stream ended
 * early: completed calls kept, unfinished ones dropped and named),
 * `UNREADABLE_EVENT`, `ARGUMENTS_UNREADABLE`, `MALFORMED_CALL` (e.g. a
 * `function` that is `null`), `UNMATCHED_RESULT`, `MULTIPLE_CHOICES`,
 * `MCP_APPROVAL_REQUEST`, `PARALLEL_WRAPPER`, `CALL_IN_PROGRESS`,
 * `CALL_INCOMPLETE`, `RESPONSE_INCOMPLETE`, `IGNORED`, `UNKNOWN_FORMAT`.
 */
export interface TraceDiagnostic {
  code: string;
  /** Where in the input, e.g. `choices[0].message.tool_calls[4].function`, `events`. */
  path: string;
  message: string;
}

/** What `detectTraceFormat` returns: the format, or `null` and why not. */
export type TraceFormatDetection = { format: TraceFormat; reason?: undefined } | { format: null; reason: string };

/**
 * The format of a trace (an object, an array, or text: JSON, SSE, JSON lines)
 * from its shape, or why it cannot be told. Never throws for a mismatch;
 * throws `MatcherError` (`INVALID_ARGUMENT`, `UNSUPPORTED_VALUE`) only for an
 * input that is not JSON data at all (`undefined`, a cycle).
 */
export declare function detectTraceFormat(trace: unknown): TraceFormatDetection;

/** Options of `PromptResult.fromTrace`. */
export interface FromTraceOptions {
  /** Read as this format instead of detecting it. */
  format?: TraceFormat;
}

/**
 * One agent run read from a recorded trace, with the accessors of
 * @mcpjam/sdk@1.14.0's `PromptResult`.
 *
 * @example
 * const result = PromptResult.fromTrace(anthropicMessage);
 * evaluateToolCalls([{ toolName: "add", arguments: { a: 2 } }], result.getToolCalls());
 */
export declare class PromptResult {
  /** The format read (`null` after merging results of different formats). */
  readonly format: TraceFormat | null;
  /** The model's text in its last turn (`""` when it had none). */
  readonly text: string;
  /** What was not read as-is (see `TraceDiagnostic`). */
  readonly diagnostics: TraceDiagnostic[];

  /**
   * Reads a trace: an object or array (an API response, a message list, a
   * stream's chunks), or text (JSON, SSE, JSON lines; for MCPJam, plain text).
   * Unreadable parts become diagnostics and `argumentsError`s, never errors.
   * @throws MatcherError `INVALID_ARGUMENT` (path `trace`) when the format
   *   cannot be told or the trace is of another family than `options.format`;
   *   `INVALID_OPTION` (path `options.format`) for an unknown format name.
   */
  static fromTrace(trace: unknown, options?: FromTraceOptions): PromptResult;
  /**
   * Several results as one conversation (the reference's `context: [r1, r2]`):
   * calls, messages and diagnostics in order, steps renumbered after each
   * other, `text` of the last, the first error.
   * @throws MatcherError `INVALID_ARGUMENT` (path `results[i]`) for a non-PromptResult.
   */
  static merge(results: PromptResult[]): PromptResult;

  /** Every call's tool name, in call order (repeats kept). */
  toolsCalled(): string[];
  /** The call records, in call order (a copy of the list). */
  getToolCalls(): TraceToolCall[];
  /** Whether some call has exactly this tool name (case-sensitive). */
  hasToolCall(toolName: string): boolean;
  /** The first call of `toolName`'s arguments, or `undefined` when it was not called. */
  getToolArguments(toolName: string): Record<string, unknown> | undefined;
  /**
   * The conversation as AI SDK `ModelMessage`s: `{ role, content }` with
   * assistant parts `text` / `tool-call` and tool parts `tool-result`.
   */
  getMessages(): Array<{ role: string; content: unknown }>;
  /** Whether the run reported an error (a failed tool is not one: see `isError`). */
  hasError(): boolean;
  /** The run's error message, or `undefined`. */
  getError(): string | undefined;
}
