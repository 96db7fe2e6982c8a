// TestAgent and EvalTest on what a new user's trial found (issue 12's
// leftovers), through the built package. Each expected value comes from a
// reference, never from this package's own output: AI SDK ai@6's
// generateText run on the same script (provider-executed calls, the text a
// model sees after a tool throws), AI SDK's getErrorMessage
// (@ai-sdk/provider-utils), LanguageModelV3Usage's `number | undefined`
// counts, @mcpjam/sdk@1.14.0's EvalTest (its words before run()), and the
// documented domains (agent.d.ts, README's options table).
//
//   node --test tests/js/agent-contract.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { generateText, jsonSchema, stepCountIs as aiStepCountIs, tool as aiTool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { getErrorMessage } from "../../node_modules/ai/node_modules/@ai-sdk/provider-utils/dist/index.mjs";
import { TestAgent, EvalTest, hasToolCall, stepCountIs, MatcherError } from "../../pkg/agent.js";

const usage = (i, o) => ({ inputTokens: { total: i, noCache: i, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: o, text: o, reasoning: 0 } });
const step = (content, finish = "tool-calls", u = usage(10, 5)) => ({ content, finishReason: { unified: finish, raw: undefined }, usage: u, warnings: [] });
const scripted = (steps) => {
  const queue = [...steps];
  return new MockLanguageModelV3({ doGenerate: async () => structuredClone(queue.shift() ?? step([{ type: "text", text: "(out of script)" }], "stop")) });
};
const echoTool = (ran) => ({
  description: "Echoes",
  inputSchema: { type: "object", properties: { message: { type: "string" } } },
  execute: async ({ message }) => (ran.push(message), { content: [{ type: "text", text: `Echo: ${message}` }] }),
});
// AI SDK's messages as JSON, without providerOptions (the loop writes none).
const plain = (messages) =>
  JSON.parse(JSON.stringify(messages.map((m) => ({ ...m, content: typeof m.content === "string" ? m.content : m.content.map(({ providerOptions, ...p }) => p) }))));

test("a call the provider ran is recorded with its result, never executed, and not sent back: as generateText", async () => {
  const script = [
    step([
      { type: "text", text: "Searching." },
      { type: "tool-call", toolCallId: "ws1", toolName: "web_search", input: JSON.stringify({ query: "rust" }), providerExecuted: true, dynamic: true },
      { type: "tool-result", toolCallId: "ws1", toolName: "web_search", result: [{ url: "https://www.rust-lang.org" }] },
      { type: "tool-call", toolCallId: "e1", toolName: "echo", input: JSON.stringify({ message: "x" }) },
    ]),
    step([{ type: "text", text: "Found it." }], "stop"),
  ];
  const ran = [];
  const ours = scripted(script);
  const r = await new TestAgent({ tools: { echo: echoTool(ran) }, model: ours }).prompt("find rust");

  const refRan = [];
  const theirs = scripted(script);
  const t = echoTool(refRan);
  const ref = await generateText({
    model: theirs,
    system: "You are a helpful assistant.",
    prompt: "find rust",
    tools: { echo: aiTool({ description: t.description, inputSchema: jsonSchema(t.inputSchema), execute: t.execute }) },
    stopWhen: aiStepCountIs(10),
  });

  assert.deepEqual(ran, refRan); // only the client's call ran, in both
  assert.deepEqual(ran, ["x"]);
  assert.equal(r.hasError(), false);
  assert.equal(r.text, ref.text);
  assert.deepEqual(r.getMessages(), [{ role: "user", content: "find rust" }, ...plain(ref.response.messages)]);
  assert.deepEqual(r.toolsCalled(), ref.steps.flatMap((s) => s.toolCalls.map((c) => c.toolName)));
  // The second model call: the provider's call and result in the assistant message, no tool-result for it.
  assert.deepEqual(plain(ours.doGenerateCalls[1].prompt), plain(theirs.doGenerateCalls[1].prompt));
  const [ws, echo] = r.getToolCalls();
  assert.deepEqual(ws.result, [{ url: "https://www.rust-lang.org" }]);
  assert.equal(ws.isError, false);
  assert.deepEqual(r.getToolArguments("web_search"), { query: "rust" });
  assert.deepEqual(echo.result, { content: [{ type: "text", text: "Echo: x" }] });
  assert.equal(r.getSpans().filter((s) => s.category === "tool").length, 1);
});

