// EvalTest (issue 12 item 4): runs a test function over many iterations of
// an agent, as @mcpjam/sdk@1.14.0's EvalTest (dist/index.js section
// src/EvalTest.ts): concurrency (default 5), retries (default 0, waits of
// 100·2^attempt ms between attempts), a per-iteration timeout (default
// 30,000 ms, which aborts the iteration's prompts), onProgress(completed,
// total). The aggregates (counts, token sums, latency statistics) are
// computed by the Rust core (src/agent/eval.rs); this file runs the
// iterations and keeps their PromptResults.

import { wasm as tracesWasm } from "./traces-wasm.js";
const { agent_aggregate: wasmAggregate } = tracesWasm;
import { fail } from "./internal.js";

const GRACE_MS = 1000;

function verdict(v) {
  if (v !== null && typeof v === "object" && typeof v.passed === "boolean") return v.passed; // an evaluateToolCalls result
  return v === true;
}

function anySignal(a, b) {
  if (!a) return b;
  if (!b) return a;
  if (a.aborted) return AbortSignal.abort(a.reason);
  if (b.aborted) return AbortSignal.abort(b.reason);
  const c = new AbortController();
  const on = (s) => () => c.abort(s.reason);
  a.addEventListener("abort", on(a), { once: true });
  b.addEventListener("abort", on(b), { once: true });
  return c.signal;
}

// A fresh agent per iteration (its own prompt history), whose prompts the iteration's timeout aborts.
function iterationAgent(agent, signal) {
  const own = typeof agent.withOptions === "function" ? agent.withOptions({}) : agent;
  if (typeof own.resetPromptHistory === "function" && own === agent) own.resetPromptHistory();
  const run = (message, options) => own.run(message, { ...options, abortSignal: anySignal(options?.abortSignal, signal) });
  return { run, prompt: run, getPromptHistory: () => own.getPromptHistory?.() ?? [], resetPromptHistory: () => own.resetPromptHistory?.() };
}

function metrics(prompts) {
  const num = (r, f) => (typeof r[f] === "function" ? r[f]() : r.usage?.[f]) ?? 0;
  return {
    latencies: prompts.map((r) => (typeof r.getLatency === "function" ? r.getLatency() : r.latency) ?? { e2eMs: 0, llmMs: 0, mcpMs: 0 }),
    tokens: {
      total: prompts.reduce((s, r) => s + num(r, "totalTokens"), 0),
      input: prompts.reduce((s, r) => s + num(r, "inputTokens"), 0),
      output: prompts.reduce((s, r) => s + num(r, "outputTokens"), 0),
    },
    prompts,
  };
}

const positiveInt = (v, path, min) => {
  if (v !== undefined && (!Number.isInteger(v) || v < min)) fail("INVALID_OPTION", path, `${path.split(".").pop()} must be a whole number ≥ ${min}`);
};

/** See agent.d.ts. */
export class EvalTest {
  #config;
  #last = null;

  /** See agent.d.ts. */
  constructor(config) {
    if (config === null || typeof config !== "object") fail("INVALID_ARGUMENT", "config", "config must be an object { name, test }");
    if (typeof config.test !== "function") fail("INVALID_OPTION", "config.test", "Invalid config: must provide 'test' function");
    if (config.name !== undefined && typeof config.name !== "string") fail("INVALID_OPTION", "config.name", "name must be a string");
    this.#config = config;
  }

