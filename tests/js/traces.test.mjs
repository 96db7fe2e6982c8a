// PromptResult.fromTrace and detectTraceFormat through the built package
// (../../pkg), on the real fixtures in tests/fixtures/traces/ (see its
// SOURCES.md). Every expected name, argument, id and verdict below was
// written by hand from the fixture files.
//
//   node --test tests/js/traces.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  MatcherError,
  PromptResult,
  detectTraceFormat,
  evaluateToolCalls,
  matchToolCallWithPartialArgs,
  matchToolCallCount,
} from "../../pkg/index.js";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "traces");
const text = (path) => readFileSync(join(fixtures, path), "utf8");
const json = (path) => JSON.parse(text(path));
const pick = (r) => r.getToolCalls().map((c) => ({ toolName: c.toolName, arguments: c.arguments }));

// ---- evaluateToolCalls straight on getToolCalls() ----------------------------

const CASES = [
  {
    trace: "openai-chat/completion.parallel-tool-calls.json",
    input: json,
    format: "openai-chat",
    expected: [
      { toolName: "delete_file", arguments: { path: ".env" } },
      { toolName: "create_file", arguments: { path: "test.txt" } },
    ],
  },
  {
    trace: "openai-chat/stream.tool-call-arg-fragments.sse",
    input: text,
    format: "openai-chat-stream",
    expected: [{ toolName: "get_weather", arguments: { city: "Mexico City" } }],
  },
  {
    trace: "openai-responses/stream.function-call.sse",
    input: text,
    format: "openai-responses-stream",
    expected: [{ toolName: "get_capital", arguments: { country: "France" } }],
  },
  {
    trace: "openai-responses/input.function-call-output.json",
    input: json,
    format: "openai-responses",
    expected: [
      { toolName: "get_location", arguments: { loc_name: "Londos" } },
      { toolName: "get_location", arguments: { loc_name: "London" } },
    ],
  },
  {
    trace: "anthropic/stream.server-and-client-tool-use.sse",
    input: text,
    format: "anthropic-stream",
    expected: [
      { toolName: "tool_search_tool_bm25", arguments: { query: "USD EUR exchange rate currency conversion" } },
      { toolName: "get_exchange_rate", arguments: { from_currency: "USD", to_currency: "EUR" } },
    ],
  },
  {
    trace: "anthropic/messages.tool-results.json",
    input: json,
    format: "anthropic",
    expected: ["Alice", "Bob", "Charlie", "Daisy"].map((name) => ({ toolName: "retrieve_entity_info", arguments: { name } })),
  },
  {
    trace: "gemini/stream.partial-args.jsonl",
    input: text,
    format: "gemini-stream",
    expected: [
      { toolName: "getWeather", arguments: { location: "Boston" } },
      { toolName: "getWeather", arguments: { location: "San Francisco" } },
    ],
  },
  {
    trace: "vercel-ai/v5.model-messages.json",
    input: json,
    format: "vercel-ai",
    expected: [1, 2, 3, 4].map((i) => ({ toolName: "screenshot", arguments: { value: `value-${i}` } })),
  },
  {
    trace: "vercel-ai/v4.data-stream.tool-call-deltas.txt",
    input: text,
    format: "vercel-ai-data-stream",
    expected: [{ toolName: "tool1", arguments: { value: "value" } }],
  },
  {
    trace: "vercel-ai/v4.data-stream.recorded-evm-tx.txt",
    input: text,
    format: "vercel-ai-data-stream",
    expected: [
      {
        toolName: "generate-evm-tx",
        arguments: {
          method: "eth_sendTransaction",
          chainId: 8453,
          params: [{ to: "0x42e9c498135431a48796B5fFe2CBC3d7A1811927", data: "0x", value: "0.00035", from: "0x68e08371d1d0311b7c81961c431d71f71a94dd1a" }],
          meta: { ui: {} },
        },
      },
    ],
  },
  {
    trace: "openai-chat/stream.legacy-function-call.json",
    input: json,
    format: "openai-chat-stream",
    expected: [{ toolName: "get_current_weather", arguments: { location: "Charlottesville, Virginia", format: "celsius" } }],
  },
  {
    trace: "vercel-ai/v6.ui-message-stream.langgraph.json",
    input: json,
    format: "vercel-ai-ui-stream",
    expected: [
      { toolName: "get_weather", arguments: { city: "Tokyo", units: "celsius" } },
      { toolName: "get_datetime", arguments: { timezone: "Asia/Tokyo", format: "full" } },
    ],
  },
];

