// Type definitions for mcp-matchers' trace readers and PromptResult. The
// class, its data and the types around it mirror @mcpjam/sdk@1.14.0's
// (dist/index-*.d.ts: PromptResult, PromptResultData, TokenUsage,
// LatencyBreakdown, EvalResultInput, …; the message types are AI SDK v6's
// ModelMessage, written out here), so code written against the reference
// compiles with only its import changed, and `result.getToolCalls()` feeds
// `evaluateToolCalls` and the validators directly. Every function is
// synchronous and ready after `import`.

export { MatcherError } from "./errors.js";
import type { EvalMatchOptions, ToolCall } from "./tool-calls.js";

/**
 * The trace formats. A format and its `-stream` variant are one family:
 * asking for either reads both (the input's shape picks the reader).
 * `vercel-ai` covers AI SDK v4/v5/v6 steps, model messages, UI messages and a
 * `useChat` request body; `vercel-ai-ui-stream` v5/v6 UI message stream
 * chunks; `vercel-ai-data-stream` the v4 data stream (`toDataStreamResponse()`:
 * `<code>:<json>` lines); `mcpjam` an `EvalResultInput.trace` (a string, a
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
  | "vercel-ai-data-stream"
  | "mcpjam";

/**
 * Why a call's arguments could not be read as a JSON object. The call is kept,
 * its `arguments` are `{}`, and `rawArguments` holds the text as found.
 * `EMPTY`: `""`; `NOT_JSON`: e.g. cut short; `NOT_OBJECT`: JSON of an array,
 * number, …; `DOUBLE_ENCODED`: a JSON string holding object JSON;
 * `FREEFORM`: a custom (free-text) tool's input; `MISSING`: no arguments
 * where the format requires them (an AI SDK `tool-call` part with neither
 * `input` nor `args`).
 */
export type ArgumentsErrorCode = "EMPTY" | "NOT_JSON" | "NOT_OBJECT" | "DOUBLE_ENCODED" | "FREEFORM" | "MISSING";

/**
 * One tool call: `{ toolName, arguments }` as the reference's `ToolCall`;
 * read from a trace, also where it came from and what it returned (the
 * members below `arguments`; a result built from data holds the caller's
 * own call objects, without them).
 */
