//! Trace readers on the real fixtures (tests/fixtures/traces/, see its
//! SOURCES.md): OpenAI Chat, OpenAI Responses, Anthropic. Every expected
//! name, argument, id, result and order below was written by hand from the
//! fixture files, never pasted from the readers' output.
#![cfg(not(target_arch = "wasm32"))]

use mcp_matchers::traces::{CallKind, PromptResult};
use serde_json::{json, Value};

fn text_of(path: &str) -> String {
    let full = format!("{}/tests/fixtures/traces/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

fn read(path: &str) -> PromptResult {
    PromptResult::from_trace_text(&text_of(path), None).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// (toolName, arguments, id) of every call.
fn calls(r: &PromptResult) -> Vec<(String, Value, Option<String>)> {
    r.get_tool_calls()
        .iter()
        .map(|c| (c.tool_name.clone(), Value::Object(c.arguments.clone()), c.id.clone()))
        .collect()
}

fn call(name: &str, args: Value, id: &str) -> (String, Value, Option<String>) {
    (name.to_owned(), args, Some(id.to_owned()))
}

/// (step, index) of every call.
fn positions(r: &PromptResult) -> Vec<(usize, usize)> {
    r.get_tool_calls().iter().map(|c| (c.step, c.index)).collect()
}

fn codes(r: &PromptResult) -> Vec<&'static str> {
    r.diagnostics().iter().map(|d| d.code).collect()
}

fn results(r: &PromptResult) -> Vec<(Option<Value>, Option<bool>)> {
    r.get_tool_calls()
        .iter()
        .map(|c| (c.result.clone(), c.is_error))
        .collect()
}

// ---- OpenAI Chat Completions ------------------------------------------------

const DELETE_ID: &str = "call_jYdIdRZHxZTn5bWCq5jlMrJi";
const CREATE_ID: &str = "call_TmlTVWQbzrXCZ4jNsCVNbNqu";

#[test]
fn openai_chat_completion_with_parallel_calls() {
    let r = read("openai-chat/completion.parallel-tool-calls.json");
    assert_eq!(r.format, Some("openai-chat"));
    assert_eq!(
        calls(&r),
        [
            call("delete_file", json!({ "path": ".env" }), DELETE_ID),
            call("create_file", json!({ "path": "test.txt" }), CREATE_ID),
        ]
    );
    assert_eq!(positions(&r), [(0, 0), (0, 1)]);
    assert_eq!(r.text(), "");
    assert!(r.diagnostics().is_empty());
    assert!(!r.has_error());
}

#[test]
fn openai_chat_message_list_joins_tool_results_by_id() {
    let r = read("openai-chat/messages.parallel-tool-results.json");
    assert_eq!(
        calls(&r),
        [
            call("delete_file", json!({ "path": ".env" }), DELETE_ID),
            call("create_file", json!({ "path": "test.txt" }), CREATE_ID),
        ]
    );
    assert_eq!(
        results(&r),
        [(Some(json!("true")), None), (Some(json!("Success")), None)]
    );
    let roles: Vec<&str> = r.get_messages().iter().map(|m| m["role"].as_str().unwrap()).collect();
    assert_eq!(roles, ["system", "user", "assistant", "tool"]);
    assert!(r.diagnostics().is_empty());
}

#[test]
fn openai_chat_two_tool_rounds_are_two_steps() {
    let r = read("openai-chat/messages.multi-turn-history.json");
    assert_eq!(
        calls(&r),
        [
            call("get_country", json!({}), "call_q2UyBRP7eXNTzAoR8lEhjc9Z"),
            call("get_product_name", json!({}), "call_b51ijcpFkDiTQG1bQzsrmtW5"),
            call(
                "get_weather",
                json!({ "city": "Mexico City" }),
                "call_LwxJUB9KppVyogRRLQsamRJv"
            ),
        ]
    );
    assert_eq!(positions(&r), [(0, 0), (0, 1), (1, 0)]);
    let outs: Vec<Value> = r.get_tool_calls().iter().map(|c| c.result.clone().unwrap()).collect();
    assert_eq!(outs, [json!("Mexico"), json!("Pydantic AI"), json!("sunny")]);
}

#[test]
fn openai_chat_streams_equal_their_non_streamed_twins() {
    // Both streams come from the same run as messages.multi-turn-history.json
    // (same call ids): the first stream is its first assistant turn, the
    // second its second.
    let history = read("openai-chat/messages.multi-turn-history.json");
    let parallel = read("openai-chat/stream.parallel-tool-calls.sse");
    assert_eq!(parallel.format, Some("openai-chat-stream"));
    assert_eq!(calls(&parallel), calls(&history)[..2]);
    assert!(parallel.diagnostics().is_empty(), "{:?}", parallel.diagnostics());
    let fragments = read("openai-chat/stream.tool-call-arg-fragments.sse");
    assert_eq!(
        calls(&fragments),
        [call(
            "get_weather",
            json!({ "city": "Mexico City" }),
            "call_LwxJUB9KppVyogRRLQsamRJv"
        )]
    );
    assert_eq!(calls(&fragments), calls(&history)[2..]);
}

#[test]
fn openai_compatible_providers() {
    // Gemini's OpenAI-compatible endpoint sends an empty id: kept as emitted.
    let r = read("openai-chat/completion.gemini-compat-empty-id.json");
    assert_eq!(calls(&r), [call("get_current_time", json!({}), "")]);
    let r = read("openai-chat/completion.groq-llama.json");
    assert_eq!(calls(&r), [call("weather", json!({}), "ax9fskhev")]);
}

#[test]
fn openai_chat_stream_cut_short_keeps_completed_calls() {
    // Cut after the chunk that starts call index 1 (get_product_name): call 0
    // is complete, call 1 is not.
    let text = text_of("openai-chat/stream.parallel-tool-calls.sse");
    let cut: String = text.split("\n\n").take(4).collect::<Vec<_>>().join("\n\n");
    let r = PromptResult::from_trace_text(&cut, None).unwrap();
    assert_eq!(
        calls(&r),
        [call("get_country", json!({}), "call_q2UyBRP7eXNTzAoR8lEhjc9Z")]
    );
    assert_eq!(codes(&r), ["STREAM_INCOMPLETE"]);
    assert!(r.diagnostics()[0].message.contains("get_product_name"));
}

// ---- OpenAI Responses -------------------------------------------------------

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
    assert!(r.get_tool_calls().is_empty());
    assert_eq!(codes(&r), ["STREAM_INCOMPLETE"]);
    assert!(r.diagnostics()[0].message.contains("get_capital"));
}

#[test]
fn openai_responses_web_search_calls_are_server_calls() {
    let r = read("openai-responses/response.web-search-call.json");
    let c = r.get_tool_calls();
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
    let c = &r.get_tool_calls()[0];
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
    let c = &r.get_tool_calls()[0];
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
    assert!(r.get_tool_calls().is_empty());
    assert_eq!(codes(&r), ["MCP_APPROVAL_REQUEST"]);
    assert!(r.diagnostics()[0].message.contains("create_short_url"));
}

#[test]
fn openai_responses_failed_mcp_calls_are_errors() {
    let r = read("openai-responses/response.mcp-call-failed.json");
    assert_eq!(r.tools_called(), ["search_events", "search_events"]);
    let error =
        json!({ "code": 500, "message": "An unknown error occurred while executing the tool.", "type": "http_error" });
    for c in r.get_tool_calls() {
        assert_eq!(c.is_error, Some(true));
        assert_eq!(c.result.as_ref(), Some(&error));
        assert_eq!(c.server.as_deref(), Some("google_calendar"));
        assert_eq!(c.arguments["calendar_id"], "primary");
        assert_eq!(c.arguments["query"], Value::Null);
    }
    let c = r.get_tool_calls();
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
    assert_eq!(r.get_tool_calls()[0].kind, CallKind::Server);
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
        r.get_tool_arguments("parallel").unwrap()["tool_uses"][1],
        json!({ "recipient_name": "functions.cityAttractions", "parameters": { "city": "Rome" } })
    );
    assert_eq!(codes(&r), ["PARALLEL_WRAPPER"]);
    assert!(r.diagnostics()[0].message.contains("functions.weather"));
}

