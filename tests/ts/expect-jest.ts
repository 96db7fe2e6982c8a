// Compile-only (tsc --noEmit, strict), as a new Jest user (ESM, `import { expect } from "@jest/globals"`) would write it:
// one import of mcp-matchers/jest types every matcher object's matchers on
// Jest's `expect`: the eleven tool-response ones and all fourteen
// transcript ones (toHaveCalledInOrder, toHaveCalledTimes, toHaveTrajectoryF1 too).
import "mcp-matchers/jest";
import { expect } from "@jest/globals";
import { toolResponseMatchers, createToolResponseMatchers } from "mcp-matchers/expect";
import { transcriptMatchers, normalizeTranscript } from "mcp-matchers/transcripts";
import { snapshotMatchers } from "mcp-matchers/snapshots-node";
import { z } from "zod";

expect.extend(toolResponseMatchers);
expect.extend(createToolResponseMatchers({ judge: async (prompt) => (prompt.length > 0 ? '{"score": 1}' : '{"score": 0}') }));
expect.extend(transcriptMatchers);
expect.extend(snapshotMatchers);

export async function toolResponses(result: unknown, simulation: unknown): Promise<void> {
  expect(result).toMatchToolResponse({ content: [] });
  expect(result).toMatchToolSchema(z.object({ temperature: z.number() }));
  expect(result).toContainToolText(["a", "b"], { caseSensitive: false });
  expect(result).toMatchToolPattern([/x/, "y"]);
  expect(result).not.toBeToolError();
  expect(result).toBeToolError(["not found"]);
  expect(result).toHaveToolResponseSize({ maxBytes: 10 });
  await expect(result).toMatchToolSnapshot("name", ["uuid", { pattern: /\d+/, replacement: "N" }, { remove: ["a.b"] }]);
  await expect(result).toMatchToolSnapshot("name", null, { update: true });
  await expect(result).toPassToolJudge("correctness", { passingThreshold: 0.8, reference: "x" });
  await expect(result).toPassToolJudge({ judge: "named" });
  await expect(result).not.toPassToolJudge([{ judge: "a" }, { rubric: { text: "t" } }]);
  await expect(result).toSatisfyToolPredicate((_r, text) => ({ pass: text.length > 0, message: "empty" }), "non-empty");
  await expect(result).toSatisfyToolPredicate(async () => true);
  expect(simulation).toHaveToolCalls({ calls: [{ name: "search", arguments: { q: "x" }, required: false }], order: "strict", exclusive: true });
  expect(simulation).toHaveToolCallCount({ min: 1, exact: 2 });
}

export function transcripts(text: string): void {
  const run = normalizeTranscript(text);
  const turn = run.turns[0];
  expect(turn).toHaveCalledSkill("deploy");
  expect(turn).toHaveCalledMcp("github", "search_issues", { q: "x" });
  expect(turn).toHaveCalledTool(/^mcp__/, /q/);
  expect(run).toHaveRun("pytest");
  expect(turn).toHaveEdited();
  expect(turn).not.toHaveSearched("x");
  expect(turn).toHaveFetched(/example\.com/);
  expect(run).toHaveCalledInOrder(["shell", /^mcp__/]);
  expect(run).toHaveCalledTimes("shell", 2);
  expect(run).toHaveTrajectoryF1(["shell", "apply_patch"], 0.5);
  expect(turn).toHaveChanged(["src/**", /\.md$/], { ignore: ["dist/"] });
  expect(turn).toHaveFile("README.md", /Usage/);
  expect({ exitCode: 0 }).toSucceed();
  expect({ score: 0.9, threshold: 0.7 }).toPass();
}