export interface TraceToolCall extends ToolCall {
  /** The tool's name exactly as emitted (never renamed). */
  toolName: string;
  /** The arguments object; from a trace `{}` when none were given or `argumentsError` is set. */
  arguments: Record<any, any>;
  /** The call id as emitted (`call_…`, `toolu_…`; may be `""`). */
  id?: string;
  /** The tool's result, joined by id (Gemini without ids: by name, in order). */
  result?: unknown;
  /** Whether the result is an error (`is_error`, a failed MCP call, `output-error`, …). */
  isError?: boolean;
  /** 0-based model turn (assistant message, response, AI SDK step) of the call (from a trace). */
  step?: number;
  /** 0-based position of the call within its step (from a trace). */
  index?: number;
  /** Who runs the tool: the caller, an MCP server via the provider, the provider itself, or a free-text tool (from a trace). */
  kind?: "function" | "mcp" | "server" | "custom";
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
 * `CALL_INCOMPLETE`, `RESPONSE_INCOMPLETE`, `IGNORED`, `UNKNOWN_FORMAT`,
 * `NOT_JSON` (text that opens like JSON but is not, read as plain text
 * because no `format` was given), `NOTHING_READ` (nothing read from a
 * non-empty trace),
 * `CALLS_DIFFER` (an MCPJam eval result whose trace records other calls than
 * its `actualToolCalls`; these are kept), `USAGE_UNREADABLE` (a token count
 * that is not a non-negative integer, e.g. `"12"`: read as not recorded,
 * never as 0; `path` names it, e.g. `usage.prompt_tokens`).
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

// ---- AI SDK v6 messages (`ModelMessage` of `ai`, written out) -------------

/** A JSON value (AI SDK `JSONValue`). */
export type JSONValue = null | string | number | boolean | { [key: string]: JSONValue | undefined } | JSONValue[];
/** Provider-specific options of a message or part (AI SDK `ProviderOptions`). */
export type ProviderOptions = Record<string, { [key: string]: JSONValue | undefined }>;
/** Binary data: base64 text or bytes (AI SDK `DataContent`; a Node `Buffer` is a `Uint8Array`). */
export type DataContent = string | Uint8Array | ArrayBuffer;

/** `{ type: "text", text }`. */
export interface TextPart {
  type: "text";
  text: string;
  providerOptions?: ProviderOptions;
}
/** `{ type: "image", image }`. */
export interface ImagePart {
  type: "image";
  image: DataContent | URL;
  mediaType?: string;
  providerOptions?: ProviderOptions;
}
/** `{ type: "file", data, mediaType }`. */
export interface FilePart {
  type: "file";
  data: DataContent | URL;
  filename?: string;
  mediaType: string;
  providerOptions?: ProviderOptions;
}
/** `{ type: "reasoning", text }`. */
export interface ReasoningPart {
  type: "reasoning";
  text: string;
  providerOptions?: ProviderOptions;
}
/** A tool call: `{ type: "tool-call", toolCallId, toolName, input }`. */
export interface ToolCallPart {
  type: "tool-call";
  toolCallId: string;
  toolName: string;
  input: unknown;
  providerOptions?: ProviderOptions;
  providerExecuted?: boolean;
}
/** A tool's output (AI SDK `ToolResultOutput`). */
export type ToolResultOutput =
  | { type: "text"; value: string; providerOptions?: ProviderOptions }
  | { type: "json"; value: JSONValue; providerOptions?: ProviderOptions }
  | { type: "execution-denied"; reason?: string; providerOptions?: ProviderOptions }
  | { type: "error-text"; value: string; providerOptions?: ProviderOptions }
  | { type: "error-json"; value: JSONValue; providerOptions?: ProviderOptions }
  | { type: "content"; value: Array<{ type: "text"; text: string; providerOptions?: ProviderOptions } | { type: string; [key: string]: unknown }> };
/**
 * A tool result: `{ type: "tool-result", toolCallId, toolName, output }`.
 * Messages read from a trace also carry `isError: true` on a failed tool's
 * result (`output` is then `error-text` or `error-json`).
 */
export interface ToolResultPart {
  type: "tool-result";
  toolCallId: string;
  toolName: string;
  output: ToolResultOutput;
  providerOptions?: ProviderOptions;
  isError?: boolean;
}
/** `{ type: "tool-approval-request", approvalId, toolCallId }`. */
export interface ToolApprovalRequest {
  type: "tool-approval-request";
  approvalId: string;
  toolCallId: string;
}
/** `{ type: "tool-approval-response", approvalId, approved, reason? }`. */
export interface ToolApprovalResponse {
  type: "tool-approval-response";
  approvalId: string;
  approved: boolean;
  reason?: string;
  providerOptions?: ProviderOptions;
}
/** A system message (AI SDK `SystemModelMessage`). */
export type CoreSystemMessage = { role: "system"; content: string; providerOptions?: ProviderOptions };
/** A user message (`CoreUserMessage` of @mcpjam/sdk, AI SDK `UserModelMessage`). */
export type CoreUserMessage = {
  role: "user";
  content: string | Array<TextPart | ImagePart | FilePart>;
  providerOptions?: ProviderOptions;
};
/** An assistant message (`CoreAssistantMessage` of @mcpjam/sdk, AI SDK `AssistantModelMessage`). */
export type CoreAssistantMessage = {
  role: "assistant";
  content: string | Array<TextPart | FilePart | ReasoningPart | ToolCallPart | ToolResultPart | ToolApprovalRequest>;
  providerOptions?: ProviderOptions;
};
/** A tool message (`CoreToolMessage` of @mcpjam/sdk, AI SDK `ToolModelMessage`). */
export type CoreToolMessage = {
  role: "tool";
  content: Array<ToolResultPart | ToolApprovalResponse>;
  providerOptions?: ProviderOptions;
};
/** One message of a conversation (`CoreMessage` of @mcpjam/sdk, AI SDK `ModelMessage`). */
export type CoreMessage = CoreSystemMessage | CoreUserMessage | CoreAssistantMessage | CoreToolMessage;

// ---- PromptResult's data and eval results (@mcpjam/sdk@1.14.0) -------------

/** `TokenUsage`: token counts of a run (all model calls together). */
export interface TokenUsage {
  /** Input (prompt) tokens. */
  inputTokens: number;
  /** Output (completion) tokens. */
  outputTokens: number;
  /** Total tokens (from a trace: input + output, as the reference's `HostRunner` counts them, unless the trace records the run's own total). */
  totalTokens: number;
}

/** `LatencyBreakdown`: wall-clock times of a run, in milliseconds. */
export interface LatencyBreakdown {
  /** End to end, ms. */
  e2eMs: number;
  /** Waiting for the model, ms. */
  llmMs: number;
  /** Running MCP tools, ms. */
  mcpMs: number;
}

/** `EvalTraceSpanCategory`. */
export type EvalTraceSpanCategory = "step" | "llm" | "tool" | "error";
/** `EvalTraceSpanInput`: one timeline span; times in ms from the run's start. */
export type EvalTraceSpanInput = {
  id: string;
  parentId?: string;
  name: string;
  category: EvalTraceSpanCategory;
  startMs: number;
  endMs: number;
  promptIndex?: number;
  stepIndex?: number;
  status?: "ok" | "error";
  toolCallId?: string;
  toolName?: string;
  serverId?: string;
  modelId?: string;
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  messageStartIndex?: number;
  messageEndIndex?: number;
};
/** `EvalWidgetCsp`. */
export type EvalWidgetCsp = {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
};
/** `EvalWidgetPermissions`. */
export type EvalWidgetPermissions = {
  camera?: Record<string, never>;
  microphone?: Record<string, never>;
  geolocation?: Record<string, never>;
  clipboardWrite?: Record<string, never>;
};
/** `EvalWidgetSnapshotInput`: an MCP App widget captured after a tool call. */
export type EvalWidgetSnapshotInput = {
  toolCallId: string;
  toolName: string;
  protocol: "mcp-apps";
  serverId: string;
  resourceUri: string;
  toolMetadata: Record<string, unknown>;
  widgetCsp: EvalWidgetCsp | null;
  widgetPermissions: EvalWidgetPermissions | null;
  widgetPermissive: boolean;
  prefersBorder: boolean;
  widgetHtml?: string;
  widgetHtmlBlobId?: string;
  injectedOpenAiCompat?: boolean;
};
/** `EvalExpectedToolCall`: `{ toolName, arguments? }`. */
export type EvalExpectedToolCall = {
  toolName: string;
  arguments?: Record<string, unknown>;
};
/** `EvalTraceInput`: a trace as an eval result carries it. */
export type EvalTraceInput =
  | string
  | Array<{ role: string; content: unknown }>
  | {
      messages?: Array<{ role: string; content: unknown }>;
      spans?: EvalTraceSpanInput[];
      prompts?: unknown[];
      raw?: unknown;
    };
/** `EvalResultInput`: one result for MCPJam's report ingestion. */
export type EvalResultInput = {
  caseTitle: string;
  query?: string;
  passed: boolean;
  /** ms */
  durationMs?: number;
  provider?: string;
  model?: string;
  expectedToolCalls?: EvalExpectedToolCall[];
  actualToolCalls?: EvalExpectedToolCall[];
  tokens?: { input?: number; output?: number; total?: number };
  error?: string;
  errorDetails?: string;
  trace?: EvalTraceInput;
  externalIterationId?: string;
  externalCaseId?: string;
  metadata?: Record<string, string | number | boolean>;
  isNegativeTest?: boolean;
  advancedConfig?: Record<string, unknown>;
  widgetSnapshots?: EvalWidgetSnapshotInput[];
  /** Per-result match options (not written by `toEvalResult`). */
  matchOptions?: EvalMatchOptions;
};

/**
 * `PromptResultData`: what `new PromptResult(data)` takes. Every member the
 * reference requires may be left out here: it then reads as the
 * reference's default (`""`, `[]`, zero counts and latencies); a missing
 * `usage.totalTokens` reads as input + output.
 */
export interface PromptResultData {
  /** The prompt sent. */
  prompt: string;
  /** The conversation (user, assistant, tool messages). */
  messages: CoreMessage[];
  /** The model's final text. */
  text: string;
  toolCalls: ToolCall[];
  /** Token counts (whole numbers). */
  usage: TokenUsage;
  /** Times in ms. */
  latency: LatencyBreakdown;
  error?: string;
  /** The LLM provider (`"openai"`, `"anthropic"`, …). */
  provider?: string;
  /** The model (`"gpt-4o"`, …). */
  model?: string;
  /** MCP App widgets captured during the run. */
  widgetSnapshots?: EvalWidgetSnapshotInput[];
  /** Timeline spans (times relative to the run's start). */
  spans?: EvalTraceSpanInput[];
}

/** Options of `toEvalResult`: any `EvalResultInput` field it writes, and `failOnToolError`. */
export type ToEvalResultOptions = Partial<Omit<EvalResultInput, "actualToolCalls" | "tokens" | "trace">> & {
  /** `false` turns the tool-failure gate off (default: on). */
  failOnToolError?: boolean;
};

/** `metadata` of `PromptResult.error`. */
export type PromptErrorMetadata = {
  provider?: string;
  model?: string;
  spans?: EvalTraceSpanInput[];
};

/** Options of `PromptResult.fromTrace`. */
export interface FromTraceOptions {
  /** Read as this format instead of detecting it. */
  format?: TraceFormat;
}

/**
 * One agent run: the class of @mcpjam/sdk@1.14.0's `PromptResult` (every
 * accessor, with the reference's results: copies where it returns copies,
 * the caller's own objects inside them), built from `PromptResultData`, as
 * an error, or from a recorded trace of any provider.
 *
 * Errors are `MatcherError`s with a `code` and a `path`.
 *
 * @example
 * const result = PromptResult.fromTrace(anthropicMessage);
 * evaluateToolCalls([{ toolName: "add", arguments: { a: 2 } }], result.getToolCalls());
 * result.inputTokens(); // the message's usage.input_tokens
 */
export declare class PromptResult {
  /** The prompt sent (`""` when unknown). */
  readonly prompt: string;
  /** The model's text in its last turn (`""` when it had none). */
  readonly text: string;
  /** The trace format read (`null` for data, errors, and merges of several formats). */
  readonly format: TraceFormat | null;
  /** What was not read as-is (see `TraceDiagnostic`; `[]` for data). */
  readonly diagnostics: TraceDiagnostic[];

