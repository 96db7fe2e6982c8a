//! Gemini on the real fixtures, and joining by name (hand-built around
//! fixture content).

use super::helpers::{call_opt as call, calls, codes, json_of, named, read, results, text_of};
use mcp_matchers::traces::PromptResult;
use serde_json::{json, Value};

#[test]
fn gemini_parallel_function_calls_without_ids() {
    let r = read("gemini/response.parallel-function-calls.json");
    assert_eq!(r.format, Some("gemini"));
    assert_eq!(calls(&r), vec![call("generate_topic", json!({}), None); 3]);
    assert!(r.diagnostics().is_empty());
}

#[test]
fn gemini_contents_join_function_responses_by_id() {
    let r = read("gemini/contents.function-responses.json");
    let ids = [
        "pyd_ai_df5891897e434a16add992cc09f10172",
        "pyd_ai_102eb2f935364e77bac26307e3428e2b",
        "pyd_ai_cc6e16722f9a428db81532521a689ea7",
    ];
    assert_eq!(calls(&r), ids.map(|id| call("generate_topic", json!({}), Some(id))));
    let topics = ["cars", "penguins", "cars"];
    assert_eq!(results(&r), topics.map(|t| (Some(json!({ "return_value": t })), None)));
    // The same calls as the response the request history came from.
    assert_eq!(named(&r), named(&read("gemini/response.parallel-function-calls.json")));
}

#[test]
fn gemini_single_calls_and_crlf_stream() {
    let r = read("gemini/response.function-call.json");
    assert_eq!(
        calls(&r),
        [call("weather", json!({ "location": "San Francisco" }), None)]
    );
    let r = read("gemini/stream.function-call.sse");
    assert_eq!(r.format, Some("gemini-stream"));
    assert_eq!(calls(&r), [call("get_country", json!({}), None)]);
    assert!(r.diagnostics().is_empty(), "{:?}", r.diagnostics());
}

#[test]
fn gemini_streamed_partial_args() {
    let r = read("gemini/stream.partial-args.jsonl");
    assert_eq!(
        calls(&r),
        [
            call("getWeather", json!({ "location": "Boston" }), None),
            call("getWeather", json!({ "location": "San Francisco" }), None),
        ]
    );
    assert!(r.diagnostics().is_empty(), "{:?}", r.diagnostics());
    // Cut after the second call's first partial argument: the first call is
    // complete, the second still open.
    let text = text_of("gemini/stream.partial-args.jsonl");
    let cut: Vec<&str> = text.lines().take(6).collect();
    let r = PromptResult::from_trace_text(&cut.join("\n"), None).unwrap();
    assert_eq!(calls(&r), [call("getWeather", json!({ "location": "Boston" }), None)]);
    assert_eq!(codes(&r), ["STREAM_INCOMPLETE"]);
    assert!(r.diagnostics()[0].message.contains("getWeather"));
}

#[test]
fn gemini_stream_call_without_args_then_streamed_calls() {
    let r = read("gemini/stream.no-args-parallel.jsonl");
    assert_eq!(
        calls(&r),
        [
            call("read_theme", json!({}), None),
            call("read_screen", json!({ "id": "A" }), None),
            call("read_screen", json!({ "id": "B" }), None),
            call("read_screen", json!({ "id": "C" }), None),
        ]
    );
    // The thought text is not the answer.
    assert_eq!(r.text(), "");
    assert!(r.diagnostics().is_empty(), "{:?}", r.diagnostics());
}

#[test]
fn gemini_responses_without_ids_join_by_name_in_order() {
    // The calls of response.parallel-function-calls.json (no ids), answered
    // by functionResponses without ids: each joins the first unanswered call.
    let model = json_of("gemini/response.parallel-function-calls.json")["candidates"][0]["content"].clone();
    let answers: Vec<Value> = ["cars", "penguins", "cars"]
        .iter()
        .map(|t| json!({ "functionResponse": { "name": "generate_topic", "response": { "return_value": t } } }))
        .collect();
    let contents = json!([model, { "role": "user", "parts": answers }]);
    let r = PromptResult::from_trace(&contents, None).unwrap();
    let got: Vec<Value> = r.tool_calls().iter().map(|c| c.result.clone().unwrap()).collect();
    assert_eq!(got, ["cars", "penguins", "cars"].map(|t| json!({ "return_value": t })));
    assert!(r.diagnostics().is_empty());
}
