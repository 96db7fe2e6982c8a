// Judge, custom predicates and eval datasets of
// @gleanwork/mcp-server-tester@1.1.0 (dist/index.js: BUILT_IN_RUBRICS,
// resolveRubric, buildJudgePrompt, parseJudgeResponse, validateJudge,
// validateEvalDataset, runExpectBlockValidations, runEvalCase,
// runEvalDataset), over the Rust core (src/responses/plan.rs, judge.rs,
// dataset.rs).
//
// The core plans, JS awaits: evaluateExpectations asks the core for a plan
// (one step per expectation: a finished result, or what only the caller can
// supply), awaits the caller's functions the plan names (schema validators,
// the judge model and named judges, stored snapshots, the predicate) and
// hands each answer back to the core, which words the result. The native
// evaluate_expectations runs the same plan. No network code: the model call
// and the tool call are the caller's async functions.

// The responses module (started by responses-wasm.js, imported below).
import {
  build_judge_prompt as wasmPrompt,
  finish_judges as wasmFinishJudges,
  finish_predicate as wasmFinishPredicate,
  finish_snapshot as wasmFinishSnapshot,
  parse_judge_verdict as wasmVerdict,
  plan_expectations as wasmPlan,
  plan_judge as wasmPlanJudge,
  resolve_rubric as wasmRubric,
  responses_constants as wasmConstants,
  validate_eval_dataset as wasmDataset,
} from "./wasm/responses.js";
import { MatcherError, fail } from "./internal.js";
export { MatcherError } from "./errors.js";
import { jsonPart, part, responsePart, run, runJson } from "./responses-wasm.js";
import { isStandardSchema, schemaVerdict, targetValue } from "./schema-core.js";
import { extractText } from "./responses.js";

/** See evals.d.ts. */
export const BUILT_IN_RUBRICS = Object.freeze(Object.fromEntries(JSON.parse(wasmConstants()).rubrics));

/** See evals.d.ts. */
export function resolveRubric(rubric) {
  return run(wasmRubric, [part(rubric, "rubric")]);
}

/** See evals.d.ts. */
export function buildJudgePrompt(candidate, reference, rubric) {
  return run(wasmPrompt, [part(candidate, "candidate"), part(reference, "reference"), part(rubric, "rubric")]);
}

