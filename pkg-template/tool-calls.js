// The tool-call matchers of @mcpjam/sdk@1.14.0 (dist/matchers.js and the
// validators of dist/index.js), over the Rust core.

import * as glue from "./wasm/tool_calls.js";
import { wasmBytes as bytesToolCalls } from "./wasm/tool_calls_bytes.js";
import { guard } from "./errors.js";

// This family's own WebAssembly module, compiled synchronously from the inlined
// bytes on first use; a trap restarts it (errors.js guard).
const toolCallsWasm = guard("tool_calls", glue, bytesToolCalls);
const {
  PreparedToolCalls: WasmPrepared,
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
} = toolCallsWasm;
import { EVALUATE_IN_PLACE, MAX_PAYLOAD, call, encodeCalls, encodeExtended, encodeOptions, encodeParts, fail, payload, splitCalls } from "./internal.js";
import { keeper } from "./kept.js";
export { MatcherError } from "./errors.js";

const OPTION_KEYS = ["toolCallOrder", "maxExtraToolCalls", "allowExtraToolCalls", "argumentMatching", "isNegativeTest"];

// The options as the reference reads them (internal.js encodeOptions).
const encodeMatchOptions = (o, path) => encodeOptions(o, OPTION_KEYS, path);

// ---- tool-call matchers (@mcpjam/sdk@1.14.0, dist/matchers.js) -----------

// `null` and `undefined` lists are empty, as the reference's
// `Array.isArray(x) ? x : []`; any other non-array is refused.
const orEmpty = (list) => (list === null || list === undefined ? [] : list);

// ---- prepared lists (ours): a list read once, kept in the module ----------

// Each PreparedToolCalls keeps its list inside the module (src/wasm/tool_calls.rs),
// kept, evicted, read again from its encoded text and freed as pkg-template/kept.js
// says; room for two lists of the largest payload, so that opening the actual
// list of a judgement never evicts its expected one.
const preparedLists = keeper(
  toolCallsWasm,
  (rec) => new WasmPrepared(...payload([[rec.text, rec.extended, rec.what]]), rec.what),
  "this PreparedToolCalls was freed (list.free()); prepare the list again",
  { chars: 2 * MAX_PAYLOAD + 1 },
);
const prepared = new WeakMap(); // PreparedToolCalls -> { rec, calls }

// A PreparedToolCalls of another copy of the package (one that a module
// registry reset loaded again, e.g. jest.resetModules()) keeps its list in
// that copy: it is refused with that said, not read as a malformed list.
const PREPARED = Symbol.for("mcp-matchers.PreparedToolCalls");
function ours(list, what) {
  if (list !== null && typeof list === "object" && list[PREPARED] === true && !prepared.has(list)) {
    fail("INVALID_ARGUMENT", what, `${what} is a PreparedToolCalls of another copy of mcp-matchers (loaded again, e.g. after jest.resetModules()); prepare the list with this copy's PreparedToolCalls`);
  }
  return list;
}

/** See tool-calls.d.ts. */
export class PreparedToolCalls {
  constructor(calls) {
    prepare(this, calls, "calls");
  }
  /** See tool-calls.d.ts. */
  get length() {
    return prepared.get(this).calls.length;
  }
  /** See tool-calls.d.ts. */
  free() {
    preparedLists.free(prepared.get(this).rec);
  }
}
Object.defineProperty(PreparedToolCalls.prototype, PREPARED, { value: true });

// Reads `calls` into the module for `owner` (errors at `what`: "actual[3].toolName").
function prepare(owner, calls, what) {
  const list = orEmpty(calls);
  if (!Array.isArray(list)) fail("INVALID_ARGUMENT", what, `${what} must be an array of tool calls`);
  const copy = [...list];
  const [text, extended] = encodeCalls(copy, what);
  const rec = { text, extended, what, core: null, gen: undefined, freed: false };
  preparedLists.open(rec, what); // read now: a malformed call throws here, not when judged
  prepared.set(owner, { rec, calls: copy });
  preparedLists.track(owner, rec);
  return owner;
}

/**
 * `run(expectedCore, actualCore, optionsPayload)` when either list is a
 * PreparedToolCalls (the other one, a plain list, prepared for this call
 * only), with the two lists' calls; `undefined` otherwise.
 */
function onPrepared(expected, actual, options, run) {
  if (!prepared.has(expected) && !prepared.has(actual)) return undefined;
  const temps = [];
  const side = (list, what) => {
    if (prepared.has(list)) return prepared.get(list);
    const t = prepare(Object.create(PreparedToolCalls.prototype), list, what);
    temps.push(t);
    return prepared.get(t);
  };
  try {
    const e = side(expected, "expected");
    const a = side(actual, "actual");
    const ce = preparedLists.open(e.rec, "expected");
    const ca = preparedLists.open(a.rec, "actual");
    // Encoded last: reading a list again (it left the module) reuses payload()'s buffer.
    const [bytes, ext] = payload([encodeMatchOptions(options, "options")]);
    return { out: call(() => run(ce, ca, bytes, ext)), expected: e.calls, actual: a.calls };
  } finally {
    for (const t of temps) t.free();
  }
}

/** See index.d.ts. */
export function evaluateToolCalls(expected, actual, options) {
  // A PromptResult beside a prepared list is judged by its calls (as below, when it keeps no run).
  const listed = prepared.has(expected) && actual !== null && typeof actual === "object" && !Array.isArray(actual) && !prepared.has(actual) && typeof actual.getToolCalls === "function" ? actual.getToolCalls() : actual;
  const kept = onPrepared(expected, listed, options, (e, a, bytes, ext) => e.evaluateToolCalls(a, bytes, ext));
  // A whole list in the verdict is a copy: the prepared lists' own stay as they were prepared.
  if (kept !== undefined) return verdictFrom(kept.out, kept.expected, () => kept.actual, (list) => [...list]);
  expected = orEmpty(ours(expected, "expected"));
  actual = orEmpty(ours(actual, "actual"));
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
  return verdictFrom(r, expected, calls);
}

/**
 * The reference-shaped verdict from the core's indices (src/wasm/calls.rs
 * verdict_indices) into `expected` and the actual calls (`calls()`, read only
 * when the verdict names one); `whole(list)` is what a verdict holding a whole
 * list returns (the list itself, as the reference; a copy of a prepared one).
 */
function verdictFrom(r, expected, calls, whole = (list) => list) {
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
  if (flags & 2) extra = whole(named());
  if (flags & 4) missing = whole(expected);
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
  const kept = onPrepared(expected, actual, options, (e, a, bytes, ext) => e.alignToolCalls(a, bytes, ext));
  if (kept !== undefined) return alignment(kept.out);
  expected = orEmpty(ours(expected, "expected"));
  actual = orEmpty(ours(actual, "actual"));
  const [bytes, ext] = payload([encodeCalls(expected, "expected"), encodeCalls(actual, "actual"), encodeMatchOptions(options, "options")]);
  return alignment(call(() => wasmAlign(bytes, ext)));
}

// The alignment from its JSON text, whose pairs cross flat (src/wasm/tool_calls.rs AlignmentWire).
function alignment(text) {
  const a = JSON.parse(text);
  const flat = a.pairs;
  const pairs = new Array(flat.length / 2);
  for (let k = 0; k < pairs.length; k++) pairs[k] = { expectedIndex: flat[2 * k], actualIndex: flat[2 * k + 1] };
  a.pairs = pairs;
  return a;
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
