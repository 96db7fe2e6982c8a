// The transcript family through the built package (pkg/): normalizeTranscript
// on the real fixtures (tests/fixtures/transcripts/), the matchers with the
// seed's messages (reeval-matchers.txt), errors, and the Vitest-shaped
// transcriptMatchers. Every expected value was written by hand from the
// fixture files and the seed, never pasted from the code's output.
//
//   node --test tests/js/transcripts.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as m from "../../pkg/index.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const fixture = (p) => readFileSync(join(root, "tests", "fixtures", "transcripts", p), "utf8");
const norm = (p, o) => m.normalizeTranscript(fixture(p), o);
const brief = (run) => run.events.map((e) => [e.turn, e.type, e.name, e.path ?? e.query ?? e.url ?? e.target ?? "", e.ok]);

test("every harness is detected and normalised from its real file", () => {
  const cases = [
    ["claude-code/agentcmd_session-line_tool-mcp__happy__change_title.jsonl", "claude-code", [[0, "tool", "mcp__happy__change_title", "", undefined]]],
    [
      "claude-code/claudeless_session_write-read-edit-denied.jsonl",
      "claude-code",
      [
        [0, "file-edit", "Write", ".", true],
        [1, "tool", "Read", ".", true],
        [1, "tool", "Edit", ".", false],
      ],
    ],
    ["claude-code/gleam-sdk_assistant_tool_use_bash.json", "claude-code", [[0, "tool", "bash", "ls -la", undefined]]],
    ["codex/agentcmd_codex-exec_file_change.jsonl", "codex", [[0, "file-edit", "apply_patch", "/private/tmp/codex-research-test/hello.txt", true]]],
    [
      "codex/untether_codex-0.157_web_search.jsonl",
      "codex",
      [
        [0, "web-search", "web_search", "codex-cli latest version npm GitHub", undefined],
        [0, "web-search", "web_search", "", undefined],
      ],
    ],
    ["gemini-cli/agentcmd_gemini-session-msg_tool-google_web_search.json", "gemini-cli", [[0, "web-search", "google_web_search", "restrictedpy", true]]],
    ["gemini-cli/agentcmd_gemini-session-msg_tool-run_shell_command.json", "gemini-cli", [[0, "tool", "shell", "python3", false]]],
    ["opencode/untether_opencode-run-json_bash.jsonl", "opencode", [[0, "tool", "bash", "echo hello", true]]],
    ["opencode/untether_opencode-run-json_error.jsonl", "opencode", []],
    [
      "pi/untether_pi-mode-json_bash-write.jsonl",
      "pi",
      [
        [0, "tool", "bash", "ls -la", true],
        [0, "file-edit", "write", "notes.md", true],
      ],
    ],
    ["pi/untether_pi-mode-json_print_events.jsonl", "pi", [[0, "tool", "read", "README.md", true]]],
    ["cursor/cursor-hack_full_session.jsonl", "cursor", [[0, "tool", "shell", "sleep 5", true]]],
  ];
  for (const [file, harness, events] of cases) {
    const run = norm(file);
    assert.equal(run.harness, harness, file);
    assert.deepEqual(brief(run), events, file);
  }
  const claude = norm("claude-code/claudeless_session_write-read-edit-denied.jsonl");
  assert.equal(claude.turns.length, 2);
  assert.equal(claude.events[0].ts, "2026-02-02T05:38:24.210Z");
  assert.equal(claude.events[0].atMs, 3013);
  assert.equal(claude.events[0].durationMs, 453);
  const par = norm("cursor/cursor-hack_parallel-sleep.jsonl");
  assert.equal(par.events[0].toolCallId, "call_MZSwjBaQcdosfHhvJfsQqWdm\nfc_05e0124e90bd688f01698ca1281b3081939144eaa3db48daf5");
  assert.deepEqual(par.turns[0].unreported, ["web-search", "web-fetch"]);
  // Parsed records and a workspace option.
  const records = fixture("codex/agentcmd_codex-exec_file_change.jsonl").trim().split("\n").map((l) => JSON.parse(l));
  const ws = m.normalizeTranscript(records, { workspace: "/private/tmp/codex-research-test" });
  assert.equal(ws.events[0].path, "hello.txt");
});

