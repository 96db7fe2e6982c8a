// TestAgent (issue 12): the agent loop of @mcpjam/sdk's TestAgent/HostRunner
// over the Rust core's step state machine (src/agent/, in the traces module).
// This file only awaits what the core asks for (the caller's model, the
// caller's tools, the caller's stop predicates), races the deadlines the
// core sets, and wraps the finished record in PromptResult. It opens no
// connection of its own.

import { PromptResult } from "./traces.js"; // also compiles the traces module, which holds the loop
import { wasm as tracesWasm } from "./traces-wasm.js";
const {
  AgentLoop,
  agent_check_config: wasmCheckConfig,
  agent_check_tools: wasmCheckTools,
  agent_replay_steps: wasmReplaySteps,
  agent_total_ms: wasmTotalMs,
} = tracesWasm;
import { MatcherError, call, fail } from "./internal.js";
export { MatcherError } from "./errors.js";
export { EvalTest } from "./eval-test.js";

const STOP = Symbol("mcp-matchers.stopCondition");
const MAX_STEPS = 2 ** 32 - 1; // src/agent/mod.rs MAX_MAX_STEPS
// A value named in a message: numbers as written, a string quoted (cut at 40 characters), anything else by its type.
const shown = (v) => {
  if (typeof v === "number" || typeof v === "boolean" || v === undefined || v === null) return String(v);
  if (typeof v === "bigint") return `${v}n`;
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  return Array.isArray(v) ? "an array" : `a ${typeof v}`;
};
const REPLAY = Symbol("mcp-matchers.replayModel");

/** See agent.d.ts. */
export function hasToolCall(toolName) {
  if (typeof toolName !== "string" || toolName === "") fail("INVALID_ARGUMENT", "toolName", "hasToolCall needs a tool name (a non-empty string)");
  const cond = ({ steps }) => steps[steps.length - 1]?.toolCalls?.some((c) => c.toolName === toolName) ?? false;
  cond[STOP] = { kind: "hasToolCall", name: toolName };
  return cond;
}

/** See agent.d.ts. */
export function stepCountIs(stepCount) {
  // The core's domain (src/agent/mod.rs MAX_MAX_STEPS), stated as it states it.
  if (!Number.isInteger(stepCount) || stepCount < 1 || stepCount > MAX_STEPS) {
    fail("INVALID_ARGUMENT", "stepCount", `stepCountIs needs a whole number from 1 to ${MAX_STEPS} (2^32 - 1), got ${shown(stepCount)}`);
  }
  const cond = ({ steps }) => steps.length === stepCount;
  cond[STOP] = { kind: "stepCountIs", n: stepCount };
  return cond;
}

/** See agent.d.ts. */
export function replayModel(trace, options) {
  const result = trace instanceof PromptResult ? trace : PromptResult.fromTrace(trace, options);
  const steps = JSON.parse(call(() => wasmReplaySteps(JSON.stringify(result.getMessages()))));
  const model = async (request) => {
    const step = steps[request.stepIndex];
    if (step === undefined) throw new Error(`replayModel: the recorded trace has no step ${request.stepIndex + 1} (it has ${steps.length})`);
    return step;
  };
  model[REPLAY] = { steps: steps.length };
  return model;
}

// ---- reading the agent's options --------------------------------------------

const isObject = (v) => v !== null && typeof v === "object";

