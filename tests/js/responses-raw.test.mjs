// A CallToolResult's long text blocks cross into WebAssembly out of band (as
// their UTF-8 bytes after the JSON of the rest, src/wasm/wire.rs RAW_STRINGS;
// issue 13 item 4, "text without a detour"). What the checks answer must not
// change: each case is judged by @gleanwork/mcp-server-tester@1.1.0 beside
// ours (differential), on long texts that hold what JSON escapes (quotes,
// backslashes, newlines, U+0001, NUL), non-ASCII and astral characters,
// mixed with short blocks and images; and on the results that must keep
// crossing as JSON (a getter, a class instance). A long text with a lone
// surrogate keeps its refusal (README compatibility table: UTF-8 cannot carry it).
//
//   node --test tests/js/responses-raw.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import * as ref from "@gleanwork/mcp-server-tester";
import * as ours from "../../pkg/responses.js";

// Long texts (past the 4,096-character threshold) with what JSON must escape.
const long = (seed, n = 6000) => {
  const pieces = [`line ${seed}\n`, 'say "hi" \\ back', "\u0001ctl\u0000nul\t", "héllo wörld ", "emoji 😀 ", "日本語 ", "ERROR: disk full "];
  let s = "";
  for (let i = 0; s.length < n; i++) s += pieces[(i * 7 + seed) % pieces.length] + i;
  return s;
};

const RESULTS = {
  "one long block": { content: [{ type: "text", text: long(1) }] },
  "long and short blocks, an image between": {
    content: [
      { type: "text", text: "short first" },
      { type: "image", data: "aGVsbG8=", mimeType: "image/png" },
      { type: "text", text: long(2) },
      { type: "text", text: long(3, 9000) },
    ],
    structuredContent: { ok: true },
  },
  "an error result with a long text": { content: [{ type: "text", text: `ENOENT ${long(4)}` }], isError: true },
  "keys in an unusual order, extra keys on the block": { isError: false, content: [{ text: long(5), annotations: { audience: ["user"] }, type: "text" }], _meta: { id: 7 } },
  "a text behind a getter (crosses as JSON)": {
    content: [
      Object.defineProperty({ type: "text" }, "text", { enumerable: true, get: () => long(7) }),
    ],
  },
  "a block of a class (crosses as JSON)": { content: [new (class Block { constructor() { this.type = "text"; this.text = long(8); } })()] },
};

const QUESTIONS = [
  ["validateText", (m, r) => m.validateText(r, ["ERROR: disk full", "😀", "\u0001ctl", 'say "hi"', "absent text"])],
  ["validateText (case-insensitive)", (m, r) => m.validateText(r, ["HÉLLO", "line"], { caseSensitive: false })],
  ["validatePattern", (m, r) => m.validatePattern(r, [/disk\s+full/, /^line \d+$/m, /nothing like this/])],
  ["extractText", (m, r) => m.extractText(r)],
  ["normalizeToolResponse", (m, r) => m.normalizeToolResponse(r)],
  ["validateError", (m, r) => m.validateError(r, ["enoent", "disk"])],
];

// The outcome as the reference reports it (pass and message; values for the others).
const outcome = (v) => (v !== null && typeof v === "object" && "pass" in v ? { pass: v.pass, message: v.message } : v);

for (const [label, result] of Object.entries(RESULTS)) {
  test(`a CallToolResult with ${label}: every text check answers as the reference`, () => {
    for (const [name, ask] of QUESTIONS) {
      const expected = outcome(ask(ref, result));
      const got = outcome(ask(ours, result));
      if (name === "normalizeToolResponse") {
        // Ours keeps the reference's fields; compare those (text, isError, blocks' type and text).
        assert.equal(got.text, expected.text, `${name} text`);
        assert.equal(got.isError, expected.isError, `${name} isError`);
        assert.deepEqual(
          got.contentBlocks.map((b) => [b.type, b.text]),
          expected.contentBlocks.map((b) => [b.type, b.text]),
          `${name} blocks`,
        );
      } else {
        assert.deepEqual(got, expected, name);
      }
    }
  });
}

test("the caller's result is not changed by being sent", () => {
  const result = RESULTS["long and short blocks, an image between"];
  const before = JSON.stringify(result);
  ours.validateText(result, "line");
  assert.equal(JSON.stringify(result), before);
  assert.equal(result.content[2].text.length > 4096, true);
});

test("a long text with a lone surrogate is refused as before (it never crosses out of band)", () => {
  const result = { content: [{ type: "text", text: long(6) + "\ud800 end" }] };
  assert.throws(() => ours.validateText(result, "end"), { name: "MatcherError", code: "UNSUPPORTED_VALUE", path: "response" });
});

// validateText leaves the long texts in JavaScript and searches them there
// (src/wasm/wire.rs HOST_STRINGS): the whole result, details included
// (textLength, textPreview), is the reference's, on one and several long
// blocks, past the 256 texts one call leaves in JavaScript (the rest cross
// as bytes), and under toLowerCase's special cases (İ, final sigma).
test("validateText on texts left in JavaScript: the reference's whole result", () => {
  const many = { content: Array.from({ length: 300 }, (_, i) => ({ type: "text", text: long(i, 4100) })) };
  const special = { content: [{ type: "text", text: `${long(9)} İstanbul ΟΔΟΣ ΣΑΣ end` }, { type: "text", text: "tail" }] };
  const cases = [
    [RESULTS["one long block"], ["ERROR: disk full", "absent"], undefined],
    [RESULTS["long and short blocks, an image between"], ["short first\nline", "nope", "\u0000nul"], undefined],
    [RESULTS["long and short blocks, an image between"], ["SHORT FIRST", "HÉLLO WÖRLD"], { caseSensitive: false }],
    [many, ["line 299", "line 300"], undefined],
    [special, ["i̇stanbul", "οδος", "σας end", "end\ntail", "ς"], { caseSensitive: false }],
    [special, ["", "İstanbul"], { caseSensitive: true }],
  ];
  for (const [result, expected, options] of cases) {
    assert.deepEqual(ours.validateText(result, expected, options), ref.validateText(result, expected, options), JSON.stringify(expected));
  }
});

// Past the 256 texts one call leaves in JavaScript, the others cross as bytes
// beside them: a result of 257 blocks of 200,001 characters (51 Mi in all, past
// the 32 Mi one call may send) is answered as the reference answers it, not
// refused (a new user's finding).
test("more than 256 long blocks: the first stay in JavaScript, the rest cross, none refused", () => {
  const a = "a".repeat(200_000);
  const result = { content: Array.from({ length: 257 }, (_, i) => ({ type: "text", text: `B${i}${a}` })) };
  for (const expected of ["B256a", "B255a", "Bnone"]) {
    assert.deepEqual(ours.validateText(result, expected), ref.validateText(result, expected), expected);
  }
  assert.equal(ours.extractText(result), ref.extractText(result));
});
