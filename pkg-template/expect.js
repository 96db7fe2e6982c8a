// The `expect` matchers of @gleanwork/mcp-server-tester@1.1.0
// (src/assertions/matchers/*.ts: toMatchToolResponse … toHaveToolCallCount)
// for `expect.extend` in Vitest, Jest and Playwright Test. See expect.d.ts.
//
// Thin: every verdict and its message come from the core's checks
// (responses.js, evals.js, schema-core.js, snapshots-node.js). What lives
// here is the runner adaptation: `this.isNot` (the reference's negated
// messages, one table below), `this.utils.diff`, the runner's snapshot
// state, and awaiting the caller's judge and predicate.

import { fail } from "./internal.js";
import { validateError, validatePattern, validateResponse, validateSize, validateText, validateToolCallCount, validateToolCalls } from "./responses.js";
import { validateJudge, validatePredicate } from "./evals.js";
import { validateSchema } from "./schema-core.js";
import { MatcherError } from "./errors.js";
export { MatcherError } from "./errors.js";

// ---- named judges (registerJudge of the reference) ----

const registry = new Map();

/** See expect.d.ts. */
export function registerJudge(name, executor) {
  if (typeof name !== "string" || name === "") fail("INVALID_ARGUMENT", "name", "a judge name must be a non-empty string");
  if (typeof executor !== "function") fail("INVALID_ARGUMENT", "executor", "expected a function (candidate, reference) => { score, reasoning? }");
  if (registry.has(name)) fail("INVALID_ARGUMENT", "name", `Judge "${name}" is already registered`);
  registry.set(name, executor);
}

/** See expect.d.ts. */
export function getRegisteredJudge(name) {
  const executor = registry.get(name);
  if (executor === undefined) fail("INVALID_ARGUMENT", "name", `Judge "${name}" is not registered`);
  return executor;
}

/** See expect.d.ts. */
export function clearJudgeRegistry() {
  registry.clear();
}

// ---- the reference's messages under `.not` (its matcher files), in one table ----

const quoted = (expected) => (Array.isArray(expected) ? expected.map((s) => `"${s}"`).join(", ") : `"${expected}"`);
const NEGATED = {
  toMatchToolResponse: () => "Expected response NOT to match, but it did",
  toMatchToolSchema: () => "Expected response NOT to match schema, but it did",
  toContainToolText: (expected) => `Expected response NOT to contain ${quoted(expected)}, but it did`,
  toMatchToolPattern: () => "Expected response NOT to match pattern(s), but it did",
  toHaveToolResponseSize: () => "Expected response size NOT to be within bounds, but it was",
  toSatisfyToolPredicate: (description) => `Expected response NOT to satisfy ${description}`,
  toPassToolJudge: () => "Expected judge evaluation to fail, but it passed",
  judgeList: (summary) => `Expected at least one judge to fail, but ${summary}`,
};

// The matcher's answer from a check's result: `pass` as the check says (the
// runner negates it under `.not`), the check's message, or under `.not` the
// reference's negated message; `extra` is added to a failure's message.
function answer(isNot, result, negated, extra = "") {
  const message = isNot ? (result.pass ? negated : result.message) : result.pass ? result.message : result.message + extra;
  return { pass: result.pass, message: () => message };
}

// A failure for both `.not` and not: a crashed judge or predicate is not a "no".
function crashed(isNot, message) {
  return { pass: isNot, message: () => message };
}

// The reference's "Actual response (truncated)" tail of a failure message.
function previewOf(result) {
  const preview = result.details?.textPreview;
  return typeof preview === "string" && preview !== "" ? `\n\nActual response (truncated):\n${preview}` : "";
}

// The two values of a failed exact match: the runner's diff when it has one
// (Vitest, Jest, Playwright: `this.utils.diff`), else the core's printed values.
function responseDiff(state, received, expected, result) {
  let diff = null;
  try {
    diff = typeof state?.utils?.diff === "function" ? state.utils.diff(expected, received) : null;
  } catch {
    diff = null;
  }
  if (typeof diff === "string" && diff !== "") return `\n\n${diff}`;
  const d = result.details;
  return d ? `\n\nExpected:\n${d.expected}\n\nReceived:\n${d.actual}` : "";
}

// ---- judges ----

function readJudgeOptions(options, path) {
  if (options === undefined || options === null) return {};
  if (typeof options !== "object" || Array.isArray(options)) fail("INVALID_ARGUMENT", path, "judge options must be an object");
  for (const key of ["provider", "model"]) {
    if (options[key] !== undefined && typeof options[key] !== "string") fail("INVALID_OPTION", `${path}.${key}`, `${key} must be a string`);
  }
  return options;
}