function readModel(model) {
  if (typeof model === "string") {
    fail(
      "INVALID_OPTION",
      "options.model",
      `a "provider/model" string (${JSON.stringify(model)}) is not supported: pass a model object instead ` +
        `(an AI SDK language model such as openai("gpt-4o") from @ai-sdk/openai, an async function (request) => response, ` +
        `or replayModel(trace)); this package holds no API keys and opens no connections`,
    );
  }
  if (typeof model === "function") return { kind: "function", call: (req) => model(req) };
  if (isObject(model) && typeof model.doGenerate === "function") {
    const spec = model.specificationVersion;
    if (spec !== undefined && spec !== "v2" && spec !== "v3") {
      fail("INVALID_OPTION", "options.model", `language model specificationVersion ${JSON.stringify(spec)} is not supported (v2 or v3)`);
    }
    const provider = typeof model.provider === "string" ? model.provider.split(".")[0] : undefined;
    const modelId = typeof model.modelId === "string" ? model.modelId : undefined;
    return { kind: "languageModel", call: (opts) => model.doGenerate(opts), provider, modelId };
  }
  fail("INVALID_OPTION", "options.model", `model must be a function (request) => response, an AI SDK LanguageModelV2/V3 object or replayModel(trace), got ${model === null ? "null" : typeof model}`);
}

function schemaOf(schema, path) {
  if (schema === undefined || schema === null) return undefined;
  if (!isObject(schema)) fail("INVALID_OPTION", path, "inputSchema must be a JSON Schema object, an AI SDK jsonSchema() or a Standard JSON Schema (e.g. Zod 4)");
  const std = schema["~standard"];
  if (isObject(std) && isObject(std.jsonSchema) && typeof std.jsonSchema.input === "function") {
    return std.jsonSchema.input({ target: "draft-2020-12" });
  }
  if (isObject(schema.jsonSchema) && !("type" in schema && typeof schema.type === "string")) return schema.jsonSchema; // AI SDK jsonSchema()
  if (isObject(std) || typeof schema.parse === "function") {
    fail("INVALID_OPTION", path, "this schema has no JSON Schema form (for Zod, use Zod 4.2+ or z.toJSONSchema(schema))");
  }
  return schema;
}

function isClient(tools) {
  return isObject(tools) && typeof tools.listTools === "function" && typeof tools.callTool === "function";
}

function readRecordTools(tools) {
  const entries = Array.isArray(tools) ? tools.map((t, i) => [t?.name, t, `options.tools[${i}]`]) : Object.entries(tools).map(([n, t]) => [n, t, `options.tools.${n}`]);
  const defs = [];
  const run = new Map();
  for (const [name, tool, path] of entries) {
    if (!isObject(tool)) fail("INVALID_OPTION", path, "a tool is an object { description, inputSchema, execute }");
    if (typeof name !== "string") fail("INVALID_OPTION", `${path}.name`, "a tool's name must be a string");
    if (tool.execute !== undefined && typeof tool.execute !== "function") fail("INVALID_OPTION", `${path}.execute`, "execute must be a function");
    if (tool.description !== undefined && typeof tool.description !== "string") fail("INVALID_OPTION", `${path}.description`, "description must be a string");
    defs.push({ name, description: tool.description ?? "", inputSchema: schemaOf(tool.inputSchema ?? tool.parameters, `${path}.inputSchema`) });
    if (tool.execute) run.set(name, (input, options) => tool.execute(input, options));
  }
  call(() => wasmCheckTools(JSON.stringify(defs))); // a name listed twice, as the loop reads them
  return { defs, run };
}

// Lists a client's tools, page by page. What the server answers is checked
// here, so that a bad answer ends the run as an error (prompt() never throws):
// a page without a `tools` list, a cursor given twice (it would loop
// forever), tools the loop cannot read (errors.js MatcherError, e.g. a name
// listed twice).
async function listClientTools(client) {
  const tools = [];
  const cursors = new Set();
  let cursor;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor });
    if (!isObject(page) || !Array.isArray(page.tools)) throw new Error(`listTools answered ${page === undefined ? "nothing" : "without a tools list"}`);
    tools.push(...page.tools);
    cursor = page.nextCursor;
    if (cursor !== undefined && cursor !== null && typeof cursor !== "string") throw new Error("listTools answered a nextCursor that is not a string");
    if (cursor && cursors.has(cursor)) throw new Error(`listTools answered the nextCursor ${JSON.stringify(cursor)} twice`);
    if (cursor) cursors.add(cursor);
  } while (cursor);
  if (tools.some((t) => !isObject(t))) throw new Error("listTools answered a tool that is not an object");
  call(() => wasmCheckTools(JSON.stringify(tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })))));
  const run = new Map();
  for (const t of tools) {
    run.set(t.name, (input, options) => client.callTool({ name: t.name, arguments: input }, undefined, { signal: options.abortSignal }));
  }
  return { defs: tools.map((t) => ({ name: t.name, description: t.description ?? "", inputSchema: t.inputSchema })), run };
}

