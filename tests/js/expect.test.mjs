// The expect matchers (mcp-matchers/expect, mcp-matchers/playwright): every
// behaviour the reference's own matcher tests assert
// (src/assertions/matchers/matcherUnit.test.ts, toolCallMatchers.test.ts,
// toPassToolJudge.test.ts of gleanwork/mcp-server-tester), written anew; the
// verdicts compared with @gleanwork/mcp-server-tester@1.1.0's `expect` on the
// same calls, positive and under `.not`; coded errors for malformed calls.
//
//   node --test tests/js/expect.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { expect as ref } from "@gleanwork/mcp-server-tester";
import { expect, registerJudge, clearJudgeRegistry, getRegisteredJudge } from "../../pkg/playwright.js";
import { createToolResponseMatchers, toolResponseMatchers, MatcherError } from "../../pkg/expect.js";

const text = [{ type: "text", text: "Hello world" }];
const errorResponse = { content: [{ type: "text", text: "Error: something failed" }], isError: true };
const okResponse = { content: [{ type: "text", text: "Operation succeeded" }], isError: false };
const order = [{ type: "text", text: "Order #12345" }];
const value = [{ type: "text", text: "value: 42" }];
const sim = (...names) => ({ success: true, toolCalls: names.map((name) => ({ name, arguments: {} })) });

