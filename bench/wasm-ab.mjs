// Interleaved A/B of one family's raw wasm exports built two or more ways
// (cargo profiles, opt-levels): the JS crossing is the same in every variant,
// so only the module's own time is compared. Each variant is a directory of
// `wasm-bindgen --target web` output (`<family>.js`, `<family>_bg.wasm`),
// e.g. from `cargo rustc --profile P ... --crate-type cdylib` as scripts/build.sh
// builds it. Prints, per input, each variant's median time over 7 alternating
// rounds and its ratio to the first variant. Never a timed test.
//
//   node bench/wasm-ab.mjs tool_calls DIR_A DIR_B [DIR_C ...]
//   (families: tool_calls, traces, transcripts, responses)
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { payload, encodeCalls, encodeOptions } from "../pkg/internal.js";
import { typical, worst } from "./tool-call-inputs.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const [family, ...dirs] = process.argv.slice(2);
if (!family || dirs.length < 2) {
  console.error("usage: node bench/wasm-ab.mjs FAMILY DIR_A DIR_B [...]");
  process.exit(2);
}
const mods = [];
for (const d of dirs) {
  const g = await import(join(resolve(d), `${family}.js`));
  g.initSync({ module: readFileSync(join(resolve(d), `${family}_bg.wasm`)) });
  mods.push(g);
}

const cases = [];
if (family === "tool_calls") {
  // bench/evaluate.mjs's rows, with its seeds.
  for (const [sc, gen, base] of [["typical", typical, 1000], ["worst", worst, 2000]])
    for (const n of [10, 100, 1000, 5000])
      for (const order of ["ignore", "strict", "superset"])
        for (const am of ["partial", "exact"]) {
          const { expected, actual } = gen(n, base + n);
          const [bytes, ext] = payload([encodeCalls(expected, "expected"), encodeCalls(actual, "actual"), encodeOptions({ toolCallOrder: order, argumentMatching: am }, ["toolCallOrder", "argumentMatching"], "options")]);
          const copy = bytes.slice();
          cases.push([`${sc} n=${n} ${order} ${am}`, (g) => g.evaluateToolCalls(copy, ext)]);
        }
} else if (family === "traces") {
  const dir = join(ROOT, "tests/fixtures/traces");
  const enc = new TextEncoder();
  for (const sub of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const file = readdirSync(join(dir, sub.name)).filter((f) => /\.(json|jsonl|txt|sse)$/.test(f)).sort()[0];
    if (!file) continue;
    const bytes = enc.encode(readFileSync(join(dir, sub.name, file), "utf8"));
    cases.push([`${sub.name}/${file}`, (g) => g.fromTrace(bytes, "", true)]);
  }
} else if (family === "transcripts") {
  const t = readFileSync(join(ROOT, "tests/fixtures/transcripts/codex/agtrace_codex-0.66-rollout_shell-command-apply-patch.jsonl"), "utf8");
  const big = t.repeat(100);
  // What normalizeTranscript asks of the module when the caller reads the turns.
  const normalize = (g, text) => {
    const run = new g.TranscriptRun(text, true, "null");
    run.turns();
    run.free();
  };
  cases.push(["codex rollout ×1", (g) => normalize(g, t)]);
  cases.push(["codex rollout ×100", (g) => normalize(g, big)]);
} else if (family === "responses") {
  const words = Array.from({ length: 20000 }, (_, i) => `word${i % 97}${i % 13 === 0 ? " 550e8400-e29b-41d4-a716-446655440000" : ""}`).join(" ");
  for (const [label, text] of [["1 KB", words.slice(0, 1000)], ["100 KB", words.slice(0, 100000)], [`${(words.length / 1000) | 0} KB`, words]]) {
    const resp = JSON.stringify({ content: [{ type: "text", text }] });
    const crossing = (parts) => {
      const [b, e] = payload(parts);
      return [b.slice(), e];
    };
    const [b1, e1] = crossing([[resp, false, "response"], ['"word96"', false, "expected"], ["null", false, "options"]]);
    cases.push([`validateText ${label}`, (g) => g.validateText(b1, e1)]);
    const [b2, e2] = crossing([[resp, false, "response"], [JSON.stringify([["word9\\d+ \\w+", "i"]]), false, "patterns"], ["null", false, "options"]]);
    cases.push([`validatePattern ${label}`, (g) => g.validatePattern(b2, e2)]);
    const [b3, e3] = crossing([[JSON.stringify(text), false, "text"], ['["uuid","timestamp"]', false, "sanitizers"]]);
    cases.push([`applySanitizers ${label}`, (g) => g.applySanitizers(b3, e3)]);
  }
} else {
  console.error(`unknown family ${family}`);
  process.exit(2);
}

const fmt = (ms) => (ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(1)} µs`);
console.log(["input", ...dirs, ...dirs.slice(1).map((d) => `${d} / ${dirs[0]}`)].join("\t"));
for (const [name, fn] of cases) {
  const t0 = performance.now();
  fn(mods[0]);
  const once = performance.now() - t0;
  const reps = Math.max(3, Math.round(200 / Math.max(once, 0.01)));
  const times = mods.map(() => []);
  for (let round = 0; round < 7; round++)
    for (let k = 0; k < mods.length; k++) {
      const s = performance.now();
      for (let i = 0; i < reps; i++) fn(mods[k]);
      times[k].push((performance.now() - s) / reps);
    }
  const med = times.map((xs) => xs.sort((a, b) => a - b)[3]);
  console.log([name, ...med.map(fmt), ...med.slice(1).map((m) => `${(m / med[0]).toFixed(2)}×`)].join("\t"));
}