function readTools(tools) {
  if (isClient(tools)) return null; // listed once, at the first prompt
  if (!isObject(tools)) {
    fail("INVALID_OPTION", "options.tools", "tools must be a record of tools { description, inputSchema, execute }, a list of tools, or an MCP client (listTools/callTool)");
  }
  return readRecordTools(tools);
}

function readStopWhen(stopWhen) {
  if (stopWhen === undefined || stopWhen === null) return [];
  const list = Array.isArray(stopWhen) ? stopWhen : [stopWhen];
  return list.map((c, i) => {
    if (typeof c !== "function") fail("INVALID_OPTION", Array.isArray(stopWhen) ? `options.stopWhen[${i}]` : "options.stopWhen", "a stop condition is a function ({ steps }) => boolean, e.g. hasToolCall(name) or stepCountIs(n)");
    return c;
  });
}

function readContext(context) {
  if (context === undefined || context === null) return [];
  const list = Array.isArray(context) ? context : [context];
  return list.flatMap((r, i) => {
    if (!isObject(r) || typeof r.getMessages !== "function") {
      fail("INVALID_OPTION", Array.isArray(context) ? `options.context[${i}]` : "options.context", "context must be a PromptResult or a list of them");
    }
    return r.getMessages();
  });
}

function readPromptOptions(options) {
  if (options === undefined || options === null) options = {};
  if (!isObject(options) || Array.isArray(options)) fail("INVALID_ARGUMENT", "options", "options must be an object");
  const signal = options.abortSignal;
  if (signal !== undefined && (!isObject(signal) || typeof signal.aborted !== "boolean" || typeof signal.addEventListener !== "function")) {
    fail("INVALID_OPTION", "options.abortSignal", "abortSignal must be an AbortSignal");
  }
  const stops = readStopWhen(options.stopWhen);
  const { timeout, timeoutMs } = options;
  if (timeout !== undefined && typeof timeout !== "number" && !isObject(timeout)) fail("INVALID_OPTION", "options.timeout", "timeout must be a number of ms or { totalMs, stepMs, chunkMs }");
  if (timeoutMs !== undefined && typeof timeoutMs !== "number") fail("INVALID_OPTION", "options.timeoutMs", "timeoutMs must be a number of ms");
  // NaN and ±Infinity have no JSON form; refused here rather than read as "no limit".
  const finite = (v, path) => {
    if (typeof v === "number" && !Number.isFinite(v)) fail("INVALID_OPTION", path, `${path.slice(8)} must be a finite number of ms, got ${v}`);
  };
  finite(timeout, "options.timeout");
  finite(timeoutMs, "options.timeoutMs");
  if (isObject(timeout)) for (const k of ["totalMs", "stepMs", "chunkMs"]) finite(timeout[k], `options.timeout.${k}`);
  const core = {
    contextMessages: readContext(options.context),
    stopWhen: stops.map((c, index) => c[STOP] ?? { kind: "custom", index }),
    stopAfterToolCall: options.stopAfterToolCall ?? null,
    timeout: timeout ?? null,
    timeoutMs: timeoutMs ?? null,
  };
  return { core, signal, stops };
}

// ---- the result ---------------------------------------------------------------

