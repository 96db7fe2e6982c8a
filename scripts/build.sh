#!/usr/bin/env bash
# Builds the npm package into pkg/ from the Rust core and pkg-template/.
#   cargo (wasm32, release) -> wasm-bindgen --target web -> wasm-opt -Oz (npm binaryen)
#   -> wasm bytes inlined as base64 -> pkg-template/* copied beside them.
# Needs what scripts/install.sh installs.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

cargo build --quiet --release --target wasm32-unknown-unknown --lib
# The JSON Schema validator: its own module (mcp-matchers/schema), loaded only when used.
cargo build --quiet --release --target wasm32-unknown-unknown -p mcp-matchers-schema --features js
out=pkg.tmp.$$
rm -rf "$out"
mkdir -p "$out/wasm"
wasm-bindgen --target web --no-typescript --out-dir "$out/wasm" --out-name mcp_matchers \
  target/wasm32-unknown-unknown/release/mcp_matchers.wasm
# binaryen from npm (never Debian's: see ../shared/TOOLCHAIN.md)
wasm-opt -Oz "$out/wasm/mcp_matchers_bg.wasm" -o "$out/wasm/mcp_matchers_bg.wasm"
node scripts/inline-wasm.mjs "$out/wasm/mcp_matchers_bg.wasm" "$out/wasm/mcp_matchers_bytes.js"
wasm-bindgen --target web --no-typescript --out-dir "$out/wasm" --out-name mcp_matchers_schema \
  target/wasm32-unknown-unknown/release/mcp_matchers_schema.wasm
wasm-opt -Oz "$out/wasm/mcp_matchers_schema_bg.wasm" -o "$out/wasm/mcp_matchers_schema_bg.wasm"
node scripts/inline-wasm.mjs "$out/wasm/mcp_matchers_schema_bg.wasm" "$out/wasm/mcp_matchers_schema_bytes.js"
cp pkg-template/package.json pkg-template/*.js pkg-template/*.d.ts "$out/"
cp README.md "$out/README.md"
# Swap in one step so that a test reading pkg/ never sees half a build.
old=pkg.old.$$
{ [ ! -e pkg ] || mv pkg "$old"; } && mv "$out" pkg && rm -rf "$old"
# The trace viewer as one self-contained file that also opens from file://.
node scripts/build-www.mjs
echo "built pkg/ ($(wc -c < pkg/wasm/mcp_matchers_bg.wasm) bytes of wasm; schema module $(wc -c < pkg/wasm/mcp_matchers_schema_bg.wasm) bytes)"
