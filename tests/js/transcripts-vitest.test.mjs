// The Vitest adapter in a real Vitest run: expect.extend(transcriptMatchers)
// then expect(turn).toHaveCalledTool(...) and .not on the real fixtures.
// Vitest is not a dependency of this repository: the test runs when
// VITEST_DIR names a directory with vitest installed (e.g. one made by
// `npm install vitest@3` in /tmp/vt), and also when the repository's own
// node_modules has it; otherwise it is skipped.
//
//   VITEST_DIR=/tmp/vt node --test tests/js/transcripts-vitest.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dir = [process.env.VITEST_DIR, root].find((d) => d && existsSync(join(d, "node_modules", "vitest", "package.json")));

test("expect.extend(transcriptMatchers) in a real Vitest run", { skip: dir ? false : "vitest not installed (set VITEST_DIR)" }, () => {
  const work = mkdtempSync(join(dir, "transcripts-vitest-"));
  try {
    const pkg = pathToFileURL(join(root, "pkg", "index.js")).href;
    const fx = (p) => JSON.stringify(join(root, "tests", "fixtures", "transcripts", p));
    writeFileSync(
      join(work, "transcripts.test.mjs"),
      `import { expect, test } from "vitest";
import { readFileSync } from "node:fs";
import { transcriptMatchers, normalizeTranscript, HarnessCapabilityError } from ${JSON.stringify(pkg)};
expect.extend(transcriptMatchers);
const run = (p) => normalizeTranscript(readFileSync(p, "utf8"));
test("codex", () => {
  const c = run(${fx("codex/untether_SYNTHETIC_all_item_types.jsonl")});
  const turn = c.turns[0];
  expect(turn).toHaveCalledMcp("github", "search_issues", { q: "exec --json" });
  expect(turn).toHaveCalledTool(/^mcp__github__/);
  expect(c).toHaveRun(/pytest/);
  expect(turn).toHaveEdited("README.md");
  expect(turn).toHaveSearched("codex exec");
  expect(turn).not.toHaveFetched("example.com");
  expect(() => expect(turn).toHaveCalledTool("mcp__github__other")).toThrow(
    'expected tool calls matching mcp__github__other, got ["shell", "apply_patch", "mcp__github__search_issues"]',
  );
  expect(() => expect(turn).not.toHaveSearched()).toThrow('expected no web searches, got ["codex exec --json schema"]');
});
test("cursor leaves web events unreported", () => {
  const turn = run(${fx("cursor/cursor-hack_full_session.jsonl")}).turns[0];
  expect(turn).toHaveRun("sleep 5");
  expect(() => expect(turn).not.toHaveFetched("example.com")).toThrow(HarnessCapabilityError);
});
`,
    );
    const bin = join(dir, "node_modules", ".bin", "vitest");
    const env = { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" };
    const r = spawnSync(bin, ["run", "--root", work], { encoding: "utf8", timeout: 120_000, env });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    // Colour codes can still appear (CI=true turns them on in some versions): strip them.
    const out = r.stdout.replace(/\x1b\[[0-9;]*m/g, "");
    assert.match(out, /Tests\s+2 passed/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