/** See evals.d.ts. */
export function parseJudgeVerdict(text) {
  return runJson(wasmVerdict, [part(text, "verdict")]);
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

function readOptions(options) {
  if (options === null || typeof options !== "object") fail("INVALID_ARGUMENT", "options", "options must be an object");
  return options;
}

// One verdict from the caller's model: a reply string, or an object
// { score, pass?, reasoning? } read by the same parser.
async function ask(judge, prompt, context) {
  const reply = await judge(prompt, context);
  if (reply === null || (typeof reply !== "string" && typeof reply !== "object")) {
    fail("INVALID_ARGUMENT", "verdict", "the judge must return a string or { score, reasoning }");
  }
  return parseJudgeVerdict(typeof reply === "string" ? reply : JSON.stringify(reply));
}

// What the judge of one planned step gave, as the core's finish_judges reads
// it: null (none supplied), { error } (it threw or replied unreadably), or
// { verdicts: [{ score, reasoning }] }.
async function runJudge(step, response, reference, judge, judges) {
  try {
    if (step.named) {
      const executor = judges?.[step.named.name];
      if (typeof executor !== "function") return null;
      const r = await executor(response, reference ?? undefined);
      return { verdicts: [{ score: r?.score, reasoning: r?.reasoning }] };
    }
    if (typeof judge !== "function") return null;
    const { prompt, reps, rubric } = step.model;
    const context = { candidate: response, reference: reference ?? null, rubric };
    const verdicts = [];
    for (let i = 0; i < reps; i++) verdicts.push(await ask(judge, prompt, context));
    return { verdicts };
  } catch (e) {
    return { error: errorMessage(e) };
  }
}

// A judge entry's reference, as the reference's runner picks it.
const referenceOf = (entry, options) => (entry.reference !== undefined ? entry.reference : options.canonicalAnswer);
const caseParts = (o) => [part(o.judgeReps, "judgeReps"), part(o.canonicalAnswer, "canonicalAnswer")];

/** See evals.d.ts. */
export async function validateJudge(response, config, judge, options = {}) {
  const o = readOptions(options);
  const step = runJson(wasmPlanJudge, [jsonPart(config, "config"), responsePart(response), ...caseParts(o)]);
  const outcome = await runJudge(step, response, referenceOf(config, o), judge, o.judges);
  return runJson(wasmFinishJudges, [part([step], "steps"), part([outcome], "outcomes")]);
}

/** See evals.d.ts. */
export async function validatePredicate(response, predicate, description) {
  if (typeof predicate !== "function") fail("INVALID_ARGUMENT", "predicate", "expected a function (response, text)");
  let threw = null;
  let out;
  try {
    out = await predicate(response, extractText(response));
  } catch (e) {
    threw = errorMessage(e);
  }
  const returned = out !== null && typeof out === "object" ? { pass: out.pass, message: out.message } : out;
  return runJson(wasmFinishPredicate, [part(description, "description"), part(threw, "threw"), part(returned, "returned")]);
}

/** See evals.d.ts. */
export function validateEvalDataset(json) {
  runJson(wasmDataset, [jsonPart(json, "dataset")]);
  return json;
}

// A RegExp crosses as [source, flags] (in matchesPattern and sanitizer patterns).
const regexp = (p) => (p instanceof RegExp ? [p.source, p.flags] : p);
// The expect block as it crosses: its JSON, RegExps as [source, flags].
function wireBlock(b) {
  if (b === null || typeof b !== "object" || Array.isArray(b)) return b;
  const { matchesPattern: m, snapshotSanitizers: s } = b;
  const sanitizer = (x) => (x !== null && typeof x === "object" && x.pattern instanceof RegExp ? { ...x, pattern: regexp(x.pattern) } : x);
  return {
    ...b,
    matchesPattern: m instanceof RegExp ? [regexp(m)] : Array.isArray(m) ? m.map(regexp) : m,
    snapshotSanitizers: Array.isArray(s) ? s.map(sanitizer) : s,
  };
}

// A registry entry is a Standard Schema object (Zod 3.24+/4, Valibot,
// ArkType, jsonSchema()) or a JSON Schema document; the latter loads the
// separate schema module (mcp-matchers/schema) the first time one is used.
async function checkSchema({ name, target, missing }, response, schemas) {
  const schema = schemas !== null && typeof schemas === "object" && Object.hasOwn(schemas, name) ? schemas[name] : undefined;
  if (schema === undefined || schema === null) return missing;
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
  return schemaVerdict(await std["~standard"].validate(targetValue(target, response)), response);
}

// The result of a pending step, from what the caller's functions give.
async function finish(step, b, response, o) {
  if (step.schema) return checkSchema(step.schema, response, o.schemas);
  if (step.judge) {
    const entries = Array.isArray(b.passesJudge) ? b.passesJudge : [b.passesJudge];
    const outcomes = await Promise.all(step.judge.map((s, i) => runJudge(s, response, referenceOf(entries[i], o), o.judge, o.judges)));
    return runJson(wasmFinishJudges, [part(step.judge, "steps"), part(outcomes, "outcomes")]);
  }
  if (step.snapshot) {
    const { name } = step.snapshot;
    const stored = typeof o.snapshots === "function" ? await o.snapshots(name) : o.snapshots?.[name];
    return runJson(wasmFinishSnapshot, [part(step.snapshot, "step"), part(stored ?? null, "options.snapshots")]);
  }
  return validatePredicate(response, b.predicate, step.predicate.description);
}

/** See evals.d.ts. */
export async function evaluateExpectations(expectBlock, response, options = {}) {
  const o = readOptions(options);
  const b = expectBlock;
  const predicate = b !== null && typeof b === "object" ? b.predicate : undefined;
  if (predicate !== undefined && typeof predicate !== "function") fail("INVALID_ARGUMENT", "predicate", "expected a function (response, text)");
  const flag = part(predicate !== undefined, "predicate");
  const plan = runJson(wasmPlan, [jsonPart(wireBlock(b), "expect"), responsePart(response), ...caseParts(o), flag]);
  const out = {};
  for (const [key, step] of plan) out[key] = step.done ?? (await finish(step, b, response, o));
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
