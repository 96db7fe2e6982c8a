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
