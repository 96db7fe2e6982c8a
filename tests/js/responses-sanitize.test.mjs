// Differential test of the snapshot sanitizers: mcp-matchers' applySanitizers
// (pkg/index.js) against @gleanwork/mcp-server-tester@1.1.0's own
// `applySanitizers` (internal to its toMatchToolSnapshot, so its code is read
// from dist/index.js: BUILT_IN_PATTERNS through removeFields), on generated
// texts where both define the same thing, and the known faults pinned.
//
//   node --test tests/js/responses-sanitize.test.mjs
//   SAN_SEED=7 SAN_CASES=20000 node --test tests/js/responses-sanitize.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as ours from "../../pkg/index.js";
import { int, pick, rng } from "./prng.mjs";

const SEED = Number(process.env.SAN_SEED ?? 0x5a417) >>> 0;
const CASES = Number(process.env.SAN_CASES ?? 3000);

const dist = createRequire(import.meta.url).resolve("@gleanwork/mcp-server-tester").replace(/index\.(c?js)$/, "index.js");
const source = readFileSync(dist, "utf8");
const start = source.indexOf("var BUILT_IN_PATTERNS = {");
const end = source.indexOf("async function toMatchToolSnapshot(");
assert.ok(start > 0 && end > start, "the reference's sanitizer section was found");
const refApply = new Function(`${source.slice(start, end)}\nreturn applySanitizers;`)();

const hex = (r, n, upper = false) => {
  let s = "";
  for (let i = 0; i < n; i++) s += pick(r, [..."0123456789abcdef"]);
  return upper ? s.toUpperCase() : s;
};
const digits = (r, n) => {
  let s = String(1 + int(r, 9));
  for (let i = 1; i < n; i++) s += int(r, 10);
  return s;
};
const b64 = (r, n) => {
  let s = "";
  for (let i = 0; i < n; i++) s += pick(r, [..."ABCxyz019-_"]);
  return s + pick(r, [..."AZaz09"]);
};

// Pieces both define the same way: RFC-variant UUIDs of versions 1-5, ISO
// dates with seconds and at most 3 fraction digits, signatures ending in a
// letter or digit; pieces always apart, separators never `_`.
const SEPARATORS = [" ", "\n", ", ", "/", '"', "=", "(", ")"];
function piece(r) {
  switch (int(r, 6)) {
    case 0:
      return digits(r, 10 + int(r, 4));
    case 1:
      return `${hex(r, 8)}-${hex(r, 4)}-${1 + int(r, 5)}${hex(r, 3)}-${pick(r, ["8", "9", "a", "b"])}${hex(r, 3)}-${hex(r, 12)}`;
    case 2: {
      const d = `20${int(r, 10)}${int(r, 10)}-0${1 + int(r, 9)}-1${int(r, 10)}`;
      if (r() < 0.4) return d;
      const frac = r() < 0.5 ? `.${digits(r, 1 + int(r, 3))}` : "";
      return `${d}T1${int(r, 10)}:3${int(r, 10)}:0${int(r, 10)}${frac}${pick(r, ["", "Z", "+05:30", "-0800"])}`;
    }
    case 3:
      return hex(r, 24, r() < 0.3);
    case 4:
      return `eyJ${b64(r, 6)}.eyJ${b64(r, 8)}.${b64(r, 10)}`;
    case 5:
      return pick(r, ["session_ab12", "v1.2.3", "token_XYZ9", "Hello", "é", "12345", "$1"]);
  }
}
function genText(r) {
  let s = "";
  for (let i = int(r, 8); i > 0; i--) s += piece(r) + pick(r, SEPARATORS);
  return s;
}
function genJson(r, depth = 0) {
  if (depth > 2 || r() < 0.3) return pick(r, [genText(r), 1, 2.5, null, true, 1e21]);
  const o = {};
  for (let i = 1 + int(r, 3); i > 0; i--) o[pick(r, ["id", "user", "meta", "at", "b", "a"])] = genJson(r, depth + 1);
  return o;
}
const CUSTOM = [
  { pattern: "session_[a-zA-Z0-9]+", replacement: "[SESSION]" },
  { pattern: "v\\d+\\.\\d+\\.\\d+", replacement: "[VERSION]" },
  { pattern: "(token)_(\\w+)", replacement: "$2-$1 [$&] $$ $0 $3 $10 $<x>" },
  { pattern: "(?<k>[a-z]+)_(?<v>\\w+)", replacement: "$<v>=$<k> $<nope> $<k" },
  { pattern: "\\d+", replacement: "<$`|$'>" },
  { pattern: "x*" , replacement: "." },
  { pattern: "^Hello|\\n$", replacement: "#" },
  { pattern: "é" },
];
const REMOVE = [{ remove: ["id"] }, { remove: ["user.id", "meta.at", "nope.x", "a.b.c"] }, { remove: ["a", "b"] }];
const BUILT_INS = ["timestamp", "uuid", "iso-date", "objectId", "jwt"];

