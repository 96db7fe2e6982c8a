// The viewer's "Copy as test" (www/copy-test.js, issue 14 item 7) writes a
// Vitest file; here each one runs in a real Vitest run next to a copy of the
// fixture it judges, and a wrong expectation makes that run fail. Expected
// values come from the fixture files (the legacy function_call trace's call,
// the pi transcript's `ls -la` and notes.md write, server-everything's echo).

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { testSource } from "../../www/copy-test.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const from = pathToFileURL(join(root, "pkg", "index.js")).href;
const vitest = join(root, "node_modules", ".bin", "vitest");

// `bom`: the fixture saved with a byte order mark first (as some editors save files).
function runVitest(spec, fixture, { bom = false } = {}) {
  const work = mkdtempSync(join(root, "target", "copy-as-test-"));
  try {
    const file = basename(fixture);
    if (bom) writeFileSync(join(work, file), `\uFEFF${readFileSync(join(root, fixture), "utf8")}`);
    else copyFileSync(join(root, fixture), join(work, file));
    writeFileSync(join(work, "viewer.test.mjs"), testSource({ ...spec, file, from }));
    const r = spawnSync(vitest, ["run", "--root", work], { encoding: "utf8", timeout: 120_000, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
    return { status: r.status, out: (r.stdout + r.stderr).replace(/\x1b\[[0-9;]*m/g, "") };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const skip = existsSync(vitest) ? false : "vitest not installed";

test("copy as test: a trace's expected calls pass in Vitest, and a wrong one fails", { skip }, () => {
  const fixture = "tests/fixtures/traces/openai-chat/completion.legacy-function-call.HANDWRITTEN.json";
  const call = JSON.parse(readFileSync(join(root, fixture), "utf8")).choices[0].message.function_call;
  const expected = [{ toolName: call.name, arguments: JSON.parse(call.arguments) }];
  let r = runVitest({ kind: "trace", expected, options: {} }, fixture);
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /Tests\s+1 passed/);
  r = runVitest({ kind: "trace", expected: [{ toolName: call.name, arguments: { format: "fahrenheit" } }], options: { argumentMatching: "partial" } }, fixture);
  assert.notEqual(r.status, 0);
  assert.match(r.out, /argumentMismatches/);
});

test("copy as test: transcript assertions (whole run, one turn, negated, regex) pass in Vitest, and a false one fails", { skip }, () => {
  const fixture = "tests/fixtures/transcripts/pi/untether_pi-mode-json_bash-write.jsonl";
  const assertions = ['toHaveRun("ls")', "turn 0: toHaveEdited(\"notes.md\")", "not.toHaveRun(/rm -rf/)", "# a comment", 'turn 0: toHaveCalledTool("bash")'].join("\n");
  let r = runVitest({ kind: "transcript", assertions }, fixture);
  assert.equal(r.status, 0, r.out);
  r = runVitest({ kind: "transcript", assertions: "not.toHaveRun(/ls/)" }, fixture);
  assert.notEqual(r.status, 0);
  assert.match(r.out, /expected no shell commands matching \/ls\//);
});

test("copy as test: a tool response's texts and patterns pass in Vitest, and a missing text fails", { skip }, () => {
  const fixture = "tests/fixtures/responses/everything/echo-unicode.result.json";
  let r = runVitest({ kind: "response", texts: ["naïve café"], patterns: ["/日本語/u", "Echo:"], caseSensitive: true }, fixture);
  assert.equal(r.status, 0, r.out);
  r = runVitest({ kind: "response", texts: ["NAÏVE"], patterns: [], caseSensitive: true }, fixture);
  assert.notEqual(r.status, 0);
});

test("copy as test: files saved with a byte order mark are judged as the viewer judges them", { skip }, () => {
  let r = runVitest({ kind: "response", texts: ["naïve café"], patterns: [], caseSensitive: true }, "tests/fixtures/responses/everything/echo-unicode.result.json", { bom: true });
  assert.equal(r.status, 0, r.out);
  const fixture = "tests/fixtures/traces/openai-chat/completion.legacy-function-call.HANDWRITTEN.json";
  const call = JSON.parse(readFileSync(join(root, fixture), "utf8")).choices[0].message.function_call;
  r = runVitest({ kind: "trace", expected: [{ toolName: call.name, arguments: JSON.parse(call.arguments) }], options: {} }, fixture, { bom: true });
  assert.equal(r.status, 0, r.out);
});

test("copy as test refuses what it cannot write", () => {
  assert.throws(() => testSource({ kind: "dataset", file: "d.json" }), /no test to write for a dataset/);
  assert.throws(() => testSource({ kind: "transcript", file: "t.jsonl", assertions: "toHaveRun ls" }), /toHaveRun ls — not an assertion/);
  // Lines the viewer does not run are not written either (a test that passes or does not parse).
  assert.throws(() => testSource({ kind: "transcript", file: "t.jsonl", assertions: 'toHaveRun("ls")\ntoBeTruthy()' }), /toBeTruthy\(\) — unknown matcher toBeTruthy/);
  assert.throws(() => testSource({ kind: "transcript", file: "t.jsonl", assertions: "toHaveRun(/[/)" }), /toHaveRun\(\/\[\/\) — arguments are not JSON values or \/regex\/ literals/);
  assert.throws(() => testSource({ kind: "transcript", file: "t.jsonl", assertions: "toHaveRun(`ls`)" }), /arguments are not JSON values/);
});
