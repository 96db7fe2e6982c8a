//! Vercel AI SDK steps, model messages, UI messages and UI message streams
//! on the real fixtures.

use super::helpers::{call_opt as call, calls, codes, json_of, read, results};
use mcp_matchers::traces::PromptResult;
use serde_json::{json, Value};

fn tool1() -> Vec<(String, Value, Option<String>)> {
    vec![call("tool1", json!({ "value": "value" }), Some("call-1"))]
}

#[test]
fn ai_sdk_steps_v4_v5_v6_and_their_response_messages() {
    for (steps, messages) in [
        (
            "vercel-ai/v4.generateText.steps.json",
            "vercel-ai/v4.response.messages.json",
        ),
        (
            "vercel-ai/v5.generateText.steps.json",
            "vercel-ai/v5.response.messages.json",
        ),
        (
            "vercel-ai/v6.generateText.steps.json",
            "vercel-ai/v5.response.messages.json",
        ),
    ] {
        let s = read(steps);
        let m = read(messages);
        assert_eq!(s.format, Some("vercel-ai"), "{steps}");
        assert_eq!(calls(&s), tool1(), "{steps}");
        assert_eq!(calls(&m), tool1(), "{messages}");
        assert_eq!(s.tool_calls()[0].step, 0);
        assert_eq!(results(&s)[0].0, Some(json!("result1")), "{steps}");
        assert_eq!(results(&m)[0].0, Some(json!("result1")), "{messages}");
        assert_eq!(s.text(), "Hello, world!", "{steps}");
        assert_eq!(m.text(), "Hello, world!", "{messages}");
        assert!(s.diagnostics().is_empty() && m.diagnostics().is_empty());
    }
}

#[test]
fn ai_sdk_v5_model_messages_with_three_rounds() {
    let r = read("vercel-ai/v5.model-messages.json");
    assert_eq!(
        calls(&r),
        (1..=4)
            .map(|i| call(
                "screenshot",
                json!({ "value": format!("value-{i}") }),
                Some(&format!("call-{i}"))
            ))
            .collect::<Vec<_>>()
    );
    let pos: Vec<(usize, usize)> = r.tool_calls().iter().map(|c| (c.step, c.index)).collect();
    assert_eq!(pos, [(0, 0), (1, 0), (1, 1), (2, 0)]);
    assert_eq!(
        results(&r),
        (1..=4)
            .map(|i| (Some(json!(format!("result-{i}"))), Some(false)))
            .collect::<Vec<_>>()
    );
    assert_eq!(r.text(), "final response");
}

#[test]
fn ai_sdk_v4_ui_messages_tool_invocations() {
    let r = read("vercel-ai/v4.ui-messages.tool-invocations.json");
    assert_eq!(
        calls(&r),
        [
            call("some-tool", json!({ "query": "some query" }), Some("call-1")),
            call("some-tool", json!({ "query": "another query" }), Some("call-2")),
        ]
    );
    // The step-start part between them starts step 1.
    let steps: Vec<usize> = r.tool_calls().iter().map(|c| c.step).collect();
    assert_eq!(steps, [0, 1]);
    assert_eq!(
        results(&r),
        [(Some(json!({ "answer": "Tool result data" })), None), (None, None)]
    );
}

#[test]
fn ai_sdk_v5_ui_messages_in_a_chat_request() {
    let r = read("vercel-ai/v5.chat-request.ui-messages.json");
    assert_eq!(
        calls(&r),
        [call(
            "test-tool",
            json!({ "testArg": "test-value" }),
            Some("tool-call-0")
        )]
    );
    assert_eq!(results(&r), [(Some(json!("test-result")), Some(false))]);
}

#[test]
fn ai_sdk_ui_message_streams() {
    let r = read("vercel-ai/v5.ui-message-stream.json");
    assert_eq!(r.format, Some("vercel-ai-ui-stream"));
    assert_eq!(calls(&r), tool1());
    assert_eq!(results(&r), [(Some(json!("value-result")), Some(false))]);
    // The same call as the generateText steps of the same test suite.
    assert_eq!(calls(&r), calls(&read("vercel-ai/v5.generateText.steps.json")));

    // LangGraph: inputs only as text deltas (no tool-input-available).
    let r = read("vercel-ai/v6.ui-message-stream.langgraph.json");
    assert_eq!(
        calls(&r),
        [
            call(
                "get_weather",
                json!({ "city": "Tokyo", "units": "celsius" }),
                Some("call_lxFuvuhpu9gvtx04WrmXZF9h")
            ),
            call(
                "get_datetime",
                json!({ "timezone": "Asia/Tokyo", "format": "full" }),
                Some("call_U3RijXRN09TXMyKWFZwqWjnJ")
            ),
        ]
    );
    assert_eq!(
        results(&r),
        [
            (Some(json!("Weather in Tokyo: 20°C, Clear skies")), Some(false)),
            (
                Some(json!(
                    "Current date and time in Asia/Tokyo: Wednesday, December 17, 2025 at 04:00:28 AM"
                )),
                Some(false)
            ),
        ]
    );
    assert!(r
        .text()
        .starts_with("Here’s the latest for Tokyo:\n- Weather: 20°C, clear skies"));
    assert!(r.diagnostics().is_empty(), "{:?}", r.diagnostics());

    // Cut before the first finish-step: both inputs unfinished, dropped.
    let doc = json_of("vercel-ai/v6.ui-message-stream.langgraph.json");
    let chunks = doc.as_array().unwrap();
    let end = chunks.iter().position(|c| c["type"] == "finish-step").unwrap();
    let r = PromptResult::from_trace(&Value::Array(chunks[..end].to_vec()), None).unwrap();
    assert!(r.tool_calls().is_empty());
    assert_eq!(codes(&r), ["STREAM_INCOMPLETE"]);
    assert!(r.diagnostics()[0].message.contains("get_weather") && r.diagnostics()[0].message.contains("get_datetime"));
}

