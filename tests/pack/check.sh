#!/usr/bin/env bash
# Packs pkg/ with `npm pack`, installs the tarball into a fresh temp project
# and imports it from Node as a user would: both entry points, synchronous
# after a plain import, with values from the seed (mcpjam-validators.txt).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$root/pkg" && npm pack --silent --pack-destination "$tmp" >/dev/null)
tarball="$(ls "$tmp"/mcp-matchers-*.tgz)"
echo "packed $(basename "$tarball") ($(wc -c < "$tarball") bytes): $(tar tzf "$tarball" | sed 's|^package/||' | sort | tr '\n' ' ')"
mkdir "$tmp/app"
cd "$tmp/app"
npm init -y >/dev/null
npm install --silent --no-audit --no-fund "$tarball"
# The real Vitest, Jest and Playwright Test runs (tests/js/expect-runners.test.mjs, later in the
# README's test command) import the package from this installed copy of the tarball.
rm -rf "$root/test-output/pack-project"
mkdir -p "$root/test-output/pack-project/node_modules"
cp -R node_modules/mcp-matchers "$root/test-output/pack-project/node_modules/"
cp "$root/tests/pack/import-check.mjs" .
# The registry page (issue 13 item 7): the packed README is written for npm users (the install
# line first, no relative link, which would be dead on npmjs.com), and package.json points at
# the repository and says which files have side effects.
node --input-type=module - <<'JS'
import fs from "node:fs";
const readme = fs.readFileSync("node_modules/mcp-matchers/README.md", "utf8");
const firstBlock = readme.match(/```sh\n([^\n]*)\n/);
if (!firstBlock || firstBlock[1] !== "npm install --save-dev mcp-matchers") throw new Error(`README: the first code block is not the install line: ${firstBlock && firstBlock[1]}`);
const links = [...readme.matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1]);
const relative = links.filter((l) => !/^https:\/\//.test(l));
if (links.length === 0 || relative.length) throw new Error(`README: links that do not work on the registry page: ${relative.join(", ")}`);
const pj = JSON.parse(fs.readFileSync("node_modules/mcp-matchers/package.json", "utf8"));
for (const k of ["repository", "homepage", "bugs", "keywords", "sideEffects"]) if (pj[k] === undefined) throw new Error(`package.json has no ${k}`);
for (const f of pj.sideEffects) if (!fs.existsSync("node_modules/mcp-matchers/" + f)) throw new Error(`sideEffects names a file not shipped: ${f}`);
console.log(`README for npm (${links.length} absolute links), package.json has repository, homepage, bugs, keywords, sideEffects`);
JS
node import-check.mjs
# CommonJS: `require()` of the ES module package (Node >= 20.19 loads ES modules
# without top-level await synchronously), with the seed's matchToolCalls answer.
cat > require-check.cjs <<'JS'
const assert = require("node:assert/strict");
const { evaluateToolCalls, matchToolCalls, MatcherError } = require("mcp-matchers");
const { evaluateToolCalls: fromMatchers } = require("mcp-matchers/matchers");
assert.equal(matchToolCalls(["multiply", "add"], ["add", "multiply"]), false);
assert.equal(fromMatchers([{ toolName: "add" }], [{ toolName: "add", arguments: { a: 1 } }]).passed, true);
assert.throws(() => evaluateToolCalls("nope", []), (e) => e instanceof MatcherError && e.code === "INVALID_ARGUMENT");
console.log("require(): mcp-matchers and mcp-matchers/matchers answer");
JS
node require-check.cjs
# Bundlers, from the installed tarball: Vite (a production build) and esbuild
# (a browser bundle) must build a page that imports mcp-matchers/matchers with
# no warning and no asset they cannot resolve (issue 13 item 7). (The package
# root inlines every module's bytes: Vite then warns of a chunk over 500 kB.)
mkdir -p src
cat > src/main.js <<'JS'
import { evaluateToolCalls } from "mcp-matchers/matchers";
const r = evaluateToolCalls([{ toolName: "a" }], [{ toolName: "a", arguments: {} }]);
document.body.dataset.verdict = String(r.passed);
JS
echo '<!doctype html><link rel="icon" href="data:,"><script type="module" src="/src/main.js"></script>' > index.html
# PACK_NODE_MODULES: where vite, esbuild, webpack, rollup, tsc and jest are installed (the repository's node_modules).
nm="${PACK_NODE_MODULES:-$root/node_modules}"
vite_out=$("$nm/.bin/vite" build --logLevel warn 2>&1)
if [ -n "$vite_out" ]; then echo "vite build printed: $vite_out"; exit 1; fi
ls dist/assets/*.js >/dev/null
"$nm/.bin/esbuild" src/main.js --bundle --format=esm --platform=browser --log-level=warning --outfile=out.js
# webpack 5 (its Node API, production mode): no error and no warning but its
# performance hints (any bundle with an inlined module is over its 244 KiB hint).
cat > webpack-build.mjs <<'JS'
import { createRequire } from "node:module";
const webpack = createRequire(process.env.NM + "/")("webpack");
webpack({ mode: "production", context: process.cwd(), entry: "./src/main.mjs", output: { path: process.cwd() + "/webpack-dist" } }, (err, stats) => {
  if (err) throw err;
  const { errors, warnings } = stats.toJson({ all: false, errors: true, warnings: true });
  const other = warnings.filter((w) => !/limit|performance/i.test(w.message));
  if (errors.length || other.length) {
    console.error([...errors, ...other].map((e) => e.message).join("\n"));
    process.exit(1);
  }
  console.log(`webpack 5: built, ${warnings.length} performance hint(s)`);
});
JS
cp src/main.js src/main.mjs # an ES module whatever the app's package.json "type" says
NM="$nm" node webpack-build.mjs
# Rollup 4 with @rollup/plugin-node-resolve (what a Rollup user adds to import
# from node_modules): built with no warning.
cat > rollup-build.mjs <<'JS'
import { createRequire } from "node:module";
const req = createRequire(process.env.NM + "/");
const { rollup } = req("rollup");
const { nodeResolve } = req("@rollup/plugin-node-resolve");
const warnings = [];
const bundle = await rollup({ input: "src/main.mjs", plugins: [nodeResolve({ browser: true })], onwarn: (w) => warnings.push(w.message) });
await bundle.write({ file: "rollup-dist/main.js", format: "es" });
if (warnings.length) {
  console.error(`rollup warned:\n${warnings.join("\n")}`);
  process.exit(1);
}
console.log("rollup 4: built, no warnings");
JS
NM="$nm" node rollup-build.mjs
# TypeScript (strict) against the installed package's types under each module
# resolution a user may set: bundler, node16, nodenext. A wrong `types`
# condition or a `.d.ts` import without its extension fails one of them.
cat > types-check.mts <<'TS'
import { evaluateToolCalls, type EvalToolCall, MatcherError } from "mcp-matchers/matchers";
import { PromptResult, normalizeTranscript, validateText } from "mcp-matchers";
import { toolResponseMatchers } from "mcp-matchers/expect";
const calls: EvalToolCall[] = [{ toolName: "a", arguments: {} }];
const passed: boolean = evaluateToolCalls(calls, calls).passed;
const names: string[] = PromptResult.fromTrace("{}").getToolCalls().map((c) => c.toolName);
const harness: string = normalizeTranscript("").harness;
const pass: boolean = validateText({ content: [] }, "x").pass;
const code: string = new MatcherError("INVALID_ARGUMENT", "x", "m").code;
// A PromptResult judged as it is (ours); both references' EvalRunResult, each where it belongs.
const inPlace: boolean = evaluateToolCalls(calls, PromptResult.fromTrace("{}")).passed;
import type { EvalRunResult } from "mcp-matchers";
import type { EvalRunResult as DatasetRun } from "mcp-matchers/evals";
const iterations = (r: EvalRunResult): number => r.iterations;
const total = (r: DatasetRun): number => r.total;
export { passed, names, harness, pass, code, toolResponseMatchers, inPlace, iterations, total };
TS
for resolution in bundler node16 nodenext; do
  module=$([ "$resolution" = bundler ] && echo esnext || echo "$resolution")
  "$nm/.bin/tsc" --noEmit --strict --skipLibCheck --types node --typeRoots "$nm/@types" --module "$module" --moduleResolution "$resolution" --target es2022 types-check.mts
done
# The package's own .d.ts files checked too (skipLibCheck off, as a project without it sets):
# two `export *` of one name, or a type that does not resolve, fail here.
"$nm/.bin/tsc" --noEmit --strict --lib es2022,dom --types node --typeRoots "$nm/@types" --module nodenext --moduleResolution nodenext --target es2022 types-check.mts
echo "rollup: built; tsc (bundler, node16, nodenext): types resolve"
# Jest in its jsdom environment (ESM): the package imports and answers there.
cat > jsdom.test.mjs <<'JS'
import { evaluateToolCalls } from "mcp-matchers/matchers";
test("mcp-matchers/matchers in jsdom", () => {
  expect(typeof window).toBe("object");
  expect(evaluateToolCalls([{ toolName: "a" }], [{ toolName: "a", arguments: {} }]).passed).toBe(true);
});
JS
NODE_OPTIONS=--experimental-vm-modules node "$nm/jest/bin/jest.js" --rootDir . --testEnvironment "$nm/jest-environment-jsdom" --testMatch '**/jsdom.test.mjs' --ci 2>&1 | tail -40
# Every page above, run: headless Chromium loads each and must show the verdict.
NM="$nm" REPO="$root" node "$root/tests/pack/browser-check.mjs"
echo "vite build, esbuild bundle: no warnings; webpack 5 and Jest jsdom: built and answered; every page ran in Chromium"
