// The tool-call matchers of @mcpjam/sdk@1.14.0 (dist/matchers.js and the
// validators of dist/index.js), over the Rust core.

import * as glue from "./wasm/tool_calls.js";
import { wasmBytes as bytesToolCalls } from "./wasm/tool_calls_bytes.js";
import { guard } from "./errors.js";

// This family's own WebAssembly module, compiled synchronously from the inlined
// bytes on first use; a trap restarts it (errors.js guard).
const {
  alignToolCalls: wasmAlign,
  assertValidMatchOptions: wasmAssertOptions,
  assertValidMaxExtra: wasmAssertMaxExtra,
  evaluateToolCalls: wasmEvaluate,
  matchAnyToolCall: wasmMatchAnyToolCall,
  matchNoToolCalls: wasmMatchNoToolCalls,
  matchToolArgument: wasmMatchToolArgument,
  matchToolArgumentWith: wasmMatchToolArgumentWith,
  matchToolCallCount: wasmMatchToolCallCount,
  matchToolCallWithArgs: wasmMatchToolCallWithArgs,
  matchToolCallWithPartialArgs: wasmMatchToolCallWithPartialArgs,
  matchToolCalls: wasmMatchToolCalls,
  matchToolCallsSubset: wasmMatchToolCallsSubset,
  resolveMatchOptions: wasmResolve,
} = guard("tool_calls", glue, bytesToolCalls);
import { EVALUATE_IN_PLACE, call, encodeCalls, encodeExtended, encodeOptions, encodeParts, fail, payload, splitCalls } from "./internal.js";
export { MatcherError } from "./errors.js";

const OPTION_KEYS = ["toolCallOrder", "maxExtraToolCalls", "allowExtraToolCalls", "argumentMatching", "isNegativeTest"];

// The options as the reference reads them (internal.js encodeOptions).
const encodeMatchOptions = (o, path) => encodeOptions(o, OPTION_KEYS, path);

// ---- tool-call matchers (@mcpjam/sdk@1.14.0, dist/matchers.js) -----------

// `null` and `undefined` lists are empty, as the reference's
// `Array.isArray(x) ? x : []`; any other non-array is refused.
const orEmpty = (list) => (list === null || list === undefined ? [] : list);

/** See index.d.ts. */
export function evaluateToolCalls(expected, actual, options) {
  expected = orEmpty(expected);
  actual = orEmpty(actual);
  let r;
  let calls = () => actual;
  // A PromptResult read by fromTrace is judged where its calls are kept (the
  // trace module; internal.js EVALUATE_IN_PLACE); any other one by its calls.
  const inPlace = typeof actual === "object" && !Array.isArray(actual) ? actual[EVALUATE_IN_PLACE] : undefined;
  let e, o; // the expected list and the options, encoded once whichever way the calls cross
  if (typeof inPlace === "function") {
    [e, o] = [encodeCalls(expected, "expected"), encodeMatchOptions(options, "options")];
    const kept = inPlace.call(actual, [e, o]);
    if (kept !== null) {
      r = kept.indices;
      calls = () => [...kept.calls()];
    } else if (typeof actual.getToolCalls === "function") {
      actual = actual.getToolCalls();
    }
  }
  if (r === undefined) {
    e ??= encodeCalls(expected, "expected");
    const a = encodeCalls(actual, "actual");
    const [bytes, ext] = payload([e, a, o ?? encodeMatchOptions(options, "options")]);
    r = call(() => wasmEvaluate(bytes, ext));
  }
  let p = 0;
  const flags = r[p++];
  const pick = (list) => {
    const out = new Array(r[p++]);
    for (let i = 0; i < out.length; i++) out[i] = list[r[p++]];
    return out;
  };
  let missing = pick(expected);
  // The actual calls are read (out of a kept run) only when the verdict names one.
  let list;
  const named = () => (list ??= calls());
  let extra = r[p] === 0 ? (p++, []) : pick(named());
  if (flags & 2) extra = named();
  if (flags & 4) missing = expected;
  const argumentMismatches = new Array(r[p++]);
  for (let i = 0; i < argumentMismatches.length; i++) {
    const e = expected[r[p++]];
    const a = named()[r[p++]];
    argumentMismatches[i] = { toolName: e.toolName, expectedArgs: e.arguments || {}, actualArgs: a.arguments || {} };
  }
  const outOfOrder = new Array(r[p++]);
  for (let i = 0; i < outOfOrder.length; i++) {
    const expectedIndex = r[p++];
    const actualIndex = r[p++];
    outOfOrder[i] = { toolName: expected[expectedIndex].toolName, expectedIndex, actualIndex };
  }
  return { missing, extra, outOfOrder, argumentMismatches, passed: (flags & 1) === 1 };
}