/// (toolName, arguments, id, result, isError) of a call.
type Full = (String, Value, Option<String>, Option<Value>, Option<bool>);

/// Every call as [`Full`].
fn full(r: &PromptResult) -> Vec<Full> {
    r.tool_calls()
        .iter()
        .map(|c| {
            let args = Value::Object(c.arguments.clone());
            (c.tool_name.clone(), args, c.id.clone(), c.result.clone(), c.is_error)
        })
        .collect()
}

#[test]
fn ai_sdk_v4_data_stream_and_its_non_stream_twin_read_to_the_same_calls() {
    let s = read("vercel-ai/v4.data-stream.tool-call-deltas.txt");
    let twin = read("vercel-ai/v4.streamText.onFinish.json");
    assert_eq!(s.format, Some("vercel-ai-data-stream"));
    assert_eq!(twin.format, Some("vercel-ai"));
    assert_eq!(calls(&s), tool1());
    assert_eq!(full(&s), full(&twin));
    assert_eq!(results(&s), [(Some(json!("value-result")), None)]);
    assert_eq!((s.input_tokens(), s.output_tokens()), (3, 10));
    assert!(s.diagnostics().is_empty(), "{:?}", s.diagnostics());
}

/// A data stream recorded from a real AI SDK v4 API (BitteProtocol/core-agent-tba,
/// tests/fixtures/traces/SOURCES.md): two steps, the call in the first, the
/// reply's 57 text deltas in the second, the run's usage on the `d:` line.
#[test]
fn a_recorded_ai_sdk_v4_data_stream_and_its_twin_read_to_the_same_calls() {
    let s = read("vercel-ai/v4.data-stream.recorded-evm-tx.txt");
    let twin = read("vercel-ai/v4.response.messages.recorded-evm-tx.HANDWRITTEN.json");
    assert_eq!(s.format, Some("vercel-ai-data-stream"));
    assert_eq!(twin.format, Some("vercel-ai"));
    assert_eq!(full(&s), full(&twin));
    let call = &s.tool_calls()[0];
    assert_eq!(call.tool_name, "generate-evm-tx");
    assert_eq!(call.id.as_deref(), Some("call_saJel2W4p3cbkYeChZpDky8k"));
    assert_eq!(call.arguments["chainId"], json!(8453));
    assert_eq!(call.arguments["params"][0]["value"], json!("0.00035"));
    assert_eq!(
        call.result.as_ref().unwrap()["data"]["evmSignRequest"]["params"][0]["value"],
        json!("0x13e52b9abe000")
    );
    assert_eq!(call.step, 0);
    assert!(s
        .text()
        .starts_with("Transaction is ready once more! Please check your wallet"));
    assert!(s.text().contains("soko.base.eth.\n\nIf you're having trouble"));
    assert!(s.text().ends_with("What would you like to do next?"));
    assert_eq!(s.text(), twin.text());
    assert_eq!((s.input_tokens(), s.output_tokens()), (9428, 164));
    assert!(s.diagnostics().is_empty(), "{:?}", s.diagnostics());
}

const DATA_STREAM: &str = "f:{\"messageId\":\"msg-1\"}\n0:\"Looking\"\n0:\" it up.\"\n\
    9:{\"toolCallId\":\"c1\",\"toolName\":\"search\",\"args\":{\"q\":\"x\"}}\n\
    a:{\"toolCallId\":\"c1\",\"result\":{\"hits\":2}}\n\
    e:{\"finishReason\":\"tool-calls\",\"usage\":{\"promptTokens\":5,\"completionTokens\":7},\"isContinued\":false}\n\
    f:{\"messageId\":\"msg-2\"}\n2:[{\"any\":\"data\"}]\n8:[{\"note\":1}]\ng:\"thinking\"\n0:\"Two hits.\"\n\
    e:{\"finishReason\":\"stop\",\"usage\":{\"promptTokens\":9,\"completionTokens\":3},\"isContinued\":false}\n\
    d:{\"finishReason\":\"stop\",\"usage\":{\"promptTokens\":14,\"completionTokens\":10}}\n";