for (const c of CASES) {
  test(`evaluateToolCalls on PromptResult.fromTrace(${c.trace}).getToolCalls()`, () => {
    const r = PromptResult.fromTrace(c.input(c.trace));
    assert.equal(r.format, c.format);
    assert.equal(detectTraceFormat(c.input(c.trace)).format, c.format);
    assert.deepEqual(pick(r), c.expected);
    const strict = evaluateToolCalls(c.expected, r.getToolCalls(), { toolCallOrder: "strict", argumentMatching: "exact", maxExtraToolCalls: 0 });
    assert.equal(strict.passed, true);
    // A wrong argument value is reported as a mismatch against the trace's own call.
    const wrong = c.expected.map((e, i) => (i === 0 ? { ...e, arguments: { ...e.arguments, nope: 1 } } : e));
    const v = evaluateToolCalls(wrong, r.getToolCalls(), { toolCallOrder: "strict", argumentMatching: "exact" });
    assert.equal(v.passed, false);
    assert.equal(v.argumentMismatches[0].actualArgs, r.getToolCalls()[0].arguments);
  });
}

// evaluateToolCalls(expected, result): a PromptResult read by fromTrace is
// judged where its calls are kept (issue 13 item 3); the verdicts are the
// hand-written ones above, and the calls a verdict names are the trace's.
for (const c of CASES) {
  test(`evaluateToolCalls on the kept PromptResult.fromTrace(${c.trace})`, () => {
    const exact = { toolCallOrder: "strict", argumentMatching: "exact", maxExtraToolCalls: 0 };
    assert.equal(evaluateToolCalls(c.expected, PromptResult.fromTrace(c.input(c.trace)), exact).passed, true);
    const wrong = c.expected.map((e, i) => (i === 0 ? { ...e, arguments: { ...e.arguments, nope: 1 } } : e));
    const r = PromptResult.fromTrace(c.input(c.trace));
    const v = evaluateToolCalls(wrong, r, { toolCallOrder: "strict", argumentMatching: "exact" });
    assert.equal(v.passed, false);
    assert.deepEqual(v.argumentMismatches.map((m) => [m.toolName, m.actualArgs]), [[c.expected[0].toolName, c.expected[0].arguments]]);
    // The call named in the verdict is the result's own object.
    assert.equal(v.argumentMismatches[0].actualArgs, r.getToolCalls()[0].arguments);
    // One expected call fewer: the last call is extra, and with no extra allowed the run fails.
    const fewer = evaluateToolCalls(c.expected.slice(0, -1), PromptResult.fromTrace(c.input(c.trace)), exact);
    assert.equal(fewer.passed, false);
    assert.deepEqual(fewer.extra.map((x) => ({ toolName: x.toolName, arguments: x.arguments })), c.expected.slice(-1));
    // Negative test: every call is extra.
    const neg = evaluateToolCalls([], PromptResult.fromTrace(c.input(c.trace)), { isNegativeTest: true });
    assert.deepEqual(neg.extra.map((x) => x.toolName), c.expected.map((e) => e.toolName));
  });
}

