// mcp-matchers internals shared by the family modules (tool-calls.js, ...):
// the JSON crossing and errors. Not a public entry. Each family starts its
// own WebAssembly module (wasm/<family>.js) on import.
//
// Values are handed to the WebAssembly module as JSON text (the cheapest
// crossing there is); what comes back are index lists the family modules map
// onto the caller's own objects, or coded errors that become `MatcherError`s.
// No matching logic lives on the JS side.
//
// The modules are compiled synchronously from bytes inlined in this package,
// on the first call of one of their exports (errors.js guard), so every
// export is ready after a plain `import` (no init(), no .wasm URL) and an
// import compiles nothing it does not use.
import "./encoding.js"; // TextEncoder/TextDecoder where the environment lacks them (Jest jsdom)

// One UTF-8 buffer per call: the JSON texts joined by "\n" (JSON.stringify
// never emits a raw newline), so the crossing is one native encode and one copy.
const encoder = new TextEncoder();
const SCRATCH_MAX = 1 << 22; // larger payloads get a one-off buffer
let scratch = new Uint8Array(1 << 16);
/** The largest payload one call may hand over, in UTF-16 code units (32 Mi). */
export const MAX_PAYLOAD = 32 * 1024 * 1024;

/**
 * The method by which an `actual` argument of `evaluateToolCalls` judges
 * itself where it is kept (a `PromptResult` read by `fromTrace`, whose calls
 * stay in the trace module): `actual[EVALUATE_IN_PLACE](parts)` with `parts`
 * `[expected, options]` returns `{ indices, calls }` or `null` (then its
 * `getToolCalls()` cross as a list). A registered symbol, so that the copy of
 * this module inside `mcp-matchers/matchers` (scripts/bundle-matchers.mjs)
 * finds the method of a `PromptResult` made by the package root; no user
 * object has it by accident.
 */
export const EVALUATE_IN_PLACE = Symbol.for("mcp-matchers.evaluateInPlace");
/** Refuses `text` longer than MAX_PAYLOAD code units (UNSUPPORTED_VALUE at `path`). */
export function capped(text, path) {
  if (text.length > MAX_PAYLOAD) fail("UNSUPPORTED_VALUE", path, `input too large: ${text.length} characters (at most ${MAX_PAYLOAD} per call)`);
  return text;
}

/**
 * `JSON.stringify(v)` for the crossing, capped like every payload: a value
 * with no JSON form (a cycle, a nesting too deep for the JS stack, a BigInt,
 * a throwing toJSON) is `UNSUPPORTED_VALUE` at `path`. `undefined` for what
 * JSON.stringify leaves out (undefined, a function, a symbol).
 */
export function jsonText(v, path) {
  let text;
  try {
    text = JSON.stringify(v);
  } catch (e) {
    fail("UNSUPPORTED_VALUE", path, `the value has no JSON form (${e && e.message})`);
  }
  return text === undefined ? text : capped(text, path);
}

// `texts`: [json, extended, name?, raws?] per part; `name` labels a too-large
// part; `raws`: [path, string] pairs of strings taken out of the part's JSON
// (textBlocks), sent after the parts as their UTF-8 bytes (src/wasm/wire.rs).
export function payload(texts) {
  let ext = 0;
  let text = "";
  let total = 0;
  const raws = [];
  texts.forEach((t, i) => {
    total += t[0].length;
    for (const [path, s] of t[3] ?? []) {
      total += s.length;
      raws.push([i, path, s]);
    }
  });
  if (total > MAX_PAYLOAD) {
    const largest = texts.reduce((a, b) => (b[0].length > a[0].length ? b : a));
    fail("UNSUPPORTED_VALUE", largest[2] ?? "arguments", `input too large: ${total} characters of JSON (at most ${MAX_PAYLOAD} per call)`);
  }
  for (let i = 0; i < texts.length; i++) {
    if (texts[i][1]) ext |= 1 << i;
    text = i === 0 ? texts[0][0] : text + "\n" + texts[i][0];
  }
  if (raws.length > 0) return withRaws(text, ext, raws);
  const worst = text.length * 3;
  if (worst > SCRATCH_MAX) return [encoder.encode(text), ext];
  if (scratch.length < worst) scratch = new Uint8Array(Math.max(worst, scratch.length * 2));
  const { written } = encoder.encodeInto(text, scratch);
  return [scratch.subarray(0, written), ext];
}

// `parts 0x01 strings 0x01 table` (src/wasm/wire.rs RAW_STRINGS): each string
// encoded once, straight into the buffer.
function withRaws(text, ext, raws) {
  let worst = text.length * 3 + 2;
  for (const [, path, s] of raws) worst += s.length * 3 + JSON.stringify(path).length * 3 + 24;
  const buf = worst > SCRATCH_MAX ? new Uint8Array(worst) : scratch.length >= worst ? scratch : (scratch = new Uint8Array(Math.max(worst, scratch.length * 2)));
  const put = (s, at) => encoder.encodeInto(s, buf.subarray(at)).written;
  let at = put(text, 0);
  buf[at++] = 1;
  const table = [];
  for (const [i, path, s] of raws) {
    const n = put(s, at);
    at += n;
    table.push([i, path, n]);
  }
  buf[at++] = 1;
  at += put(JSON.stringify(table), at);
  return [buf.subarray(0, at), (ext | 0x80000000) >>> 0];
}

