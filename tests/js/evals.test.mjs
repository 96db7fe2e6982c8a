// Tests of the judge, custom predicates and eval datasets (pkg/evals.js).
// Expected values come from @gleanwork/mcp-server-tester@1.1.0: its exported
// validators and validateEvalDataset, and, for code it does not export
// (buildJudgePrompt, validateJudge, computeStdDev), its own functions cut
// from dist/index.js with the model call stubbed.
//
//   node --test tests/js/evals.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as ref from "@gleanwork/mcp-server-tester";
import * as ours from "../../pkg/index.js";

const dist = createRequire(import.meta.url).resolve("@gleanwork/mcp-server-tester");
const source = readFileSync(dist, "utf8");
const cut = (from, to) => source.slice(source.indexOf(from), source.indexOf(to));
const refPrompt = new Function(`${cut("function buildJudgePrompt(", "function parseJudgeResponse(")}\nreturn buildJudgePrompt;`)();
// validateJudge with createJudge replaced by a stub returning `scores` in turn.
function refValidateJudge(scores, reasoning) {
  const make = new Function(
    "createJudge",
    "resolveRubric",
    "getRegisteredJudge",
    `${cut("function computeStdDev(", "// src/mcp/fixtures/mcpFixture.ts")}\nreturn validateJudge;`,
  );
  let i = 0;
  const judge = { evaluate: async () => ({ score: scores[i++], reasoning }) };
  const warn = console.warn;
  return async (response, config) => {
    console.warn = () => {};
    try {
      return await make(() => judge, ref.resolveRubric, () => null)(response, config);
    } finally {
      console.warn = warn;
    }
  };
}

const fixture = (name) => JSON.parse(readFileSync(new URL(`../fixtures/responses/${name}.result.json`, import.meta.url), "utf8"));

test("built-in rubrics: the reference's five names, each on the 5-point scale", () => {
  assert.deepEqual(Object.keys(ours.BUILT_IN_RUBRICS).sort(), Object.keys(ref.BUILT_IN_RUBRICS).sort());
  for (const [name, text] of Object.entries(ours.BUILT_IN_RUBRICS)) {
    for (const level of ["1.0", "0.75", "0.5", "0.25", "0.0"]) assert.ok(text.includes(`Score ${level}`), `${name} ${level}`);
    assert.equal(ours.resolveRubric(name), text);
  }
  assert.equal(ours.resolveRubric({ text: "Score 0-1." }), ref.resolveRubric({ text: "Score 0-1." }));
  assert.throws(() => ours.resolveRubric("tone"), { code: "INVALID_OPTION", path: "rubric" });
  assert.throws(() => ours.resolveRubric({ text: "" }), { code: "INVALID_ARGUMENT" });
});

test("buildJudgePrompt: the reference's template", () => {
  const rubric = ref.BUILT_IN_RUBRICS.correctness;
  for (const [c, r] of [
    ["plain text", null],
    [fixture("everything/get-structured-content"), { temperature: 36 }],
    [{ b: 1, a: [1, 2] }, "The sum is -4.5"],
    ["x", undefined],
  ]) {
    assert.equal(ours.buildJudgePrompt(c, r, rubric), refPrompt(c, r, rubric));
  }
  assert.equal(ours.buildJudgePrompt("x", null, "correctness"), refPrompt("x", null, ours.BUILT_IN_RUBRICS.correctness));
});