test("a kept PromptResult: free(), eviction and bad input", () => {
  const c = CASES[0];
  const expected = c.expected;
  // More results than are kept at once (32): the first is read again from its trace when asked.
  const many = Array.from({ length: 40 }, () => PromptResult.fromTrace(c.input(c.trace)));
  for (const r of [many[0], many[39], many[0]]) assert.equal(evaluateToolCalls(expected, r).passed, true);
  // free(): calls already read stay; a result freed before they were read says so.
  const read = PromptResult.fromTrace(c.input(c.trace));
  read.getToolCalls();
  read.free();
  assert.deepEqual(pick(read), expected);
  assert.equal(evaluateToolCalls(expected, read).passed, true);
  const unread = PromptResult.fromTrace(c.input(c.trace));
  unread.free();
  assert.throws(() => unread.getToolCalls(), (e) => e instanceof MatcherError && e.code === "INVALID_ARGUMENT" && e.path === "result");
  assert.throws(() => evaluateToolCalls(expected, unread), (e) => e instanceof MatcherError && e.code === "INVALID_ARGUMENT" && e.path === "actual");
  // A result made from data has no kept run: its calls cross as a list.
  const data = new PromptResult({ prompt: "p", messages: [], text: "", toolCalls: expected, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 }, latency: { e2eMs: 0, llmMs: 0, mcpMs: 0 } });
  assert.equal(evaluateToolCalls(expected, data, { toolCallOrder: "strict" }).passed, true);
  // The expected side and the options are still checked first.
  assert.throws(() => evaluateToolCalls([{ toolName: 3 }], PromptResult.fromTrace(c.input(c.trace))), (e) => e.code === "INVALID_ARGUMENT" && e.path === "expected[0].toolName");
  assert.throws(() => evaluateToolCalls(expected, PromptResult.fromTrace(c.input(c.trace)), { toolCallOrder: "sideways" }), (e) => e.code === "INVALID_OPTION" && e.path === "options.toolCallOrder");
});

test("the validators take getToolCalls() too", () => {
  const r = PromptResult.fromTrace(json("anthropic/message.parallel-tool-use.json"));
  assert.equal(matchToolCallCount("retrieve_entity_info", r.toolsCalled(), 4), true);
  assert.equal(matchToolCallWithPartialArgs("retrieve_entity_info", { name: "Daisy" }, r.getToolCalls()), true);
  assert.equal(matchToolCallWithPartialArgs("retrieve_entity_info", { name: "Eve" }, r.getToolCalls()), false);
});

// ---- the PromptResult accessors ------------------------------------------------

test("accessors follow @mcpjam/sdk@1.14.0 PromptResult", () => {
  const r = PromptResult.fromTrace(text("anthropic/messages.tool-result-is-error.json"));
  assert.deepEqual(r.toolsCalled(), ["search_tools", "stock_lookup"]);
  assert.equal(r.hasToolCall("stock_lookup"), true);
  assert.equal(r.hasToolCall("Stock_lookup"), false);
  assert.deepEqual(r.getToolArguments("stock_lookup"), { ticker: "AAPL" });
  assert.equal(r.getToolArguments("nope"), undefined);
  assert.equal(r.text, "Great! I found a tool to look up stock prices. Let me get the current stock price for AAPL.");
  assert.equal(r.hasError(), false);
  assert.equal(r.getError(), undefined);
  const [search, lookup] = r.getToolCalls();
  assert.deepEqual(
    { id: search.id, step: search.step, index: search.index, isError: search.isError, kind: search.kind },
    { id: "toolu_01STyXG2KReZkuFAiSBAFWLd", step: 0, index: 0, isError: false, kind: "function" },
  );
  assert.equal(lookup.id, "toolu_014b9i18P8JdeixyRCGWwgBa");
  assert.equal(lookup.step, 1);
  assert.equal(lookup.isError, true);
  assert.match(lookup.result, /^2 validation errors:/);
  assert.deepEqual(r.getMessages().map((m) => m.role), ["user", "assistant", "tool", "assistant", "tool"]);
  // getToolCalls() and getMessages() return copies of the lists.
  r.getToolCalls().pop();
  assert.equal(r.getToolCalls().length, 2);
});