#[test]
fn ai_sdk_v4_data_stream_steps_text_usage_and_the_parts_not_recorded() {
    let r = PromptResult::from_trace_text(DATA_STREAM, None).unwrap();
    assert_eq!(r.format, Some("vercel-ai-data-stream"));
    assert_eq!(
        full(&r),
        [(
            "search".to_owned(),
            json!({ "q": "x" }),
            Some("c1".to_owned()),
            Some(json!({ "hits": 2 })),
            None
        )]
    );
    assert_eq!(r.tool_calls()[0].step, 0);
    // The text is the last step's, as for steps.
    assert_eq!(r.text(), "Two hits.");
    // The finish message's usage is the run's (what `totalUsage` is).
    assert_eq!((r.input_tokens(), r.output_tokens()), (14, 10));
    assert!(r.diagnostics().is_empty(), "{:?}", r.diagnostics());
    // CRLF lines and blank lines read the same.
    let crlf = DATA_STREAM.replace('\n', "\r\n\r\n");
    let again = PromptResult::from_trace_text(&crlf, None).unwrap();
    assert_eq!(full(&again), full(&r));
}

#[test]
fn ai_sdk_v4_data_stream_as_values_lines_or_pairs() {
    let lines: Vec<Value> = DATA_STREAM.lines().map(|l| Value::String(format!("{l}\n"))).collect();
    let pairs: Vec<Value> = DATA_STREAM
        .lines()
        .map(|l| {
            let (code, json) = l.split_once(':').unwrap();
            json!([code, serde_json::from_str::<Value>(json).unwrap()])
        })
        .collect();
    let text = PromptResult::from_trace_text(DATA_STREAM, None).unwrap();
    for v in [
        Value::Array(lines),
        Value::Array(pairs),
        Value::String(DATA_STREAM.into()),
    ] {
        assert_eq!(
            mcp_matchers::traces::detect_trace_format(&v),
            Ok(mcp_matchers::traces::TraceFormat::VercelAiDataStream)
        );
        let r = PromptResult::from_trace(&v, None).unwrap();
        assert_eq!(r.format, Some("vercel-ai-data-stream"));
        assert_eq!(full(&r), full(&text));
        assert_eq!((r.input_tokens(), r.output_tokens()), (14, 10));
        assert!(r.diagnostics().is_empty(), "{:?}", r.diagnostics());
    }
}

#[test]
fn ai_sdk_v4_data_stream_odd_parts_are_diagnostics() {
    // Cut short: the finished call is kept, the call still streaming dropped.
    let cut = "f:{\"messageId\":\"m\"}\n9:{\"toolCallId\":\"c1\",\"toolName\":\"a\",\"args\":{}}\n\
        b:{\"toolCallId\":\"c2\",\"toolName\":\"b\"}\nc:{\"toolCallId\":\"c2\",\"argsTextDelta\":\"{\\\"x\"}\n";
    let r = PromptResult::from_trace_text(cut, None).unwrap();
    assert_eq!(r.tools_called(), ["a"]);
    assert_eq!(codes(&r), ["STREAM_INCOMPLETE"]);
    assert!(r.diagnostics()[0].message.contains("[\"b\"]"), "{:?}", r.diagnostics());
    // Finished with a call whose arguments never completed.
    let r = PromptResult::from_trace_text(&format!("{cut}d:{{\"finishReason\":\"stop\"}}\n"), None).unwrap();
    assert_eq!(r.tools_called(), ["a"]);
    assert_eq!(codes(&r), ["CALL_INCOMPLETE"]);
    // A line that is not JSON, an unknown code, a value of the wrong type, a
    // delta of an unknown call, a result of no call, an error part.
    let odd = "0:\"hi\"\n9:{broken\nz:1\n9:\"not an object\"\nc:{\"toolCallId\":\"nope\",\"argsTextDelta\":\"x\"}\n\
        a:{\"toolCallId\":\"ghost\",\"result\":1}\n3:\"boom\"\n1:{\"function_call\":{}}\n\
        d:{\"finishReason\":\"error\"}\n";
    let r = PromptResult::from_trace_text(odd, None).unwrap();
    assert_eq!(r.format, Some("vercel-ai-data-stream"));
    assert!(r.tools_called().is_empty());
    assert_eq!(r.text(), "hi");
    assert_eq!(r.error(), Some("boom"));
    let c = codes(&r);
    for code in ["UNREADABLE_EVENT", "IGNORED", "UNMATCHED_RESULT"] {
        assert!(c.contains(&code), "{code} in {c:?}");
    }
    // `z:1` and `9:{broken` are not parts: the first is unreadable, the second too.
    assert_eq!(c.iter().filter(|&&x| x == "UNREADABLE_EVENT").count(), 2, "{c:?}");
    // `9:"…"`, the unknown delta and the old `1:` code are ignored.
    assert_eq!(c.iter().filter(|&&x| x == "IGNORED").count(), 3, "{c:?}");
}
