// replayModel and EvalTest through the built package. replayModel re-drives
// recorded fixtures (tests/fixtures/traces/, see SOURCES.md): the Anthropic
// parallel tool_use message (4 retrieve_entity_info calls for Alice, Bob,
// Charlie, Daisy) against a record tool and against the real
// @modelcontextprotocol/server-everything (which has no such tool: each call is
// an error result naming its tools), and the OpenAI Chat parallel calls.
// EvalTest's aggregates follow @mcpjam/sdk@1.14.0's EvalTest (accuracy =
// successes / iterations; precision and recall are the accuracy; percentiles
// interpolated), checked on hand-worked numbers.
//
//   node --test tests/js/agent-replay.test.mjs

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { TestAgent, EvalTest, replayModel, MatcherError } from "../../pkg/agent.js";
import { evaluateToolCalls, PromptResult } from "../../pkg/index.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const fixture = (p) => readFileSync(join(root, "tests", "fixtures", "traces", p), "utf8");

test("replayModel re-drives the Anthropic parallel tool_use trace against a record tool", async () => {
  const seen = [];
  const tools = {
    retrieve_entity_info: {
      description: "Looks a person up",
      inputSchema: { type: "object", properties: { name: { type: "string" } } },
      execute: async ({ name }) => (seen.push(name), { content: [{ type: "text", text: `${name}: 30` }] }),
    },
  };
  const r = await new TestAgent({ tools, model: replayModel(fixture("anthropic/message.parallel-tool-use.json")) }).prompt("Who is the youngest?");
  assert.deepEqual(seen, ["Alice", "Bob", "Charlie", "Daisy"]);
  assert.deepEqual(r.getToolCalls().map((c) => c.id), ["toolu_0167cfEnoQaPviGdVXA95zcu", "toolu_01EEe2V5HD1Ac4rKiUR4HD2T", "toolu_01XFyAjstT3966qvRynZyVPo", "toolu_013mnQZbgtK2oe3Mo3XKJsx3"]);
  // The trace has one step: asked for a second one, the replay fails and the run keeps the first.
  assert.match(r.getError(), /recorded trace has no step 2 \(it has 1\)/);
  assert.equal(r.getToolCalls()[3].result.content[0].text, "Daisy: 30");
  const expected = ["Alice", "Bob", "Charlie", "Daisy"].map((name) => ({ toolName: "retrieve_entity_info", arguments: { name } }));
  assert.equal(evaluateToolCalls(expected, r.getToolCalls(), { toolCallOrder: "strict" }).passed, true);
  // stopAfterToolCall keeps the replay within its recorded step.
  const r2 = await new TestAgent({ tools, model: replayModel(PromptResult.fromTrace(fixture("anthropic/message.parallel-tool-use.json"))) })
    .prompt("Who is the youngest?", { stopAfterToolCall: "retrieve_entity_info" });
  assert.equal(r2.hasError(), false);
  assert.equal(r2.getToolCalls().length, 4);
});

let client;
before(async () => {
  client = new Client({ name: "mcp-matchers-replay", version: "0.0.0" });
  const server = join(root, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js");
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [server, "stdio"], stderr: "ignore" }));
});
after(async () => client?.close());

test("replayModel against server-everything: calls of a tool it lacks are error results", async () => {
  const { tools } = await client.listTools();
  const r = await new TestAgent({ tools: client, model: replayModel(fixture("anthropic/message.parallel-tool-use.json")) })
    .prompt("Who is the youngest?", { stopWhen: () => true });
  const calls = r.getToolCalls();
  assert.equal(calls.length, 4);
  assert.ok(calls.every((c) => c.isError === true));
  assert.equal(calls[0].result, `Model tried to call unavailable tool 'retrieve_entity_info'. Available tools: ${tools.map((t) => t.name).join(", ")}.`);
  assert.ok(tools.some((t) => t.name === "get-sum"));
});

test("replayModel of an OpenAI Chat response: both parallel calls in order", async () => {
  const names = [];
  const any = (name) => ({ inputSchema: { type: "object" }, execute: async (input) => (names.push([name, input]), { content: [] }) });
  const r = await new TestAgent({ tools: { delete_file: any("delete_file"), create_file: any("create_file") }, model: replayModel(fixture("openai-chat/completion.parallel-tool-calls.json")) })
    .prompt("tidy up", { stopWhen: () => true });
  assert.deepEqual(r.toolsCalled(), ["delete_file", "create_file"]);
  assert.deepEqual(names[0], ["delete_file", { path: ".env" }]);
});

