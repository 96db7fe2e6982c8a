// The seed's TestAgent examples (mcpjam-testagent.txt, "prompt()" and
// "Configuration" sections) as written there, with only the import and the
// model object changed: `manager.getTools()` lists the tools of the real
// @modelcontextprotocol/server-everything (over stdio), and the model is AI
// SDK's MockLanguageModelV3 answering with a tool call of the tool each prompt
// names, then text. Expected tool texts are server-everything's.
//
//   node --test tests/js/agent-seed.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { MockLanguageModelV3 } from "ai/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { TestAgent, hasToolCall } from "../../pkg/agent.js"; // was: from "@mcpjam/sdk"

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

// The model object: calls `search_tasks` when the prompt says "Search", `get-sum` when it has two numbers, else answers.
const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };
const model = new MockLanguageModelV3({
  doGenerate: async ({ prompt }) => {
    const last = prompt[prompt.length - 1];
    const done = (text) => ({ content: [{ type: "text", text }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] });
    const callTool = (name, input) => ({ content: [{ type: "tool-call", toolCallId: `${name}-${prompt.length}`, toolName: name, input: JSON.stringify(input) }], finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] });
    if (last.role !== "user") return done("Done.");
    const text = last.content[0].text;
    if (text.startsWith("Search")) return callTool("search_tasks", { query: "tasks" });
    const nums = text.match(/(\d+) and (\d+)/);
    return nums ? callTool("get-sum", { a: Number(nums[1]), b: Number(nums[2]) }) : done(`Ok: ${text}`);
  },
});

test("the seed's examples run as written", async () => {
  const client = new Client({ name: "seed", version: "0.0.0" });
  const server = join(root, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js");
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [server, "stdio"], stderr: "ignore" }));
  const manager = {
    getTools: async () => (await client.listTools()).tools.map((t) => ({ ...t, execute: (args) => client.callTool({ name: t.name, arguments: args }) })),
  };
  // A tool the seed's examples call that server-everything lacks.
  const searchTool = { name: "search_tasks", description: "Searches tasks", inputSchema: { type: "object" }, execute: async () => ({ content: [{ type: "text", text: "3 open tasks" }] }) };
  try {
    const agent = new TestAgent({
      tools: [...(await manager.getTools()), searchTool],
      model,
      systemPrompt: "You are a helpful assistant.",
      temperature: 0.3,
      maxSteps: 5,
    });

    // Simple prompt
    const result = await agent.prompt("Add 2 and 3");
    assert.deepEqual(result.getToolCalls()[0].result.content, [{ type: "text", text: "The sum of 2 and 3 is 5." }]);

    // Multi-turn conversation
    const r1 = await agent.prompt("Create a task called 'Test'");
    const r2 = await agent.prompt("Mark it complete", { context: r1 });
    // Multiple context items
    const r3 = await agent.prompt("Show summary", { context: [r1, r2] });
    assert.equal(r3.text, "Ok: Show summary");
    assert.equal(model.doGenerateCalls.at(-1).prompt.length, 1 + 5); // system + r1 (2) + r2 (2) + the prompt

    // Stop the loop after the step where a tool is called
    const r4 = await agent.prompt("Search for tasks", { stopWhen: hasToolCall("search_tasks") });
    assert.equal(r4.hasToolCall("search_tasks"), true);

    // Bound prompt runtime
    const r5 = await agent.prompt("Run a long workflow", { timeout: { totalMs: 10_000, stepMs: 2_500 } });
    assert.equal(r5.hasError(), false);

    // Exit early after selecting a tool, without waiting for the real MCP call
    const r6 = await agent.prompt("Search for tasks", { stopAfterToolCall: "search_tasks", timeoutMs: 5_000 });
    assert.deepEqual(r6.getToolArguments("search_tasks"), { query: "tasks" });
    assert.equal(r6.getToolCalls()[0].result.content[0].text, "[skipped by stopAfterToolCall]");
  } finally {
    await client.close();
  }
});
