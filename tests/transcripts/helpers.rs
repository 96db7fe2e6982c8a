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
pub fn diff_turn(files: &[(&str, &str)]) -> Subject<'static> {
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

/// `(turn, type, name, toolCallId, path|target|query|url, ok)` of an event.
pub type Row = (u32, &'static str, String, String, String, Option<bool>);

/// The [`Row`] of each event, in run order.
pub fn summary(r: &Run) -> Vec<Row> {
    r.iter_events()
        .map(|e| {
            let what = e
                .path
                .clone()
                .or(e.query.clone())
                .or(e.url.clone())
                .or(e.target.clone())
                .unwrap_or_default();
            (
                e.turn,
                e.kind.as_str(),
                e.name.clone().unwrap_or_default(),
                e.tool_call_id.clone().unwrap_or_default(),
                what,
                e.ok,
            )
        })
        .collect()
}

/// A [`Row`] written out by hand.
pub fn row(turn: u32, ty: &'static str, name: &str, id: &str, what: &str, ok: Option<bool>) -> Row {
    (turn, ty, name.into(), id.into(), what.into(), ok)
}