test("parseJudgeVerdict: fences and prose; score outside 0-1 is a coded error", () => {
  const want = { pass: true, score: 0.75, reasoning: "ok" };
  assert.deepEqual(ours.parseJudgeVerdict('{"pass": true, "score": 0.75, "reasoning": "ok"}'), want);
  assert.deepEqual(ours.parseJudgeVerdict('```json\n{"pass": true, "score": 0.75, "reasoning": "ok"}\n```'), want);
  assert.deepEqual(ours.parseJudgeVerdict('Here is my verdict:\n```\n{"pass": true, "score": 0.75, "reasoning": "ok"}\n```\nThanks.'), want);
  assert.deepEqual(ours.parseJudgeVerdict('I think {not json} then {"pass": true, "score": 0.75, "reasoning": "ok"} done'), want);
  assert.throws(() => ours.parseJudgeVerdict('{"pass": true, "score": 1.5, "reasoning": ""}'), { code: "INVALID_ARGUMENT", path: "verdict.score" });
  assert.throws(() => ours.parseJudgeVerdict('{"pass": true, "score": -0.25, "reasoning": ""}'), { code: "INVALID_ARGUMENT", path: "verdict.score" });
  assert.throws(() => ours.parseJudgeVerdict("no verdict here"), { code: "INVALID_JSON", path: "verdict" });
});

test("validateJudge: messages, mean, standard deviation and threshold as the reference", async () => {
  const response = fixture("everything/get-sum");
  const cases = [
    [[0.75], {}],
    [[0.5], {}],
    [[0.7], {}],
    [[1, 0.25, 0.5], { threshold: 0.5 }],
    [[0, 0.25], { threshold: 0.1 }],
    [[0.25, 0], {}],
    [[1, 1, 0.75, 0.25], { threshold: 0.75 }],
    [[1], { threshold: 1 }],
  ];
  for (const [scores, extra] of cases) {
    const config = { rubric: "correctness", reps: scores.length, ...extra };
    const expected = await refValidateJudge(scores, "because")(response, config);
    let i = 0;
    const got = await ours.validateJudge(response, config, async () => `\`\`\`json\n${JSON.stringify({ pass: true, score: scores[i++], reasoning: "because" })}\n\`\`\``);
    assert.equal(got.pass, expected.pass, JSON.stringify(scores));
    assert.equal(got.message, expected.message);
    // The reference's details, judgeProvider included (its judgeModel key is undefined here: no model given).
    const { judgeModel, ...details } = expected.details;
    assert.equal(judgeModel, undefined);
    assert.deepEqual(got.details, details);
  }
});

test("validateJudge: a throwing judge or an unreadable reply is a failed result", async () => {
  const r1 = await ours.validateJudge("x", { rubric: "conciseness" }, async () => {
    throw new Error("rate limited");
  });
  assert.deepEqual(r1, { pass: false, message: "Judge evaluation error: rate limited" });
  const r2 = await ours.validateJudge("x", { rubric: "conciseness" }, async () => '{"score": 2}');
  assert.equal(r2.pass, false);
  assert.match(r2.message, /^Judge evaluation error: /);
  await assert.rejects(ours.validateJudge("x", { rubric: "conciseness", threshold: 2 }, async () => ""), { code: "INVALID_OPTION", path: "config.threshold" });
});

test("validatePredicate: boolean, { pass, message }, promise, throw, description", async () => {
  const r = fixture("everything/echo");
  assert.deepEqual(await ours.validatePredicate(r, (_, t) => t.startsWith("Echo:")), { pass: true, message: "Predicate passed" });
  assert.deepEqual(await ours.validatePredicate(r, () => false, "echo prefix"), { pass: false, message: "echo prefix: Predicate returned false" });
  assert.deepEqual(await ours.validatePredicate(r, async () => ({ pass: false, message: "nope" })), { pass: false, message: "custom predicate: nope" });
  assert.deepEqual(await ours.validatePredicate(r, async (resp) => ({ pass: resp.content.length === 1 })), { pass: true, message: "Response satisfies custom predicate" });
  const thrown = await ours.validatePredicate(r, () => {
    throw new Error("boom");
  }, "json");
  assert.deepEqual(thrown, { pass: false, message: "json: Predicate threw error: boom" });
});

