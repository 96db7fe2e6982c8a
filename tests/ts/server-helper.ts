// A test helper as a team testing its MCP servers with
// @gleanwork/mcp-server-tester@1.1.0 writes it. The only line that differs
// from theirs is the import (theirs: `from "@gleanwork/mcp-server-tester"`);
// tests/js/expect-helper.test.mjs runs this file against both packages, and
// tsc (tests/ts/tsconfig.json, strict) checks it against ours.
import { expect, registerJudge } from "mcp-matchers/playwright";
import { z } from "zod";

/** The `get-structured-content` tool's output. */
export const WeatherSchema = z.object({
  temperature: z.number(),
  conditions: z.string(),
  humidity: z.number().min(0).max(100),
});

/** A successful weather answer: structured, mentions its fields, not huge. */
export function expectWeather(result: unknown): void {
  expect(result).not.toBeToolError();
  expect(result).toMatchToolSchema(WeatherSchema);
  expect(result).toContainToolText(["temperature", "conditions"]);
  expect(result).toMatchToolPattern([/"humidity":\s*\d+/, '"conditions":"[^"]+"']);
  expect(result).toHaveToolResponseSize({ minBytes: 20, maxBytes: 4_000 });
}

/** `get-sum` said the right thing, and nothing else. */
export function expectSum(result: unknown, a: number, b: number): void {
  const text = `The sum of ${a} and ${b} is ${a + b}.`;
  expect(result).not.toBeToolError();
  expect(result).toContainToolText(text);
  expect(result).toMatchToolResponse({ content: [{ type: "text", text }] });
}

/** A tool error whose message names every fragment (case ignored). */
export function expectToolError(result: unknown, ...fragments: string[]): void {
  expect(result).toBeToolError();
  for (const f of fragments) expect(result).toBeToolError(f);
  expect(result).not.toMatchToolSchema(WeatherSchema);
}

/** A directory listing holding these files, one entry per line. */
export async function expectListing(result: unknown, files: string[]): Promise<void> {
  expect(result).toContainToolText(files.map((f) => `[FILE] ${f}`));
  expect(result).not.toContainToolText("[DIR] node_modules");
  await expect(result).toSatisfyToolPredicate(
    (_response, text) => ({
      pass: text.split("\n").length >= files.length,
      message: `expected at least ${files.length} entries, got ${text.split("\n").length}`,
    }),
    "listing size",
  );
}

// A deterministic judge for CI (no model): does the answer mention rain?
registerJudge("mentions-rain", async (candidate) => {
  const rainy = JSON.stringify(candidate).toLowerCase().includes("rain");
  return { score: rainy ? 1 : 0, reasoning: rainy ? "mentions rain" : "no rain in the answer" };
});

/** The weather answer is about rain, by the named judge. */
export async function expectRainy(result: unknown): Promise<void> {
  await expect(result).toPassToolJudge({ judge: "mentions-rain", passingThreshold: 0.5 });
}

/** An MCP host simulation searched before it fetched, within three calls. */
export function expectSearchThenFetch(simulation: unknown): void {
  expect(simulation).toHaveToolCalls({
    calls: [{ name: "search", arguments: { query: "mcp" } }, { name: "fetch" }],
    order: "strict",
  });
  expect(simulation).toHaveToolCallCount({ min: 1, max: 3 });
}
