// Judge, custom predicates and eval datasets of
// @gleanwork/mcp-server-tester@1.1.0 (dist/index.js: BUILT_IN_RUBRICS,
// resolveRubric, buildJudgePrompt, parseJudgeResponse, validateJudge,
// validateEvalDataset, runExpectBlockValidations, runEvalCase,
// runEvalDataset), over the Rust core (src/responses/judge.rs, dataset.rs).
//
// No network code: the model call and the tool call are the caller's async
// functions. Only the awaiting lives here; rubrics, prompts, verdict parsing,
// scoring and dataset rules are in the core.

// The responses module (started by responses.js, imported below).
import { responses_constants as wasmConstants, responses_evals as wasmEvals, validate_eval_dataset as wasmDataset } from "./wasm/responses.js";
import { MatcherError, call, fail, payload } from "./internal.js";
export { MatcherError } from "./errors.js";
import { isStandardSchema, schemaVerdict, validatableValue } from "./schema-core.js";
import {
  matchSnapshot,
  validateError,
  validatePattern,
  validateResponse,
  validateSize,
  validateText,
  validateToolCallCount,
  validateToolCalls,
  extractText,
} from "./responses.js";

function evals(kind, args, path = "arguments") {
  let text;
  try {
    text = JSON.stringify(args);
  } catch (e) {
    fail("UNSUPPORTED_VALUE", path, `the value has no JSON form (${e && e.message})`);
  }
  const [bytes] = payload([[text, false, path]]);
  return JSON.parse(call(() => wasmEvals(kind, bytes)));
}

/** See evals.d.ts. */
export const BUILT_IN_RUBRICS = Object.freeze(Object.fromEntries(JSON.parse(wasmConstants()).rubrics));

/** See evals.d.ts. */
export function resolveRubric(rubric) {
  if (typeof rubric === "string") {
    if (Object.hasOwn(BUILT_IN_RUBRICS, rubric)) return BUILT_IN_RUBRICS[rubric];
    return fail("INVALID_OPTION", "rubric", `unknown rubric "${rubric}" (expected one of ${Object.keys(BUILT_IN_RUBRICS).join(", ")}, or { text })`);
  }
  if (rubric !== null && typeof rubric === "object" && typeof rubric.text === "string" && rubric.text !== "") return rubric.text;
  return fail("INVALID_ARGUMENT", "rubric", "expected a built-in rubric name or { text }");
}

// JSON.stringify(v, null, 2) for non-strings, as the reference's prompt.
function asText(v, path) {
  if (typeof v === "string") return v;
  try {
    const t = JSON.stringify(v, null, 2);
    return t === undefined ? String(v) : t;
  } catch (e) {
    return fail("UNSUPPORTED_VALUE", path, `the value has no JSON form (${e && e.message})`);
  }
}

/** See evals.d.ts. */
export function buildJudgePrompt(candidate, reference, rubric) {
  const ref = reference === null || reference === undefined ? null : asText(reference, "reference");
  const r = typeof rubric === "string" && !Object.hasOwn(BUILT_IN_RUBRICS, rubric) ? { text: rubric } : rubric;
  return evals(1, [asText(candidate, "candidate"), ref, r]);
}

/** See evals.d.ts. */
export function parseJudgeVerdict(text) {
  if (typeof text !== "string") fail("INVALID_ARGUMENT", "verdict", "expected the model's reply as a string");
  return evals(2, [text]);
}

// The message of anything a caller's function threw: an Error's message, a
// thrown object's string `message`, else its string form (never throws).
function errorMessage(e) {
  if (e instanceof Error) return e.message;
  if (e !== null && typeof e === "object" && typeof e.message === "string") return e.message;
  try {
    return String(e);
  } catch {
    return Object.prototype.toString.call(e);
  }
}

// One verdict from the caller's judge: a reply string (parsed here) or an
// object { score, pass?, reasoning? } (checked by the same parser).
async function askJudge(judge, prompt, context) {
  const reply = await judge(prompt, context);
  if (typeof reply === "string") return parseJudgeVerdict(reply);
  if (reply !== null && typeof reply === "object") return evals(2, [JSON.stringify(reply)]);
  return fail("INVALID_ARGUMENT", "verdict", "the judge must return a string or { score, reasoning }");
}