test("an MCP call that failed carries its error; the run did not fail", () => {
  const r = PromptResult.fromTrace(json("openai-responses/response.mcp-call-failed.json"));
  const calls = r.getToolCalls();
  assert.deepEqual(r.toolsCalled(), ["search_events", "search_events"]);
  assert.deepEqual(calls.map((c) => [c.kind, c.server, c.isError]), [
    ["mcp", "google_calendar", true],
    ["mcp", "google_calendar", true],
  ]);
  assert.deepEqual(calls[0].result, { code: 500, message: "An unknown error occurred while executing the tool.", type: "http_error" });
  assert.equal(r.hasError(), false);
});

test("merge joins results as the context option does", () => {
  const r1 = PromptResult.fromTrace(text("openai-chat/stream.parallel-tool-calls.sse"));
  const r2 = PromptResult.fromTrace(text("openai-chat/stream.tool-call-arg-fragments.sse"));
  const both = PromptResult.merge([r1, r2]);
  assert.deepEqual(both.toolsCalled(), ["get_country", "get_product_name", "get_weather"]);
  assert.deepEqual(both.getToolCalls().map((c) => c.step), [0, 0, 1]);
  const history = PromptResult.fromTrace(json("openai-chat/messages.multi-turn-history.json"));
  assert.deepEqual(pick(both), pick(history));
  // One assistant message per stream, with its tool-call parts.
  assert.deepEqual(
    both.getMessages().map((m) => [m.role, m.content.map((p) => p.toolName)]),
    [
      ["assistant", ["get_country", "get_product_name"]],
      ["assistant", ["get_weather"]],
    ],
  );
  assert.throws(() => PromptResult.merge([r1, {}]), (e) => e instanceof MatcherError && e.path === "results[1]");
});

// ---- nothing silent ----------------------------------------------------------

test("unreadable arguments are kept, marked and reported", () => {
  const doc = {
    choices: [
      {
        message: {
          role: "assistant",
          tool_calls: [
            { id: "a", type: "function", function: { name: "search", arguments: '{"q": "cats"' } },
            { id: "b", type: "function", function: { name: "list", arguments: "[1, 2]" } },
            { id: "c", type: "function", function: null },
            { id: "d", type: "function", function: { name: "ok", arguments: '{"a": 1}' } },
          ],
        },
      },
    ],
  };
  const r = PromptResult.fromTrace(doc);
  assert.deepEqual(r.toolsCalled(), ["search", "list", "ok"]);
  const [search, list, ok] = r.getToolCalls();
  assert.deepEqual([search.argumentsError, search.rawArguments, search.arguments], ["NOT_JSON", '{"q": "cats"', {}]);
  assert.deepEqual([list.argumentsError, list.rawArguments], ["NOT_OBJECT", "[1, 2]"]);
  assert.equal(ok.argumentsError, undefined);
  assert.deepEqual(r.diagnostics.map((d) => d.code), ["ARGUMENTS_UNREADABLE", "ARGUMENTS_UNREADABLE", "MALFORMED_CALL"]);
  // The matcher sees {} and reports the mismatch.
  const v = evaluateToolCalls([{ toolName: "search", arguments: { q: "cats" } }], r.getToolCalls());
  assert.equal(v.passed, false);
  assert.deepEqual(v.argumentMismatches, [{ toolName: "search", expectedArgs: { q: "cats" }, actualArgs: {} }]);
});

test("a stream cut short keeps its completed calls and says so", () => {
  const cut = text("openai-chat/stream.parallel-tool-calls.sse").split("\n\n").slice(0, 4).join("\n\n");
  const r = PromptResult.fromTrace(cut);
  assert.deepEqual(pick(r), [{ toolName: "get_country", arguments: {} }]);
  assert.equal(r.diagnostics.length, 1);
  assert.equal(r.diagnostics[0].code, "STREAM_INCOMPLETE");
  assert.match(r.diagnostics[0].message, /get_product_name/);
});