// A coded error from validateJudge names its `config.*` field; say it as the caller wrote it.
const CONFIG_FIELDS = { "config.threshold": "passingThreshold", "config.reps": "reps", "config.judge": "judge", "config.rubric": "rubric" };
function rethrowAt(e, path, rubricPath) {
  if (!(e instanceof MatcherError)) throw e;
  const field = CONFIG_FIELDS[e.path] ?? (e.path.startsWith("config.rubric") ? "rubric" : null);
  if (field === null) throw e;
  const where = field === "rubric" ? rubricPath : `${path}.${field}`;
  const text = e.message.endsWith(` (at ${e.path})`) ? e.message.slice(0, -` (at ${e.path})`.length) : e.message;
  throw new MatcherError(e.code, where, text);
}

// One judge: `{ pass, message, error }`, `error` when the judge could not give a verdict.
async function runJudge(config, received, rubric, options, path, rubricPath) {
  const { reference, passingThreshold, reps, provider, model, judge } = readJudgeOptions(options, path);
  const named = judge === undefined || judge === null ? null : judge;
  let error = false;
  const judges = Object.create(null); // no inherited names: validateJudge looks the name up here
  if (typeof named === "string") {
    const own = config.judges !== undefined && Object.hasOwn(config.judges, named) ? config.judges[named] : undefined;
    const executor = own ?? registry.get(named);
    if (executor === undefined) error = true;
    else {
      judges[named] = async (candidate, ref) => {
        try {
          const r = await executor(candidate, ref);
          if (r === null || typeof r !== "object" || typeof r.score !== "number" || !Number.isFinite(r.score)) error = true;
          return r;
        } catch (e) {
          error = true;
          throw e;
        }
      };
    }
  }
  const model_ = config.judge;
  const ask = typeof model_ === "function" ? (prompt, context) => model_(prompt, { ...context, provider, model }) : undefined;
  const jc = { reference, threshold: passingThreshold, reps, judge: named ?? undefined };
  if (rubric !== undefined) jc.rubric = rubric;
  if (named === null && rubric === undefined) fail("INVALID_ARGUMENT", rubricPath, 'either a rubric or options.judge (a registered judge\'s name) must be given');
  let result;
  try {
    result = await validateJudge(received, jc, ask, { judges });
  } catch (e) {
    rethrowAt(e, path, rubricPath);
  }
  // The rubric path: a verdict always carries details.score; without one the model failed.
  if (named === null && !result.pass && typeof result.details?.score !== "number") error = true;
  return { pass: result.pass, message: result.message, error };
}

const isRubric = (x) => typeof x === "string" || (x !== null && typeof x === "object" && !Array.isArray(x) && "text" in x);

async function toPassToolJudge(config, state, received, rubricOrOptions, maybeOptions) {
  const isNot = state?.isNot === true;
  if (Array.isArray(rubricOrOptions)) {
    const results = await Promise.all(
      rubricOrOptions.map((entry, i) => {
        if (entry === null || typeof entry !== "object") fail("INVALID_ARGUMENT", `judges[${i}]`, "each judge must be an object { rubric?, judge?, passingThreshold?, … }");
        const { rubric, ...options } = entry;
        return runJudge(config, received, rubric ?? undefined, options, `judges[${i}]`, `judges[${i}].rubric`);
      }),
    );
    const passed = results.filter((r) => r.pass).length;
    const summary = `${passed}/${results.length} judges passed`;
    const details = results.map((r) => r.message).join("\n");
    if (results.some((r) => r.error)) return crashed(isNot, `${summary}\n${details}`);
    const pass = passed === results.length;
    const message = isNot && pass ? `${NEGATED.judgeList(summary)}\n${details}` : `${summary}\n${details}`;
    return { pass, message: () => message };
  }
  let rubric;
  let options;
  if (isRubric(rubricOrOptions)) {
    rubric = rubricOrOptions;
    options = maybeOptions;
  } else {
    if (rubricOrOptions !== undefined && rubricOrOptions !== null && typeof rubricOrOptions !== "object") {
      fail("INVALID_ARGUMENT", "rubricOrOptions", "expected a rubric (a built-in name or { text }), options { judge, … }, or a list of judges");
    }
    options = rubricOrOptions;
  }
  const r = await runJudge(config, received, rubric, options, "options", isRubric(rubricOrOptions) ? "rubric" : "rubricOrOptions");
  if (r.error) return crashed(isNot, r.message);
  return answer(isNot, r, NEGATED.toPassToolJudge());
}

// ---- predicates ----

async function toSatisfyToolPredicate(state, received, predicate, description) {
  const isNot = state?.isNot === true;
  if (description !== undefined && typeof description !== "string") fail("INVALID_ARGUMENT", "description", "description must be a string");
  if (typeof predicate !== "function") fail("INVALID_ARGUMENT", "predicate", "expected a function (response, text)");
  let error = false;
  const watched = async (response, text) => {
    try {
      const out = await predicate(response, text);
      if (typeof out !== "boolean" && (out === null || typeof out !== "object" || typeof out.pass !== "boolean")) error = true;
      return out;
    } catch (e) {
      error = true;
      throw e;
    }
  };
  const label = description ?? "custom predicate";
  const result = await validatePredicate(received, watched, label);
  if (error) return crashed(isNot, result.message);
  return answer(isNot, result, NEGATED.toSatisfyToolPredicate(label));
}

