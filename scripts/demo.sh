#!/usr/bin/env bash
# The main job on real input: installs the toolchain, builds pkg/, then
#  1. judges the recorded agent traces in examples/traces/ against examples/expectations/;
#  2. normalises the real coding-agent transcripts in tests/fixtures/transcripts/ and runs
#     the transcript assertions of examples/transcript-assertions.json on them, printing
#     each check's record (examples/transcripts.mjs; fails when a record is not as expected);
#  3. runs the eval dataset examples/responses-dataset.json (22 cases, every expectation type)
#     against the real recorded MCP tool responses in tests/fixtures/responses/;
#  4. re-drives a recorded agent run (replayModel) against the real MCP server
#     @modelcontextprotocol/server-everything, started over stdio, and judges the new run.
#   bash scripts/demo.sh [EXPECTATION_FILE_OR_FOLDER...]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/install.sh
bash scripts/build.sh
node examples/run.mjs "$@"
printf '\n== transcripts: real harness runs, normalised and asserted\n'
node examples/transcripts.mjs
printf '\n== tool responses: an eval dataset over real recorded MCP tool responses\n'
node examples/responses.mjs
printf '\n== agent: a recorded run re-driven against a real MCP server (server-everything over stdio)\n'
node examples/agent.mjs