test("a step whose only calls the provider ran ends the loop, as generateText's", async () => {
  const script = [
    step([
      { type: "tool-call", toolCallId: "ws1", toolName: "web_search", input: "{}", providerExecuted: true, dynamic: true },
      { type: "tool-result", toolCallId: "ws1", toolName: "web_search", result: "quota exceeded", isError: true },
    ]),
    step([{ type: "text", text: "never asked" }], "stop"),
  ];
  const ours = scripted(script);
  const r = await new TestAgent({ tools: { echo: echoTool([]) }, model: ours }).prompt("p");
  const theirs = scripted(script);
  const ref = await generateText({ model: theirs, prompt: "p", tools: { echo: aiTool({ inputSchema: jsonSchema({ type: "object" }), execute: async () => "" }) }, stopWhen: aiStepCountIs(10) });
  assert.equal(ours.doGenerateCalls.length, theirs.doGenerateCalls.length);
  assert.equal(ours.doGenerateCalls.length, 1);
  assert.equal(r.stopReason, "finished");
  assert.deepEqual(r.getMessages().slice(1), plain(ref.response.messages));
  assert.equal(r.getToolCalls()[0].isError, true);
  assert.equal(r.getToolCalls()[0].result, "quota exceeded");
});

test("malformed usage from the model is an error naming the field, never rounded or zeroed; left out is 0", async () => {
  // LanguageModelV3Usage: `total: number | undefined`; undefined is 0, as HostRunner's `?? 0`.
  const none = await new TestAgent({ tools: {}, model: scripted([step([{ type: "text", text: "hi" }], "stop", { inputTokens: { total: undefined }, outputTokens: { total: 3 } })]) }).prompt("p");
  assert.equal(none.hasError(), false);
  assert.deepEqual(none.getUsage(), { inputTokens: 0, outputTokens: 3, totalTokens: 3 });
  for (const [u, path, got] of [
    [{ inputTokens: { total: -5 }, outputTokens: { total: 1 } }, "response.usage.inputTokens.total", "-5"],
    [{ inputTokens: { total: 2 }, outputTokens: { total: 1.5 } }, "response.usage.outputTokens.total", "1.5"],
    [{ inputTokens: { total: "a" }, outputTokens: { total: 1 } }, "response.usage.inputTokens.total", '"a"'],
    [{ inputTokens: { total: NaN }, outputTokens: { total: 1 } }, "response.usage.inputTokens.total", '"NaN"'],
  ]) {
    const r = await new TestAgent({ tools: {}, model: scripted([step([{ type: "text", text: "hi" }], "stop", u)]) }).prompt("p");
    assert.equal(r.getError(), `the model's answer is malformed at ${path}: a token count must be a whole number from 0 to 2^53 - 1 (or left out), got ${got}`);
  }
  // The function shape, V2-like counts.
  for (const [u, got] of [[-5, "-5"], ["a", '"a"'], [1.5, "1.5"], [Infinity, '"Infinity"']]) {
    const r = await new TestAgent({ tools: {}, model: async () => ({ text: "hi", usage: { inputTokens: u, outputTokens: 1 } }) }).prompt("p");
    assert.match(r.getError(), new RegExp(`at response\\.usage\\.inputTokens: .*, got ${got.replace(/[.]/g, "\\.")}$`));
    assert.deepEqual(r.getUsage(), { inputTokens: 0, outputTokens: 0, totalTokens: 0 }); // nothing of the bad answer counted
  }
  const big = await new TestAgent({ tools: {}, model: async () => ({ text: "hi", usage: { inputTokens: 5n } }) }).prompt("p");
  assert.match(big.getError(), /^the model's answer is malformed: UNSUPPORTED_VALUE: it has no JSON form \(.*BigInt/);
});

test("wrongly typed options and arguments throw coded errors at their paths", async () => {
  const model = async () => ({ text: "" });
  for (const [options, path] of [[{ provider: 5 }, "options.provider"], [{ modelName: {} }, "options.modelName"], [{ provider: null }, "options.provider"]]) {
    assert.throws(() => new TestAgent({ tools: {}, model, ...options }), (e) => e instanceof MatcherError && e.code === "INVALID_OPTION" && e.path === path);
  }
  const named = await new TestAgent({ tools: {}, model, provider: "acme", modelName: "m-1" }).prompt("p");
  assert.deepEqual([named.getProvider(), named.getModel()], ["acme", "m-1"]);
  assert.throws(() => hasToolCall(""), (e) => e instanceof MatcherError && e.code === "INVALID_ARGUMENT" && e.path === "toolName");
  const evalTest = new EvalTest({ test: async () => true });
  await assert.rejects(evalTest.run(new TestAgent({ tools: {}, model }), { iterations: 1, onFailure: 5 }), (e) => e instanceof MatcherError && e.code === "INVALID_OPTION" && e.path === "options.onFailure");
});

test("a tool's rejection reads as AI SDK's getErrorMessage; a result with no JSON form is a named tool error", async () => {
  const thrown = [{ code: 42 }, null, "plain text", new Error("boom"), 7];
  const tools = Object.fromEntries(thrown.map((v, i) => [`t${i}`, { inputSchema: { type: "object" }, execute: async () => { throw v; } }]));
  tools.big = { inputSchema: { type: "object" }, execute: async () => ({ count: 10n }) };
  const calls = [...thrown.map((_, i) => `t${i}`), "big"].map((name) => ({ type: "tool-call", toolCallId: name, toolName: name, input: "{}" }));
  const script = [step(calls), step([{ type: "text", text: "done" }], "stop")];
  const ours = scripted(script);
  const r = await new TestAgent({ tools, model: ours }).prompt("p");
  assert.equal(r.hasError(), false);
  assert.equal(r.text, "done");
  const got = r.getToolCalls();
  thrown.forEach((v, i) => {
    assert.equal(got[i].isError, true);
    assert.equal(got[i].result, getErrorMessage(v));
  });
  assert.equal(got[0].result, '{"code":42}');
  assert.equal(got[1].result, "unknown error");
  // What the model sees next step equals what generateText sends after the same throws.
  const theirs = scripted(script.slice(0, 1).concat([step([{ type: "text", text: "done" }], "stop")]));
  const refTools = Object.fromEntries(thrown.map((v, i) => [`t${i}`, aiTool({ inputSchema: jsonSchema({ type: "object" }), execute: async () => { throw v; } })]));
  await generateText({ model: theirs, prompt: "p", tools: refTools, stopWhen: aiStepCountIs(10) }).catch(() => {});
  const sent = (mock) => mock.doGenerateCalls[1]?.prompt.find((m) => m.role === "tool").content.map((p) => p.output);
  assert.deepEqual(sent(ours).slice(0, thrown.length), plain([{ content: sent(theirs) }])[0].content.slice(0, thrown.length));
  const big = got[thrown.length];
  assert.equal(big.isError, true);
  assert.match(big.result, /^UNSUPPORTED_VALUE: the tool's result has no JSON form \(.*BigInt.*\)$/);
  assert.doesNotMatch(big.result, /gave no outcome/);
});

test("maxSteps and stepCountIs state their domain for huge and infinite values", () => {
  const model = async () => ({ text: "" });
  for (const [maxSteps, shown] of [[2 ** 32, "4294967296"], [Infinity, "Infinity"], [-Infinity, "-Infinity"], [NaN, "NaN"], [0, "0"], [1.5, "1.5"]]) {
    assert.throws(
      () => new TestAgent({ tools: {}, model, maxSteps }),
      (e) => e instanceof MatcherError && e.code === "INVALID_OPTION" && e.path === "options.maxSteps" &&
        e.message === `maxSteps must be a whole number from 1 to 4294967295 (2^32 - 1), got ${shown} (at options.maxSteps)`,
    );
  }
  assert.equal(new TestAgent({ tools: {}, model, maxSteps: 2 ** 32 - 1 }).getMaxSteps(), 2 ** 32 - 1);
  for (const n of [2 ** 32, Infinity, 0]) {
    assert.throws(() => stepCountIs(n), (e) => e.code === "INVALID_ARGUMENT" && e.path === "stepCount" && /from 1 to 4294967295/.test(e.message));
  }
});

test("EvalTest aggregates before run(): coded errors with the reference's words; getResults() is null", () => {
  const t = new EvalTest({ name: "n", test: async () => true });
  assert.equal(t.getResults(), null);
  for (const m of ["accuracy", "recall", "precision", "truePositiveRate", "falsePositiveRate", "averageTokenUse", "getAllIterations", "getFailedIterations", "getSuccessfulIterations", "getFailureReport"]) {
    assert.throws(
      () => t[m](),
      (e) => e instanceof MatcherError && e.code === "INVALID_ARGUMENT" && e.path === "this" && e.message.includes("No run results available. Call run() first.") && e.message.startsWith(`${m}()`),
      m,
    );
  }
});
