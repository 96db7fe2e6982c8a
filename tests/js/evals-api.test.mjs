// The rest of @gleanwork/mcp-server-tester@1.1.0's matcher-side API
// (issue 11 item 4): getResponseSizeBytes, normalizeWhitespace,
// isBuiltInRubric, validateEvalCase, loadEvalDatasetFromObject, runEvalCase,
// compareEvalRuns, validateJudge's edge cases and the dataset errors' zod
// issues. Expected values are the installed reference's answers for the same
// inputs (its dist/index.js), and the behaviours its own tests assert
// (src/evals/datasetTypes.test.ts, evalRunner.test.ts,
// evalRunComparison.test.ts, src/judge/rubrics.test.ts,
// src/assertions/validators/judge.test.ts), never our own output.
//
//   node --test tests/js/evals-api.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import * as ref from "@gleanwork/mcp-server-tester";
import * as ours from "../../pkg/index.js";
import { rng } from "./prng.mjs";

const FIXTURES = new URL("../fixtures/responses/", import.meta.url);
const fixtures = readdirSync(FIXTURES, { recursive: true })
  .filter((f) => String(f).endsWith(".result.json"))
  .map((f) => JSON.parse(readFileSync(new URL(String(f), FIXTURES), "utf8")));

const dist = createRequire(import.meta.url).resolve("@gleanwork/mcp-server-tester");
const source = readFileSync(dist, "utf8");
const cut = (from, to) => source.slice(source.indexOf(from), source.indexOf(to));

// ---- validators/utils.ts -------------------------------------------------

test("getResponseSizeBytes: the reference's byte count (pretty JSON, strings as UTF-8)", () => {
  const values = [
    null,
    undefined,
    "",
    "plain",
    "héllo wörld ✓ 🎉",
    0,
    -4.5,
    1e21,
    NaN,
    Infinity,
    true,
    [],
    {},
    [1, "a", null, { b: [true] }],
    { a: undefined, b: 1, nested: { deep: [1, { x: "é" }] } },
    new Date(0),
    { toJSON: () => ({ via: "toJSON" }) },
    ...fixtures,
  ];
  for (const v of values) assert.equal(ours.getResponseSizeBytes(v), ref.getResponseSizeBytes(v), String(JSON.stringify(v)).slice(0, 80));
  // What cannot be measured is a coded error (the reference throws a TypeError).
  assert.throws(() => ours.getResponseSizeBytes(() => 1), { name: "MatcherError", code: "INVALID_ARGUMENT", path: "response" });
  assert.throws(() => ours.getResponseSizeBytes(1n), { name: "MatcherError", code: "UNSUPPORTED_VALUE" });
});

test("normalizeWhitespace: the reference's /\\s+/ collapse and trim, on generated text", () => {
  const spaces = [" ", "\t", "\n", "\r", "\v", "\f", "\u00a0", "\u1680", "\u2000", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff", "\u0085", "\u200b"];
  const letters = ["a", "b", "é", "🎉", "-", "x y"];
  const rand = rng(11);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const texts = ["", " ", "  a  b  ", "a\n\n\tb", "\u0085a\u0085", "\ufeffa\u00a0b\u2028"];
  for (let i = 0; i < 2000; i++) {
    let t = "";
    for (let n = Math.floor(rand() * 12); n > 0; n--) t += rand() < 0.5 ? pick(spaces) : pick(letters);
    texts.push(t);
  }
  for (const t of texts) assert.equal(ours.normalizeWhitespace(t), ref.normalizeWhitespace(t), JSON.stringify(t));
  assert.throws(() => ours.normalizeWhitespace(5), { code: "INVALID_ARGUMENT", path: "text" });
});

// ---- judge/rubrics.ts ----------------------------------------------------

test("isBuiltInRubric: as the reference (rubrics.test.ts), own names only", () => {
  for (const v of [...Object.keys(ref.BUILT_IN_RUBRICS), "my-custom-rubric", "", "CORRECTNESS", { text: "correctness" }, null, undefined, 42, true, ["correctness"]]) {
    assert.equal(ours.isBuiltInRubric(v), ref.isBuiltInRubric(v), String(v));
  }
  // The difference (README): the reference's `in` also finds inherited keys.
  for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
    assert.equal(ref.isBuiltInRubric(name), true, name);
    assert.equal(ours.isBuiltInRubric(name), false, name);
  }
  assert.equal(ours.isBuiltInRubric("\ud800"), false);
});

