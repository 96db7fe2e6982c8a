// Tool-response expectations of @gleanwork/mcp-server-tester@1.1.0
// (dist/index.js: normalizeToolResponse, extractText, validateResponse,
// validateText, validatePattern, validateError, validateSize, validateToolCalls,
// validateToolCallCount), over the Rust core.
//
// A response crosses as its JSON.stringify text: the reference's own JSON
// fallbacks print that text, so member order and number format carry over.

import { wasm as responsesWasm } from "./responses-wasm.js";
// The core's tables, read from the module at build time (scripts/core-constants.mjs).
import { constants } from "./responses-constants.js";
const {
  applySanitizers: wasmApplySanitizers,
  extractText: wasmExtractText,
  getResponseSizeBytes: wasmResponseSize,
  normalizeWhitespace: wasmNormalizeWhitespace,
  matchSnapshot: wasmMatchSnapshot,
  normalizeToolResponse: wasmNormalize,
  validateError: wasmValidateError,
  validatePattern: wasmValidatePattern,
  validateResponse: wasmValidateResponse,
  validateSize: wasmValidateSize,
  validateText: wasmValidateText,
  validateToolCallCount: wasmValidateToolCallCount,
  validateToolCalls: wasmValidateToolCalls,
} = responsesWasm;
// This family's own WebAssembly module, started by responses-wasm.js (shared with evals.js and schema-core.js).
import { run } from "./responses-wasm.js";
import { call, encodeExtended, fail, isPlain, payload, textBlocks } from "./internal.js";
export { MatcherError } from "./errors.js";

// JSON text of a value. `asText`: a top-level value JSON cannot say is sent as
// the string `String(v)` gives (what extractText returns for it).
function encode(v, path, asText) {
  if (asText && ((typeof v === "number" && !Number.isFinite(v)) || typeof v === "bigint")) {
    return JSON.stringify(String(v));
  }
  let text;
  try {
    text = JSON.stringify(v);
  } catch (e) {
    fail("UNSUPPORTED_VALUE", path, `the value has no JSON form (${e && e.message})`);
  }
  return text === undefined ? "null" : text;
}

// One crossing for every export (responses-wasm.js run): each argument as
// [JSON text, extended, path] joined into one payload (internal.js). A
// response goes as its JSON.stringify text (what the reference prints);
// `asText` as above.
const plain = (v, path, asText = false) => [encode(v, path, asText), false, path];
// A response whose text the check reads: a CallToolResult's long text blocks
// cross out of band, without a JSON.stringify of them (internal.js textBlocks).
function textual(response, path) {
  const split = textBlocks(response);
  return split === null ? plain(response, path, true) : [encode(split[0], path, true), false, path, split[1]];
}
// A value that may hold what JSON cannot say (undefined, NaN, Date, ...): the extended form.
const value = (v, path) => (isPlain(v, 0) ? [JSON.stringify(v) ?? "null", false, path] : [encodeExtended(v, () => path, []), true, path]);

/** See responses.d.ts. */
export function normalizeToolResponse(result) {
  const n = JSON.parse(run(wasmNormalize, [textual(result, "result")]));
  const contentBlocks = n.blocks.map(([index, type, text, mimeType, hasData]) => {
    const block = { type };
    if (text !== null) block.text = text;
    if (hasData) block.data = result.content[index].data;
    if (mimeType !== null) block.mimeType = mimeType;
    return block;
  });
  return {
    text: n.text,
    raw: result,
    isError: n.isError,
    contentBlocks,
    structuredContent: n.structured ? result.structuredContent : null,
  };
}

/** See responses.d.ts. */
export function extractText(response) {
  const hosted = inJs(response);
  if (hosted === null) return run(wasmExtractText, [textual(response, "response")]);
  const [part, host] = hosted;
  const out = runHosted(wasmExtractText, [part], host);
  // The core composed the text where its long blocks are (host.text), or returned it.
  return host.composed ? host.text : out;
}

/** See responses.d.ts. */
export function validateResponse(actual, expected) {
  return JSON.parse(run(wasmValidateResponse, [plain(actual, "actual"), plain(expected, "expected")]));
}

// The long text blocks of one validateText or extractText call, left where
// they are: the core composes the text it reads from them here and searches it
// by String#includes, as the reference does (src/wasm/responses.rs HostTexts,
// src/wasm/wire.rs HOST_STRINGS). Nothing here decides a verdict.
class HostTexts {
  constructor(texts) {
    this.texts = texts;
    this.text = "";
    this.lower = null;
    this.composed = false;
  }

  compose(pieces) {
    let s = "";
    for (const p of pieces) s += typeof p === "number" ? this.texts[p] : p;
    this.text = s;
    this.lower = null;
    this.composed = true;
    return s.length;
  }

  includes(needle, fold) {
    if (!fold) return this.text.includes(needle);
    this.lower ??= this.text.toLowerCase();
    return this.lower.includes(needle.toLowerCase());
  }

  head(units) {
    return this.text.slice(0, units);
  }
}
/** Bit 30 of a payload's `ext`: its out-of-band strings stayed in JavaScript (src/wasm/wire.rs HOST_STRINGS). */
const HOST_STRINGS = 1 << 30;
/** The most texts one call leaves in JavaScript, the first ones (src/wasm/wire.rs MAX_HOST_STRINGS); the others cross as bytes. */
const MAX_HOST_STRINGS = 256;

