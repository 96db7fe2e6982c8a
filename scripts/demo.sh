#!/usr/bin/env bash
# The main job on real input: installs the toolchain, builds pkg/, then
#  1. judges the recorded agent traces in examples/traces/ against examples/expectations/;
#  2. normalises the real coding-agent transcripts in tests/fixtures/transcripts/ and runs
#     transcript assertions on them, printing each check's record.
#   bash scripts/demo.sh [EXPECTATION_FILE_OR_FOLDER...]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/install.sh
bash scripts/build.sh
node examples/run.mjs "$@"
printf '\n== transcripts: real harness runs, normalised and asserted\n'
node tests/js/transcripts-main.test.mjs | sed -n '/^TAP version/q;p'