// ---- validators/judge.ts -------------------------------------------------

test("validateJudge: neither judge nor rubric is the reference's failed result, not a throw", async () => {
  for (const config of [{}, { threshold: 0.5 }, { reps: 3, reference: "x" }]) {
    assert.deepEqual(await ours.validateJudge("response", config, undefined), await ref.validateJudge("response", config));
  }
});

test("validateJudge: high variance is reported through onWarning, console.warn by default", async () => {
  const scores = [0.1, 0.9];
  const judge = () => {
    let i = 0;
    return async () => ({ score: scores[i++ % 2], reasoning: "r" });
  };
  const config = { rubric: { text: "Is it good?" }, reps: 2 };
  const seen = [];
  const r = await ours.validateJudge("response", config, judge(), { onWarning: (m) => seen.push(m) });
  assert.equal(r.details.highVariance, true);
  assert.equal(seen.length, 1);
  assert.match(seen[0], /high variance/);
  assert.match(seen[0], /stdDev=0\.40/);
  // The default, as the reference's judge.test.ts spies it.
  const warn = console.warn;
  const logged = [];
  console.warn = (m) => logged.push(m);
  try {
    await ours.validateJudge("response", config, judge());
    // evaluateExpectations' judge warns the same way.
    await ours.evaluateExpectations({ passesJudge: config }, "response", { judge: judge() });
  } finally {
    console.warn = warn;
  }
  assert.equal(logged.length, 2);
  assert.ok(logged.every((m) => m.includes("high variance")));
  // Low variance: no warning.
  const none = [];
  await ours.validateJudge("response", { rubric: "correctness", reps: 2 }, async () => ({ score: 0.7 }), { onWarning: (m) => none.push(m) });
  assert.deepEqual(none, []);
  await assert.rejects(ours.validateJudge("r", config, judge(), { onWarning: "log" }), { code: "INVALID_OPTION", path: "options.onWarning" });
});

test("validateJudge: options.judges is looked up by own property only", async () => {
  for (const name of ["toString", "constructor", "hasOwnProperty"]) {
    const r = await ours.validateJudge("response", { judge: name }, undefined, { judges: {} });
    assert.equal(r.pass, false);
    assert.ok(r.message.startsWith(`Custom judge "${name}" error: Judge "${name}" is not registered.`), r.message);
  }
  const judges = Object.create({ inherited: async () => ({ score: 1 }) });
  judges.own = async () => ({ score: 0.95, reasoning: "Excellent" });
  assert.equal((await ours.validateJudge("r", { judge: "inherited" }, undefined, { judges })).pass, false);
  const own = await ours.validateJudge("some response", { judge: "own" }, undefined, { judges });
  assert.deepEqual(own, { pass: true, message: 'Custom judge "own" passed with score 0.95' });
});

test("validateJudge: the reference's details (judgeProvider anthropic by default, the config's provider and model)", async () => {
  const make = new Function("createJudge", "resolveRubric", "getRegisteredJudge", `${cut("function computeStdDev(", "// src/mcp/fixtures/mcpFixture.ts")}\nreturn validateJudge;`);
  for (const config of [{ rubric: "correctness" }, { rubric: "completeness", provider: "openai", model: "gpt-4o" }, { rubric: { text: "t" }, reps: 2, provider: "google" }]) {
    let i = 0;
    const scores = [0.8, 0.6];
    const stub = { evaluate: async () => ({ score: scores[i++], reasoning: "Looks good" }) };
    const expected = await make(() => stub, ref.resolveRubric, () => null)("response", config);
    let j = 0;
    const got = await ours.validateJudge("response", config, async () => ({ score: scores[j++], reasoning: "Looks good" }));
    const { judgeModel, ...rest } = expected.details;
    assert.deepEqual(got.details, judgeModel === undefined ? rest : expected.details);
    assert.equal(got.message, expected.message);
  }
});

