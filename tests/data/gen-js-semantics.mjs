// Records V8's own answers for the JavaScript semantics of src/js/ (read by
// its native unit tests), never values from our code:
//   tests/data/js-numbers.json: [bits (16 hex digits), String(x), x.toFixed(1), x.toFixed(2)]
//     for a few thousand doubles (edge cases, integers near 2^53, powers of
//     ten, toFixed ties, short decimals, seeded random bit patterns);
//   tests/data/js-case-orbits.json: the characters that match each other
//     under the `i` flag, without and with `u` (each orbit of two or more
//     code points, found by testing /x/i and /x/iu against every cased
//     character), and the code points V8 leaves unassigned.
// Run: node tests/data/gen-js-semantics.mjs
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { rng, int } from "../js/prng.mjs";

const here = dirname(fileURLToPath(import.meta.url));

// ---- numbers ----
const view = new DataView(new ArrayBuffer(8));
const bits = (x) => {
  view.setFloat64(0, x);
  return view.getBigUint64(0).toString(16).padStart(16, "0");
};
const fromBits = (hi, lo) => {
  view.setUint32(0, hi);
  view.setUint32(4, lo);
  return view.getFloat64(0);
};
const values = [
  0, -0, 1, -1, 2.5, -4.5, 0.1, 0.2, 0.1 + 0.2, 1 / 3, 2 / 3, 123.456, -123.456,
  1e21, -1e21, 1e20, 1e-7, -1e-7, 1.5e-7, 1e-6, 0.000001, 0.0000012345, 123e-20, 1e-300,
  5e-324, -5e-324, 1e-323, 2.2250738585072014e-308, 2.225073858507201e-308,
  1.7976931348623157e308, -1.7976931348623157e308, 999999999999999900000, 1e21 - 65536,
  NaN, Infinity, -Infinity, 0.5, 0.05, 0.005, 0.25, 0.125, 0.375, 1.25, 1.05, 1.005,
  2.675, 9.95, 0.045, 0.015, 1e15 + 0.3, 4.35, 0.615, 10.235, 1.45, 8.345, -1.25, -0.04,
  0.04, 0.95, 0.994999, 0.995, 0.9999, 99.995, 2 ** 31, 2 ** 32, 2 ** 63, 2 ** 64, 2 ** 70,
  Number.EPSILON, Number.MIN_VALUE, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER,
];
for (let d = -12; d <= 12; d++) values.push(2 ** 53 + d, -(2 ** 53 + d), 1e21 + d * 65536);
for (let k = -330; k <= 310; k += 3) {
  const p = Number(`1e${k}`);
  values.push(p, p * (1 + Number.EPSILON), p * (1 - Number.EPSILON / 2), 7.5 * p);
}
const r = rng(0x15eed);
for (let i = 0; i < 300; i++) {
  // Ties of toFixed(1), toFixed(2), toFixed(3) as decimals (their doubles sit just above or below).
  const d = 1 + int(r, 3);
  values.push(((2 * int(r, 20000) + 1) / 2) / 10 ** d);
}
for (let i = 0; i < 500; i++) {
  const x = int(r, 10 ** (1 + int(r, 9))) / 10 ** int(r, 10);
  values.push(int(r, 2) ? -x : x);
}
for (let i = 0; i < 1000; i++) {
  const x = fromBits(Math.floor(r() * 2 ** 32), Math.floor(r() * 2 ** 32));
  values.push(x);
}
const seen = new Set();
const numbers = [];
for (const x of values) {
  const b = bits(x);
  if (seen.has(b)) continue;
  seen.add(b);
  numbers.push([b, String(x), x.toFixed(1), x.toFixed(2)]);
}
writeFileSync(join(here, "js-numbers.json"), JSON.stringify(numbers).replaceAll('],["', '],\n["') + "\n");

// ---- case orbits ----
const cased = /[\p{Cased}\p{Changes_When_Casemapped}]/u;
const unassigned = /\p{Cn}/u;
const chars = [];
const gaps = [];
for (let cp = 0; cp <= 0x10ffff; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue;
  const s = String.fromCodePoint(cp);
  if (unassigned.test(s)) {
    const last = gaps[gaps.length - 1];
    if (last && last[1] === cp - 1) last[1] = cp;
    else gaps.push([cp, cp]);
  } else if (cased.test(s)) chars.push(cp);
}
const hex = (cp) => cp.toString(16).padStart(4, "0");
function orbits(flags) {
  const out = [];
  const done = new Set();
  const strs = chars.map((cp) => String.fromCodePoint(cp));
  for (let i = 0; i < chars.length; i++) {
    if (done.has(chars[i])) continue;
    // Without `u` an astral character is two code units: `\uD801\uDC00`, as V8 reads it.
    const units = Array.from({ length: strs[i].length }, (_, k) => `\\u${hex(strs[i].charCodeAt(k))}`).join("");
    const src = flags.includes("u") ? `\\u{${hex(chars[i])}}` : units;
    const re = new RegExp(`^${src}$`, flags);
    const orbit = [chars[i]];
    for (let j = 0; j < chars.length; j++) if (j !== i && re.test(strs[j])) orbit.push(chars[j]);
    if (orbit.length > 1) {
      orbit.sort((a, b) => a - b);
      orbit.forEach((cp) => done.add(cp));
      out.push(orbit);
    }
  }
  return out.sort((a, b) => a[0] - b[0]);
}
const caseData = {
  node: process.version,
  unicode: process.versions.unicode,
  unassigned: gaps,
  i: orbits("i"),
  iu: orbits("iu"),
};
writeFileSync(
  join(here, "js-case-orbits.json"),
  JSON.stringify(caseData).replaceAll("],[", "],\n[") + "\n",
);
console.log(`${numbers.length} numbers; ${caseData.i.length} orbits under i, ${caseData.iu.length} under iu (Unicode ${caseData.unicode})`);
