// No trap leaves a module dead (issue 16 item 2): a WebAssembly trap in any
// family's module (forced here through the test-only export
// `__trap_for_tests`, reached through the same guard as every export) throws
// a MatcherError INTERNAL naming the export, and the module is instantiated
// again, so the next call gives the right answer. Answers checked before and
// after come from the fixtures' recorded data (tests/traces/fixtures.json)
// and the references' documented behaviour.
//
//   node --test tests/js/trap-recovery.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { MatcherError, evaluateToolCalls, detectTraceFormat, validateText, applySanitizers } from "../../pkg/index.js";
import { normalizeTranscript } from "../../pkg/transcripts.js";
import { BUILT_IN_RUBRICS } from "../../pkg/evals.js";
import { validateJsonSchema } from "../../pkg/schema.js";
import { families } from "../../pkg/errors.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const traceFixtures = JSON.parse(readFileSync(join(root, "tests/traces/fixtures.json"), "utf8"));
const chat = traceFixtures.find((f) => f.format === "openai-chat");
const chatText = readFileSync(join(root, "tests/fixtures/traces", chat.file), "utf8");
const codexText = readFileSync(join(root, "tests/fixtures/transcripts/codex/agentcmd_codex-exec_file_change.jsonl"), "utf8");

// One well-formed call per family and its known answer.
const probes = {
  tool_calls: () => assert.equal(evaluateToolCalls([{ toolName: "add", arguments: { a: 2 } }], [{ toolName: "add", arguments: { a: 2, b: 3 } }]).passed, true),
  traces: () => assert.deepEqual(detectTraceFormat(chatText), { format: chat.format }),
  // A recorded Codex run (tests/fixtures/transcripts/SOURCES.md), detected.
  transcripts: () => assert.equal(normalizeTranscript(codexText).harness, "codex"),
  responses: () => {
    assert.equal(validateText({ content: [{ type: "text", text: "hello world" }] }, "world").pass, true);
    assert.equal(applySanitizers("id 550e8400-e29b-41d4-a716-446655440000", ["uuid"]), "id [UUID]");
  },
  schema: () => assert.equal(validateJsonSchema(1, { type: "number" }).valid, true),
};

function assertInternal(fn, family) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof MatcherError, `a MatcherError, got ${e}`);
    assert.equal(e.code, "INTERNAL");
    assert.equal(e.path, `${family}.__trap_for_tests`);
    assert.match(e.message, /restarted/);
    return true;
  });
}

for (const family of Object.keys(probes)) {
  test(`${family}: a panic in the module is INTERNAL, and the module answers afterwards`, async () => {
    await probes[family]();
    const exports = families[family];
    assert.ok(exports, `the ${family} module was started and guarded`);
    const before = exports.restarts ?? 0;
    assertInternal(() => exports.__trap_for_tests(0), family);
    assert.equal(exports.restarts, before + 1);
    await probes[family]();
    // Twice in a row: each restart gives a working instance.
    assertInternal(() => exports.__trap_for_tests(0), family);
    await probes[family]();
    // An export that does not trap is untouched by the guard.
    assert.equal(exports.__trap_for_tests(7), 0);
  });
}

test("responses: memory exhausted in the module is INTERNAL, and the module answers afterwards", () => {
  assertInternal(() => families.responses.__trap_for_tests(1), "responses");
  probes.responses();
  // The restarted instance starts small again (the exhausted memory is dropped with the old one).
  assert.ok(families.responses.__memory_bytes() < 64 << 20, `${families.responses.__memory_bytes()} bytes`);
  // evals.js goes through the same guarded module.
  assert.ok(BUILT_IN_RUBRICS.length > 0 || Object.keys(BUILT_IN_RUBRICS).length > 0);
});

test("a coded error is not a trap: no restart", () => {
  const before = families.tool_calls.restarts ?? 0;
  assert.throws(() => evaluateToolCalls(42, []), (e) => e instanceof MatcherError && e.code === "INVALID_ARGUMENT");
  assert.equal(families.tool_calls.restarts ?? 0, before);
});

// A class export (the agent loop, src/agent/) made before a restart belongs to
// the old instance: the run it drives ends as an error PromptResult (prompt()
// never throws, the seed mcpjam-testagent.txt), freeing it frees nothing of
// the new instance, and the next prompt runs in the restarted module.
test("traces: a trap during an agent run ends that run as an error, and the next run works", async () => {
  const { TestAgent } = await import("../../pkg/agent.js");
  const tools = { echo: { description: "Echoes", inputSchema: { type: "object" }, execute: async () => ({ content: [{ type: "text", text: "Echo" }] }) } };
  let trap = true;
  const model = async () => {
    if (trap) {
      trap = false;
      assertInternal(() => families.traces.__trap_for_tests(0), "traces");
    }
    return { text: "done", finishReason: "stop" };
  };
  const agent = new TestAgent({ tools, model });
  const failed = await agent.prompt("first");
  assert.equal(failed.hasError(), true);
  assert.match(failed.getError(), /made before the module restarted/);
  assert.equal(failed.getPrompt(), "first");
  const ok = await agent.prompt("second");
  assert.equal(ok.hasError(), false, ok.getError());
  assert.equal(ok.text, "done");
  await probes.traces();
});
