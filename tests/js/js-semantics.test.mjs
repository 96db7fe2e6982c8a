// The crate's one JavaScript layer (src/js/) against V8 itself, in the same
// Node process: every expected value is what V8 answers here, never our own
// output.
//   - RegExp: the transcript matchers (toHaveRun, toHaveCalledTool,
//     toHaveCalledTimes, toHaveCalledInOrder) against
//     `new RegExp(source, flags).test(text)`, and validatePattern against the
//     same with the `m` flag added (its documented always-multiline rule), on
//     a table of hand-picked cases and on seeded random patterns from a safe
//     grammar. Patterns refused by design are counted, and must contain one
//     of the documented constructs.
//   - Numbers: String(x) and x.toFixed(1) / x.toFixed(2) through exports
//     that print numbers (trajectoryF1, validateSize, validateJudge), on the
//     doubles whose JSON text the boundary reads exactly; every other double
//     (random bit patterns, subnormals, …) is checked natively against V8's
//     recorded answers (tests/data/js-numbers.json, src/js/number.rs).
//
//   node --test tests/js/js-semantics.test.mjs
//   JS_SEED=7 JS_CASES=20000 node --test tests/js/js-semantics.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import * as ref from "@gleanwork/mcp-server-tester";
import * as m from "../../pkg/transcripts.js";
import { validatePattern, validateSize, validateToolCallCount } from "../../pkg/responses.js";
import { validateJudge } from "../../pkg/evals.js";
import { int, pick, rng } from "./prng.mjs";

const SEED = Number(process.env.JS_SEED ?? 0x15eed) >>> 0;
const CASES = Number(process.env.JS_CASES ?? 3000);

// ---- RegExp -------------------------------------------------------------------

const tool = (name, command) => ({ turn: 0, type: "tool", name, input: { command } });
// The verdicts of every matcher on `text`; each must equal `want`.
function verdicts(re, text) {
  const shell = { events: [tool("bash", text)] };
  const named = { events: [tool(text, "")] };
  return {
    toHaveRun: m.toHaveRun(shell, re).pass,
    toHaveCalledTool: m.toHaveCalledTool(named, re).pass,
    toHaveCalledTimes: m.toHaveCalledTimes(named, re, 1).pass,
    toHaveCalledInOrder: m.toHaveCalledInOrder(named, [re]).pass,
  };
}
// One matcher per call, in turn (the generated cases ask many texts).
const MATCHERS = [
  (re, t) => m.toHaveRun({ events: [tool("bash", t)] }, re).pass,
  (re, t) => m.toHaveCalledTool({ events: [tool(t, "")] }, re).pass,
  (re, t) => m.toHaveCalledTimes({ events: [tool(t, "")] }, re, 1).pass,
  (re, t) => m.toHaveCalledInOrder({ events: [tool(t, "")] }, [re]).pass,
];
const lines = (re) => new RegExp(re.source, re.flags.includes("m") ? re.flags : re.flags + "m");
const patternPass = (re, text) => validatePattern(text, [re]).pass;

