// The examples (examples/): tool calls extracted from the real traces, and the
// verdict of every expectation file.
//
// Every expected value below was written by hand: the calls by reading each
// trace file, the verdicts by applying the semantics of `evaluateToolCalls`
// (@mcpjam/sdk@1.14.0, see the README) to those calls. None was pasted from
// the code's output.
//
//   node --test tests/js/examples.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { evaluateToolCalls } from "../../pkg/index.js";
import { detectFormat, extractToolCalls } from "../../examples/extract.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const examples = join(root, "examples");
const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));

function extract(trace) {
  const warnings = [];
  const out = extractToolCalls(readJson(join(examples, "traces", trace)), { warn: (w) => warnings.push(w) });
  return { ...out, warnings };
}

// ---- extraction from the real traces -------------------------------------

const TRACES = {
  "openai-chat/completion.parallel-tool-calls.json": {
    format: "openai-chat",
    calls: [
      { toolName: "delete_file", arguments: { path: ".env" } },
      { toolName: "create_file", arguments: { path: "test.txt" } },
    ],
  },
  "anthropic/message.parallel-tool-use.json": {
    format: "anthropic",
    calls: ["Alice", "Bob", "Charlie", "Daisy"].map((name) => ({ toolName: "retrieve_entity_info", arguments: { name } })),
  },
  // mcp_tool_use is a call; the mcp_tool_result and text blocks are not.
  "anthropic/message.mcp-tool-use.json": {
    format: "anthropic",
    calls: [{ toolName: "echo", arguments: { message: "hello world" } }],
  },
  "gemini/response.parallel-function-calls.json": {
    format: "gemini",
    calls: [
      { toolName: "generate_topic", arguments: {} },
      { toolName: "generate_topic", arguments: {} },
      { toolName: "generate_topic", arguments: {} },
    ],
  },
  "gemini/response.function-call.json": {
    format: "gemini",
    calls: [{ toolName: "weather", arguments: { location: "San Francisco" } }],
  },
};

for (const [trace, want] of Object.entries(TRACES)) {
  test(`extracts the calls of ${trace}`, () => {
    const got = extract(trace);
    assert.equal(got.format, want.format);
    assert.deepEqual(got.calls, want.calls);
    assert.deepEqual(got.warnings, []);
  });
}

test("every copied trace is covered above", () => {
  const copied = readdirSync(join(examples, "traces"), { recursive: true })
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.split("\\").join("/"))
    .sort();
  assert.deepEqual(copied, Object.keys(TRACES).sort());
});

// ---- extraction edge cases (small synthetic documents) -------------------

test("OpenAI arguments that are not a JSON object keep the call, marked, with a warning", () => {
  const doc = {
    choices: [
      {
        message: {
          tool_calls: [
            { type: "function", function: { name: "search", arguments: '{"q": "cats"' } },
            { type: "function", function: { name: "list", arguments: "[1, 2]" } },
            { type: "function", function: { name: "ok", arguments: '{"a": 1}' } },
          ],
        },
      },
    ],
  };
  const warnings = [];
  const { calls } = extractToolCalls(doc, { warn: (w) => warnings.push(w) });
  assert.deepEqual(calls.map((c) => c.toolName), ["search", "list", "ok"]);
  assert.equal(calls[0].arguments, undefined);
  assert.match(calls[0].argumentsError, /not valid JSON/);
  assert.equal(calls[0].rawArguments, '{"q": "cats"');
  assert.equal(calls[1].arguments, undefined);
  assert.match(calls[1].argumentsError, /an array, not an object/);
  assert.deepEqual(calls[2], { toolName: "ok", arguments: { a: 1 } });
  assert.equal(warnings.length, 2);
  assert.match(warnings[0], /tool_calls\[0\] \(search\)/);
});

test("Gemini functionCall without args gets {}; Anthropic keeps only tool_use and mcp_tool_use blocks", () => {
  assert.deepEqual(extractToolCalls({ candidates: [{ content: { parts: [{ text: "hi" }, { functionCall: { name: "now" } }] } }] }).calls, [
    { toolName: "now", arguments: {} },
  ]);
  const message = {
    type: "message",
    content: [
      { type: "text", text: "x" },
      { type: "server_tool_use", name: "web_search", input: { query: "q" } },
      { type: "tool_use", name: "a", input: { k: 1 } },
      { type: "mcp_tool_use", name: "b", input: {}, server_name: "s" },
    ],
  };
  assert.deepEqual(extractToolCalls(message).calls, [
    { toolName: "a", arguments: { k: 1 } },
    { toolName: "b", arguments: {} },
  ]);
});

test("an unknown shape throws a clear error", () => {
  assert.throws(() => detectFormat({ output: [] }), /unknown trace format.*keys \["output"\]/);
  assert.throws(() => extractToolCalls([]), /unknown trace format.*an array/);
  assert.throws(() => extractToolCalls(null), /unknown trace format/);
});

// ---- verdicts of the expectation files -----------------------------------

