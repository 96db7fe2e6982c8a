// The transcript part of the main job (issue 5, item 9): examples/transcripts.mjs
// normalises every real transcript of tests/fixtures/transcripts/, runs the
// assertions of examples/transcript-assertions.json (written by hand from the
// files) and exits non-zero when a record differs from what that file says.
// These tests run the program as scripts/demo.sh does and check its output.
//
//   node --test tests/js/transcripts-main.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const program = join(root, "examples", "transcripts.mjs");
const assertionsFile = join(root, "examples", "transcript-assertions.json");
const spec = JSON.parse(readFileSync(assertionsFile, "utf8"));

function run(...args) {
  // --json prints every event of every transcript (the pi session file alone has 454): more than spawnSync's 1 MB default.
  const r = spawnSync(process.execPath, [program, ...args], { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The assertions file with `edit` applied to a copy, written to a temp file. */
function editedAssertions(edit) {
  const copy = structuredClone(spec);
  edit(copy);
  const file = join(mkdtempSync(join(tmpdir(), "transcripts-")), "assertions.json");
  writeFileSync(file, JSON.stringify(copy));
  return file;
}

test("every real transcript is normalised and every record is as the assertions file says", () => {
  const { code, out, err } = run();
  assert.equal(err, "");
  assert.equal(code, 0, out);
  const checks = spec.transcripts.flatMap((t) => t.checks);
  const fails = checks.filter((c) => c.expect === "fail").length;
  const errors = checks.filter((c) => c.expect === "error").length;
  const summary = `19 transcripts, ${checks.length} checks: ${checks.length - fails - errors} pass, ${fails} fail, ${errors} error; every record as expected.`;
  assert.equal(out.trimEnd().split("\n").at(-1), summary);
  // Records are printed readably: status, soft, label, message.
  assert.match(out, /^codex\/untether_SYNTHETIC_all_item_types\.jsonl {2}\(codex: 2 turns, 8 events\)$/m);
  assert.match(out, /^ {2}pass {7}runs the tests$/m);
  assert.match(
    out,
    /^ {2}fail soft {2}not\.toHaveSearched codex exec — expected no web searches matching codex exec, got \["codex exec --json schema"\] {3}\(as expected\)$/m,
  );
  assert.match(out, /^ {2}error soft {1}not\.toHaveFetched {2}— toHaveFetched\(\) can't check this turn: /m);
});

test("--json gives every record with its expected status", () => {
  const { code, out } = run("--json");
  assert.equal(code, 0);
  const { results, asExpected } = JSON.parse(out);
  assert.equal(asExpected, true);
  for (const t of spec.transcripts) {
    const r = results.find((x) => x.file === t.file);
    assert.ok(r, t.file);
    assert.equal(r.harness, t.harness);
    assert.deepEqual(
      r.records.map((x) => [x.status, x.soft]),
      t.checks.map((c) => [c.expect ?? "pass", !!c.soft]),
      t.file,
    );
  }
  const codex = results.find((x) => x.file === "codex/untether_SYNTHETIC_all_item_types.jsonl");
  assert.deepEqual(codex.records[0], { label: "runs the tests", matcher: "toHaveRun", status: "pass", soft: false, expected: "pass" });
});

test("a record that differs from the file makes the program fail", () => {
  const file = editedAssertions((s) => {
    const t = s.transcripts.find((x) => x.file === "cursor/cursor-hack_parallel-sleep.jsonl");
    t.checks[0].args = ["sleep 7"];
  });
  const { code, out } = run("--assertions", file);
  assert.equal(code, 1);
  // The file runs `sleep 6` and `sleep 4` (cursor-hack_parallel-sleep.jsonl).
  assert.match(out, /^ {2}fail {7}toHaveRun sleep 7 — expected shell commands matching sleep 7, got \["sleep 6", "sleep 4"\] {3}<-- expected pass$/m);
  assert.match(out, /NOT as expected:\n {2}cursor\/cursor-hack_parallel-sleep\.jsonl: toHaveRun sleep 7: fail, expected pass$/m);
});

test("a wrong message, a wrong harness and an unknown matcher make it fail too", () => {
  const file = editedAssertions((s) => {
    const codex = s.transcripts.find((x) => x.file === "codex/untether_SYNTHETIC_all_item_types.jsonl");
    codex.checks.at(-1).message = "something else";
    s.transcripts.find((x) => x.file === "pi/untether_pi-mode-json_bash-write.jsonl").harness = "goose";
    s.transcripts.find((x) => x.file === "opencode/untether_opencode-run-json_bash.jsonl").checks.push({ matcher: "toHaveDanced" });
  });
  const { code, out } = run("--assertions", file);
  assert.equal(code, 1);
  const tail = out.slice(out.indexOf("NOT as expected:"));
  assert.match(tail, /codex\/untether_SYNTHETIC_all_item_types\.jsonl: not\.toHaveSearched codex exec: fail, expected message "something else"/);
  assert.match(tail, /pi\/untether_pi-mode-json_bash-write\.jsonl: harness pi, expected goose/);
  assert.match(tail, /opencode\/untether_opencode-run-json_bash\.jsonl: toHaveDanced: error, expected pass/);
});

test("files and folders given as arguments are the only ones run", () => {
  const { code, out } = run(join(root, "tests", "fixtures", "transcripts", "pi"), join(root, "tests", "fixtures", "transcripts", "codex", "agentcmd_codex-exec_file_change.jsonl"));
  assert.equal(code, 0, out);
  // pi/ holds two --mode json files (3 + 2 checks) and a session file (3); the Codex file has 1.
  assert.equal(out.trimEnd().split("\n").at(-1), "4 transcripts, 9 checks: 9 pass, 0 fail, 0 error; every record as expected.");
  assert.match(out, /^pi\/untether_pi-mode-json_bash-write\.jsonl {2}\(pi: 1 turn, 2 events\)$/m);
});