const TABLE = [
  // JS syntax regex-lite reads otherwise.
  ["a{", "", ["a{", "a"]], ["a{1", "", ["a{1", "a{"]], ["x{,2}", "", ["x{,2}", "xx"]], ["a{1}", "", ["a", "a{1}"]],
  ["}", "", ["}"]], ["]", "", ["]"]], ["[^]", "", ["\n", "x", ""]], ["[]", "", ["", "x"]], ["[[\\]]", "", ["[", "]"]],
  ["\\/\\a\\z", "", ["/az"]], ["[a-\\d]", "", ["-", "5", "b"]], ["[\\d-z]", "", ["-", "y", "z"]], ["[--a]", "", ["0", "b"]],
  // \s is JS white space.
  ["\\s", "", ["\u00a0", "\ufeff", "\u2028", "\u2029", "\u1680", "\u3000", "\u0085", "\u180e", "\u200b"]],
  ["^\\S+$", "", ["a\u00a0b", "ab"]],
  // \d, \w, \b are ASCII (also with u); iu adds U+017F and U+212A to \w.
  ["\\d", "", ["\u0663", "7"]], ["\\d", "u", ["\u0663"]], ["\\w", "", ["é", "ſ", "\u212a", "_"]], ["\\w", "u", ["é"]],
  ["\\w", "iu", ["ſ", "\u212a"]], ["\\W", "iu", ["ſ", "\u212a", "é"]], ["a\\b", "", ["aé", "ab"]], ["\\bé", "", ["é"]],
  ["\\B", "", ["é", "a"]],
  // The i flag: JS Canonicalize (toUpperCase without u, never non-ASCII to ASCII; case folding with u).
  ["ä", "i", ["Ä", "a"]], ["Ä", "i", ["ä"]], ["k", "i", ["\u212a", "K"]], ["k", "iu", ["\u212a"]], ["ſ", "i", ["s", "S"]],
  ["ſ", "iu", ["s", "S"]], ["ß", "i", ["ẞ", "SS"]], ["ß", "iu", ["ẞ"]], ["µ", "i", ["μ", "Μ"]], ["ς", "i", ["Σ", "σ"]],
  ["ǅ", "i", ["Ǆ", "ǆ"]], ["θ", "iu", ["ϴ", "ϑ"]], ["θ", "i", ["ϴ", "ϑ"]], ["[à-ö]", "i", ["×", "Ö", "÷", "À"]],
  ["[^à-ö]", "i", ["À", "×"]], ["[a-z]", "i", ["\u212a", "ſ", "Q"]], ["[a-z]", "iu", ["\u212a", "ſ"]], ["[^k]", "iu", ["\u212a"]],
  ["\\u212A", "i", ["k"]], ["\\u212A", "iu", ["k"]], ["[X-c]", "i", ["x", "C", "_"]], ["\\u{10400}", "iu", ["\u{10428}"]],
  // Flags m, s, y (g and d change nothing).
  ["^b$", "", ["a\nb", "b"]], ["^b$", "m", ["a\nb", "a\rb", "a\r\nb\r\nc"]], ["a$", "", ["a\n"]], ["a$", "m", ["a\nb"]],
  ["^a", "", ["ba", "\na"]], ["^a", "m", ["b\na"]], ["a.b", "", ["a\nb", "a\rb", "a\u2028b", "axb"]], ["a.b", "s", ["a\nb", "a\u2029b"]],
  ["a", "y", ["ab", "ba"]], ["b", "g", ["ab"]], ["b", "d", ["ab"]], ["b", "gimsuyd", ["aB"]],
  // Escapes: \u{…} only with u, legacy octal, \c, surrogate pairs.
  ["\\u{41}", "", ["A", "u".repeat(41)]], ["\\u{41}", "u", ["A"]], ["\\u{1F600}", "u", ["😀"]], ["\\x41\\x4", "", ["Ax4"]],
  ["\\101", "", ["A"]], ["[\\101]", "", ["A"]], ["\\1", "", ["\u0001"]], ["(a)\\2", "", ["a\u0002"]], ["\\8", "", ["8"]],
  ["\\01", "", ["\u0001"]], ["\\c", "", ["\\c"]], ["\\cJ", "", ["\n"]], ["[\\c1]", "", ["\u0011"]], ["[\\c]", "", ["\\", "c"]],
  ["\\k<a>", "", ["k<a>"]], ["\\uD83D\\uDE00", "", ["😀"]], ["\\uD83D\\uDE00", "u", ["😀"]], ["[^\\uD800]", "", ["x"]],
  ["\\uD800", "", ["x"]], ["(?<y>\\d{4})-(?:\\d\\d)", "", ["2026-11"]], ["mcp__\\w+__\\w+", "", ["mcp__stamp__house_stamp"]],
  // One literal with ^ and/or $ (answered as startsWith / endsWith / equality): escaped dollars, empty literals, flags.
  ["\\.rs$", "", ["main.rs", "main.rs\n", ".rs", "rs", "a.rsx", ""]], ["^src\\/", "", ["src/a", "/src/a", "src"]],
  ["^abc$", "", ["abc", "abc\n", "xabc", "abcx", ""]], ["a\\$", "", ["a$", "a"]], ["a\\\\$", "", ["a\\", "a\\$", "a"]],
  ["^$", "", ["", "a", "\n"]], ["^", "", ["", "x"]], ["$", "g", ["", "x"]], ["^é$", "", ["é", "É"]], ["^ab", "y", ["ab", "xab"]],
  ["c$", "s", ["abc", "c\n"]], ["c$", "m", ["c\nb"]], ["^b", "m", ["a\nb"]], ["^k$", "i", ["K", "\u212a"]], ["^😀$", "u", ["😀", "x"]],
];

