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

/// A token count that is not a non-negative integer (a string, as some
/// proxies write them; a negative or fractional number) is not read as 0 in
/// silence: the count is not recorded and a `USAGE_UNREADABLE` diagnostic
/// names where it is. Each input uses its API's own usage member names (the
/// OpenAI, Anthropic and Gemini API references, AI SDK `LanguageModelUsage`,
/// MCPJam `tokens` and `llm` spans); the good count beside the bad one is kept.
#[test]
fn token_counts_of_the_wrong_type_are_diagnosed_not_read_as_zero() {
    use serde_json::json;
    let cases = [
        (
            json!({ "object": "chat.completion", "model": "m", "choices": [{ "index": 0, "message": { "role": "assistant", "content": "hi" }, "finish_reason": "stop" }],
                 "usage": { "prompt_tokens": "12", "completion_tokens": 5 } }),
            "usage.prompt_tokens",
            (0, 5),
        ),
        (
            json!({ "object": "response", "model": "m", "output": [{ "type": "message", "role": "assistant", "content": [{ "type": "output_text", "text": "hi" }] }],
                 "usage": { "input_tokens": 7, "output_tokens": -1 } }),
            "usage.output_tokens",
            (7, 0),
        ),
        (
            json!({ "type": "message", "role": "assistant", "model": "m", "content": [{ "type": "text", "text": "hi" }],
                 "usage": { "input_tokens": 1.5, "output_tokens": 3 } }),
            "usage.input_tokens",
            (0, 3),
        ),
        (
            json!({ "candidates": [{ "content": { "role": "model", "parts": [{ "text": "hi" }] } }], "modelVersion": "m",
                 "usageMetadata": { "promptTokenCount": 4, "candidatesTokenCount": "2" } }),
            "usageMetadata.candidatesTokenCount",
            (4, 0),
        ),
        (
            json!({ "steps": [{ "stepType": "initial", "text": "hi", "toolCalls": [], "toolResults": [], "finishReason": "stop",
                 "usage": { "inputTokens": "9", "outputTokens": 1 } }] }),
            "steps[0].usage.inputTokens",
            (0, 1),
        ),
    ];
    let llm = |input: serde_json::Value| json!({ "id": "s1", "name": "llm", "category": "llm", "startMs": 0, "endMs": 5, "inputTokens": input, "outputTokens": 2 });
    let mcpjam = [
        (
            json!({ "caseTitle": "c", "passed": true, "tokens": { "input": 3, "output": "4" }, "trace": { "messages": [], "spans": [] } }),
            "tokens.output",
            (3, 0),
        ),
        (
            json!({ "messages": [{ "role": "assistant", "content": "hi" }], "spans": [llm(json!("8"))] }),
            "spans[0].inputTokens",
            (0, 2),
        ),
    ];
    // The paths of a run's USAGE_UNREADABLE diagnostics.
    let unreadable = |r: &PromptResult| -> Vec<String> {
        let d = r.diagnostics().iter().filter(|d| d.code == "USAGE_UNREADABLE");
        d.map(|d| d.path.clone()).collect()
    };
    for (trace, path, (input, output)) in cases.into_iter().chain(mcpjam) {
        let r = PromptResult::from_trace(&trace, None).unwrap();
        assert_eq!(unreadable(&r), [path], "{trace}: {:?}", r.diagnostics());
        assert_eq!((r.input_tokens(), r.output_tokens()), (input, output), "{trace}");
    }
    // A stream's events (Anthropic's `message_delta` carries the cumulative output count).
    let sse = [
        r#"{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"usage":{"input_tokens":6,"output_tokens":1}}}"#,
        r#"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#,
        r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hi"}}"#,
        r#"{"type":"content_block_stop","index":0}"#,
        r#"{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":"9"}}"#,
        r#"{"type":"message_stop"}"#,
    ]
    .map(|e| format!("data: {e}\n\n"))
    .concat();
    let r = PromptResult::from_trace_text(&sse, None).unwrap();
    assert_eq!(
        unreadable(&r),
        ["events[4].usage.output_tokens"],
        "{:?}",
        r.diagnostics()
    );
    assert_eq!(
        (r.input_tokens(), r.output_tokens()),
        (6, 1),
        "message_start's count stays"
    );
    // Good counts, `null` and absent members say nothing.
    let fine = json!({ "type": "message", "role": "assistant", "content": [], "usage": { "input_tokens": 2, "output_tokens": null } });
    let r = PromptResult::from_trace(&fine, None).unwrap();
    assert!(unreadable(&r).is_empty(), "{:?}", r.diagnostics());
    assert_eq!((r.input_tokens(), r.output_tokens()), (2, 0));
}
