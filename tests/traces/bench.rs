//! The native half of `bench/traces.mjs`: reads each trace file in
//! `$TRACES_BENCH_DIR` with `PromptResult::from_trace_text` (and without
//! the messages, `calls_from_trace_text`; and, for a JSON document, from its
//! parsed value with `PromptResult::from_trace`) and times it
//! against plain `serde_json` parsing of the same bytes (the whole document,
//! or every event of an SSE / JSON-lines stream). Prints one JSON line per
//! file. Ignored by `cargo test`; `bench/traces.mjs` runs it as
//! `cargo test --release --test traces -- --ignored --nocapture bench::`.
use mcp_matchers::traces::PromptResult;
use serde_json::Value;
use std::hint::black_box;
use std::time::Instant;

/// Best of `runs` wall times, in ms.
fn best_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e3
        })
        .fold(f64::INFINITY, f64::min)
}

/// serde_json over the same bytes: the document, or each stream event.
fn parse_plain(text: &str) -> usize {
    if let Ok(v) = serde_json::from_str::<Value>(text) {
        return black_box(v).is_null() as usize;
    }
    text.lines()
        .map(|l| l.strip_prefix("data: ").unwrap_or(l))
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str::<Value>(l).map_or(0, |v| black_box(v).is_object() as usize))
        .sum()
}

#[test]
#[ignore = "benchmark: run through bench/traces.mjs"]
fn read_traces_against_serde_json() {
    let Ok(dir) = std::env::var("TRACES_BENCH_DIR") else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let calls = PromptResult::from_trace_text(&text, None).unwrap().tool_calls().len();
        let serde_ms = best_ms(5, || {
            black_box(parse_plain(&text));
        });
        let ours_ms = best_ms(5, || {
            let _ = black_box(PromptResult::from_trace_text(&text, None).unwrap());
        });
        let calls_ms = best_ms(5, || {
            let _ = black_box(PromptResult::calls_from_trace_text(&text, None).unwrap());
        });
        // A caller that hands a parsed value (the parse itself not timed).
        let value_ms = serde_json::from_str::<Value>(&text).ok().map(|v| {
            best_ms(5, || {
                let _ = black_box(PromptResult::from_trace(&v, None).unwrap());
            })
        });
        println!(
            "{}",
            serde_json::json!({ "name": name, "bytes": text.len(), "calls": calls, "oursMs": ours_ms,
                                "callsOnlyMs": calls_ms, "valueMs": value_ms, "serdeMs": serde_ms })
        );
    }
}
