#!/usr/bin/env bash
# Fuzzes every target of fuzz/ (cargo-fuzz on stable: `-s none`, no sanitizer;
# the core forbids unsafe code). Needs cargo-fuzz (scripts/install.sh).
#   bash scripts/fuzz.sh            smoke: 3 s per target (part of scripts/test.sh)
#   bash scripts/fuzz.sh 300        campaign: 300 s per target
#   bash scripts/fuzz.sh 300 traces only the named targets
# Seeds are read from fuzz/corpus/<target>/ (kept in the repository, never
# written); new inputs go to target/fuzz-corpus/<target>/, findings to
# fuzz/artifacts/<target>/. `-timeout=1`: an input that takes more than a
# second is a finding (a super-linear path), as is a panic or `-rss_limit_mb`.
# Prints, per target, the executions, the corpus size and the findings.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
secs=${1:-3}
shift || true
targets=${*:-traces transcripts patterns sanitizers globs judge dataset tool_calls snapshots responses}
if ! out=$(cargo fuzz build -s none 2>&1); then
  echo "$out"
  exit 1
fi
failed=0
for t in $targets; do
  work="target/fuzz-corpus/$t"
  mkdir -p "$work" "fuzz/artifacts/$t"
  log="target/fuzz-corpus/$t.log"
  if cargo fuzz run -s none "$t" "$work" "fuzz/corpus/$t" -- \
      -max_total_time="$secs" -timeout=1 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
      -artifact_prefix="fuzz/artifacts/$t/" > "$log" 2>&1; then
    status=ok
  else
    status=FINDING
    failed=1
  fi
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  units=$(ls "$work" | wc -l)
  printf '%-12s %-8s %10s executions in %ss, corpus %s + %s seeds\n' "$t" "$status" "${execs:-?}" "$secs" "$units" "$(ls "fuzz/corpus/$t" | wc -l)"
  if [ "$status" != ok ]; then grep -E "ERROR|panicked|Timeout|SUMMARY|Test unit written" "$log" | head -8; fi
done
exit $failed
