//! Native throughput of the Rust API (bench/README.md, "benches/traces.rs").
//!
//! 1. The recorded traces under `tests/fixtures/traces/` repeated to about
//!    `--bytes` of input (default 1 GiB; the texts are shared, not copied):
//!    each is read into a `PromptResult` (format detected) and its calls are
//!    judged with `evaluate_tool_calls` in place, on one core and then with
//!    `rayon` across every core; both runs must give the same verdicts.
//! 2. A JSON-lines file of about `--jsonl-bytes` (default 256 MiB, the Codex
//!    fixture `untether_SYNTHETIC_all_item_types.jsonl` repeated, each copy's
//!    item ids made its own) written to
//!    the temporary directory and normalised with `transcripts::normalize_reader`
//!    line by line, with the peak resident memory (Linux `VmHWM`) beside the
//!    file's size.
//!
//! `cargo bench --bench traces [-- --bytes 64M --jsonl-bytes 32M]` (sizes in
//! bytes, with an optional K, M or G suffix, powers of 1024). It is a program,
//! not a test: `cargo test` does not build or run it. Exits 1 when the one-core
//! and the parallel verdicts differ or a fixture stops reading.
use mcp_matchers::traces::PromptResult;
use mcp_matchers::transcripts::{normalize_reader, NormalizeOptions};
use mcp_matchers::{evaluate_tool_calls, MatchOptions};
use rayon::prelude::*;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `--name SIZE` from the command line, else `default` (bytes).
fn size_arg(name: &str, default: u64) -> Result<u64, String> {
    let args: Vec<String> = std::env::args().collect();
    let Some(at) = args.iter().position(|a| a == name) else {
        return Ok(default);
    };
    let text = args.get(at + 1).ok_or_else(|| format!("{name} needs a size"))?;
    let (digits, unit) = match text.char_indices().last() {
        Some((i, 'K' | 'k')) => (&text[..i], 1 << 10),
        Some((i, 'M' | 'm')) => (&text[..i], 1 << 20),
        Some((i, 'G' | 'g')) => (&text[..i], 1 << 30),
        _ => (text.as_str(), 1),
    };
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("{name} {text}: not a whole number of bytes"))?;
    n.checked_mul(unit).ok_or_else(|| format!("{name} {text}: too large"))
}

/// Every trace fixture, sorted.
fn trace_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            trace_files(&path, out)?;
        } else if path
            .extension()
            .is_some_and(|e| e == "json" || e == "jsonl" || e == "sse")
        {
            out.push(path);
        }
    }
    out.sort();
    Ok(())
}

/// One trace's verdict: its number of calls and whether they all paired with
/// themselves (every call expected once; a run without calls never passes,
/// as `@mcpjam/sdk@1.14.0` `evaluateToolCalls` has it).
fn judge(text: &str) -> Option<(usize, bool)> {
    let run = PromptResult::from_trace_text(text, None).ok()?;
    let calls = run.tool_calls();
    Some((
        calls.len(),
        evaluate_tool_calls(calls, calls, &MatchOptions::default()).passed,
    ))
}

/// The peak resident set size so far (Linux `VmHWM`), in bytes.
fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Resets the peak (`echo 5 > /proc/self/clear_refs`, Linux 4.0+); false when it cannot.
fn reset_peak_rss() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1u64 << 20) as f64
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let target = size_arg("--bytes", 1 << 30)?;
    let jsonl_target = size_arg("--jsonl-bytes", 256 << 20)?;

    // 1. Traces, one core against every core.
    let mut files = Vec::new();
    trace_files(&root.join("tests/fixtures/traces"), &mut files)?;
    let mut texts = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f)?;
        if judge(&text).is_some() {
            texts.push(text);
        }
    }
    if texts.is_empty() {
        eprintln!("no trace fixture read");
        std::process::exit(1);
    }
    let per_round: u64 = texts.iter().map(|t| t.len() as u64).sum();
    let rounds = target.div_ceil(per_round).max(1);
    let inputs: Vec<&str> = (0..rounds).flat_map(|_| texts.iter().map(String::as_str)).collect();
    let total = per_round * rounds;
    println!(
        "traces: {} readable fixtures of {} ({per_round} bytes) x {rounds} = {} inputs, {:.1} MiB",
        texts.len(),
        files.len(),
        inputs.len(),
        mib(total)
    );
    let start = Instant::now();
    let one: Vec<Option<(usize, bool)>> = inputs.iter().map(|t| judge(t)).collect();
    let one_s = start.elapsed().as_secs_f64();
    let threads = rayon::current_num_threads();
    let start = Instant::now();
    let all: Vec<Option<(usize, bool)>> = inputs.par_iter().map(|t| judge(t)).collect();
    let all_s = start.elapsed().as_secs_f64();
    let calls: usize = one.iter().flatten().map(|(n, _)| n).sum();
    println!(
        "  1 core:     {one_s:.2} s, {:.1} MiB/s, {calls} calls judged",
        mib(total) / one_s
    );
    println!(
        "  {threads} threads: {all_s:.2} s, {:.1} MiB/s, {:.2}x",
        mib(total) / all_s,
        one_s / all_s
    );
    if one != all || one.iter().any(|v| v.is_none_or(|(n, passed)| passed != (n > 0))) {
        eprintln!("the one-core and parallel verdicts differ, or a trace stopped reading or pairing");
        std::process::exit(1);
    }

    // 2. A large JSON-lines transcript, read line by line.
    let seed =
        std::fs::read_to_string(root.join("tests/fixtures/transcripts/codex/untether_SYNTHETIC_all_item_types.jsonl"))?;
    let seed = if seed.ends_with('\n') { seed } else { seed + "\n" };
    let copies = jsonl_target.div_ceil(seed.len() as u64).max(1);
    let path = std::env::temp_dir().join(format!("mcp-matchers-bench-{}.jsonl", std::process::id()));
    let mut out = BufWriter::new(std::fs::File::create(&path)?);
    for k in 0..copies {
        // Each copy's items under their own ids (the adapter joins an item's
        // started and completed lines by id).
        out.write_all(
            seed.replace("\"id\":\"item_", &format!("\"id\":\"c{k}_item_"))
                .as_bytes(),
        )?;
    }
    out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    let size = std::fs::metadata(&path)?.len();
    drop(inputs);
    drop(texts);
    let reset = reset_peak_rss();
    let start = Instant::now();
    let run = normalize_reader(
        BufReader::new(std::fs::File::open(&path)?),
        None,
        &NormalizeOptions::default(),
    );
    let took = start.elapsed().as_secs_f64();
    let peak = peak_rss();
    std::fs::remove_file(&path)?;
    let run = run?;
    println!(
        "jsonl: {:.1} MiB ({copies} copies of the Codex fixture) read line by line in {took:.2} s, {:.1} MiB/s: {} turns, {} events",
        mib(size),
        mib(size) / took,
        run.turns.len(),
        run.event_count()
    );
    // tests/transcripts/adapters.rs: the fixture normalises to eight events.
    if run.event_count() as u64 != 8 * copies {
        eprintln!("expected {} events (8 a copy)", 8 * copies);
        std::process::exit(1);
    }
    match peak {
        Some(p) => println!(
            "  peak resident memory {}: {:.1} MiB (the run's events included)",
            if reset { "while reading" } else { "of the process" },
            mib(p)
        ),
        None => println!("  peak resident memory: not available on this system"),
    }
    Ok(())
}
