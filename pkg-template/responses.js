// Tool-response expectations of @gleanwork/mcp-server-tester@1.1.0
// (dist/index.js: normalizeToolResponse, extractText, validateResponse,
// validateText, validatePattern, validateError, validateSize, validateToolCalls,
// validateToolCallCount), over the Rust core.
//
// A response crosses as its JSON.stringify text: the reference's own JSON
// fallbacks print that text, so member order and number format carry over.

import {
  responses_check as wasmCheck,
  responses_extract as wasmExtract,
  responses_normalize as wasmNormalize,
  responses_sanitize as wasmSanitize,
  responses_snapshot as wasmSnapshot,
  responses_tools as wasmTools,
} from "./wasm/responses.js";
import { initSync as initResponses } from "./wasm/responses.js";
import { wasmBytes as bytesResponses } from "./wasm/responses_bytes.js";

// This family's own WebAssembly module, compiled synchronously from the inlined bytes.
initResponses({ module: bytesResponses() });
import { call, encodeParts, fail, payload } from "./internal.js";
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

// `args`: the check's other arguments as [value, path] pairs.
function check(kind, response, args, path = "response") {
  const texts = args.map(([v, p]) => encode(v, p, false));
  const [bytes] = payload([
    [encode(response, path, kind !== 0), false],
    [`[${texts.join(",")}]`, false],
  ]);
  return JSON.parse(call(() => wasmCheck(kind, bytes)));
}

/** See responses.d.ts. */
export function normalizeToolResponse(result) {
  const [bytes] = payload([[encode(result, "result", true), false]]);
  const n = JSON.parse(call(() => wasmNormalize(bytes)));
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
  const [bytes] = payload([[encode(response, "response", true), false]]);
  return call(() => wasmExtract(bytes));
}

/** See responses.d.ts. */
export function validateResponse(actual, expected) {
  return check(0, actual, [[expected, "expected"]], "actual");
}

/** See responses.d.ts. */
export function validateText(response, expected, options) {
  return check(1, response, [[expected, "expected"], [options, "options"]]);
}

/** See responses.d.ts. */
export function validatePattern(response, patterns, options) {
  const list = Array.isArray(patterns) ? patterns : [patterns];
  const wire = list.map((p, i) => {
    if (typeof p === "string") return p;
    if (p instanceof RegExp) return [p.source, p.flags];
    return fail("INVALID_ARGUMENT", `patterns[${i}]`, "a pattern must be a string or a RegExp");
  });
  return check(2, response, [[wire, "patterns"], [options, "options"]]);
}

/** See responses.d.ts. */
export function validateError(response, expected = true) {
  return check(3, response, [[expected, "expected"]]);
}

/** See responses.d.ts. */
export function validateSize(response, options) {
  return check(4, response, [[options, "options"]]);
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

function tools(kind, parts) {
  const [text, ext] = encodeParts(parts);
  const [bytes] = payload([[text, false, parts[1][1]]]);
  return JSON.parse(call(() => wasmTools(kind, bytes, ext ? 1 : 0)));
}

/** See responses.d.ts. */
export function validateToolCalls(response, expectation) {
  return tools(0, [
    [simulationCalls(response), "response.toolCalls"],
    [expectation, "expectation"],
    [argumentTexts(expectation), "expectation"],
  ]);
}

/** See responses.d.ts. */
export function validateToolCallCount(response, options) {
  const calls = simulationCalls(response);
  return tools(1, [
    [calls === null ? null : calls.length, "response.toolCalls"],
    [options === undefined ? null : options, "options"],
  ]);
}

/** See responses.d.ts. */
export const SnapshotSanitizers = Object.freeze({
  TIMESTAMP: "timestamp",
  UUID: "uuid",
  ISO_DATE: "iso-date",
  OBJECT_ID: "objectId",
  JWT: "jwt",
});

/** See responses.d.ts. */
export function applySanitizers(response, sanitizers) {
  const [bytes] = payload([
    [encode(response, "response", true), false],
    [encode(sanitizerWire(sanitizers), "sanitizers", false), false],
  ]);
  return call(() => wasmSanitize(bytes));
}

// A sanitizer list as it crosses: a RegExp pattern as [source, flags].
function sanitizerWire(sanitizers) {
  const list = sanitizers ?? [];
  if (!Array.isArray(list)) return list;
  return list.map((s) => (s !== null && typeof s === "object" && s.pattern instanceof RegExp ? { ...s, pattern: [s.pattern.source, s.pattern.flags] } : s));
}

/** See responses.d.ts. */
export function matchSnapshot(received, stored, sanitizers) {
  const [bytes] = payload([
    [encode(received, "received", true), false],
    [`[${encode(stored ?? null, "stored", false)},${encode(sanitizerWire(sanitizers), "sanitizers", false)}]`, false],
  ]);
  return JSON.parse(call(() => wasmSnapshot(bytes)));
}