test("replayModel refuses what fromTrace refuses", () => {
  assert.throws(() => replayModel(42), MatcherError);
});

// ---- EvalTest ---------------------------------------------------------------------

const fixedModel = (toolName) => async ({ stepIndex }) =>
  stepIndex === 0 ? { toolCalls: [{ toolName, input: {} }], usage: { inputTokens: 10, outputTokens: 2 } } : { text: "ok", usage: { inputTokens: 20, outputTokens: 3 } };
const noop = { search_tasks: { inputSchema: { type: "object" }, execute: async () => ({ content: [] }) }, other: { inputSchema: { type: "object" }, execute: async () => ({ content: [] }) } };

test("EvalTest: iterations, progress, aggregates, a test returning an evaluateToolCalls result", async () => {
  let k = 0;
  const model = async (req) => {
    if (req.stepIndex === 0) k++;
    return fixedModel(k % 2 === 0 ? "other" : "search_tasks")(req);
  };
  const agent = new TestAgent({ tools: noop, model });
  const progress = [];
  const t = new EvalTest({
    name: "search",
    test: async (a) => evaluateToolCalls([{ toolName: "search_tasks" }], (await a.run("Search for tasks")).getToolCalls()),
  });
  const run = await t.run(agent, { iterations: 4, concurrency: 1, onProgress: (done, total) => progress.push([done, total]) });
  assert.deepEqual(progress, [[1, 4], [2, 4], [3, 4], [4, 4]]);
  assert.equal(run.iterations, 4);
  assert.equal(t.accuracy(), 0.5); // every second iteration calls "other": iterations 2 and 4 fail
  assert.equal(t.precision(), t.accuracy());
  assert.equal(t.recall(), t.accuracy());
  assert.equal(t.falsePositiveRate(), 0.5);
  assert.equal(run.tokenUsage.total, 4 * 35);
  assert.deepEqual(run.tokenUsage.perIteration[0], { total: 35, input: 30, output: 5 });
  assert.equal(t.averageTokenUse(), 35);
  assert.equal(run.latency.e2e.count, 4);
  assert.ok(run.latency.e2e.p50 <= run.latency.e2e.p95 && run.latency.e2e.p95 <= run.latency.e2e.max);
  assert.equal(t.getFailedIterations().length, 2);
  assert.match(t.getFailureReport(), /^=== Failed Iteration 1\/2 ===\n--- Prompt 1 ---/);
  assert.equal(agent.getPromptHistory().length, 0); // each iteration had its own agent (withOptions)
});

test("EvalTest: a test that throws is retried then fails; a timeout fails the iteration", async () => {
  let attempts = 0;
  const t = new EvalTest({ name: "flaky", test: async () => { attempts++; throw new Error("flake"); } });
  const run = await t.run(new TestAgent({ tools: noop, model: fixedModel("search_tasks") }), { iterations: 1, retries: 2 });
  assert.equal(attempts, 3);
  assert.equal(run.iterationDetails[0].error, "flake");
  assert.equal(run.iterationDetails[0].retryCount, 2);
  const stalled = new EvalTest({ name: "slow", test: async (a) => (await a.run("p")).hasError() === false });
  const slowModel = ({ abortSignal }) => new Promise((_, rej) => abortSignal.addEventListener("abort", () => rej(new Error("aborted"))));
  const r2 = await stalled.run(new TestAgent({ tools: noop, model: slowModel }), { iterations: 2, timeoutMs: 100 });
  assert.equal(r2.successes, 0);
  assert.equal(r2.iterationDetails[0].error, "Operation timed out after 100ms");
  assert.equal(r2.iterationDetails[0].prompts[0].getError(), "Operation timed out after 100ms");
  assert.throws(() => new EvalTest({ name: "x" }), (e) => e instanceof MatcherError && e.path === "config.test");
  await assert.rejects(t.run(new TestAgent({ tools: noop, model: fixedModel("x") }), { iterations: 0 }), (e) => e.path === "options.iterations");
  assert.throws(() => new EvalTest({ test: () => true }).accuracy(), /Call run\(\) first/);
});