// ---- errors ------------------------------------------------------------------

test("detectTraceFormat names the format or says why not", () => {
  assert.deepEqual(detectTraceFormat(json("gemini/contents.function-responses.json")), { format: "gemini" });
  const d = detectTraceFormat({ foo: 1 });
  assert.equal(d.format, null);
  assert.match(d.reason, /\["foo"\]/);
});

test("malformed calls throw MatcherError with a code and path", () => {
  const is = (code, path) => (e) => e instanceof MatcherError && e.code === code && e.path === path;
  assert.throws(() => PromptResult.fromTrace({ foo: 1 }), is("INVALID_ARGUMENT", "trace"));
  assert.throws(() => PromptResult.fromTrace(undefined), is("INVALID_ARGUMENT", "trace"));
  const cyclic = {};
  cyclic.self = cyclic;
  assert.throws(() => PromptResult.fromTrace(cyclic), is("UNSUPPORTED_VALUE", "trace"));
  const anthropic = json("anthropic/message.parallel-tool-use.json");
  assert.throws(() => PromptResult.fromTrace(anthropic, { format: "gemini" }), is("INVALID_ARGUMENT", "trace"));
  assert.throws(() => PromptResult.fromTrace(anthropic, { format: "claude" }), is("INVALID_OPTION", "options.format"));
  assert.throws(() => PromptResult.fromTrace(anthropic, "anthropic"), is("INVALID_ARGUMENT", "options"));
  const r = PromptResult.fromTrace(anthropic, { format: "anthropic" });
  assert.throws(() => r.hasToolCall(1), is("INVALID_ARGUMENT", "toolName"));
  // The module keeps working after errors.
  assert.equal(PromptResult.fromTrace(anthropic).toolsCalled().length, 4);
});

// ---- every fixture through the package ---------------------------------------