// ---- evals/datasetTypes.ts -----------------------------------------------

const zodPath = (p) => p.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`)).join("");
const refIssues = (fn, v) => {
  try {
    fn(v);
    return null;
  } catch (e) {
    return e.issues;
  }
};

test("validateEvalCase: accepts and rejects as the reference (datasetTypes.test.ts)", () => {
  const accepted = [
    { id: "test-1", toolName: "get_weather", args: { city: "London" } },
    {
      id: "test-1",
      description: "Get weather for London",
      toolName: "get_weather",
      args: { city: "London" },
      expect: { response: { temperature: 20 }, schema: "weather-response", passesJudge: { rubric: { text: "Should contain temperature" } } },
      metadata: { priority: "high" },
    },
    { id: "test-1", mode: "mcp_host", scenario: "Get the weather for London" },
    { id: "test-1", toolName: "search", args: { query: "test", filters: { type: "document" }, limit: 10 } },
    { id: "test", judgeReps: 3 },
    { id: "test", expect: { passesJudge: { rubric: "correctness", reps: 5 } } },
    { id: "test", expect: { passesJudge: [{ rubric: "correctness" }, { judge: "domain-relevance", threshold: 0.9 }] } },
    { id: "test", expect: { passesJudge: { rubric: "correctness", provider: "openai", model: "gpt-4o", apiKeyEnvVar: "K", maxTokens: 512, temperature: 0.2, maxBudgetUsd: 0.05, maxToolOutputSize: 100000 } } },
    { id: "test", canonicalAnswer: "Paris is the capital of France.", tags: [] },
    { id: "c", mode: "mcp_host", scenario: "s", mcpHostConfig: { provider: "xai", hostType: "cli", cli: { command: "x", args: ["a"], outputFormat: "json" } } },
  ];
  for (const c of accepted) {
    assert.equal(ref.validateEvalCase(c) !== undefined, true);
    assert.equal(ours.validateEvalCase(c), c);
  }
  const rejected = [
    { toolName: "get_weather", args: {} },
    { id: "", toolName: "get_weather", args: {} },
    { id: "test-1", toolName: "", args: {} },
    { id: "test", judgeReps: 0 },
    { id: "test", judgeReps: -1 },
    { id: "test", expect: { passesJudge: { rubric: "correctness", reps: 0 } } },
    { id: "test", expect: { passesJudge: { rubric: "this is not a built-in rubric" } } },
    { id: "test", expect: { passesJudge: { rubric: { text: "" } } } },
    { id: "test", expect: { passesJudge: { rubric: "correctness", provider: "ollama" } } },
    { id: "test", expect: { passesJudge: [] } },
    { id: "test", expect: { passesJudge: [{ threshold: 0.8 }] } },
    { id: "test", tags: [123] },
    { id: "c", mcpHostConfig: { provider: "ollama" } },
    { id: "c", mcpHostConfig: { cli: { command: "x" } } },
    { id: "c", mcpHostConfig: { maxTokens: "10" } },
    5,
    null,
  ];
  for (const c of rejected) {
    const issues = refIssues(ref.validateEvalCase, c);
    assert.ok(issues, JSON.stringify(c));
    assert.throws(
      () => ours.validateEvalCase(c),
      (e) => {
        assert.equal(e.name, "MatcherError");
        assert.equal(e.code, "INVALID_ARGUMENT");
        // zod names a union's field where we name the item within it.
        const [mine, theirs] = [e.issues[0].path, issues[0].path];
        assert.deepEqual(mine.slice(0, theirs.length), theirs, JSON.stringify(c));
        if (mine.length === theirs.length) assert.equal(e.issues[0].code, issues[0].code, JSON.stringify(c));
        assert.equal(e.path, mine.length === 0 ? "evalCase" : zodPath(mine));
        return true;
      },
    );
  }
});

test("dataset errors: a MatcherError with its path and zod-shaped issues, codes as zod's", () => {
  const c = (x) => ({ name: "d", cases: [{ id: "a", ...x }] });
  const inputs = [
    {},
    { name: "", cases: [{ id: "a" }] },
    { name: "d" },
    { name: "d", cases: [] },
    { name: 5, cases: [{ id: "a" }] },
    c({ id: "" }),
    c({ iterations: 0 }),
    c({ iterations: 1.5 }),
    c({ iterations: "x" }),
    c({ accuracyThreshold: 2 }),
    c({ mode: "x" }),
    c({ tags: [1] }),
    c({ args: [] }),
    c({ expect: { containsText: 5 } }),
    c({ expect: { passesJudge: {} } }),
    c({ expect: { passesJudge: [] } }),
    c({ expect: { snapshotSanitizers: ["nope"] } }),
    c({ expect: { toolCallCount: { min: -1 } } }),
    c({ expect: { responseSize: { maxBytes: "1" } } }),
    c({ expect: { isError: 5 } }),
    c({ expect: { passesJudge: { rubric: { text: "" } } } }),
    c({ expect: { passesJudge: { rubric: "correctness", maxBudgetUsd: 0 } } }),
    c({ mcpHostConfig: { provider: "x" } }),
    c({ expect: { toolsTriggered: { calls: [{}] } } }),
    c({ expect: { toolsTriggered: {} } }),
    5,
    null,
    [],
  ];
  for (const d of inputs) {
    const issues = refIssues(ref.validateEvalDataset, d);
    assert.ok(issues, JSON.stringify(d));
    let thrown;
    try {
      ours.validateEvalDataset(d);
    } catch (e) {
      thrown = e;
    }
    assert.ok(thrown instanceof ours.MatcherError, JSON.stringify(d));
    assert.equal(thrown.code, "INVALID_ARGUMENT");
    assert.equal(thrown.issues.length, 1);
    const [mine] = thrown.issues;
    assert.deepEqual(Object.keys(mine).sort(), ["code", "message", "path"]);
    assert.deepEqual(mine.path, issues[0].path, JSON.stringify(d));
    assert.equal(mine.code, issues[0].code, JSON.stringify(d));
    assert.equal(thrown.path, mine.path.length === 0 ? "dataset" : zodPath(mine.path));
    assert.equal(thrown.message, `${mine.message} (at ${thrown.path})`);
  }
  // runEvalDataset's refusal carries them too.
  return assert.rejects(ours.runEvalDataset(c({ iterations: 0 }), async () => ({})), (e) => e.issues[0].code === "too_small" && e.path === "cases[0].iterations");
});

test("dataset: a matchesPattern or sanitizer pattern that does not compile is refused at its field", () => {
  const c = (expect) => ({ name: "d", cases: [{ id: "a", toolName: "t", args: {}, expect }] });
  // The reference accepts these and fails only when the case runs.
  for (const [expect, path, pattern] of [
    [{ matchesPattern: ")4" }, "cases[0].expect.matchesPattern", ")4"],
    [{ matchesPattern: ["ok", "(a"] }, "cases[0].expect.matchesPattern[1]", "(a"],
    [{ matchesPattern: "x(?=y)" }, "cases[0].expect.matchesPattern", "x(?=y)"],
    [{ snapshot: "s", snapshotSanitizers: ["uuid", { pattern: "[invalid" }] }, "cases[0].expect.snapshotSanitizers[1].pattern", "[invalid"],
  ]) {
    assert.doesNotThrow(() => ref.validateEvalDataset(c(expect)));
    assert.throws(
      () => ours.validateEvalDataset(c(expect)),
      (e) => e.code === "INVALID_ARGUMENT" && e.path === path && e.message.startsWith(`invalid regex pattern "${pattern}"`) && zodPath(e.issues[0].path) === path && e.issues[0].code === "custom",
      JSON.stringify(expect),
    );
  }
  assert.equal(ours.validateEvalDataset(c({ matchesPattern: ["\\d+", "^a$"] })).name, "d");
});

test("sanitizer errors start with the reference's words: invalid regex pattern \"…\"", () => {
  // The reference's applySanitizers (internal to toMatchToolSnapshot), cut from its dist.
  const refApply = new Function(`${cut("var BUILT_IN_PATTERNS", "async function toMatchToolSnapshot")}\nreturn applySanitizers;`)();
  for (const pattern of ["[invalid regex", "(a", "a{2,1}"]) {
    let refMessage;
    try {
      refApply("text", [{ pattern }]);
    } catch (e) {
      refMessage = e.message;
    }
    assert.ok(refMessage.includes(`invalid regex pattern "${pattern}"`), refMessage);
    assert.throws(() => ours.applySanitizers("text", [{ pattern }]), (e) => e.message.startsWith(`invalid regex pattern "${pattern}"`) && e.path === "sanitizers[0].pattern");
  }
});

test("loadEvalDatasetFromObject: the reference's result (schemas added, validation on by default)", () => {
  const data = { name: "d", cases: [{ id: "a", toolName: "t", args: {} }], metadata: { v: 1 } };
  const schemas = { S: { type: "object" } };
  for (const options of [undefined, {}, { schemas }, { validate: false }, { validate: true, schemas }]) {
    assert.deepEqual(ours.loadEvalDatasetFromObject(data, options), ref.loadEvalDatasetFromObject(data, options));
  }
  const invalid = { name: "", cases: [] };
  assert.deepEqual(ours.loadEvalDatasetFromObject(invalid, { validate: false }), ref.loadEvalDatasetFromObject(invalid, { validate: false }));
  assert.throws(() => ref.loadEvalDatasetFromObject(invalid));
  assert.throws(() => ours.loadEvalDatasetFromObject(invalid), (e) => e.code === "INVALID_ARGUMENT" && e.path === "name" && e.issues[0].code === "too_small");
  assert.throws(() => ours.loadEvalDatasetFromObject(data, { validate: "yes" }), { code: "INVALID_OPTION", path: "options.validate" });
  assert.throws(() => ours.loadEvalDatasetFromObject(data, { schemas: 5 }), { code: "INVALID_OPTION", path: "options.schemas" });
});

// ---- evals/evalRunner.ts: runEvalCase ------------------------------------

// The reference's createMockMCP: a callTool answering `response` (or a function of the call count).
function both(response) {
  const answer = (n) => (typeof response === "function" ? response(n) : structuredClone(response));
  let refCalls = 0;
  let ourCalls = 0;
  const refCallTool = async () => {
    const r = answer(refCalls++);
    if (r instanceof Error) throw r;
    return r;
  };
  const ourCallTool = async () => {
    const r = answer(ourCalls++);
    if (r instanceof Error) throw r;
    return r;
  };
  return [{ mcp: { callTool: refCallTool, authType: "none", project: "p" } }, ourCallTool];
}

const FIELDS = ["id", "datasetName", "toolName", "source", "pass", "error", "tags", "assertionPassRate", "assertionPassRateCI", "infrastructureErrorRate", "infrastructureErrorCount"];
async function sameCase(evalCase, response, options = {}) {
  const [context, callTool] = both(response);
  const expected = await ref.runEvalCase(evalCase, context, options);
  const got = await ours.runEvalCase(evalCase, callTool, options);
  for (const k of FIELDS) assert.deepEqual(got[k], expected[k], `${evalCase.id}: ${k}`);
  assert.deepEqual(got.response, expected.response);
  // The reference's runner keeps `{ pass, details: message }`; ours the check result `{ pass, message, details? }`.
  assert.deepEqual(
    Object.fromEntries(Object.entries(got.expectations).map(([k, v]) => [k, [v.pass, v.message]])),
    Object.fromEntries(Object.entries(expected.expectations).map(([k, v]) => [k, [v.pass, v.details]])),
    evalCase.id,
  );
  assert.deepEqual(got.iterationResults?.map((i) => [i.pass, i.error, i.isInfrastructureError]), expected.iterationResults?.map((i) => [i.pass, i.error, i.isInfrastructureError]));
  return got;
}

const TEXT = (text, extra = {}) => ({ content: [{ type: "text", text }], isError: false, ...extra });

test("runEvalCase: as the reference's runEvalCase (evalRunner.test.ts), with the tool the caller's", async () => {
  const base = { id: "test-case", toolName: "test-tool", args: { input: "test" } };
  const seen = [];
  const r = await ours.runEvalCase(base, async (name, args) => (seen.push([name, args]), TEXT("hello")));
  assert.deepEqual(seen, [["test-tool", { input: "test" }]]);
  assert.deepEqual([r.id, r.toolName, r.source, r.datasetName, r.pass], ["test-case", "test-tool", "eval", "single-case", true]);
  assert.ok(r.durationMs >= 0);
  await sameCase(base, TEXT("fallback", { structuredContent: { data: "structured" } }));
  await sameCase({ ...base, expect: { containsText: "hello" } }, TEXT("hello world"));
  await sameCase({ ...base, expect: { containsText: "goodbye" } }, TEXT("hello world"));
  await sameCase({ ...base, expect: { matchesPattern: "#\\d+" } }, TEXT("Order #12345 confirmed"));
  await sameCase({ ...base, expect: { containsText: ["Order", "John"], matchesPattern: "#\\d+" } }, TEXT("Order #12345 confirmed for John"));
  await sameCase({ ...base, expect: { containsText: "Order", matchesPattern: "#\\d+" } }, TEXT("Order confirmed"));
  await sameCase({ ...base, expect: { isError: true } }, { content: [{ type: "text", text: "Error: something went wrong" }], isError: true });
  await sameCase({ ...base, expect: { schema: "MissingSchema" } }, TEXT("x", { structuredContent: { data: "test" } }), { schemas: {} });
  await sameCase({ ...base, toolName: undefined }, TEXT("x"));
  await sameCase({ ...base, args: undefined }, TEXT("x"));
  await sameCase({ ...base, tags: ["search", "multi-hop"] }, TEXT("x"));
  await sameCase(base, TEXT("x"), { datasetName: "my-dataset" });
  const failed = await sameCase({ ...base, expect: { containsText: "hello" } }, () => new Error("Tool failed"));
  assert.equal(failed.expectations.textContains, undefined);
  // mcp_host: the reference's refusals, and the simulation a caller returns.
  await sameCase({ ...base, mode: "mcp_host", scenario: undefined, mcpHostConfig: { provider: "openai", model: "gpt-4" } }, TEXT("x"));
  await sameCase({ ...base, mode: "mcp_host", scenario: "test scenario", mcpHostConfig: undefined }, TEXT("x"));
  const sim = { success: true, toolCalls: [{ name: "search", arguments: { query: "hello" } }], response: "Done" };
  await sameCase({ ...base, expect: { toolsTriggered: { calls: [{ name: "search", required: true }] } } }, sim);
  await sameCase({ ...base, expect: { toolsTriggered: { calls: [{ name: "other", required: true }] } } }, sim);
  await sameCase({ ...base, expect: { toolsTriggered: { calls: [{ name: "search" }] } } }, TEXT("plain text"));
  await sameCase({ ...base, expect: { toolCallCount: { min: 1, max: 3 } } }, sim);
  await sameCase({ ...base, judgeReps: 2, expect: { containsText: "hello" } }, TEXT("hello"));
});

test("runEvalCase: iterations, accuracyThreshold and infrastructure errors as the reference", async () => {
  const base = { id: "multi", toolName: "t", args: {}, expect: { containsText: "hello" } };
  const alternating = (n) => TEXT(n % 2 === 1 ? "nope" : "hello");
  const r = await sameCase({ ...base, iterations: 4, accuracyThreshold: 0.5 }, alternating);
  assert.deepEqual([r.assertionPassRate, r.pass, r.iterationResults.length], [0.5, true, 4]);
  assert.ok(r.assertionPassRateCI.lower < 0.5 && r.assertionPassRateCI.upper > 0.5);
  await sameCase({ ...base, iterations: 3, accuracyThreshold: 0.8 }, TEXT("wrong"));
  const single = await sameCase(base, TEXT("hello"));
  assert.equal(single.assertionPassRate, undefined);
  assert.equal(single.iterationResults, undefined);
  const infra = await sameCase({ ...base, iterations: 2, accuracyThreshold: 1 }, (n) => (n === 0 ? new Error("ECONNRESET: connection reset by peer") : TEXT("hello")));
  assert.deepEqual([infra.infrastructureErrorCount, infra.assertionPassRate, infra.pass], [1, 1, true]);
});

test("runEvalCase: a malformed case or call is a coded error", async () => {
  await assert.rejects(ours.runEvalCase({ id: "" }, async () => ({})), (e) => e.code === "INVALID_ARGUMENT" && e.path === "id" && e.issues[0].code === "too_small");
  await assert.rejects(ours.runEvalCase(null, async () => ({})), { code: "INVALID_ARGUMENT", path: "evalCase" });
  await assert.rejects(ours.runEvalCase({ id: "a" }, "tool"), { code: "INVALID_ARGUMENT", path: "callTool" });
  await assert.rejects(ours.runEvalCase({ id: "a" }, async () => ({}), { datasetName: 5 }), { code: "INVALID_OPTION", path: "options.datasetName" });
});

// ---- evals/evalRunComparison.ts ------------------------------------------

const createCase = (id, pass) => ({ id, datasetName: "comparison-test", toolName: "mcp_host", source: "eval", pass, expectations: {}, durationMs: 1 });
function createRun(cases, overrides = {}) {
  const passed = cases.filter((c) => c.pass).length;
  return { total: cases.length, passed, failed: cases.length - passed, caseResults: cases, durationMs: 10, ...overrides };
}

test("compareEvalRuns: the reference's result, value for value (evalRunComparison.test.ts)", () => {
  const scenarios = [
    {
      baseline: createRun([createCase("improved", false), createCase("regressed", true), createCase("unchanged-pass", true), createCase("unchanged-fail", false), createCase("missing-from-candidate", true)]),
      candidate: createRun([createCase("improved", true), createCase("regressed", false), createCase("unchanged-pass", true), createCase("unchanged-fail", false), createCase("missing-from-baseline", true)]),
    },
    {
      baseline: createRun([createCase("a", true), createCase("b", false), createCase("c", false)], { datasetToolPrecision: 0.5, datasetToolRecall: 0.25, datasetToolF1: 1 / 3 }),
      candidate: createRun([createCase("a", true), createCase("b", true), createCase("c", false)], { datasetToolPrecision: 0.75, datasetToolRecall: 0.5, datasetToolF1: 0.6 }),
    },
    { baseline: createRun([createCase("a", true)], { datasetToolPrecision: 0.5 }), candidate: createRun([createCase("a", true)]) },
    { baseline: createRun([createCase("a", true)]), candidate: createRun([createCase("a", true)], { metadata: { timestamp: "t", packageVersion: "1.0.0", toolOverrideVariantId: "search-description-v2" } }) },
    {
      baseline: createRun([createCase("a", true)]),
      candidate: createRun([createCase("a", true)], { metadata: { toolOverrideVariantId: "v" } }),
      labels: { baseline: "control", candidate: "candidate-a" },
    },
    { baseline: createRun([]), candidate: createRun([]) },
    // Repeated ids: the candidate's last one is paired; unseen repeats each count.
    {
      baseline: createRun([createCase("a", true), createCase("a", false), createCase("b", true)]),
      candidate: createRun([createCase("a", false), createCase("a", true), createCase("n", true), createCase("n", false)]),
    },
    { baseline: createRun([createCase("a", false)]), candidate: createRun([createCase("a", true)]), labels: { baseline: "control", candidate: "variant" } },
  ];
  for (const s of scenarios) assert.deepStrictEqual(ours.compareEvalRuns(s), ref.compareEvalRuns(s));
  // The cases are the callers' own objects.
  const s = scenarios[0];
  const c = ours.compareEvalRuns(s);
  assert.equal(c.cases[0].baseline, s.baseline.caseResults[0]);
  assert.equal(c.improvedCases[0], c.cases[0]);
  // Our own run results compare as well (a JSON round trip, as a stored baseline).
  const ourRun = { total: 2, passed: 1, failed: 1, passRate: 0.5, caseResults: [createCase("x", true), createCase("y", false)], durationMs: 3 };
  const stored = JSON.parse(JSON.stringify(ourRun));
  assert.deepStrictEqual(ours.compareEvalRuns({ baseline: stored, candidate: ourRun }), ref.compareEvalRuns({ baseline: stored, candidate: ourRun }));
});

test("compareEvalRuns: wrong-typed runs are refused, not coerced", () => {
  const ok = createRun([createCase("a", true)]);
  for (const [options, path] of [
    [null, "options"],
    [{ baseline: ok }, "options.candidate"],
    [{ baseline: { ...ok, total: "1" }, candidate: ok }, "options.baseline.total"],
    [{ baseline: ok, candidate: { ...ok, caseResults: [{ id: 1, pass: true }] } }, "options.candidate.caseResults[0].id"],
    [{ baseline: ok, candidate: { ...ok, caseResults: [{ id: "a", pass: "yes" }] } }, "options.candidate.caseResults[0].pass"],
    [{ baseline: { ...ok, datasetToolF1: "x" }, candidate: ok }, "options.baseline.datasetToolF1"],
    [{ baseline: ok, candidate: ok, labels: { baseline: 5 } }, "options.labels.baseline"],
  ]) {
    assert.throws(() => ours.compareEvalRuns(options), (e) => e.name === "MatcherError" && e.code === "INVALID_ARGUMENT" && e.path === path, path);
  }
});

// EvalCaseSchema / EvalDatasetSchema: what callers do with the reference's zod
// schemas (parse, safeParse) gives the same verdict on the cases its own
// datasetTypes tests try (judgeReps, passesJudge reps and rubrics, judges,
// tags), compared with the installed reference value by value.
test("EvalCaseSchema and EvalDatasetSchema: safeParse and parse agree with the reference's zod schemas", () => {
  const cases = [
    { id: "t", judgeReps: 3 },
    { id: "t", judgeReps: 0 },
    { id: "t", judgeReps: -1 },
    { id: "t", judgeReps: 1.5 },
    { id: "t", expect: { passesJudge: { rubric: "correctness", reps: 5 } } },
    { id: "t", expect: { passesJudge: { rubric: "correctness", reps: 0 } } },
    { id: "t", expect: { passesJudge: { rubric: "correctness" } } },
    { id: "t", expect: { passesJudge: { rubric: { text: "Is it polite?" } } } },
    { id: "t", expect: { passesJudge: { rubric: "no-such-rubric" } } },
    { id: "t", expect: { passesJudge: { judges: [{ rubric: "correctness" }, { rubric: "completeness" }] } } },
    { id: "t", tags: ["smoke", "fast"] },
    { id: "t", tags: "smoke" },
    { id: "" },
    { toolName: "x" },
    { id: "t", toolName: "search", args: { q: "x" } },
    { id: "t", mode: "mcp_host", scenario: "Find it" },
    { id: "t", mode: "elsewhere" },
    42,
    null,
  ];
  for (const c of cases) {
    const want = ref.EvalCaseSchema.safeParse(c).success;
    const got = ours.EvalCaseSchema.safeParse(c);
    assert.equal(got.success, want, JSON.stringify(c));
    if (!got.success) {
      assert.ok(got.error instanceof ours.MatcherError && Array.isArray(got.error.issues) && got.error.issues.length > 0);
      assert.throws(() => ours.EvalCaseSchema.parse(c), (e) => e instanceof ours.MatcherError);
      assert.ok(Array.isArray(ours.EvalCaseSchema["~standard"].validate(c).issues));
    } else {
      assert.equal(ours.EvalCaseSchema.parse(c), c);
      assert.deepEqual(ours.EvalCaseSchema["~standard"].validate(c), { value: c });
    }
  }
  for (const d of [{ name: "d", cases: [{ id: "a" }] }, { name: "d", cases: [] }, { name: "", cases: [{ id: "a" }] }, { cases: [{ id: "a" }] }]) {
    assert.equal(ours.EvalDatasetSchema.safeParse(d).success, ref.EvalDatasetSchema.safeParse(d).success, JSON.stringify(d));
  }
});
