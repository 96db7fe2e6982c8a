// Differential test of the tool-response checks: mcp-matchers (pkg/index.js)
// against @gleanwork/mcp-server-tester@1.1.0, on the 53 recorded
// CallToolResults of tests/fixtures/responses/ (see its SOURCES.md) and on
// generated inputs.
//
//   node --test tests/js/responses.test.mjs
//   RESP_SEED=7 RESP_CASES=20000 node --test tests/js/responses.test.mjs
//
// Compared where both define the same thing: normalizeToolResponse,
// extractText, validateText, validatePattern (patterns both engines accept;
// `^`/`$` only on one-line texts), validateError, and validateSize on string
// responses. Every deliberate difference (README compatibility table) is a
// "difference:" test that pins our value and shows the reference's.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import * as ref from "@gleanwork/mcp-server-tester";
import * as ours from "../../pkg/index.js";
import { int, pick, rng } from "./prng.mjs";

const DIR = new URL("../fixtures/responses/", import.meta.url);
const SEED = Number(process.env.RESP_SEED ?? 0x5eed2026) >>> 0;
const CASES = Number(process.env.RESP_CASES ?? 5000);

function fixtures() {
  const out = [];
  for (const dir of ["everything", "filesystem"]) {
    for (const name of readdirSync(new URL(`${dir}/`, DIR)).sort()) {
      if (name.endsWith(".result.json")) {
        out.push([`${dir}/${name}`, JSON.parse(readFileSync(new URL(`${dir}/${name}`, DIR), "utf8"))]);
      }
    }
  }
  const stream = JSON.parse(readFileSync(new URL("everything/simulate-research-query.task-stream.json", DIR), "utf8"));
  out.push(["everything/simulate-research-query.task-stream.json (final result)", stream.messages.at(-1).result]);
  return out;
}
const FIXTURES = fixtures();

// The result both return, as JSON (undefined members dropped: the reference
// writes `minBytes: undefined` where we leave the key out).
const plain = (v) => JSON.parse(JSON.stringify(v));
function same(name, fn, args) {
  const want = plain(ref[fn](...args));
  const got = plain(ours[fn](...args));
  assert.deepStrictEqual(got, want, `${name}: ${fn}(${JSON.stringify(args).slice(0, 300)})`);
}

// ---- seeded generators ------------------------------------------------------


const CHARS = [..."abcXYZ019 _-:./\n\t{}\"\\é É ö Ö — 日 😀", "Echo", "error", "ENOENT", "\r\n"];
function genString(r, max = 12) {
  let s = "";
  for (let i = int(r, max); i > 0; i--) s += pick(r, CHARS);
  return s;
}
function genValue(r, depth = 0) {
  switch (int(r, depth > 2 ? 5 : 7)) {
    case 0:
      return null;
    case 1:
      return r() < 0.5;
    case 2:
      return pick(r, [0, 1, -7, 2.5, 1e21, 1.5e-7, 36, 82]);
    case 3:
    case 4:
      return genString(r);
    case 5:
      return Array.from({ length: int(r, 3) }, () => genValue(r, depth + 1));
    default: {
      const o = {};
      for (let i = int(r, 3); i > 0; i--) o[pick(r, ["b", "a", "type", "text", "z", "1"])] = genValue(r, depth + 1);
      return o;
    }
  }
}
function genBlock(r) {
  switch (int(r, 8)) {
    case 0:
      return pick(r, [null, 3, "text", [1]]);
    case 1:
      return { type: "image", data: "iVBOR", mimeType: "image/png" };
    case 2:
      return { name: "n", uri: "demo://x", mimeType: "text/plain", type: "resource_link" };
    case 3:
      return { type: "resource", resource: { uri: "demo://y", text: genString(r) } };
    case 4:
      return { text: genString(r), type: pick(r, [7, "note", undefined]) };
    case 5:
      return { type: "text", text: pick(r, [genString(r), 5, null]), data: pick(r, [undefined, null, 0]) };
    default:
      return { type: "text", text: genString(r) };
  }
}
function genResponse(r) {
  const k = int(r, 10);
  if (k === 0) return pick(r, [null, undefined, genString(r), 42, true, 2.5]);
  if (k === 1) return Array.from({ length: int(r, 4) }, () => genBlock(r));
  if (k === 2) {
    const o = {};
    if (r() < 0.5) o.content = genString(r);
    if (r() < 0.5) o.structuredContent = genValue(r);
    if (r() < 0.5) o.text = pick(r, [genString(r), 1]);
    if (r() < 0.3) o.z = genValue(r);
    return o;
  }
  const res = { content: Array.from({ length: int(r, 4) }, () => genBlock(r)) };
  if (r() < 0.4) res.structuredContent = genValue(r);
  if (r() < 0.4) res.isError = pick(r, [true, false, null, "yes"]);
  return res;
}