test(`RegExp: the transcript matchers and validatePattern answer as V8 on ${TABLE.length} hand-picked patterns`, () => {
  let cases = 0;
  for (const [source, flags, texts] of TABLE) {
    const re = new RegExp(source, flags);
    for (const text of texts) {
      const want = re.test(text);
      re.lastIndex = 0;
      const got = verdicts(re, text);
      for (const [name, pass] of Object.entries(got)) assert.equal(pass, want, `${name}(${re}) on ${JSON.stringify(text)}`);
      assert.equal(patternPass(re, text), lines(re).test(text), `validatePattern(${re}) on ${JSON.stringify(text)}`);
      cases++;
    }
  }
  assert.ok(cases >= 140, `${cases} cases`);
});

test("RegExp: documented differences from V8 stay as documented", () => {
  // Text is read as code points: without u an astral character is one character, not two code units.
  assert.equal(/^.$/.test("😀"), false);
  assert.equal(m.toHaveRun({ events: [tool("bash", "😀")] }, /^.$/).pass, true);
  // With m, U+2028/U+2029 do not end lines, and `^`/`$` do not match between \r and \n.
  assert.equal(/^b/m.test("a\u2028b"), true);
  assert.equal(m.toHaveRun({ events: [tool("bash", "a\u2028b")] }, /^b/m).pass, false);
  assert.equal(/^$/m.test("a\r\nb"), true);
  assert.equal(m.toHaveRun({ events: [tool("bash", "a\r\nb")] }, /^$/m).pass, false);
  // With iu, \b does not count U+017F and U+212A as word characters.
  assert.equal(/a\b/iu.test("aſ"), false);
  assert.equal(m.toHaveRun({ events: [tool("bash", "aſ")] }, /a\b/iu).pass, true);
});

