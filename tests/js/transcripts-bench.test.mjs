// Throughput of the transcript normaliser in WebAssembly (issue 5, item 8):
// a ~10 MB transcript per harness (a real fixture repeated, its call ids made
// unique per copy) normalised in wasm, against plain serde_json parsing of the
// same lines in the same wasm module; also the whole JS call
// (normalizeTranscript, which returns the run as JS objects). Skipped unless
// TRANSCRIPTS_BENCH=1 and the package was built with the benchmark-only
// exports (Cargo.toml `bench-exports`); prints MB/s (the target is a
// ratio >= 0.5).
//
//   MCP_MATCHERS_BENCH=1 bash scripts/build.sh && TRANSCRIPTS_BENCH=1 node --test tests/js/transcripts-bench.test.mjs

import { test } from "node:test";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { normalizeTranscript } from "../../pkg/index.js";
import * as transcriptsWasm from "../../pkg/wasm/transcripts.js";

const { transcript_normalize_count, transcript_parse_only } = transcriptsWasm;

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const FIXTURES = [
  ["claude-code", "claude-code/claudeless_session_write-read-edit-denied.jsonl"],
  ["codex", "codex/untether_SYNTHETIC_all_item_types.jsonl"],
  ["gemini-cli", "gemini-cli/agentcmd_gemini-session-msg_tool-replace.json"],
  ["opencode", "opencode/untether_opencode-run-json_bash.jsonl"],
  ["cursor", "cursor/cursor-hack_direct-sleep.jsonl"],
  ["pi", "pi/untether_pi-mode-json_print_events.jsonl"],
];
const ID_KEYS = ['"id":"', '"call_id":"', '"tool_use_id":"', '"toolCallId":"', '"callID":"', '"tool_id":"'];

function bigTranscript(path, target) {
  const text = readFileSync(join(root, "tests", "fixtures", "transcripts", path), "utf8");
  let lines;
  try {
    lines = [JSON.stringify(JSON.parse(text))];
  } catch {
    lines = text.split("\n").filter((l) => l.startsWith("{"));
  }
  const out = [];
  let size = 0;
  for (let k = 0; size < target; k++) {
    for (const line of lines) {
      let l = line;
      for (const key of ID_KEYS) l = l.split(key).join(`${key}${k}-`);
      out.push(l);
      size += l.length + 1;
    }
  }
  return out.join("\n") + "\n";
}

function best(rounds, f) {
  let t = Infinity;
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    f();
    t = Math.min(t, performance.now() - start);
  }
  return t / 1000;
}

test("normalize throughput in wasm", {
  skip: !process.env.TRANSCRIPTS_BENCH
    ? "set TRANSCRIPTS_BENCH=1"
    : typeof transcript_parse_only !== "function"
      ? "needs a build with the benchmark exports: MCP_MATCHERS_BENCH=1 bash scripts/build.sh"
      : false,
}, () => {
  console.log("harness       MB/s wasm normalize   MB/s wasm serde_json   ratio   MB/s normalizeTranscript (JS objects)");
  for (const [harness, path] of FIXTURES) {
    const text = bigTranscript(path, 10 << 20);
    const mb = Buffer.byteLength(text) / 1e6;
    const ours = mb / best(5, () => transcript_normalize_count(text));
    const plain = mb / best(5, () => transcript_parse_only(text));
    const api = mb / best(3, () => normalizeTranscript(text));
    console.log(
      `${harness.padEnd(12)} ${ours.toFixed(1).padStart(20)} ${plain.toFixed(1).padStart(22)} ${(ours / plain).toFixed(2).padStart(7)} ${api.toFixed(1).padStart(20)}`,
    );
  }
});
