// Tests of matchSnapshot and the Node file helper (mcp-matchers/snapshots-node).
// The stored text is what @gleanwork/mcp-server-tester@1.1.0's
// toMatchToolSnapshot hands to Playwright (its extractText, then its own
// applySanitizers, read from dist/index.js); the diff is checked against GNU
// `diff -u` on the same two texts.
//
//   node --test tests/js/responses-snapshot.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as ref from "@gleanwork/mcp-server-tester";
import * as ours from "../../pkg/index.js";
import { matchSnapshotFile, snapshotPath } from "../../pkg/snapshots-node.js";

const dist = createRequire(import.meta.url).resolve("@gleanwork/mcp-server-tester");
const source = readFileSync(dist, "utf8");
const refApply = new Function(
  `${source.slice(source.indexOf("var BUILT_IN_PATTERNS = {"), source.indexOf("async function toMatchToolSnapshot("))}\nreturn applySanitizers;`,
)();

const FIXTURES = new URL("../fixtures/responses/", import.meta.url);
function fixtures() {
  const out = [];
  for (const dir of ["everything", "filesystem"]) {
    for (const name of readdirSync(new URL(`${dir}/`, FIXTURES)).sort()) {
      if (name.endsWith(".result.json")) out.push([name, JSON.parse(readFileSync(new URL(`${dir}/${name}`, FIXTURES), "utf8"))]);
    }
  }
  return out;
}