// The one place a finished record becomes a PromptResult: the record is the
// core's PromptResult (@mcpjam/sdk@1.14.0's PromptResultData, its calls
// TraceToolCalls with `kind`), so it goes in through PromptResult.from; why
// the loop ended is kept beside it.
function toPromptResult(record) {
  const { stopReason, ...data } = record;
  const result = PromptResult.from(data);
  Object.defineProperty(result, "stopReason", { value: stopReason, enumerable: false });
  return result;
}

// ---- the loop -------------------------------------------------------------------

function reasonText(reason) {
  if (reason instanceof Error) return reason.message;
  return reason === undefined ? "This operation was aborted" : String(reason);
}

const TIMEOUT = Symbol("timeout");
const MAX_TIMER_MS = 2 ** 31 - 1;
const ABORT = Symbol("abort");

// Waits for `work` unless the deadline (ms from the start) passes or the signal aborts first.
function race(work, deadline, now, signal) {
  const waits = [Promise.resolve(work).then((value) => ({ value }), (error) => ({ error }))];
  let timer;
  let onAbort;
  if (deadline !== null && deadline !== undefined) {
    // setTimeout holds at most 2^31 - 1 ms; a later deadline re-arms it.
    waits.push(new Promise((res) => {
      const arm = () => {
        const left = Math.max(0, Math.ceil(deadline - now()) + 1);
        timer = left > MAX_TIMER_MS ? setTimeout(arm, MAX_TIMER_MS) : setTimeout(() => res({ stop: TIMEOUT }), left);
      };
      arm();
    }));
  }
  if (signal) waits.push(new Promise((res) => { onAbort = () => res({ stop: ABORT }); signal.addEventListener("abort", onAbort, { once: true }); }));
  return Promise.race(waits).finally(() => {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener("abort", onAbort);
  });
}

// What a tool's rejection reads as: AI SDK's getErrorMessage
// (@ai-sdk/provider-utils@4.0.65, the one ai@6.0.326 uses,
// src/get-error-message.ts), which generateText uses for the error-text a
// model sees after a tool throws: null/undefined is
// "unknown error", a string itself, an Error its message, anything else its
// JSON; a value JSON.stringify cannot write (a BigInt) falls back to String().
function errorMessage(e) {
  if (e === null || e === undefined) return "unknown error";
  if (typeof e === "string") return e;
  if (e instanceof Error) return e.message;
  try {
    const text = JSON.stringify(e);
    if (text !== undefined) return text;
  } catch {}
  try {
    return String(e);
  } catch {
    return Object.prototype.toString.call(e);
  }
}

// The model's answer as JSON text, or null when it has none (a BigInt, a
// cycle: then `why` is the reason). Token counts JSON cannot carry (NaN,
// ±Infinity, e.g. a provider's sum over a missing field) are sent as their
// text, so that the core refuses them by name (src/agent/model.rs) instead
// of reading null as "left out".
function answerText(value) {
  if (typeof value !== "object" || value === null) return { text: "null" }; // the core: "the model must answer with an object"
  const usage = isObject(value) ? value.usage : undefined;
  const holders = new Set(isObject(usage) ? [usage, usage.inputTokens, usage.outputTokens].filter(isObject) : []);
  try {
    return { text: JSON.stringify(value, function (key, v) { return typeof v === "number" && !Number.isFinite(v) && holders.has(this) ? String(v) : v; }) };
  } catch (e) {
    return { why: errorMessage(e) };
  }
}

// The tools' outcomes as JSON text, one at a time: a result with no JSON
// form (a BigInt, a cycle) becomes `{ unsupported: why }`, which the core
// turns into that call's UNSUPPORTED_VALUE error result (src/agent/json.rs).
function outcomesText(outcomes) {
  return `[${outcomes.map((o) => {
    try {
      return JSON.stringify(o);
    } catch (e) {
      return JSON.stringify({ unsupported: errorMessage(e), startMs: o.startMs, endMs: o.endMs });
    }
  }).join(",")}]`;
}