// Patterns both engines run alike: literals, classes, \d \w \s, `.`,
// quantifiers, groups, alternation (anchors are added only for one-line texts).
function genPattern(r, depth = 0) {
  const atoms = ["a", "b", "E", "é", "o", "x", "1", "\\d", "\\w", "\\s", "\\.", ".", "[a-c]", "[^a]", "[éÉ]", "\\{", "-", ":", " "];
  let out = "";
  for (let i = 1 + int(r, 3); i > 0; i--) {
    // Groups are never repeated: nested repetition backtracks exponentially in JS.
    if (depth < 2 && r() < 0.2) out += `(${genPattern(r, depth + 1)}|${genPattern(r, depth + 1)})${pick(r, ["", "?"])}`;
    else out += pick(r, atoms) + pick(r, ["", "", "", "?", "*", "+", "{1,2}", "+?"]);
  }
  return out;
}

// ---- the fixtures -----------------------------------------------------------

test("53 recorded results: normalizeToolResponse and extractText as the reference", () => {
  assert.equal(FIXTURES.length, 53);
  for (const [name, r] of FIXTURES) {
    const got = ours.normalizeToolResponse(r);
    assert.deepStrictEqual(got, ref.normalizeToolResponse(r), name);
    assert.equal(got.raw, r);
    assert.equal(ours.extractText(r), ref.extractText(r), name);
    assert.equal(ours.extractText(r.content), ref.extractText(r.content), `${name} (content array)`);
    assert.equal(ours.extractText(got), ref.extractText(got), `${name} (normalized)`);
  }
});

test("53 recorded results: validateText, validatePattern, validateError as the reference", () => {
  for (const [name, r] of FIXTURES) {
    const text = ref.extractText(r);
    const words = text.split(/\s+/).filter(Boolean);
    const some = [words[0] ?? "", words.at(-1) ?? "", "not in any fixture", (words[1] ?? "x").toUpperCase()];
    for (const caseSensitive of [true, false, undefined]) {
      same(name, "validateText", [r, some, { caseSensitive }]);
      same(name, "validateText", [r, some[0], { caseSensitive }]);
    }
    // Unanchored patterns (the anchors differ on purpose: see the differences below).
    const escaped = (w) => w.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    const patterns = [escaped(some[0]), `${escaped(some[1])}\\s*`, "\\d{2,}", /ENOENT|denied/, /error/i, "[A-Z][a-z]+:"];
    for (const caseSensitive of [true, false]) {
      // A word of thousands of characters (a whole image's base64) with \s*
      // after it, or under `i` (a chain of case classes), is past the
      // automaton limit: a documented refusal, not a verdict. As plain text
      // it is a substring search, of any length.
      if (patterns.some((p) => typeof p === "string" && p.length > 1000)) {
        assert.throws(
          () => ours.validatePattern(r, patterns, { caseSensitive }),
          (e) => e.code === "INVALID_ARGUMENT" && /^patterns\[[01]\]$/.test(e.path) && /more than 2000 automaton states/.test(e.message),
        );
        same(name, "validatePattern", [r, [patterns[0]], { caseSensitive: true }]);
        continue;
      }
      same(name, "validatePattern", [r, patterns, { caseSensitive }]);
    }
    for (const expected of [true, false, "not found", ["ENOENT", "denied", "error"], "MCP ERROR"]) {
      same(name, "validateError", [r, expected]);
    }
    same(name, "validateError", [r]);
    // Sizes agree on the extracted text as a string response.
    for (const options of [{ maxBytes: 100 }, { minBytes: 50 }, { minBytes: 10, maxBytes: 2000 }]) {
      same(name, "validateSize", [text, options]);
    }
  }
});

// ---- generated inputs ---------------------------------------------------------

test(`generated: extractText, normalizeToolResponse, validateText, validateError (${CASES} cases, seed ${SEED})`, () => {
  const r = rng(SEED);
  for (let i = 0; i < CASES; i++) {
    const resp = genResponse(r);
    const name = `case ${i}`;
    assert.equal(ours.extractText(resp), ref.extractText(resp), `${name}: extractText(${JSON.stringify(resp)})`);
    if (resp !== null && resp !== undefined) {
      assert.deepStrictEqual(plain(ours.normalizeToolResponse(resp)), plain(ref.normalizeToolResponse(resp)), name);
    }
    const text = ref.extractText(resp);
    const chars = Array.from(text); // whole code points: no lone surrogates
    const at = int(r, chars.length + 1);
    const subs = [genString(r, 4), chars.slice(at, at + 1 + int(r, 4)).join("")];
    same(name, "validateText", [resp, r() < 0.5 ? subs : subs[1], { caseSensitive: r() < 0.5 }]);
    const expected = pick(r, [true, false, genString(r, 3), [genString(r, 3), subs[1] || "x"]]);
    if (!(Array.isArray(expected) && expected.length === 0)) same(name, "validateError", [resp, expected]);
  }
});

