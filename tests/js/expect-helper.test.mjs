// Issue 11's done-when for the expect matchers: a realistic test helper
// written against @gleanwork/mcp-server-tester@1.1.0's matchers
// (tests/ts/server-helper.ts, type-checked by tsc with the rest of tests/ts/)
// runs with only its import changed. The same helper text is run twice: once
// importing mcp-matchers/playwright (ours), once importing the reference
// itself, on the recorded responses of tests/fixtures/responses/; both pass
// the good responses and reject the bad ones.
//
//   node --test tests/js/expect-helper.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const source = readFileSync(join(root, "tests", "ts", "server-helper.ts"), "utf8");
const fixture = (p) => JSON.parse(readFileSync(join(root, "tests", "fixtures", "responses", p), "utf8"));

const OURS = 'from "mcp-matchers/playwright"';
assert.equal(source.split(OURS).length, 2, "the helper imports mcp-matchers/playwright exactly once");

// The helper as JavaScript (types stripped), with its one import pointing at `target`.
async function load(target, work, name) {
  const js = ts.transpileModule(source.replace(OURS, `from ${JSON.stringify(target)}`), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const file = join(work, `${name}.mjs`);
  writeFileSync(file, js);
  return import(pathToFileURL(file).href);
}

const weather = fixture("everything/get-structured-content.result.json");
const sum = fixture("everything/get-sum.result.json");
const sumError = fixture("everything/error-get-sum-wrong-type.result.json");
const enoent = fixture("filesystem/read_text_file-enoent.result.json");
const listing = fixture("filesystem/list_directory.result.json");
const simulation = {
  success: true,
  toolCalls: [
    { name: "search", arguments: { query: "mcp", limit: 5 } },
    { name: "fetch", arguments: { url: "https://modelcontextprotocol.io" } },
  ],
};

async function exercise(h) {
  // Good responses pass.
  h.expectWeather(weather);
  h.expectSum(sum, 2.5, -7);
  h.expectToolError(sumError, "invalid arguments", "expected number");
  h.expectToolError(enoent, "ENOENT");
  await h.expectListing(listing, ["README.md", "package.json"]);
  await h.expectRainy(weather);
  h.expectSearchThenFetch(simulation);
  // Bad ones are rejected, each by the assertion meant for it.
  const fails = [];
  const rejects = async (fn) => {
    try {
      await fn();
    } catch (e) {
      fails.push(String(e.message).replace(/\x1b\[[0-9;]*m/g, ""));
      return;
    }
    assert.fail("expected the helper to reject");
  };
  await rejects(() => h.expectWeather(sum));
  await rejects(() => h.expectWeather(sumError));
  await rejects(() => h.expectSum(sum, 2, 2));
  await rejects(() => h.expectToolError(sum));
  await rejects(() => h.expectToolError(enoent, "permission denied"));
  await rejects(() => h.expectListing(listing, ["missing.txt"]));
  await rejects(() => h.expectRainy(sum));
  await rejects(() => h.expectSearchThenFetch({ success: true, toolCalls: [{ name: "fetch", arguments: {} }, { name: "search", arguments: { query: "mcp" } }] }));
  return fails;
}

test("a mcp-server-tester test helper runs on mcp-matchers with only its import changed", async () => {
  mkdirSync(join(root, "test-output"), { recursive: true });
  const work = mkdtempSync(join(root, "test-output", "expect-helper-"));
  try {
    const ours = await exercise(await load(pathToFileURL(join(root, "pkg", "playwright.js")).href, work, "ours"));
    const reference = await exercise(await load("@gleanwork/mcp-server-tester", work, "reference"));
    assert.equal(ours.length, reference.length);
    // The failures say what failed, as the reference's do.
    assert.match(ours[0], /Response does not match schema: .*temperature/);
    assert.match(ours[1], /Expected a success response but got error/);
    assert.match(ours[2], /Response does not contain expected text: "The sum of 2 and 2 is 4\."/);
    assert.match(ours[2], /Actual response \(truncated\):\nThe sum of 2\.5 and -7 is -4\.5\./);
    assert.match(ours[3], /Expected an error response but got success/);
    assert.match(ours[4], /permission denied/);
    assert.match(ours[5], /"\[FILE\] missing\.txt"/);
    assert.match(ours[6], /Custom judge "mentions-rain" failed with score 0\.00 \(threshold: 0\.5\)\. no rain in the answer/);
    assert.match(ours[7], /Expected tool .fetch. to be called in sequence/);
    // The same texts as the reference's (failure 1 differs on purpose: README, `.not.toBeToolError()`).
    for (const i of [3, 6, 7]) assert.equal(ours[i], reference[i], `failure ${i}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