test(`generated texts: the reference's results (${CASES} cases, seed ${SEED})`, () => {
  const r = rng(SEED);
  let changed = 0;
  for (let i = 0; i < CASES; i++) {
    const json = r() < 0.3;
    const text = json ? JSON.stringify(genJson(r), null, r() < 0.5 ? 2 : undefined) : genText(r);
    const list = [];
    for (let k = 1 + int(r, 4); k > 0; k--) {
      const kind = int(r, 3);
      const item = kind === 0 ? pick(r, CUSTOM) : kind === 1 && json ? pick(r, REMOVE) : pick(r, BUILT_INS);
      if (!list.includes(item)) list.push(item); // each once: `$`` and `$'` twice would grow the text quadratically
    }
    // Custom patterns last: their output (e.g. a date cut before its seconds) can leave what only we define.
    list.sort((a, b) => (typeof a === "object" && "pattern" in a) - (typeof b === "object" && "pattern" in b));
    const want = refApply(text, list);
    const got = ours.applySanitizers(text, list);
    assert.equal(got, want, `applySanitizers(${JSON.stringify(text)}, ${JSON.stringify(list)})`);
    if (got !== text) changed++;
  }
  assert.ok(changed > CASES / 2, `changed ${changed} of ${CASES}`);
});

test("a RegExp pattern keeps its flags, and every match is replaced with or without g", () => {
  // With g: the reference's answer. Without g the reference replaces only the
  // first match (README compatibility row); ours is the reference's answer for
  // the same pattern with g added.
  for (const pattern of [/a/, /a/g, /A/gi, /^b/gm, /^b/m, /a.b/s, /A/i]) {
    const list = [{ pattern, replacement: "[$&]" }];
    const global = pattern.global ? pattern : new RegExp(pattern.source, pattern.flags + "g");
    const want = refApply("a\nbab a\nb", [{ pattern: global, replacement: "[$&]" }]);
    assert.equal(ours.applySanitizers("a\nbab a\nb", list), want, String(pattern));
    if (!pattern.global) assert.notEqual(refApply("a\nbab a\nb", list), want, `the reference differs on ${pattern}`);
  }
});

test("the response's text is sanitized (extractText), and the names are the reference's", () => {
  const result = { content: [{ type: "text", text: "at 1732960000" }, { type: "text", text: "id 507f1f77bcf86cd799439011" }] };
  assert.equal(ours.applySanitizers(result, ["timestamp", "objectId"]), "at [TIMESTAMP]\nid [OBJECT_ID]");
  assert.equal(ours.applySanitizers("x 1732960000", undefined), "x 1732960000");
  assert.deepEqual({ ...ours.SnapshotSanitizers }, {
    TIMESTAMP: "timestamp",
    UUID: "uuid",
    ISO_DATE: "iso-date",
    OBJECT_ID: "objectId",
    JWT: "jwt",
  });
  assert.ok(Object.isFrozen(ours.SnapshotSanitizers));
});

// ---- the known faults (issue 3, item 7) ------------------------------------

test("fault: UUID versions 6, 7 and 8 are UUIDs (and nil/max)", () => {
  const ids = [
    "1ef21d2f-1207-6660-8c4f-419efbd44d48", // v6
    "01932c07-209c-7f3a-b8f4-3e5a9c0d1e2f", // v7
    "320c3d4d-cc00-875b-8ec9-32d5f69181c0", // v8
    "00000000-0000-0000-0000-000000000000",
    "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
  ];
  for (const id of ids) {
    assert.equal(refApply(`id ${id}`, ["uuid"]), `id ${id}`, "the reference misses it");
    assert.equal(ours.applySanitizers(`id ${id}`, ["uuid"]), "id [UUID]");
  }
});

test("fault: a UUID at a line end, inside a URL, after an underscore is found", () => {
  const id = "550e8400-e29b-41d4-a716-446655440000";
  assert.equal(ours.applySanitizers(`id: ${id}\nnext`, ["uuid"]), "id: [UUID]\nnext");
  assert.equal(ours.applySanitizers(`line\n${id}`, ["uuid"]), "line\n[UUID]");
  assert.equal(ours.applySanitizers(`https://api.example.com/v1/users/${id}/posts?x=${id}`, ["uuid"]), "https://api.example.com/v1/users/[UUID]/posts?x=[UUID]");
  assert.equal(ours.applySanitizers(`req_${id}`, ["uuid"]), "req_[UUID]");
  assert.equal(refApply(`req_${id}`, ["uuid"]), `req_${id}`, "the reference's \\b needs a non-word character");
  assert.equal(ours.applySanitizers(`x${id}`, ["uuid"]), `x${id}`, "not inside a longer word");
});

