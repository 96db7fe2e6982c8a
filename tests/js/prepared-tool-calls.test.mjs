// PreparedToolCalls (ours): a tool-call list read once and kept in the
// tool-call module. evaluateToolCalls and alignToolCalls over prepared lists
// must give @mcpjam/sdk@1.14.0's evaluateToolCalls verdict (passed, missing,
// extra, argumentMismatches, with the caller's own call objects; the
// reference's outOfOrder is always []: README compatibility table), whichever
// side is prepared, under every order mode, argument mode and extra-call
// bound; refuse malformed lists at their path; and survive eviction, traps and
// free().
//
//   node --test tests/js/prepared-tool-calls.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import * as refMatchers from "@mcpjam/sdk/matchers";
import { MatcherError, PreparedToolCalls, alignToolCalls, evaluateToolCalls } from "../../pkg/index.js";
import { families } from "../../pkg/errors.js";
import { verdictOf } from "../../www/engine.js";
import { int, rng, toolCallCases } from "./prng.mjs";

const refShape = (v) => ({ passed: v.passed, missing: v.missing, extra: v.extra, argumentMismatches: v.argumentMismatches });

test("prepared lists give @mcpjam/sdk@1.14.0's verdict, either side or both prepared", () => {
  const r = rng(1303);
  const { call, options: anyOptions } = toolCallCases(r);
  let failing = 0;
  for (let k = 0; k < 1500; k++) {
    const expected = Array.from({ length: int(r, 5) }, call);
    const actual = Array.from({ length: int(r, 6) }, call);
    const pe = new PreparedToolCalls(expected);
    const pa = new PreparedToolCalls(actual);
    assert.equal(pe.length, expected.length);
    // One pair of prepared lists judged under several options, as a viewer does.
    for (let o = 0; o < 3; o++) {
      const options = anyOptions();
      const want = refShape(refMatchers.evaluateToolCalls(expected, actual, options));
      const what = JSON.stringify({ expected, actual, options });
      for (const [e, a] of [[pe, pa], [pe, actual], [expected, pa]]) {
        const got = evaluateToolCalls(e, a, options);
        assert.deepEqual(refShape(got), want, what);
        // The caller's own objects, as the reference returns them.
        for (const m of got.missing) assert.ok(expected.includes(m), what);
        for (const x of got.extra) assert.ok(actual.includes(x), what);
        const { pairs, ...al } = alignToolCalls(e, a, options);
        assert.deepEqual(refShape(verdictOf(al, expected, actual)), want, what);
        for (const p of pairs) assert.deepEqual(Object.keys(p), ["expectedIndex", "actualIndex"]);
      }
      if (!want.passed) failing++;
    }
    pe.free();
    pa.free();
  }
  assert.ok(failing > 500 && failing < 4000, `${failing} of 4500 judgements fail: both verdicts are exercised`);
});

test("a prepared list is a copy of the list: later pushes are not judged", () => {
  const list = [{ toolName: "a", arguments: { x: 1 } }];
  const p = new PreparedToolCalls(list);
  list.push({ toolName: "b", arguments: {} });
  assert.equal(p.length, 1);
  // The reference on the list as it was prepared: one call.
  const want = refShape(refMatchers.evaluateToolCalls([{ toolName: "a", arguments: { x: 1 } }], [{ toolName: "a", arguments: { x: 1 } }], {}));
  assert.deepEqual(refShape(evaluateToolCalls(p, [{ toolName: "a", arguments: { x: 1 } }])), want);
  assert.equal(want.passed, true);
});

test("null and undefined lists are [] (the reference's Array.isArray(x) ? x : [])", () => {
  for (const v of [null, undefined]) {
    const p = new PreparedToolCalls(v);
    assert.equal(p.length, 0);
    assert.deepEqual(refShape(evaluateToolCalls(p, [{ toolName: "a" }])), refShape(refMatchers.evaluateToolCalls(v, [{ toolName: "a" }], {})));
  }
});

test("malformed lists are refused at their path; a freed list says so", () => {
  const refused = (f, path) =>
    assert.throws(f, (e) => {
      assert.ok(e instanceof MatcherError, String(e));
      assert.equal(e.code, "INVALID_ARGUMENT");
      assert.equal(e.path, path);
      return true;
    });
  refused(() => new PreparedToolCalls("x"), "calls");
  refused(() => new PreparedToolCalls([{ toolName: 1 }]), "calls[0].toolName");
  refused(() => new PreparedToolCalls([{ toolName: "a" }, 3]), "calls[1]");
  refused(() => new PreparedToolCalls([{ toolName: "a", arguments: [1] }]), "calls[0].arguments");
  const p = new PreparedToolCalls([{ toolName: "a" }]);
  // The plain side of a mixed call keeps its own name.
  refused(() => evaluateToolCalls(p, [{ toolName: 2 }]), "actual[0].toolName");
  refused(() => alignToolCalls([{ toolName: "a" }, null], p), "expected[1]");
  p.free();
  p.free();
  for (const f of [() => evaluateToolCalls(p, []), () => alignToolCalls([], p)]) {
    assert.throws(f, (e) => e instanceof MatcherError && e.code === "INVALID_ARGUMENT" && /freed/.test(e.message));
  }
});