/** See evals.d.ts. */
export async function validateJudge(response, config, judge, options = {}) {
  const plan = evals(3, [config, options.judgeReps ?? null, "config"]);
  const reference = config.reference !== undefined ? config.reference : options.canonicalAnswer;
  if (plan.judge !== null) {
    const executor = options.judges?.[plan.judge];
    const name = plan.judge;
    if (typeof executor !== "function") {
      return { pass: false, message: `Custom judge "${name}" error: Judge "${name}" is not registered.` };
    }
    try {
      const r = await executor(response, reference ?? undefined);
      const pass = r.score >= plan.threshold;
      return {
        pass,
        message: pass
          ? `Custom judge "${name}" passed with score ${r.score.toFixed(2)}`
          : `Custom judge "${name}" failed with score ${r.score.toFixed(2)} (threshold: ${plan.threshold}). ${r.reasoning ?? ""}`,
      };
    } catch (e) {
      return { pass: false, message: `Custom judge "${name}" error: ${errorMessage(e)}` };
    }
  }
  if (typeof judge !== "function") {
    return { pass: false, message: "Judge evaluation error: no judge function supplied" };
  }
  const ref = reference === null || reference === undefined ? null : asText(reference, "config.reference");
  const prompt = evals(1, [asText(response, "response"), ref, { text: plan.rubric }]);
  const scores = [];
  let reasoning = "";
  try {
    for (let i = 0; i < plan.reps; i++) {
      const v = await askJudge(judge, prompt, { candidate: response, reference: reference ?? null, rubric: plan.rubric });
      scores.push(v.score);
      reasoning = v.reasoning;
    }
  } catch (e) {
    return { pass: false, message: `Judge evaluation error: ${errorMessage(e)}` };
  }
  return evals(4, [scores, plan.threshold, reasoning]);
}

/** See evals.d.ts. */
export async function validatePredicate(response, predicate, description) {
  if (typeof predicate !== "function") fail("INVALID_ARGUMENT", "predicate", "expected a function (response, text)");
  const label = description ?? "custom predicate";
  let out;
  try {
    out = await predicate(response, extractText(response));
  } catch (e) {
    return { pass: false, message: `${label}: Predicate threw error: ${errorMessage(e)}` };
  }
  if (typeof out === "boolean") out = { pass: out, message: out ? "Predicate passed" : "Predicate returned false" };
  if (out === null || typeof out !== "object" || typeof out.pass !== "boolean") {
    return { pass: false, message: `${label}: the predicate returned neither a boolean nor { pass, message }` };
  }
  if (out.pass) return { pass: true, message: out.message ?? `Response satisfies ${label}` };
  return { pass: false, message: `${label}: ${out.message ?? `Expected response to satisfy ${label}`}` };
}

/** See evals.d.ts. */
export function validateEvalDataset(json) {
  let text;
  try {
    text = JSON.stringify(json) ?? "null";
  } catch (e) {
    fail("UNSUPPORTED_VALUE", "dataset", `the value has no JSON form (${e && e.message})`);
  }
  call(() => wasmDataset(...payload([[text, false, "dataset"]])));
  return json;
}

function asList(v) {
  return Array.isArray(v) ? v : [v];
}

