//! Judges many recorded traces in parallel with `rayon`: every `.json` /
//! `.jsonl` file under a directory is read (format detected) into a
//! `PromptResult` on the thread pool, and each run is judged: it read, it
//! called at least one tool, it reported no error and no tool failed.
//! The verdicts are `Send`, so they come back to one thread to print.
//!
//! `cargo run --example parallel_traces [DIR]` (default: `examples/traces/`).
//! Exits 1 when a trace fails.
use mcp_matchers::traces::PromptResult;
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// Every trace file under `dir`, sorted (so the report's order is stable).
fn trace_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            trace_files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "json" || e == "jsonl") {
            out.push(path);
        }
    }
    out.sort();
    Ok(())
}

/// One trace's verdict: `Ok(tools called)` or `Err(why it fails)`.
fn judge(path: &Path) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let run = PromptResult::from_trace_text(&text, None).map_err(|e| e.to_string())?;
    let tools: Vec<String> = run.tools_called().into_iter().map(str::to_string).collect();
    if let Some(error) = run.error() {
        return Err(format!("the run reported an error: {error}"));
    }
    if run.trace_shows_tool_failure() {
        return Err("a tool failed".into());
    }
    if tools.is_empty() {
        return Err("no tool was called".into());
    }
    Ok(tools)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args().nth(1).map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/traces"),
        PathBuf::from,
    );
    let mut files = Vec::new();
    trace_files(&dir, &mut files)?;
    let verdicts: Vec<(&PathBuf, Result<Vec<String>, String>)> = files.par_iter().map(|f| (f, judge(f))).collect();
    let mut failed = 0;
    for (file, verdict) in &verdicts {
        let name = file.strip_prefix(&dir).unwrap_or(file).display();
        match verdict {
            Ok(tools) => println!("ok   {name}: {tools:?}"),
            Err(why) => {
                failed += 1;
                println!("FAIL {name}: {why}");
            }
        }
    }
    println!("{} traces, {failed} failed", verdicts.len());
    if failed > 0 {
        std::process::exit(1);
    }
    Ok(())
}
