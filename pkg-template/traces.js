// Trace readers and PromptResult (issue 4) over the Rust core: every provider
// format is read in WebAssembly (src/traces/); this file only moves the trace
// in (as text) and wraps the result in the accessors of @mcpjam/sdk@1.14.0's
// PromptResult.

import { trace_detect as wasmDetect, trace_merge as wasmMerge, trace_read as wasmRead } from "./wasm/traces.js";
import { initSync as initTraces } from "./wasm/traces.js";
import { wasmBytes as bytesTraces } from "./wasm/traces_bytes.js";

// This family's own WebAssembly module, compiled synchronously from the inlined bytes.
initTraces({ module: bytesTraces() });
import { call, fail, payload } from "./internal.js";
export { MatcherError } from "./errors.js";

// A JS string crosses as given (JSON, SSE, JSON lines or plain text);
// anything else as its JSON.stringify text.
function traceText(trace) {
  if (typeof trace === "string") return trace;
  if (trace === undefined || typeof trace === "function" || typeof trace === "symbol") {
    fail("INVALID_ARGUMENT", "trace", `a trace is an object, an array or text, got ${typeof trace}`);
  }
  try {
    return JSON.stringify(trace);
  } catch (e) {
    fail("UNSUPPORTED_VALUE", "trace", `the trace has no JSON form (${e.message})`);
  }
}

function bytesOf(trace) {
  return payload([[traceText(trace), false]])[0];
}

/** See traces.d.ts. */
export function detectTraceFormat(trace) {
  const bytes = bytesOf(trace);
  const r = JSON.parse(call(() => wasmDetect(bytes)));
  return r.format === null ? { format: null, reason: r.reason } : { format: r.format };
}

function checkName(toolName) {
  if (typeof toolName !== "string") fail("INVALID_ARGUMENT", "toolName", `toolName must be a string, got ${typeof toolName}`);
}

// The PromptResult of the traces `sources` ([[text, format], ...]), read by
// the core: one trace as fromTrace reads it, several joined as merge does.
function readSources(sources, messages) {
  if (sources.length === 1) {
    const [[text, format]] = sources;
    const bytes = payload([[text, false]])[0];
    return JSON.parse(call(() => wasmRead(bytes, format, messages)));
  }
  const bytes = payload([[JSON.stringify(sources), false, "results"]])[0];
  return JSON.parse(call(() => wasmMerge(bytes, messages)));
}

/** See traces.d.ts. */
export class PromptResult {
  #toolCalls;
  #messages; // built on first getMessages() from #sources
  #sources; // [[text, format], ...]: the traces read, for getMessages() and merge
  #error;

  /** Internal: use `PromptResult.fromTrace` or `PromptResult.merge`. */
  constructor(data, sources) {
    this.format = data.format ?? null;
    this.text = data.text ?? "";
    this.#toolCalls = data.toolCalls ?? [];
    this.#sources = sources;
    this.#error = data.error;
    this.diagnostics = data.diagnostics ?? [];
  }

  #allMessages() {
    this.#messages ??= readSources(this.#sources, true).messages;
    return this.#messages;
  }

  /** See traces.d.ts. */
  static fromTrace(trace, options) {
    if (options !== undefined && options !== null && (typeof options !== "object" || Array.isArray(options))) {
      fail("INVALID_ARGUMENT", "options", "options must be an object { format? }");
    }
    const format = options?.format ?? "";
    if (typeof format !== "string") fail("INVALID_OPTION", "options.format", "format must be a trace format name");
    // The calls now; the conversation only if getMessages() is called
    // (a second read of the same text, which the result keeps).
    const sources = [[traceText(trace), format]];
    return new PromptResult(readSources(sources, false), sources);
  }

  /** See traces.d.ts. */
  static merge(results) {
    if (!Array.isArray(results)) fail("INVALID_ARGUMENT", "results", "results must be an array of PromptResult");
    // The core reads the results' traces again and joins them (src/traces/prompt_result.rs merge).
    const sources = results.flatMap((r, i) => {
      if (!(r instanceof PromptResult)) fail("INVALID_ARGUMENT", `results[${i}]`, "not a PromptResult");
      return r.#sources;
    });
    return new PromptResult(readSources(sources, false), sources);
  }

  /** See traces.d.ts. */
  toolsCalled() {
    return this.#toolCalls.map((c) => c.toolName);
  }
  /** See traces.d.ts. */
  getToolCalls() {
    return [...this.#toolCalls];
  }
  /** See traces.d.ts. */
  hasToolCall(toolName) {
    checkName(toolName);
    return this.#toolCalls.some((c) => c.toolName === toolName);
  }
  /** See traces.d.ts. */
  getToolArguments(toolName) {
    checkName(toolName);
    return this.#toolCalls.find((c) => c.toolName === toolName)?.arguments;
  }
  /** See traces.d.ts. */
  getMessages() {
    return [...this.#allMessages()];
  }
  /** See traces.d.ts. */
  hasError() {
    return this.#error !== undefined;
  }
  /** See traces.d.ts. */
  getError() {
    return this.#error;
  }
}
