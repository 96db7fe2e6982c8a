// Judge, custom predicates and eval datasets of
// @gleanwork/mcp-server-tester@1.1.0 (dist/index.js: BUILT_IN_RUBRICS,
// isBuiltInRubric, resolveRubric, buildJudgePrompt, parseJudgeResponse,
// validateJudge, validateEvalCase, validateEvalDataset,
// loadEvalDatasetFromObject, runExpectBlockValidations, runEvalCase,
// runEvalDataset, compareEvalRuns), over the Rust core
// (src/responses/plan.rs, run.rs, judge.rs, dataset.rs, compare.rs).
//
// The core plans, JS awaits: evaluateExpectations asks the core for a plan
// (one step per expectation: a finished result, or what only the caller can
// supply), awaits the caller's functions the plan names (schema validators,
// the judge model and named judges, stored snapshots, the predicate) and
// hands each answer back to the core, which words the result.
// runEvalDataset likewise: the core picks the cases, their defaults and
// iterations, and combines the runs (pass rates, infrastructure errors, the
// dataset's counts); JS calls the tool, times and schedules the runs. The
// native evaluate_expectations and run_eval_dataset run the same plans. No
// network code: the model call and the tool call are the caller's async
// functions.

// The responses module (started by responses-wasm.js, imported below).
import { wasm as responsesWasm } from "./responses-wasm.js";
const {
  buildJudgePrompt: wasmPrompt,
  compareEvalRuns: wasmCompare,
  isBuiltInRubric: wasmIsRubric,
  plan_eval_case: wasmPlanCase,
  validateEvalCase: wasmCase,
  finish_eval_case: wasmFinishCase,
  finish_eval_run: wasmFinishRun,
  finish_judges: wasmFinishJudges,
  finish_predicate: wasmFinishPredicate,
  finish_snapshot: wasmFinishSnapshot,
  parseJudgeVerdict: wasmVerdict,
  plan_eval_run: wasmPlanRun,
  plan_expectations: wasmPlan,
  plan_judge: wasmPlanJudge,
  resolveRubric: wasmRubric,
  validateEvalDataset: wasmDataset,
} = responsesWasm;
import { MatcherError, fail } from "./internal.js";
// The core's tables, read from the module at build time (scripts/core-constants.mjs).
import { constants } from "./responses-constants.js";
export { MatcherError } from "./errors.js";
import { jsonPart, part, responsePart, run, runJson } from "./responses-wasm.js";
import { isStandardSchema, schemaVerdict, targetValue } from "./schema-core.js";
import { extractText } from "./responses.js";

/** See evals.d.ts. */
export const BUILT_IN_RUBRICS = Object.freeze(Object.fromEntries(constants.rubrics));

/** See evals.d.ts. */
export function isBuiltInRubric(s) {
  // Only a well-formed string can cross (and be a name); anything else is not one.
  return typeof s === "string" && s.isWellFormed() && runJson(wasmIsRubric, [part(s, "s")]);
}

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
  if (options.onWarning !== undefined && typeof options.onWarning !== "function") {
    fail("INVALID_OPTION", "options.onWarning", "expected a function (message)");
  }
  return options;
}

// The core's warnings (a judge's high variance) to the caller's onWarning,
// else console.warn (where the reference writes them).
function warn(o, warnings) {
  for (const w of warnings) {
    if (o.onWarning !== undefined) o.onWarning(w);
    else console.warn(w);
  }
}

// A judge result with its warnings handed on.
function judged(o, finished) {
  warn(o, finished.warnings);
  return finished.result;
}

// A refusal of the core's dataset checks, thrown as a MatcherError that also
// carries zod's `issues` ([{ path, message, code }]).
function refuse(r) {
  const e = new MatcherError(r.code, r.path, r.message);
  e.issues = r.issues;
  throw e;
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
      // Only the registry's own names (never an inherited key such as `toString`).
      const own = judges !== null && typeof judges === "object" && Object.hasOwn(judges, step.named.name);
      const executor = own ? judges[step.named.name] : undefined;
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
  if (step.done) return step.done;
  const outcome = await runJudge(step, response, referenceOf(config, o), judge, o.judges);
  return judged(o, runJson(wasmFinishJudges, [part([step], "steps"), part([outcome], "outcomes")]));
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
  const refusal = runJson(wasmDataset, [jsonPart(json, "dataset")]);
  if (refusal !== null) refuse(refusal);
  return json;
}

/** See evals.d.ts. */
export function validateEvalCase(evalCase) {
  const refusal = runJson(wasmCase, [jsonPart(evalCase, "evalCase")]);
  if (refusal !== null) refuse(refusal);
  return evalCase;
}