// A registry entry is a Standard Schema object (Zod 3.24+/4, Valibot,
// ArkType, jsonSchema()) or a JSON Schema document; the latter loads the
// separate schema module (mcp-matchers/schema) the first time one is used.
async function checkSchema(name, response, schemas) {
  const schema = schemas !== null && typeof schemas === "object" && Object.hasOwn(schemas, name) ? schemas[name] : undefined;
  if (schema === undefined || schema === null) return { pass: false, message: `Schema "${name}" not found in schemas registry` };
  let std = schema;
  if (!isStandardSchema(schema)) {
    if (typeof schema !== "object" && typeof schema !== "boolean") {
      fail("INVALID_ARGUMENT", `options.schemas.${name}`, "expected a Standard Schema object or a JSON Schema document");
    }
    const { jsonSchema } = await import("./schema.js");
    try {
      std = jsonSchema(schema);
    } catch (e) {
      if (e instanceof MatcherError) fail(e.code, `options.schemas.${name}${e.path === "schema" ? "" : e.path.replace(/^schema/, "")}`, e.message.replace(/ \(at [^)]*\)$/, ""));
      throw e;
    }
  }
  return schemaVerdict(await std["~standard"].validate(validatableValue(response)), response);
}

async function checkSnapshot(block, response, snapshots) {
  const name = block.snapshot;
  const stored = typeof snapshots === "function" ? await snapshots(name) : snapshots?.[name];
  if (stored === undefined || stored === null) {
    return { pass: false, message: `No stored snapshot "${name}"` };
  }
  const m = matchSnapshot(response, stored, block.snapshotSanitizers ?? []);
  return m.pass
    ? { pass: true, message: `Matches snapshot "${name}"` }
    : { pass: false, message: `Snapshot "${name}" differs:\n${m.diff.trimEnd()}`, details: { diff: m.diff } };
}

async function checkJudges(block, response, options) {
  const entries = asList(block.passesJudge);
  const results = await Promise.all(entries.map((j) => validateJudge(response, j, options.judge, options)));
  if (results.length === 1) return results[0];
  const passed = results.filter((r) => r.pass).length;
  return { pass: passed === results.length, message: `${passed}/${results.length} judges passed`, details: { judgeResults: results } };
}

/** See evals.d.ts. */
export async function evaluateExpectations(expectBlock, response, options = {}) {
  const b = expectBlock;
  if (b === null || typeof b !== "object" || Array.isArray(b)) fail("INVALID_ARGUMENT", "expectBlock", "expected an object");
  const out = {};
  const sync = (key, f) => {
    out[key] = f();
  };
  if (b.response !== undefined) sync("exact", () => validateResponse(response, b.response));
  if (b.schema !== undefined) out.schema = await checkSchema(b.schema, response, options.schemas);
  if (b.containsText !== undefined) sync("textContains", () => validateText(response, b.containsText));
  if (b.matchesPattern !== undefined) sync("regex", () => validatePattern(response, b.matchesPattern));
  if (b.isError !== undefined) sync("error", () => validateError(response, b.isError));
  if (b.responseSize !== undefined) sync("size", () => validateSize(response, b.responseSize));
  if (b.toolsTriggered !== undefined) sync("toolsTriggered", () => validateToolCalls(response, b.toolsTriggered));
  if (b.toolCallCount !== undefined) sync("toolCallCount", () => validateToolCallCount(response, b.toolCallCount));
  if (b.passesJudge !== undefined) out.judge = await checkJudges(b, response, options);
  if (b.snapshot !== undefined) out.snapshot = await checkSnapshot(b, response, options.snapshots);
  if (b.predicate !== undefined) out.predicate = await validatePredicate(response, b.predicate, b.predicateDescription);
  return out;
}

// isInfrastructureError of the reference: a failure of the environment
// (network, rate limit, context overflow), not of the server under test.
function isInfrastructureError(err) {
  let name;
  let msg;
  let code = "";
  if (err instanceof Error || (err !== null && typeof err === "object" && typeof err.message === "string")) {
    name = typeof err.name === "string" ? err.name : undefined;
    msg = err.message.toLowerCase();
    code = typeof err.code === "string" ? err.code.toLowerCase() : "";
  } else if (typeof err === "string") {
    msg = err.toLowerCase();
  } else {
    return false;
  }
  const needles = ["econnreset", "etimedout", "econnrefused", "rate limit", "429", "503", "network", "prompt is too long", "context length exceeded", "maximum context length", "context_length_exceeded", "tokens > "];
  return name?.toLowerCase() === "aborterror" || needles.some((n) => msg.includes(n)) || ["econnreset", "etimedout", "econnrefused"].some((n) => code.includes(n));
}