test("transcript.jsonl round trip", () => {
  const line =
    '{"turn":0,"ts":"2026-09-26T18:01:03.610Z","atMs":4494,"durationMs":7096,"type":"web-search","toolCallId":"tool_25149535-3dd1-49a6-8027-0d896edbed2","query":"Node.js LTS release line 2025 2026 current","references":2}';
  const run = m.readTranscriptJsonl(line);
  assert.equal(run.harness, "reeval");
  assert.equal(run.events[0].query, "Node.js LTS release line 2025 2026 current");
  const out = m.writeTranscriptJsonl(run);
  // The seed's line without the field reeval's own writer adds ("references").
  assert.equal(
    out,
    '{"turn":0,"ts":"2026-09-26T18:01:03.610Z","atMs":4494,"durationMs":7096,"type":"web-search","toolCallId":"tool_25149535-3dd1-49a6-8027-0d896edbed2","query":"Node.js LTS release line 2025 2026 current"}\n',
  );
  assert.ok(out.endsWith("\n"));
  assert.ok(m.toHaveSearched(run, /node/i).pass);
});

const seedTurn = {
  turn: 0,
  unreported: [],
  events: [
    { turn: 0, type: "tool", name: "Read", target: ".claude/skills/house-greeting/SKILL.md" },
    { turn: 0, type: "tool", name: "mcp__stamp__house_stamp", input: { text: "Ahoy" } },
    { turn: 0, type: "tool", name: "bash", input: { command: "echo contract" } },
    { turn: 0, type: "file-edit", name: "Write", path: "greet.js", ok: true },
  ],
};

test("the seed's transcript matchers and messages", () => {
  assert.ok(m.toHaveCalledSkill(seedTurn, "house-greeting").pass);
  assert.ok(m.toHaveCalledMcp(seedTurn, "stamp", "house_stamp").pass);
  assert.ok(m.toHaveCalledMcp(seedTurn, "stamp", "house_stamp", { text: "Ahoy" }).pass);
  assert.deepEqual(m.toHaveCalledMcp(seedTurn, "stamp", "other"), {
    pass: false,
    message: 'expected MCP calls matching stamp/other, got ["stamp/house_stamp"]',
  });
  assert.ok(m.toHaveCalledTool(seedTurn, "mcp__stamp__house_stamp").pass);
  assert.ok(m.toHaveCalledTool(seedTurn, /^mcp__stamp__/).pass);
  assert.ok(m.toHaveCalledTool(seedTurn, "mcp__stamp__house_stamp", /Ah/).pass);
  assert.ok(m.toHaveCalledTool(seedTurn, "mcp__stamp__house_stamp", "Ahoy").pass);
  const onlyMcp = { ...seedTurn, events: [seedTurn.events[1]] };
  assert.equal(
    m.toHaveCalledTool(onlyMcp, "mcp__stamp__other").message,
    'expected tool calls matching mcp__stamp__other, got ["mcp__stamp__house_stamp"]',
  );
  const otherSkill = { events: [{ turn: 0, type: "tool", name: "skill", input: { name: "other" } }] };
  assert.equal(m.toHaveCalledSkill(otherSkill, "house-greeting").message, 'expected skill-like calls matching house-greeting, got ["skill:other"]');
  assert.ok(m.toHaveRun(seedTurn, /echo contract/).pass);
  assert.ok(m.toHaveEdited(seedTurn, "greet.js").pass);
  assert.equal(m.toHaveCalledTool(seedTurn, "Write").pass, false);
  const fetched = { events: [{ turn: 0, type: "web-fetch", url: "https://example.com/" }], unreported: [] };
  assert.deepEqual(m.not.toHaveFetched(fetched, "example.com"), {
    pass: false,
    message: 'expected no web fetches matching example.com, got ["https://example.com/"]',
  });
  assert.equal(m.toHaveSearched(fetched, /node/i).message, "expected web searches matching /node/i, got none");
});

test("matchers on real runs, turns and negations", () => {
  const codex = norm("codex/untether_SYNTHETIC_all_item_types.jsonl");
  assert.ok(m.toHaveCalledMcp(codex, "github", "search_issues", { q: "exec --json" }).pass);
  assert.ok(m.toHaveRun(codex.turns[0], "pytest").pass);
  assert.equal(m.toHaveRun(codex.turns[1]).message, "expected shell commands, got none");
  assert.ok(m.toHaveEdited(codex, "README.md").pass);
  assert.ok(m.toHaveSearched(codex, "exec --json").pass);
  assert.ok(m.toHaveCalledTimes(codex, "shell", 2).pass);
  assert.ok(m.toHaveCalledInOrder(codex, ["shell", /^mcp__/]).pass);
  const f = m.trajectoryF1(codex, ["shell", "apply_patch", "web_search", "read_file"], 0.5);
  assert.ok(Math.abs(f.f1 - 6 / 11) < 1e-12);
  assert.ok(f.pass);
});

