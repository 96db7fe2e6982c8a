// The runner augmentations tried as a new user would: the package's
// declarations and package.json in a project's node_modules/mcp-matchers
// (resolved through the exports map, not tests/ts's paths), vitest, @jest/globals
// and @playwright/test beside it, and `tsc --strict` with skipLibCheck off over
// files that import mcp-matchers/vitest, mcp-matchers/jest and
// mcp-matchers/playwright and use every matcher (the transcript ones
// toHaveCalledInOrder, toHaveCalledTimes and toHaveTrajectoryF1 included).
// `@ts-expect-error` lines check that wrong arguments are still rejected.
//
//   node --test tests/js/expect-types.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

const matchers = (expectFrom) => `import { expect } from ${JSON.stringify(expectFrom)};
export async function all(response: unknown, turn: unknown): Promise<void> {
  expect(response).toMatchToolResponse({ ok: true });
  expect(response).toMatchToolSchema({ "~standard": { version: 1, vendor: "x", validate: (value: unknown) => ({ value }) } });
  expect(response).toContainToolText(["a"], { caseSensitive: false });
  expect(response).toMatchToolPattern(/a/);
  await expect(response).toMatchToolSnapshot("name", ["uuid"]);
  expect(response).not.toBeToolError();
  await expect(response).toPassToolJudge("correctness", { passingThreshold: 0.8 });
  await expect(response).toPassToolJudge({ judge: "named" });
  await expect(response).toPassToolJudge([{ judge: "a" }, { rubric: { text: "t" } }]);
  expect(response).toHaveToolResponseSize({ maxBytes: 10 });
  await expect(response).toSatisfyToolPredicate((_r, text) => text.length > 0, "non-empty");
  expect(response).toHaveToolCalls({ calls: [{ name: "search" }], order: "strict" });
  expect(response).toHaveToolCallCount({ exact: 1 });
  expect(turn).toHaveCalledSkill("s");
  expect(turn).toHaveCalledMcp("server", "tool", { q: 1 });
  expect(turn).toHaveCalledTool(/x/);
  expect(turn).toHaveRun();
  expect(turn).toHaveEdited("a.md");
  expect(turn).toHaveSearched("q");
  expect(turn).not.toHaveFetched("example.com");
  expect(turn).toHaveCalledInOrder(["a", /b/]);
  expect(turn).toHaveCalledTimes("a", 2);
  expect(turn).toHaveTrajectoryF1(["a"], 0.5);
  expect(turn).toHaveChanged("src/**");
  expect(turn).toHaveFile("a.md", "x");
  expect(turn).toSucceed();
  expect(turn).toPass();
  // @ts-expect-error times is a number
  expect(turn).toHaveCalledTimes("a", "2");
  // @ts-expect-error expected substrings are strings
  expect(response).toContainToolText(42);
}
`;

test("mcp-matchers/vitest, /jest and /playwright type expect(…) for a new user (tsc --strict, skipLibCheck off)", () => {
  mkdirSync(join(root, "test-output"), { recursive: true });
  const work = mkdtempSync(join(root, "test-output", "expect-types-"));
  try {
    // The package as installed: package.json and the declarations (no JavaScript is needed to type-check).
    const dest = join(work, "node_modules", "mcp-matchers");
    mkdirSync(dest, { recursive: true });
    for (const f of readdirSync(join(root, "pkg"))) if (f === "package.json" || f.endsWith(".d.ts")) copyFileSync(join(root, "pkg", f), join(dest, f));
    writeFileSync(join(work, "package.json"), JSON.stringify({ name: "new-user", private: true, type: "module" }));
    const files = { "vitest.ts": 'import "mcp-matchers/vitest";\n' + matchers("vitest"), "jest.ts": 'import "mcp-matchers/jest";\n' + matchers("@jest/globals") };
    // Playwright: the reference's tool-response matchers only (its own expect has a toPass of its own).
    files["playwright.ts"] = `import { expect, registerJudge } from "mcp-matchers/playwright";
registerJudge("named", async () => ({ score: 1 }));
export async function helper(response: unknown): Promise<void> {
  expect(response).toContainToolText("a");
  expect(response).not.toBeToolError("x");
  await expect(response).toPassToolJudge({ judge: "named", passingThreshold: 0.5 });
  await expect(response).toMatchToolSnapshot("name");
  // @ts-expect-error the size options are an object
  expect(response).toHaveToolResponseSize(10);
}
`;
    for (const [name, text] of Object.entries(files)) writeFileSync(join(work, name), text);
    const compilerOptions = { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, skipLibCheck: false, types: [] };
    writeFileSync(join(work, "tsconfig.json"), JSON.stringify({ compilerOptions, files: Object.keys(files) }));
    const r = spawnSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", work], { encoding: "utf8", timeout: 240_000 });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