const FAMILY = Array(4).fill("retrieve_entity_info");
const TOOLS_CALLED = {
  "openai-chat/completion.parallel-tool-calls.json": ["delete_file", "create_file"],
  "openai-chat/messages.parallel-tool-results.json": ["delete_file", "create_file"],
  "openai-chat/stream.parallel-tool-calls.sse": ["get_country", "get_product_name"],
  "openai-chat/stream.tool-call-arg-fragments.sse": ["get_weather"],
  "openai-chat/messages.multi-turn-history.json": ["get_country", "get_product_name", "get_weather"],
  "openai-chat/completion.gemini-compat-empty-id.json": ["get_current_time"],
  "openai-chat/completion.groq-llama.json": ["weather"],
  "openai-responses/response.parallel-function-calls.json": ["get_location", "get_location"],
  "openai-responses/input.function-call-output.json": ["get_location", "get_location"],
  "openai-responses/stream.function-call.sse": ["get_capital"],
  "openai-responses/response.web-search-call.json": ["web_search", "web_search", "web_search"],
  "openai-responses/response.mcp-call.json": ["web_search_exa"],
  "openai-responses/response.mcp-approval-request.json": [],
  "openai-responses/response.mcp-call-approved.json": ["create_short_url"],
  "openai-responses/response.mcp-call-failed.json": ["search_events", "search_events"],
  "openai-responses/response.tool-search-namespace.json": ["tool_search", "get_weather"],
  "openai-responses/response.function-call-in-progress.json": ["getDemand"],
  "openai-responses/response.parallel-wrapper.HANDWRITTEN.json": ["parallel"],
  "anthropic/message.parallel-tool-use.json": FAMILY,
  "anthropic/messages.tool-results.json": FAMILY,
  "anthropic/messages.tool-result-is-error.json": ["search_tools", "stock_lookup"],
  "anthropic/stream.server-and-client-tool-use.sse": ["tool_search_tool_bm25", "get_exchange_rate"],
  "anthropic/message.tool-use-no-args.json": ["updateIssueList"],
  "anthropic/stream.tool-use-no-args.jsonl": ["updateIssueList"],
  "anthropic/message.mcp-tool-use.json": ["echo"],
  "anthropic/stream.mcp-tool-use.jsonl": ["echo"],
  "gemini/response.parallel-function-calls.json": ["generate_topic", "generate_topic", "generate_topic"],
  "gemini/contents.function-responses.json": ["generate_topic", "generate_topic", "generate_topic"],
  "gemini/stream.function-call.sse": ["get_country"],
  "gemini/response.function-call.json": ["weather"],
  "gemini/stream.partial-args.jsonl": ["getWeather", "getWeather"],
  "gemini/stream.no-args-parallel.jsonl": ["read_theme", "read_screen", "read_screen", "read_screen"],
  "vercel-ai/v4.generateText.steps.json": ["tool1"],
  "vercel-ai/v4.response.messages.json": ["tool1"],
  "vercel-ai/v4.ui-messages.tool-invocations.json": ["some-tool", "some-tool"],
  "vercel-ai/v5.generateText.steps.json": ["tool1"],
  "vercel-ai/v5.response.messages.json": ["tool1"],
  "vercel-ai/v5.model-messages.json": ["screenshot", "screenshot", "screenshot", "screenshot"],
  "vercel-ai/v5.ui-message-stream.json": ["tool1"],
  "vercel-ai/v5.chat-request.ui-messages.json": ["test-tool"],
  "vercel-ai/v6.generateText.steps.json": ["tool1"],
  "vercel-ai/v6.ui-message-stream.langgraph.json": ["get_weather", "get_datetime"],
  "vercel-ai/v4.data-stream.tool-call-deltas.txt": ["tool1"],
  "vercel-ai/v4.streamText.onFinish.json": ["tool1"],
  "vercel-ai/v4.data-stream.recorded-evm-tx.txt": ["generate-evm-tx"],
  "vercel-ai/v4.response.messages.recorded-evm-tx.HANDWRITTEN.json": ["generate-evm-tx"],
  "openai-chat/stream.legacy-function-call.json": ["get_current_weather"],
  "openai-chat/completion.legacy-function-call.HANDWRITTEN.json": ["get_current_weather"],
};

test("every fixture file is read, as text and (JSON files) as a parsed value", async () => {
  const { readdirSync } = await import("node:fs");
  const files = readdirSync(fixtures, { recursive: true })
    .map((f) => f.split("\\").join("/"))
    .filter((f) => /\.(json|jsonl|sse|txt)$/.test(f))
    .sort();
  assert.deepEqual(files, Object.keys(TOOLS_CALLED).sort());
  for (const [file, names] of Object.entries(TOOLS_CALLED)) {
    assert.deepEqual(PromptResult.fromTrace(text(file)).toolsCalled(), names, file);
    if (file.endsWith(".json")) assert.deepEqual(PromptResult.fromTrace(json(file)).toolsCalled(), names, file);
  }
});

// A file saved with a byte order mark: `readFileSync(path, "utf8")` keeps it as U+FEFF
// at the start of the string (a WHATWG decoder, as `File.text()`, drops it). The mark
// is dropped: the same trace is read (before, such a file read as an MCPJam text reply
// with no calls and no diagnostic).
test("a trace file with a byte order mark reads as the same trace", () => {
  const plain = text("anthropic/message.parallel-tool-use.json");
  const marked = `\uFEFF${plain}`;
  assert.deepEqual(detectTraceFormat(marked), { format: "anthropic" });
  const r = PromptResult.fromTrace(marked);
  assert.deepEqual(pick(r), pick(PromptResult.fromTrace(plain)));
  assert.equal(r.getToolCalls().length, 4);
  assert.deepEqual(r.diagnostics, []);
});
