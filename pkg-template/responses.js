// Tool-response expectations of @gleanwork/mcp-server-tester@1.1.0
// (dist/index.js: normalizeToolResponse, extractText, validateResponse,
// validateText, validatePattern, validateError, validateSize), over the Rust core.
//
// A response crosses as its JSON.stringify text: the reference's own JSON
// fallbacks print that text, so member order and number format carry over.

import {
  responses_check as wasmCheck,
  responses_extract as wasmExtract,
  responses_normalize as wasmNormalize,
} from "./wasm/mcp_matchers.js";
import { call, fail, payload } from "./internal.js";

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
