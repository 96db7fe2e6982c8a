// The transcript part of the main job (issue 5, item 9), ready for
// scripts/demo.sh to run: normalise every real transcript of
// tests/fixtures/transcripts/, run a set of reeval-style assertions written
// for them (by hand, from the files), and print every check's record
// ({ label, matcher, status, soft, message? }). All must pass.
//
//   node --test tests/js/transcripts-main.test.mjs
//   node tests/js/transcripts-main.test.mjs --print     (records only)

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRecorder, normalizeTranscript } from "../../pkg/index.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const load = (p, options) => normalizeTranscript(readFileSync(join(root, "tests", "fixtures", "transcripts", p), "utf8"), options);

/** The assertions, per transcript: (expect, soft, run) => void. */
const SUITE = [
  [
    "claude-code/claudeless_session_write-read-edit-denied.jsonl",
    (expect, soft, c) => {
      expect(c.turns[0], "writes the file").toHaveEdited();
      expect(c.turns[1], "the rejected edit is no edit").not.toHaveEdited();
      expect(c.turns[1]).toHaveCalledTool("Read");
      soft(c).toHaveCalledInOrder(["Read", "Edit"]);
      expect(c).not.toHaveRun();
    },
  ],
  [
    "claude-code/agentcmd_session-line_tool-mcp__happy__change_title.jsonl",
    (expect, soft, c) => {
      expect(c).toHaveCalledMcp("happy", "change_title", { title: "New Chat Session" });
      expect(c).toHaveCalledTool(/^mcp__happy__/);
    },
  ],
  [
    "codex/untether_SYNTHETIC_all_item_types.jsonl",
    (expect, soft, c) => {
      expect(c.turns[0], "runs the tests").toHaveRun(/pytest/);
      expect(c.turns[0]).toHaveEdited("src/compute_answer.py");
      expect(c.turns[0]).toHaveCalledMcp("github", "search_issues", { q: "exec --json" });
      expect(c.turns[0]).toHaveSearched("codex exec --json");
      expect(c).toHaveCalledTimes("shell", 2);
      soft(c.turns[1], "the failed turn did nothing").not.toHaveRun();
    },
  ],
  [
    "codex/untether_codex-0.157_web_search.jsonl",
    (expect, soft, c) => {
      expect(c).toHaveSearched(/codex-cli latest version/);
      expect(c).not.toHaveFetched("example.com");
    },
  ],
  [
    "codex/agentcmd_codex-exec_file_change.jsonl",
    (expect, soft, c) => {
      expect(c).toHaveEdited("hello.txt");
    },
    { workspace: "/private/tmp/codex-research-test" },
  ],
  [
    "gemini-cli/agentcmd_gemini-session-msg_tool-google_web_search.json",
    (expect, soft, c) => {
      expect(c).toHaveSearched("restrictedpy");
    },
  ],
  [
    "gemini-cli/agentcmd_gemini-session-msg_tool-replace.json",
    (expect, soft, c) => {
      expect(c).toHaveEdited("created.txt");
    },
  ],
  [
    "gemini-cli/agentcmd_gemini-session-msg_tool-run_shell_command.json",
    (expect, soft, c) => {
      expect(c, "the cancelled command still counts as run").toHaveRun("python3");
    },
  ],
  [
    "opencode/untether_opencode-run-json_bash.jsonl",
    (expect, soft, c) => {
      expect(c).toHaveRun("echo hello");
      expect(c).not.toHaveEdited();
    },
  ],
  [
    "pi/untether_pi-mode-json_bash-write.jsonl",
    (expect, soft, c) => {
      expect(c).toHaveRun("ls -la");
      expect(c).toHaveEdited("notes.md");
      expect(c).toHaveCalledInOrder(["bash"]);
    },
  ],
  [
    "pi/untether_pi-mode-json_print_events.jsonl",
    (expect, soft, c) => {
      expect(c.turns[0]).toHaveCalledTool("read", { path: "README.md" });
      expect(c.turns[1]).not.toHaveCalledTool(/./);
    },
  ],
  [
    "cursor/cursor-hack_parallel-sleep.jsonl",
    (expect, soft, c) => {
      expect(c).toHaveRun("sleep 6");
      expect(c).toHaveRun("sleep 4");
      expect(c).toHaveCalledTimes("shell", 2);
    },
  ],
  [
    "cursor/cursor-hack_direct-sleep.jsonl",
    (expect, soft, c) => {
      expect(c, "sleeps in order").toHaveCalledInOrder(["shell", "shell"]);
      expect(c).toHaveRun(/^sleep 3$/);
    },
  ],
];

export function runSuite() {
  const out = [];
  for (const [file, checks, options] of SUITE) {
    const c = load(file, options);
    const rec = createRecorder();
    checks(rec.expect, rec.soft, c);
    out.push({ file, harness: c.harness, ...rec.finish() });
  }
  return out;
}

test("the real transcripts pass their assertions", () => {
  for (const { file, harness, pass, records } of runSuite()) {
    for (const r of records) console.log(`${harness.padEnd(11)} ${r.status.padEnd(4)} ${r.soft ? "soft " : ""}${r.label}${r.message ? ` — ${r.message}` : ""}`);
    assert.ok(pass, file);
  }
});

if (process.argv.includes("--print")) console.log(JSON.stringify(runSuite(), null, 2));