// GNU diff -u of two texts, its two header lines replaced by ours.
function gnuDiff(a, b) {
  const dir = mkdtempSync(join(tmpdir(), "snapdiff-"));
  try {
    writeFileSync(join(dir, "a"), a);
    writeFileSync(join(dir, "b"), b);
    const out = spawnSync("diff", ["-u", join(dir, "a"), join(dir, "b")], { encoding: "utf8" }).stdout;
    return out === "" ? "" : "--- expected\n+++ actual\n" + out.split("\n").slice(2).join("\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const hasDiff = spawnSync("diff", ["--version"]).status === 0;

test("actual is the text the reference snapshots, on every recorded result", () => {
  const sanitizers = ["timestamp", "objectId", { pattern: "Echo: (\\w+)", replacement: "Echo <$1>" }];
  for (const [name, result] of fixtures()) {
    const want = refApply(ref.extractText(result), sanitizers);
    const r = ours.matchSnapshot(result, want, sanitizers);
    assert.equal(r.actual, want, name);
    assert.deepEqual(r, { pass: true, actual: want, expected: want, diff: "" }, name);
  }
});

test("a mismatch gives GNU diff -u's hunks", { skip: !hasDiff && "GNU diff not installed" }, () => {
  const pairs = [
    ["a\nb\nc\n", "a\nB\nc\n"],
    ["", "x\n"],
    ["x\n", "x"],
    ["1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "1\n2\nthree\n4\n5\n6\n7\n8\n9\n10\n11\ntwelve\n"],
    ["user: ada\nseen: 2025\n", "user: bob\nseen: 2025\n"],
  ];
  for (const [stored, text] of pairs) {
    const r = ours.matchSnapshot(text, stored, []);
    assert.equal(r.pass, false);
    assert.equal(r.diff, gnuDiff(stored, text), JSON.stringify([stored, text]));
  }
  const none = ours.matchSnapshot("x\ny\n", null);
  assert.deepEqual(none, { pass: false, actual: "x\ny\n", expected: null, diff: gnuDiff("", "x\ny\n") });
});

test("sanitizers apply before comparing; errors are coded", () => {
  const result = { content: [{ type: "text", text: "id 550e8400-e29b-41d4-a716-446655440000 at 1732960000" }] };
  assert.equal(ours.matchSnapshot(result, "id [UUID] at [TIMESTAMP]", ["uuid", "timestamp"]).pass, true);
  assert.throws(() => ours.matchSnapshot(result, 5, []), (e) => e.code === "INVALID_ARGUMENT" && e.path === "stored");
  assert.throws(() => ours.matchSnapshot(result, "", [{ pattern: "(" }]), (e) => e.path === "sanitizers[0].pattern");
});

test("snapshot files: written on a first run, compared after, updated on request", () => {
  const dir = mkdtempSync(join(tmpdir(), "snapfiles-"));
  try {
    const file = snapshotPath(dir, "help output");
    assert.equal(file, join(dir, "__snapshots__", "help output.txt"));
    const v1 = { content: [{ type: "text", text: "usage: tool [--x]\nseen 2025-01-15T10:30:00Z\n" }] };
    const v2 = { content: [{ type: "text", text: "usage: tool [--y]\nseen 2026-02-01T00:00:00Z\n" }] };
    const opts = { dir, sanitizers: ["iso-date"] };
    const first = matchSnapshotFile(v1, "help output", opts);
    assert.deepEqual([first.pass, first.status], [true, "written"]);
    assert.equal(readFileSync(file, "utf8"), "usage: tool [--x]\nseen [ISO_DATE]\n");
    assert.equal(matchSnapshotFile(v1, "help output", opts).status, "matched");
    const bad = matchSnapshotFile(v2, "help output", opts);
    assert.deepEqual([bad.pass, bad.status], [false, "mismatched"]);
    assert.equal(bad.diff, "--- expected\n+++ actual\n@@ -1,2 +1,2 @@\n-usage: tool [--x]\n+usage: tool [--y]\n seen [ISO_DATE]\n");
    assert.equal(readFileSync(file, "utf8"), "usage: tool [--x]\nseen [ISO_DATE]\n", "not written without update");
    const upd = matchSnapshotFile(v2, "help output", { ...opts, update: true });
    assert.deepEqual([upd.pass, upd.status], [true, "updated"]);
    assert.equal(readFileSync(file, "utf8"), "usage: tool [--y]\nseen [ISO_DATE]\n");
    const ci = matchSnapshotFile(v1, "other", { dir, missing: "fail" });
    assert.deepEqual([ci.pass, ci.status], [false, "missing"]);
    assert.throws(() => matchSnapshotFile(v1, "../escape", { dir }), (e) => e.code === "INVALID_ARGUMENT" && e.path === "name");
    assert.throws(() => matchSnapshotFile(v1, "x", { dir, update: "yes" }), (e) => e.code === "INVALID_OPTION");
    assert.equal(snapshotPath(`file://${join(dir, "a.test.mjs")}`, "n"), join(dir, "__snapshots__", "n.txt"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const root = fileURLToPath(new URL("../..", import.meta.url));
const vitestDir = [process.env.VITEST_DIR, root].find((d) => d && existsSync(join(d, "node_modules", "vitest", "package.json")));

test("expect.extend(snapshotMatchers) in a real Vitest run", { skip: vitestDir ? false : "vitest not installed (set VITEST_DIR)" }, () => {
  const work = mkdtempSync(join(vitestDir, "snapshots-vitest-"));
  try {
    const helper = pathToFileURL(join(root, "pkg", "snapshots-node.js")).href;
    const body = (text) => `import { expect, test } from "vitest";
import { snapshotMatchers } from ${JSON.stringify(helper)};
expect.extend(snapshotMatchers);
test("snapshot", () => {
  const result = { content: [{ type: "text", text: ${JSON.stringify(text)} }] };
  expect(result).toMatchToolSnapshot("help-output", ["iso-date"]);
  expect(result).not.toMatchToolSnapshot("help-output", []);
});
`;
    // Vitest treats CI=true as --ci (snapshotState._updateSnapshot "none": missing snapshots fail, never written).
    const run = (text, ...args) => {
      writeFileSync(join(work, "snap.test.mjs"), body(text));
      const ci = args[0] === "CI" ? args.shift() : "";
      return spawnSync(process.execPath, [join(vitestDir, "node_modules", "vitest", "vitest.mjs"), "run", ...args], {
        cwd: work,
        encoding: "utf8",
        env: { ...process.env, CI: ci ? "true" : "", NO_COLOR: "1" },
      });
    };
    const file = join(work, "__snapshots__", "help-output.txt");
    let r = run("usage v1\nat 2025-01-15T10:30:00Z\n", "CI");
    assert.notEqual(r.status, 0, "in CI mode a missing snapshot fails");
    assert.equal(existsSync(file), false);
    r = run("usage v1\nat 2025-01-15T10:30:00Z\n");
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.equal(readFileSync(file, "utf8"), "usage v1\nat [ISO_DATE]\n");
    r = run("usage v2\nat 2026-01-15T10:30:00Z\n");
    assert.notEqual(r.status, 0);
    assert.match(r.stdout + r.stderr, /-usage v1\n\s*\+usage v2/);
    r = run("usage v2\nat 2026-01-15T10:30:00Z\n", "-u");
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.equal(readFileSync(file, "utf8"), "usage v2\nat [ISO_DATE]\n");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
