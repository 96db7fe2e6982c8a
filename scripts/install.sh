#!/usr/bin/env bash
# Installs everything a fresh machine of this kind lacks (see ../shared/TOOLCHAIN.md);
# each step is skipped when already done, so it is cheap to run again.
#   wasm32 target · wasm-bindgen-cli at the wasm-bindgen version locked in Cargo.lock ·
#   wasm-pack · cargo-fuzz · Debian chromium + chromium-driver · npm devDependencies (npm ci)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"

say() { printf '\n== install: %s\n' "$*"; }

rustup target list --installed | grep -qx wasm32-unknown-unknown || { say "wasm32 target"; rustup target add wasm32-unknown-unknown; }

# The CLI must equal the wasm-bindgen library the build links, which is the version
# locked in Cargo.lock (Cargo.toml asks only for a compatible "0.2.x", so that a
# native project depending on this crate resolves with any other 0.2 wasm-bindgen).
WB=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
[ -n "$WB" ] || { echo "install: no wasm-bindgen in Cargo.lock" >&2; exit 1; }
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WB" ]; then
  say "wasm-bindgen-cli $WB"
  cargo install wasm-bindgen-cli --version "=$WB"   # no --locked: one locked dep is not served here
fi
command -v wasm-pack >/dev/null || { say "wasm-pack"; cargo install wasm-pack --locked; }
# The fuzz targets (fuzz/, scripts/fuzz.sh): cargo-fuzz on stable with `-s none`.
command -v cargo-fuzz >/dev/null || { say "cargo-fuzz"; cargo install cargo-fuzz; }

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  say "chromium + chromium-driver (Debian)"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "npm packages"
  npm ci --no-audit --no-fund
fi
