//! What each fixture records about its run besides the calls, against its
//! row in tests/traces/run-facts.json (written by hand from the fixture
//! files: `usage` / `usageMetadata` / steps' `usage`, `model` /
//! `modelVersion` / `response.modelId`, the last user text): the provider,
//! model, token counts, prompt, and whether a tool failed. What a fixture
//! does not record reads as the reference's defaults (`None`, 0, `""`).

use super::helpers::{read, text_of};
use mcp_matchers::traces::eval::messages_show_tool_failure;
use mcp_matchers::traces::PromptResult;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Row {
    file: String,
    provider: Option<String>,
    model: Option<String>,
    input_tokens: u64,
    output_tokens: u64,
    prompt: String,
    tool_failure: bool,
}

fn rows() -> Vec<Row> {
    let path = format!("{}/tests/traces/run-facts.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn every_fixture_records_its_run_as_its_row_says() {
    let rows = rows();
    for row in &rows {
        let r = read(&row.file);
        let f = &row.file;
        assert_eq!(r.provider(), row.provider.as_deref(), "{f}");
        assert_eq!(r.model(), row.model.as_deref(), "{f}");
        assert_eq!(
            (r.input_tokens(), r.output_tokens()),
            (row.input_tokens, row.output_tokens),
            "{f}"
        );
        // Through the reference's HostRunner, totalTokens is input + output.
        assert_eq!(r.total_tokens(), row.input_tokens + row.output_tokens, "{f}");
        assert_eq!(r.prompt(), row.prompt, "{f}");
        assert_eq!(r.trace_shows_tool_failure(), row.tool_failure, "{f}");
        // The flag kept while reading is what the messages built show.
        assert_eq!(messages_show_tool_failure(r.messages()), row.tool_failure, "{f}");
        // Nothing a trace does not record: no latency, spans or snapshots.
        assert_eq!(r.e2e_latency_ms() + r.llm_latency_ms() + r.mcp_latency_ms(), 0.0, "{f}");
        assert!(r.spans().is_empty() && r.widget_snapshots().is_empty(), "{f}");
        // Reading the calls only records the same run.
        let lean = PromptResult::calls_from_trace_text(&text_of(f), None).unwrap();
        assert_eq!(
            (lean.usage(), lean.model(), lean.prompt()),
            (r.usage(), r.model(), r.prompt()),
            "{f}"
        );
        assert_eq!(lean.trace_shows_tool_failure(), row.tool_failure, "{f}");
    }
    let fixtures = serde_json::from_str::<Vec<serde_json::Value>>(
        &std::fs::read_to_string(format!("{}/tests/traces/fixtures.json", env!("CARGO_MANIFEST_DIR"))).unwrap(),
    )
    .unwrap();
    for f in fixtures {
        let file = f["file"].as_str().unwrap();
        assert!(
            rows.iter().any(|r| r.file == file),
            "{file} has no row in tests/traces/run-facts.json"
        );
    }
}