// ---- snapshots, through mcp-matchers/snapshots-node in the runner's own way ----

async function playwrightInfo() {
  try {
    // Not a literal: bundlers (Vite under Vitest, esbuild) leave it alone, and only Playwright runs get here.
    const playwright = "@playwright/test";
    const { test } = await import(playwright);
    return test.info();
  } catch {
    return null;
  }
}

async function toMatchToolSnapshot(config, state, received, name, sanitizers, options) {
  const snapshots = await import("./snapshots-node.js");
  // Vitest and Jest hand their snapshot state to matchers; Playwright Test has test.info().
  if (config.testInfo === undefined && state !== null && typeof state === "object" && "snapshotState" in state && state.snapshotState) {
    return snapshots.snapshotMatchers.toMatchToolSnapshot.call(state, received, name, sanitizers, options);
  }
  let info = config.testInfo ?? (await playwrightInfo());
  if (typeof info === "function") {
    try {
      info = info();
    } catch {
      info = null; // test.info() outside a running test
    }
  }
  if (info === null || info === undefined) {
    fail(
      "INVALID_ARGUMENT",
      "testInfo",
      "toMatchToolSnapshot runs inside a test: Vitest or Jest (their snapshot state), Playwright Test (test.info()), or createToolResponseMatchers({ testInfo })",
    );
  }
  return snapshots.playwrightSnapshotMatchers(info).toMatchToolSnapshot.call(state, received, name, sanitizers, options);
}

// ---- the matcher object ----

/** See expect.d.ts. */
export function createToolResponseMatchers(options = {}) {
  if (options === null || typeof options !== "object") fail("INVALID_ARGUMENT", "options", "options must be an object");
  const { judge, judges, testInfo } = options;
  if (judge !== undefined && typeof judge !== "function") fail("INVALID_OPTION", "options.judge", "judge must be a function (prompt, context) => reply");
  if (judges !== undefined && (judges === null || typeof judges !== "object")) fail("INVALID_OPTION", "options.judges", "judges must be an object of name → executor");
  for (const [k, v] of Object.entries(judges ?? {})) {
    if (typeof v !== "function") fail("INVALID_OPTION", `options.judges.${k}`, "a judge executor must be a function (candidate, reference)");
  }
  if (testInfo !== undefined && testInfo !== null && typeof testInfo !== "function" && typeof testInfo !== "object") {
    fail("INVALID_OPTION", "options.testInfo", "testInfo must be Playwright's TestInfo or a function returning it");
  }
  const config = { judge, judges, testInfo: testInfo ?? undefined };
  return Object.freeze({
    toMatchToolResponse(received, expected) {
      const r = validateResponse(received, expected);
      return answer(this?.isNot === true, r, NEGATED.toMatchToolResponse(), r.pass ? "" : responseDiff(this, received, expected, r));
    },
    toMatchToolSchema(received, schema, schemaOptions) {
      const r = validateSchema(received, schema, schemaOptions);
      return answer(this?.isNot === true, r, NEGATED.toMatchToolSchema(), previewOf(r));
    },
    toContainToolText(received, expected, textOptions) {
      const r = validateText(received, expected, textOptions);
      return answer(this?.isNot === true, r, NEGATED.toContainToolText(expected), previewOf(r));
    },
    toMatchToolPattern(received, patterns, patternOptions) {
      const r = validatePattern(received, patterns, patternOptions);
      return answer(this?.isNot === true, r, NEGATED.toMatchToolPattern(), previewOf(r));
    },
    async toMatchToolSnapshot(received, name, sanitizers, snapshotOptions) {
      return toMatchToolSnapshot(config, this ?? null, received, name, sanitizers ?? [], snapshotOptions);
    },
    toBeToolError(received, expected = true) {
      // The reference: under `.not`, `expected` flips for a boolean and is `false` (no error at all) otherwise.
      const isNot = this?.isNot === true;
      validateError(received, expected); // refuses a malformed `expected` either way
      const asked = isNot ? (typeof expected === "boolean" ? !expected : false) : expected;
      const r = validateError(received, asked);
      return { pass: isNot ? !r.pass : r.pass, message: () => r.message };
    },
    async toPassToolJudge(received, rubricOrOptions, maybeOptions) {
      return toPassToolJudge(config, this, received, rubricOrOptions, maybeOptions);
    },
    toHaveToolResponseSize(received, sizeOptions) {
      return answer(this?.isNot === true, validateSize(received, sizeOptions), NEGATED.toHaveToolResponseSize());
    },
    async toSatisfyToolPredicate(received, predicate, description) {
      return toSatisfyToolPredicate(this, received, predicate, description);
    },
    toHaveToolCalls(received, expectation) {
      const r = validateToolCalls(received, expectation);
      return { pass: r.pass, message: () => r.message };
    },
    toHaveToolCallCount(received, countOptions) {
      const r = validateToolCallCount(received, countOptions);
      return { pass: r.pass, message: () => r.message };
    },
  });
}

/** See expect.d.ts. */
export const toolResponseMatchers = createToolResponseMatchers();