  /** See agent.d.ts. */
  async run(agent, options) {
    if (agent === null || typeof agent !== "object" || typeof agent.run !== "function") fail("INVALID_ARGUMENT", "agent", "agent must be a TestAgent (or anything with run())");
    if (options === null || typeof options !== "object") fail("INVALID_ARGUMENT", "options", "options must be an object { iterations }");
    positiveInt(options.iterations, "options.iterations", 1);
    if (options.iterations === undefined) fail("INVALID_OPTION", "options.iterations", "iterations must be a whole number ≥ 1");
    positiveInt(options.concurrency, "options.concurrency", 1);
    positiveInt(options.retries, "options.retries", 0);
    if (options.timeoutMs !== undefined && !(typeof options.timeoutMs === "number" && options.timeoutMs >= 0)) fail("INVALID_OPTION", "options.timeoutMs", "timeoutMs must be a number of ms ≥ 0");
    if (options.onProgress !== undefined && typeof options.onProgress !== "function") fail("INVALID_OPTION", "options.onProgress", "onProgress must be a function");
    if (options.onFailure !== undefined && typeof options.onFailure !== "function") fail("INVALID_OPTION", "options.onFailure", "onFailure must be a function");
    const { iterations: total, concurrency = 5, retries = 0, timeoutMs = 30_000, onProgress } = options;
    const test = this.#config.test;
    let completed = 0;
    let free = concurrency;
    const waiting = [];
    const acquire = () => (free > 0 ? (free--, Promise.resolve()) : new Promise((res) => waiting.push(res)));
    const release = () => (waiting.length ? waiting.shift()() : free++);

    const once = async () => {
      await acquire();
      try {
        let lastError;
        let a;
        for (let attempt = 0; attempt <= retries; attempt++) {
          const controller = new AbortController();
          const timeoutError = new Error(`Operation timed out after ${timeoutMs}ms`);
          let timedOut = false;
          let t1;
          let t2;
          try {
            a = iterationAgent(agent, controller.signal);
            const hard = new Promise((_, rej) => {
              t1 = setTimeout(() => {
                timedOut = true;
                controller.abort(timeoutError);
                t2 = setTimeout(() => rej(timeoutError), GRACE_MS);
              }, timeoutMs);
            });
            const passed = verdict(await Promise.race([Promise.resolve().then(() => test(a)), hard]));
            return { passed, ...metrics(a.getPromptHistory()), ...(timedOut && !passed ? { error: timeoutError.message } : {}), retryCount: attempt };
          } catch (e) {
            lastError = e instanceof Error ? e.message : String(e);
            if (attempt < retries) await new Promise((res) => setTimeout(res, 100 * 2 ** attempt));
          } finally {
            clearTimeout(t1);
            clearTimeout(t2);
          }
        }
        return { passed: false, ...metrics(a?.getPromptHistory() ?? []), error: lastError, retryCount: retries };
      } finally {
        release();
        completed++;
        onProgress?.(completed, total);
      }
    };
    const details = await Promise.all(Array.from({ length: total }, once));
    const agg = JSON.parse(wasmAggregate(JSON.stringify(details.map(({ passed, latencies, tokens }) => ({ passed, latencies, tokens })))));
    this.#last = { ...agg, iterationDetails: details };
    if (options.onFailure && agg.failures > 0) options.onFailure(this.getFailureReport());
    return this.#last;
  }

  // Before run(), the reference (@mcpjam/sdk@1.14.0 EvalTest) throws
  // `No run results available. Call run() first.` from every aggregate but
  // getResults() (null); here the same words, as a coded MatcherError naming
  // the method called.
  #need(method) {
    if (!this.#last) fail("INVALID_ARGUMENT", "this", `${method}(): No run results available. Call run() first.`);
    return this.#last;
  }
  /** See agent.d.ts. */
  accuracy() {
    const r = this.#need("accuracy");
    return r.successes / r.iterations;
  }
  /** See agent.d.ts: as the reference, the accuracy. */
  recall() {
    this.#need("recall");
    return this.accuracy();
  }
  /** See agent.d.ts: as the reference, the accuracy. */
  precision() {
    this.#need("precision");
    return this.accuracy();
  }
  /** See agent.d.ts. */
  truePositiveRate() {
    this.#need("truePositiveRate");
    return this.recall();
  }
  /** See agent.d.ts. */
  falsePositiveRate() {
    const r = this.#need("falsePositiveRate");
    return r.failures / r.iterations;
  }
  /** See agent.d.ts. */
  averageTokenUse() {
    const r = this.#need("averageTokenUse");
    return r.iterations === 0 ? 0 : r.tokenUsage.total / r.iterations;
  }
  /** See agent.d.ts. */
  getResults() {
    return this.#last;
  }
  /** See agent.d.ts. */
  getName() {
    return this.#config.name;
  }
  /** See agent.d.ts. */
  getConfig() {
    return this.#config;
  }
  /** See agent.d.ts. */
  getAllIterations() {
    return [...this.#need("getAllIterations").iterationDetails];
  }
  /** See agent.d.ts. */
  getFailedIterations() {
    return this.#need("getFailedIterations").iterationDetails.filter((r) => !r.passed);
  }
  /** See agent.d.ts. */
  getSuccessfulIterations() {
    return this.#need("getSuccessfulIterations").iterationDetails.filter((r) => r.passed);
  }
  /** See agent.d.ts. */
  getFailureReport() {
    this.#need("getFailureReport");
    const failed = this.getFailedIterations();
    if (failed.length === 0) return "No failures.";
    const trace = (p) => (typeof p.formatTrace === "function" ? p.formatTrace() : JSON.stringify(p.getMessages(), null, 2));
    return failed
      .map((it, i) => {
        const header = `=== Failed Iteration ${i + 1}/${failed.length} ===`;
        const error = it.error ? `Error: ${it.error}` : "";
        const traces = (it.prompts ?? []).map((p, j) => `--- Prompt ${j + 1} ---\n${trace(p)}`).join("\n\n");
        return [header, error, traces].filter(Boolean).join("\n");
      })
      .join("\n\n");
  }
}
