// runEvalDataset's run options (iterations, accuracyThreshold, concurrency,
// stopOnFailure, filterTags, defaultJudgeReps, onCaseComplete) against the
// reference's own runEvalDataset (@gleanwork/mcp-server-tester@1.1.0) run on
// the same dataset with the same scripted tool: its `context.mcp.callTool` and
// our `callTool` answer from one script of recorded responses
// (tests/fixtures/responses/) and thrown errors.
//
//   node --test tests/js/evals-run.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as ref from "@gleanwork/mcp-server-tester";
import * as ours from "../../pkg/index.js";

const DIR = new URL("../fixtures/responses/", import.meta.url);
const read = (p) => JSON.parse(readFileSync(new URL(p, DIR), "utf8"));
const ECHO = read("everything/echo.result.json"); // "Echo: Hello from the recorder"
const SUM = read("everything/get-sum.result.json"); // "The sum of 2.5 and -7 is -4.5."
const NOT_FOUND = read("everything/error-unknown-tool.result.json");

// The nth call of a tool gets script[tool][n % length]: a response, or an Error to throw.
function scripted(script) {
  const seen = new Map();
  return (tool) => {
    const n = seen.get(tool) ?? 0;
    seen.set(tool, n + 1);
    const list = script[tool] ?? [NOT_FOUND];
    const next = list[n % list.length];
    if (next instanceof Error) throw next;
    return structuredClone(next);
  };
}

async function both(dataset, script, runOptions = {}) {
  const quiet = console.warn;
  const log = console.log;
  console.warn = () => {};
  console.log = () => {};
  try {
    const refTool = scripted(script);
    const refRun = await ref.runEvalDataset({ dataset, ...runOptions }, { mcp: { callTool: async (name, args) => refTool(name, args) } });
    const ourTool = scripted(script);
    const ourRun = await ours.runEvalDataset(dataset, async (name, args) => ourTool(name, args), runOptions);
    return [refRun, ourRun];
  } finally {
    console.warn = quiet;
    console.log = log;
  }
}

const FIELDS = ["id", "pass", "error", "tags", "assertionPassRate", "assertionPassRateCI", "infrastructureErrorRate", "infrastructureErrorCount"];
function same(refRun, ourRun) {
  assert.deepEqual([ourRun.total, ourRun.passed, ourRun.failed], [refRun.total, refRun.passed, refRun.failed]);
  assert.equal(ourRun.passRate, refRun.total === 0 ? 0 : refRun.passed / refRun.total);
  assert.deepEqual(
    ourRun.caseResults.map((r) => Object.fromEntries(FIELDS.map((k) => [k, r[k]]))),
    refRun.caseResults.map((r) => Object.fromEntries(FIELDS.map((k) => [k, r[k]]))),
  );
  assert.deepEqual(
    ourRun.caseResults.map((r) => r.iterationResults?.map((i) => [i.pass, i.error, i.isInfrastructureError])),
    refRun.caseResults.map((r) => r.iterationResults?.map((i) => [i.pass, i.error, i.isInfrastructureError])),
  );
  // The reference's runner keeps `{ pass, details: message }`; ours the whole check result `{ pass, message, details? }`.
  assert.deepEqual(
    ourRun.caseResults.map((r) => Object.fromEntries(Object.entries(r.expectations).map(([k, v]) => [k, [v.pass, v.message]]))),
    refRun.caseResults.map((r) => Object.fromEntries(Object.entries(r.expectations).map(([k, v]) => [k, [v.pass, v.details]]))),
  );
}

const DATASET = {
  name: "run-options",
  cases: [
    { id: "echo-once", toolName: "echo", args: { message: "hi" }, tags: ["smoke"], expect: { containsText: "Echo:" } },
    // Flaky: the script alternates a passing and a failing response.
    { id: "flaky-5", toolName: "flaky", args: {}, iterations: 5, accuracyThreshold: 0.6, tags: ["flaky"], expect: { containsText: "Echo" } },
    { id: "flaky-strict", toolName: "flaky", args: {}, iterations: 4, tags: ["flaky"], expect: { containsText: "Echo" } },
    // Infrastructure errors are left out of the pass rate.
    { id: "infra", toolName: "infra", args: {}, iterations: 4, accuracyThreshold: 1, expect: { containsText: "sum" } },
    { id: "all-infra", toolName: "down", args: {}, iterations: 3, expect: { containsText: "sum" } },
    { id: "tool-error", toolName: "broken", args: {}, expect: { containsText: "x" } },
    { id: "sum", toolName: "get-sum", args: { a: 2.5, b: -7 }, tags: ["smoke", "math"], expect: { matchesPattern: "-4\\.5", isError: false } },
    { id: "fails", toolName: "echo", args: { message: "x" }, tags: ["math"], expect: { containsText: "nope" } },
  ],
};
const SCRIPT = {
  echo: [ECHO],
  "get-sum": [SUM],
  flaky: [ECHO, SUM, ECHO, SUM, ECHO, ECHO],
  infra: [SUM, new Error("read ECONNRESET"), SUM, new Error("429 Too Many Requests")],
  down: [new Error("fetch failed: network unreachable")],
  broken: [new Error("boom")],
};

