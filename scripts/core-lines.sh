#!/usr/bin/env bash
# Issue 10's size measure: lines of the Rust core (`src/` without `src/wasm/`
# and `src/agent/`, plus `schema/src/lib.rs`), and of those the lines that
# today's features account for: every line is attributed by `git blame -w -M -C`
# to the commit that last wrote it, and the lines of the commits listed in
# OTHER (features of other issues, named by their subjects) are left out.
# The issue's baseline is 13,962 lines at 0b73159 (target: at least 15% fewer);
# split the same way (a line starting with `//` is a comment), those are 11,125
# code, 2,060 comment and 777 blank lines (`git show 0b73159:<file>` of the same files).
#
#   bash scripts/core-lines.sh
#
# An approximation: a base line that a later feature commit rewrote counts as
# that feature's, and a restructuring line a feature commit touched too.
set -euo pipefail
cd "$(dirname "$0")/.."

# issue 11 (drop-in completeness): the PromptResult class, Codex rollout / pi
# files, the evals API, zod-shaped dataset issues, the AI SDK v4 data stream,
# MCPJam traces without messages, "nothing silently empty", outOfOrder,
# assertValidMatchOptions, sanitizers without g, the empty trace.
# issue 12: the agent loop. issue 13: kept runs and transcripts, pieces of any
# length, perf passes. issue 14: viewer-facing diagnostics.
# issue 15 (the Rust crate): positive matchers and not(), integer bounds,
# AsToolCall, one error type, doctests, Run::harness, must_use, to_succeed,
# ToolCall::new, Deserialize, always-compiled native API, preserve_order,
# Recorder labels, cargo doc. issue 16: linear time, judge verdicts in one
# pass, globs, the comparison budget, fuzzing, state limits, sanitizer speed.
OTHER="141f0d1 c0edb48 62f7584 b8784a7 a2f6db8 101c034 492948b 9ac83c3 fe4a022 fa3caa6
e58c215 3632a08 28894c5 a358314 045e10f bfa4e10 82ef92a de8780c a76c65a e4a4265 36d268f
9124306 1da8570 cd2a11d 4228d88 dcf8388 c2939b4 7a6912a a32b0be e1363a6 2b6cddc 3c82fb5
b9d36e7 5e3e1d7 499bf44 f94b3d0 b4f9d1d 9728934 3b0c8de 226e047 4e09bb8 6bbe15f 211d7b4
1b32253 7b73756 1181e70 220bbd5 24aa3e6 fc37ab6"

files=$( (find src -name '*.rs' -not -path 'src/wasm/*' -not -path 'src/agent/*'; echo schema/src/lib.rs) | sort)
# Each line as "<today|other> <code|comment|blank>" (a comment line starts with `//`).
counts=$(for f in $files; do git blame -w -M -C --line-porcelain "$f"; done | awk -v other=" $(echo $OTHER) " '
  /^[0-9a-f]+ [0-9]+ [0-9]+/ && length($1) == 40 { sha = substr($1, 1, 7); next }
  /^\t/ {
    line = substr($0, 2)
    kind = line ~ /^[ \t]*\/\// ? "comment" : line ~ /^[ \t]*$/ ? "blank" : "code"
    n[(index(other, " " sha " ") ? "other" : "today")]++
    k[(index(other, " " sha " ") ? "other" : "today") " " kind]++
  }
  END { printf "%d %d %d %d %d\n", n["today"] + n["other"], n["other"], k["today code"], k["today comment"], k["today blank"] }')
read -r total other code comment blank <<<"$counts"
[ "$total" -gt 0 ] || { echo "core-lines: no lines read from git blame" >&2; exit 1; }
today=$((total - other))
echo "core lines: $total; written by other issues' features: $other; today's features: $today ($code code, $comment comment, $blank blank)"
echo "baseline 13962 (11125 code, 2060 comment, 777 blank), target <= 11868: $([ "$today" -le 11868 ] && echo met || echo missed) ($(( (today - 13962) * 100 / 13962 ))% against the baseline; code lines $(( (code - 11125) * 100 / 11125 ))%)"