test("fault: an invalid custom pattern throws a coded error naming the sanitizer", () => {
  for (const [pattern, word] of [["session_(", "does not compile"], ["a(?=b)", "look-ahead"], ["(a)\\1", "back-reference"]]) {
    assert.throws(
      () => ours.applySanitizers("text", ["uuid", { pattern, replacement: "x" }]),
      // The reference's words first (its tests match on `invalid regex pattern "…"`), then which sanitizer and why.
      (e) => e.name === "MatcherError" && e.code === "INVALID_ARGUMENT" && e.path === "sanitizers[1].pattern" && e.message.startsWith(`invalid regex pattern "${pattern}" in sanitizer 1: `) && e.message.includes(word),
      pattern,
    );
  }
  assert.throws(() => ours.applySanitizers("t", ["uuids"]), (e) => e.code === "INVALID_ARGUMENT" && e.path === "sanitizers[0]" && /uuids/.test(e.message));
  assert.throws(() => ours.applySanitizers("t", [{ pattern: /a/y }]), (e) => e.path === "sanitizers[0].pattern" && /sticky/.test(e.message));
  assert.throws(() => ours.applySanitizers("t", [{ remove: "a" }]), (e) => e.path === "sanitizers[0].remove");
  assert.throws(() => ours.applySanitizers("t", [{ replace: "a" }]), (e) => e.path === "sanitizers[0]");
  assert.throws(() => ours.applySanitizers("t", "uuid"), (e) => e.path === "sanitizers");
  // The reference ignores an unknown name.
  assert.equal(refApply("t", ["uuids"]), "t");
});

test("fault: field removal reaches into arrays", () => {
  const text = JSON.stringify({ items: [{ id: 1, name: "a", meta: { at: 5, k: 1 } }, { id: 2, name: "b" }], id: 9, rows: [[{ id: 3 }]] });
  const got = JSON.parse(ours.applySanitizers(text, [{ remove: ["items.id", "items.meta.at", "rows.id"] }]));
  assert.deepEqual(got, { items: [{ name: "a", meta: { k: 1 } }, { name: "b" }], id: 9, rows: [[{}]] });
  assert.deepEqual(JSON.parse(refApply(text, [{ remove: ["items.id"] }])).items[0].id, 1, "the reference stops at the array");
  // An index selects one item; a removed item becomes null, as JavaScript's `delete` makes it.
  const same = [{ remove: ["items.1.name", "items.0"] }];
  assert.equal(ours.applySanitizers(text, same), refApply(text, same));
  // Text that is not JSON is left as it is.
  assert.equal(ours.applySanitizers("not json {", [{ remove: ["a"] }]), "not json {");
});

test("decision: a bare run of 10 to 13 digits is a timestamp (a 10-digit phone number too)", () => {
  for (const text of ["call 4155550123 now", "at 1732960000", "ms 1732960000123"]) {
    const want = text.replace(/\d+/, "[TIMESTAMP]");
    assert.equal(ours.applySanitizers(text, ["timestamp"]), want);
    assert.equal(refApply(text, ["timestamp"]), want);
  }
  assert.equal(ours.applySanitizers("123456789 and 12345678901234", ["timestamp"]), "123456789 and 12345678901234");
});

test("difference: ISO dates keep no stray fraction digits, separators and zones", () => {
  const cases = [
    ["at 2025-01-15T10:30:00.123456Z.", "at [ISO_DATE]."],
    ["at 2025-01-15 10:30:00+01:00", "at [ISO_DATE]"],
    ["at 2025-01-15t10:30z", "at [ISO_DATE]"],
    ["at 2025-01-15T10:30Z", "at [ISO_DATE]"],
  ];
  for (const [text, want] of cases) assert.equal(ours.applySanitizers(text, ["iso-date"]), want, text);
  assert.equal(refApply(cases[0][0], ["iso-date"]), "at [ISO_DATE].123456Z.");
});

test("difference: a JWT whose signature is empty or ends in - or _ is replaced whole", () => {
  const jwt = "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.";
  assert.equal(ours.applySanitizers(`t ${jwt} x`, ["jwt"]), "t [JWT] x");
  assert.equal(ours.applySanitizers("t eyJa.eyJb.sig- x", ["jwt"]), "t [JWT] x");
  assert.equal(refApply("t eyJa.eyJb.sig- x", ["jwt"]), "t [JWT]- x");
});