test("HarnessCapabilityError, negated or not", () => {
  const cursor = norm("cursor/cursor-hack_full_session.jsonl");
  const text =
    "toHaveFetched() can't check this turn: its harness doesn't report web fetches ('web-fetch' is in turn.unreported), so the agent may have made them with no event. Check the reply or files instead, or use a harness that reports them.";
  for (const f of [m.toHaveFetched, m.not.toHaveFetched]) {
    assert.throws(
      () => f(cursor.turns[0], "example.com"),
      (e) => e instanceof m.HarnessCapabilityError && e.name === "HarnessCapabilityError" && e.message === text,
    );
  }
  assert.throws(() => m.toHaveSearched(cursor, /node/i), m.HarnessCapabilityError);
});

test("toHaveChanged, toHaveFile, toSucceed, toPass", () => {
  const turn = { events: [], diff: { files: [{ path: "test/greet.test.js", status: "modified" }, { path: "src/greet.ts", status: "modified" }] } };
  assert.deepEqual(m.not.toHaveChanged(turn, ["tsconfig.json", "biome.json", "test/**"]), {
    pass: false,
    message: 'expected no changes to tsconfig.json, biome.json, test/**, got ["test/greet.test.js" (modified)]',
  });
  assert.ok(m.toHaveChanged(turn, "src/greet.ts").pass);
  assert.ok(m.toHaveChanged(turn, "test").pass);
  assert.ok(m.toHaveChanged(turn, /\.ts$/).pass);
  assert.equal(m.toHaveChanged({ events: [], diff: { files: [] } }, "src/greet.ts").message, "expected changes to src/greet.ts, got none");
  assert.throws(() => m.toHaveChanged(turn, "{a,b}*".repeat(30)), (e) => e.name === "MatcherError" && e.code === "INVALID_ARGUMENT");

  const withFiles = { events: [], files: { "greet.js": "export const greet = (n) => `Ahoy ${n}`;\n" } };
  assert.ok(m.toHaveFile(withFiles, "greet.js", /Ahoy/).pass);
  assert.equal(m.toHaveFile(withFiles, "missing.js").message, "expected file missing.js to exist");
  assert.equal(
    m.toHaveFile(withFiles, "greet.js", /welcome/).message,
    "expected greet.js to match /welcome/\n--- greet.js ---\nexport const greet = (n) => `Ahoy ${n}`;\n",
  );
  assert.ok(m.toHaveFile({ events: [], files: (p) => (p === "a" ? "x" : undefined) }, "a", "x").pass);

  assert.deepEqual(m.toSucceed({ exitCode: 1, stdout: "out\n", stderr: "boom\n" }), {
    pass: false,
    message: "expected command to succeed, exit code 1\n--- stderr ---\nboom\n--- stdout ---\nout",
  });
  assert.throws(() => m.toSucceed("nope"), (e) => e.message.startsWith("toSucceed() expects run.exec(...)"));
  assert.equal(
    m.toPass({ question: "Is greet.js small and readable?", model: "fake", score: 0.95, threshold: 0.99 }).message,
    'judge score 0.95 is below 0.99 for "Is greet.js small and readable?" (fake)',
  );
  assert.equal(m.not.toPass({ score: 0.95, threshold: 0.9, verdict: "pass" }).message, "expected judge to fail: score 0.95 ≥ 0.9");
});

test("malformed calls throw MatcherError; the module keeps working", () => {
  assert.throws(
    () => m.toHaveCalledSkill(42, "x"),
    (e) => e.name === "MatcherError" && e.code === "INVALID_ARGUMENT" && e.path === "actual" && e.message.startsWith("toHaveCalledSkill() expects a turn from c.send(), or c"),
  );
  assert.throws(() => m.normalizeTranscript("{}", { harness: "copilot" }), (e) => e.code === "INVALID_OPTION" && e.path === "options.harness");
  assert.throws(() => m.toHaveCalledTool(seedTurn, /(?<=a)b/), (e) => e.code === "INVALID_ARGUMENT" && e.path === "name");
  assert.ok(m.toHaveCalledTool(seedTurn, "bash").pass);
});

test("options of the wrong type are refused, never dropped or coerced", () => {
  const opt = (fn, path) => assert.throws(fn, (e) => e.name === "MatcherError" && e.code === "INVALID_OPTION" && e.path === path);
  const text = fixture("codex/untether_SYNTHETIC_all_item_types.jsonl");
  opt(() => m.normalizeTranscript(text, { workspace: 5 }), "options.workspace");
  opt(() => m.normalizeTranscript(text, { workspace: () => "/w" }), "options.workspace");
  opt(() => m.normalizeTranscript(text, { mcpServers: "github" }), "options.mcpServers");
  opt(() => m.normalizeTranscript(text, { mcpServers: ["github", 7] }), "options.mcpServers[1]");
  const changed = { events: [], diff: { files: [{ path: "src/a.ts", status: "modified" }] } };
  opt(() => m.toHaveChanged(changed, "src/**", { ignore: "src/a.ts" }), "options.ignore");
  opt(() => m.toHaveChanged(changed, "src/**", { ignore: [/a/] }), "options.ignore[0]");
  opt(() => m.toHaveChanged(changed, "src/**", { workspace: 1 }), "options.workspace");
  opt(() => m.trajectoryF1(seedTurn, ["bash"], "0.5"), "threshold");
  opt(() => m.trajectoryF1(seedTurn, ["bash"], 2), "threshold");
  // The same calls with values of the right type work.
  assert.equal(m.normalizeTranscript(text, { workspace: "/w", mcpServers: ["github"] }).harness, "codex");
  assert.ok(m.toHaveChanged(changed, "src/**", { ignore: ["docs/**"] }).pass);
  assert.equal(m.trajectoryF1(seedTurn, ["bash"], 0.5).pass, m.trajectoryF1(seedTurn, ["bash"]).f1 >= 0.5);
});

