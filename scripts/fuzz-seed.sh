#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ from the recorded fixtures (the small files)
# and a few hand-written inputs for the targets whose input is NUL-separated
# fields (see fuzz/src/lib.rs). The corpora are kept in the repository; run
# this again only to rebuild them from scratch.
set -euo pipefail
cd "$(dirname "$0")/.."
c=fuzz/corpus
rm -rf "$c"
mkdir -p "$c"/{traces,transcripts,patterns,sanitizers,globs,judge,dataset,tool_calls,snapshots,responses}
copy() { # copy <target> <max bytes> <files…>: each file under the size, named by its hash
  local t=$1 max=$2; shift 2
  for f in "$@"; do
    [ "$(wc -c < "$f")" -lt "$max" ] || continue
    cp "$f" "$c/$t/$(sha1sum "$f" | cut -c1-16)"
  done
}
copy traces 6000 $(find tests/fixtures/traces -type f ! -name '*.md')
copy transcripts 6000 $(find tests/fixtures/transcripts -type f ! -name '*.md')
copy responses 3000 $(find tests/fixtures/responses -name '*.result.json')
copy snapshots 3000 $(find tests/fixtures/responses -name '*.result.json' | head -4)
copy dataset 16384 examples/responses-dataset.json
# tool_calls: [expected, actual, options] built from the main job's expectation files.
for f in examples/expectations/*.json; do
  node -e 'const e = require(process.argv[1]); const x = e.expected ?? e.calls ?? []; console.log(JSON.stringify([x, x, e.options ?? null]))' "$(realpath "$f")" \
    > "$c/tool_calls/$(basename "$f" .json)" 2>/dev/null || rm -f "$c/tool_calls/$(basename "$f" .json)"
done
seed() { printf "$2" > "$c/$1/$3"; } # seed <target> <printf text> <name>
seed patterns 'a*b|\0g\0aaaab' quadratic-empty
seed patterns '(a+)+$\0\0aaaaaaaaaaaaaaaaaaaaaaaa!' redos
seed patterns '^## Weather$\0m\0intro\\n## Weather\\nTemperature: 21' anchors
seed patterns '\\d{4}-\\d{2}-\\d{2}\0i\0on 2025-01-15' date
seed patterns '(?<y>\\d+)\\k<y>\0u\0' backref
seed patterns '[^]\\s\\cJ\\x41\\u{1F600}\0su\0A 😀' escapes
seed sanitizers 'a*b|\0g\0-\0aaaab' quadratic-empty
seed sanitizers '(token)_(\\w+)\0g\0$2-$1 [$&] $$ $<x>\0token_abc9 and token_x' groups
seed sanitizers '(?<k>[a-z]+)=(?<v>\\d+)\0gi\0$<v>=$<k>\0a=1 B=2 c=x' named
seed sanitizers 'x\0g\0user.id,items.id\0{"user":{"id":"550e8400-e29b-41d4-a716-446655440000","at":"2025-01-15T10:30:00Z"},"items":[{"id":1}],"t":1732960000}' built-ins
seed globs 'src/**/*.ts\ntest/*\n{a,b}/*.md\0src/greet.ts\ntest/greet.test.js\na/x.md\n.hidden/y\0node_modules\n*.log\n!keep.log' globs
seed globs '{*,*,*,*}{*,*,*,*}x\0aaaaaaaaaaaaaaaaaaaaaaaaaaaaax\0' braces
seed judge '```json\n{"pass": true, "score": 0.9, "reasoning": "ok"}\n```' fenced
seed judge 'The answer is fine. {"score": 0.4} and later {"score": 2}' prose
seed judge '{"a":{"b":{"c":{"score":1}}}}' nested
seed snapshots 'a\nb\nc\n\0a\nB\nc\n' one-line
seed snapshots 'x\0x\n' final-newline
seed snapshots '1\n2\n3\n4\n5\n6\n\x001\n2\n3\n4\nX\n6\n' context
du -sh "$c"; for d in "$c"/*; do echo "$(ls "$d" | wc -l) $d"; done
