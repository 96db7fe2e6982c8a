//! OpenAI Responses on the real fixtures: function, MCP and server tool
//! calls, approval requests, streams.

use super::helpers::{call, calls, codes, positions, read, results, text_of};
use mcp_matchers::traces::{CallKind, PromptResult};
use serde_json::{json, Value};

const LONDOS: &str = "call_LWVp74L5HaH2KNvgVz9PJsrj";
const LONDON: &str = "call_YnRAWeTyxI91m5uNa5bxXwVO";

#[test]
fn openai_responses_parallel_function_calls() {
    let r = read("openai-responses/response.parallel-function-calls.json");
    assert_eq!(r.format, Some("openai-responses"));
    assert_eq!(
        calls(&r),
        [
            call("get_location", json!({ "loc_name": "Londos" }), LONDOS),
            call("get_location", json!({ "loc_name": "London" }), LONDON),
        ]
    );
    assert_eq!(positions(&r), [(0, 0), (0, 1)]);
    assert!(r.diagnostics().is_empty());
}

#[test]
fn openai_responses_input_items_join_outputs_by_call_id() {
    let r = read("openai-responses/input.function-call-output.json");
    assert_eq!(r.format, Some("openai-responses"));
    assert_eq!(
        calls(&r),
        [
            call("get_location", json!({ "loc_name": "Londos" }), LONDOS),
            call("get_location", json!({ "loc_name": "London" }), LONDON),
        ]
    );
    assert_eq!(
        results(&r),
        [
            (
                Some(json!(
                    "Wrong location, I only know about \"London\".\n\nFix the errors and try again."
                )),
                None
            ),
            (Some(json!("{\"lat\": 51, \"lng\": 0}")), None),
        ]
    );
}

#[test]
fn openai_responses_lone_item() {
    let doc: Value = serde_json::from_str(&text_of("openai-responses/response.parallel-function-calls.json")).unwrap();
    let r = PromptResult::from_trace(&doc["output"][1], None).unwrap();
    assert_eq!(r.format, Some("openai-responses"));
    assert_eq!(
        calls(&r),
        [call("get_location", json!({ "loc_name": "London" }), LONDON)]
    );
}

#[test]
fn openai_responses_stream_equals_its_completed_response() {
    let text = text_of("openai-responses/stream.function-call.sse");
    let r = PromptResult::from_trace_text(&text, None).unwrap();
    assert_eq!(r.format, Some("openai-responses-stream"));
    assert_eq!(
        calls(&r),
        [call(
            "get_capital",
            json!({ "country": "France" }),
            "call_kL0PCQV7M2WMoVX8V8OtYSAL"
        )]
    );
    assert!(r.diagnostics().is_empty(), "{:?}", r.diagnostics());
    // The twin: the `response.completed` event's full response.
    let last = text.lines().rfind(|l| l.starts_with("data: ")).unwrap();
    let done: Value = serde_json::from_str(&last["data: ".len()..]).unwrap();
    let twin = PromptResult::from_trace(&done["response"], None).unwrap();
    assert_eq!(calls(&twin), calls(&r));
    // Cut before output_item.done: nothing completed, reported.
    let cut = &text[..text.find("event: response.function_call_arguments.done").unwrap()];
    let r = PromptResult::from_trace_text(cut, None).unwrap();
    assert!(r.tool_calls().is_empty());
    assert_eq!(codes(&r), ["STREAM_INCOMPLETE"]);
    assert!(r.diagnostics()[0].message.contains("get_capital"));
}

#[test]
fn openai_responses_web_search_calls_are_server_calls() {
    let r = read("openai-responses/response.web-search-call.json");
    let c = r.tool_calls();
    assert_eq!(r.tools_called(), ["web_search", "web_search", "web_search"]);
    assert!(c.iter().all(|c| c.kind == CallKind::Server));
    assert_eq!(
        c[0].id.as_deref(),
        Some("ws_0953eda47ee1741200693330682c988195aaa470a8cc51dfe4")
    );
    assert_eq!(c[0].arguments["type"], "search");
    assert_eq!(c[0].arguments["query"], "tech news today December 5 2025");
    assert_eq!(c[1].arguments["type"], "open_page");
    assert_eq!(
        c[1].arguments["url"],
        "https://www.theverge.com/podcast/838932/openai-chatgpt-code-red-vergecast"
    );
    assert_eq!(c[2].arguments["type"], "find_in_page");
    assert_eq!(c[2].arguments["pattern"], "Vercel");
    assert!(r.text().contains("code red"), "{}", r.text());
}

