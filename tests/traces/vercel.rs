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
        assert_eq!(s.get_tool_calls()[0].step, 0);
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
    let pos: Vec<(usize, usize)> = r.get_tool_calls().iter().map(|c| (c.step, c.index)).collect();
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
    let steps: Vec<usize> = r.get_tool_calls().iter().map(|c| c.step).collect();
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
    assert!(r.get_tool_calls().is_empty());
    assert_eq!(codes(&r), ["STREAM_INCOMPLETE"]);
    assert!(r.diagnostics()[0].message.contains("get_weather") && r.diagnostics()[0].message.contains("get_datetime"));
}
