// A normalised run is kept inside the WebAssembly module (issue 13 item 3):
// its turns become JS objects when read, and a matcher given the run or one
// of its turns reads the events there. These tests pin what a caller can
// rely on: the verdicts are those of the same run sent as plain objects
// (the path every fixture test of tests/js/transcripts*.test.mjs checks
// against the seed); what the caller sets on a run or turn (`diff`, assigned
// `events`) is what the matchers read; the events read out are frozen; a
// freed run refuses what it no longer has; a run that left the module (more
// than 32 kept) or outlived a trap is read again from its input.
// Expected verdicts come from the fixture files (tests/fixtures/transcripts,
// SOURCES.md) and reeval's matcher semantics (seed reeval-matchers.txt).
//
//   node --test tests/js/transcripts-kept.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as tx from "../../pkg/transcripts.js";
import { families } from "../../pkg/errors.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dir = join(root, "tests", "fixtures", "transcripts");
const fixture = (p) => readFileSync(join(dir, p), "utf8");
// The fixture's one call is Bash running `ls -la` (gleam-sdk_assistant_tool_use_bash.json).
const BASH = "claude-code/gleam-sdk_assistant_tool_use_bash.json";
// Two turns: a Write (a file-edit event) in turn 0, a Read and a denied Edit (tool events) in turn 1.
const TWO_TURNS = "claude-code/claudeless_session_write-read-edit-denied.jsonl";

const QUESTIONS = [
  (r) => tx.toHaveRun(r),
  (r) => tx.toHaveRun(r, /ls|git|npm/),
  (r) => tx.not.toHaveRun(r, "rm -rf"),
  (r) => tx.toHaveEdited(r),
  (r) => tx.toHaveCalledTool(r, /./),
  (r) => tx.toHaveCalledTool(r, "Read"),
  (r) => tx.toHaveCalledTimes(r, /./, 1),
  (r) => tx.toHaveCalledInOrder(r, ["Write", "Read"]),
  (r) => tx.trajectoryF1(r, ["Write", "Read", "Edit"], 0.5),
  (r) => tx.toHaveChanged(r),
];
const verdicts = (subject) =>
  QUESTIONS.map((q) => {
    try {
      return q(subject);
    } catch (e) {
      return `${e.name}: ${e.message}`;
    }
  });

test("every fixture: the kept run and its turns answer as the same run sent as plain objects", () => {
  let files = 0;
  for (const harness of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const name of readdirSync(join(dir, harness.name)).filter((f) => /\.jsonl?$/.test(f))) {
      const run = tx.normalizeTranscript(fixture(`${harness.name}/${name}`));
      const plain = structuredClone(run); // plain data: not kept, so every matcher sends it
      assert.deepEqual(verdicts(run), verdicts(plain), `${harness.name}/${name} (run)`);
      run.turns.forEach((t, i) => assert.deepEqual(verdicts(t), verdicts(plain.turns[i]), `${harness.name}/${name} turn ${i}`));
      files += 1;
    }
  }
  assert.ok(files >= 15, `${files} fixtures`);
});

test("what the caller sets on a run or turn is what the matchers read", () => {
  const run = tx.normalizeTranscript(fixture(BASH));
  assert.equal(tx.toHaveRun(run, "ls").pass, true);
  // No diff recorded: toHaveChanged fails; a diff set on the run is read (reeval: turn.diff.files).
  assert.equal(tx.toHaveChanged(run, "src/*.ts").pass, false);
  run.diff = { files: [{ path: "src/a.ts", status: "modified" }] };
  assert.equal(tx.toHaveChanged(run, "src/*.ts").pass, true);
  const [turn] = run.turns;
  turn.diff = { files: [{ path: "lib/b.js", status: "added" }] };
  assert.equal(tx.toHaveChanged(turn, "lib/*.js").pass, true);
  // The run's own diff wins over its turns' (as for a run sent as objects); without one, the
  // run reads its latest turn's diff, here the one the caller assigned to the turn.
  assert.equal(tx.toHaveChanged(run, "lib/*.js").pass, false);
  run.diff = undefined;
  assert.equal(tx.toHaveChanged(run, "lib/*.js").pass, true);
  assert.throws(() => turn.unreported.push("web-search"), TypeError);
  // Assigned events replace the kept ones.
  run.events = [];
  assert.equal(tx.toHaveRun(run, "ls").pass, false);
  turn.events = [{ turn: 0, type: "tool", name: "bash", target: "git status", input: { command: "git status" } }];
  assert.equal(tx.toHaveRun(turn, "git status").pass, true);
  assert.equal(tx.toHaveRun(turn, "ls").pass, false);
});