// A CallToolResult whose long text blocks can stay in JavaScript, as
// `[part, host]`: the part with the first MAX_HOST_STRINGS of those blocks'
// text emptied (their paths in its table; any others cross as bytes) and the
// holder of the texts; `null` when it must cross as `textual` sends it.
function inJs(response) {
  const split = textBlocks(response);
  if (split === null) return null;
  const [copy, raws] = split;
  const kept = raws.slice(0, MAX_HOST_STRINGS);
  const table = raws.map(([path, text], i) => [path, i < MAX_HOST_STRINGS ? "" : text]);
  return [[encode(copy, "response", true), false, "response", table], new HostTexts(kept.map(([, text]) => text))];
}

// Calls a responses export whose first part left texts in `host`.
function runHosted(exported, parts, host) {
  const [bytes, ext] = payload(parts);
  return call(() => exported(bytes, (ext | HOST_STRINGS) >>> 0, host));
}

/** See responses.d.ts. */
export function validateText(response, expected, options) {
  const rest = [plain(expected, "expected"), value(options, "options")];
  const hosted = inJs(response);
  if (hosted === null) return JSON.parse(run(wasmValidateText, [textual(response, "response"), ...rest]));
  return JSON.parse(runHosted(wasmValidateText, [hosted[0], ...rest], hosted[1]));
}

/** See responses.d.ts. */
export function validatePattern(response, patterns, options) {
  const list = Array.isArray(patterns) ? patterns : [patterns];
  const wire = list.map((p, i) => {
    if (typeof p === "string") return p;
    if (p instanceof RegExp) return [p.source, p.flags];
    return fail("INVALID_ARGUMENT", `patterns[${i}]`, "a pattern must be a string or a RegExp");
  });
  return JSON.parse(run(wasmValidatePattern, [textual(response, "response"), plain(wire, "patterns"), value(options, "options")]));
}

/** See responses.d.ts. */
export function validateError(response, expected = true) {
  return JSON.parse(run(wasmValidateError, [textual(response, "response"), plain(expected, "expected")]));
}

/** See responses.d.ts. */
export function getResponseSizeBytes(response) {
  // What the core reads: the value's kind (a string is measured as itself, anything else as its JSON text).
  const kind = response === null ? "null" : typeof response;
  const wire = kind === "function" || kind === "symbol" || kind === "undefined" ? null : response;
  return JSON.parse(run(wasmResponseSize, [plain(kind, "kind"), plain(wire, "response")]));
}

/** See responses.d.ts. */
export function normalizeWhitespace(text) {
  return run(wasmNormalizeWhitespace, [plain(text, "text")]);
}

/** See responses.d.ts. */
export function validateSize(response, options) {
  return JSON.parse(run(wasmValidateSize, [plain(response, "response", true), value(options, "options")]));
}

// The reference's `isSimulationResult`: only `toolCalls` of such a response
// crosses (the rest of a simulation result is never read).
function simulationCalls(r) {
  const ok = r !== null && typeof r === "object" && "success" in r && "toolCalls" in r && Array.isArray(r.toolCalls);
  return ok ? r.toolCalls : null;
}

// `JSON.stringify(calls[i].arguments)`, which the reference prints in messages.
function argumentTexts(expectation) {
  const calls = expectation !== null && typeof expectation === "object" && Array.isArray(expectation.calls) ? expectation.calls : [];
  return calls.map((c) => {
    try {
      return (c !== null && typeof c === "object" && JSON.stringify(c.arguments)) || null;
    } catch {
      return null;
    }
  });
}

/** See responses.d.ts. */
export function validateToolCalls(response, expectation) {
  return JSON.parse(
    run(wasmValidateToolCalls, [
      value(simulationCalls(response), "response.toolCalls"),
      value(expectation, "expectation"),
      value(argumentTexts(expectation), "expectation"),
    ]),
  );
}

/** See responses.d.ts. */
export function validateToolCallCount(response, options) {
  const calls = simulationCalls(response);
  return JSON.parse(
    run(wasmValidateToolCallCount, [value(calls === null ? null : calls.length, "response.toolCalls"), value(options === undefined ? null : options, "options")]),
  );
}

/** See responses.d.ts: the core's table (src/responses/sanitize.rs BUILT_IN_SANITIZERS). */
export const SnapshotSanitizers = Object.freeze(Object.fromEntries(constants.sanitizers));

/** See responses.d.ts. */
export function applySanitizers(response, sanitizers) {
  return run(wasmApplySanitizers, [plain(response, "response", true), plain(sanitizerWire(sanitizers), "sanitizers")]);
}

// A sanitizer list as it crosses: a RegExp pattern as [source, flags].
function sanitizerWire(sanitizers) {
  const list = sanitizers ?? [];
  if (!Array.isArray(list)) return list;
  return list.map((s) => (s !== null && typeof s === "object" && s.pattern instanceof RegExp ? { ...s, pattern: [s.pattern.source, s.pattern.flags] } : s));
}

/** See responses.d.ts. */
export function matchSnapshot(received, stored, sanitizers) {
  return JSON.parse(
    run(wasmMatchSnapshot, [plain(received, "received", true), plain(stored ?? null, "stored"), plain(sanitizerWire(sanitizers), "sanitizers")]),
  );
}
