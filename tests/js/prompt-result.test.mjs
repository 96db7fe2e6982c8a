// PromptResult (issue 11 item 1) through the built package (../../pkg),
// against the reference class of @mcpjam/sdk@1.14.0 evaluated from its
// dist/index.js (reference-prompt-result.mjs):
//   - a realistic test helper written against @mcpjam/sdk (tests/ts/
//     prompt-helper.ts, only its import changed) type-checks against both
//     packages' types and gives the same answers on both classes;
//   - the behaviours MCPJam's own PromptResult tests assert hold for both;
//   - generated runs and toEvalResult options: every accessor and every
//     eval result equal to the reference's;
//   - what we refuse where the reference coerces, and fromTrace's facts.
//
//   node --test tests/js/prompt-result.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import { MatcherError, PromptResult } from "../../pkg/index.js";
import { loadReferencePromptResult } from "./reference-prompt-result.mjs";
import { int, pick, rng } from "./prng.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const Reference = loadReferencePromptResult().PromptResult;
const fixtures = join(root, "tests", "fixtures", "traces");
const fixture = (path) => readFileSync(join(fixtures, path), "utf8");

// ---- the helper, compiled once per class ---------------------------------------

const work = mkdtempSync(join(tmpdir(), "prompt-helper-"));
process.on("exit", () => rmSync(work, { recursive: true, force: true }));

