// The www/ page in real headless Chromium (Debian's, driven by playwright-core):
// it imports the built package, evaluates a real bundled trace, and shows the
// verdict. Expected values are worked out by hand from the traces in
// examples/traces/ and the @mcpjam/sdk@1.14.0 semantics. Screenshots go to test-output/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serve } from "./static-server.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const out = `${root}/test-output`;
let server, browser;

before(async () => {
  mkdirSync(out, { recursive: true });
  server = await serve(root);
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
  });
});
after(async () => {
  await browser?.close();
  server?.close();
});

async function open(example, viewport = { width: 1280, height: 800 }) {
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${server.url}/www/index.html?example=${example}`);
  await page.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  return { page, errors };
}

test("Anthropic parallel tool_use: Eve expected, Daisy called → one argument mismatch", async () => {
  const { page, errors } = await open("anthropic.wrong-family-member");
  assert.equal(await page.textContent("#verdict"), "FAIL");
  assert.match(await page.textContent("#format"), /Detected anthropic: 4 tool call\(s\)/);
  assert.equal(await page.textContent("#counts"), "3 paired · 0 missing · 0 extra · 0 out of order · 1 argument mismatch(es)");
  assert.match(await page.textContent("tr.mismatch"), /"name":"Eve".*argument mismatch.*"name":"Daisy"/);
  // Paired rows name the actual call they were paired with.
  assert.match(await page.textContent("tr.paired"), /"name":"Alice".*paired.*"name":"Alice"/);
  await page.screenshot({ path: `${out}/www-anthropic-mismatch.png`, fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("OpenAI parallel calls in strict order: both out of order, then passes in ignore mode", async () => {
  const { page } = await open("openai-chat.create-before-delete");
  assert.equal(await page.textContent("#verdict"), "FAIL");
  assert.equal(await page.textContent("#counts"), "0 paired · 2 missing · 2 extra · 2 out of order · 0 argument mismatch(es)");
  assert.equal(await page.locator("tr.out-of-order").count(), 2);
  await page.selectOption("#toolCallOrder", "ignore");
  assert.equal(await page.textContent("#verdict"), "PASS");
  assert.equal(await page.textContent("#counts"), "2 paired · 0 missing · 0 extra · 0 out of order · 0 argument mismatch(es)");
  const link = page.url();
  assert.match(decodeURIComponent(new URL(link).hash), /"toolCallOrder":"ignore"/);
  await page.screenshot({ path: `${out}/www-openai-ignore.png`, fullPage: true });
  // The link reproduces the verdict in a fresh page.
  const again = await browser.newPage();
  await again.goto(link);
  await again.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  assert.equal(await again.inputValue("#toolCallOrder"), "ignore");
  assert.equal(await again.textContent("#verdict"), "PASS");
  assert.equal(await again.textContent("#counts"), "2 paired · 0 missing · 0 extra · 0 out of order · 0 argument mismatch(es)");
  // Export gives the verdict as JSON.
  const [download] = await Promise.all([again.waitForEvent("download"), again.click("#export")]);
  const exported = JSON.parse(await (await import("node:fs/promises")).readFile(await download.path(), "utf8"));
  assert.equal(exported.passed, true);
  assert.deepEqual(exported.missing, []);
  await again.close();
  await page.close();
});

test("a broken trace shows a plain error; a bad expected list shows the coded error", async () => {
  const { page } = await open("gemini.three-topics", { width: 400, height: 800 });
  await page.fill("#trace", "{ not json");
  assert.match(await page.textContent("#error"), /the trace is not JSON/);
  await page.selectOption("#example", "gemini.three-topics");
  await page.waitForFunction(() => document.querySelector("#verdict").textContent !== "");
  await page.fill("#expected", '[{"toolName": 42}]');
  assert.equal(await page.textContent("#error"), "INVALID_ARGUMENT: toolName must be a string, got a number (at expected[0].toolName)");
  assert.equal(await page.textContent("#verdict"), "", "no stale verdict next to an error");
  await page.screenshot({ path: `${out}/www-narrow-error.png`, fullPage: true });
  await page.close();
});
