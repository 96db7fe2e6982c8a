//! Throughput of `normalize_text` against plain `serde_json` parsing of the
//! same bytes (issue 5, item 8): a ~10 MB transcript per harness, made by
//! repeating a real fixture with its call ids made unique per copy.
//! Prints MB/s and the ratio (the target is at least 0.5; it is
//! reported, not asserted, since it depends on the machine's load).
//! Ignored by default; run in release:
//!
//!   cargo test --release --test transcripts -- --ignored --nocapture bench::
use mcp_matchers::transcripts::{normalize_text, NormalizeOptions};
use serde_json::Value;
use std::time::Instant;

const FIXTURES: &[(&str, &str)] = &[
    (
        "claude-code",
        "claude-code/claudeless_session_write-read-edit-denied.jsonl",
    ),
    ("codex", "codex/untether_SYNTHETIC_all_item_types.jsonl"),
    (
        "codex-rollout",
        "codex/agtrace_codex-0.66-rollout_shell-command-apply-patch.jsonl",
    ),
    ("gemini-cli", "gemini-cli/agentcmd_gemini-session-msg_tool-replace.json"),
    ("opencode", "opencode/untether_opencode-run-json_bash.jsonl"),
    ("cursor", "cursor/cursor-hack_direct-sleep.jsonl"),
    ("pi", "pi/untether_pi-mode-json_print_events.jsonl"),
    ("pi-session", "pi/pi-mono_session-file_before-compaction.jsonl"),
];

const ID_KEYS: &[&str] = &[
    "\"id\":\"",
    "\"call_id\":\"",
    "\"tool_use_id\":\"",
    "\"toolCallId\":\"",
    "\"callID\":\"",
    "\"tool_id\":\"",
];

/// `copies` of the fixture's JSON lines (a pretty-printed document is put on
/// one line first), each copy's ids prefixed with its number.
pub fn big_transcript(path: &str, target_bytes: usize) -> String {
    let text = std::fs::read_to_string(format!(
        "{}/tests/fixtures/transcripts/{path}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let lines: Vec<String> = match serde_json::from_str::<Value>(&text) {
        Ok(v) => vec![v.to_string()],
        Err(_) => text
            .lines()
            .filter(|l| l.starts_with('{'))
            .map(str::to_string)
            .collect(),
    };
    let mut out = String::with_capacity(target_bytes + text.len() * 2);
    let mut k = 0usize;
    while out.len() < target_bytes {
        for line in &lines {
            let mut l = line.clone();
            for key in ID_KEYS {
                l = l.replace(key, &format!("{key}{k}-"));
            }
            out.push_str(&l);
            out.push('\n');
        }
        k += 1;
    }
    out
}

/// The best of `rounds` timed calls of each function, taken alternately so
/// that a busy machine slows both alike; returns MB/s of each.
fn best_mb_per_s(bytes: usize, rounds: usize, a: impl Fn() -> usize, b: impl Fn() -> usize) -> (f64, f64) {
    let (mut ta, mut tb) = (f64::MAX, f64::MAX);
    let mut sink = 0;
    for _ in 0..rounds {
        let start = Instant::now();
        sink += a();
        ta = ta.min(start.elapsed().as_secs_f64());
        let start = Instant::now();
        sink += b();
        tb = tb.min(start.elapsed().as_secs_f64());
    }
    assert!(sink > 0);
    (bytes as f64 / 1e6 / ta, bytes as f64 / 1e6 / tb)
}

#[test]
#[ignore]
fn normalize_throughput_against_serde_json() {
    println!("harness       MB/s normalize   MB/s serde_json   ratio");
    let only = std::env::var("BENCH_ONLY").ok();
    for (harness, path) in FIXTURES {
        if only.as_deref().is_some_and(|o| o != *harness) {
            continue;
        }
        let text = big_transcript(path, 10 << 20);
        let opts = NormalizeOptions::default();
        let (ours, plain) = best_mb_per_s(
            text.len(),
            7,
            || normalize_text(&text, None, &opts).unwrap().event_count() + 1,
            || {
                text.lines()
                    .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                    .count()
            },
        );
        let ratio = ours / plain;
        println!("{harness:<12} {ours:>15.1} {plain:>17.1} {ratio:>7.2}");
        if ratio < 0.5 {
            println!("  {harness}: below the issue's target of half of serde_json");
        }
    }
}
