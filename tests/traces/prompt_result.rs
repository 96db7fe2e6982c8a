//! `PromptResult`: the reference's accessors, merging, and feeding
//! `evaluate_tool_calls` and the validators.

use super::helpers::{calls, read, text_of};
use mcp_matchers::traces::PromptResult;
use mcp_matchers::{evaluate_tool_calls, match_tool_call_with_args, MatchOptions, ToolCall, ToolCallOrder};
use serde_json::{json, Value};

#[test]
fn prompt_result_accessors_follow_the_reference() {
    let r = read("anthropic/message.parallel-tool-use.json");
    assert_eq!(r.tools_called(), ["retrieve_entity_info"; 4]);
    assert!(r.has_tool_call("retrieve_entity_info"));
    assert!(!r.has_tool_call("Retrieve_entity_info"));
    // The first matching call's arguments.
    assert_eq!(
        Value::Object(r.tool_arguments("retrieve_entity_info").unwrap().clone()),
        json!({ "name": "Alice" })
    );
    assert_eq!(r.tool_arguments("nope"), None);
    assert!(!r.has_error());
    assert_eq!(r.error(), None);
    let roles: Vec<&str> = r.messages().iter().map(|m| m["role"].as_str().unwrap()).collect();
    assert_eq!(roles, ["assistant"]);
    assert_eq!(r.messages()[0]["content"][1]["type"], "tool-call");
    assert_eq!(r.messages()[0]["content"][1]["input"], json!({ "name": "Alice" }));
}

#[test]
fn calls_only_reading_skips_the_messages() {
    let text = text_of("vercel-ai/v5.model-messages.json");
    let full = PromptResult::from_trace_text(&text, None).unwrap();
    let lean = PromptResult::calls_from_trace_text(&text, None).unwrap();
    assert_eq!(full.messages().len(), 7);
    assert!(lean.messages().is_empty());
    assert_eq!(lean.tool_calls(), full.tool_calls());
    assert_eq!((lean.text(), lean.format), (full.text(), full.format));
}

#[test]
fn prompt_results_merge_as_context() {
    let r1 = read("openai-chat/stream.parallel-tool-calls.sse");
    let r2 = read("openai-chat/stream.tool-call-arg-fragments.sse");
    let both = PromptResult::merge(&[r1, r2]);
    assert_eq!(both.tools_called(), ["get_country", "get_product_name", "get_weather"]);
    let steps: Vec<usize> = both.tool_calls().iter().map(|c| c.step).collect();
    assert_eq!(steps, [0, 0, 1]);
    assert_eq!(both.format, Some("openai-chat-stream"));
    // The merged streams equal the recorded two-round history.
    assert_eq!(
        calls(&both),
        calls(&read("openai-chat/messages.multi-turn-history.json"))
    );
    let mixed = PromptResult::merge(&[both, read("gemini/response.function-call.json")]);
    assert_eq!(mixed.format, None);
    assert_eq!(mixed.tools_called().last(), Some(&"weather"));
}

#[test]
fn prompt_result_feeds_evaluate_tool_calls_and_the_validators() {
    let r = read("openai-chat/completion.parallel-tool-calls.json");
    let actual = r.to_tool_calls();
    let expected = [
        ToolCall::new("delete_file", json!({ "path": ".env" })).unwrap(),
        ToolCall::new("create_file", json!({ "path": "string" })).unwrap(),
    ];
    let options = MatchOptions {
        tool_call_order: Some(ToolCallOrder::Strict),
        ..Default::default()
    };
    assert!(evaluate_tool_calls(&expected, &actual, &options).passed);
    let swapped = [expected[1].clone(), expected[0].clone()];
    let v = evaluate_tool_calls(&swapped, &actual, &options);
    assert!(!v.passed);
    assert_eq!(v.out_of_order.len(), 1); // one of the swapped pair is on the longest common subsequence
    let args = json!({ "path": "test.txt" });
    assert!(match_tool_call_with_args(
        "create_file",
        args.as_object().unwrap(),
        &actual
    ));
}

#[test]
fn trace_format_names_parse_and_print() {
    use mcp_matchers::traces::TraceFormat;
    for name in ["anthropic", "openai-chat-stream", "mcpjam"] {
        let f: TraceFormat = name.parse().unwrap();
        assert_eq!(f.to_string(), name);
    }
    let e = "csv".parse::<TraceFormat>().unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (mcp_matchers::ErrorCode::InvalidOption, "format")
    );
    assert!(e.message.contains("anthropic"), "{}", e.message);
}

#[test]
fn a_prompt_result_is_judged_in_place_against_expected_calls() {
    // tests/traces/fixtures.json: four retrieve_entity_info calls; their
    // inputs in the fixture are { name: Alice }, Bob, Charlie, Daisy.
    let r = read("anthropic/message.parallel-tool-use.json");
    let call = |name: &str| ToolCall::new("retrieve_entity_info", json!({ "name": name })).unwrap();
    let expected: Vec<ToolCall> = ["Alice", "Bob", "Charlie", "Daisy"].map(call).into();
    let strict = MatchOptions {
        tool_call_order: Some(ToolCallOrder::Strict),
        ..Default::default()
    };
    // The `TraceToolCall`s as they are: no `ToolCall` is built from them.
    assert!(evaluate_tool_calls(&expected, r.tool_calls(), &strict).passed);
    // Any iterator of borrowed calls: the first two only.
    assert!(evaluate_tool_calls(&expected[..2], r.tool_calls().iter().take(2), &strict).passed);
    // Eve instead of Daisy: the same tool with other arguments.
    let mut other = expected.clone();
    other[3] = call("Eve");
    let v = evaluate_tool_calls(&other, r.tool_calls(), &strict);
    assert!(!v.passed);
    assert_eq!(
        serde_json::to_value(&v.argument_mismatches).unwrap(),
        json!([{ "toolName": "retrieve_entity_info", "expectedArgs": { "name": "Eve" }, "actualArgs": { "name": "Daisy" } }])
    );
    assert_eq!(v, evaluate_tool_calls(&other, r.to_tool_calls(), &strict));
    // The validators too.
    assert!(mcp_matchers::match_tool_argument(
        "retrieve_entity_info",
        "name",
        &json!("Charlie"),
        r.tool_calls()
    ));
    assert!(!mcp_matchers::match_tool_argument(
        "retrieve_entity_info",
        "name",
        &json!("Eve"),
        r.tool_calls()
    ));
}
