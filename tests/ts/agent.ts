// The seed's TestAgent examples (mcpjam-testagent.txt) with only the import
// and the model object changed, type-checked against mcp-matchers/agent.
import { TestAgent, EvalTest, hasToolCall, stepCountIs, replayModel, MatcherError } from "mcp-matchers/agent";
import type { ModelRequest, ModelResponse, EvalRunResult } from "mcp-matchers/agent";
import { evaluateToolCalls } from "mcp-matchers";

declare const manager: { getTools(): Promise<Array<{ name: string; description?: string; inputSchema: Record<string, unknown>; execute: (args: any) => Promise<unknown> }>> };

const model = async (request: ModelRequest): Promise<ModelResponse> => ({
  text: `seen ${request.messages.length} messages`,
  toolCalls: request.stepIndex === 0 ? [{ toolName: "search_tasks", input: { q: "open" } }] : [],
  usage: { inputTokens: 1, outputTokens: 1 },
});

export async function seed(): Promise<void> {
  const agent = new TestAgent({
    tools: await manager.getTools(),
    model,
    systemPrompt: "You are a helpful assistant.",
    temperature: 0.3,
    maxSteps: 5,
  });
  const result = await agent.prompt("Add 2 and 3");
  const r1 = await agent.prompt("Create a task called 'Test'");
  const r2 = await agent.prompt("Mark it complete", { context: r1 });
  const r3 = await agent.prompt("Show summary", { context: [r1, r2] });
  const r4 = await agent.prompt("Search for tasks", { stopWhen: hasToolCall("search_tasks") });
  console.log(r4.hasToolCall("search_tasks"), r3.text, result.toolsCalled());
  const r5 = await agent.prompt("Run a long workflow", { timeout: { totalMs: 10_000, stepMs: 2_500 } });
  if (r5.hasError()) console.error(r5.getError());
  const r6 = await agent.prompt("Search for tasks", { stopAfterToolCall: "search_tasks", timeoutMs: 5_000 });
  console.log(r6.getToolArguments("search_tasks"));
  await agent.prompt("x", { stopWhen: [hasToolCall("tool_a"), stepCountIs(3)] });
  const usage: number = r6.getUsage().totalTokens + r6.e2eLatencyMs();
  const passed: boolean = evaluateToolCalls([{ toolName: "search_tasks", arguments: {} }], r6.getToolCalls()).passed;
  console.log(usage, passed, agent.run === agent.prompt);
  // @ts-expect-error a "provider/model" string is refused (types and at run time)
  new TestAgent({ tools: {}, model: "anthropic/claude-sonnet-4-20250514" });

  const replay = new TestAgent({ tools: {}, model: replayModel({ role: "assistant", content: [] }) });
  await replay.run("again");

  const test = new EvalTest({
    name: "search",
    test: async (a) => {
      const r = await a.run("Search for tasks");
      return evaluateToolCalls([{ toolName: "search_tasks", arguments: {} }], r.getToolCalls());
    },
  });
  const run: EvalRunResult = await test.run(agent, { iterations: 3, concurrency: 2, onProgress: (done, total) => console.log(done, total) });
  console.log(run.latency.e2e.p95, test.accuracy(), test.precision(), test.getFailureReport(), MatcherError);
}

// AI SDK's own stop conditions (typed over its larger StepResult) are accepted too.
import { stepCountIs as aiStepCountIs, hasToolCall as aiHasToolCall } from "ai";
export async function aiConditions(agent: TestAgent) {
  return agent.prompt("x", { stopWhen: [aiStepCountIs(2), aiHasToolCall("a"), stepCountIs(3)] });
}