// The reference's wilsonCI (95 %; for k passes of n it centres on (k + z²/2) / (n + z²), an
// adjusted-Wald/Agresti-Coull form rather than the textbook Wilson bounds); undefined below n = 2.
function wilsonCI(k, n) {
  if (n < 2) return undefined;
  const z = 1.96;
  const z2 = z * z;
  const nn = n + z2;
  const p = (k + z2 / 2) / nn;
  const margin = z * Math.sqrt((p * (1 - p)) / nn);
  return { lower: Math.max(0, p - margin), upper: Math.min(1, p + margin) };
}

async function runOnce(c, dataset, callTool, options, schemas) {
  const t0 = Date.now();
  let response;
  let error;
  let thrown;
  try {
    if (c.mode === "mcp_host") {
      // The caller simulates the host and returns { success, toolCalls }.
      response = await callTool(c.toolName ?? null, c.args ?? {}, c);
    } else {
      if (!c.toolName) throw new Error(`Eval case ${c.id}: toolName is required for direct mode`);
      if (!c.args) throw new Error(`Eval case ${c.id}: args is required for direct mode`);
      response = await callTool(c.toolName, c.args, c);
    }
  } catch (e) {
    thrown = e;
    error = errorMessage(e);
  }
  let expectations = {};
  if (error === undefined && c.expect) {
    try {
      expectations = await evaluateExpectations(c.expect, response, { ...options, schemas, judgeReps: c.judgeReps, canonicalAnswer: c.canonicalAnswer });
    } catch (e) {
      // A response that cannot be judged (no JSON form, too deep or large) fails its case; a malformed call still throws.
      if (!(e instanceof MatcherError && e.path.startsWith("response"))) throw e;
      error = `the response cannot be judged: ${e.message}`;
    }
  }
  const result = {
    id: c.id,
    datasetName: dataset.name,
    toolName: c.toolName ?? "unknown",
    pass: error === undefined && Object.values(expectations).every((r) => r === undefined || r.pass),
    response,
    error,
    expectations,
    durationMs: Date.now() - t0,
    tags: c.tags,
  };
  const metrics = expectations.toolsTriggered?.metrics;
  if (metrics) {
    result.toolPrecision = metrics.precision;
    result.toolRecall = metrics.recall;
  }
  return { result, thrown };
}

// runEvalCase of the reference: `iterations` runs, passing when the share of
// passing runs (infrastructure errors left out) reaches `accuracyThreshold`.
async function runCase(c, dataset, callTool, options, schemas) {
  const iterations = c.iterations ?? 1;
  if (iterations === 1) return (await runOnce(c, dataset, callTool, options, schemas)).result;
  const iterationResults = [];
  let last;
  for (let i = 0; i < iterations; i++) {
    const { result, thrown } = await runOnce(c, dataset, callTool, options, schemas);
    last = result;
    iterationResults.push({
      pass: result.pass,
      durationMs: result.durationMs,
      error: result.error,
      isInfrastructureError: result.error !== undefined && isInfrastructureError(thrown ?? result.error),
    });
  }
  const infra = iterationResults.filter((r) => r.isInfrastructureError);
  const counted = iterationResults.filter((r) => !r.isInfrastructureError);
  const passCount = counted.filter((r) => r.pass).length;
  const assertionPassRate = counted.length > 0 ? passCount / counted.length : 0;
  return {
    ...last,
    pass: assertionPassRate >= (c.accuracyThreshold ?? 1),
    assertionPassRate,
    assertionPassRateCI: wilsonCI(passCount, counted.length),
    infrastructureErrorRate: infra.length / iterations,
    infrastructureErrorCount: infra.length,
    iterationResults,
    durationMs: iterationResults.reduce((sum, r) => sum + r.durationMs, 0),
  };
}

