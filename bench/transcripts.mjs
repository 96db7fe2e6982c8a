#!/usr/bin/env node
// Benchmark of the transcript family on one large transcript: normalising it,
// reading its turns, and asking twenty matchers of it, next to V8's
// JSON.parse of the same lines (the practical floor of reading JSONL in JS).
//
//   node --expose-gc bench/transcripts.mjs           a ~10 MB Codex rollout
//   node --expose-gc bench/transcripts.mjs --mb 2    a smaller one
//
// Two inputs of about 10 MB each, made by repeating real Codex recordings of
// tests/fixtures/transcripts/codex/ (see its SOURCES.md), ids made unique per
// repetition: the stored rollout agtrace_codex-0.66-rollout_shell-command-apply-patch.jsonl
// (one session, shell calls and a patch per repetition) and the `codex exec
// --json` stream agentcmd_codex-exec_file_change.jsonl (one turn with a file
// change per repetition: many turns, many events). Each figure is the median
// of several runs in this one process. Rows per input:
//   - JSON.parse of every line (V8);
//   - normalizeTranscript(text): the run is kept inside the module, no turn
//     made in JS (issue 13 item 3 target: at least 0.5x of JSON.parse);
//   - normalizeTranscript(text).turns: the same, with the turns read out;
//   - normalise + 20 matchers on the kept run (target: at most 1.2x of
//     normalising once);
//   - normalise + 20 matchers on a copy of the run (structuredClone, so each
//     matcher sends the whole run, as every matcher did before runs were kept).
// A program, not a test: targets are printed as met or MISSED; the exit
// status is 1 only when the two ways of asking give different verdicts.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import * as tx from "../pkg/transcripts.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const FIXTURES = join(ROOT, "tests/fixtures/transcripts/codex");
const mbArg = process.argv.indexOf("--mb");
const TARGET_BYTES = (mbArg > 0 ? Number(process.argv[mbArg + 1]) : 10) * 1e6;
const gc = typeof globalThis.gc === "function" ? globalThis.gc : () => {};

// `file` repeated to about TARGET_BYTES, each repetition's ids (`call_…`, `item_…`) its own.
function input(file) {
  const unit = readFileSync(join(FIXTURES, file), "utf8").replace(/\n*$/, "\n");
  const n = Math.max(1, Math.round(TARGET_BYTES / unit.length));
  return Array.from({ length: n }, (_, k) => unit.replace(/"(call|item)_([A-Za-z0-9]+)"/g, `"$1_$2_${k}"`)).join("");
}
const INPUTS = {
  "Codex rollout": input("agtrace_codex-0.66-rollout_shell-command-apply-patch.jsonl"),
  "codex exec --json": input("agentcmd_codex-exec_file_change.jsonl"),
};

// Twenty questions a test of a coding agent asks (reeval's matchers).
const MATCHERS = [
  (r) => tx.toHaveRun(r, /npm test/),
  (r) => tx.toHaveRun(r, "ls"),
  (r) => tx.not.toHaveRun(r, /rm -rf/),
  (r) => tx.toHaveRun(r),
  (r) => tx.toHaveEdited(r),
  (r) => tx.toHaveEdited(r, /\.rs$/),
  (r) => tx.toHaveEdited(r, "README.md"),
  (r) => tx.toHaveCalledTool(r, "shell"),
  (r) => tx.toHaveCalledTool(r, /apply_patch/),
  (r) => tx.toHaveCalledTool(r, "shell", { command: "ls" }),
  (r) => tx.toHaveCalledTimes(r, "shell", 3),
  (r) => tx.toHaveCalledInOrder(r, ["shell", "apply_patch"]),
  (r) => tx.toHaveCalledMcp(r, "github", "create_issue"),
  (r) => tx.toHaveCalledSkill(r, "review"),
  (r) => tx.trajectoryF1(r, ["shell", "apply_patch", "shell"], 0.5),
  (r) => tx.not.toHaveCalledTool(r, /^mcp__/),
  (r) => tx.toHaveRun(r, /cargo (build|test)/),
  (r) => tx.not.toHaveEdited(r, /\.env$/),
  (r) => tx.toHaveCalledTimes(r, /shell|exec/, 1),
  (r) => tx.toHaveChanged(r, "src/**"),
];

function median(f, runs) {
  const times = [];
  let out = f(); // warm: the JIT, and the module's memory grown to the input's size
  for (let i = 0; i < runs; i++) {
    gc();
    const t0 = performance.now();
    out = f();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[times.length >> 1], out };
}

const RUNS = 5;
const row = (label, ms, note = "") => console.log(`  ${label.padEnd(52)} ${ms.toFixed(1).padStart(9)} ms${note}`);
const verdict = (ok) => (ok ? "met" : "MISSED");

for (const [name, text] of Object.entries(INPUTS)) {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const parse = median(() => lines.map((l) => JSON.parse(l)).length, RUNS);
  const kept = median(() => tx.normalizeTranscript(text), RUNS);
  const events = kept.out.events.length;
  const read = median(() => tx.normalizeTranscript(text).turns.length, RUNS);
  const ask = (copy) => () => {
    const run = tx.normalizeTranscript(text);
    const subject = copy ? structuredClone(run) : run;
    return MATCHERS.map((m) => {
      const r = m(subject);
      return `${r.pass} ${r.message ?? r.score}`;
    });
  };
  const inPlace = median(ask(false), RUNS);
  const sent = median(ask(true), 3);
  console.log(`${name}: ${(text.length / 1e6).toFixed(1)} MB, ${lines.length} lines, ${events} events (median of ${RUNS})`);
  row("JSON.parse of every line (V8)", parse.ms);
  row("normalizeTranscript(text) (kept in wasm)", kept.ms, `   ${(parse.ms / kept.ms).toFixed(2)}x of JSON.parse (target >= 0.5: ${verdict(parse.ms / kept.ms >= 0.5)})`);
  row("normalizeTranscript(text).turns (read out)", read.ms, `   ${(parse.ms / read.ms).toFixed(2)}x of JSON.parse`);
  row("normalise + 20 matchers on the kept run", inPlace.ms, `   ${(inPlace.ms / kept.ms).toFixed(2)}x of normalising (target <= 1.2: ${verdict(inPlace.ms / kept.ms <= 1.2)})`);
  row("normalise + 20 matchers, each sent the run (before)", sent.ms, `   ${(sent.ms / kept.ms).toFixed(2)}x of normalising`);
  const same = JSON.stringify(inPlace.out) === JSON.stringify(sent.out);
  console.log(same ? "  verdicts: the same both ways" : "  verdicts DIFFER between the kept run and the sent copy");
  if (!same) {
    console.log(inPlace.out, sent.out);
    process.exitCode = 1;
  }
}
