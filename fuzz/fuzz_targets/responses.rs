//! Tool responses (`normalizeToolResponse`, `extractText`, `validateResponse`,
//! `validateText`, `validateError`, `validateSize`, `validateToolCalls`,
//! `validateToolCallCount`): structured `CallToolResult`-like values, or
//! JSON text (the recorded results as seeds). Invariants: a response equals
//! itself; its text contains its own first and last characters.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_matchers::responses::*;
use mcp_matchers_fuzz::{input, Input};
use serde_json::{json, Value};

fn run(v: &Value) {
    let _ = normalize_tool_response(v);
    let text = extract_text(v);
    assert!(validate_response(v, v).pass, "a response equals itself");
    let words: Vec<String> = text
        .chars()
        .take(1)
        .chain(text.chars().last())
        .map(String::from)
        .collect();
    assert!(validate_text(v, &words, &TextOptions::default()).pass);
    let _ = validate_text(v, &words, &TextOptions { case_sensitive: false });
    let _ = validate_error(v, &ErrorExpectation::Is(true));
    let _ = validate_error(v, &ErrorExpectation::AnyOf(vec!["error".into()]));
    let size = response_size_bytes(v) as u64;
    let r = validate_size(
        v,
        &SizeOptions {
            min_bytes: Some(size),
            max_bytes: Some(size),
        },
    );
    assert!(r.pass, "{}", r.message);
    let calls = v.get("toolCalls").cloned().unwrap_or(Value::Null);
    let expectation = json!({ "calls": calls, "order": "strict" });
    let _ = validate_tool_calls(v, &expectation);
    let _ = validate_tool_calls(v, &json!({ "calls": [{ "name": "a" }], "exclusive": true }));
    let _ = validate_tool_call_count(
        v,
        &CountOptions {
            min: Some(1),
            ..Default::default()
        },
    );
}

fuzz_target!(|data: &[u8]| match input(data) {
    Input::Raw { bytes, text, .. } => match serde_json::from_slice::<Value>(bytes) {
        Ok(v) => run(&v),
        Err(_) => run(&Value::String(text)),
    },
    Input::Structured { value, .. } => {
        run(&value);
        run(&json!({ "content": value, "isError": false }));
    }
});
