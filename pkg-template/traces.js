// Trace readers and PromptResult over the Rust core (src/traces/): every
// provider format is read in WebAssembly, and so is every decision a
// PromptResult makes (defaults, the message roles, the toEvalResult verdict).
// This file moves a run in once (a trace as text, PromptResultData as a
// payload part), keeps the core's facts and the caller's own lists, and
// answers the accessors of @mcpjam/sdk@1.14.0's PromptResult from them.

// This family's own WebAssembly module, started (and guarded) by traces-wasm.js.
import { wasm as tracesWasm } from "./traces-wasm.js";
const {
  prompt_error: wasmError,
  toEvalResult: wasmEval,
  prompt_from_data: wasmFromData,
  merge: wasmMerge,
  detectTraceFormat: wasmDetect,
  fromTrace: wasmRead,
  KeptTrace,
} = tracesWasm;
import { EVALUATE_IN_PLACE, call, encodeExtended, encodeOptions, fail, isPlain, jsonText, payload } from "./internal.js";
import { keeper } from "./kept.js";
export { MatcherError } from "./errors.js";

// A JS string crosses as given (JSON, SSE, JSON lines or plain text);
// anything else as its JSON.stringify text.
function traceText(trace) {
  if (typeof trace === "string") return trace;
  if (trace === undefined || typeof trace === "function" || typeof trace === "symbol") {
    fail("INVALID_ARGUMENT", "trace", `a trace is an object, an array or text, got ${typeof trace}`);
  }
  return jsonText(trace, "trace");
}

function bytesOf(trace) {
  return payload([[traceText(trace), false, "trace"]])[0];
}