  /**
   * `new PromptResult(data)` (@mcpjam/sdk@1.14.0 `PromptResult` constructor).
   * The lists (`messages`, `toolCalls`, `spans`, `widgetSnapshots`) are
   * copied: later changes to the caller's arrays are not seen.
   * @throws MatcherError `INVALID_ARGUMENT` at `data` (not an object) or at
   *   the member of the wrong type (`data.usage.inputTokens` not a whole
   *   number ≥ 0, `data.latency.e2eMs` not a finite number,
   *   `data.toolCalls[1].toolName` not a string, `data.messages[0]` not an
   *   object); `UNSUPPORTED_VALUE` for a circular value.
   */
  constructor(data: PromptResultData);
  /** `PromptResult.from(data)`: `new PromptResult(data)`. */
  static from(data: PromptResultData): PromptResult;
  /**
   * `PromptResult.error(error, latency, prompt, metadata)`: a failed run with
   * no messages, calls or tokens. `latency` in ms (`{ e2eMs: latency, llmMs:
   * 0, mcpMs: 0 }`) or a breakdown.
   * @throws MatcherError `INVALID_ARGUMENT` at `error` (not a string),
   *   `latency`, `prompt`, `metadata`; `INVALID_OPTION` at `metadata.provider`,
   *   `metadata.model`, `metadata.spans`.
   */
  static error(error: string, latency?: LatencyBreakdown | number, prompt?: string, metadata?: PromptErrorMetadata): PromptResult;
  /**
   * Reads a trace: an object or array (an API response, a message list, a
   * stream's chunks, an MCPJam `EvalResultInput`), or text (JSON, SSE, JSON
   * lines; for MCPJam, plain text; a leading byte order mark, which
   * `readFileSync(path, "utf8")` keeps, is dropped). Fills in what the trace records: usage
   * (OpenAI `usage`, Anthropic `usage`, Gemini `usageMetadata`, AI SDK
   * `usage`/`totalUsage`, MCPJam `tokens` or spans), the model, the provider
   * (`openai`, `anthropic`, `google`: the API's owner; MCPJam's `provider`),
   * the messages, spans, widget snapshots and prompt; the rest reads as the
   * reference's defaults. Unreadable parts become diagnostics and
   * `argumentsError`s, never errors. The calls stay inside the trace module
   * until first read (`getToolCalls()`, `toolsCalled()`, …), and
   * `evaluateToolCalls(expected, result)` judges them there; `free()` ends
   * that early (at most 32 results of 16 Mi input characters together are
   * kept, the least recently used read again from the trace when next asked;
   * a `FinalizationRegistry` ends dropped ones).
   * @throws MatcherError `INVALID_ARGUMENT` (path `trace`) when the format
   *   cannot be told or the trace is of another family than `options.format`;
   *   `INVALID_OPTION` (path `options.format`) for an unknown format name;
   *   `UNSUPPORTED_VALUE` (path `trace`) for one JSON document nested deeper
   *   than 128 levels or more than 32 Mi characters of trace.
   */
  static fromTrace(trace: unknown, options?: FromTraceOptions): PromptResult;
  /**
   * Several results as one conversation (the reference's `context: [r1, r2]`):
   * calls, messages, spans, snapshots and diagnostics in order, steps
   * renumbered after each other, tokens and latencies added up, `prompt` and
   * `text` of the last, `provider`/`model` the last given, the first error.
   * @throws MatcherError `INVALID_ARGUMENT` (path `results[i]`) for a non-PromptResult.
   */
  static merge(results: PromptResult[]): PromptResult;

