// Main job, part 4: a recorded agent run re-driven against a real MCP server.
// The Anthropic message list examples/agent/everything.anthropic.HANDWRITTEN.json
// (hand-written in the shape of the recorded fixtures, calling two tools of
// @modelcontextprotocol/server-everything) becomes a model through
// replayModel; TestAgent runs it against server-everything, started here over
// stdio; the new run is judged with evaluateToolCalls, then run five times by
// EvalTest with a progress bar. Exits 1 when a verdict is not as expected.
//   node examples/agent.mjs
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { TestAgent, EvalTest, replayModel } from "../pkg/agent.js";
import { evaluateToolCalls, PromptResult } from "../pkg/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const trace = readFileSync(join(here, "agent", "everything.anthropic.HANDWRITTEN.json"), "utf8");
const server = join(here, "..", "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js");

const client = new Client({ name: "mcp-matchers-demo", version: "0.1.0" });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [server, "stdio"], stderr: "ignore" }));
let ok = true;
try {
  const agent = new TestAgent({ tools: client, model: replayModel(trace), maxSteps: 5 });
  const result = await agent.prompt("What is 2 + 3? Then echo 'done'.");
  for (const c of result.getToolCalls()) {
    console.log(`  ${c.toolName}(${JSON.stringify(c.arguments)}) → ${c.isError ? "ERROR " : ""}${c.result?.content?.[0]?.text ?? JSON.stringify(c.result)}`);
  }
  console.log(`  text: ${result.text}`);
  const expected = [{ toolName: "get-sum", arguments: { a: 2, b: 3 } }, { toolName: "echo", arguments: { message: "done" } }];
  const match = evaluateToolCalls(expected, result.getToolCalls(), { toolCallOrder: "strict", maxExtraToolCalls: 0 });
  const sumText = result.getToolCalls()[0]?.result?.content?.[0]?.text;
  console.log(`  verdict: ${match.passed ? "PASS" : "FAIL"} (expected PASS); the server answered "${sumText}"`);
  ok &&= match.passed && sumText === "The sum of 2 and 3 is 5." && !result.hasError();
  // The run as MCPJam's eval result, which the viewer (www/) reads as a trace.
  const out = join(here, "..", "test-output");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "agent-run.json"), JSON.stringify(result.toEvalResult({ caseTitle: "replayed everything run", expectedToolCalls: expected }), null, 2));
  const reread = PromptResult.fromTrace(readFileSync(join(out, "agent-run.json"), "utf8"));
  console.log(`  the run as an MCPJam eval result: test-output/agent-run.json (the viewer www/ reads it: ${reread.toolsCalled().join(", ")})`);
  ok &&= reread.toolsCalled().join() === "get-sum,echo";

  const test = new EvalTest({ name: "sum-and-echo", test: async (a) => evaluateToolCalls(expected, (await a.run("What is 2 + 3? Then echo 'done'.")).getToolCalls()) });
  const bar = (done, total) => process.stdout.write(`\r  EvalTest [${"#".repeat(done)}${".".repeat(total - done)}] ${done}/${total}`);
  const run = await test.run(agent, { iterations: 5, concurrency: 2, onProgress: bar });
  console.log(`\n  accuracy ${test.accuracy()}, e2e p50 ${run.latency.e2e.p50.toFixed(1)} ms, p95 ${run.latency.e2e.p95.toFixed(1)} ms (expected accuracy 1)`);
  ok &&= test.accuracy() === 1;
} finally {
  await client.close();
}
console.log(ok ? "every verdict as expected." : "NOT as expected.");
process.exit(ok ? 0 : 1);