async function drive(loop, ctx) {
  const { model, run, stops, signal, now } = ctx;
  const inner = new AbortController();
  const abortMessage = () => reasonText(signal.reason);
  const step = (json) => JSON.parse(json);
  let action = step(loop.start(now()));
  try {
    while (action.kind !== "done") {
      if (signal?.aborted) {
        action = step(loop.failed(abortMessage(), now()));
        break;
      }
      if (action.kind === "callModel") {
        const req = { ...action.request, abortSignal: inner.signal };
        const r = await race(new Promise((res) => res(model.call(req))), action.deadlineMs, now, signal);
        if (r.stop === TIMEOUT) action = step(loop.timed_out(now()));
        else if (r.stop === ABORT) action = step(loop.failed(abortMessage(), now()));
        else if ("error" in r) action = step(loop.failed(reasonText(r.error), now()));
        else {
          const answer = answerText(r.value);
          action = step(answer.text === undefined ? loop.model_unreadable(answer.why, now()) : loop.model_responded(answer.text, now()));
        }
      } else if (action.kind === "executeTools") {
        const runs = action.calls.map(async (c) => {
          const startMs = now();
          const exec = run.get(c.toolName);
          try {
            if (!exec) throw new Error(`tool ${c.toolName} has no execute function`);
            const output = await exec(c.input, { toolCallId: c.toolCallId, messages: [], abortSignal: inner.signal });
            return { output, thrown: false, startMs, endMs: now() };
          } catch (e) {
            return { output: errorMessage(e), thrown: true, startMs, endMs: now() };
          }
        });
        const r = await race(Promise.all(runs), action.deadlineMs, now, signal);
        if (r.stop === TIMEOUT) action = step(loop.timed_out(now()));
        else if (r.stop === ABORT) action = step(loop.failed(abortMessage(), now()));
        else action = step(loop.tools_finished(outcomesText(r.value), now()));
      } else if (action.kind === "checkStop") {
        let stop = false;
        try {
          for (const i of action.conditions) {
            if (await stops[i]({ steps: action.steps })) { stop = true; break; }
          }
          action = step(loop.stop_checked(stop, now()));
        } catch (e) {
          action = step(loop.failed(reasonText(e), now()));
        }
      } else {
        action = step(loop.failed(`unknown action ${action.kind}`, now()));
      }
    }
  } finally {
    inner.abort(new Error("the prompt ended"));
    loop.free();
  }
  return action.result;
}

/** See agent.d.ts. */
export class TestAgent {
  #model;
  #tools; // { defs, run } or null until a client's tools are listed
  #client;
  #config;
  #history = [];
  #last;
  #options;

