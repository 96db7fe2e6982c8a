//! Trace exports (`PromptResult.fromTrace`, `detectTraceFormat`).

use super::error_parts;
use wasm_bindgen_test::wasm_bindgen_test;

const CHAT: &str = r#"[{"role":"user","content":"weather in Paris?"},
{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Paris\"}"}}]},
{"role":"tool","tool_call_id":"call_1","content":"sunny"},
{"role":"assistant","content":"It is sunny."}]"#;

#[wasm_bindgen_test]
fn a_trace_is_read_across_the_boundary() {
    let r: serde_json::Value =
        serde_json::from_str(&mcp_matchers::wasm::trace_read(CHAT.as_bytes(), "", false).unwrap()).unwrap();
    // Written from CHAT: one call in the first assistant turn, its result joined by id.
    assert_eq!(r["format"], "openai-chat");
    assert_eq!(r["text"], "It is sunny.");
    assert_eq!(
        r["toolCalls"],
        serde_json::json!([{ "toolName": "get_weather", "arguments": { "city": "Paris" }, "id": "call_1",
                             "result": "sunny", "step": 0, "index": 0, "kind": "function" }])
    );
    assert_eq!(r["messages"], serde_json::json!([]));
    assert_eq!(r["diagnostics"], serde_json::json!([]));
    // Asked with the messages: user, assistant (tool-call), tool (tool-result), assistant (text).
    let r: serde_json::Value =
        serde_json::from_str(&mcp_matchers::wasm::trace_read(CHAT.as_bytes(), "openai-chat", true).unwrap()).unwrap();
    let roles: Vec<&str> = r["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .collect();
    assert_eq!(roles, ["user", "assistant", "tool", "assistant"]);
}

#[wasm_bindgen_test]
fn trace_errors_are_coded_and_the_module_keeps_answering() {
    let e = mcp_matchers::wasm::trace_read(CHAT.as_bytes(), "openai-chats", false).unwrap_err();
    assert_eq!(error_parts(e), ("INVALID_OPTION".into(), "options.format".into()));
    let e = mcp_matchers::wasm::trace_read(b"[]", "", false).unwrap_err();
    assert_eq!(error_parts(e), ("INVALID_ARGUMENT".into(), "trace".into()));
    let e = mcp_matchers::wasm::trace_read(CHAT.as_bytes(), "anthropic-stream", false).unwrap_err();
    assert_eq!(error_parts(e), ("INVALID_ARGUMENT".into(), "trace".into()));
    let e = mcp_matchers::wasm::trace_read(&[b'[', 0xff, b']'], "", false).unwrap_err();
    assert_eq!(error_parts(e), ("INVALID_JSON".into(), "trace".into()));
    let e = mcp_matchers::wasm::trace_detect(&[0xc3]).unwrap_err();
    assert_eq!(error_parts(e), ("INVALID_JSON".into(), "trace".into()));
    // Still answering after every error above.
    assert!(mcp_matchers::wasm::trace_read(CHAT.as_bytes(), "", false).is_ok());
}

#[wasm_bindgen_test]
fn trace_formats_are_detected_across_the_boundary() {
    let sse = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"content\":[]}}\n\n";
    assert_eq!(
        mcp_matchers::wasm::trace_detect(sse.as_bytes()).unwrap(),
        r#"{"format":"anthropic-stream"}"#
    );
    assert_eq!(
        mcp_matchers::wasm::trace_detect(CHAT.as_bytes()).unwrap(),
        r#"{"format":"openai-chat"}"#
    );
    let r: serde_json::Value = serde_json::from_str(&mcp_matchers::wasm::trace_detect(b"42").unwrap()).unwrap();
    assert_eq!(r["format"], serde_json::Value::Null);
    assert!(r["reason"].as_str().is_some_and(|s| !s.is_empty()));
}

#[wasm_bindgen_test]
fn a_kept_trace_is_judged_where_it_is_kept() {
    use mcp_matchers::wasm::KeptTrace;
    let run = KeptTrace::new(CHAT.as_bytes(), "").unwrap();
    let head: serde_json::Value = serde_json::from_str(&run.head().unwrap()).unwrap();
    assert_eq!(head["format"], "openai-chat");
    assert_eq!(head["text"], "It is sunny.");
    assert!(head.get("toolCalls").is_none(), "the calls cross only when asked");
    let calls: serde_json::Value = serde_json::from_str(&run.tool_calls().unwrap()).unwrap();
    assert_eq!(calls[0]["toolName"], "get_weather");
    assert_eq!(calls[0]["arguments"], serde_json::json!({ "city": "Paris" }));
    // `expected\noptions`, the list as `[names, arguments]`: CHAT's one call, then one with another city.
    let judge =
        |args: &str| run.evaluate_tool_calls(format!(r#"[["get_weather"],[{args}]]{}null"#, '\n').as_bytes(), 0);
    // [flags, nMissing, nExtra, nMismatch, nOutOfOrder, nPairs, (0, 0)]: passed, the one pair.
    assert_eq!(judge(r#"{"city":"Paris"}"#).unwrap(), [1, 0, 0, 0, 0, 1, 0, 0]);
    // Not passed: the call pairs by name as an argument mismatch (expected 0, actual 0).
    assert_eq!(judge(r#"{"city":"Lyon"}"#).unwrap(), [0, 0, 0, 1, 0, 0, 0, 0]);
    let e = run.evaluate_tool_calls(b"[[3],[{}]]\nnull", 0).unwrap_err();
    assert_eq!(
        error_parts(e),
        ("INVALID_ARGUMENT".into(), "expected[0].toolName".into())
    );
    let e = KeptTrace::new(CHAT.as_bytes(), "openai-chats").err().unwrap();
    assert_eq!(error_parts(e), ("INVALID_OPTION".into(), "options.format".into()));
}
