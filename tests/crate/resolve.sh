#!/usr/bin/env bash
# A native project that depends on mcp-matchers (by path, with the `schema`
# feature so that both workspace crates take part) and also on another
# wasm-bindgen 0.2 version must resolve. Cargo resolves target-specific
# dependencies for every target, so an exact `wasm-bindgen = "=X"` pin here,
# even under cfg(target_arch = "wasm32"), would make such a project fail with
# "failed to select a version for `wasm-bindgen`" (issue 15).
# Only resolution (`cargo generate-lockfile`): nothing is compiled.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
other="${1:-0.2.100}"   # any 0.2 version at or above the crate's minimum
dir="$root/target/resolve-check"
rm -rf "$dir"
mkdir -p "$dir/src"
cat > "$dir/Cargo.toml" <<TOML
[package]
name = "resolve-check"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]

[dependencies]
mcp-matchers = { path = "$root", features = ["schema"] }
wasm-bindgen = "=$other"
TOML
echo 'fn main() {}' > "$dir/src/main.rs"
cargo generate-lockfile --quiet --manifest-path "$dir/Cargo.toml"
locked=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print }' "$dir/Cargo.lock")
if [ "$locked" != "$other" ]; then
  echo "resolve-check: wasm-bindgen locked at '$locked', expected only $other"; exit 1
fi
echo "a native project with mcp-matchers and wasm-bindgen =$other resolves (one wasm-bindgen, $locked)"
