// TestAgent's prompt options and failure paths (issue 12 items 2 and 6)
// through the built package, with AI SDK's MockLanguageModelV3 and plain
// model functions. Expected values come from the seed (mcpjam-testagent.txt:
// stopWhen after the step, stepCountIs(maxSteps) always, stopAfterToolCall's
// stub and early stop, prompt() never throws) and @mcpjam/sdk@1.14.0's
// HostRunner code (the stub text "[skipped by stopAfterToolCall]"; an abort's
// error is its reason's message; a partial run keeps the recorded calls).
//
//   node --test tests/js/agent-options.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { MockLanguageModelV3 } from "ai/test";
import { stepCountIs as aiStepCountIs, hasToolCall as aiHasToolCall } from "ai";
import { TestAgent, hasToolCall, stepCountIs } from "../../pkg/agent.js";

const usage = (i, o) => ({ inputTokens: { total: i, noCache: i, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: o, text: o, reasoning: 0 } });
const callPart = (id, name, input) => ({ type: "tool-call", toolCallId: id, toolName: name, input: typeof input === "string" ? input : JSON.stringify(input) });
const step = (content, i = 10, o = 5) => ({ content, finishReason: { unified: "tool-calls", raw: undefined }, usage: usage(i, o), warnings: [] });
const always = (name, input) => {
  let n = 0;
  return new MockLanguageModelV3({ doGenerate: async () => step([callPart(`c${n++}`, name, input)]) });
};

const ran = [];
const tools = {
  echo: { description: "Echoes", inputSchema: { type: "object", properties: { message: { type: "string" } } }, execute: async ({ message }) => (ran.push("echo"), { content: [{ type: "text", text: `Echo: ${message}` }] }) },
  search_tasks: { description: "Searches", inputSchema: { type: "object" }, execute: async () => (ran.push("search_tasks"), { content: [{ type: "text", text: "3 tasks" }] }) },
  boom: { description: "Throws", inputSchema: { type: "object" }, execute: async () => { throw new Error("disk on fire"); } },
  slow: { description: "Stalls", inputSchema: { type: "object" }, execute: (_, { abortSignal }) => new Promise((res, rej) => abortSignal.addEventListener("abort", () => rej(new Error("aborted"))) ) },
};

test("maxSteps reached: stepCountIs(maxSteps) always applies", async () => {
  const r = await new TestAgent({ tools, model: always("echo", { message: "again" }), maxSteps: 3 }).prompt("loop");
  assert.equal(r.getToolCalls().length, 3);
  assert.equal(r.hasError(), false);
  assert.equal(r.stopReason, "max-steps");
});

test("stopWhen: one condition, several, AI SDK's own functions, a custom predicate", async () => {
  const agent = () => new TestAgent({ tools, model: always("echo", { message: "x" }) });
  assert.equal((await agent().prompt("p", { stopWhen: stepCountIs(2) })).getToolCalls().length, 2);
  assert.equal((await agent().prompt("p", { stopWhen: [hasToolCall("nope"), stepCountIs(4)] })).getToolCalls().length, 4);
  assert.equal((await agent().prompt("p", { stopWhen: aiStepCountIs(3) })).getToolCalls().length, 3);
  assert.equal((await agent().prompt("p", { stopWhen: aiHasToolCall("echo") })).getToolCalls().length, 1);
  let seen;
  const custom = ({ steps }) => ((seen = steps), steps.length === 2);
  const r = await agent().prompt("p", { stopWhen: custom });
  assert.equal(r.getToolCalls().length, 2);
  assert.equal(seen[1].toolCalls[0].toolName, "echo");
  assert.deepEqual(seen[1].toolResults[0].output, { type: "json", value: { content: [{ type: "text", text: "Echo: x" }] } });
  // A predicate that throws ends the run with its message (prompt() never throws).
  const bad = await agent().prompt("p", { stopWhen: () => { throw new Error("bad predicate"); } });
  assert.equal(bad.getError(), "bad predicate");
});

