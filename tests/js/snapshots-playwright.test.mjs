// The Playwright wrapper of the snapshot helper in a real Playwright Test run
// (@playwright/test 1.65.1, a devDependency; no browser is used):
// expect.extend(playwrightSnapshotMatchers(() => test.info())) then
// expect(result).toMatchToolSnapshot(name, sanitizers) on a real recorded
// CallToolResult: first run writes the snapshot, a changed stored text fails
// with the diff, --update-snapshots rewrites it, .not never writes.
//
//   node --test tests/js/snapshots-playwright.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const cli = join(root, "node_modules", "@playwright", "test", "cli.js");

test("playwrightSnapshotMatchers in a real Playwright Test run", () => {
  // Inside the repository so that the spec resolves @playwright/test from its node_modules.
  mkdirSync(join(root, "test-output"), { recursive: true });
  const work = mkdtempSync(join(root, "test-output", "pw-snapshots-"));
  try {
    const pkg = pathToFileURL(join(root, "pkg", "snapshots-node.js")).href;
    const fixture = join(root, "tests", "fixtures", "responses", "everything", "get-structured-content.result.json");
    writeFileSync(join(work, "playwright.config.mjs"), `export default { testDir: ".", testMatch: "*.spec.mjs", outputDir: "./results", reporter: "line", workers: 1 };\n`);
    writeFileSync(
      join(work, "snap.spec.mjs"),
      `import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { playwrightSnapshotMatchers } from ${JSON.stringify(pkg)};
expect.extend(playwrightSnapshotMatchers(() => test.info()));
const weather = JSON.parse(readFileSync(${JSON.stringify(fixture)}, "utf8"));
test("weather", () => {
  expect(weather).toMatchToolSnapshot("weather", ["uuid"]);
  expect({ content: [{ type: "text", text: "something else" }] }).not.toMatchToolSnapshot("weather");
  expect({ content: [{ type: "text", text: "x" }] }).not.toMatchToolSnapshot("never-written");
});
`,
    );
    const run = (...args) =>
      spawnSync(process.execPath, [cli, "test", "--config", join(work, "playwright.config.mjs"), ...args], {
        cwd: work,
        encoding: "utf8",
        timeout: 120_000,
        env: { ...process.env, CI: "", FORCE_COLOR: "0", NO_COLOR: "1" },
      });
    const snapDir = join(work, "snap.spec.mjs-snapshots");
    const files = () => readdirSync(snapDir).sort();

    // 1. First run: the snapshot is written (Playwright's default "missing" mode); .not writes nothing.
    let r = run();
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.equal(files().length, 1);
    assert.match(files()[0], /^weather.*\.txt$/);
    const file = join(snapDir, files()[0]);
    const stored = readFileSync(file, "utf8");
    // The recorded text block: {"temperature":36,"conditions":"Light rain / drizzle","humidity":82}
    assert.match(stored, /"temperature":\s*36/);
    assert.match(stored, /Light rain \/ drizzle/);

    // 2. A changed stored text fails with a unified diff naming the snapshot.
    writeFileSync(file, stored.replace("drizzle", "snow"));
    r = run();
    assert.notEqual(r.status, 0);
    const out = r.stdout + r.stderr;
    assert.match(out, /Response does not match snapshot "weather"/);
    assert.match(out, /^\s*-.*snow/m);
    assert.match(out, /^\s*\+.*drizzle/m);

    // 3. --update-snapshots rewrites it.
    r = run("--update-snapshots");
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.equal(readFileSync(file, "utf8"), stored);
    assert.equal(files().length, 1);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test("playwrightSnapshotMatchers: a malformed testInfo is a coded error", async () => {
  const { playwrightSnapshotMatchers } = await import("../../pkg/snapshots-node.js");
  const m = playwrightSnapshotMatchers(() => ({}));
  assert.throws(() => m.toMatchToolSnapshot.call({}, { content: [] }, "x"), { code: "INVALID_ARGUMENT", path: "testInfo" });
  const ok = playwrightSnapshotMatchers({ snapshotPath: (n) => join("/nonexistent-dir", n) });
  assert.throws(() => ok.toMatchToolSnapshot.call({}, { content: [] }, "../escape"), { code: "INVALID_ARGUMENT", path: "name" });
});

test("snapshotMatchers in CI mode (--ci) never write a missing snapshot; bad options are coded errors", async () => {
  const { snapshotMatchers, playwrightSnapshotMatchers } = await import("../../pkg/snapshots-node.js");
  mkdirSync(join(root, "test-output"), { recursive: true });
  const work = mkdtempSync(join(root, "test-output", "ci-snapshots-"));
  try {
    const state = { testPath: join(work, "a.test.js"), snapshotState: { _updateSnapshot: "none" } };
    const r = snapshotMatchers.toMatchToolSnapshot.call(state, { content: [{ type: "text", text: "x" }] }, "ci-missing");
    assert.equal(r.pass, false);
    assert.throws(() => readdirSync(join(work, "__snapshots__")), { code: "ENOENT" });
    const ok = snapshotMatchers.toMatchToolSnapshot.call({ testPath: join(work, "a.test.js") }, { content: [] }, "local", [], null);
    assert.equal(ok.pass, true);
    const pw = playwrightSnapshotMatchers({ snapshotPath: (n) => join(work, n) });
    assert.throws(() => pw.toMatchToolSnapshot.call({}, { content: [] }, "x", [], { missing: "bogus" }), { code: "INVALID_OPTION", path: "options.missing" });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const { matchSnapshotFile } = await import("../../pkg/snapshots-node.js");
  assert.throws(() => matchSnapshotFile({ content: [] }, "u", { dir: "file://host/x" }), { code: "INVALID_ARGUMENT", path: "options.dir" });
});