  /** `getPrompt()`: the prompt sent. */
  getPrompt(): string;
  /** `getMessages()`: the conversation (a copy of the list, the messages themselves). From a trace: AI SDK `ModelMessage`s. */
  getMessages(): CoreMessage[];
  /** `getUserMessages()`: the messages with `role: "user"`. */
  getUserMessages(): CoreUserMessage[];
  /** `getAssistantMessages()`: the messages with `role: "assistant"`. */
  getAssistantMessages(): CoreAssistantMessage[];
  /** `getToolMessages()`: the messages with `role: "tool"`. */
  getToolMessages(): CoreToolMessage[];
  /** `e2eLatencyMs()`: end-to-end time, ms. */
  e2eLatencyMs(): number;
  /** `llmLatencyMs()`: time waiting for the model, ms. */
  llmLatencyMs(): number;
  /** `mcpLatencyMs()`: time running MCP tools, ms. */
  mcpLatencyMs(): number;
  /** `getLatency()`: the breakdown (a copy). */
  getLatency(): LatencyBreakdown;
  /** `toolsCalled()`: every call's tool name, in call order (repeats kept). */
  toolsCalled(): string[];
  /** `hasToolCall(name)`: whether some call has exactly this tool name (case-sensitive).
   * @throws MatcherError `INVALID_ARGUMENT` (path `toolName`) for a non-string. */
  hasToolCall(toolName: string): boolean;
  /**
   * Ours: ends the run `fromTrace` kept inside the trace module (a no-op for
   * any other result). Calls already read stay; reading them for the first
   * time afterwards throws `MatcherError` `INVALID_ARGUMENT` (path `result`).
   * Also `result[Symbol.dispose]()` where the platform has `Symbol.dispose`.
   */
  free(): void;
  /** `getToolCalls()`: the calls, in call order (a copy of the list). */
  getToolCalls(): TraceToolCall[];
  /** `getToolArguments(name)`: the first call of `toolName`'s arguments, or `undefined` when it was not called.
   * @throws MatcherError `INVALID_ARGUMENT` (path `toolName`) for a non-string. */
  getToolArguments(toolName: string): Record<string, unknown> | undefined;
  /** `totalTokens()`: total tokens. */
  totalTokens(): number;
  /** `inputTokens()`: input tokens. */
  inputTokens(): number;
  /** `outputTokens()`: output tokens. */
  outputTokens(): number;
  /** `getUsage()`: the token counts (a copy). */
  getUsage(): TokenUsage;
  /** `getWidgetSnapshots()`: MCP App widgets captured (a copy of the list). */
  getWidgetSnapshots(): EvalWidgetSnapshotInput[];
  /** `getSpans()`: timeline spans (a copy of the list). */
  getSpans(): EvalTraceSpanInput[];
  /** `hasError()`: whether the run reported an error (a failed tool is not one: see `isError`). */
  hasError(): boolean;
  /** `getError()`: the run's error message, or `undefined`. */
  getError(): string | undefined;
  /** `getProvider()`: the LLM provider, or `undefined`. */
  getProvider(): string | undefined;
  /** `getModel()`: the model, or `undefined`. */
  getModel(): string | undefined;
  /** `formatTrace()`: the messages as `JSON.stringify(messages, null, 2)`. */
  formatTrace(): string;
  /**
   * `toEvalResult(options)`: the run as an `EvalResultInput`. Each given
   * option replaces what the result reports; `caseTitle` defaults to the
   * prompt (`"PromptResult"` when blank); `passed` is `options.passed`
   * (default: no error), then `false` when the error (the option's, else
   * the run's) is non-blank or the trace shows a failed tool (a `tool` span
   * with `status: "error"`, a `tool-result` part with an `error`, an
   * `error-text` output, `isError: true`), unless `failOnToolError: false`.
   * `trace` is `{ messages, spans? }`; `actualToolCalls` the calls'
   * `{ toolName, arguments }`; lists and objects are the caller's own.
   * @throws MatcherError `INVALID_ARGUMENT` (path `options`) for a non-object;
   *   `INVALID_OPTION` for a member of the wrong type (`options.passed` not a
   *   boolean, `options.metadata.tag` not a string, number or boolean, …).
   */
  toEvalResult(options?: ToEvalResultOptions): EvalResultInput;
}
