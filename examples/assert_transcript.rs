//! Asserts on a coding agent's transcript natively: normalises a bundled
//! Codex `exec --json` transcript (harness detected) to reeval's events, then
//! runs reeval's transcript matchers over the whole run, one negated.
//!
//! `cargo run --example assert_transcript [TRANSCRIPT_FILE]` (default: the
//! bundled Codex transcript under `tests/fixtures/transcripts/codex/`).
//! Prints each verdict; exits 1 when one fails.
use mcp_matchers::transcripts::{
    normalize_text, to_have_called_in_order, to_have_run, MatchResult, NormalizeOptions, Subject, TextOrRegex,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/transcripts/codex/untether_SYNTHETIC_all_item_types.jsonl"
        )
        .to_string()
    });
    let run = normalize_text(&std::fs::read_to_string(&path)?, None, &NormalizeOptions::default())?;
    println!("{path}: {} harness, {} events", run.harness_name(), run.event_count());

    let all = Subject::from(&run);
    let checks: [(&str, MatchResult); 3] = [
        ("ran pytest", to_have_run(&all, Some(&TextOrRegex::text("pytest")))),
        (
            "called a shell, then GitHub's MCP server",
            to_have_called_in_order(
                &all,
                &[
                    TextOrRegex::text("shell"),
                    TextOrRegex::regex("^mcp__github__", "", "names[1]")?,
                ],
            ),
        ),
        // `.not()`: the negated assertion, with its own text.
        (
            "did not run npm",
            to_have_run(&all, Some(&TextOrRegex::text("npm"))).not(),
        ),
    ];
    let mut failed = false;
    for (what, r) in &checks {
        println!(
            "{} {what}{}",
            if r.pass { "ok  " } else { "FAIL" },
            if r.pass {
                String::new()
            } else {
                format!(": {}", r.message)
            }
        );
        failed |= !r.pass;
    }
    if failed {
        std::process::exit(1);
    }
    Ok(())
}
