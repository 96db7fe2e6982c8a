// mcp-matchers: the JavaScript face of the Rust core (see README.md).
//
// This file is the whole binding on the JS side. It hands values to the
// WebAssembly module as JSON text (the cheapest crossing there is), maps the
// index lists that come back onto the caller's own objects, and turns coded
// errors into `MatcherError`s. No matching logic lives here.
//
// The module is compiled synchronously from bytes inlined in this package, so
// every export is ready after a plain `import`: no init(), no .wasm URL.

import { initSync, evaluate as wasmEvaluate, resolve as wasmResolve, validate as wasmValidate } from "./wasm/mcp_matchers.js";
import { wasmBytes } from "./wasm/mcp_matchers_bytes.js";

initSync({ module: wasmBytes() });

// One UTF-8 buffer per call: the JSON texts joined by "\n" (JSON.stringify
// never emits a raw newline), so the crossing is one native encode and one copy.
const encoder = new TextEncoder();
const SCRATCH_MAX = 1 << 22; // larger payloads get a one-off buffer
let scratch = new Uint8Array(1 << 16);
function payload(texts) {
  let ext = 0;
  let text = "";
  for (let i = 0; i < texts.length; i++) {
    if (texts[i][1]) ext |= 1 << i;
    text = i === 0 ? texts[0][0] : text + "\n" + texts[i][0];
  }
  const worst = text.length * 3;
  if (worst > SCRATCH_MAX) return [encoder.encode(text), ext];
  if (scratch.length < worst) scratch = new Uint8Array(Math.max(worst, scratch.length * 2));
  const { written } = encoder.encodeInto(text, scratch);
  return [scratch.subarray(0, written), ext];
}

/**
 * A malformed call: `code` is one of `INVALID_ARGUMENT`, `INVALID_OPTION`,
 * `UNSUPPORTED_VALUE`, `INVALID_JSON`; `path` names the bad field
 * (e.g. `actual[3].toolName`).
 */
export class MatcherError extends Error {
  constructor(code, path, message) {
    super(`${message} (at ${path})`);
    this.name = "MatcherError";
    this.code = code;
    this.path = path;
  }
}

// The one place errors are made: from the module's `[code, path, message]`
// or from the few shape checks below.
function fail(code, path, message) {
  throw new MatcherError(code, path, message);
}

function call(fn) {
  try {
    return fn();
  } catch (e) {
    if (Array.isArray(e) && e.length === 3) fail(e[0], e[1], e[2]);
    throw e;
  }
}

// ---- values to JSON text -------------------------------------------------
// Plain JSON data goes through JSON.stringify. Anything JSON cannot say
// (undefined, NaN, ±Infinity, Date, BigInt, functions, holes, cycles) is
// detected first and sent in the extended form read by src/wire.rs.

const MAX_FAST_DEPTH = 64;

function isPlain(v, depth) {
  if (v === null) return true;
  switch (typeof v) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(v);
    case "object": {
      if (depth > MAX_FAST_DEPTH) return false;
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) if (!isPlain(v[i], depth + 1)) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) return false;
      for (const k in v) if (!isPlain(v[k], depth + 1)) return false;
      return true;
    }
    default:
      return false;
  }
}

const UNDEF = '{"\\u0000":"u"}';

function encodeExtended(v, path, stack) {
  switch (typeof v) {
    case "string":
      return JSON.stringify(v);
    case "boolean":
      return v ? "true" : "false";
    case "number":
      if (Object.is(v, -0)) return "-0.0"; // kept: resolveMatchOptions hands numbers back as given
      return Number.isFinite(v) ? JSON.stringify(v) : `{"\\u0000":"${v}"}`;
    case "bigint":
      return `{"\\u0000":"B${v}"}`;
    case "object":
      break;
    default:
      return UNDEF; // undefined, functions, symbols
  }
  if (v === null) return "null";
  if (v instanceof Date) {
    const t = v.getTime();
    return `{"\\u0000":"${Number.isNaN(t) ? "Dinvalid" : "D" + t}"}`;
  }
  if (v instanceof Number || v instanceof String || v instanceof Boolean) {
    return encodeExtended(v.valueOf(), path, stack);
  }
  if (stack.includes(v)) fail("UNSUPPORTED_VALUE", path(), "circular reference");
  stack.push(v);
  let out;
  if (Array.isArray(v)) {
    const parts = new Array(v.length);
    for (let i = 0; i < v.length; i++) parts[i] = encodeExtended(v[i], () => `${path()}[${i}]`, stack);
    out = `[${parts.join(",")}]`;
  } else {
    const keys = Object.keys(v);
    const parts = new Array(keys.length);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const wire = k.charCodeAt(0) === 0 ? "\u0000" + k : k;
      parts[i] = `${JSON.stringify(wire)}:${encodeExtended(v[k], () => `${path()}.${k}`, stack)}`;
    }
    out = `{${parts.join(",")}}`;
  }
  stack.pop();
  return out;
}

// A tool-call list crosses as [names, arguments].
function splitCalls(list, what) {
  if (!Array.isArray(list)) fail("INVALID_ARGUMENT", what, `${what} must be an array of tool calls`);
  const n = list.length;
  const names = new Array(n);
  const args = new Array(n);
  for (let i = 0; i < n; i++) {
    const c = list[i];
    if (c === null || typeof c !== "object") {
      fail("INVALID_ARGUMENT", `${what}[${i}]`, "a tool call must be an object { toolName, arguments? }");
    }
    names[i] = c.toolName;
    args[i] = c.arguments;
  }
  return [names, args];
}