// Refused by design (README): the message names one of these, and the V8 source has it.
const REFUSED = [
  [/look-ahead/, /\(\?[=!]/],
  [/look-behind/, /\(\?<[=!]/],
  [/back-reference/, /\\[1-9]|\\k</],
  [/Unicode property escape/, /\\[pP]\{/],
];
function refusedAs(e, source) {
  if (e?.code !== "INVALID_ARGUMENT") return null;
  const hit = REFUSED.find(([message, construct]) => message.test(e.message) && construct.test(source));
  return hit ? hit[0].source : null;
}

test("RegExp: refused constructs throw INVALID_ARGUMENT at the pattern's path", () => {
  const shell = { events: [tool("bash", "ab")] };
  for (const re of [/a(?=b)/, /a(?!b)/, /(?<=a)b/, /(?<!a)b/, /(a)\1/, /(?<x>a)\k<x>/, /\p{L}/u, /[\P{L}]/u]) {
    assert.throws(() => m.toHaveRun(shell, re), (e) => e.code === "INVALID_ARGUMENT" && e.path === "command" && refusedAs(e, re.source) !== null, String(re));
    assert.throws(() => m.toHaveCalledInOrder(shell, ["bash", re]), (e) => e.path === "names[1]", String(re));
    assert.throws(() => validatePattern("ab", ["x", re]), (e) => e.path === "patterns[1]" && refusedAs(e, re.source) !== null, String(re));
  }
  assert.throws(() => m.toHaveRun(shell, /a/v), (e) => e.code === "INVALID_ARGUMENT" && /v flag/.test(e.message));
  assert.throws(() => m.toHaveRun(shell, new RegExp("a".repeat(4097))), (e) => /4096/.test(e.message));
});

// ---- the seeded differential ----

const ATOMS = [
  "a", "b", "k", "K", "s", "S", "x", "é", "É", "ä", "Ä", "ß", "µ", "ς", "ſ", "θ", "1", "-", ":", " ", "_", "\\u212A", "\\x4B",
  "\\u00e9", "\\u{2}", "\\u{1F600}", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\b", "\\B", "\\n", "\\t", "\\.", "\\/", "\\-",
  "\\{", "\\}", "\\0", "\\cJ", "\\z", "\\8", "\\101", ".", "^", "$", "[a-c]", "[^a]", "[A-Z]", "[^\\w]", "[\\d\\s]", "[éÉ]",
  "[^é]", "[à-ö]", "[x-z0-3]", "[\\x41-\\x43]", "[^k-m]", "[-a]", "[a-]", "[\\S]", "[^\\s_]", "[\\b]", "[]", "[^]",
  "[a-\\d]", "[\\w-]", "[ſK]", "{", "}", "]", "a{", "x{,2}", "{1", "😀", "(?:ab)", "(?=a)", "(?!b)", "(?<=a)", "(?<!b)",
  "\\p{L}", "\\P{Lu}", "(a)\\1", "(?<n>b)\\k<n>",
];
const QUANT = ["", "", "", "?", "*", "+", "{1,2}", "{2}", "+?", "{0,}"];
const FLAGS = ["", "", "i", "m", "s", "u", "y", "g", "iu", "im", "is", "ms", "imsu", "iy", "su", "d"];
const TEXT = ["a", "A", "b", "B", "k", "K", "\u212a", "s", "S", "ſ", "x", "X", "é", "É", "ä", "Ä", "ß", "ẞ", "µ", "μ", "Μ", "ς", "Σ", "σ",
  "θ", "ϑ", "ϴ", "1", "5", "\u0663", " ", "\u00a0", "\ufeff", "\n", "\r", "\t", "-", "_", ":", "{", "}", "]", "/", ".", "\\", "à", "×", "Ö", "\u0002"];
const ASTRAL = ["😀", "\u{10400}", "\u{10428}"];

function genPattern(r, depth) {
  let out = "";
  for (let k = 1 + int(r, 3); k > 0; k--) {
    if (depth < 2 && int(r, 5) === 0) {
      out += `(${genPattern(r, depth + 1)}|${genPattern(r, depth + 1)})${pick(r, ["", "?", "*"])}`;
    } else {
      out += pick(r, ATOMS) + pick(r, QUANT);
    }
  }
  return out;
}
function genText(r, unicode) {
  let s = "";
  for (let k = int(r, 7); k > 0; k--) s += unicode && int(r, 8) === 0 ? pick(r, ASTRAL) : pick(r, TEXT);
  return s;
}
// A case inside one of the documented differences is not compared (counted apart).
function documentedDifference(re, text) {
  const anchors = /[\^$]/.test(re.source);
  if (anchors && /\r\n|[\u2028\u2029]/.test(text)) return true; // line ends (validatePattern is always multiline)
  if (!re.unicode && /[\u{10000}-\u{10FFFF}]/u.test(re.source + text)) return true; // astral characters without u
  if (re.unicode && re.ignoreCase && /\\[bB]/.test(re.source) && /[ſ\u212a]/.test(text)) return true;
  return false;
}

test(`RegExp: seeded random patterns against V8 (${CASES} patterns, seed ${SEED})`, () => {
  const r = rng(SEED);
  const counts = { patterns: 0, compared: 0, skipped: 0, invalidInV8: 0, refused: {} };
  for (let i = 0; i < CASES; i++) {
    const source = genPattern(r, 0);
    const flags = pick(r, FLAGS);
    let re;
    try {
      re = new RegExp(source, flags);
    } catch {
      counts.invalidInV8++;
      continue;
    }
    counts.patterns++;
    const texts = Array.from({ length: 8 }, () => genText(r, re.unicode));
    try {
      m.toHaveRun({ events: [] }, re);
    } catch (e) {
      const why = refusedAs(e, source);
      assert.ok(why, `case ${i}: ${re} refused, not for a documented construct: ${e.code} ${e.message}`);
      counts.refused[why] = (counts.refused[why] ?? 0) + 1;
      assert.throws(() => validatePattern("", [re]), (x) => refusedAs(x, source) === why, `case ${i}: validatePattern(${re})`);
      continue;
    }
    const multi = lines(re);
    texts.forEach((text, k) => {
      if (documentedDifference(re, text)) {
        counts.skipped++;
        return;
      }
      re.lastIndex = 0;
      const want = re.test(text);
      assert.equal(MATCHERS[(i + k) % MATCHERS.length](re, text), want, `case ${i}: ${re} on ${JSON.stringify(text)}`);
      multi.lastIndex = 0;
      assert.equal(patternPass(re, text), multi.test(text), `case ${i}: validatePattern(${re}) on ${JSON.stringify(text)}`);
      counts.compared++;
    });
  }
  const refused = Object.values(counts.refused).reduce((a, b) => a + b, 0);
  console.log(`# js-semantics RegExp differential: ${JSON.stringify(counts)}`);
  assert.ok(counts.compared > CASES, JSON.stringify(counts));
  assert.ok(refused > 0 && refused < counts.patterns / 2, JSON.stringify(counts));
});

// ---- numbers ------------------------------------------------------------------------

const view = new DataView(new ArrayBuffer(8));
function randomDouble(r) {
  view.setUint32(0, Math.floor(r() * 2 ** 32));
  view.setUint32(4, Math.floor(r() * 2 ** 32));
  return view.getFloat64(0);
}
// The numbers cross the boundary as JSON text, which serde_json (without its
// float_roundtrip feature) reads exactly only on its fast path: integers below
// 2^64, and at most 2^53 significant units times 10^-22…10^22. Other doubles
// (random bit patterns, 5e-324, …) are the native test's, from V8's answers
// recorded in tests/data/js-numbers.json (src/js/number.rs).
function exactInJson(x) {
  const text = String(Math.abs(x));
  if (/^\d+$/.test(text)) return text.length <= 19; // an integer: read as u64
  const [mantissa, exp = "0"] = text.split("e");
  const [int, frac = ""] = mantissa.split(".");
  const digits = (int + frac).replace(/^0+/, "");
  const e10 = Number(exp) - frac.length;
  return digits.length <= 19 && Number(digits) <= 2 ** 53 && Math.abs(e10) <= 22;
}
function numbers(r, n) {
  return candidates(r, 3 * n).filter(exactInJson).slice(0, n);
}
function candidates(r, n) {
  const out = [0, -0, 1, -1, 1e21, 1e-7, 1.5e-7, 1e-6, 1e20, 123e-20, 5e-324, 1.7976931348623157e308, 0.1 + 0.2, 2 ** 53,
    2 ** 53 + 2, 2 ** 53 - 1, -(2 ** 53), 999999999999999900000, 0.5, 0.25, 0.125, 1.005, 2.675, 9.95, 0.045, 1e15 + 0.3];
  while (out.length < n) {
    const kind = int(r, 3);
    if (kind === 0) out.push(int(r, 10 ** (1 + int(r, 9))) / 10 ** int(r, 12));
    else if (kind === 1) out.push(((2 * int(r, 20000) + 1) / 2) / 10 ** (1 + int(r, 3)));
    else {
      const x = randomDouble(r);
      if (Number.isFinite(x)) out.push(x);
    }
  }
  return out;
}
const EXACT = [0.5, 0.25, 0.125, 1.25, 0.375]; // exact in binary: ties of toFixed

test("numbers: String(x) through validateToolCallCount's message", () => {
  const r = rng(SEED ^ 0x2545f491);
  const none = { success: true, toolCalls: [] };
  const xs = numbers(r, 3000).filter((x) => x !== 0);
  assert.ok(xs.length >= 2500 && xs.includes(1e21) && xs.includes(1e-7), `${xs.length} numbers`);
  for (const x of xs) {
    const msg = validateToolCallCount(none, { exact: x }).message;
    assert.equal(msg, `Expected exactly ${String(x)} tool call(s), but got 0`, `String(${x})`);
  }
  // trajectoryF1 prints its threshold the same way (an F1 threshold lies in [0, 1]).
  for (const x of xs.map(Math.abs).filter((x) => x <= 1)) {
    assert.ok(m.trajectoryF1({ events: [] }, [], x).message.startsWith(`expected trajectory F1 ≥ ${String(x)} against [], got`), `threshold ${x}`);
  }
});

test("numbers: toFixed(1) through validateSize's message (as the reference's formatBytes)", () => {
  const r = rng(SEED ^ 0x68e31da4);
  for (const x of numbers(r, 2000).map(Math.abs).concat(EXACT.map((e) => e * 1024)).filter(exactInJson)) {
    const got = validateSize("a", { minBytes: x }).message;
    assert.equal(got, ref.validateSize("a", { minBytes: x }).message, `minBytes ${x}`);
  }
});

test("numbers: toFixed(2) through validateJudge's message", async () => {
  const r = rng(SEED ^ 0x1b873593);
  const scores = numbers(r, 800).map((x) => Math.abs(x) % 1).concat(EXACT.filter((e) => e <= 1), [0.005, 0.015, 0.995, 1]);
  for (const score of scores.filter(exactInJson)) {
    const result = await validateJudge("text", { rubric: "correctness", threshold: 0 }, async () => ({ score, reasoning: "" }));
    assert.ok(result.message.startsWith(`Judge passed with score ${score.toFixed(2)}`), `${score}: ${result.message}`);
  }
});
