// `toolResponseMatchers` (with the transcript matchers) in real runs of
// Vitest (3.2.4), Jest (30.5.2, ESM) and Playwright Test (1.65.1, no
// browser), each started here as a user would start it. In each run: the
// matchers pass and fail as asked, `.not` works, async matchers are awaited,
// a failure's message carries the received text / the diff, and
// toMatchToolSnapshot keeps its snapshot the runner's way (a first run writes
// it, a differing stored one fails with the unified diff, `.not` writes
// nothing).
//
//   node --test tests/js/expect-runners.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
// The package as a user installs it: the packed tarball that tests/pack/check.sh installed
// (test-output/pack-project, earlier in the README's test command), imported by its names
// (`mcp-matchers/vitest`); pkg/ by file URL when that copy is absent (this file run alone).
const packed = join(root, "test-output", "pack-project");
const fromTarball = existsSync(join(packed, "node_modules", "mcp-matchers", "package.json"));
const pkg = (f) => JSON.stringify(fromTarball ? `mcp-matchers/${f.replace(/\.js$/, "")}` : pathToFileURL(join(root, "pkg", f)).href);
const fixture = (p) => JSON.stringify(join(root, "tests", "fixtures", p));
// CI="" so that Vitest and Jest are not in CI mode (where a missing snapshot is never written).
const env = { ...process.env, CI: "", NO_COLOR: "1", FORCE_COLOR: "0" };
const plain = (s) => s.replace(/\x1b\[[0-9;]*m/g, "");

// Inside the installed project when testing the tarball, so that `mcp-matchers/…` resolves to
// it (and the runners themselves to the repository's node_modules, further up).
function workDir(name) {
  const base = fromTarball ? packed : join(root, "test-output");
  mkdirSync(base, { recursive: true });
  return mkdtempSync(join(base, `${name}-`));
}

test("the runners below use the packed tarball when tests/pack/check.sh installed it", () => {
  if (process.env.MCP_MATCHERS_FROM_TARBALL === "1") assert.equal(fromTarball, true, "test-output/pack-project is missing");
  console.log(fromTarball ? `mcp-matchers from the tarball installed in ${packed}` : "mcp-matchers from pkg/ (no installed tarball)");
});

// The body of every runner's spec: `it`/`test` and `expect` come from the runner.
const body = (stored) => `
const weather = JSON.parse(readFileSync(${fixture("responses/everything/get-structured-content.result.json")}, "utf8"));
const failure = JSON.parse(readFileSync(${fixture("responses/filesystem/read_text_file-enoent.result.json")}, "utf8"));
const failsWith = (fn, re) => {
  let message = null;
  try { fn(); } catch (e) { message = String(e.message); }
  if (message === null || !re.test(message)) throw new Error("expected a failure matching " + re + ", got " + message);
};
test("tool responses", async () => {
  expect(weather).toContainToolText(["temperature", "humidity"]);
  expect(weather).not.toBeToolError();
  expect(failure).toBeToolError("ENOENT");
  expect(weather).toMatchToolPattern(/"temperature":\\d+/);
  expect(weather).toHaveToolResponseSize({ maxBytes: 1000 });
  expect(weather).toMatchToolResponse({ structuredContent: { temperature: 36, conditions: "Light rain / drizzle", humidity: 82 }, content: weather.content });
  expect({ success: true, toolCalls: [{ name: "a", arguments: {} }] }).toHaveToolCallCount({ exact: 1 });
  failsWith(() => expect(weather).toContainToolText("snow"), /Response does not contain expected text: "snow"[\\s\\S]*Actual response \\(truncated\\):[\\s\\S]*Light rain/);
  failsWith(() => expect(weather).not.toContainToolText("rain"), /Expected response NOT to contain "rain", but it did/);
  failsWith(() => expect({ a: 1, b: "x" }).toMatchToolResponse({ a: 1, b: "y" }), /Response does not match expected value[\\s\\S]*"y"[\\s\\S]*"x"/);
  await expect(weather).toSatisfyToolPredicate((_r, text) => JSON.parse(text).humidity === 82, "humidity");
  await expect(weather).not.toSatisfyToolPredicate(() => false);
  await expect(expect(weather).not.toSatisfyToolPredicate(() => { throw new Error("boom"); })).rejects.toThrow("Predicate threw error: boom");
  clearJudgeRegistry();
  registerJudge("rain", async (c) => ({ score: JSON.stringify(c).includes("rain") ? 1 : 0 }));
  await expect(weather).toPassToolJudge({ judge: "rain" });
  await expect(failure).not.toPassToolJudge({ judge: "rain" });
});
test("snapshots the runner's way", async () => {
  await expect(weather).toMatchToolSnapshot("weather", ["uuid"]);
  await expect(weather).not.toMatchToolSnapshot("stale");
  await expect(expect(weather).toMatchToolSnapshot("stale")).rejects.toThrow(/Response does not match snapshot "stale"[\\s\\S]*-${stored}[\\s\\S]*\\+.*drizzle/);
  await expect({ content: [{ type: "text", text: "x" }] }).not.toMatchToolSnapshot("never-written");
});
`;

// Vitest and Jest: the transcript matchers too, through the same setup module.
const transcripts = `
test("transcripts", () => {
  const run = normalizeTranscript(readFileSync(${fixture("transcripts/codex/untether_SYNTHETIC_all_item_types.jsonl")}, "utf8"));
  const turn = run.turns[0];
  expect(turn).toHaveCalledMcp("github", "search_issues", { q: "exec --json" });
  expect(turn).toHaveCalledInOrder(["shell", /^mcp__github__/]);
  expect(turn).toHaveCalledTimes("apply_patch", 1);
  expect(turn).not.toHaveFetched("example.com");
  failsWith(() => expect(turn).toHaveCalledTimes("shell", 5), /shell/);
});
`;

const STORED = "an older answer";
function checkSnapshots(file, stale) {
  const text = readFileSync(file, "utf8");
  assert.match(text, /"temperature":36/);
  assert.equal(readFileSync(stale, "utf8"), STORED, "a failing snapshot is not rewritten");
}

test("toolResponseMatchers and transcriptMatchers in a real Vitest run", () => {
  const work = workDir("expect-vitest");
  try {
    mkdirSync(join(work, "__snapshots__"));
    writeFileSync(join(work, "__snapshots__", "stale.txt"), STORED);
    writeFileSync(
      join(work, "matchers.test.mjs"),
      `import ${pkg("vitest.js")};
import { expect, test } from "vitest";
import { readFileSync } from "node:fs";
import { clearJudgeRegistry, registerJudge } from ${pkg("expect.js")};
import { normalizeTranscript } from ${pkg("transcripts.js")};
${body(STORED)}${transcripts}`,
    );
    const r = spawnSync(join(root, "node_modules", ".bin", "vitest"), ["run", "--root", work], { encoding: "utf8", timeout: 120_000, env });
    const out = plain(r.stdout + r.stderr);
    assert.equal(r.status, 0, out);
    assert.match(out, /Tests\s+3 passed/);
    checkSnapshots(join(work, "__snapshots__", "weather.txt"), join(work, "__snapshots__", "stale.txt"));
    assert.equal(existsSync(join(work, "__snapshots__", "never-written.txt")), false);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test("toolResponseMatchers and transcriptMatchers in a real Jest run (ESM)", () => {
  const work = workDir("expect-jest");
  try {
    mkdirSync(join(work, "__snapshots__"));
    writeFileSync(join(work, "__snapshots__", "stale.txt"), STORED);
    writeFileSync(join(work, "jest.config.json"), JSON.stringify({ rootDir: work, testEnvironment: "node", transform: {}, testMatch: ["**/*.test.mjs"] }));
    writeFileSync(
      join(work, "matchers.test.mjs"),
      `import ${pkg("jest.js")};
import { expect, test } from "@jest/globals";
import { readFileSync } from "node:fs";
import { clearJudgeRegistry, registerJudge } from ${pkg("expect.js")};
import { normalizeTranscript } from ${pkg("transcripts.js")};
${body(STORED)}${transcripts}`,
    );
    const jest = join(root, "node_modules", "jest", "bin", "jest.js");
    const r = spawnSync(process.execPath, ["--experimental-vm-modules", jest, "--config", join(work, "jest.config.json"), "--ci=false"], {
      cwd: work,
      encoding: "utf8",
      timeout: 120_000,
      env,
    });
    const out = plain(r.stdout + r.stderr);
    assert.equal(r.status, 0, out);
    assert.match(out, /Tests:\s+3 passed, 3 total/);
    checkSnapshots(join(work, "__snapshots__", "weather.txt"), join(work, "__snapshots__", "stale.txt"));
    assert.equal(existsSync(join(work, "__snapshots__", "never-written.txt")), false);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test("toolResponseMatchers in a real Playwright Test run (no browser): mcp-matchers/playwright and expect.extend", () => {
  const work = workDir("expect-playwright");
  try {
    writeFileSync(join(work, "playwright.config.mjs"), `export default { testDir: ".", testMatch: "*.spec.mjs", outputDir: "./results", reporter: "line", workers: 1 };\n`);
    // One spec with the package's ready `expect`, one extending Playwright's own with the object.
    const head = (imports) => `import { test } from "@playwright/test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
${imports}
test.beforeEach(() => {
  const stale = test.info().snapshotPath("stale.txt");
  mkdirSync(dirname(stale), { recursive: true });
  writeFileSync(stale, ${JSON.stringify(STORED)});
});
`;
    writeFileSync(join(work, "ready.spec.mjs"), head(`import { clearJudgeRegistry, expect, registerJudge } from ${pkg("playwright.js")};`) + body(STORED));
    writeFileSync(
      join(work, "extended.spec.mjs"),
      head(`import { expect as base } from "@playwright/test";
import { clearJudgeRegistry, toolResponseMatchers, registerJudge } from ${pkg("expect.js")};
const expect = base.extend(toolResponseMatchers);`) + body(STORED),
    );
    const cli = join(root, "node_modules", "@playwright", "test", "cli.js");
    const r = spawnSync(process.execPath, [cli, "test", "--config", join(work, "playwright.config.mjs")], { cwd: work, encoding: "utf8", timeout: 120_000, env });
    const out = plain(r.stdout + r.stderr);
    assert.equal(r.status, 0, out);
    assert.match(out, /4 passed/);
    for (const spec of ["ready", "extended"]) {
      const dir = join(work, `${spec}.spec.mjs-snapshots`);
      const files = readdirSync(dir).sort();
      assert.deepEqual(files.map((f) => f.replace(/-linux|-darwin|-win32/, "")), ["stale.txt", "weather.txt"], spec);
      checkSnapshots(join(dir, files[1]), join(dir, files[0]));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
