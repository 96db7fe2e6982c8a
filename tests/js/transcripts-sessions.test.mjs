// Stored sessions and the workspace a transcript records (issue 11, items 5
// and 7), through the built package (pkg/): Codex rollout files, pi session
// files, ACP's session/new cwd, the NOTHING_READ diagnostic, and
// toHaveChanged's workspace on absolute diff paths. Every expected value was
// written by hand from the fixture files (tests/fixtures/transcripts/, see
// SOURCES.md), never pasted from the code's output.
//
//   node --test tests/js/transcripts-sessions.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as m from "../../pkg/index.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const fixture = (p) => readFileSync(join(root, "tests", "fixtures", "transcripts", p), "utf8");
const ROLLOUT = "codex/agtrace_codex-0.66-rollout_shell-command-apply-patch.jsonl";
const PI = "pi/pi-mono_session-file_before-compaction.jsonl";
const brief = (run) => run.events.map((e) => [e.turn, e.type, e.name, e.toolCallId, e.path ?? e.target, e.ok]);

test("a Codex rollout file is read as Codex, detected or named", () => {
  for (const options of [undefined, { harness: "codex" }]) {
    const c = m.normalizeTranscript(fixture(ROLLOUT), options);
    assert.equal(c.harness, "codex");
    assert.deepEqual(c.diagnostics, []);
    assert.equal(c.turns.length, 2);
    assert.deepEqual(brief(c), [
      [0, "tool", "shell", "call_DyhFJrJJb2y0MiOOHVP7KaVG", "mkdir -p myapp", true],
      [0, "file-edit", "apply_patch", "call_pBXH93fl6ZXH2svDOFIlr8GA", "myapp/hoge.py", true],
      [1, "tool", "shell", "call_5j2yJgrbOClvto1R8nvfSoJS", "python hoge.py", false],
      [1, "tool", "shell", "call_hm1XO5EQnKjpErxjNjpINQ2x", "python hoge.py", false],
      [1, "tool", "shell", "call_mI2n5JLETgVMNGApYPPAjEwD", "python3 hoge.py", true],
    ]);
    assert.equal(c.events[1].input, "*** Begin Patch\n*** Add File: myapp/hoge.py\n+print(1 + 1)\n*** End Patch");
    assert.deepEqual([c.events[0].atMs, c.events[0].durationMs], [13780, 141]);
    assert.ok(m.toHaveRun(c, /^python3 /).pass);
    assert.ok(m.toHaveEdited(c.turns[0], "myapp/hoge.py").pass);
    assert.ok(m.not.toHaveEdited(c.turns[1]).pass);
  }
});

test("a pi session file's header cwd makes its paths workspace-relative; an explicit workspace wins", () => {
  const c = m.normalizeTranscript(fixture(PI));
  assert.equal(c.harness, "pi");
  assert.deepEqual(c.diagnostics, []);
  assert.equal(c.turns.length, 55);
  assert.equal(c.events.length, 454);
  assert.deepEqual(brief(c).slice(0, 2), [
    [0, "tool", "read", "toolu_012yuiPP1VAfh196GXaAmT8D", "packages/coding-agent/src/main.ts", true],
    [0, "tool", "read", "toolu_018AGG1WjGWVfUR2Sibzkh2Q", "packages/coding-agent/src/tui/tui-renderer.ts", true],
  ]);
  assert.ok(m.toHaveEdited(c, "packages/coding-agent/docs/refactor.md").pass);
  assert.ok(m.toHaveRun(c, "git checkout -b refactor").pass);
  const mine = m.normalizeTranscript(fixture(PI), { workspace: "/Users/badlogic" });
  const write = mine.events.find((e) => e.toolCallId === "toolu_01Xt4pFeRqFqxri1aV3XLAmF");
  assert.equal(write.path, "workspaces/pi-mono/packages/coding-agent/docs/refactor.md");
});

test("ACP's session/new cwd is the workspace", () => {
  // The shapes of ACP's session/new request and session/update notification (no public recording found).
  const log = [
    { jsonrpc: "2.0", id: 1, method: "session/new", params: { cwd: "/home/user/project", mcpServers: [] } },
    { jsonrpc: "2.0", method: "session/update", params: { sessionId: "s", update: { sessionUpdate: "tool_call", toolCallId: "e1", kind: "edit", status: "completed", locations: [{ path: "/home/user/project/src/a.ts" }] } } },
  ];
  const c = m.normalizeTranscript(log);
  assert.deepEqual(brief(c), [[0, "file-edit", "acp_tool_e1", "e1", "src/a.ts", true]]);
});

test("reading nothing from a non-empty input is a NOTHING_READ diagnostic, never silently an empty run", () => {
  const c = m.normalizeTranscript(fixture(ROLLOUT), { harness: "claude-code" });
  assert.deepEqual(c.events, []);
  assert.deepEqual(c.diagnostics, [
    {
      code: "NOTHING_READ",
      path: "input",
      message: 'read nothing from 55 records: none is a claude-code turn or tool call (they look like codex\'s: pass options.harness "codex")',
    },
  ]);
  const none = m.normalizeTranscript("no JSON here\n");
  assert.equal(none.harness, "unknown");
  assert.deepEqual(none.diagnostics.map((d) => [d.code, d.message]), [["NOTHING_READ", "read nothing: no line of the input is a JSON record"]]);
  assert.deepEqual(m.normalizeTranscript(new TextEncoder().encode('{"foo":1}'), { harness: "goose" }).diagnostics[0].message, "read nothing from 1 record: none is a goose turn or tool call");
  assert.deepEqual(m.normalizeTranscript("").diagnostics, []);
  assert.deepEqual(m.normalizeTranscript([]).diagnostics, []);
  assert.deepEqual(m.readTranscriptJsonl("# nothing\n").diagnostics.map((d) => d.code), ["NOTHING_READ"]);
});

test("toHaveChanged's workspace strips absolute diff paths as it strips globs", () => {
  const turn = { events: [], diff: { files: [{ path: "/w/test/greet.test.js", status: "modified" }, { path: "/w/src/greet.ts", status: "modified" }] } };
  assert.deepEqual(m.not.toHaveChanged(turn, "test/**", { workspace: "/w" }), {
    pass: false,
    message: 'expected no changes to test/**, got ["test/greet.test.js" (modified)]',
  });
  assert.ok(m.toHaveChanged(turn, "/w/src/greet.ts", { workspace: "/w" }).pass);
  assert.ok(m.toHaveChanged(turn, "src", { workspace: "/w/" }).pass);
  assert.ok(m.not.toHaveChanged(turn, "test/**", { workspace: "/w", ignore: ["test/"] }).pass);
  assert.throws(() => m.toHaveChanged(turn, "src", { workspace: ["/w"] }), (e) => e.code === "INVALID_OPTION" && e.path === "options.workspace");
});