function readRunOptions(options) {
  if (options === null || typeof options !== "object" || Array.isArray(options)) fail("INVALID_ARGUMENT", "options", "options must be an object");
  const { concurrency = 1, stopOnFailure = false, filterTags, defaultLlmIterations, defaultJudgeReps, onCaseComplete } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1) fail("INVALID_OPTION", "options.concurrency", "concurrency must be an integer >= 1");
  if (typeof stopOnFailure !== "boolean") fail("INVALID_OPTION", "options.stopOnFailure", "stopOnFailure must be a boolean");
  if (filterTags !== undefined && (!Array.isArray(filterTags) || filterTags.some((t) => typeof t !== "string"))) {
    fail("INVALID_OPTION", "options.filterTags", "filterTags must be an array of strings");
  }
  for (const [key, v] of [["defaultLlmIterations", defaultLlmIterations], ["defaultJudgeReps", defaultJudgeReps]]) {
    const max = key === "defaultJudgeReps" ? 1000 : Infinity; // judge reps: 1-1000, as a judge's own `reps`
    if (v !== undefined && (!Number.isInteger(v) || v < 1 || v > max)) fail("INVALID_OPTION", `options.${key}`, `${key} must be an integer from 1${max === Infinity ? " up" : ` to ${max}`}`);
  }
  if (onCaseComplete !== undefined && typeof onCaseComplete !== "function") fail("INVALID_OPTION", "options.onCaseComplete", "onCaseComplete must be a function");
  return { concurrency, stopOnFailure, filterTags, defaultLlmIterations, defaultJudgeReps, onCaseComplete };
}

/** See evals.d.ts. */
export async function runEvalDataset(dataset, callTool, options = {}) {
  validateEvalDataset(dataset);
  if (typeof callTool !== "function") fail("INVALID_ARGUMENT", "callTool", "expected an async function (toolName, args, evalCase)");
  const run = readRunOptions(options);
  const started = Date.now();
  const schemas = { ...(dataset.schemas ?? {}), ...(options.schemas ?? {}) };
  const cases = run.filterTags && run.filterTags.length > 0 ? dataset.cases.filter((c) => c.tags?.some((t) => run.filterTags.includes(t))) : dataset.cases;
  const tasks = cases.map((c) => async () => {
    let effective = c.mode === "mcp_host" && c.iterations === undefined && run.defaultLlmIterations !== undefined ? { ...c, iterations: run.defaultLlmIterations } : c;
    if (effective.judgeReps === undefined && run.defaultJudgeReps !== undefined) effective = { ...effective, judgeReps: run.defaultJudgeReps };
    const result = await runCase(effective, dataset, callTool, options, schemas);
    if (run.onCaseComplete) await run.onCaseComplete(result);
    return result;
  });
  let caseResults = [];
  if (run.concurrency === 1 || run.stopOnFailure) {
    for (const task of tasks) {
      const r = await task();
      caseResults.push(r);
      if (run.stopOnFailure && !r.pass) break;
    }
  } else {
    // The reference's worker pool: `concurrency` workers take the next case in turn; results keep case order.
    caseResults = new Array(tasks.length);
    let next = 0;
    const worker = async () => {
      while (next < tasks.length) {
        const i = next++;
        caseResults[i] = await tasks[i]();
      }
    };
    await Promise.all(Array.from({ length: Math.min(run.concurrency, tasks.length) }, worker));
  }
  const total = caseResults.length;
  const passed = caseResults.filter((r) => r.pass).length;
  const result = { total, passed, failed: total - passed, passRate: total === 0 ? 0 : passed / total, caseResults, durationMs: Date.now() - started };
  const host = caseResults.filter((r) => r.toolPrecision !== undefined || r.toolRecall !== undefined);
  if (host.length > 0) {
    const p = host.reduce((sum, r) => sum + (r.toolPrecision ?? 0), 0) / host.length;
    const rc = host.reduce((sum, r) => sum + (r.toolRecall ?? 0), 0) / host.length;
    result.datasetToolPrecision = p;
    result.datasetToolRecall = rc;
    result.datasetToolF1 = p + rc > 0 ? (2 * p * rc) / (p + rc) : 0;
  }
  return result;
}
