// The viewer's engine (www/engine.js) judges a trace with one alignToolCalls
// call and makes evaluateToolCalls' verdict from its indices (verdictOf). That
// verdict must be @mcpjam/sdk@1.14.0's evaluateToolCalls verdict (passed,
// missing, extra, argumentMismatches; the reference's outOfOrder is always []:
// README compatibility table) and our evaluateToolCalls' outOfOrder, on
// generated lists of every order mode, argument mode and extra-call bound.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as refMatchers from "@mcpjam/sdk/matchers";
import { alignToolCalls, evaluateToolCalls } from "../../pkg/index.js";
import { verdictOf } from "../../www/engine.js";
import { int, rng, toolCallCases } from "./prng.mjs";

test("the viewer's verdict from alignToolCalls' indices is evaluateToolCalls' verdict (@mcpjam/sdk@1.14.0)", () => {
  const r = rng(1402);
  const { call, options: anyOptions } = toolCallCases(r);
  let failing = 0;
  for (let k = 0; k < 3000; k++) {
    const expected = Array.from({ length: int(r, 5) }, call);
    const actual = Array.from({ length: int(r, 6) }, call);
    const options = anyOptions();
    const { pairs, ...al } = alignToolCalls(expected, actual, options);
    const viewer = verdictOf(al, expected, actual);
    const ref = refMatchers.evaluateToolCalls(expected, actual, options);
    const what = JSON.stringify({ expected, actual, options });
    assert.deepEqual(
      { passed: viewer.passed, missing: viewer.missing, extra: viewer.extra, argumentMismatches: viewer.argumentMismatches },
      { passed: ref.passed, missing: ref.missing, extra: ref.extra, argumentMismatches: ref.argumentMismatches },
      what,
    );
    assert.deepEqual(viewer.outOfOrder, evaluateToolCalls(expected, actual, options).outOfOrder, what);
    if (!ref.passed) failing++;
  }
  assert.ok(failing > 300 && failing < 2700, `${failing} of 3000 cases fail: both verdicts are exercised`);
});
