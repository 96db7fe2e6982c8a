#!/usr/bin/env bash
# The main job on real input: installs the toolchain, builds pkg/, then judges
# the recorded agent traces in examples/traces/ against examples/expectations/.
#   bash scripts/demo.sh [EXPECTATION_FILE_OR_FOLDER...]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/install.sh
bash scripts/build.sh
node examples/run.mjs "$@"