// One payload part: plain JSON, or the extended form (undefined, NaN, Date, …).
function part(v, path) {
  return isPlain(v, 0) ? [JSON.stringify(v), false, path] : [encodeExtended(v, () => path, []), true, path];
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

// The options toEvalResult reads (EvalResultInput's fields and failOnToolError).
const EVAL_OPTIONS = [
  "caseTitle", "query", "passed", "durationMs", "provider", "model", "expectedToolCalls", "error", "errorDetails",
  "externalIterationId", "externalCaseId", "metadata", "isNegativeTest", "advancedConfig", "widgetSnapshots",
  "failOnToolError",
];

// The facts the core keeps of a run (the parts of PromptResultData it normalised).
const factsOf = (run) => ({
  prompt: run.prompt,
  error: run.error,
  provider: run.provider,
  model: run.model,
  usage: run.usage,
  latency: run.latency,
});

// A conversation: the messages and the indices of each role's messages.
const conversation = (run) => ({
  messages: run.messages,
  user: run.userMessages,
  assistant: run.assistantMessages,
  tool: run.toolMessages,
});

// A run read by fromTrace stays in the module (KeptTrace, src/wasm/traces.rs):
// its calls become JS objects when first read (getToolCalls() and the
// accessors over the calls), and evaluateToolCalls(expected, result) judges
// them there (EVALUATE_IN_PLACE). Kept, evicted, read again and freed as
// pkg-template/kept.js says.
const keptTraces = keeper(
  tracesWasm,
  (rec) => new KeptTrace(payload([[rec.text, false, "trace"]])[0], rec.format),
  "this PromptResult was freed (result.free()) before its tool calls were read; read the trace again",
);

// The constructor's private door: a run the core already read.
const BUILT = Symbol("PromptResult.built");

/** See traces.d.ts. */
export class PromptResult {
  #facts;
  #toolCalls; // undefined while only the kept run (#kept) holds them
  #kept;
  #conversation; // { messages, user, assistant, tool }; built on first use by #readConversation
  #readConversation;
  #toolFailure;
  #usage;
  #latency;
  #spans;
  #widgetSnapshots;

  /** See traces.d.ts. */
  constructor(data, built) {
    if (built?.[BUILT]) {
      this.#init(built.run, built.lists, built.readConversation);
      return;
    }
    const [bytes, ext] = payload([part(data, "data")]);
    const run = JSON.parse(call(() => wasmFromData(bytes, ext)));
    const list = (v) => (Array.isArray(v) ? [...v] : []);
    run.messages = list(data.messages);
    this.#init(run, {
      toolCalls: list(data.toolCalls),
      spans: list(data.spans),
      widgetSnapshots: list(data.widgetSnapshots),
      format: null,
      diagnostics: [],
      // Members the caller added to usage and latency are kept, as the reference's copies keep them.
      usage: { ...data.usage, ...run.usage },
      latency: { ...data.latency, ...run.latency },
    });
  }

  #init(run, lists, readConversation) {
    this.prompt = run.prompt;
    this.text = run.text;
    this.format = lists.format;
    this.diagnostics = lists.diagnostics;
    this.#facts = factsOf(run);
    this.#toolCalls = lists.toolCalls;
    this.#kept = lists.kept;
    this.#conversation = readConversation ? undefined : conversation(run);
    this.#readConversation = readConversation;
    this.#toolFailure = run.toolFailure;
    this.#usage = lists.usage ?? run.usage;
    this.#latency = lists.latency ?? run.latency;
    this.#spans = lists.spans;
    this.#widgetSnapshots = lists.widgetSnapshots;
  }

  static #built(run, lists, readConversation) {
    return new PromptResult(undefined, { [BUILT]: true, run, lists, readConversation });
  }

  #talk() {
    if (this.#conversation === undefined) {
      this.#conversation = this.#readConversation();
      this.#readConversation = undefined;
    }
    return this.#conversation;
  }

  /** See traces.d.ts. */
  static from(data) {
    return new PromptResult(data);
  }

  /** See traces.d.ts. */
  static error(error, latency = 0, prompt = "", metadata) {
    const [bytes, ext] = payload([part(error, "error"), part(latency, "latency"), part(prompt, "prompt"), part(metadata, "metadata")]);
    const run = JSON.parse(call(() => wasmError(bytes, ext)));
    run.messages = [];
    const spans = Array.isArray(metadata?.spans) ? [...metadata.spans] : [];
    return PromptResult.#built(run, { toolCalls: [], spans, widgetSnapshots: [], format: null, diagnostics: [] });
  }

  /** See traces.d.ts. */
  static fromTrace(trace, options) {
    if (options !== undefined && options !== null && (typeof options !== "object" || Array.isArray(options))) {
      fail("INVALID_ARGUMENT", "options", "options must be an object { format? }");
    }
    const format = options?.format ?? "";
    if (typeof format !== "string") fail("INVALID_OPTION", "options.format", "format must be a trace format name");
    // The facts now, the calls when first read (from the run kept in wasm),
    // the conversation when first needed (a second read of the same text,
    // which the result keeps until then).
    const text = traceText(trace);
    const rec = { text, format, core: null, gen: undefined, freed: false };
    const run = JSON.parse(keptTraces.open(rec, "trace").head());
    const lists = {
      toolCalls: undefined,
      kept: rec,
      spans: run.spans,
      widgetSnapshots: run.widgetSnapshots,
      format: run.format,
      diagnostics: run.diagnostics,
    };
    const read = () => JSON.parse(call(() => wasmRead(payload([[text, false, "trace"]])[0], format, true)));
    const result = PromptResult.#built(run, lists, () => conversation(read()));
    keptTraces.track(result, rec);
    return result;
  }

  // The calls, read out of the kept run on first use.
  #calls() {
    if (this.#toolCalls === undefined) this.#toolCalls = JSON.parse(keptTraces.open(this.#kept, "result").toolCalls());
    return this.#toolCalls;
  }

  /**
   * evaluateToolCalls(expected, this, options) on the kept run (tool-calls.js):
   * the verdict's indices and the calls they index, or null when this result
   * keeps no run (made from data, or its calls already read: they cross as a list).
   */
  [EVALUATE_IN_PLACE](parts) {
    if (this.#kept === undefined || this.#toolCalls !== undefined) return null;
    const core = keptTraces.open(this.#kept, "actual");
    const [bytes, ext] = payload(parts);
    return { indices: call(() => core.evaluateToolCalls(bytes, ext)), calls: () => this.#calls() };
  }

  /** See traces.d.ts. */
  free() {
    if (this.#kept !== undefined) keptTraces.free(this.#kept);
  }

  /** See traces.d.ts. */
  static merge(results) {
    if (!Array.isArray(results)) fail("INVALID_ARGUMENT", "results", "results must be an array of PromptResult");
    results.forEach((r, i) => {
      if (!(r instanceof PromptResult)) fail("INVALID_ARGUMENT", `results[${i}]`, "not a PromptResult");
    });
    // The core decides the merged facts and each result's step offset
    // (PromptResult::merge_facts); here the caller's own lists are joined.
    const entries = results.map((r) => ({
      facts: { ...r.#facts, prompt: r.prompt, text: r.text },
      steps: r.#calls().reduce((n, c) => (c.step === undefined ? n : Math.max(n, c.step + 1)), 0),
      toolFailure: r.#toolFailure,
      format: r.format ?? null,
    }));
    const { format, offsets, ...run } = JSON.parse(call(() => wasmMerge(...payload([part(entries, "results")]))));
    const lists = { toolCalls: [], spans: [], widgetSnapshots: [], format, diagnostics: [], usage: run.usage, latency: run.latency };
    results.forEach((r, i) => {
      for (const c of r.#calls()) lists.toolCalls.push(c.step === undefined ? c : { ...c, step: c.step + offsets[i] });
      lists.spans.push(...r.#spans);
      lists.widgetSnapshots.push(...r.#widgetSnapshots);
      lists.diagnostics.push(...r.diagnostics);
    });
    run.usage = { ...run.usage };
    run.latency = { ...run.latency };
    const list = [...results];
    return PromptResult.#built(run, lists, () => {
      const out = { messages: [], user: [], assistant: [], tool: [] };
      for (const r of list) {
        const c = r.#talk();
        const at = out.messages.length;
        for (const role of ["user", "assistant", "tool"]) out[role].push(...c[role].map((i) => i + at));
        out.messages.push(...c.messages);
      }
      return out;
    });
  }

  /** See traces.d.ts. */
  getPrompt() {
    return this.prompt;
  }
  /** See traces.d.ts. */
  getMessages() {
    return [...this.#talk().messages];
  }
  /** See traces.d.ts. */
  getUserMessages() {
    const c = this.#talk();
    return c.user.map((i) => c.messages[i]);
  }
  /** See traces.d.ts. */
  getAssistantMessages() {
    const c = this.#talk();
    return c.assistant.map((i) => c.messages[i]);
  }
  /** See traces.d.ts. */
  getToolMessages() {
    const c = this.#talk();
    return c.tool.map((i) => c.messages[i]);
  }
  /** See traces.d.ts. */
  e2eLatencyMs() {
    return this.#latency.e2eMs;
  }
  /** See traces.d.ts. */
  llmLatencyMs() {
    return this.#latency.llmMs;
  }
  /** See traces.d.ts. */
  mcpLatencyMs() {
    return this.#latency.mcpMs;
  }
  /** See traces.d.ts. */
  getLatency() {
    return { ...this.#latency };
  }
  /** See traces.d.ts. */
  toolsCalled() {
    return this.#calls().map((c) => c.toolName);
  }
  /** See traces.d.ts. */
  getToolCalls() {
    return [...this.#calls()];
  }
  /** See traces.d.ts. */
  hasToolCall(toolName) {
    checkName(toolName);
    return this.#calls().some((c) => c.toolName === toolName);
  }
  /** See traces.d.ts. */
  getToolArguments(toolName) {
    checkName(toolName);
    return this.#calls().find((c) => c.toolName === toolName)?.arguments;
  }
  /** See traces.d.ts. */
  totalTokens() {
    return this.#usage.totalTokens;
  }
  /** See traces.d.ts. */
  inputTokens() {
    return this.#usage.inputTokens;
  }
  /** See traces.d.ts. */
  outputTokens() {
    return this.#usage.outputTokens;
  }
  /** See traces.d.ts. */
  getUsage() {
    return { ...this.#usage };
  }
  /** See traces.d.ts. */
  getWidgetSnapshots() {
    return [...this.#widgetSnapshots];
  }
  /** See traces.d.ts. */
  getSpans() {
    return [...this.#spans];
  }
  /** See traces.d.ts. */
  hasError() {
    return this.#facts.error !== undefined;
  }
  /** See traces.d.ts. */
  getError() {
    return this.#facts.error;
  }
  /** See traces.d.ts. */
  getProvider() {
    return this.#facts.provider;
  }
  /** See traces.d.ts. */
  getModel() {
    return this.#facts.model;
  }
  /** See traces.d.ts. */
  formatTrace() {
    return JSON.stringify(this.#talk().messages, null, 2);
  }

  /** See traces.d.ts. */
  toEvalResult(options) {
    // The core decides every defaulted value (and refuses options of the
    // wrong type); the lists and the options copied through are the
    // caller's own objects, as the reference returns them.
    const [bytes, ext] = payload([
      [JSON.stringify(this.#facts), false, "result"],
      [JSON.stringify(this.#toolFailure), false, "result"],
      encodeOptions(options, EVAL_OPTIONS, "options"),
    ]);
    const e = JSON.parse(call(() => wasmEval(bytes, ext)));
    const o = options || undefined;
    const spans = this.#spans;
    return {
      caseTitle: e.caseTitle,
      query: e.query,
      passed: e.passed,
      durationMs: e.durationMs,
      provider: e.provider,
      model: e.model,
      expectedToolCalls: o?.expectedToolCalls,
      actualToolCalls: this.#calls().map((c) => ({ toolName: c.toolName, arguments: c.arguments })),
      tokens: e.tokens,
      error: e.error,
      errorDetails: o?.errorDetails,
      trace: { messages: this.getMessages(), ...(spans.length > 0 ? { spans: [...spans] } : {}) },
      externalIterationId: o?.externalIterationId,
      externalCaseId: o?.externalCaseId,
      metadata: o?.metadata,
      isNegativeTest: o?.isNegativeTest,
      advancedConfig: o?.advancedConfig,
      widgetSnapshots: o?.widgetSnapshots ?? this.getWidgetSnapshots(),
    };
  }
}

// `using result = PromptResult.fromTrace(text)` where the platform has Symbol.dispose.
if (typeof Symbol.dispose === "symbol") {
  Object.defineProperty(PromptResult.prototype, Symbol.dispose, {
    value: function dispose() {
      this.free();
    },
    configurable: true,
    writable: true,
  });
}