/** tests/ts/prompt-helper.ts as a module whose "mcp-matchers" import is `target`. */
async function helperFor(name, target) {
  const source = readFileSync(join(root, "tests", "ts", "prompt-helper.ts"), "utf8");
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  const imports = [...js.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
  assert.deepEqual(imports, ["mcp-matchers"], "the helper imports one package, for values");
  const file = join(work, `${name}.mjs`);
  writeFileSync(file, js.replace('from "mcp-matchers"', `from ${JSON.stringify(target)}`));
  return import(pathToFileURL(file).href);
}

const refEntry = join(work, "reference-entry.mjs");
writeFileSync(
  refEntry,
  `import { loadReferencePromptResult } from ${JSON.stringify(pathToFileURL(join(here, "reference-prompt-result.mjs")).href)};\n` +
    "export const { PromptResult } = loadReferencePromptResult();\n",
);
const ours = await helperFor("ours", pathToFileURL(join(root, "pkg", "index.js")).href);
const theirs = await helperFor("reference", pathToFileURL(refEntry).href);

test("the helper type-checks (strict) against mcp-matchers and, unchanged, against @mcpjam/sdk", () => {
  const tsc = join(root, "node_modules", ".bin", "tsc");
  for (const config of ["tsconfig.json", "tsconfig.reference.json"]) {
    const r = spawnSync(tsc, ["--noEmit", "-p", join(root, "tests", "ts", config)], { encoding: "utf8" });
    assert.equal(r.status, 0, `${config}:\n${r.stdout}${r.stderr}`);
  }
});

test("the helper gives the same answers on both classes", () => {
  const spans = [
    { id: "s1", name: "Step 1", category: "step", startMs: 0, endMs: 900, status: "ok" },
    { id: "t1", parentId: "s1", name: "check_availability", category: "tool", startMs: 400, endMs: 880, status: "error", toolCallId: "call-2" },
  ];
  const snapshot = {
    toolCallId: "call-2", toolName: "check_availability", protocol: "mcp-apps", serverId: "booking",
    resourceUri: "ui://booking/slots.html", toolMetadata: {}, widgetCsp: null, widgetPermissions: null,
    widgetPermissive: false, prefersBorder: true, widgetHtml: "<html></html>",
  };
  const runs = (h) => [
    h.mockRun(),
    h.mockRun({ error: "rate limited", spans }),
    h.mockRun({ widgetSnapshots: [snapshot], prompt: "  " }),
    h.mockRun({ toolCalls: [], messages: [] }),
    h.failedRun("timeout"),
    h.failedRun("timeout", 5000),
    h.failedRun("timeout", { e2eMs: 5000, llmMs: 3000, mcpMs: 1500 }),
  ];
  const [a, b] = [runs(ours), runs(theirs)];
  for (let i = 0; i < a.length; i++) {
    assert.deepEqual(ours.summarize(a[i]), theirs.summarize(b[i]), `run ${i}`);
    for (const gate of [undefined, true, false]) {
      assert.deepEqual(ours.report(a[i], `case ${i}`, ["search_restaurants"], gate), theirs.report(b[i], `case ${i}`, ["search_restaurants"], gate), `run ${i} gate ${gate}`);
    }
    assert.equal(ours.copiesAreIndependent(a[i]), true);
    assert.equal(theirs.copiesAreIndependent(b[i]), true);
  }
  // Values the reference gives, spelled out.
  const s = ours.summarize(a[0]);
  assert.deepEqual([s.tools, s.tokens, s.e2e, s.userText], [["search_restaurants", "check_availability"], [120, 45, 165], 1840, "Book a table for 4 in Lisbon at 19:30"]);
  assert.equal(ours.report(a[1], "x", []).passed, false); // the tool span failed
  assert.equal(ours.report(a[2], "x", []).caseTitle, "x");
});

// ---- the behaviours MCPJam's own PromptResult tests assert -----------------------

const mock = (over = {}) => ({
  prompt: "Test prompt",
  messages: [
    { role: "user", content: "Test prompt" },
    { role: "assistant", content: "Test response" },
  ],
  text: "Test response",
  toolCalls: [
    { toolName: "add", arguments: { a: 1, b: 2 } },
    { toolName: "multiply", arguments: { x: 3, y: 4 } },
  ],
  usage: { inputTokens: 100, outputTokens: 50, totalTokens: 150 },
  latency: { e2eMs: 1234, llmMs: 800, mcpMs: 400 },
  ...over,
});
const toolErrorSpans = [{ id: "t1", name: "create_view", category: "tool", startMs: 0, endMs: 1, status: "error" }];

for (const [name, PR] of [["mcp-matchers", PromptResult], ["@mcpjam/sdk", Reference]]) {
  test(`${name}: the reference's own test behaviours`, () => {
    const r = new PR(mock());
    assert.equal(r.text, "Test response");
    assert.deepEqual([r.e2eLatencyMs(), r.llmLatencyMs(), r.mcpLatencyMs()], [1234, 800, 400]);
    assert.deepEqual([r.hasError(), r.getError()], [false, undefined]);
    const failed = new PR(mock({ error: "Something went wrong" }));
    assert.deepEqual([failed.hasError(), failed.getError()], [true, "Something went wrong"]);
    assert.deepEqual(r.toolsCalled(), ["add", "multiply"]);
    assert.deepEqual(new PR(mock({ toolCalls: [] })).toolsCalled(), []);
    assert.equal(r.toolsCalled().includes("subtract"), false);
    assert.deepEqual([r.hasToolCall("add"), r.hasToolCall("Add"), r.hasToolCall("ADD"), r.hasToolCall("divide")], [true, false, false, false]);
    const calls = r.getToolCalls();
    assert.deepEqual([calls.length, calls[0].toolName, calls[0].arguments], [2, "add", { a: 1, b: 2 }]);
    assert.notEqual(r.getToolCalls(), r.getToolCalls());
    assert.deepEqual(r.getToolArguments("multiply"), { x: 3, y: 4 });
    assert.equal(r.getToolArguments("subtract"), undefined);
    const twice = new PR(mock({ toolCalls: [{ toolName: "add", arguments: { a: 1, b: 2 } }, { toolName: "add", arguments: { a: 10, b: 20 } }] }));
    assert.deepEqual(twice.getToolArguments("add"), { a: 1, b: 2 });
    assert.deepEqual([r.inputTokens(), r.outputTokens(), r.totalTokens()], [100, 50, 150]);
    assert.deepEqual(r.getUsage(), { inputTokens: 100, outputTokens: 50, totalTokens: 150 });
    assert.notEqual(r.getUsage(), r.getUsage());
    assert.deepEqual(r.getLatency(), { e2eMs: 1234, llmMs: 800, mcpMs: 400 });
    assert.notEqual(r.getLatency(), r.getLatency());
    const zero = new PR(mock({ latency: { e2eMs: 0, llmMs: 0, mcpMs: 0 } }));
    assert.deepEqual([zero.e2eLatencyMs(), zero.llmLatencyMs(), zero.mcpLatencyMs()], [0, 0, 0]);
    const from = PR.from(mock());
    assert.ok(from instanceof PR);
    assert.equal(from.text, "Test response");
  });

  test(`${name}: PromptResult.error and provider/model`, () => {
    const e = PR.error("Network error");
    assert.deepEqual([e.hasError(), e.getError(), e.text, e.toolsCalled(), e.totalTokens()], [true, "Network error", "", [], 0]);
    assert.deepEqual([e.e2eLatencyMs(), e.llmLatencyMs(), e.mcpLatencyMs()], [0, 0, 0]);
    const t = PR.error("Timeout", 5000);
    assert.deepEqual([t.e2eLatencyMs(), t.llmLatencyMs(), t.mcpLatencyMs()], [5000, 0, 0]);
    const full = PR.error("Timeout", { e2eMs: 5000, llmMs: 3000, mcpMs: 1500 });
    assert.deepEqual([full.e2eLatencyMs(), full.llmLatencyMs(), full.mcpLatencyMs()], [5000, 3000, 1500]);
    const m = PR.error("fail", 0, "test", { provider: "openai", model: "gpt-4o" });
    assert.deepEqual([m.getProvider(), m.getModel()], ["openai", "gpt-4o"]);
    const withMeta = new PR(mock({ provider: "openai", model: "gpt-4o" }));
    assert.deepEqual([withMeta.getProvider(), withMeta.getModel()], ["openai", "gpt-4o"]);
    const none = new PR(mock());
    assert.deepEqual([none.getProvider(), none.getModel()], [undefined, undefined]);
  });

  test(`${name}: toEvalResult`, () => {
    const r = new PR(mock({ provider: "anthropic", model: "claude-3-5-sonnet-20241022" }));
    const e = r.toEvalResult({ caseTitle: "test", passed: true });
    assert.deepEqual([e.provider, e.model], ["anthropic", "claude-3-5-sonnet-20241022"]);
    const o = r.toEvalResult({ caseTitle: "test", passed: true, provider: "openai", model: "gpt-4o" });
    assert.deepEqual([o.provider, o.model], ["openai", "gpt-4o"]);
    const failing = new PR(mock({ spans: toolErrorSpans }));
    assert.equal(failing.toEvalResult({ caseTitle: "test", passed: true }).passed, false);
    assert.equal(failing.toEvalResult({ caseTitle: "test", passed: true, failOnToolError: false }).passed, true);
    const snapshots = [{
      toolCallId: "call-1", toolName: "create_view", protocol: "mcp-apps", serverId: "server-1",
      resourceUri: "ui://widget/create-view.html", toolMetadata: { ui: { resourceUri: "ui://widget/create-view.html" } },
      widgetCsp: null, widgetPermissions: null, widgetPermissive: true, prefersBorder: true, widgetHtml: "<html>cached</html>",
    }];
    assert.deepEqual(new PR(mock({ widgetSnapshots: snapshots })).toEvalResult({ caseTitle: "test", passed: true }).widgetSnapshots, snapshots);
  });
}

// ---- generated runs: every accessor and eval result equal ------------------------

const PART_KINDS = [
  () => ({ type: "text", text: "ok" }),
  () => ({ type: "tool-call", toolCallId: "c1", toolName: "add", input: { a: 1 } }),
  () => ({ type: "tool-result", toolCallId: "c1", toolName: "add", output: { type: "json", value: { n: 1 } } }),
  () => ({ type: "tool-result", toolCallId: "c1", toolName: "add", output: { type: "error-text", value: "bad" } }),
  () => ({ type: "tool-result", toolCallId: "c1", toolName: "add", output: { type: "error-json", value: { code: 1 } } }),
  () => ({ type: "tool-result", toolCallId: "c1", toolName: "add", output: { type: "json", value: { isError: true } } }),
  () => ({ type: "tool-result", toolCallId: "c1", toolName: "add", output: { isError: true, content: [] } }),
  () => ({ type: "tool-result", toolCallId: "c1", toolName: "add", result: { isError: true } }),
  () => ({ type: "tool-result", toolCallId: "c1", toolName: "add", isError: true }),
  () => ({ type: "tool-result", toolCallId: "c1", toolName: "add", error: "boom" }),
  () => ({ type: "tool-result", toolCallId: "c1", toolName: "add", error: " \t" }),
  () => ({ type: "tool-result", toolCallId: "c1", toolName: "add", error: { message: "x" } }),
  () => ({ type: "tool-result", toolCallId: "c1", toolName: "add", error: { message: "" } }),
];

function genRun(r) {
  const roles = ["user", "assistant", "tool", "system"];
  const messages = Array.from({ length: int(r, 5) }, () => {
    const role = pick(r, roles);
    const content = r() < 0.3 ? pick(r, ["hi", "", "  "]) : Array.from({ length: int(r, 3) }, () => pick(r, PART_KINDS)());
    return { role, content };
  });
  const spans = Array.from({ length: int(r, 3) }, (_, i) => ({
    id: `s${i}`, name: pick(r, ["Model", "add", "error"]), category: pick(r, ["step", "llm", "tool", "error"]),
    startMs: i, endMs: i + 2, ...(r() < 0.7 ? { status: pick(r, ["ok", "error"]) } : {}),
  }));
  const data = {
    prompt: pick(r, ["Add 2 and 3", "", "   ", "\u00a0"]),
    messages,
    text: pick(r, ["", "5"]),
    toolCalls: Array.from({ length: int(r, 3) }, () => ({ toolName: pick(r, ["add", "sub"]), arguments: { a: int(r, 3) } })),
    usage: { inputTokens: int(r, 100), outputTokens: int(r, 100), totalTokens: int(r, 300) },
    latency: { e2eMs: int(r, 1000), llmMs: int(r, 500) + 0.5, mcpMs: int(r, 300) },
  };
  if (r() < 0.3) data.error = pick(r, ["boom", "", " "]);
  if (r() < 0.5) data.spans = spans;
  if (r() < 0.3) data.provider = "openai";
  if (r() < 0.3) data.model = "gpt-4o";
  if (r() < 0.2) data.widgetSnapshots = [{ toolCallId: "c1", toolName: "add" }];
  return data;
}

function genOptions(r) {
  if (r() < 0.15) return undefined;
  const o = {};
  const maybe = (key, values) => {
    if (r() < 0.35) o[key] = pick(r, values);
  };
  maybe("caseTitle", ["t", ""]);
  maybe("query", ["q", ""]);
  maybe("passed", [true, false]);
  maybe("durationMs", [0, 12.5]);
  maybe("provider", ["anthropic"]);
  maybe("model", ["claude"]);
  maybe("error", ["opt error", "", " "]);
  maybe("errorDetails", ["stack"]);
  maybe("failOnToolError", [true, false]);
  maybe("isNegativeTest", [true, false]);
  maybe("metadata", [{ k: "v", n: 1, b: true }]);
  maybe("expectedToolCalls", [[{ toolName: "add" }], [{ toolName: "add", arguments: { a: 1 } }]]);
  maybe("advancedConfig", [{ temperature: 0 }]);
  maybe("externalIterationId", ["it-1"]);
  maybe("externalCaseId", ["case-1"]);
  maybe("widgetSnapshots", [[]]);
  return o;
}

const accessors = (x) => ({
  prompt: x.getPrompt(), text: x.text, messages: x.getMessages(), user: x.getUserMessages(), assistant: x.getAssistantMessages(),
  tool: x.getToolMessages(), latency: [x.e2eLatencyMs(), x.llmLatencyMs(), x.mcpLatencyMs(), x.getLatency()],
  calls: [x.toolsCalled(), x.getToolCalls(), x.hasToolCall("add"), x.getToolArguments("add"), x.getToolArguments("mul")],
  usage: [x.totalTokens(), x.inputTokens(), x.outputTokens(), x.getUsage()], snapshots: x.getWidgetSnapshots(), spans: x.getSpans(),
  error: [x.hasError(), x.getError()], meta: [x.getProvider(), x.getModel()], trace: x.formatTrace(),
});

test("generated runs and options: every accessor and every eval result equal the reference's", () => {
  const N = Number(process.env.PROMPT_CASES ?? 3000);
  for (let i = 0; i < N; i++) {
    const r = rng(0x9e3779b9 ^ (i * 2654435761));
    const data = genRun(r);
    const [a, b] = [new PromptResult(data), new Reference(data)];
    assert.deepEqual(accessors(a), accessors(b), `case ${i}: ${JSON.stringify(data)}`);
    const options = genOptions(r);
    assert.deepEqual(a.toEvalResult(options), b.toEvalResult(options), `case ${i}: ${JSON.stringify({ data, options })}`);
    // The caller's own objects come back where the reference hands them back.
    assert.equal(a.getToolCalls()[0], data.toolCalls[0]);
    assert.equal(a.getMessages()[0], data.messages[0]);
    if (options?.metadata) assert.equal(a.toEvalResult(options).metadata, options.metadata);
  }
  // PromptResult.error with generated arguments.
  for (const args of [["x"], ["x", 0], ["x", 7.5, "p"], ["x", { e2eMs: 1, llmMs: 2, mcpMs: 3 }, "", { provider: "p", spans: toolErrorSpans }]]) {
    const [a, b] = [PromptResult.error(...args), Reference.error(...args)];
    assert.deepEqual(accessors(a), accessors(b), JSON.stringify(args));
    assert.deepEqual(a.toEvalResult({ passed: true }), b.toEvalResult({ passed: true }), JSON.stringify(args));
  }
});

// ---- what we refuse, and what we fill in -----------------------------------------

test("data and options of the wrong type are refused with code and path", () => {
  const is = (code, path) => (e) => e instanceof MatcherError && e.code === code && e.path === path;
  assert.throws(() => new PromptResult(mock({ usage: { inputTokens: "100" } })), is("INVALID_ARGUMENT", "data.usage.inputTokens"));
  assert.throws(() => new PromptResult(mock({ latency: { e2eMs: NaN } })), is("INVALID_ARGUMENT", "data.latency.e2eMs"));
  assert.throws(() => new PromptResult(mock({ toolCalls: [{ toolName: 1 }] })), is("INVALID_ARGUMENT", "data.toolCalls[0].toolName"));
  assert.throws(() => new PromptResult(), is("INVALID_ARGUMENT", "data"));
  const r = new PromptResult(mock());
  assert.throws(() => r.toEvalResult({ passed: "yes" }), is("INVALID_OPTION", "options.passed"));
  assert.throws(() => r.toEvalResult({ failOnToolError: 0 }), is("INVALID_OPTION", "options.failOnToolError"));
  assert.throws(() => r.toEvalResult({ metadata: { tag: {} } }), is("INVALID_OPTION", "options.metadata.tag"));
  assert.throws(() => r.toEvalResult({ caseTitle: () => "t" }), is("INVALID_OPTION", "options.caseTitle"));
  assert.throws(() => r.toEvalResult("strict"), is("INVALID_ARGUMENT", "options"));
  assert.throws(() => PromptResult.error(42), is("INVALID_ARGUMENT", "error"));
  assert.throws(() => PromptResult.error("x", "5s"), is("INVALID_ARGUMENT", "latency"));
  assert.throws(() => PromptResult.error("x", 0, "", { provider: 1 }), is("INVALID_OPTION", "metadata.provider"));
  // Missing members read as the reference's defaults.
  const bare = new PromptResult({ toolCalls: [{ toolName: "add" }] });
  assert.deepEqual([bare.getPrompt(), bare.getMessages(), bare.totalTokens(), bare.e2eLatencyMs(), bare.getToolArguments("add")], ["", [], 0, 0, undefined]);
  // Extra members of usage and latency stay, as in the reference's copies.
  assert.deepEqual(new PromptResult(mock({ usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3, reasoningTokens: 9 } })).getUsage(), {
    inputTokens: 1, outputTokens: 2, totalTokens: 3, reasoningTokens: 9,
  });
});

