// TestAgent (mcp-matchers/agent) through the built package (../../pkg) with
// real parts: AI SDK's MockLanguageModelV3 (ai@6 `ai/test`), AI SDK's own
// generateText loop as the reference for the messages and calls a run
// records (@mcpjam/sdk@1.14.0's HostRunner is a wrapper of it), and the real
// MCP server @modelcontextprotocol/server-everything over stdio. Expected
// texts come from the seed (mcpjam-testagent.txt), HostRunner's code (the
// stub text, the default system prompt, maxSteps 10) and server-everything's
// tools ("The sum of 2 and 3 is 5.", "Echo: …").
//
//   node --test tests/js/agent.test.mjs

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { generateText, jsonSchema, stepCountIs as aiStepCountIs, tool as aiTool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { TestAgent, hasToolCall, stepCountIs, MatcherError } from "../../pkg/agent.js";
import { evaluateToolCalls } from "../../pkg/index.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

// ---- a scripted LanguageModelV3 ---------------------------------------------

const usage = (i, o) => ({ inputTokens: { total: i, noCache: i, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: o, text: o, reasoning: 0 } });
const callPart = (id, name, input) => ({ type: "tool-call", toolCallId: id, toolName: name, input: JSON.stringify(input) });
const step = (content, i = 10, o = 5) => ({
  content,
  finishReason: { unified: content.some((p) => p.type === "tool-call") ? "tool-calls" : "stop", raw: undefined },
  usage: usage(i, o),
  warnings: [],
});
function scripted(steps) {
  const queue = [...steps];
  return new MockLanguageModelV3({ doGenerate: async () => queue.shift() ?? step([{ type: "text", text: "(out of script)" }]) });
}

const sumTools = () => ({
  add: {
    description: "Adds two numbers",
    inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
    execute: async ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }] }),
  },
});

test("a run with MockLanguageModelV3 records what AI SDK's generateText records", async () => {
  const script = [step([{ type: "text", text: "Adding." }, callPart("c1", "add", { a: 2, b: 3 })], 12, 6), step([{ type: "text", text: "2 + 3 = 5" }], 20, 4)];
  const agent = new TestAgent({ tools: sumTools(), model: scripted(script), temperature: 0.3 });
  const r = await agent.prompt("Add 2 and 3");

  // The reference loop on the same script and tool.
  const t = sumTools().add;
  const ref = await generateText({
    model: scripted(script),
    system: "You are a helpful assistant.",
    prompt: "Add 2 and 3",
    tools: { add: aiTool({ description: t.description, inputSchema: jsonSchema(t.inputSchema), execute: t.execute }) },
    stopWhen: aiStepCountIs(10),
  });
  const strip = (m) => ({ role: m.role, content: m.content.map(({ providerOptions, providerExecuted, ...p }) => p) });
  assert.deepEqual(r.getMessages(), [{ role: "user", content: "Add 2 and 3" }, ...ref.response.messages.map(strip)]);
  assert.equal(r.text, ref.text);
  assert.deepEqual(r.toolsCalled(), ref.steps.flatMap((s) => s.toolCalls.map((c) => c.toolName)));
  assert.deepEqual(r.getToolArguments("add"), { a: 2, b: 3 });
  const [c] = r.getToolCalls();
  assert.deepEqual(c.result, { content: [{ type: "text", text: "5" }] });
  assert.equal(c.isError, false);
  assert.deepEqual(r.getUsage(), { inputTokens: 32, outputTokens: 10, totalTokens: 42 });
  assert.equal(r.getProvider(), "mock-provider");
  assert.equal(r.getModel(), "mock-model-id");
  assert.ok(r.e2eLatencyMs() >= 0 && r.getLatency().llmMs >= 0 && r.getLatency().mcpMs >= 0);
  assert.deepEqual(r.getSpans().map((s) => s.category), ["step", "llm", "tool", "step", "llm"]);
  assert.equal(r.hasError(), false);
  assert.equal(evaluateToolCalls([{ toolName: "add", arguments: { a: 2, b: 3 } }], r.getToolCalls()).passed, true);
});

