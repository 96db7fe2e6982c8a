//! The wasm boundary suite, shared by tests/node.rs and tests/browser.rs (the
//! serde-wasm-bindgen layout). Values cross as JSON text, results come back
//! as index arrays, errors as `[code, path, message]`; after any error the
//! module must keep answering.

use js_sys::Array;
use mcp_matchers::wasm::{evaluate_tool_calls as evaluate, resolve, validate};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// `evaluate` with the three texts joined as the glue joins them.
fn evaluate3(
    expected: &str,
    expected_ext: bool,
    actual: &str,
    actual_ext: bool,
    options: &str,
    options_ext: bool,
) -> Result<Vec<u32>, JsValue> {
    let ext = expected_ext as u32 | (actual_ext as u32) << 1 | (options_ext as u32) << 2;
    evaluate(format!("{expected}\n{actual}\n{options}").as_bytes(), ext)
}

fn resolve3(suite: &str, case: &str, run: &str) -> Result<String, JsValue> {
    resolve(format!("{suite}\n{case}\n{run}").as_bytes(), 0)
}

fn validate1(kind: u32, payload: &str) -> Result<Vec<u32>, JsValue> {
    validate(kind, payload.as_bytes(), 0)
}

fn error_parts(e: JsValue) -> (String, String) {
    let arr = Array::from(&e);
    (
        arr.get(0).as_string().unwrap_or_default(),
        arr.get(1).as_string().unwrap_or_default(),
    )
}

const CALLS: &str = r#"[["createTask"],[{"name":"Deploy","priority":"high","project":"default"}]]"#;

#[wasm_bindgen_test]
fn seed_example_passes_across_the_boundary() {
    // Seed (mcpjam-validators.txt): expected createTask {priority:"high"}, partial → passed.
    let expected = r#"[["createTask"],[{"priority":"high"}]]"#;
    let r = evaluate3(
        expected,
        false,
        CALLS,
        false,
        r#"{"argumentMatching":"partial"}"#,
        false,
    )
    .unwrap();
    // passed; no missing, extra, mismatch or out-of-order; one pair (0 → 0).
    assert_eq!(r, vec![1, 0, 0, 0, 0, 1, 0, 0]);
}

#[wasm_bindgen_test]
fn strict_order_reports_out_of_order_indices() {
    let expected = r#"[["a","b"],[null,null]]"#;
    let actual = r#"[["b","a"],[null,null]]"#;
    let r = evaluate3(expected, false, actual, false, r#"{"toolCallOrder":"strict"}"#, false).unwrap();
    // not passed; missing [0,1]; extra [0,1]; no mismatches; outOfOrder (0→1), (1→0); no pairs
    assert_eq!(r, vec![0, 2, 0, 1, 2, 0, 1, 0, 2, 0, 1, 1, 0, 0]);
}

#[wasm_bindgen_test]
fn extended_form_keeps_undefined_and_nan() {
    // exact mode: {a: undefined} differs from {} (the reference's '{"a":undefined}' vs '{}').
    let expected = r#"[["t"],[{"a":{"\u0000":"u"}}]]"#;
    let actual = r#"[["t"],[{}]]"#;
    let r = evaluate3(expected, true, actual, false, r#"{"argumentMatching":"exact"}"#, false).unwrap();
    assert_eq!(r[0] & 1, 0);
    // partial mode: "number" accepts NaN (typeof NaN === "number").
    let expected = r#"[["t"],[{"n":"number"}]]"#;
    let actual = r#"[["t"],[{"n":{"\u0000":"NaN"}}]]"#;
    let r = evaluate3(expected, false, actual, true, "null", false).unwrap();
    assert_eq!(r[0] & 1, 1);
}

#[wasm_bindgen_test]
fn errors_are_coded_and_the_module_keeps_answering() {
    let bad_name = r#"[["ok",5],[null,null]]"#;
    let e = evaluate3(CALLS, false, bad_name, false, "null", false).unwrap_err();
    assert_eq!(error_parts(e), ("INVALID_ARGUMENT".into(), "actual[1].toolName".into()));
    let e = evaluate3(CALLS, false, CALLS, false, r#"{"maxExtraToolCalls":-1}"#, false).unwrap_err();
    assert_eq!(
        error_parts(e),
        ("INVALID_OPTION".into(), "options.maxExtraToolCalls".into())
    );
    let e = evaluate3("[[", false, CALLS, false, "null", false).unwrap_err();
    assert_eq!(error_parts(e).0, "INVALID_JSON");
    let deep = "[".repeat(300) + &"]".repeat(300);
    let e = evaluate3(&deep, false, CALLS, false, "null", false).unwrap_err();
    assert_eq!(error_parts(e).0, "UNSUPPORTED_VALUE");
    // Still answering after every error above.
    assert_eq!(evaluate3(CALLS, false, CALLS, false, "null", false).unwrap()[0], 1);
}

#[wasm_bindgen_test]
fn resolve_returns_the_reference_shape() {
    // Seed: resolveMatchOptions({allowExtraToolCalls:false}, {argumentMatching:"exact"}, undefined);
    // @mcpjam/sdk@1.14.0 returns { toolCallOrder: "ignore", maxExtraToolCalls: 0, argumentMatching: "exact" }.
    let r = resolve3(
        r#"{"allowExtraToolCalls":false}"#,
        r#"{"argumentMatching":"exact"}"#,
        "null",
    )
    .unwrap();
    assert_eq!(
        r,
        r#"{"toolCallOrder":"ignore","maxExtraToolCalls":0,"argumentMatching":"exact"}"#
    );
}

#[wasm_bindgen_test]
fn validators_cross_the_boundary() {
    // Seed: matchToolCalls(["add","multiply"], toolsCalled = ["add","multiply"]) → true; reversed → false.
    assert_eq!(
        validate1(0, r#"[["add","multiply"],["add","multiply"]]"#).unwrap(),
        vec![1]
    );
    assert_eq!(
        validate1(0, r#"[["multiply","add"],["add","multiply"]]"#).unwrap(),
        vec![0]
    );
    // Seed: matchToolCallWithPartialArgs("createTask", {status:"open"}, calls) → false.
    assert_eq!(
        validate1(6, &format!(r#"["createTask",{{"status":"open"}},{CALLS}]"#)).unwrap(),
        vec![0]
    );
    // matchToolArgumentWith hands over the calls that have the argument.
    assert_eq!(
        validate1(8, &format!(r#"["createTask","name",{CALLS}]"#)).unwrap(),
        vec![0]
    );
    let e = validate1(3, r#"["add",["add"],"3"]"#).unwrap_err();
    assert_eq!(error_parts(e), ("INVALID_ARGUMENT".into(), "count".into()));
}

// Trace exports (issue 4): the trace crosses as UTF-8 text, the result comes
// back as JSON text; errors as `[code, path, message]`.

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
