//! Transcript normalisation (`normalizeTranscript`): detected, and per
//! harness (the selector picks one of the nine), then the matchers that read
//! a run's events, and the patch reader.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_matchers::transcripts::*;
use mcp_matchers_fuzz::{as_lines, input, Input};

const HARNESSES: [Harness; 9] = Harness::ALL;

fn check(run: &Run) {
    let s = Subject::from(run);
    let names: Vec<String> = s.events.iter().filter_map(|e| e.name.clone()).take(8).collect();
    let f1 = trajectory_f1(&s, &names, 0.5);
    assert!((0.0..=1.0).contains(&f1.f1), "{}", f1.f1);
    let any = TextOrRegex::text("Bash");
    let _ = to_have_called_tool(&s, &any, None);
    let _ = to_have_called_times(&s, &any, 1).not();
    let order: Vec<TextOrRegex> = names.iter().map(|n| TextOrRegex::text(n.clone())).collect();
    let _ = to_have_called_in_order(&s, &order);
    let _ = write_transcript_jsonl(run.iter_events());
}

fuzz_target!(|data: &[u8]| {
    let opts = NormalizeOptions {
        workspace: Some("/work".into()),
        mcp_servers: vec!["srv".into()],
    };
    let (text, selector) = match input(data) {
        Input::Raw { text, selector, .. } => (text, selector),
        Input::Structured { selector, value } => {
            for h in [None, Some(HARNESSES[selector as usize % 9])] {
                if let Ok(run) = normalize_transcript(&value, h, &opts) {
                    check(&run);
                }
            }
            (as_lines(&value), selector)
        }
    };
    for h in [None, Some(HARNESSES[selector as usize % 9])] {
        if let Ok(run) = normalize_text(&text, h, &opts) {
            check(&run);
        }
    }
    let _ = patch_files(&text);
    let _ = read_transcript_jsonl(&text);
});