test("a run's turns and events are the same objects, frozen, and plain data to JSON and structuredClone", () => {
  const run = tx.normalizeTranscript(fixture(TWO_TURNS));
  assert.deepEqual(Object.keys(run), ["harness", "turns", "events", "diagnostics"]);
  assert.equal(run.turns.length, 2);
  assert.equal(run.events.length, 3);
  assert.equal(run.events[1], run.turns[1].events[0]);
  assert.throws(() => run.events.push({}), TypeError);
  assert.throws(() => {
    run.turns[0].events[0].name = "Other";
  }, TypeError);
  const copy = JSON.parse(JSON.stringify(run));
  assert.deepEqual(copy, structuredClone(run));
  assert.deepEqual(copy.events.map((e) => e.name), ["Write", "Read", "Edit"]);
  copy.events[0].name = "Other"; // a copy is the caller's to change
});

test("free(): what was read stays usable, what was not is refused with INVALID_ARGUMENT", () => {
  const unread = tx.normalizeTranscript(fixture(BASH));
  unread.free();
  unread.free(); // twice is fine
  assert.throws(() => unread.turns, { name: "MatcherError", code: "INVALID_ARGUMENT", path: "run" });
  assert.throws(() => tx.toHaveRun(unread, "ls"), { name: "MatcherError", code: "INVALID_ARGUMENT", path: "actual" });
  const read = tx.normalizeTranscript(fixture(BASH));
  const [turn] = read.turns;
  read.free();
  assert.equal(tx.toHaveRun(read, "ls").pass, true);
  assert.equal(tx.toHaveRun(turn, "ls").pass, true);
  if (typeof Symbol.dispose === "symbol") {
    const disposed = tx.normalizeTranscript(fixture(BASH));
    disposed[Symbol.dispose]();
    assert.throws(() => disposed.events, { code: "INVALID_ARGUMENT" });
  }
});

test("a run that left the module (more than 32 kept) or outlived a trap is read again from its input", () => {
  const first = tx.normalizeTranscript(fixture(TWO_TURNS));
  const others = Array.from({ length: 40 }, () => tx.normalizeTranscript(fixture(BASH)));
  // Tool matchers see tool events only; the Write is a file edit (seed: toHaveEdited).
  assert.equal(tx.toHaveCalledInOrder(first, ["Read", "Edit"]).pass, true);
  assert.equal(tx.toHaveEdited(first).pass, true);
  assert.equal(first.turns[1].events.length, 2);
  assert.equal(others.every((r) => tx.toHaveRun(r, "ls -la").pass), true);
  const kept = tx.normalizeTranscript(fixture(TWO_TURNS));
  assert.throws(() => families.transcripts.__trap_for_tests(0), { code: "INTERNAL" });
  assert.equal(tx.toHaveCalledTool(kept, "Edit").pass, true);
  assert.equal(kept.turns[0].events[0].name, "Write");
});

test("normalizeTranscript's argument errors are unchanged", () => {
  assert.throws(() => tx.normalizeTranscript(fixture(BASH), { harness: "claude-desktop" }), { code: "INVALID_OPTION", path: "options.harness" });
  assert.throws(() => tx.normalizeTranscript(fixture(BASH), { workspace: 7 }), { code: "INVALID_OPTION", path: "options.workspace" });
  assert.throws(() => tx.normalizeTranscript(7), { code: "INVALID_ARGUMENT", path: "input" });
});

// Issue 14 item 4 / issue 13: a transcript larger than one payload (32 Mi
// characters) is read, as JSON lines in pieces, not refused. The fixture
// (tests/fixtures/transcripts/codex/agentcmd_codex-exec_file_change.jsonl) is
// one Codex turn whose one event is an apply_patch file-edit of hello.txt;
// 60,000 copies (each copy's item ids made its own, as a real run's are) are
// over 36 MB: 60,000 turns of one file-edit each.
test("a transcript of more than 32 Mi characters is read in pieces", () => {
  const unit = fixture("codex/agentcmd_codex-exec_file_change.jsonl");
  const copies = 60_000;
  const text = Array.from({ length: copies }, (_, k) => unit.replaceAll('"item_', `"c${k}_item_`)).join("");
  assert.ok(text.length > 32 * 1024 * 1024);
  const run = tx.normalizeTranscript(text);
  assert.equal(run.harness, "codex");
  assert.deepEqual(run.diagnostics, []);
  assert.equal(tx.toHaveEdited(run, "hello.txt").pass, true);
  assert.equal(run.events.length, copies);
  assert.ok(run.events.every((e) => e.type === "file-edit" && e.name === "apply_patch"));
  assert.equal(tx.toHaveRun(run).pass, false);
  assert.equal(run.turns.length, copies);
  assert.equal(run.turns[copies - 1].events[0].path, "/private/tmp/codex-research-test/hello.txt");
  run.free();
});
