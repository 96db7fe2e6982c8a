//! Every fixture against its row in tests/traces/fixtures.json: the format
//! it is detected and read as, the tools called in order, the diagnostic
//! codes. Rows are written by hand from the fixture files; a new fixture is
//! a new row (a fixture without one fails here).

use super::helpers::{codes, read, text_of};
use mcp_matchers::traces::{detect_trace_format_text, PromptResult, TraceFormat};
use serde::Deserialize;

#[derive(Deserialize)]
struct Row {
    file: String,
    format: String,
    tools: Vec<String>,
    codes: Vec<String>,
}

fn rows() -> Vec<Row> {
    let path = format!("{}/tests/traces/fixtures.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn every_fixture_reads_as_its_row_says() {
    let rows = rows();
    for row in &rows {
        let format =
            TraceFormat::from_name(&row.format).unwrap_or_else(|| panic!("{}: format {}", row.file, row.format));
        assert_eq!(
            detect_trace_format_text(&text_of(&row.file)),
            Ok(format),
            "{}",
            row.file
        );
        let r = read(&row.file);
        assert_eq!(r.format, Some(format.as_str()), "{}", row.file);
        assert_eq!(r.tools_called(), row.tools, "{}", row.file);
        assert_eq!(codes(&r), row.codes, "{}", row.file);
        // Saved with a byte order mark (an editor on Windows; `readFileSync(path, "utf8")`
        // keeps it as U+FEFF): read as the same trace, as a decoder that drops the mark gives it.
        let marked = format!("\u{feff}{}", text_of(&row.file));
        assert_eq!(detect_trace_format_text(&marked), Ok(format), "{} with a BOM", row.file);
        let m = PromptResult::from_trace_text(&marked, None).unwrap_or_else(|e| panic!("{} with a BOM: {e}", row.file));
        assert_eq!(m.tools_called(), row.tools, "{} with a BOM", row.file);
        assert_eq!(codes(&m), row.codes, "{} with a BOM", row.file);
    }
    let dir = format!("{}/tests/fixtures/traces", env!("CARGO_MANIFEST_DIR"));
    for group in std::fs::read_dir(&dir).unwrap() {
        let group = group.unwrap().path();
        if !group.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&group).unwrap() {
            let file = file.unwrap().path();
            let name = file
                .strip_prefix(&dir)
                .unwrap()
                .to_string_lossy()
                .trim_start_matches('/')
                .to_owned();
            assert!(
                rows.iter().any(|r| r.file == name),
                "{name} has no row in tests/traces/fixtures.json"
            );
        }
    }
}