  /** See agent.d.ts. */
  constructor(options) {
    if (!isObject(options) || Array.isArray(options)) fail("INVALID_ARGUMENT", "options", "options must be an object { tools, model, systemPrompt?, temperature?, maxSteps? }");
    this.#options = { ...options };
    this.#model = readModel(options.model);
    this.#tools = readTools(options.tools);
    this.#client = this.#tools === null ? options.tools : undefined;
    for (const k of ["systemPrompt", "provider", "modelName"]) {
      if (options[k] !== undefined && typeof options[k] !== "string") fail("INVALID_OPTION", `options.${k}`, `${k} must be a string`);
    }
    for (const k of ["temperature", "maxSteps"]) {
      if (options[k] !== undefined && typeof options[k] !== "number") fail("INVALID_OPTION", `options.${k}`, `${k} must be a number`);
    }
    // NaN and ±Infinity have no JSON form, so they are refused here, in the
    // core's words (src/agent/json.rs config_from_json); the core checks every
    // other number's domain.
    const { maxSteps, temperature } = options;
    if (typeof maxSteps === "number" && !Number.isFinite(maxSteps)) fail("INVALID_OPTION", "options.maxSteps", `maxSteps must be a whole number from 1 to ${MAX_STEPS} (2^32 - 1), got ${maxSteps}`);
    if (typeof temperature === "number" && !Number.isFinite(temperature)) fail("INVALID_OPTION", "options.temperature", "temperature must be a number from 0 to 2");
    this.#config = {
      systemPrompt: options.systemPrompt,
      temperature,
      maxSteps,
      // The caller's (a string, checked above), else the language model's.
      provider: options.provider !== undefined ? options.provider : this.#model.provider,
      modelName: options.modelName !== undefined ? options.modelName : this.#model.modelId,
      modelKind: this.#model.kind,
    };
    call(() => wasmCheckConfig(JSON.stringify(this.#config)));
  }

  /** See agent.d.ts. */
  async prompt(message, options) {
    if (typeof message !== "string") fail("INVALID_ARGUMENT", "message", `message must be a string, got ${typeof message}`);
    const { core, signal, stops } = readPromptOptions(options);
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    const newLoop = (defs) => call(() => new AgentLoop(JSON.stringify(this.#config), JSON.stringify(defs), message, JSON.stringify(core)));
    if (this.#tools === null) {
      // Listing counts against the prompt's time limit and its abortSignal.
      const totalMs = call(() => wasmTotalMs(JSON.stringify(core)));
      const listed = signal?.aborted ? { stop: ABORT } : await race(listClientTools(this.#client), totalMs ?? null, now, signal);
      if ("value" in listed) this.#tools = listed.value;
      else {
        // The run fails as the core records failures (no model call was made).
        const loop = newLoop([]);
        loop.start(now());
        const why = listed.stop === ABORT ? reasonText(signal.reason) : `listing the MCP client's tools failed: ${reasonText(listed.error)}`;
        const done = JSON.parse(listed.stop === TIMEOUT ? loop.timed_out(now()) : loop.failed(why, now()));
        loop.free();
        return this.#remember(toPromptResult(done.result));
      }
    }
    const loop = newLoop(this.#tools.defs);
    let record;
    try {
      record = await drive(loop, { model: this.#model, run: this.#tools.run, stops, signal, now });
    } catch (e) {
      // prompt() never throws (the seed): a trap in the loop (MatcherError
      // INTERNAL, the module restarted, errors.js guard) ends this run as an error.
      if (e instanceof MatcherError && e.code === "INTERNAL") return this.#remember(PromptResult.error(e.message, now(), message));
      throw e;
    }
    return this.#remember(toPromptResult(record));
  }

  /** See agent.d.ts: `HostRunner.withOptions`. */
  withOptions(options) {
    if (options !== undefined && (options === null || typeof options !== "object")) fail("INVALID_ARGUMENT", "options", "options must be an object");
    const copy = new TestAgent({ ...this.#options, ...options });
    if (options?.tools === undefined && this.#tools !== null) copy.#tools = this.#tools; // a client's tools stay listed
    return copy;
  }

  /** See agent.d.ts: `HostRunner.run`, the same as `prompt`. */
  run(message, options) {
    return this.prompt(message, options);
  }

  #remember(result) {
    this.#last = result;
    this.#history.push(result);
    return result;
  }

  /** See agent.d.ts. */
  toolsCalled() {
    return this.#last ? this.#last.toolsCalled() : [];
  }
  /** See agent.d.ts. */
  getLastResult() {
    return this.#last;
  }
  /** See agent.d.ts. */
  getPromptHistory() {
    return [...this.#history];
  }
  /** See agent.d.ts. */
  resetPromptHistory() {
    this.#history = [];
    this.#last = undefined;
  }
  /** See agent.d.ts. */
  getSystemPrompt() {
    return this.#config.systemPrompt ?? "You are a helpful assistant.";
  }
  /** See agent.d.ts. */
  getTemperature() {
    return this.#config.temperature;
  }
  /** See agent.d.ts. */
  getMaxSteps() {
    return this.#config.maxSteps ?? 10;
  }
}