test(`generated: validatePattern on patterns both engines accept (${CASES} cases)`, () => {
  const r = rng(SEED ^ 0x9e3779b9);
  for (let i = 0; i < CASES; i++) {
    const resp = genResponse(r);
    const text = ref.extractText(resp);
    let source = genPattern(r);
    if (!/[\n\r\u2028\u2029]/.test(text)) {
      if (r() < 0.2) source = `^${source}`;
      if (r() < 0.2) source = `${source}$`;
    }
    const flags = pick(r, ["", "i", "s", "is"]);
    const pattern = r() < 0.5 ? new RegExp(source, flags) : source;
    same(`case ${i}`, "validatePattern", [resp, [pattern], { caseSensitive: r() < 0.7 }]);
  }
});

test(`generated: validateSize on string responses (${CASES} cases)`, () => {
  const r = rng(SEED ^ 0x85ebca6b);
  for (let i = 0; i < CASES; i++) {
    const s = genString(r, 40).repeat(1 + int(r, 200));
    const n = Buffer.byteLength(s);
    const bound = () => pick(r, [0, n - 1, n, n + 1, 1024, 1280, 1048576, 1.5, Math.floor(n * r())]);
    const options = pick(r, [{ minBytes: bound() }, { maxBytes: bound() }, { minBytes: bound(), maxBytes: bound() }, {}]);
    same(`case ${i}`, "validateSize", [s, options]);
  }
});

// ---- deliberate differences (README compatibility table), pinned ----------------

const load = (p) => FIXTURES.find(([name]) => name === p)[1];

test("difference: validateResponse ignores key order and compares numbers by value", () => {
  const sc = load("everything/get-structured-content.result.json").structuredContent;
  const reordered = { humidity: 82, temperature: 36, conditions: "Light rain / drizzle" };
  assert.equal(ref.validateResponse(sc, reordered).pass, false);
  assert.deepStrictEqual(ours.validateResponse(sc, reordered), { pass: true, message: "Response matches expected value" });
  // Equal pretty-printed texts of different JSON values pass in the reference only.
  for (const [actual, expected] of [["1", 1], ["true", true], [null, ""], ['{\n  "a": 1\n}', { a: 1 }]]) {
    assert.equal(ref.validateResponse(actual, expected).pass, true);
    assert.equal(ours.validateResponse(actual, expected).pass, false);
  }
  // Where both fail, details are the reference's.
  const other = { ...sc, humidity: 81 };
  same("details", "validateResponse", [sc, other]);
});

test("difference: ^ and $ match at line starts and ends (the seed's multiline promise)", () => {
  const tiny = load("everything/get-tiny-image.result.json");
  const patterns = ["^The image above", "requested:$"];
  assert.equal(ref.validatePattern(tiny, patterns).pass, false);
  assert.deepStrictEqual(ours.validatePattern(tiny, patterns), { pass: true, message: "Response matches all 2 patterns" });
});

test("difference: a pattern no linear-time engine can run throws a coded error", () => {
  const echo = load("everything/echo.result.json");
  for (const [pattern, word] of [
    ["(?<=Echo: )Hello", "look-behind"],
    [/Hello(?= from)/, "look-ahead"],
    ["(l)\\1", "back-reference"],
    [/\p{L}/u, "Unicode property"],
  ]) {
    assert.equal(ref.validatePattern(echo, [pattern]).pass, true);
    assert.throws(
      () => ours.validatePattern(echo, ["Echo", pattern]),
      (e) => e.name === "MatcherError" && e.code === "INVALID_ARGUMENT" && e.path === "patterns[1]" && e.message.includes(word),
    );
  }
});

test("difference: a RegExp with the g flag gives the same verdict on every call", () => {
  const echo = load("everything/echo.result.json");
  const g = /Hello/g;
  assert.deepStrictEqual([ref.validatePattern(echo, g).pass, ref.validatePattern(echo, g).pass], [true, false]);
  const h = /Hello/g;
  assert.deepStrictEqual([ours.validatePattern(echo, h).pass, ours.validatePattern(echo, h).pass], [true, true]);
});