test("stopAfterToolCall with a sibling call in the same step", async () => {
  ran.length = 0;
  const model = new MockLanguageModelV3({
    doGenerate: async () => step([callPart("a", "search_tasks", { q: "open" }), callPart("b", "echo", { message: "sibling" })]),
  });
  const r6 = await new TestAgent({ tools, model }).prompt("Search for tasks", { stopAfterToolCall: "search_tasks", timeoutMs: 5_000 });
  assert.deepEqual(r6.getToolArguments("search_tasks"), { q: "open" });
  assert.deepEqual(ran, ["echo"]);
  const [a, b] = r6.getToolCalls();
  assert.deepEqual(a.result, { content: [{ type: "text", text: "[skipped by stopAfterToolCall]" }] });
  assert.deepEqual(b.result, { content: [{ type: "text", text: "Echo: sibling" }] });
  assert.equal(model.doGenerateCalls.length, 1);
});

test("a tool that throws, a tool that does not exist, malformed arguments", async () => {
  const model = new MockLanguageModelV3({
    doGenerate: async ({ prompt }) =>
      prompt.length === 2
        ? step([callPart("t1", "boom", {}), callPart("t2", "nope", {}), callPart("t3", "echo", '{"message": "cut sh')])
        : { ...step([{ type: "text", text: "I could not." }]), finishReason: { unified: "stop", raw: undefined } },
  });
  const r = await new TestAgent({ tools, model }).prompt("try");
  assert.equal(r.hasError(), false);
  assert.equal(r.text, "I could not.");
  const [t1, t2, t3] = r.getToolCalls();
  assert.equal(t1.isError, true);
  assert.equal(t1.result, "disk on fire");
  assert.equal(t2.isError, true);
  assert.match(t2.result, /unavailable tool 'nope'/);
  assert.equal(t3.argumentsError, "NOT_JSON");
  assert.equal(t3.rawArguments, '{"message": "cut sh');
  assert.deepEqual(t3.arguments, {});
  const toolMessage = model.doGenerateCalls[1].prompt[3];
  assert.equal(toolMessage.role, "tool");
  assert.deepEqual(toolMessage.content[0].output, { type: "error-text", value: "disk on fire" });
});

const stall = (ms) => async ({ abortSignal }) => new Promise((res) => { const t = setTimeout(() => res({ text: "late" }), ms); abortSignal.addEventListener("abort", () => clearTimeout(t)); });

test("total and step timeouts with a model that stalls: an error result, the partial run kept", async () => {
  let n = 0;
  const model = async (req) => (n++ === 0 ? { toolCalls: [{ toolCallId: "e", toolName: "echo", input: { message: "first" } }], usage: { inputTokens: 5, outputTokens: 2 } } : stall(10_000)(req));
  const t0 = Date.now();
  const r = await new TestAgent({ tools, model }).prompt("p", { timeout: { totalMs: 10_000, stepMs: 150 } });
  assert.ok(Date.now() - t0 < 3_000);
  assert.match(r.getError(), /Step 2 timed out after 150 ms/);
  assert.deepEqual(r.toolsCalled(), ["echo"]);
  assert.deepEqual(r.getUsage(), { inputTokens: 5, outputTokens: 2, totalTokens: 7 });
  assert.equal(r.getMessages().length, 3);
  n = 0;
  const r2 = await new TestAgent({ tools, model }).prompt("p", { timeoutMs: 200 });
  assert.match(r2.getError(), /timed out after 200 ms/);
  const r3 = await new TestAgent({ tools, model: stall(10_000) }).prompt("p", { timeout: 100 });
  assert.equal(r3.getToolCalls().length, 0);
  assert.ok(r3.e2eLatencyMs() >= 100);
});

test("abort mid-step (while a tool runs): the abort reason is the error, the call kept", async () => {
  const controller = new AbortController();
  const model = async () => ({ toolCalls: [{ toolCallId: "s", toolName: "slow", input: {} }] });
  setTimeout(() => controller.abort(new Error("user cancelled")), 100);
  const r = await new TestAgent({ tools, model }).prompt("p", { abortSignal: controller.signal });
  assert.equal(r.getError(), "user cancelled");
  assert.deepEqual(r.toolsCalled(), ["slow"]);
  const already = AbortSignal.abort("gone");
  let called = false;
  const r2 = await new TestAgent({ tools, model: async () => ((called = true), { text: "" }) }).prompt("p", { abortSignal: already });
  assert.equal(r2.getError(), "gone");
  assert.equal(called, false);
});