#[test]
fn openai_responses_mcp_calls() {
    let r = read("openai-responses/response.mcp-call.json");
    let c = &r.tool_calls()[0];
    assert_eq!(r.tools_called(), ["web_search_exa"]);
    assert_eq!((c.kind, c.server.as_deref()), (CallKind::Mcp, Some("dmcp")));
    assert_eq!(
        Value::Object(c.arguments.clone()),
        json!({ "query": "NYC mayoral election results 2025 latest", "numResults": 5 })
    );
    assert_eq!(
        c.id.as_deref(),
        Some("mcp_0a4801d792de11eb00690ccb8c3fac8197a4fd94f4528cd432")
    );
    assert!(c
        .result
        .as_ref()
        .unwrap()
        .as_str()
        .unwrap()
        .starts_with("{\"requestId\""));
    assert_eq!(c.is_error, Some(false));

    let r = read("openai-responses/response.mcp-call-approved.json");
    let c = &r.tool_calls()[0];
    assert_eq!(
        (c.tool_name.as_str(), c.server.as_deref()),
        ("create_short_url", Some("zip1"))
    );
    assert_eq!(
        Value::Object(c.arguments.clone()),
        json!({ "alias": "", "description": "", "max_clicks": 100, "password": "", "url": "https://ai-sdk.dev/" })
    );
    assert!(c
        .result
        .as_ref()
        .unwrap()
        .as_str()
        .unwrap()
        .starts_with("✅ Short URL created: https://zip1.io/oMAchr"));

    // An approval request ran nothing: no call, a diagnostic naming the tool.
    let r = read("openai-responses/response.mcp-approval-request.json");
    assert!(r.tool_calls().is_empty());
    assert_eq!(codes(&r), ["MCP_APPROVAL_REQUEST"]);
    assert!(r.diagnostics()[0].message.contains("create_short_url"));
}

#[test]
fn openai_responses_failed_mcp_calls_are_errors() {
    let r = read("openai-responses/response.mcp-call-failed.json");
    assert_eq!(r.tools_called(), ["search_events", "search_events"]);
    let error =
        json!({ "code": 500, "message": "An unknown error occurred while executing the tool.", "type": "http_error" });
    for c in r.tool_calls() {
        assert_eq!(c.is_error, Some(true));
        assert_eq!(c.result.as_ref(), Some(&error));
        assert_eq!(c.server.as_deref(), Some("google_calendar"));
        assert_eq!(c.arguments["calendar_id"], "primary");
        assert_eq!(c.arguments["query"], Value::Null);
    }
    let c = r.tool_calls();
    assert_eq!(c[0].arguments["time_min"], "2025-10-23T00:00:00");
    assert_eq!(c[0].arguments["timezone_str"], "America/Los_Angeles");
    assert_eq!(c[1].arguments["time_min"], "2025-10-23T00:00:00Z");
    assert_eq!(c[1].arguments["timezone_str"], Value::Null);
    // A failed tool is not a failed run.
    assert!(!r.has_error());
}

#[test]
fn openai_responses_tool_search_and_namespaced_function() {
    let r = read("openai-responses/response.tool-search-namespace.json");
    assert_eq!(
        calls(&r),
        [
            call(
                "tool_search",
                json!({ "paths": ["get_weather"] }),
                "tsc_04bd69550b37ba260069aa689605cc8190bd2d9bf1199fa630"
            ),
            call(
                "get_weather",
                json!({ "location": "San Francisco, CA", "unit": "fahrenheit" }),
                "call_ytqozXvUXG8NN1b0IODxzUaE"
            ),
        ]
    );
    assert_eq!(r.tool_calls()[0].kind, CallKind::Server);
}

#[test]
fn openai_responses_in_progress_call_and_parallel_wrapper_are_kept_and_reported() {
    let r = read("openai-responses/response.function-call-in-progress.json");
    assert_eq!(
        calls(&r),
        [call(
            "getDemand",
            json!({ "sku": "sku_123" }),
            "call_IYnPSr6i8TyBPs1H9U539pUP"
        )]
    );
    assert_eq!(codes(&r), ["CALL_IN_PROGRESS"]);

    let r = read("openai-responses/response.parallel-wrapper.HANDWRITTEN.json");
    assert_eq!(r.tools_called(), ["parallel"]);
    assert_eq!(
        r.tool_arguments("parallel").unwrap()["tool_uses"][1],
        json!({ "recipient_name": "functions.cityAttractions", "parameters": { "city": "Rome" } })
    );
    assert_eq!(codes(&r), ["PARALLEL_WRAPPER"]);
    assert!(r.diagnostics()[0].message.contains("functions.weather"));
}