function extendedCalls([names, args], what) {
  const n = names.length;
  const nt = new Array(n);
  const at = new Array(n);
  for (let i = 0; i < n; i++) {
    nt[i] = encodeExtended(names[i], () => `${what}[${i}].toolName`, []);
    at[i] = encodeExtended(args[i], () => `${what}[${i}].arguments`, []);
  }
  return `[[${nt.join(",")}],[${at.join(",")}]]`;
}

// Encodes the parts of a call as one JSON array text: returns [text, extended].
// Each part is [value, path] or [split tool calls, path, true].
function encodeParts(parts) {
  const values = parts.map((p) => p[0]);
  if (isPlain(values, 0)) return [JSON.stringify(values), false];
  const texts = parts.map(([v, path, isCalls]) => (isCalls ? extendedCalls(v, path) : encodeExtended(v, () => path, [])));
  return [`[${texts.join(",")}]`, true];
}

function encodeCalls(list, what) {
  const split = splitCalls(list, what);
  if (isPlain(split, 0)) return [JSON.stringify(split), false];
  return [extendedCalls(split, what), true];
}

// Options are small: always the extended form, which keeps every number as given.
function encodeOptions(o, path) {
  if (o === undefined || o === null) return ["null", false];
  return [encodeExtended(o, () => path, []), true];
}

// ---- tool-call matchers (@mcpjam/sdk@1.14.0, dist/matchers.js) -----------

/** See index.d.ts. */
export function evaluateToolCalls(expected, actual, options) {
  const [bytes, ext] = payload([encodeCalls(expected, "expected"), encodeCalls(actual, "actual"), encodeOptions(options, "options")]);
  const r = call(() => wasmEvaluate(bytes, ext));
  let p = 0;
  const flags = r[p++];
  const pick = (list) => {
    const out = new Array(r[p++]);
    for (let i = 0; i < out.length; i++) out[i] = list[r[p++]];
    return out;
  };
  let missing = pick(expected);
  let extra = pick(actual);
  if (flags & 2) extra = actual;
  if (flags & 4) missing = expected;
  const argumentMismatches = new Array(r[p++]);
  for (let i = 0; i < argumentMismatches.length; i++) {
    const e = expected[r[p++]];
    const a = actual[r[p++]];
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

/** See index.d.ts. */
export function resolveMatchOptions(suite, testCase, runOverride) {
  const [bytes, ext] = payload([encodeOptions(suite, "suite"), encodeOptions(testCase, "testCase"), encodeOptions(runOverride, "runOverride")]);
  return JSON.parse(call(() => wasmResolve(bytes, ext)));
}

/** See index.d.ts. */
export const MATCH_OPTIONS_DEFAULTS = Object.freeze(resolveMatchOptions());

// ---- the nine validators (@mcpjam/sdk@1.14.0, dist/index.js) -------------

const PARAMS = [
  ["expected", "actual"],
  ["expected", "actual"],
  ["expected", "actual"],
  ["toolName", "actual", "count"],
  ["actual"],
  ["toolName", "expectedArgs", "toolCalls"],
  ["toolName", "expectedArgs", "toolCalls"],
  ["toolName", "argName", "expectedValue", "toolCalls"],
  ["toolName", "argName", "toolCalls"],
];

function validate(kind, args) {
  const parts = PARAMS[kind].map((name, i) => (name === "toolCalls" ? [splitCalls(args[i], name), name, true] : [args[i], name]));
  const [bytes, ext] = payload([encodeParts(parts)]);
  return call(() => wasmValidate(kind, bytes, ext));
}

/** See index.d.ts. */
export function matchToolCalls(expected, actual) {
  return validate(0, [expected, actual])[0] === 1;
}
/** See index.d.ts. */
export function matchToolCallsSubset(expected, actual) {
  return validate(1, [expected, actual])[0] === 1;
}
/** See index.d.ts. */
export function matchAnyToolCall(expected, actual) {
  return validate(2, [expected, actual])[0] === 1;
}
/** See index.d.ts. */
export function matchToolCallCount(toolName, actual, count) {
  return validate(3, [toolName, actual, count])[0] === 1;
}
/** See index.d.ts. */
export function matchNoToolCalls(actual) {
  return validate(4, [actual])[0] === 1;
}
/** See index.d.ts. */
export function matchToolCallWithArgs(toolName, expectedArgs, toolCalls) {
  return validate(5, [toolName, expectedArgs, toolCalls])[0] === 1;
}
/** See index.d.ts. */
export function matchToolCallWithPartialArgs(toolName, expectedArgs, toolCalls) {
  return validate(6, [toolName, expectedArgs, toolCalls])[0] === 1;
}
/** See index.d.ts. */
export function matchToolArgument(toolName, argName, expectedValue, toolCalls) {
  return validate(7, [toolName, argName, expectedValue, toolCalls])[0] === 1;
}
/** See index.d.ts. */
export function matchToolArgumentWith(toolName, argName, predicate, toolCalls) {
  if (typeof predicate !== "function") fail("INVALID_ARGUMENT", "predicate", "predicate must be a function");
  const candidates = validate(8, [toolName, argName, toolCalls]);
  for (const i of candidates) {
    if (predicate(toolCalls[i].arguments[argName])) return true;
  }
  return false;
}