test("fromTrace fills usage, model, provider and prompt where the trace records them", () => {
  const chat = PromptResult.fromTrace(fixture("openai-chat/stream.parallel-tool-calls.sse"));
  assert.deepEqual([chat.getProvider(), chat.getModel(), chat.getUsage()], ["openai", "gpt-4o-2024-08-06", { inputTokens: 364, outputTokens: 40, totalTokens: 404 }]);
  const anthropic = PromptResult.fromTrace(fixture("anthropic/stream.server-and-client-tool-use.sse"));
  assert.deepEqual([anthropic.getProvider(), anthropic.getModel(), anthropic.inputTokens(), anthropic.outputTokens()], ["anthropic", "claude-sonnet-4-6", 1591, 175]);
  const gemini = PromptResult.fromTrace(JSON.parse(fixture("gemini/response.function-call.json")));
  assert.deepEqual([gemini.getProvider(), gemini.getModel(), gemini.getUsage()], ["google", "gemini-3-pro-preview", { inputTokens: 29, outputTokens: 15, totalTokens: 44 }]);
  const steps = PromptResult.fromTrace(JSON.parse(fixture("vercel-ai/v5.generateText.steps.json")));
  assert.deepEqual([steps.getProvider(), steps.getModel(), steps.getUsage()], [undefined, "test-response-model-id", { inputTokens: 13, outputTokens: 15, totalTokens: 28 }]);
  const history = PromptResult.fromTrace(JSON.parse(fixture("anthropic/messages.tool-result-is-error.json")));
  assert.equal(history.getPrompt(), "What is the current stock price for AAPL?");
  assert.deepEqual(history.getMessages().map((m) => m.role), ["user", "assistant", "tool", "assistant", "tool"]);
  assert.equal(history.getUserMessages().length, 1);
  assert.equal(history.getToolMessages().length, 2);
  // The failed tool's result part is an AI SDK error output: the gate sees it.
  assert.equal(history.toEvalResult({ passed: true }).passed, false);
  assert.equal(history.toEvalResult({ passed: true, failOnToolError: false }).passed, true);
  // What a trace does not record reads as the reference's defaults.
  assert.deepEqual([history.getModel(), history.getUsage(), history.getLatency(), history.getSpans()], [
    undefined, { inputTokens: 0, outputTokens: 0, totalTokens: 0 }, { e2eMs: 0, llmMs: 0, mcpMs: 0 }, [],
  ]);
});