// A zod-like schema object over one of the validators above: parse throws
// the coded MatcherError (with zod-shaped `issues`), safeParse returns
// { success, data } / { success: false, error }, and `~standard` makes it a
// Standard Schema (v1), so validateSchema and the expect matchers take it.
function schemaOf(validate, vendor) {
  const safeParse = (value) => {
    try {
      return { success: true, data: validate(value) };
    } catch (e) {
      if (e instanceof MatcherError && Array.isArray(e.issues)) return { success: false, error: e };
      throw e;
    }
  };
  return Object.freeze({
    parse: validate,
    safeParse,
    "~standard": Object.freeze({
      version: 1,
      vendor,
      validate: (value) => {
        const r = safeParse(value);
        return r.success ? { value: r.data } : { issues: r.error.issues.map((i) => ({ message: i.message, path: i.path })) };
      },
    }),
  });
}

/** See evals.d.ts. */
export const EvalCaseSchema = schemaOf(validateEvalCase, "mcp-matchers");

/** See evals.d.ts. */
export const EvalDatasetSchema = schemaOf(validateEvalDataset, "mcp-matchers");

/** See evals.d.ts. */
export function loadEvalDatasetFromObject(data, options = {}) {
  if (options === null || typeof options !== "object") fail("INVALID_ARGUMENT", "options", "options must be an object");
  const { schemas, validate = true } = options;
  if (typeof validate !== "boolean") fail("INVALID_OPTION", "options.validate", "expected a boolean");
  if (schemas !== undefined && schemas !== null && (typeof schemas !== "object" || Array.isArray(schemas))) {
    fail("INVALID_OPTION", "options.schemas", "expected an object of schemas by name");
  }
  if (validate) validateEvalDataset(data);
  else if (data === null || typeof data !== "object" || Array.isArray(data)) fail("INVALID_ARGUMENT", "data", "expected an object");
  return { ...data, schemas: schemas ?? {} };
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
    return judged(o, runJson(wasmFinishJudges, [part(step.judge, "steps"), part(outcomes, "outcomes")]));
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

// What the core's infrastructure check reads of a thrown value (the reference's
// isInfrastructureError): an error's name, message and code, a string as the
// message; null for anything else.
function errorFacts(e) {
  if (e instanceof Error || (e !== null && typeof e === "object")) {
    if (typeof e.message !== "string") return null;
    const text = (v) => (typeof v === "string" ? v : undefined);
    return { name: text(e.name), message: e.message, code: text(e.code) };
  }
  return typeof e === "string" ? { message: e } : null;
}

// One run of a planned case: the caller's tool, then the expectations. Returns
// the caller's values and the digest the core's finish_eval_case reads.
async function runOnce(step, c, callTool, options, schemas) {
  const t0 = Date.now();
  let response;
  let error = null;
  let thrown = null;
  let judgeError = null;
  let expectations = {};
  if (step.refuse === undefined) {
    try {
      response = await callTool(step.toolName, c.args ?? {}, c);
    } catch (e) {
      error = errorMessage(e);
      thrown = errorFacts(e ?? error);
    }
  }
  if (step.refuse === undefined && error === null && step.expect) {
    try {
      expectations = await evaluateExpectations(c.expect, response, { ...options, schemas, judgeReps: step.judgeReps, canonicalAnswer: step.canonicalAnswer });
    } catch (e) {
      // A response that cannot be judged (no JSON form, too deep or large) fails its case; a malformed call still throws.
      if (!(e instanceof MatcherError && e.path.startsWith("response"))) throw e;
      judgeError = e.message;
    }
  }
  const digest = Object.fromEntries(Object.entries(expectations).map(([k, r]) => [k, r.metrics === undefined ? { pass: r.pass } : { pass: r.pass, metrics: r.metrics }]));
  return { response, expectations, run: { error, thrown, judgeError, expectations: digest, durationMs: Date.now() - t0 } };
}

// runEvalCase of the reference: the planned iterations, combined by the core.
// Returns the result's JSON text (for finish_eval_run) and the result itself.
async function runCase(step, c, callTool, options, schemas) {
  const runs = [];
  let last;
  for (let i = 0; i < step.iterations; i++) {
    last = await runOnce(step, c, callTool, options, schemas);
    runs.push(last.run);
  }
  const text = run(wasmFinishCase, [part(step, "step"), part(runs, "runs")]);
  const result = JSON.parse(text);
  result.response = last.response;
  result.expectations = last.expectations;
  return { text, result };
}

// The run options as the core reads them: the caller's own fields (an array
// or a non-object as such, for the core to refuse).
function runOptions(o) {
  if (o === null || typeof o !== "object") return part(null, "options");
  if (Array.isArray(o)) return part([], "options");
  const { concurrency, stopOnFailure, filterTags, defaultLlmIterations, defaultJudgeReps } = o;
  return part({ concurrency, stopOnFailure, filterTags, defaultLlmIterations, defaultJudgeReps }, "options");
}

/** See evals.d.ts. */
export async function runEvalDataset(dataset, callTool, options = {}) {
  validateEvalDataset(dataset); // its refusal carries zod's issues
  const kinds = { callTool: typeof callTool, onCaseComplete: typeof options?.onCaseComplete };
  const plan = runJson(wasmPlanRun, [jsonPart(dataset, "dataset"), runOptions(options), part(kinds, "kinds")]);
  const started = Date.now();
  const schemas = { ...(dataset.schemas ?? {}), ...(options.schemas ?? {}) };
  const tasks = plan.cases.map((step) => async () => {
    const c = step.set ? { ...dataset.cases[step.index], ...step.set } : dataset.cases[step.index];
    const done = await runCase(step, c, callTool, options, schemas);
    if (kinds.onCaseComplete === "function") await options.onCaseComplete(done.result);
    return done;
  });
  let done = [];
  if (plan.sequential) {
    for (const task of tasks) {
      const d = await task();
      done.push(d);
      if (plan.stopOnFailure && !d.result.pass) break;
    }
  } else {
    // The reference's worker pool: `concurrency` workers take the next case in turn; results keep case order.
    done = new Array(tasks.length);
    let next = 0;
    const worker = async () => {
      while (next < tasks.length) {
        const i = next++;
        done[i] = await tasks[i]();
      }
    };
    await Promise.all(Array.from({ length: Math.min(plan.concurrency, tasks.length) }, worker));
  }
  const cases = [`[${done.map((d) => d.text).join(",")}]`, false, "cases"];
  const result = runJson(wasmFinishRun, [cases, part(Date.now() - started, "durationMs")]);
  result.caseResults = done.map((d) => d.result);
  return result;
}

/** See evals.d.ts. */
export async function runEvalCase(evalCase, callTool, options = {}) {
  const o = readOptions(options);
  if (typeof callTool !== "function") fail("INVALID_ARGUMENT", "callTool", "expected an async function (toolName, args, evalCase)");
  const planned = runJson(wasmPlanCase, [jsonPart(evalCase, "evalCase"), part(o.datasetName, "options.datasetName")]);
  if (planned.refusal) refuse(planned.refusal);
  if (o.schemas !== undefined && o.schemas !== null && typeof o.schemas !== "object") {
    fail("INVALID_OPTION", "options.schemas", "expected an object of schemas by name");
  }
  return (await runCase(planned.step, evalCase, callTool, o, o.schemas ?? {})).result;
}

// What the comparison reads of a run: its counts, tool metrics and each case's id and verdict.
function runDigest(r) {
  if (r === null || typeof r !== "object") return r;
  const cases = Array.isArray(r.caseResults) ? r.caseResults.map((c) => (c !== null && typeof c === "object" ? { id: c.id, pass: c.pass } : c)) : r.caseResults;
  const { total, passed, datasetToolPrecision, datasetToolRecall, datasetToolF1 } = r;
  return { total, passed, datasetToolPrecision, datasetToolRecall, datasetToolF1, caseResults: cases };
}

// The reference's buckets of compared cases, by outcome.
const BUCKETS = [
  ["improvedCases", "IMPROVED"],
  ["regressedCases", "REGRESSED"],
  ["unchangedPasses", "UNCHANGED_PASS"],
  ["unchangedFailures", "UNCHANGED_FAIL"],
  ["missingFromBaseline", "MISSING_FROM_BASELINE"],
  ["missingFromCandidate", "MISSING_FROM_CANDIDATE"],
];

/** See evals.d.ts. */
export function compareEvalRuns(options) {
  const o = options !== null && typeof options === "object" ? options : null;
  const labels = o?.labels;
  const wire = o === null ? options : {
    baseline: runDigest(o.baseline),
    candidate: runDigest(o.candidate),
    labels: labels !== null && typeof labels === "object" ? { baseline: labels.baseline, candidate: labels.candidate } : labels,
  };
  const variant = o?.candidate?.metadata?.toolOverrideVariantId;
  const c = runJson(wasmCompare, [part(wire, "options"), part(variant, "options.candidate.metadata.toolOverrideVariantId")]);
  const result = {
    baselineLabel: c.baselineLabel,
    candidateLabel: c.candidateLabel,
    baselinePassRate: c.baselinePassRate,
    candidatePassRate: c.candidatePassRate,
    deltaPassRate: c.deltaPassRate,
  };
  for (const m of c.metrics) {
    if (m.baseline !== null) result[`baseline${m.name}`] = m.baseline;
    if (m.candidate !== null) result[`candidate${m.name}`] = m.candidate;
    if (m.delta !== null) result[`delta${m.name}`] = m.delta;
  }
  // The callers' own case results, by the indexes the core paired.
  result.cases = c.cases.map(([outcome, i, j]) => {
    const baseline = i === null ? undefined : o.baseline.caseResults[i];
    const candidate = j === null ? undefined : o.candidate.caseResults[j];
    const entry = { id: (baseline ?? candidate).id, outcome };
    if (i !== null) entry.baseline = baseline;
    if (j !== null) entry.candidate = candidate;
    return entry;
  });
  for (const [key, outcome] of BUCKETS) result[key] = result.cases.filter((x) => x.outcome === outcome);
  return result;
}