// ---- Anthropic Messages -----------------------------------------------------

const FAMILY: [(&str, &str); 4] = [
    ("Alice", "toolu_0167cfEnoQaPviGdVXA95zcu"),
    ("Bob", "toolu_01EEe2V5HD1Ac4rKiUR4HD2T"),
    ("Charlie", "toolu_01XFyAjstT3966qvRynZyVPo"),
    ("Daisy", "toolu_013mnQZbgtK2oe3Mo3XKJsx3"),
];

fn family_calls() -> Vec<(String, Value, Option<String>)> {
    FAMILY
        .iter()
        .map(|(name, id)| call("retrieve_entity_info", json!({ "name": name }), id))
        .collect()
}

#[test]
fn anthropic_message_with_parallel_tool_use() {
    let r = read("anthropic/message.parallel-tool-use.json");
    assert_eq!(r.format, Some("anthropic"));
    assert_eq!(calls(&r), family_calls());
    assert_eq!(positions(&r), [(0, 0), (0, 1), (0, 2), (0, 3)]);
    assert_eq!(
        r.text(),
        "I'll help you find out who is the youngest by retrieving information about each family member. \
         I'll retrieve their entity information to compare their ages."
    );
}

#[test]
fn anthropic_tool_results_join_by_tool_use_id() {
    let r = read("anthropic/messages.tool-results.json");
    assert_eq!(calls(&r), family_calls());
    let want = [
        "alice is bob's wife",
        "bob is alice's husband",
        "charlie is alice's son",
        "daisy is bob's daughter and charlie's younger sister",
    ];
    assert_eq!(results(&r), want.map(|t| (Some(json!(t)), Some(false))));
}