// The outcome of an assertion: "ok", or the failure message (colours stripped).
async function outcome(fn) {
  try {
    await fn();
    return "ok";
  } catch (e) {
    return String(e?.message ?? e).replace(/\x1b\[[0-9;]*m/g, "");
  }
}
const passes = async (fn) => assert.equal(await outcome(fn), "ok");
const fails = async (fn, pattern) => {
  const o = await outcome(fn);
  assert.notEqual(o, "ok", "expected the assertion to fail");
  if (pattern) assert.match(o, pattern);
  return o;
};

test("toMatchToolResponse: equality, .not, and a message with the diff", async () => {
  await passes(() => expect({ status: "ok" }).toMatchToolResponse({ status: "ok" }));
  await passes(() => expect({ b: 2, a: 1 }).toMatchToolResponse({ a: 1, b: 2 }));
  await passes(() => expect({ status: "ok" }).not.toMatchToolResponse({ status: "fail" }));
  await fails(() => expect({ status: "ok" }).not.toMatchToolResponse({ status: "ok" }), /Expected response NOT to match, but it did/);
  const m = await fails(() => expect({ status: "ok" }).toMatchToolResponse({ status: "fail" }), /does not match/);
  assert.match(m, /"fail"/);
  assert.match(m, /"ok"/);
  // Without a runner's utils (a direct call) the core's printed values are shown.
  const r = toolResponseMatchers.toMatchToolResponse.call({ isNot: false }, { a: 1 }, { a: 2 });
  assert.equal(r.pass, false);
  assert.equal(r.message(), 'Response does not match expected value\n\nExpected:\n{\n  "a": 2\n}\n\nReceived:\n{\n  "a": 1\n}');
});

test("toMatchToolSchema: Standard Schema, .not, issues with paths and the preview", async () => {
  const Count = z.object({ count: z.number(), nested: z.object({ ok: z.boolean() }).optional() });
  await passes(() => expect({ count: 5 }).toMatchToolSchema(Count));
  await passes(() => expect({ count: "bad" }).not.toMatchToolSchema(Count));
  await fails(() => expect({ count: 5 }).not.toMatchToolSchema(Count), /Expected response NOT to match schema, but it did/);
  const m = await fails(() => expect({ count: 1, nested: { ok: "yes" } }).toMatchToolSchema(Count));
  assert.match(m, /^Response does not match schema: nested\.ok: /);
  assert.match(m, /Actual response \(truncated\):\n\{\n  "count": 1,/);
  assert.throws(() => toolResponseMatchers.toMatchToolSchema.call({}, {}, { type: "object" }), { code: "INVALID_ARGUMENT", path: "schema" });
});

test("toContainToolText: substrings, case option, .not, the missing text and the received text", async () => {
  await passes(() => expect(text).toContainToolText("Hello"));
  await passes(() => expect(text).toContainToolText(["Hello", "world"]));
  await passes(() => expect(text).toContainToolText("HELLO", { caseSensitive: false }));
  await passes(() => expect(text).not.toContainToolText("goodbye"));
  await fails(() => expect(text).toContainToolText("goodbye"));
  await fails(() => expect(text).toContainToolText(["Hello", "missing"]), /"missing"/);
  await fails(() => expect(text).not.toContainToolText(["Hello", "world"]), /Expected response NOT to contain "Hello", "world", but it did/);
  const m = await fails(() => expect(text).toContainToolText(["nothere", "gone"]));
  assert.match(m, /nothere/);
  assert.match(m, /gone/);
  assert.match(m, /Actual response \(truncated\):\nHello world$/);
  assert.throws(() => expect(text).toContainToolText("x", { caseSensitive: "no" }), { code: "INVALID_OPTION", path: "options.caseSensitive" });
});

test("toMatchToolPattern: strings and RegExps, lists, .not, the failing pattern", async () => {
  await passes(() => expect(order).toMatchToolPattern("#\\d+"));
  await passes(() => expect(order).toMatchToolPattern(/Order #\d+/));
  await passes(() => expect(order).toMatchToolPattern(["Order", "#\\d+"]));
  await passes(() => expect(order).not.toMatchToolPattern("Invoice"));
  await fails(() => expect(order).toMatchToolPattern("#[A-Z]+"));
  await fails(() => expect(order).toMatchToolPattern(/Invoice #\d+/), /\/Invoice #\\d\+\//);
  await fails(() => expect(order).toMatchToolPattern(["Order", "Invoice"]), /Invoice/);
  await fails(() => expect(order).not.toMatchToolPattern("#\\d+"), /Expected response NOT to match pattern\(s\), but it did/);
  assert.throws(() => expect(order).toMatchToolPattern("(?=x)"), { code: "INVALID_ARGUMENT", path: "patterns[0]" });
});

test("toBeToolError: any error, a message, .not meaning no error at all", async () => {
  await passes(() => expect(errorResponse).toBeToolError());
  await fails(() => expect(okResponse).toBeToolError(), /error/);
  await passes(() => expect(okResponse).not.toBeToolError());
  await fails(() => expect(errorResponse).not.toBeToolError(), /Expected a success response but got error: "Error: something failed"/);
  await passes(() => expect(errorResponse).toBeToolError("something failed"));
  await passes(() => expect(errorResponse).toBeToolError(["nope", "SOMETHING"]));
  await fails(() => expect(errorResponse).toBeToolError("completely different message"));
  await passes(() => expect(okResponse).toBeToolError(false));
  await fails(() => expect(errorResponse).not.toBeToolError("something"));
  await passes(() => expect(okResponse).not.toBeToolError("something"));
  assert.throws(() => expect(errorResponse).not.toBeToolError(42), { code: "INVALID_ARGUMENT", path: "expected" });
});

test("toHaveToolResponseSize: bounds, .not, the sizes in the message", async () => {
  await passes(() => expect(text).toHaveToolResponseSize({ maxBytes: 10_000 }));
  await passes(() => expect(text).toHaveToolResponseSize({ minBytes: 1 }));
  await passes(() => expect(text).toHaveToolResponseSize({ minBytes: 1, maxBytes: 10_000 }));
  await fails(() => expect(text).toHaveToolResponseSize({ maxBytes: 1 }), /maximum/);
  await fails(() => expect(text).toHaveToolResponseSize({ minBytes: 1_000_000 }));
  await passes(() => expect(text).not.toHaveToolResponseSize({ maxBytes: 1 }));
  await fails(() => expect(text).not.toHaveToolResponseSize({ maxBytes: 10_000 }), /NOT to be within bounds/);
  assert.throws(() => expect(text).toHaveToolResponseSize({ maxBytes: "1" }), { code: "INVALID_ARGUMENT", path: "options.maxBytes" });
});

test("toSatisfyToolPredicate: booleans, objects, async, .not once, a throw fails both ways", async () => {
  await passes(() => expect(value).toSatisfyToolPredicate((_r, t) => t.includes("42")));
  await fails(() => expect(value).toSatisfyToolPredicate((_r, t) => t.includes("99")));
  await passes(() => expect(value).toSatisfyToolPredicate((_r, t) => ({ pass: t.includes("42"), message: "Expected 42" })));
  await fails(() => expect(value).toSatisfyToolPredicate((_r, t) => ({ pass: t.includes("99"), message: "Custom failure: expected 99" })), /Custom failure: expected 99/);
  await fails(() => expect(value).not.toSatisfyToolPredicate((_r, t) => t.includes("42")), /Expected response NOT to satisfy custom predicate/);
  await fails(() => expect(value).not.toSatisfyToolPredicate(() => true, "the answer"), /Expected response NOT to satisfy the answer/);
  await passes(() => expect(value).not.toSatisfyToolPredicate((_r, t) => t.includes("99")));
  const crash = () => {
    throw new Error("boom");
  };
  await fails(() => expect(value).toSatisfyToolPredicate(crash), /Predicate threw error: boom/);
  await fails(() => expect(value).not.toSatisfyToolPredicate(crash), /Predicate threw error: boom/);
  await fails(() => expect(value).not.toSatisfyToolPredicate(() => "maybe"), /neither a boolean nor/);
  await passes(() => expect(value).toSatisfyToolPredicate(async (_r, t) => t.includes("42")));
  await fails(() => expect(value).toSatisfyToolPredicate(async (_r, t) => t.includes("99")));
  // The predicate sees the raw response and its text.
  await passes(() => expect(value).toSatisfyToolPredicate((r, t) => r === value && t === "value: 42"));
  await assert.rejects(() => expect(value).toSatisfyToolPredicate("not a function"), { code: "INVALID_ARGUMENT", path: "predicate" });
  await assert.rejects(() => expect(value).toSatisfyToolPredicate(() => true, 7), { code: "INVALID_ARGUMENT", path: "description" });
});

test("toPassToolJudge: named and rubric judges, thresholds, reps, lists, .not once, crashes fail both ways", async () => {
  clearJudgeRegistry();
  registerJudge("high", async () => ({ score: 0.9, reasoning: "Great" }));
  registerJudge("low", async () => ({ score: 0.1, reasoning: "Nope" }));
  registerJudge("mid", async () => ({ score: 0.6 }));
  registerJudge("crash", async () => {
    throw new Error("judge offline");
  });
  const seen = [];
  registerJudge("echo", async (candidate, reference) => {
    seen.push([candidate, reference]);
    return { score: 1 };
  });
  assert.throws(() => registerJudge("high", async () => ({ score: 1 })), { code: "INVALID_ARGUMENT", path: "name" });
  assert.equal(typeof getRegisteredJudge("high"), "function");
  assert.throws(() => getRegisteredJudge("none"), { code: "INVALID_ARGUMENT", path: "name" });

  await passes(() => expect(text).toPassToolJudge({ judge: "high" }));
  await fails(() => expect(text).toPassToolJudge({ judge: "low" }), /Custom judge "low" failed with score 0\.10 \(threshold: 0\.7\)\. Nope/);
  await fails(() => expect(text).toPassToolJudge({ judge: "mid" }));
  await passes(() => expect(text).toPassToolJudge({ judge: "mid", passingThreshold: 0.5 }));
  await fails(() => expect(text).not.toPassToolJudge({ judge: "high" }), /Expected judge evaluation to fail, but it passed/);
  await passes(() => expect(text).not.toPassToolJudge({ judge: "low" }));
  await fails(() => expect(text).toPassToolJudge({ judge: "crash" }), /judge offline/);
  await fails(() => expect(text).not.toPassToolJudge({ judge: "crash" }), /judge offline/);
  await fails(() => expect(text).not.toPassToolJudge({ judge: "unregistered" }), /Judge "unregistered" is not registered/);
  await passes(() => expect("candidate").toPassToolJudge({ judge: "echo", reference: "expected answer" }));
  assert.deepEqual(seen, [["candidate", "expected answer"]]);
  // Lists: every judge must pass; .not means at least one fails; a crash fails both ways.
  await passes(() => expect(text).toPassToolJudge([{ judge: "high" }, { judge: "mid", passingThreshold: 0.5 }]));
  await fails(() => expect(text).toPassToolJudge([{ judge: "high" }, { judge: "low" }]), /^1\/2 judges passed\n/);
  await passes(() => expect(text).not.toPassToolJudge([{ judge: "high" }, { judge: "low" }]));
  await fails(() => expect(text).not.toPassToolJudge([{ judge: "high" }, { judge: "high" }]), /Expected at least one judge to fail/);
  await fails(() => expect(text).not.toPassToolJudge([{ judge: "low" }, { judge: "crash" }]), /judge offline/);
  await fails(() => expect(text).toPassToolJudge([{ judge: "high" }, { judge: "crash" }]), /judge offline/);
  // Options out of their domain are coded errors naming the caller's field.
  await assert.rejects(() => expect(text).toPassToolJudge({ judge: "high", passingThreshold: 2 }), { code: "INVALID_OPTION", path: "options.passingThreshold" });
  await assert.rejects(() => expect(text).toPassToolJudge("correctness", { reps: 0 }), { code: "INVALID_OPTION", path: "options.reps" });
  await assert.rejects(() => expect(text).toPassToolJudge([{ judge: "high", passingThreshold: -1 }]), { code: "INVALID_OPTION", path: "judges[0].passingThreshold" });
  await assert.rejects(() => expect(text).toPassToolJudge({}), { code: "INVALID_ARGUMENT", path: "rubricOrOptions" });
  await assert.rejects(() => expect(text).toPassToolJudge(42), { code: "INVALID_ARGUMENT", path: "rubricOrOptions" });
  await fails(() => expect(text).toPassToolJudge({ judge: "toString" }), /Judge "toString" is not registered/);
  await assert.rejects(() => expect(text).toPassToolJudge("no-such-rubric"), { code: "INVALID_OPTION", path: "rubric" });
  await assert.rejects(() => expect(text).toPassToolJudge({ judge: "high", model: 4 }), { code: "INVALID_OPTION", path: "options.model" });

  // Rubric judges: the caller's model; without one the judge cannot answer (fails both ways).
  await fails(() => expect(text).not.toPassToolJudge("correctness"), /no judge function supplied/);
  const prompts = [];
  const scores = [0.3, 0.4];
  const m = createToolResponseMatchers({
    judge: async (prompt, context) => {
      prompts.push([prompt, context.provider, context.model]);
      return JSON.stringify({ score: scores[(prompts.length - 1) % scores.length], reasoning: "missed the point about data accuracy" });
    },
  });
  const r = await m.toPassToolJudge.call({ isNot: false }, "response", { text: "Is it accurate?" }, { reps: 2, passingThreshold: 0.7, provider: "openai", model: "gpt-4o" });
  assert.equal(r.pass, false);
  assert.match(r.message(), /0\.30/);
  assert.match(r.message(), /0\.40/);
  assert.match(r.message(), /missed the point about data accuracy/);
  assert.match(r.message(), /threshold: 0\.7/);
  assert.deepEqual(prompts.map((p) => p.slice(1)), [["openai", "gpt-4o"], ["openai", "gpt-4o"]]);
  assert.match(prompts[0][0], /Is it accurate\?/);
  const ok = await m.toPassToolJudge.call({ isNot: false }, "response", "correctness", { passingThreshold: 0.3 });
  assert.equal(ok.pass, true);
  const broken = createToolResponseMatchers({ judge: async () => "I cannot decide" });
  for (const isNot of [false, true]) {
    const b = await broken.toPassToolJudge.call({ isNot }, "response", "correctness");
    assert.equal(b.pass, isNot, "an unreadable verdict fails with or without .not");
    assert.match(b.message(), /^Judge evaluation error: /);
  }
  const withJudges = createToolResponseMatchers({ judges: { local: async () => ({ score: 0.75 }) } });
  assert.equal((await withJudges.toPassToolJudge.call({}, "x", { judge: "local" })).pass, true);
  assert.throws(() => createToolResponseMatchers({ judge: "gpt" }), { code: "INVALID_OPTION", path: "options.judge" });
  assert.throws(() => createToolResponseMatchers({ judges: { x: 1 } }), { code: "INVALID_OPTION", path: "options.judges.x" });
  assert.throws(() => createToolResponseMatchers(5), { code: "INVALID_ARGUMENT", path: "options" });
  clearJudgeRegistry();
});

test("toHaveToolCalls and toHaveToolCallCount over a host simulation", async () => {
  await passes(() => expect(sim("search", "fetch")).toHaveToolCalls({ calls: [{ name: "search" }] }));
  await fails(() => expect(sim("fetch")).toHaveToolCalls({ calls: [{ name: "search" }] }), /Expected tool 'search' to be called, but it was not/);
  await passes(() => expect(sim("search")).not.toHaveToolCalls({ calls: [{ name: "other" }] }));
  await fails(() => expect(sim("search")).not.toHaveToolCalls({ calls: [{ name: "search" }] }), /All tool call expectations met/);
  await passes(() => expect(sim("a", "b")).toHaveToolCallCount({ exact: 2 }));
  await fails(() => expect(sim("a")).toHaveToolCallCount({ exact: 2 }), /Expected exactly 2 tool call\(s\), but got 1/);
  await passes(() => expect(sim("a", "b")).toHaveToolCallCount({ min: 1, max: 3 }));
  await fails(() => expect(text).toHaveToolCalls({ calls: [{ name: "a" }] }), /mcp_host/);
  assert.throws(() => expect(sim("a")).toHaveToolCalls({ calls: [{ name: "a" }], order: "sorted" }), { code: "INVALID_OPTION" });
});

test("toMatchToolSnapshot outside a test runner is a coded error", async () => {
  await assert.rejects(() => toolResponseMatchers.toMatchToolSnapshot.call({ isNot: false }, text, "x"), { code: "INVALID_ARGUMENT", path: "testInfo" });
  await assert.rejects(() => expect(text).toMatchToolSnapshot("x"), (e) => e instanceof MatcherError && e.path === "testInfo");
});

// The same calls through the reference's `expect`: the verdict (pass or fail),
// positive and under `.not`, agrees wherever README's table lists no difference.
test("verdicts agree with @gleanwork/mcp-server-tester@1.1.0's expect", async () => {
  const weather = { content: [{ type: "text", text: '{"temperature":36,"conditions":"Light rain"}' }], structuredContent: { temperature: 36, conditions: "Light rain" } };
  const W = z.object({ temperature: z.number(), conditions: z.string() });
  const cases = [
    ["toMatchToolResponse", { a: 1, b: [1, 2] }, [{ a: 1, b: [1, 2] }]],
    ["toMatchToolResponse", { a: 1 }, [{ a: 2 }]],
    ["toMatchToolResponse", "text", ["text"]],
    ["toMatchToolSchema", weather, [W]],
    ["toMatchToolSchema", errorResponse, [W]],
    ["toMatchToolSchema", { temperature: "hot", conditions: "x" }, [W]],
    ["toContainToolText", text, ["Hello"]],
    ["toContainToolText", text, [["Hello", "x"]]],
    ["toContainToolText", text, ["hello", { caseSensitive: false }]],
    ["toContainToolText", weather, ["Light rain"]],
    ["toContainToolText", "plain string", ["string"]],
    ["toMatchToolPattern", order, ["\\d{5}"]],
    ["toMatchToolPattern", order, [[/order/i, "#"]]],
    ["toMatchToolPattern", order, ["ORDER"]],
    ["toMatchToolPattern", order, ["order", { caseSensitive: false }]],
    ["toBeToolError", errorResponse, []],
    ["toBeToolError", okResponse, []],
    ["toBeToolError", errorResponse, ["failed"]],
    ["toBeToolError", errorResponse, [["x", "y"]]],
    ["toBeToolError", okResponse, [false]],
    ["toBeToolError", errorResponse, [false]],
    ["toHaveToolResponseSize", "x".repeat(50), [{ minBytes: 10, maxBytes: 100 }]],
    ["toHaveToolResponseSize", "x".repeat(50), [{ maxBytes: 10 }]],
    ["toHaveToolResponseSize", "x".repeat(50), [{ minBytes: 100 }]],
    ["toHaveToolCalls", sim("a", "b"), [{ calls: [{ name: "a" }, { name: "b" }], order: "strict" }]],
    ["toHaveToolCalls", sim("b", "a"), [{ calls: [{ name: "a" }, { name: "b" }], order: "strict" }]],
    ["toHaveToolCalls", sim("a", "c"), [{ calls: [{ name: "a" }], exclusive: true }]],
    ["toHaveToolCalls", sim("a"), [{ calls: [{ name: "a" }, { name: "z", required: false }] }]],
    ["toHaveToolCallCount", sim("a", "b", "c"), [{ max: 2 }]],
    ["toHaveToolCallCount", sim("a", "b", "c"), [{ min: 3 }]],
    ["toHaveToolCallCount", sim(), [{ exact: 0 }]],
  ];
  for (const [name, received, args] of cases) {
    for (const not of [false, true]) {
      const run = (e) => outcome(() => (not ? e(received).not : e(received))[name](...args));
      const [a, b] = [await run(expect), await run(ref)];
      const label = `${not ? ".not." : ""}${name}(${JSON.stringify(args)}) on ${JSON.stringify(received)}`;
      assert.equal(a === "ok", b === "ok", `${label}: ours ${a}, reference ${b}`);
    }
  }
});
