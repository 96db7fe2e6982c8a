//! Anthropic Messages on the real fixtures, and joining rules hand-built
//! around fixture content.

use super::helpers::{call, calls, codes, positions, read, results, text_of};
use mcp_matchers::traces::{CallKind, PromptResult};
use serde_json::{json, Value};

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
    let c = r.tool_calls();
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
    assert_eq!(s.tool_calls()[0].arguments_error, None);
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
        let c = &r.tool_calls()[0];
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
    let c = r.tool_calls();
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

#[test]
fn anthropic_server_tool_error_content_is_an_error() {
    let msg = json!({ "type": "message", "role": "assistant", "content": [
        { "type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": { "query": "q" } },
        { "type": "web_search_tool_result", "tool_use_id": "srvtoolu_1",
          "content": { "type": "web_search_tool_result_error", "error_code": "max_uses_exceeded" } },
        { "type": "text", "text": "I could not search." }
    ] });
    let r = PromptResult::from_trace(&msg, None).unwrap();
    let c = &r.tool_calls()[0];
    assert_eq!(
        (c.tool_name.as_str(), c.is_error, c.step),
        ("web_search", Some(true), 0)
    );
    assert_eq!(r.text(), "I could not search.");
}

#[test]
fn an_error_event_is_the_run_error() {
    let text = text_of("anthropic/stream.tool-use-no-args.jsonl").replace(
        "{\"type\":\"message_stop\"}",
        "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}",
    );
    let r = PromptResult::from_trace_text(&text, None).unwrap();
    assert_eq!(r.tools_called(), ["updateIssueList"]);
    assert_eq!(r.error(), Some("Overloaded"));
    assert_eq!(codes(&r), ["STREAM_INCOMPLETE"]);
}