#[test]
fn anthropic_is_error_result() {
    let r = read("anthropic/messages.tool-result-is-error.json");
    assert_eq!(
        calls(&r),
        [
            call(
                "search_tools",
                json!({ "queries": ["stock price", "AAPL", "ticker symbol", "market data", "financial data"] }),
                "toolu_01STyXG2KReZkuFAiSBAFWLd"
            ),
            call(
                "stock_lookup",
                json!({ "ticker": "AAPL" }),
                "toolu_014b9i18P8JdeixyRCGWwgBa"
            ),
        ]
    );
    assert_eq!(positions(&r), [(0, 0), (1, 0)]);
    let c = r.get_tool_calls();
    // The first result's content is a [text] array, the second a string.
    assert_eq!(c[0].is_error, Some(false));
    assert_eq!(
        c[0].result.as_ref().unwrap()[0]["text"],
        "{\"discovered_tools\":[{\"name\":\"stock_lookup\",\"description\":\"Look up stock price by ticker symbol.\"}]}"
    );
    assert_eq!(c[1].is_error, Some(true));
    assert!(c[1]
        .result
        .as_ref()
        .unwrap()
        .as_str()
        .unwrap()
        .starts_with("2 validation errors:"));
    assert_eq!(
        r.text(),
        "Great! I found a tool to look up stock prices. Let me get the current stock price for AAPL."
    );
}

#[test]
fn anthropic_no_args_message_and_stream_agree() {
    let m = read("anthropic/message.tool-use-no-args.json");
    assert_eq!(
        calls(&m),
        [call("updateIssueList", json!({}), "toolu_01LRmxn9vGM1d2DZSDBowdZ1")]
    );
    // The stream's only input_json_delta is "": the input is the block start's {}.
    let s = read("anthropic/stream.tool-use-no-args.jsonl");
    assert_eq!(s.format, Some("anthropic-stream"));
    assert_eq!(
        calls(&s),
        [call("updateIssueList", json!({}), "toolu_01QE1WLsSVp5hy5Q3GmGTmjP")]
    );
    assert_eq!(s.get_tool_calls()[0].arguments_error, None);
    assert_eq!(s.text(), "I'll update the issue list for you.");
    assert!(s.diagnostics().is_empty(), "{:?}", s.diagnostics());
}

#[test]
fn anthropic_mcp_tool_use_message_and_stream_agree() {
    let m = read("anthropic/message.mcp-tool-use.json");
    let s = read("anthropic/stream.mcp-tool-use.jsonl");
    assert_eq!(
        calls(&m),
        [call(
            "echo",
            json!({ "message": "hello world" }),
            "mcptoolu_015oTj2fXVKLrDohFetJd5UL"
        )]
    );
    assert_eq!(
        calls(&s),
        [call(
            "echo",
            json!({ "message": "hello world" }),
            "mcptoolu_017CuqaJcXe5ZHJjaz3KS1AT"
        )]
    );
    let result = json!([{ "type": "text", "text": "Tool echo: hello world" }]);
    for r in [&m, &s] {
        let c = &r.get_tool_calls()[0];
        assert_eq!((c.kind, c.server.as_deref()), (CallKind::Mcp, Some("echo")));
        assert_eq!((c.result.as_ref(), c.is_error), (Some(&result), Some(false)));
        assert!(r.diagnostics().is_empty(), "{:?}", r.diagnostics());
    }
    assert_eq!(
        s.text(),
        "The echo tool responded back with: **hello world**\n\nIt simply echoed back the exact message that was sent to it."
    );
}

#[test]
fn anthropic_stream_with_server_and_client_tools() {
    let text = text_of("anthropic/stream.server-and-client-tool-use.sse");
    let r = PromptResult::from_trace_text(&text, None).unwrap();
    assert_eq!(
        calls(&r),
        [
            call(
                "tool_search_tool_bm25",
                json!({ "query": "USD EUR exchange rate currency conversion" }),
                "srvtoolu_01S5swZdBmTzLDVzwcT5LbHp"
            ),
            call(
                "get_exchange_rate",
                json!({ "from_currency": "USD", "to_currency": "EUR" }),
                "toolu_01EFn5wTNBYA8Reni8rbmnHT"
            ),
        ]
    );
    // One response is one step, the server tool's result inside it too.
    assert_eq!(positions(&r), [(0, 0), (0, 1)]);
    assert_eq!(
        r.text(),
        "Let me search for a tool that can provide current exchange rate information.\
         I found the right tool! Let me fetch the current USD to EUR exchange rate for you."
    );
    let c = r.get_tool_calls();
    assert_eq!((c[0].kind, c[1].kind), (CallKind::Server, CallKind::Function));
    assert_eq!(
        c[0].result.as_ref().unwrap()["tool_references"][0]["tool_name"],
        "get_exchange_rate"
    );
    assert!(r.diagnostics().is_empty(), "{:?}", r.diagnostics());

    // Cut inside a data line of the second tool block: that line is
    // unreadable, the first call is complete, the second dropped.
    let cut = &text[..text.find("to_currency").unwrap()];
    let r = PromptResult::from_trace_text(cut, None).unwrap();
    assert_eq!(r.tools_called(), ["tool_search_tool_bm25"]);
    assert_eq!(codes(&r), ["UNREADABLE_EVENT", "STREAM_INCOMPLETE"]);
    assert!(r.diagnostics()[1].message.contains("get_exchange_rate"));
}
