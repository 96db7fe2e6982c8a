#!/usr/bin/env bash
# The README's Rust section as a new user takes it (issue 15): `cargo new`, the
# README's first ```toml block appended to Cargo.toml (its path pointed at this
# checkout), the first ```rust block after it as the body of `main`, then
# `cargo run`. The block must compile and its assertions hold as written.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
# Outside the repository: `cargo new` inside this workspace would add the
# project to its members. Builds go to target/readme-project (kept between runs).
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
build="$root/target/readme-project"
cargo new --quiet --vcs none --name readme-user "$dir/app"
app="$dir/app"
# The first toml block of the README, and the first rust block after it.
awk -v root="$root" '
  /^```toml$/ && !toml_done { in_toml = 1; next }
  in_toml && /^```$/ { in_toml = 0; toml_done = 1; next }
  in_toml { if ($0 ~ /^\[dependencies\]/) next; sub(/path = "[^"]*"/, "path = \"" root "\""); print > "/dev/stderr"; next }
  toml_done && /^```rust$/ && !rust_done { in_rust = 1; next }
  in_rust && /^```$/ { in_rust = 0; rust_done = 1; next }
  in_rust { sub(/^# /, ""); if ($0 == "#") $0 = ""; print }
' "$root/README.md" 2> "$dir/deps.toml" > "$dir/body.rs"
[ -s "$dir/deps.toml" ] || { echo "readme-project: no toml block in README.md"; exit 1; }
[ -s "$dir/body.rs" ] || { echo "readme-project: no rust block after the toml block"; exit 1; }
cat "$dir/deps.toml" >> "$app/Cargo.toml"
{ echo "fn main() {"; cat "$dir/body.rs"; echo "    println!(\"the README's Rust example ran\");"; echo "}"; } > "$app/src/main.rs"
# Its own target dir: nothing of the main build is reused, as in a user's project.
(cd "$app" && CARGO_TARGET_DIR="$build" cargo run --quiet)
