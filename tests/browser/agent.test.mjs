// TestAgent in real headless Chromium (Debian's, driven by playwright-core): the page
// (tests/browser/agent.html + agent-page.mjs, bundled with esbuild here) runs the agent
// loop against an in-process McpServer of @modelcontextprotocol/sdk over its
// in-memory transport and shows the verdict. Expected texts come from the page's
// own tools and the reference's semantics (evaluateToolCalls strict order).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { launchChromium, serve } from "./static-server.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const out = `${root}/test-output`;
let server, browser;

before(async () => {
  mkdirSync(out, { recursive: true });
  await build({ entryPoints: [`${root}/tests/browser/agent-page.mjs`], bundle: true, format: "esm", platform: "browser", outfile: `${out}/agent-bundle.js`, logLevel: "error" });
  server = await serve(root);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  server?.close();
});

test("the agent loop runs in Chromium against an in-process MCP server and shows PASS", async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${server.url}/tests/browser/agent.html`);
  await page.waitForSelector("body[data-ready=true]", { timeout: 20000 });
  assert.equal(await page.textContent("#error"), "");
  assert.equal(await page.textContent("#verdict"), "PASS");
  assert.equal(await page.textContent("#calls"), "create_task → Created task Deploy (high)\nlist_tasks → Deploy");
  assert.equal(await page.textContent("#text"), "Tasks: Deploy (2 tools)");
  assert.equal(await page.textContent("#usage"), "210 tokens");
  await page.screenshot({ path: `${out}/agent-browser.png` });
  assert.deepEqual(errors, []);
  await page.close();
});