const base = () => ({ name: "d", cases: [{ id: "a", toolName: "echo", args: { message: "hi" }, expect: { containsText: "hi" } }] });
// Inside a union zod names the union's field; we name the item within it.
const within = (ours, theirs) => ours === theirs || ours.startsWith(`${theirs}[`) || ours.startsWith(`${theirs}.`) || (theirs === "" && ours === "dataset");
const zodPath = (p) => p.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`)).join("");

test("validateEvalDataset: accepts and rejects as the reference, naming the field path", () => {
  const mutations = [
    (d) => d,
    (d) => delete d.name,
    (d) => (d.name = ""),
    (d) => (d.cases = []),
    (d) => (d.cases = "x"),
    (d) => (d.cases[0].id = ""),
    (d) => (d.cases[0].id = 3),
    (d) => (d.cases[0].mode = "browser"),
    (d) => (d.cases[0].expect.responseSize = { maxBytes: "10" }),
    (d) => (d.cases[0].expect.responseSize = { minBytes: 1, maxBytes: 10 }),
    (d) => (d.cases[0].expect.containsText = ["a", 1]),
    (d) => (d.cases[0].expect.matchesPattern = 5),
    (d) => (d.cases[0].expect.isError = ["x", "y"]),
    (d) => (d.cases[0].expect.isError = 1),
    (d) => (d.cases[0].expect.snapshotSanitizers = ["uuid", { pattern: "a", replacement: "b" }, { remove: ["x.y"] }]),
    (d) => (d.cases[0].expect.snapshotSanitizers = ["guid"]),
    (d) => (d.cases[0].expect.passesJudge = { rubric: "correctness", threshold: 0.75 }),
    (d) => (d.cases[0].expect.passesJudge = { rubric: "tone" }),
    (d) => (d.cases[0].expect.passesJudge = { threshold: 0.5 }),
    (d) => (d.cases[0].expect.passesJudge = { rubric: { text: "t" }, threshold: 1.5 }),
    (d) => (d.cases[0].expect.passesJudge = [{ rubric: "conciseness" }, { judge: "mine", reps: 0 }]),
    (d) => (d.cases[0].expect.toolsTriggered = { calls: [{ name: "a", arguments: { x: 1 } }], order: "strict" }),
    (d) => (d.cases[0].expect.toolsTriggered = { calls: [{ arguments: {} }] }),
    (d) => (d.cases[0].expect.toolsTriggered = { calls: [], order: "sorted" }),
    (d) => (d.cases[0].expect.toolCallCount = { min: 1.5 }),
    (d) => (d.cases[0].expect.toolCallCount = { exact: -1 }),
    (d) => (d.cases[0].iterations = 0),
    (d) => (d.cases[0].accuracyThreshold = 2),
    (d) => (d.cases[0].tags = ["a", null]),
    (d) => (d.cases[0].args = [1]),
    (d) => (d.metadata = "m"),
    (d) => d.cases.push({ id: "b", expect: { responseSize: { maxBytes: "1" } } }),
  ];
  for (const [i, m] of mutations.entries()) {
    const d = base();
    m(d);
    let refError;
    try {
      ref.validateEvalDataset(d);
    } catch (e) {
      refError = e;
    }
    if (!refError) {
      assert.equal(ours.validateEvalDataset(d), d, `mutation ${i}`);
      continue;
    }
    const path = zodPath(refError.issues[0].path);
    assert.throws(() => ours.validateEvalDataset(d), (e) => e.code === "INVALID_ARGUMENT" && within(e.path, path), `mutation ${i}: ${path}`);
  }
  const d = base();
  d.cases.push({ id: "b" }, { id: "c" }, { id: "d", expect: { responseSize: { maxBytes: "1" } } });
  assert.throws(() => ours.validateEvalDataset(d), { path: "cases[3].expect.responseSize.maxBytes", message: "expected a number (at cases[3].expect.responseSize.maxBytes)" });
});

test("evaluateExpectations: one result per expectation, messages of the reference's validators", async () => {
  const r = fixture("everything/get-structured-content");
  const block = {
    response: r,
    containsText: ["temperature", "Sunny"],
    matchesPattern: "\\d+",
    isError: false,
    responseSize: { maxBytes: 10 },
    toolCallCount: { min: 1 },
  };
  const got = await ours.evaluateExpectations(block, r);
  assert.deepEqual(Object.keys(got).sort(), ["error", "exact", "regex", "size", "textContains", "toolCallCount"]);
  assert.equal(got.textContains.message, ref.validateText(r, block.containsText).message);
  assert.equal(got.textContains.pass, false);
  assert.equal(got.regex.message, ref.validatePattern(r, block.matchesPattern).message);
  assert.equal(got.error.message, ref.validateError(r, false).message);
  assert.equal(got.toolCallCount.message, ref.validateToolCallCount(r, block.toolCallCount).message);
  assert.equal(got.exact.pass, true);
  assert.equal(got.size.pass, false);
});

test("evaluateExpectations: schema, snapshot, judge and predicate", async () => {
  const r = fixture("everything/echo");
  const text = "Echo: Hello from the recorder";
  const got = await ours.evaluateExpectations(
    { schema: "missing", snapshot: "echo", passesJudge: { rubric: "correctness", threshold: 0.5 }, predicate: (_, t) => t === text },
    r,
    { snapshots: { echo: text }, judge: async () => '{"pass": true, "score": 0.5, "reasoning": "fine"}' },
  );
  assert.deepEqual(got.schema, { pass: false, message: 'Schema "missing" not found in schemas registry' });
  assert.deepEqual(got.snapshot, { pass: true, message: 'Matches snapshot "echo"' });
  assert.equal(got.judge.pass, true);
  assert.equal(got.judge.message, "Judge passed with score 0.50");
  assert.equal(got.predicate.pass, true);
  const missing = await ours.evaluateExpectations({ snapshot: "none" }, r, {});
  assert.equal(missing.snapshot.pass, false);
});

test("runEvalDataset: per-case results, counts and pass rate", async () => {
  const files = { echo: "everything/echo", "get-sum": "everything/get-sum", unknown: "everything/error-unknown-tool" };
  const dataset = {
    name: "recorded",
    cases: [
      { id: "echo", toolName: "echo", args: {}, expect: { containsText: ["Echo:"] } },
      { id: "sum", toolName: "get-sum", args: {}, expect: { matchesPattern: "is -4\\.5\\.$" } },
      { id: "err", toolName: "unknown", args: {}, expect: { isError: "not found" } },
      { id: "fails", toolName: "echo", args: {}, expect: { isError: true } },
      { id: "throws", toolName: "nope", args: {} },
    ],
  };
  const run = await ours.runEvalDataset(dataset, async (name) => {
    if (!files[name]) throw new Error(`no tool ${name}`);
    return fixture(files[name]);
  });
  assert.equal(run.total, 5);
  assert.equal(run.passed, 3);
  assert.equal(run.failed, 2);
  assert.equal(run.passRate, 0.6);
  assert.deepEqual(run.caseResults.map((c) => c.pass), [true, true, true, false, false]);
  assert.equal(run.caseResults[4].error, "no tool nope");
  assert.equal(run.caseResults[3].expectations.error.message, ref.validateError(fixture(files.echo), true).message);
  await assert.rejects(ours.runEvalDataset({ name: "x", cases: [] }, async () => null), { code: "INVALID_ARGUMENT", path: "cases" });
});

test("runEvalDataset: an mcp_host case gets the caller's simulation for toolsTriggered and toolCallCount", async () => {
  const sim = { success: true, toolCalls: [{ name: "search", arguments: { q: "rust" } }, { name: "fetch", arguments: {} }] };
  const expect = { toolsTriggered: { calls: [{ name: "search", arguments: { q: "rust" } }], exclusive: true }, toolCallCount: { max: 1 } };
  const run = await ours.runEvalDataset({ name: "host", cases: [{ id: "h", mode: "mcp_host", scenario: "find rust", mcpHostConfig: { provider: "openai" }, expect }] }, async () => sim);
  const e = run.caseResults[0].expectations;
  assert.equal(e.toolsTriggered.message, ref.validateToolCalls(sim, expect.toolsTriggered).message);
  assert.equal(e.toolCallCount.message, ref.validateToolCallCount(sim, expect.toolCallCount).message);
  assert.equal(run.caseResults[0].pass, false);
});
