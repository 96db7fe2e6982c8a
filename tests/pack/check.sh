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
cp "$root/tests/pack/import-check.mjs" .
node import-check.mjs
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
echo '<!doctype html><script type="module" src="/src/main.js"></script>' > index.html
vite_out=$("$root/node_modules/.bin/vite" build --logLevel warn 2>&1)
if [ -n "$vite_out" ]; then echo "vite build printed: $vite_out"; exit 1; fi
ls dist/assets/*.js >/dev/null
"$root/node_modules/.bin/esbuild" src/main.js --bundle --format=esm --platform=browser --log-level=warning --outfile=out.js
echo "vite build and esbuild bundle: no warnings"