test("a list that left the module (more than 32 prepared) or outlived a trap is read again", () => {
  const expected = [{ toolName: "a", arguments: { x: 1 } }, { toolName: "b" }];
  const actual = [{ toolName: "b", arguments: {} }, { toolName: "a", arguments: { x: 2 } }];
  const want = refShape(refMatchers.evaluateToolCalls(expected, actual, { toolCallOrder: "strict" }));
  const first = new PreparedToolCalls(expected);
  const others = Array.from({ length: 40 }, (_, i) => new PreparedToolCalls([{ toolName: `t${i}` }]));
  assert.deepEqual(refShape(evaluateToolCalls(first, actual, { toolCallOrder: "strict" })), want);
  const tc = families.tool_calls;
  assert.throws(() => tc.__trap_for_tests(0), (e) => e.code === "INTERNAL");
  assert.deepEqual(refShape(evaluateToolCalls(first, new PreparedToolCalls(actual), { toolCallOrder: "strict" })), want);
  assert.equal(want.passed, false);
  for (const o of others) o.free();
  first.free();
});

test("a verdict's whole lists are the caller's calls in a new array: the prepared list stays as prepared", () => {
  const expected = [{ toolName: "a" }, { toolName: "b" }];
  const p = new PreparedToolCalls(expected);
  // No actual calls: the reference's missing is every expected call.
  const want = refMatchers.evaluateToolCalls(expected, [], {});
  const got = evaluateToolCalls(p, []);
  assert.deepEqual(refShape(got), refShape(want));
  assert.equal(got.missing[0], expected[0]);
  got.missing.length = 0;
  assert.deepEqual(refShape(evaluateToolCalls(p, [])), refShape(want));
  p.free();
});

test("beside a prepared list a PromptResult is judged by its calls (evaluateToolCalls), and refused by alignToolCalls as with a plain list", async () => {
  const { PromptResult } = await import("../../pkg/index.js");
  // An OpenAI chat completion with one call, get_weather {"city":"Paris"}.
  const trace = { choices: [{ message: { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] } }] };
  const expected = [{ toolName: "get_weather", arguments: { city: "Paris" } }];
  const p = new PreparedToolCalls(expected);
  const result = PromptResult.fromTrace(trace);
  assert.deepEqual(refShape(evaluateToolCalls(p, result)), refShape(refMatchers.evaluateToolCalls(expected, [{ toolName: "get_weather", arguments: { city: "Paris" } }], {})));
  assert.equal(evaluateToolCalls(p, result).passed, true);
  for (const e of [p, expected]) {
    assert.throws(() => alignToolCalls(e, result), (err) => err instanceof MatcherError && err.code === "INVALID_ARGUMENT" && err.path === "actual");
  }
  p.free();
});

// A second copy of the package in one process (what a module registry reset
// such as jest.resetModules() loads): its PreparedToolCalls keeps its list in
// that copy's module, so this copy refuses it by name instead of reading it
// as a malformed list; each copy still judges its own.
test("a PreparedToolCalls of another copy of the package is refused as such", async () => {
  const copy = await import("../../pkg/matchers.js?another-copy");
  const theirs = copy.evaluateToolCalls[Symbol.for("mcp-matchers.matchers.modules")]["tool-calls.js"];
  assert.notEqual(theirs.PreparedToolCalls, PreparedToolCalls);
  const list = new theirs.PreparedToolCalls([{ toolName: "a", arguments: {} }]);
  assert.equal(theirs.evaluateToolCalls([{ toolName: "a" }], list).passed, true);
  for (const [f, args, path] of [
    [evaluateToolCalls, [[{ toolName: "a" }], list], "actual"],
    [evaluateToolCalls, [list, [{ toolName: "a" }]], "expected"],
    [alignToolCalls, [list, []], "expected"],
  ]) {
    assert.throws(() => f(...args), (e) => e instanceof MatcherError && e.code === "INVALID_ARGUMENT" && e.path === path && /another copy of mcp-matchers/.test(e.message));
  }
  list.free();
});
