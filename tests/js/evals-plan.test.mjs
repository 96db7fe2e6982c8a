// evaluateExpectations as the core plans it (src/responses/plan.rs): the
// constants come from the core in the reference's order, RegExps still
// cross, and a malformed block or option is refused at its path instead of
// being coerced. Expected names and messages come from
// @gleanwork/mcp-server-tester@1.1.0 (BUILT_IN_RUBRICS, SnapshotSanitizers,
// validatePattern, validateJudge's custom-judge messages).
//
//   node --test tests/js/evals-plan.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import * as ref from "@gleanwork/mcp-server-tester";
import * as ours from "../../pkg/index.js";

const echo = { content: [{ type: "text", text: "Echo: Hello at 2025-01-15T10:30:00Z" }] };

test("constants: the reference's names in the reference's order", () => {
  assert.deepEqual(Object.keys(ours.BUILT_IN_RUBRICS), Object.keys(ref.BUILT_IN_RUBRICS));
  assert.deepEqual(Object.entries(ours.SnapshotSanitizers), Object.entries(ref.SnapshotSanitizers));
});

test("RegExps in matchesPattern and sanitizer patterns cross as before", async () => {
  const got = await ours.evaluateExpectations(
    { matchesPattern: [/echo:/i, "Hello"], snapshot: "s", snapshotSanitizers: [{ pattern: /\d{4}-\d\d-\d\dT[\d:]+Z/g, replacement: "[T]" }] },
    echo,
    { snapshots: { s: "Echo: Hello at [T]" } },
  );
  assert.equal(got.regex.message, ref.validatePattern(echo, [/echo:/i, "Hello"]).message);
  assert.deepEqual(got.snapshot, { pass: true, message: 'Matches snapshot "s"' });
});

test("named judges and several judges: the reference's messages", async () => {
  const judges = { half: async () => ({ score: 0.5, reasoning: "meh" }), boom: async () => { throw new Error("down"); } };
  const got = await ours.evaluateExpectations(
    { passesJudge: [{ judge: "half", threshold: 0.4 }, { judge: "half" }, { judge: "boom" }, { judge: "none" }] },
    echo,
    { judges },
  );
  assert.equal(got.judge.message, "1/4 judges passed");
  assert.deepEqual(got.judge.details.judgeResults.map((r) => r.message), [
    'Custom judge "half" passed with score 0.50',
    'Custom judge "half" failed with score 0.50 (threshold: 0.7). meh',
    'Custom judge "boom" error: down',
    'Custom judge "none" error: Judge "none" is not registered.',
  ]);
});

test("refused, not coerced: each at its path", async () => {
  const cases = [
    [{ schema: 5 }, {}, "INVALID_ARGUMENT", "expect.schema"],
    [{ snapshot: 5 }, {}, "INVALID_ARGUMENT", "expect.snapshot"],
    [{ containsText: ["a", 1] }, {}, "INVALID_ARGUMENT", "expect.containsText[1]"],
    [{ passesJudge: [{ rubric: "correctness" }, { rubric: "correctness", threshold: 2 }] }, {}, "INVALID_OPTION", "expect.passesJudge[1].threshold"],
    [{ snapshot: "s", snapshotSanitizers: ["guid"] }, {}, "INVALID_ARGUMENT", "expect.snapshotSanitizers[0]"],
    [{ predicate: () => true, predicateDescription: 5 }, {}, "INVALID_ARGUMENT", "expect.predicateDescription"],
    [{ snapshot: "s" }, { snapshots: { s: 5 } }, "INVALID_ARGUMENT", "options.snapshots.s"],
    [{ passesJudge: { rubric: "correctness" } }, { canonicalAnswer: 5 }, "INVALID_OPTION", "canonicalAnswer"],
    [null, {}, "INVALID_ARGUMENT", "expect"],
  ];
  for (const [block, options, code, path] of cases) {
    await assert.rejects(ours.evaluateExpectations(block, echo, options), { code, path }, JSON.stringify(block));
  }
  assert.throws(() => ours.parseJudgeVerdict(5), { code: "INVALID_ARGUMENT", path: "verdict" });
});