const EVE = { name: "Eve" };
const DAISY = { name: "Daisy" };

// passed, toolNames of missing and extra, outOfOrder, argumentMismatches.
const VERDICTS = {
  "anthropic-mcp.echo.json": { passed: true, missing: [], extra: [], outOfOrder: [], argumentMismatches: [] },
  // A negative test passes only with no call at all; every actual call is extra.
  "anthropic-mcp.no-tools.json": { passed: false, missing: [], extra: ["echo"], outOfOrder: [], argumentMismatches: [] },
  // Superset: Alice pairs with #0, Daisy with #3 after skipping Bob and Charlie.
  "anthropic.first-and-last.json": {
    passed: true,
    missing: [],
    extra: ["retrieve_entity_info", "retrieve_entity_info"],
    outOfOrder: [],
    argumentMismatches: [],
  },
  "anthropic.four-family-members.json": { passed: true, missing: [], extra: [], outOfOrder: [], argumentMismatches: [] },
  // Eve finds no compatible call; the second pass pairs it with the unused Daisy call.
  "anthropic.wrong-family-member.json": {
    passed: false,
    missing: [],
    extra: [],
    outOfOrder: [],
    argumentMismatches: [{ toolName: "retrieve_entity_info", expectedArgs: EVE, actualArgs: DAISY }],
  },
  "gemini.four-topics.json": { passed: false, missing: ["generate_topic"], extra: [], outOfOrder: [], argumentMismatches: [] },
  "gemini.three-topics.json": { passed: true, missing: [], extra: [], outOfOrder: [], argumentMismatches: [] },
  "gemini.weather.json": { passed: true, missing: [], extra: [], outOfOrder: [], argumentMismatches: [] },
  // Strict: expected[i] against actual[i] only; both slots hold another tool,
  // so both are missing and both actual calls extra; each compatible call sits
  // at the other index.
  "openai-chat.create-before-delete.json": {
    passed: false,
    missing: ["create_file", "delete_file"],
    extra: ["delete_file", "create_file"],
    // By relative order: the swapped pair shares one call on a longest common subsequence.
    outOfOrder: [{ toolName: "delete_file", expectedIndex: 1, actualIndex: 0 }],
    argumentMismatches: [],
  },
  "openai-chat.delete-and-create.json": { passed: true, missing: [], extra: [], outOfOrder: [], argumentMismatches: [] },
  // One extra call with maxExtraToolCalls 0.
  "openai-chat.only-delete.json": { passed: false, missing: [], extra: ["create_file"], outOfOrder: [], argumentMismatches: [] },
};

const expectationDir = join(examples, "expectations");

test("every expectation file is covered below", () => {
  assert.deepEqual(readdirSync(expectationDir).filter((f) => f.endsWith(".json")).sort(), Object.keys(VERDICTS).sort());
});

for (const [file, want] of Object.entries(VERDICTS)) {
  test(`verdict of ${file}`, () => {
    const spec = readJson(join(expectationDir, file));
    assert.equal(spec.expectPassed, want.passed, "the file's expectPassed");
    const { calls } = extract(spec.trace.replace(/^traces\//, ""));
    const r = evaluateToolCalls(spec.expected, calls, spec.options);
    assert.equal(r.passed, want.passed);
    assert.deepEqual(r.missing.map((c) => c.toolName), want.missing);
    assert.deepEqual(r.extra.map((c) => c.toolName), want.extra);
    assert.deepEqual(r.outOfOrder, want.outOfOrder);
    assert.deepEqual(r.argumentMismatches, want.argumentMismatches);
  });
}

// ---- the runner ------------------------------------------------------------

const run = (...args) => spawnSync(process.execPath, [join(examples, "run.mjs"), ...args], { encoding: "utf8" });

test("run.mjs exits 0 when every verdict is as expected", () => {
  const r = run();
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const all = Object.values(VERDICTS);
  const pass = all.filter((v) => v.passed).length;
  const summary = `${all.length} expectations: ${pass} PASS, ${all.length - pass} FAIL; every verdict as expected.`;
  assert.ok(r.stdout.trimEnd().endsWith(`\n${summary}`), r.stdout);
  assert.match(r.stdout, /out of order +delete_file: expected #1, found at actual #0/);
});

test("run.mjs takes one file, and exits 1 when a verdict differs from expectPassed", () => {
  const one = run(join(expectationDir, "gemini.weather.json"));
  assert.equal(one.status, 0, one.stdout + one.stderr);
  assert.match(one.stdout, /^1 expectation: 1 PASS, 0 FAIL/m);

  const dir = mkdtempSync(join(tmpdir(), "mcp-matchers-examples-"));
  try {
    const spec = readJson(join(expectationDir, "gemini.four-topics.json"));
    spec.trace = join(examples, spec.trace); // absolute: this file lives outside examples/
    spec.expectPassed = true;
    writeFileSync(join(dir, "wrong.json"), JSON.stringify(spec));
    const r = run(dir);
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /verdict differs: .*wrong\.json \(got FAIL, expectPassed true\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
