#!/usr/bin/env node
// How a tool response's text reaches WebAssembly (issue 13 item 4, "text
// without a detour"): `validateText` (containsText) and `validatePattern`
// (matchesPattern), and `extractText`, on CallToolResults of 10 KB to 10 MB,
// three ways in one process:
//   - ours: the long text blocks stay in JavaScript and are searched there
//     (validateText; extractText composes the text there: src/wasm/wire.rs
//     HOST_STRINGS), or cross out of band as their UTF-8 bytes
//     (validatePattern: RAW_STRINGS);
//   - ours through JSON: the same result with its text behind a getter, which
//     makes it cross as its JSON.stringify text (how every response crossed
//     before);
//   - the reference, @gleanwork/mcp-server-tester@1.1.0.
// Target of the item (containsText and matchesPattern): at least 0.5x of the
// reference; printed as met or MISSED. A program, not a test.
//
//   node --expose-gc bench/text-crossing.mjs

import { performance } from "node:perf_hooks";
import * as ref from "@gleanwork/mcp-server-tester";
import * as ours from "../pkg/responses.js";

const gc = typeof globalThis.gc === "function" ? globalThis.gc : () => {};
const words = Array.from({ length: 2_000_000 }, (_, i) => `word${i % 97} ${i % 13 === 0 ? "Temperature: 21°C " : ""}`).join(" ");
const SIZES = [10_000, 100_000, 1_000_000, 10_000_000];

// Median of `runs` timed batches of `n` calls, in ms per call.
function time(f, n, runs = 7) {
  f();
  const out = [];
  for (let r = 0; r < runs; r++) {
    gc();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) f();
    out.push((performance.now() - t0) / n);
  }
  return out.sort((a, b) => a - b)[runs >> 1];
}

const CHECKS = [
  ["containsText, 3 substrings", (m, r) => m.validateText(r, ["word5", "Temperature: 21°C", "absent"])],
  ["containsText, ignoring case", (m, r) => m.validateText(r, ["WORD5", "temperature"], { caseSensitive: false })],
  ["matchesPattern /\\d+°[CF]/", (m, r) => m.validatePattern(r, /Temperature: \d+°[CF]/)],
  // No target of its own: what a caller pays to read the text the checks read.
  ["extractText", (m, r) => m.extractText(r), false],
];

const fmt = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);
console.log("text crossing: ours / ours through JSON (before) / reference, ms per call (median of 7 batches)");
let missed = 0;
for (const size of SIZES) {
  const text = words.slice(0, size);
  const result = { content: [{ type: "text", text }] };
  const viaJson = { content: [Object.defineProperty({ type: "text" }, "text", { enumerable: true, get: () => text })] };
  const n = Math.max(1, Math.round(2e6 / size));
  for (const [label, check, target = true] of CHECKS) {
    // A verdict's pass, or extractText's text.
    const answer = (v) => (typeof v === "string" ? v : v.pass);
    const expected = answer(check(ref, result));
    if (answer(check(ours, result)) !== expected || answer(check(ours, viaJson)) !== expected) throw new Error(`${label}: answers differ`);
    const a = time(() => check(ours, result), n);
    const b = time(() => check(ours, viaJson), n);
    const c = time(() => check(ref, result), n);
    const ratio = c / a;
    if (target && ratio < 0.5) missed++;
    const verdict = target ? `(target >= 0.5: ${ratio >= 0.5 ? "met" : "MISSED"})` : "(no target)";
    console.log(
      `  ${String(size / 1000).padStart(6)} KB  ${label.padEnd(30)} ${fmt(a).padStart(10)} ${fmt(b).padStart(10)} ${fmt(c).padStart(10)}   ` +
        `${(b / a).toFixed(1)}x faster than through JSON; ${ratio.toFixed(2)}x of the reference ${verdict}`,
    );
  }
}
console.log(missed ? `${missed} rows below the target` : "every row meets the target");