test("a model that throws: prompt() resolves with the error", async () => {
  const r = await new TestAgent({ tools, model: async () => { throw new Error("429 rate limited"); } }).prompt("p");
  assert.equal(r.hasError(), true);
  assert.equal(r.getError(), "429 rate limited");
});

test("the seed's multi-turn example: context results go before the prompt", async () => {
  const seen = [];
  const model = async (req) => (seen.push(req.messages), { text: `answer ${seen.length}` });
  const agent = new TestAgent({ tools, model });
  const r1 = await agent.prompt("Create a task called 'Test'");
  const r2 = await agent.prompt("Mark it complete", { context: r1 });
  const r3 = await agent.prompt("Show summary", { context: [r1, r2] });
  assert.deepEqual(seen[1].map((m) => m.role), ["user", "assistant", "user"]);
  assert.deepEqual(seen[2].map((m) => m.content), [
    "Create a task called 'Test'", [{ type: "text", text: "answer 1" }], "Mark it complete", [{ type: "text", text: "answer 2" }], "Show summary",
  ]);
  assert.equal(r3.getMessages().length, 2);
  assert.equal(r3.text, "answer 3");
});

// A client whose listTools misbehaves: the run ends as an error PromptResult
// (prompt() never throws, the seed), within the prompt's time limit or at its
// abortSignal; a cursor answered twice would loop forever.
test("an MCP client that hangs, repeats a cursor or answers garbage: the run is an error, in time", async () => {
  const model = async () => ({ text: "never asked" });
  const client = (listTools) => ({ listTools, callTool: async () => ({ content: [] }) });
  const t0 = performance.now();
  const hung = await new TestAgent({ tools: client(() => new Promise(() => {})), model }).prompt("p", { timeoutMs: 200 });
  assert.equal(hung.hasError(), true);
  assert.match(hung.getError(), /timed out after 200 ms/);
  const controller = new AbortController();
  setTimeout(() => controller.abort(new Error("stopped by the caller")), 150);
  const aborted = await new TestAgent({ tools: client(() => new Promise(() => {})), model }).prompt("p", { abortSignal: controller.signal });
  assert.match(aborted.getError(), /stopped by the caller/);
  assert.equal(aborted.hasError(), true);
  assert.ok(performance.now() - t0 < 5_000);
  const looping = await new TestAgent({ tools: client(async () => ({ tools: [], nextCursor: "same" })), model }).prompt("p");
  assert.match(looping.getError(), /listing the MCP client's tools failed: .*nextCursor "same" twice/);
  for (const [answer, why] of [
    [{ tools: "nope" }, /without a tools list/],
    [undefined, /answered nothing/],
    [{ tools: [{ name: 5 }] }, /name must be a string/],
    [{ tools: [{ name: "a" }, { name: "a" }] }, /"a" is listed twice/],
  ]) {
    const r = await new TestAgent({ tools: client(async () => answer), model }).prompt("p");
    assert.equal(r.hasError(), true, JSON.stringify(answer));
    assert.match(r.getError(), why);
  }
});

test("timeouts: past setTimeout's 2^31 - 1 ms a limit still holds (no early firing); NaN is refused", async () => {
  const model = async () => ({ text: "done" });
  for (const timeout of [2 ** 31, 2 ** 40, { stepMs: 2 ** 35 }]) {
    const r = await new TestAgent({ tools: {}, model }).prompt("p", { timeout });
    assert.equal(r.hasError(), false, `${JSON.stringify(timeout)}: ${r.getError()}`);
    assert.equal(r.text, "done");
  }
  for (const [options, path] of [[{ timeout: NaN }, "options.timeout"], [{ timeoutMs: Infinity }, "options.timeoutMs"], [{ timeout: { totalMs: NaN } }, "options.timeout.totalMs"]]) {
    await assert.rejects(new TestAgent({ tools: {}, model }).prompt("p", options), (e) => e.code === "INVALID_OPTION" && e.path === path);
  }
});

test("two tools of one name are refused where they are given", () => {
  assert.throws(
    () => new TestAgent({ tools: [{ name: "a", execute: () => "first" }, { name: "a", execute: () => "second" }], model: async () => ({ text: "" }) }),
    (e) => e.code === "INVALID_OPTION" && e.path === "options.tools[1].name" && /listed twice/.test(e.message),
  );
});
