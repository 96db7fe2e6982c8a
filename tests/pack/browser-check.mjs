// Run by tests/pack/check.sh inside the fresh project where the packed
// tarball is installed and src/main.js was bundled: each way a page can load
// mcp-matchers/matchers runs in headless Chromium and must show the verdict
// src/main.js computes (evaluateToolCalls of one call against itself: passed).
// Pages: a plain <script type="module"> importing the installed package by
// URL (no bundler), the Vite build (through `vite preview`), the Vite dev
// server, and the esbuild, webpack 5 and Rollup bundles.
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const nm = process.env.NM;
const root = process.env.REPO;
const { launchChromium, serve } = await import(pathToFileURL(join(root, "tests/browser/static-server.mjs")).href);
const vite = await import(pathToFileURL(createRequire(nm + "/").resolve("vite")).href);

// (An empty icon: no favicon request to fail.)
const ICON = '<link rel="icon" href="data:,">';
const page = (script) => `<!doctype html>${ICON}<body><script type="module">${script}</script></body>`;
writeFileSync("plain.html", page(`import { evaluateToolCalls } from "/node_modules/mcp-matchers/matchers.js";
const r = evaluateToolCalls([{ toolName: "a" }], [{ toolName: "a", arguments: {} }]);
document.body.dataset.verdict = String(r.passed);`));
for (const [name, file] of [["esbuild", "/out.js"], ["webpack", "/webpack-dist/main.js"], ["rollup", "/rollup-dist/main.js"]]) {
  writeFileSync(`${name}.html`, `<!doctype html>${ICON}<body><script ${name === "webpack" ? "" : 'type="module" '}src="${file}"></script></body>`);
}

const browser = await launchChromium();
const failures = [];
async function check(label, url) {
  const p = await browser.newPage();
  const errors = [];
  p.on("pageerror", (e) => errors.push(e.message));
  p.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  try {
    await p.goto(url);
    await p.waitForFunction(() => document.body?.dataset.verdict !== undefined, null, { timeout: 20000 });
    const verdict = await p.evaluate(() => document.body.dataset.verdict);
    if (verdict !== "true" || errors.length) failures.push(`${label}: verdict ${verdict}, errors ${JSON.stringify(errors)}`);
    else console.log(`${label}: ran in Chromium, passed = true`);
  } catch (e) {
    failures.push(`${label}: ${e.message.split("\n")[0]} ${JSON.stringify(errors)}`);
  } finally {
    await p.close();
  }
}

const files = await serve(process.cwd());
try {
  await check("plain <script type=module>", `${files.url}/plain.html`);
  for (const name of ["esbuild", "webpack", "rollup"]) await check(`${name} bundle`, `${files.url}/${name}.html`);
  const preview = await vite.preview({ logLevel: "silent", preview: { port: 0, host: "127.0.0.1" } });
  try {
    await check("vite build + preview", preview.resolvedUrls.local[0]);
  } finally {
    await preview.close();
  }
  const dev = await vite.createServer({ logLevel: "silent", server: { port: 0, host: "127.0.0.1" } });
  await dev.listen();
  try {
    await check("vite dev server", dev.resolvedUrls.local[0]);
  } finally {
    await dev.close();
  }
} finally {
  files.close();
  await browser.close();
}
if (failures.length) {
  console.error(failures.join("\n"));
  process.exit(1);
}