test("the model is called with the system prompt first, the temperature and the tools", async () => {
  const seen = [];
  const model = new MockLanguageModelV3({ doGenerate: async (o) => (seen.push(o), step([{ type: "text", text: "hi" }])) });
  await new TestAgent({ tools: sumTools(), model, temperature: 0.3 }).prompt("hello");
  assert.deepEqual(seen[0].prompt[0], { role: "system", content: "You are a helpful assistant." });
  assert.deepEqual(seen[0].prompt[1], { role: "user", content: [{ type: "text", text: "hello" }] });
  assert.equal(seen[0].temperature, 0.3);
  assert.equal(seen[0].tools[0].name, "add");
  assert.equal(seen[0].tools[0].type, "function");
  assert.deepEqual(seen[0].tools[0].inputSchema.required, ["a", "b"]);
});

test("a plain model function and the seed's option defaults", async () => {
  const requests = [];
  const model = async (req) => {
    requests.push(req);
    return req.stepIndex === 0
      ? { toolCalls: [{ toolName: "add", input: { a: 1, b: 1 } }], usage: { inputTokens: 3, outputTokens: 1 } }
      : { text: "2", usage: { inputTokens: 4, outputTokens: 1 } };
  };
  const agent = new TestAgent({ tools: sumTools(), model });
  assert.equal(agent.getSystemPrompt(), "You are a helpful assistant.");
  assert.equal(agent.getMaxSteps(), 10);
  const r = await agent.run("1+1?");
  assert.equal(r.text, "2");
  assert.equal(requests[0].system, "You are a helpful assistant.");
  assert.equal("temperature" in requests[0], false);
  assert.deepEqual(requests[1].messages[2].content[0].output, { type: "json", value: { content: [{ type: "text", text: "2" }] } });
  assert.deepEqual(r.getUsage(), { inputTokens: 7, outputTokens: 2, totalTokens: 9 });
  assert.deepEqual(agent.toolsCalled(), ["add"]);
  assert.equal(agent.getPromptHistory().length, 1);
});

// ---- a real MCP server over stdio ----------------------------------------------

let client;
before(async () => {
  client = new Client({ name: "mcp-matchers-test", version: "0.0.0" });
  const server = join(root, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js");
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [server, "stdio"], stderr: "ignore" }));
});
after(async () => {
  await client?.close();
});

test("server-everything over stdio: tools listed once and called through the client", async () => {
  const model = scripted([
    step([callPart("s1", "get-sum", { a: 2, b: 3 }), callPart("e1", "echo", { message: "hi" })]),
    step([{ type: "text", text: "Done." }]),
  ]);
  let listed = 0;
  const counting = { listTools: (p) => (listed++, client.listTools(p)), callTool: (...a) => client.callTool(...a) };
  const agent = new TestAgent({ tools: counting, model, maxSteps: 5 });
  const r = await agent.prompt("Sum 2 and 3, then echo hi");
  const calls = r.getToolCalls();
  assert.deepEqual(calls.map((c) => c.toolName), ["get-sum", "echo"]);
  assert.deepEqual(calls[0].result.content, [{ type: "text", text: "The sum of 2 and 3 is 5." }]);
  assert.deepEqual(calls[1].result.content, [{ type: "text", text: "Echo: hi" }]);
  assert.equal(r.text, "Done.");
  assert.ok(r.getLatency().mcpMs > 0);
  await agent.prompt("again", { context: r });
  assert.equal(listed, 1);
});

test("server-everything: a call the server rejects is an error result, the loop goes on", async () => {
  const model = scripted([step([callPart("s1", "get-sum", { a: "two", b: 3 })]), step([{ type: "text", text: "Sorry." }])]);
  const r = await new TestAgent({ tools: client, model }).prompt("sum");
  const [c] = r.getToolCalls();
  assert.equal(c.isError, true);
  assert.equal(r.text, "Sorry.");
  assert.equal(r.hasError(), false);
});

test("the seed's stopWhen example: hasToolCall stops after the step", async () => {
  const model = scripted([
    step([callPart("e1", "echo", { message: "a" })]),
    step([callPart("s1", "get-sum", { a: 1, b: 2 })]),
    step([{ type: "text", text: "never" }]),
  ]);
  const r4 = await new TestAgent({ tools: client, model }).prompt("Search for tasks", { stopWhen: hasToolCall("get-sum") });
  assert.equal(r4.hasToolCall("get-sum"), true);
  assert.deepEqual(r4.toolsCalled(), ["echo", "get-sum"]);
  assert.deepEqual(r4.getToolCalls()[1].result.content, [{ type: "text", text: "The sum of 1 and 2 is 3." }]);
  assert.equal(r4.text, "");
});

