#!/usr/bin/env bash
# Runs every test of the project (the README's test command):
#   native Rust tests and lints · wasm build · Node tests (differential against
#   @mcpjam/sdk, examples, package) · TypeScript check · npm pack install check ·
#   wasm-bindgen tests in Node and headless Chromium · www/ page in Chromium ·
#   a short run of every fuzz target.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
step() { printf '\n== test: %s\n' "$*"; }

bash scripts/install.sh

step "native: cargo test (the core with every feature, and the schema crate)"
cargo test --quiet --workspace --all-features

# --all-features above includes test-preserve-order (serde_json's preserve_order,
# which any crate of a user's build may turn on); the verdicts must be the same
# without it.
step "native: cargo test without serde_json/preserve_order"
cargo test --quiet --features schema --lib --tests

step "crate: a native project with another wasm-bindgen 0.2 version resolves (tests/crate/resolve.sh)"
bash tests/crate/resolve.sh
step "crate: the README's Rust section in a new cargo project compiles and runs (tests/crate/readme-project.sh)"
bash tests/crate/readme-project.sh

# Each documented feature set (README "Rust", src/lib.rs "Features") builds without
# a warning: natively without features and with `schema` (the wasm-* features
# compile nothing natively), on wasm32 each family's exports alone, as
# scripts/build.sh builds them.
step "features: clippy -D warnings under each documented feature set"
cargo clippy --quiet --lib --no-default-features -- -D warnings
cargo clippy --quiet --lib --no-default-features --features schema -- -D warnings
for fam in tool-calls traces transcripts responses; do
  cargo clippy --quiet --lib --target wasm32-unknown-unknown --no-default-features --features "wasm-$fam" -- -D warnings
done

step "examples: the Rust programs in examples/*.rs"
cargo run --quiet --example judge_trace >/dev/null
cargo run --quiet --example assert_transcript >/dev/null
cargo run --quiet --example check_response >/dev/null
cargo run --quiet --example parallel_traces >/dev/null

step "docs: cargo doc -D warnings (every public item documented: missing_docs = deny)"
RUSTDOCFLAGS="-D warnings" cargo doc --quiet --no-deps --workspace --all-features

step "lint: clippy native and wasm32, rustfmt"
cargo clippy --quiet --workspace --all-targets --all-features -- -D warnings
cargo clippy --quiet --lib --target wasm32-unknown-unknown -- -D warnings
cargo clippy --quiet --lib --target wasm32-unknown-unknown -p mcp-matchers-schema --features js -- -D warnings
cargo fmt --all --check

step "build the npm package into pkg/"
bash scripts/build.sh

# The regex crate is a dependency of the core (validatePattern, in the responses
# module); the tool-call module must not grow with it (also asserted by
# tests/js/modules.test.mjs).
step "size: the tool-call module stays small (< 300 KB)"
tool_calls_size=$(wc -c < pkg/wasm/tool_calls_bg.wasm)
echo "pkg/wasm/tool_calls_bg.wasm: $tool_calls_size bytes"
if [ "$tool_calls_size" -ge 300000 ]; then
  echo "the tool-call module is $tool_calls_size bytes (limit 300,000)"; exit 1
fi

step "TypeScript: tsc --noEmit over every export"
tsc --noEmit -p tests/ts/tsconfig.json

step "npm pack, install into a fresh project, import from Node"
bash tests/pack/check.sh

step "wasm boundary: wasm-pack test --node and --headless --chrome"
wasm-pack test --node -- --test node
wasm-pack test --headless --chrome -- --test browser

step "Node tests (node --test)"
MCP_MATCHERS_FROM_TARBALL=1 node --test tests/js/ tests/browser/

step "fuzz smoke: every target of fuzz/ for 3 s (scripts/fuzz.sh; the campaign: scripts/fuzz.sh 300)"
bash scripts/fuzz.sh 3