test("iterations, accuracyThreshold and infrastructure errors as the reference's runEvalCase", async () => {
  const [r, o] = await both(DATASET, SCRIPT);
  same(r, o);
  // Spot values from the reference's rules, not only agreement:
  const flaky = o.caseResults.find((c) => c.id === "flaky-5");
  assert.equal(flaky.assertionPassRate, 3 / 5);
  assert.equal(flaky.pass, true);
  assert.equal(o.caseResults.find((c) => c.id === "flaky-strict").pass, false);
  const infra = o.caseResults.find((c) => c.id === "infra");
  assert.deepEqual([infra.assertionPassRate, infra.infrastructureErrorRate, infra.pass], [1, 0.5, true]);
  assert.deepEqual([o.caseResults.find((c) => c.id === "all-infra").assertionPassRate, o.caseResults.find((c) => c.id === "all-infra").pass], [0, false]);
});

test("concurrency keeps case order and the same verdicts", async () => {
  const [r, o] = await both(DATASET, SCRIPT, { concurrency: 3 });
  same(r, o);
  assert.deepEqual(o.caseResults.map((c) => c.id), DATASET.cases.map((c) => c.id));
});

test("stopOnFailure stops after the first failing case; filterTags runs the tagged cases", async () => {
  const [r, o] = await both(DATASET, SCRIPT, { stopOnFailure: true });
  same(r, o);
  assert.deepEqual(o.caseResults.map((c) => c.id), ["echo-once", "flaky-5", "flaky-strict"]);
  const [r2, o2] = await both(DATASET, SCRIPT, { filterTags: ["math"] });
  same(r2, o2);
  assert.deepEqual(o2.caseResults.map((c) => c.id), ["sum", "fails"]);
});

test("onCaseComplete sees every result; bad run options throw coded errors", async () => {
  const seen = [];
  await ours.runEvalDataset(DATASET, scripted(SCRIPT), { onCaseComplete: (c) => seen.push(c.id) });
  assert.deepEqual(seen, DATASET.cases.map((c) => c.id));
  for (const [options, path] of [
    [{ concurrency: 0 }, "options.concurrency"],
    [{ concurrency: 1.5 }, "options.concurrency"],
    [{ stopOnFailure: "yes" }, "options.stopOnFailure"],
    [{ filterTags: "smoke" }, "options.filterTags"],
    [{ defaultJudgeReps: 0 }, "options.defaultJudgeReps"],
    [{ defaultJudgeReps: 1001 }, "options.defaultJudgeReps"],
    [{ onCaseComplete: 5 }, "options.onCaseComplete"],
  ]) {
    await assert.rejects(ours.runEvalDataset(DATASET, scripted(SCRIPT), options), { code: "INVALID_OPTION", path });
  }
});

test("odd throws and unjudgeable responses fail only their case", async () => {
  const dataset = {
    name: "odd",
    cases: [
      { id: "null-proto", toolName: "a", args: {}, expect: { containsText: "x" } },
      { id: "bad-tostring", toolName: "b", args: {}, expect: { containsText: "x" } },
      { id: "plain-infra", toolName: "c", args: {}, iterations: 2, expect: { containsText: "x" } },
      { id: "bigint", toolName: "d", args: {}, expect: { containsText: "x" } },
      { id: "fine", toolName: "echo", args: {}, expect: { containsText: "Echo" } },
    ],
  };
  const tool = (name) => {
    if (name === "a") throw Object.create(null);
    if (name === "b") throw { toString() { throw new Error("inner"); } };
    if (name === "c") throw { message: "read ECONNRESET", code: "ECONNRESET" };
    if (name === "d") return { content: [{ type: "text", text: "x" }], n: 1n };
    return structuredClone(ECHO);
  };
  const run = await ours.runEvalDataset(dataset, async (name) => tool(name));
  assert.deepEqual(run.caseResults.map((c) => c.pass), [false, false, false, false, true]);
  assert.equal(run.caseResults[0].error, "[object Object]");
  assert.equal(run.caseResults[1].error, "[object Object]");
  assert.equal(run.caseResults[2].error, "read ECONNRESET");
  assert.deepEqual([run.caseResults[2].infrastructureErrorCount, run.caseResults[2].assertionPassRate], [2, 0]);
  assert.match(run.caseResults[3].error, /^the response cannot be judged: /);
});

test("judgeReps past 1000 is refused where reps past 1000 is (never silently cut)", async () => {
  const judged = { containsText: "Echo", passesJudge: { rubric: "correctness", reference: "Echo" } };
  const judge = async () => '{"pass": true, "score": 1, "reasoning": "ok"}';
  await assert.rejects(ours.evaluateExpectations(judged, ECHO, { judge, judgeReps: 1001 }), { code: "INVALID_OPTION", path: "judgeReps" });
  const r = await ours.evaluateExpectations(judged, ECHO, { judge, judgeReps: 3 });
  assert.equal(r.judge.pass, true);
});