test("bad options throw MatcherError with a path before any model call", async () => {
  let calls = 0;
  const model = async () => (calls++, { text: "x" });
  const bad = (fn, code, path) => assert.throws(fn, (e) => e instanceof MatcherError && e.code === code && e.path === path);
  bad(() => new TestAgent({ tools: {}, model: "anthropic/claude-sonnet-4-20250514" }), "INVALID_OPTION", "options.model");
  assert.throws(() => new TestAgent({ tools: {}, model: "openai/gpt-4o" }), /pass a model object/);
  bad(() => new TestAgent({ tools: {}, model: 42 }), "INVALID_OPTION", "options.model");
  bad(() => new TestAgent({ tools: {}, model: {} }), "INVALID_OPTION", "options.model");
  bad(() => new TestAgent({ tools: 7, model }), "INVALID_OPTION", "options.tools");
  bad(() => new TestAgent({ tools: { add: 3 }, model }), "INVALID_OPTION", "options.tools.add");
  bad(() => new TestAgent({ tools: { add: { execute: 1 } }, model }), "INVALID_OPTION", "options.tools.add.execute");
  bad(() => new TestAgent({ tools: {}, model, maxSteps: 0 }), "INVALID_OPTION", "options.maxSteps");
  bad(() => new TestAgent({ tools: {}, model, maxSteps: 2.5 }), "INVALID_OPTION", "options.maxSteps");
  bad(() => new TestAgent({ tools: {}, model, temperature: 3 }), "INVALID_OPTION", "options.temperature");
  bad(() => new TestAgent({ tools: {}, model, systemPrompt: 1 }), "INVALID_OPTION", "options.systemPrompt");
  bad(() => new TestAgent(null), "INVALID_ARGUMENT", "options");
  const agent = new TestAgent({ tools: {}, model });
  const rejects = (p, code, path) => assert.rejects(p, (e) => e instanceof MatcherError && e.code === code && e.path === path);
  await rejects(agent.prompt(42), "INVALID_ARGUMENT", "message");
  await rejects(agent.prompt("x", { stopWhen: "add" }), "INVALID_OPTION", "options.stopWhen");
  await rejects(agent.prompt("x", { stopWhen: [hasToolCall("a"), 3] }), "INVALID_OPTION", "options.stopWhen[1]");
  await rejects(agent.prompt("x", { timeout: "1s" }), "INVALID_OPTION", "options.timeout");
  await rejects(agent.prompt("x", { timeout: { stepMs: -5 } }), "INVALID_OPTION", "options.timeout.stepMs");
  await rejects(agent.prompt("x", { timeoutMs: "5" }), "INVALID_OPTION", "options.timeoutMs");
  await rejects(agent.prompt("x", { stopAfterToolCall: [1] }), "INVALID_OPTION", "options.stopAfterToolCall[0]");
  await rejects(agent.prompt("x", { context: {} }), "INVALID_OPTION", "options.context");
  await rejects(agent.prompt("x", { abortSignal: {} }), "INVALID_OPTION", "options.abortSignal");
  assert.throws(() => stepCountIs(0), MatcherError);
  assert.equal(calls, 0);
});

test("a LanguageModelV2-shaped object (usage numbers, finishReason a string, as @ai-sdk/provider's V2 spec)", async () => {
  const calls = [];
  const v2 = {
    specificationVersion: "v2",
    provider: "openai.chat",
    modelId: "gpt-4o",
    supportedUrls: {},
    async doGenerate(options) {
      calls.push(options);
      return calls.length === 1
        ? { content: [callPart("v1", "add", { a: 4, b: 5 })], finishReason: "tool-calls", usage: { inputTokens: 8, outputTokens: 3, totalTokens: 11 }, warnings: [] }
        : { content: [{ type: "text", text: "9" }], finishReason: "stop", usage: { inputTokens: 9, outputTokens: 1, totalTokens: 10 }, warnings: [] };
    },
  };
  const r = await new TestAgent({ tools: sumTools(), model: v2 }).prompt("4+5");
  assert.equal(r.text, "9");
  assert.deepEqual(r.getUsage(), { inputTokens: 17, outputTokens: 4, totalTokens: 21 });
  assert.equal(r.getProvider(), "openai");
  assert.equal(r.getModel(), "gpt-4o");
  assert.deepEqual(calls[1].prompt[3].content[0].output, { type: "json", value: { content: [{ type: "text", text: "9" }] } });
  assert.throws(() => new TestAgent({ tools: {}, model: { ...v2, specificationVersion: "v1" } }), (e) => e.path === "options.model");
});