test("transcriptMatchers follow Vitest's expect.extend contract", () => {
  const tm = m.transcriptMatchers;
  const fetched = { events: [{ turn: 0, type: "web-fetch", url: "https://example.com/" }], unreported: [] };
  // expect(turn).toHaveFetched("example.com") passes.
  let r = tm.toHaveFetched.call({ isNot: false }, fetched, "example.com");
  assert.equal(r.pass, true);
  // expect(turn).not.toHaveFetched("example.com"): Vitest fails when pass is true, showing message().
  r = tm.toHaveFetched.call({ isNot: true }, fetched, "example.com");
  assert.equal(r.pass, true);
  assert.equal(r.message(), 'expected no web fetches matching example.com, got ["https://example.com/"]');
  r = tm.toHaveCalledTool.call({ isNot: false }, seedTurn, "mcp__stamp__other");
  assert.equal(r.pass, false);
  assert.match(r.message(), /^expected tool calls matching mcp__stamp__other, got \[/);
});

test("labels and records (the seed's table)", () => {
  const rec = m.createRecorder();
  const withFiles = { events: [], files: { "greet.js": "export const greet = 1;\n" } };
  rec.soft(withFiles, "exports greet").toHaveFile("greet.js", /export/);
  rec.expect(withFiles).toHaveFile("greet.js");
  rec.expect(withFiles).toHaveFile("greet.js");
  rec.expect({ exitCode: 0 }).toSucceed();
  rec.expect({ score: 1, threshold: 0.5, verdict: "pass" }).toPass();
  assert.throws(
    () => rec.expect({ exitCode: 1, stdout: "", stderr: "" }, "house greeting").toSucceed(),
    (e) => e.name === "CheckFailure" && e.message === "house greeting: expected command to succeed, exit code 1",
  );
  rec.soft(seedTurn, "keeps the flow").toHaveRun();
  rec.soft(seedTurn, "keeps the flow").not.toHaveEdited("greet.js");
  assert.deepEqual(
    rec.records.map((r) => [r.label, r.matcher, r.status, r.soft]),
    [
      ["exports greet", "toHaveFile", "pass", true],
      ["toHaveFile greet.js", "toHaveFile", "pass", false],
      ["toHaveFile greet.js #2", "toHaveFile", "pass", false],
      ["toSucceed ", "toSucceed", "pass", false],
      ["toPass ", "toPass", "pass", false],
      ["house greeting", "toSucceed", "fail", false],
      ["keeps the flow", "toHaveRun", "pass", true],
      ["keeps the flow #2", "not.toHaveEdited", "fail", true],
    ],
  );
  assert.equal(rec.records[7].message, 'keeps the flow: expected no file edits matching greet.js, got ["greet.js"]');
  assert.equal(rec.finish().pass, false);
});

test("a run's events are its turns' events, in turn order, each stored once", () => {
  const c = norm("claude-code/claudeless_session_write-read-edit-denied.jsonl");
  assert.deepEqual(Object.keys(c), ["harness", "turns", "events", "diagnostics"]);
  assert.deepEqual(c.diagnostics, []);
  // Two turns (one Write; a Read and a refused Edit) and their three events.
  assert.deepEqual(c.turns.map((t) => t.events.length), [1, 2]);
  assert.equal(c.events.length, 3);
  assert.equal(c.events[0], c.turns[0].events[0]);
  assert.equal(c.events[2], c.turns[1].events[1]);
  // reeval's transcript.jsonl out of turn order: the run lists them by turn.
  const r = m.readTranscriptJsonl('{"turn":1,"type":"tool","name":"b"}\n{"turn":0,"type":"tool","name":"a"}\n');
  assert.deepEqual(r.events.map((e) => e.name), ["a", "b"]);
  assert.deepEqual(r.turns.map((t) => t.events.map((e) => e.name)), [["a"], ["b"]]);
});
