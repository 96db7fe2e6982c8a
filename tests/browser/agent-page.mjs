// The page of tests/browser/agent.test.mjs (bundled by esbuild at test time):
// an in-process McpServer of @modelcontextprotocol/sdk, a Client over the
// SDK's in-memory transport, and mcp-matchers' TestAgent running its loop
// in the browser with a scripted model; the verdict of evaluateToolCalls is shown.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { z } from "zod";
import { TestAgent, stepCountIs } from "../../pkg/agent.js";
import { evaluateToolCalls } from "../../pkg/index.js";

async function main() {
  const server = new McpServer({ name: "tasks", version: "1.0.0" });
  const tasks = [];
  server.registerTool("create_task", { description: "Creates a task", inputSchema: { name: z.string(), priority: z.enum(["low", "high"]) } }, async ({ name, priority }) => {
    tasks.push({ name, priority });
    return { content: [{ type: "text", text: `Created task ${name} (${priority})` }] };
  });
  server.registerTool("list_tasks", { description: "Lists tasks", inputSchema: {} }, async () => ({ content: [{ type: "text", text: tasks.map((t) => t.name).join(", ") }] }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "browser-agent", version: "1.0.0" });
  await client.connect(clientSide);

  // A scripted model: create the task, list the tasks, then answer with the tool's text.
  const model = async ({ stepIndex, messages, tools }) => {
    if (stepIndex === 0) return { toolCalls: [{ toolName: "create_task", input: { name: "Deploy", priority: "high" } }], usage: { inputTokens: 40, outputTokens: 12 } };
    if (stepIndex === 1) return { toolCalls: [{ toolName: "list_tasks", input: {} }], usage: { inputTokens: 60, outputTokens: 8 } };
    const last = messages[messages.length - 1].content[0].output.value.content[0].text;
    return { text: `Tasks: ${last} (${tools.length} tools)`, usage: { inputTokens: 80, outputTokens: 10 } };
  };
  const agent = new TestAgent({ tools: client, model, maxSteps: 5 });
  const result = await agent.prompt("Create a task called 'Deploy' with high priority", { stopWhen: stepCountIs(5) });
  const match = evaluateToolCalls(
    [{ toolName: "create_task", arguments: { name: "Deploy", priority: "high" } }, { toolName: "list_tasks" }],
    result.getToolCalls(),
    { toolCallOrder: "strict", maxExtraToolCalls: 0 },
  );
  document.querySelector("#verdict").textContent = match.passed ? "PASS" : "FAIL";
  document.querySelector("#text").textContent = result.text;
  document.querySelector("#calls").textContent = result.getToolCalls().map((c) => `${c.toolName} → ${c.result.content[0].text}`).join("\n");
  document.querySelector("#usage").textContent = `${result.totalTokens()} tokens`;
  await client.close();
}

main()
  .catch((e) => (document.querySelector("#error").textContent = String(e?.stack ?? e)))
  .finally(() => document.body.setAttribute("data-ready", "true"));