/** See tool-calls.d.ts. */
export function alignToolCalls(expected, actual, options) {
  expected = orEmpty(expected);
  actual = orEmpty(actual);
  const [bytes, ext] = payload([encodeCalls(expected, "expected"), encodeCalls(actual, "actual"), encodeMatchOptions(options, "options")]);
  return JSON.parse(call(() => wasmAlign(bytes, ext)));
}

/** See index.d.ts. */
export function resolveMatchOptions(suite, testCase, runOverride) {
  const [bytes, ext] = payload([encodeMatchOptions(suite, "suite"), encodeMatchOptions(testCase, "testCase"), encodeMatchOptions(runOverride, "runOverride")]);
  return JSON.parse(call(() => wasmResolve(bytes, ext)));
}

/** See tool-calls.d.ts. */
export function assertValidMatchOptions(options) {
  if (options === null || options === undefined || typeof options !== "object") {
    fail("INVALID_ARGUMENT", "options", `options must be an object (match options), got ${options === null ? "null" : typeof options}`);
  }
  const [bytes, ext] = payload([encodeOptions(options, ["toolCallOrder", "argumentMatching", "maxExtraToolCalls"], "options")]);
  call(() => wasmAssertOptions(bytes, ext));
}

/** See tool-calls.d.ts. */
export function assertValidMaxExtra(value) {
  if (typeof value === "function" || typeof value === "symbol") fail("INVALID_OPTION", "maxExtraToolCalls", `Invalid maxExtraToolCalls: ${String(value)}. Must be null (unlimited) or a non-negative integer.`);
  const [bytes, ext] = payload([[encodeExtended(value, () => "maxExtraToolCalls", []), true, "maxExtraToolCalls"]]);
  call(() => wasmAssertMaxExtra(bytes, ext));
}

/** See index.d.ts. */
export const MATCH_OPTIONS_DEFAULTS = Object.freeze(resolveMatchOptions());

// ---- the nine validators (@mcpjam/sdk@1.14.0, dist/index.js) -------------

// Each validator's export reads its arguments in the reference's order;
// here each crosses with its parameter name (for error paths), a
// `toolCalls` list as `[names, arguments]` (the other lists are names).
function validate(exported, named) {
  const parts = named.map(([name, v]) => (name === "toolCalls" ? [splitCalls(v, name), name, true] : [v, name]));
  const [bytes, ext] = payload([encodeParts(parts)]);
  return call(() => exported(bytes, ext));
}

/** See index.d.ts. */
export function matchToolCalls(expected, actual) {
  return validate(wasmMatchToolCalls, [["expected", expected], ["actual", actual]]);
}
/** See index.d.ts. */
export function matchToolCallsSubset(expected, actual) {
  return validate(wasmMatchToolCallsSubset, [["expected", expected], ["actual", actual]]);
}
/** See index.d.ts. */
export function matchAnyToolCall(expected, actual) {
  return validate(wasmMatchAnyToolCall, [["expected", expected], ["actual", actual]]);
}
/** See index.d.ts. */
export function matchToolCallCount(toolName, actual, count) {
  return validate(wasmMatchToolCallCount, [["toolName", toolName], ["actual", actual], ["count", count]]);
}
/** See index.d.ts. */
export function matchNoToolCalls(actual) {
  return validate(wasmMatchNoToolCalls, [["actual", actual]]);
}
/** See index.d.ts. */
export function matchToolCallWithArgs(toolName, expectedArgs, toolCalls) {
  return validate(wasmMatchToolCallWithArgs, [["toolName", toolName], ["expectedArgs", expectedArgs], ["toolCalls", toolCalls]]);
}
/** See index.d.ts. */
export function matchToolCallWithPartialArgs(toolName, expectedArgs, toolCalls) {
  return validate(wasmMatchToolCallWithPartialArgs, [["toolName", toolName], ["expectedArgs", expectedArgs], ["toolCalls", toolCalls]]);
}
/** See index.d.ts. */
export function matchToolArgument(toolName, argName, expectedValue, toolCalls) {
  return validate(wasmMatchToolArgument, [["toolName", toolName], ["argName", argName], ["expectedValue", expectedValue], ["toolCalls", toolCalls]]);
}
/** See index.d.ts. */
export function matchToolArgumentWith(toolName, argName, predicate, toolCalls) {
  if (typeof predicate !== "function") fail("INVALID_ARGUMENT", "predicate", "predicate must be a function");
  const candidates = validate(wasmMatchToolArgumentWith, [["toolName", toolName], ["argName", argName], ["toolCalls", toolCalls]]);
  for (const i of candidates) {
    const c = toolCalls[i]; // the predicate may have changed the list
    if (c && c.arguments && predicate(c.arguments[argName])) return true;
  }
  return false;
}
