// Run inside a fresh project where the packed tarball is installed.
import assert from "node:assert/strict";
import { evaluateToolCalls, matchToolCalls, MATCH_OPTIONS_DEFAULTS, MatcherError } from "mcp-matchers";
import * as matchers from "mcp-matchers/matchers";

// Seed: evaluateToolCalls([{createTask, {priority: "high"}}], calls, {argumentMatching: "partial"}) passes.
const calls = [{ toolName: "createTask", arguments: { name: "Deploy", priority: "high" } }];
const r = evaluateToolCalls([{ toolName: "createTask", arguments: { priority: "high" } }], calls, { argumentMatching: "partial" });
assert.equal(r.passed, true);
assert.deepEqual(Object.keys(r), ["missing", "extra", "outOfOrder", "argumentMismatches", "passed"]);
// Seed: matchToolCalls(["multiply", "add"], ["add", "multiply"]) is false (wrong order).
assert.equal(matchToolCalls(["multiply", "add"], ["add", "multiply"]), false);
assert.deepEqual({ ...MATCH_OPTIONS_DEFAULTS }, { toolCallOrder: "ignore", maxExtraToolCalls: null, argumentMatching: "partial" });
// Seed: resolveMatchOptions({allowExtraToolCalls:false},{argumentMatching:"exact"}) as @mcpjam/sdk@1.14.0 returns it.
assert.deepEqual(matchers.resolveMatchOptions({ allowExtraToolCalls: false }, { argumentMatching: "exact" }, undefined), {
  toolCallOrder: "ignore",
  maxExtraToolCalls: 0,
  argumentMatching: "exact",
});
assert.throws(() => matchers.evaluateToolCalls("nope", calls), (e) => e instanceof MatcherError && e.code === "INVALID_ARGUMENT" && e.path === "expected");
assert.equal(matchers.evaluateToolCalls(calls, calls).passed, true);
// mcp-matchers/schema: the separately loaded JSON Schema module, from the installed tarball.
const { validateJsonSchema, jsonSchema } = await import("mcp-matchers/schema");
assert.equal(validateJsonSchema({ a: 1 }, { type: "object", required: ["a"] }).valid, true);
assert.deepEqual(validateJsonSchema({}, { type: "object", required: ["a"] }).issues.map((i) => i.keywordLocation), ["/required"]);
assert.throws(() => jsonSchema({ type: 5 }), (e) => e instanceof MatcherError && e.code === "INVALID_ARGUMENT");
// mcp-matchers/expect: the expect matchers load without any test runner installed (the runners are optional peers).
const { toolResponseMatchers } = await import("mcp-matchers/expect");
const hit = toolResponseMatchers.toContainToolText.call({ isNot: false }, { content: [{ type: "text", text: "Hello world" }] }, "world");
assert.equal(hit.pass, true);
assert.throws(() => toolResponseMatchers.toContainToolText.call({}, "x", "x", { caseSensitive: 1 }), (e) => e instanceof MatcherError && e.code === "INVALID_OPTION");
await assert.rejects(() => import("mcp-matchers/vitest"), (e) => e.code === "ERR_MODULE_NOT_FOUND");
// mcp-matchers/agent: the agent loop, with a model function and a record tool (no AI SDK installed).
const { TestAgent } = await import("mcp-matchers/agent");
const agent = new TestAgent({
  tools: { add: { inputSchema: { type: "object" }, execute: async ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }] }) } },
  model: async ({ stepIndex }) => (stepIndex === 0 ? { toolCalls: [{ toolName: "add", input: { a: 2, b: 3 } }] } : { text: "5" }),
});
const run = await agent.prompt("Add 2 and 3");
assert.equal(run.text, "5");
assert.equal(evaluateToolCalls([{ toolName: "add", arguments: { a: 2, b: 3 } }], run.getToolCalls()).passed, true);
assert.throws(() => new TestAgent({ tools: {}, model: "openai/gpt-4o" }), (e) => e instanceof MatcherError && e.code === "INVALID_OPTION");
console.log("pack check: mcp-matchers, mcp-matchers/matchers, mcp-matchers/schema, mcp-matchers/expect and mcp-matchers/agent import and answer");