/** Text blocks at least this long cross out of band (textBlocks). */
const RAW_MIN = 4096;

/**
 * A CallToolResult whose text blocks are long, as `[copy, raws]`: the copy
 * with those blocks' `text` emptied (what JSON.stringify then writes is the
 * rest of the result, in the same key order) and `raws` the `[path, text]`
 * pairs, so the texts cross without a JSON.stringify of them (src/wasm/wire.rs).
 * `null` when the result is not such a plain object (own enumerable data
 * properties on plain prototypes, no toJSON, well-formed texts): then it
 * crosses as its JSON.stringify text, as before.
 */
export function textBlocks(v) {
  const data = (o, key) => {
    const d = Object.getOwnPropertyDescriptor(o, key);
    return d !== undefined && d.enumerable && "value" in d ? d.value : undefined;
  };
  const plainObject = (o) => o !== null && typeof o === "object" && Object.getPrototypeOf(o) === Object.prototype && o.toJSON === undefined;
  if (!plainObject(v)) return null;
  const content = data(v, "content");
  if (!Array.isArray(content) || Object.getPrototypeOf(content) !== Array.prototype || content.toJSON !== undefined) return null;
  let copy = null;
  const raws = [];
  for (let i = 0; i < content.length; i++) {
    const block = content[i];
    if (!plainObject(block)) continue;
    const text = data(block, "text");
    if (typeof text !== "string" || text.length < RAW_MIN || typeof text.isWellFormed !== "function" || !text.isWellFormed()) continue;
    copy ??= content.slice();
    copy[i] = { ...block, text: "" };
    raws.push([["content", i, "text"], text]);
  }
  return copy === null ? null : [{ ...v, content: copy }, raws];
}

// Errors live in errors.js (shared with the separately loaded schema module).
import { call, fail } from "./errors.js";
export { MatcherError, call, fail } from "./errors.js";

// ---- values to JSON text -------------------------------------------------
// Plain JSON data goes through JSON.stringify. Anything JSON cannot say
// (undefined, NaN, ±Infinity, Date, BigInt, functions, holes, cycles) is
// detected first and sent in the extended form read by src/wire.rs.

const MAX_FAST_DEPTH = 64;

export function isPlain(v, depth) {
  if (v === null) return true;
  switch (typeof v) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(v);
    case "object": {
      if (depth > MAX_FAST_DEPTH) return false;
      // JSON.stringify would call a toJSON (own, inherited or non-enumerable);
      // the references never do, so such values take the extended path.
      if (v.toJSON !== undefined) return false;
      const proto = Object.getPrototypeOf(v);
      if (Array.isArray(v)) {
        if (proto !== Array.prototype) return false;
        for (let i = 0; i < v.length; i++) if (!isPlain(v[i], depth + 1)) return false;
        return true;
      }
      if (proto !== Object.prototype && proto !== null) return false;
      for (const k in v) if (!isPlain(v[k], depth + 1)) return false;
      return true;
    }
    default:
      return false;
  }
}

const UNDEF = '{"\\u0000":"u"}';

/** Values nested deeper than this are refused (the wire reader stops at 128 levels). */
export const MAX_DEPTH = 100;

export function encodeExtended(v, path, stack) {
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
  if (stack.length >= MAX_DEPTH) fail("UNSUPPORTED_VALUE", path(), `value nested deeper than ${MAX_DEPTH} levels`);
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

// An options object read as the references read theirs (plain property
// reads: inherited values, getters and proxies count; a falsy value counts as
// no options), just the given keys. Functions and symbols, which JSON would
// drop silently, are outside every option's domain. Returns [text, extended, path].
export function encodeOptions(o, keys, path) {
  if (!o) return ["null", false, path];
  if (typeof o !== "object") fail("INVALID_ARGUMENT", path, `${path} must be an object, got ${typeof o}`);
  const read = {};
  for (const key of keys) {
    const v = o[key];
    if (typeof v === "function" || typeof v === "symbol") {
      fail("INVALID_OPTION", `${path}.${key}`, `${key} must not be a ${typeof v}`);
    }
    if (v !== undefined) read[key] = v;
  }
  return [encodeExtended(read, () => path, []), true, path];
}

// A tool-call list crosses as [names, arguments].
export function splitCalls(list, what) {
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

export function extendedCalls([names, args], what) {
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
export function encodeParts(parts) {
  const values = parts.map((p) => p[0]);
  if (isPlain(values, 0)) return [JSON.stringify(values), false];
  const texts = parts.map(([v, path, isCalls]) => (isCalls ? extendedCalls(v, path) : encodeExtended(v, () => path, [])));
  return [`[${texts.join(",")}]`, true];
}

export function encodeCalls(list, what) {
  const split = splitCalls(list, what);
  if (isPlain(split, 0)) return [JSON.stringify(split), false, what];
  return [extendedCalls(split, what), true, what];
}


