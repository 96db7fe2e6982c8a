//! Helpers shared by the transcript tests.

use mcp_matchers::transcripts::*;

/// The text of a fixture under `tests/fixtures/transcripts/`.
pub fn fixture(path: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/fixtures/transcripts/{path}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// A fixture normalised with the default options (harness detected).
pub fn fixture_run(path: &str) -> Run {
    normalize_text(&fixture(path), None, &NormalizeOptions::default()).unwrap()
}

/// A turn whose diff lists `(path, status)` files.
pub fn diff_turn(files: &[(&str, &str)]) -> Subject {
    Subject {
        diff: Some(Diff {
            files: files
                .iter()
                .map(|(p, s)| DiffFile {
                    path: p.to_string(),
                    status: s.to_string(),
                })
                .collect(),
        }),
        ..Default::default()
    }
}
