// assertValidMatchOptions / assertValidMaxExtra of mcp-matchers/matchers, as
// MCPJam/inspector sdk/src/matchers.ts (the releases after @mcpjam/sdk@1.14.0)
// has them: the messages below are that file's, word for word.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertValidMatchOptions, assertValidMaxExtra, MatcherError } from "../../pkg/matchers.js";

const throwsWith = (fn, message, path) =>
  assert.throws(fn, (e) => e instanceof MatcherError && e.code === "INVALID_OPTION" && e.path === path && e.message.startsWith(message));

test("assertValidMaxExtra: undefined, null and non-negative integers pass; anything else throws the reference's message", () => {
  for (const v of [undefined, null, 0, 1, 100, 2 ** 53]) assert.equal(assertValidMaxExtra(v), undefined);
  throwsWith(() => assertValidMaxExtra(-1), "Invalid maxExtraToolCalls: -1. Must be null (unlimited) or a non-negative integer.", "maxExtraToolCalls");
  throwsWith(() => assertValidMaxExtra(1.5), "Invalid maxExtraToolCalls: 1.5. Must be null", "maxExtraToolCalls");
  throwsWith(() => assertValidMaxExtra(Infinity), "Invalid maxExtraToolCalls: Infinity. Must be null", "maxExtraToolCalls");
  throwsWith(() => assertValidMaxExtra(NaN), "Invalid maxExtraToolCalls: NaN. Must be null", "maxExtraToolCalls");
  throwsWith(() => assertValidMaxExtra("2"), "Invalid maxExtraToolCalls: 2. Must be null", "maxExtraToolCalls");
});

test("assertValidMatchOptions validates a merged value", () => {
  assert.equal(assertValidMatchOptions({}), undefined);
  assert.equal(assertValidMatchOptions({ toolCallOrder: "superset", argumentMatching: "exact", maxExtraToolCalls: null }), undefined);
  throwsWith(() => assertValidMatchOptions({ toolCallOrder: "sorted" }), "Invalid toolCallOrder: sorted", "options.toolCallOrder");
  throwsWith(() => assertValidMatchOptions({ toolCallOrder: null }), "Invalid toolCallOrder: null", "options.toolCallOrder");
  throwsWith(() => assertValidMatchOptions({ argumentMatching: "fuzzy" }), "Invalid argumentMatching: fuzzy", "options.argumentMatching");
  throwsWith(() => assertValidMatchOptions({ maxExtraToolCalls: -3 }), "Invalid maxExtraToolCalls: -3. Must be null", "options.maxExtraToolCalls");
  assert.throws(() => assertValidMatchOptions(null), (e) => e.code === "INVALID_ARGUMENT" && e.path === "options");
});
