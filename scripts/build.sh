#!/usr/bin/env bash
# Builds the npm package into pkg/ from the Rust core and pkg-template/.
#   per family: cargo rustc --crate-type cdylib (wasm32, release, that family's
#   exports only) -> wasm-bindgen --target web -> wasm-opt -Oz (npm binaryen) ->
#   wasm bytes inlined as base64;
#   the same for the JSON Schema crate; then pkg-template/* copied beside them.
# One WebAssembly module per family, so that an entry point (or a bundler
# shaking the package's ES modules) loads only the families it uses.
# Needs what scripts/install.sh installs.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

# wasm-bindgen's CLI must be the same version as the library linked into the
# modules: the one locked in Cargo.lock (scripts/install.sh installs that one;
# --locked below keeps cargo from moving it).
locked_wb=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
cli_wb=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')
if [ "$cli_wb" != "$locked_wb" ]; then
  echo "build: wasm-bindgen CLI is '${cli_wb:-missing}', Cargo.lock has $locked_wb: run scripts/install.sh" >&2; exit 1
fi

families="tool_calls traces transcripts responses"
# MCP_MATCHERS_BENCH=1: also the benchmark-only exports (Cargo.toml `bench-exports`;
# bench/README.md), which the published build leaves out.
extra=""; [ "${MCP_MATCHERS_BENCH:-}" = 1 ] && extra=",bench-exports"
for fam in $families; do
  # Own target dir per family: switching features in one dir would relink every time.
  # `cargo rustc --crate-type cdylib`: the crates declare no cdylib in Cargo.toml,
  # so that native users link only the rlib (the cdylib is this build's alone).
  # One cargo profile for every module (Cargo.toml [profile.release] says why).
  profile=release
  CARGO_TARGET_DIR="target/wasm-$fam" cargo rustc --quiet --locked --profile "$profile" --target wasm32-unknown-unknown --lib \
    --crate-type cdylib --no-default-features --features "wasm-${fam//_/-}$extra"
  ln -sfn "$profile" "target/wasm-$fam/wasm32-unknown-unknown/module"
done
# The JSON Schema validator: its own module (mcp-matchers/schema), loaded only when used.
cargo rustc --quiet --locked --release --target wasm32-unknown-unknown -p mcp-matchers-schema --lib \
  --crate-type cdylib --features js
out=pkg.tmp.$$
rm -rf "$out"
mkdir -p "$out/wasm"
# wasm-bindgen glue, then binaryen from npm (never Debian's: see ../shared/TOOLCHAIN.md), then the bytes inlined.
module() {
  # --experimental-reset-state-function: __wbg_reset_state() instantiates the module
  # again after a trap (pkg-template/errors.js guard).
  wasm-bindgen --target web --no-typescript --experimental-reset-state-function --out-dir "$out/wasm" --out-name "$1" "$2"
  wasm-opt -Oz "$out/wasm/$1_bg.wasm" -o "$out/wasm/$1_bg.wasm"
  node scripts/inline-wasm.mjs "$out/wasm/$1_bg.wasm" "$out/wasm/$1_bytes.js"
  # The package starts each module from its inlined bytes and does not ship the
  # .wasm files: drop the glue's default `new URL('<name>_bg.wasm', import.meta.url)`,
  # which bundlers (webpack 5, Vite) try to resolve as an asset and fail or warn on;
  # and import the UTF-8 fallback first (its glue makes a TextDecoder at load).
  node -e 'const fs = require("fs"); const [f, name] = process.argv.slice(1); const s = fs.readFileSync(f, "utf8");
    const url = `new URL(\x27${name}_bg.wasm\x27, import.meta.url)`; if (!s.includes(url)) throw new Error(`${f}: no ${url}`);
    fs.writeFileSync(f, `import "../encoding.js"; // TextEncoder/TextDecoder where missing (Jest jsdom)\n` + s.replace(url, `(() => { throw new Error("mcp-matchers: ${name} starts from its inlined bytes"); })()`));' "$out/wasm/$1.js" "$1"
}
for fam in $families; do
  module "$fam" "target/wasm-$fam/wasm32-unknown-unknown/module/mcp_matchers.wasm"
done
module schema target/wasm32-unknown-unknown/release/mcp_matchers_schema.wasm
cp pkg-template/package.json pkg-template/*.js pkg-template/*.d.ts "$out/"
# The core's constant tables as a JS module (an import then compiles no WebAssembly).
node scripts/core-constants.mjs "$out"
# mcp-matchers/matchers as one file (esbuild), the tool-call modules re-exported from it.
# (target/pkg-modules keeps them unbundled for the viewer build, scripts/build-www.mjs.)
node scripts/bundle-matchers.mjs "$out" target/pkg-modules
cp pkg-template/README.md "$out/README.md"  # the registry page: written for npm users
# Swap in one step so that a test reading pkg/ never sees half a build.
old=pkg.old.$$
{ [ ! -e pkg ] || mv pkg "$old"; } && mv "$out" pkg && rm -rf "$old"
# The trace viewer as one self-contained file that also opens from file://.
node scripts/build-www.mjs
sizes=""
for m in $families schema; do sizes="$sizes $m $(wc -c < "pkg/wasm/${m}_bg.wasm")"; done
echo "built pkg/ (bytes of wasm per module:$sizes)"
