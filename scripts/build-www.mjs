// Builds www/ into one self-contained page that works from file:// (where Chromium
// blocks ES module imports): esbuild bundles www/app.js with the package (pkg/,
// the wasm inlined) into one classic script, and the bundled example files are
// embedded as globalThis.__MCP_MATCHERS_WWW_FILES__ (www/examples.js reads them).
// Both are stored compressed (raw DEFLATE, level 9, as base64): each wasm module
// is inflated when it starts (fflate's inflateSync: the glue compiles
// synchronously), each example file when it is opened (DecompressionStream).
//   node scripts/build-www.mjs [out-dir]    (default www/dist; needs pkg/ built)
// Writes OUT/index.html (page, style and script in one file).
//   node scripts/build-www.mjs --update-list
// Rewrites the bundled example list in www/examples.js from the folders.
import { build } from "esbuild";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { deflateRawSync } from "node:zlib";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Builds the one-file viewer into `outDir`; resolves to the page's path. */
export async function buildWww(outDir = join(root, "www/dist")) {
  const { BUNDLED } = await import(join(root, "www/examples.js"));
  const files = {};
  for (const name of BUNDLED.expectations) {
    const path = `examples/expectations/${name}.json`;
    files[path] = deflated(readFileSync(join(root, path)));
  }
  for (const path of [...BUNDLED.trace, ...BUNDLED.transcript, ...BUNDLED.response]) files[path] = deflated(readFileSync(join(root, path)));
  const result = await build({
    entryPoints: [join(root, "www/app.js")],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    write: false,
    legalComments: "none",
    banner: { js: `globalThis.__MCP_MATCHERS_WWW_FILES__=${JSON.stringify(files)};` },
    // pkg/'s async init() mentions import.meta.url; the viewer never calls it (the wasm is inlined).
    logOverride: { "empty-import-meta": "silent" },
    // The JSON Schema module (1.5 MB) stays out: the page has no schema
    // registry, so evaluateExpectations never loads it here.
    external: ["./schema.js"],
    plugins: [unbundledPkg, deflatedWasm],
  });
  const script = result.outputFiles[0].text.replace(/<\/(script)/gi, "<\\/$1");
  const css = readFileSync(join(root, "www/style.css"), "utf8");
  let html = readFileSync(join(root, "www/index.html"), "utf8");
  html = html.replace(/<link rel="stylesheet" href="style.css">/, () => `<style>\n${css}</style>`);
  html = html.replace(/<script type="module" src="app.js"><\/script>/, () => `<script>\n${script}</script>`);
  if (html.includes('src="app.js"') || html.includes('href="style.css"')) throw new Error("www/index.html: script or style tag not found");
  mkdirSync(outDir, { recursive: true });
  const out = join(outDir, "index.html");
  writeFileSync(out, html);
  return out;
}

/** `bytes` as raw DEFLATE (level 9) in base64. */
function deflated(bytes) {
  return deflateRawSync(bytes, { level: 9 }).toString("base64");
}

// pkg/ as scripts/build.sh left it before making mcp-matchers/matchers one file
// (scripts/bundle-matchers.mjs keeps that copy in target/pkg-modules): the page
// then holds one copy of the package's runtime and every module's bytes in
// the one place deflatedWasm replaces (the bundled matchers.js inlines them).
const MODULES = join(root, "target/pkg-modules");
const PKG = join(root, "pkg");
const unbundledPkg = {
  name: "unbundled-pkg",
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const path = resolve(args.resolveDir, args.path);
      if (!path.startsWith(PKG + "/")) return undefined;
      if (!existsSync(MODULES)) throw new Error(`${MODULES} is missing: run scripts/build.sh`);
      return { path: join(MODULES, path.slice(PKG.length + 1)) };
    });
  },
};

// pkg/wasm/<family>_bytes.js (the module's bytes as base64) replaced by the
// same bytes deflated, inflated on each call: the page carries a third of the
// bytes (the five modules: 3.8 MB of base64 before, 1.5 MB after).
const deflatedWasm = {
  name: "deflated-wasm",
  setup(b) {
    b.onLoad({ filter: /[\\/]wasm[\\/][a-z_]+_bytes\.js$/ }, (args) => {
      const wasm = args.path.replace(/_bytes\.js$/, "_bg.wasm");
      return {
        resolveDir: join(root, "www"),
        contents: `import { inflateSync } from "fflate";
const Z = ${JSON.stringify(deflated(readFileSync(wasm)))};
/** The module's bytes (a fresh Uint8Array on each call), inflated from the page. */
export function wasmBytes() {
  const s = atob(Z);
  const z = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) z[i] = s.charCodeAt(i);
  return inflateSync(z);
}
`,
      };
    });
  },
};

// A fixture larger than this is left out of the page's examples (it can still be
// opened as a file): the 2.4 MB pi session alone would be a quarter of the page.
const MAX_EXAMPLE_BYTES = 1_000_000;

/** Every file under `dir` (a path from the repository root) except `*.md` and files over MAX_EXAMPLE_BYTES, sorted. */
export function filesUnder(dir) {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && !d.name.endsWith(".md") && statSync(join(d.parentPath ?? d.path, d.name)).size <= MAX_EXAMPLE_BYTES)
    .map((d) => `${join(d.parentPath ?? d.path, d.name).slice(root.length + 1)}`)
    .sort();
}

/** The example list as www/examples.js should hold it. */
export function currentList() {
  return {
    expectations: filesUnder("examples/expectations").map((p) => p.replace(/^examples\/expectations\/(.*)\.json$/, "$1")),
    trace: [...filesUnder("examples/traces"), ...filesUnder("tests/fixtures/traces")],
    transcript: filesUnder("tests/fixtures/transcripts"),
    // Tool responses: the recorded CallToolResults (the other files there are
    // exchanges and tool lists, not responses).
    response: filesUnder("tests/fixtures/responses").filter((p) => p.endsWith(".result.json")),
  };
}

function updateList() {
  const path = join(root, "www/examples.js");
  const text = readFileSync(path, "utf8");
  const body = Object.entries(currentList())
    .map(([k, v]) => `  ${k}: [\n${v.map((p) => `    ${JSON.stringify(p)},`).join("\n")}\n  ],`)
    .join("\n");
  const next = text.replace(/export const BUNDLED = \{\n[^]*?\n\};\n/, () => `export const BUNDLED = {\n${body}\n};\n`);
  writeFileSync(path, next);
  console.log(next === text ? "www/examples.js: list unchanged" : "www/examples.js: list updated");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv[2] === "--update-list") {
  updateList();
} else if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await buildWww(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`built ${out} (${readFileSync(out).length} bytes): open it from file://`);
}