test("toEvalResult() read back by fromTrace gives the same calls", () => {
  const pick2 = (r) => r.getToolCalls().map((c) => ({ toolName: c.toolName, arguments: c.arguments ?? {} }));
  const data = new PromptResult(mock({ provider: "openai", model: "gpt-4o", spans: toolErrorSpans }));
  const e = data.toEvalResult();
  for (const back of [PromptResult.fromTrace(e), PromptResult.fromTrace(JSON.stringify(e))]) {
    assert.equal(back.format, "mcpjam");
    assert.deepEqual(pick2(back), pick2(data));
    assert.deepEqual([back.getPrompt(), back.getUsage(), back.e2eLatencyMs(), back.getProvider(), back.getModel()], [
      "Test prompt", data.getUsage(), 1234, "openai", "gpt-4o",
    ]);
    assert.deepEqual(back.getSpans(), toolErrorSpans);
    assert.deepEqual(back.toEvalResult(), e);
  }
  for (const f of ["anthropic/messages.tool-results.json", "openai-chat/stream.tool-call-arg-fragments.sse", "vercel-ai/v5.model-messages.json"]) {
    const r = PromptResult.fromTrace(fixture(f));
    const back = PromptResult.fromTrace(r.toEvalResult());
    assert.deepEqual(pick2(back), pick2(r), f);
    assert.deepEqual(back.getToolCalls().map((c) => [c.id, c.result]), r.getToolCalls().map((c) => [c.id, c.result]), f);
  }
  // A merge (multi-turn context) reads back too.
  const both = PromptResult.merge([data, PromptResult.fromTrace(fixture("openai-chat/stream.parallel-tool-calls.sse"))]);
  assert.deepEqual(pick2(PromptResult.fromTrace(both.toEvalResult())), pick2(both));
  assert.deepEqual(both.getUsage(), { inputTokens: 464, outputTokens: 90, totalTokens: 554 });
});
