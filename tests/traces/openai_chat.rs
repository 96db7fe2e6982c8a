//! OpenAI Chat Completions on the real fixtures, and the table of malformed
//! tool calls (arguments empty, not JSON, not an object, double-encoded; a
//! `function` that is null; a custom free-text tool).

use super::helpers::{call, calls, codes, positions, read, results, text_of};
use mcp_matchers::traces::{ArgumentsError, CallKind, PromptResult};
use serde_json::{json, Value};

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
    let roles: Vec<&str> = r.messages().iter().map(|m| m["role"].as_str().unwrap()).collect();
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
    let outs: Vec<Value> = r.tool_calls().iter().map(|c| c.result.clone().unwrap()).collect();
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
fn legacy_function_call_stream_equals_its_non_streamed_twin() {
    let stream = read("openai-chat/stream.legacy-function-call.json");
    let twin = read("openai-chat/completion.legacy-function-call.HANDWRITTEN.json");
    assert_eq!(
        (stream.format, twin.format),
        (Some("openai-chat-stream"), Some("openai-chat"))
    );
    let weather = json!({ "location": "Charlottesville, Virginia", "format": "celsius" });
    let expected = [(String::from("get_current_weather"), weather, None)];
    assert_eq!(calls(&stream), expected);
    assert_eq!(calls(&twin), expected);
    assert_eq!(stream.tool_calls()[0].kind, CallKind::Function);
    assert_eq!(stream.model(), Some("gpt-3.5-turbo-0613"));
    assert!(stream.diagnostics().is_empty(), "{:?}", stream.diagnostics());
    assert!(twin.diagnostics().is_empty(), "{:?}", twin.diagnostics());
    // As SSE text (one `data:` event a chunk), the same call.
    let chunks = match serde_json::from_str::<Value>(&text_of("openai-chat/stream.legacy-function-call.json")).unwrap()
    {
        Value::Array(chunks) => chunks,
        _ => unreachable!(),
    };
    let sse: String = chunks.iter().map(|c| format!("data: {c}\n\n")).collect();
    let r = PromptResult::from_trace_text(&format!("{sse}data: [DONE]\n\n"), None).unwrap();
    assert_eq!(calls(&r), expected);
    // Cut before its finish_reason: the call is dropped and named.
    let cut: String = chunks[..10].iter().map(|c| format!("data: {c}\n\n")).collect();
    let r = PromptResult::from_trace_text(&cut, None).unwrap();
    assert!(r.tool_calls().is_empty());
    assert_eq!(codes(&r), ["STREAM_INCOMPLETE"]);
    assert!(
        r.diagnostics()[0].message.contains("get_current_weather"),
        "{:?}",
        r.diagnostics()
    );
    // Fragments that do not join to JSON keep their text.
    let bad = "data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"function_call\":{\"name\":\"f\",\"arguments\":\"{\\\"a\"}}}]}\n\n\
        data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"function_call\"}]}\n\n";
    let r = PromptResult::from_trace_text(bad, None).unwrap();
    assert_eq!(r.tools_called(), ["f"]);
    let c = &r.tool_calls()[0];
    assert_eq!(c.raw_arguments.as_deref(), Some("{\"a"));
    assert_eq!(c.arguments_error, Some(ArgumentsError::NotJson));
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

#[test]
fn unreadable_openai_arguments_are_kept_and_marked() {
    let doc = json!({ "object": "chat.completion", "choices": [{ "index": 0, "message": { "role": "assistant", "tool_calls": [
        { "id": "a", "type": "function", "function": { "name": "empty", "arguments": "" } },
        { "id": "b", "type": "function", "function": { "name": "cut", "arguments": "{\"q\": \"cats\"" } },
        { "id": "c", "type": "function", "function": { "name": "list", "arguments": "[1, 2]" } },
        { "id": "d", "type": "function", "function": { "name": "twice", "arguments": "\"{\\\"a\\\":1}\"" } },
        { "id": "e", "type": "function", "function": null },
        { "id": "f", "type": "custom", "custom": { "name": "sql", "input": "SELECT 1" } },
        { "id": "g", "type": "function", "function": { "name": "ok", "arguments": "{\"a\": 1}" } }
    ] } }] });
    let r = PromptResult::from_trace(&doc, None).unwrap();
    assert_eq!(r.tools_called(), ["empty", "cut", "list", "twice", "sql", "ok"]);
    let marks: Vec<_> = r
        .tool_calls()
        .iter()
        .map(|c| (c.arguments_error, c.raw_arguments.as_deref(), c.arguments.is_empty()))
        .collect();
    assert_eq!(
        marks,
        [
            (Some(ArgumentsError::Empty), Some(""), true),
            (Some(ArgumentsError::NotJson), Some("{\"q\": \"cats\""), true),
            (Some(ArgumentsError::NotObject), Some("[1, 2]"), true),
            (Some(ArgumentsError::DoubleEncoded), Some("\"{\\\"a\\\":1}\""), true),
            (Some(ArgumentsError::Freeform), Some("SELECT 1"), true),
            (None, None, false),
        ]
    );
    assert_eq!(r.tool_calls()[4].kind, CallKind::Custom);
    assert_eq!(
        codes(&r),
        [
            "ARGUMENTS_UNREADABLE",
            "ARGUMENTS_UNREADABLE",
            "ARGUMENTS_UNREADABLE",
            "ARGUMENTS_UNREADABLE",
            "MALFORMED_CALL",
            "ARGUMENTS_UNREADABLE",
        ]
    );
    assert_eq!(r.diagnostics()[4].path, "choices[0].message.tool_calls[4].function");
    assert_eq!(r.diagnostics()[1].path, "choices[0].message.tool_calls[1]");
    // The JSON form names the error with its stable code.
    let j = serde_json::to_value(&r.tool_calls()[1]).unwrap();
    assert_eq!(j["argumentsError"], "NOT_JSON");
    assert_eq!(j["rawArguments"], "{\"q\": \"cats\"");
}

#[test]
fn tool_calls_that_are_not_a_list_are_said_not_silently_nothing() {
    // A new user's hand-made completion with `tool_calls` as a string, a
    // number or one call object: no call is read, and the run says why.
    for bad in [json!("createTask"), json!(3), json!({ "id": "c1", "type": "function" })] {
        let doc = json!({ "choices": [{ "message": { "role": "assistant", "content": null, "tool_calls": bad } }] });
        let r = PromptResult::from_trace(&doc, None).unwrap();
        assert_eq!(r.tools_called(), Vec::<&str>::new());
        assert_eq!(codes(&r), ["MALFORMED_CALL"]);
        assert_eq!(r.diagnostics()[0].path, "choices[0].message.tool_calls");
    }
    // `null` and absent are no calls, as the API sends them.
    let doc = json!({ "choices": [{ "message": { "role": "assistant", "content": "hi", "tool_calls": null } }] });
    assert!(PromptResult::from_trace(&doc, None).unwrap().diagnostics().is_empty());
}