test("difference: validateSize measures the UTF-8 bytes of the extracted text", () => {
  const unicode = load("everything/echo-unicode.result.json");
  const options = { maxBytes: 61 };
  // The reference counts JSON.stringify(result, null, 2): 163 bytes here.
  assert.equal(ref.getResponseSizeBytes(unicode), Buffer.byteLength(JSON.stringify(unicode, null, 2)));
  assert.equal(ref.validateSize(unicode, options).pass, false);
  assert.deepStrictEqual(ours.validateSize(unicode, options), {
    pass: true,
    message: "Response size (61 bytes) is within bounds",
    details: { actualBytes: 61 },
  });
});

test("difference: malformed arguments throw MatcherError instead of coercing", () => {
  const echo = load("everything/echo.result.json");
  const code = (fn, c, path) => assert.throws(fn, (e) => e.code === c && e.path === path);
  code(() => ours.validateError(echo, []), "INVALID_ARGUMENT", "expected");
  code(() => ours.validateSize(echo, { maxBytes: "100" }), "INVALID_ARGUMENT", "options.maxBytes");
  code(() => ours.validateSize(echo, { maxBytes: Infinity }), "INVALID_ARGUMENT", "options.maxBytes");
  // NaN and Infinity reach the core as themselves (not as JSON's null) and are named in the message.
  assert.throws(() => ours.validateSize(echo, { maxBytes: NaN }), { code: "INVALID_ARGUMENT", path: "options.maxBytes", message: "maxBytes must be a finite number of bytes, got NaN (at options.maxBytes)" });
  assert.throws(() => ours.validateSize(echo, { minBytes: -Infinity }), { code: "INVALID_ARGUMENT", path: "options.minBytes", message: "minBytes must be a finite number of bytes, got -Infinity (at options.minBytes)" });
  assert.throws(() => ours.validateText(echo, "Echo", { caseSensitive: NaN }), { code: "INVALID_OPTION", path: "options.caseSensitive", message: "caseSensitive must be a boolean, got NaN (at options.caseSensitive)" });
  code(() => ours.validateSize(echo), "INVALID_ARGUMENT", "options");
  code(() => ours.validateText(echo, ["Echo", 5]), "INVALID_ARGUMENT", "expected[1]");
  code(() => ours.validateText(echo, "Echo", { caseSensitive: "no" }), "INVALID_OPTION", "options.caseSensitive");
  code(() => ours.validatePattern(echo, [{}]), "INVALID_ARGUMENT", "patterns[0]");
  code(() => ours.normalizeToolResponse(null), "INVALID_ARGUMENT", "result");
  const cyclic = { content: [] };
  cyclic.self = cyclic;
  code(() => ours.extractText(cyclic), "UNSUPPORTED_VALUE", "response");
  // The reference's answers for the same calls.
  assert.equal(ref.validateError(echo, []).message, 'Expected an error containing "undefined" but got success');
  assert.equal(ref.validateSize(echo, { maxBytes: "1000" }).pass, true);
  assert.equal(ref.validateText(echo, "echo", { caseSensitive: "no" }).pass, false); // "no" is truthy: case-sensitive
  assert.equal(ref.extractText(cyclic), "");
  // The module keeps working after errors.
  assert.equal(ours.validateText(echo, "Echo").pass, true);
});

test("difference: an astral character is one character; a preview never ends in half of one", () => {
  // JS without the u flag sees "😀" as two UTF-16 units.
  assert.equal(ref.validatePattern("😀", "^.$").pass, false);
  assert.equal(ours.validatePattern("😀", "^.$").pass, true);
  const text = "a".repeat(199) + "😀 tail";
  const refPreview = ref.validateText(text, "missing").details.textPreview;
  assert.equal(refPreview, "a".repeat(199) + "\ud83d... (truncated)");
  const ourDetails = ours.validateText(text, "missing").details;
  assert.equal(ourDetails.textPreview, "a".repeat(199) + "... (truncated)");
  assert.equal(ourDetails.textLength, text.length); // still counted in UTF-16 units, as the reference
});

test("ReDoS: (a+)+$ on 100 KB of `a` then `!` finishes quickly", () => {
  const text = "a".repeat(100_000) + "!";
  const start = performance.now();
  const r = ours.validatePattern(text, "(a+)+$");
  const ms = performance.now() - start;
  assert.equal(r.pass, false);
  assert.ok(ms < 1000, `took ${ms.toFixed(0)} ms`);
  // (JS RegExp on the same input backtracks exponentially; not run here.)
});
