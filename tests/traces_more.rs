//! Trace readers on the real fixtures (tests/fixtures/traces/, see its
//! SOURCES.md): Gemini and the Vercel AI SDK; MCPJam traces (hand-built from
//! fixture content: no MCPJam recording is among the fixtures); PromptResult
//! (accessors, merging, feeding `evaluate_tool_calls`); errors. Every
//! expected value was written by hand from the fixture files.
#![cfg(not(target_arch = "wasm32"))]

use mcp_matchers::traces::{detect_trace_format, PromptResult, TraceFormat};
use mcp_matchers::{evaluate_tool_calls, match_tool_call_with_args, ErrorCode, MatchOptions, ToolCall, ToolCallOrder};
use serde_json::{json, Value};

fn text_of(path: &str) -> String {
    let full = format!("{}/tests/fixtures/traces/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

fn json_of(path: &str) -> Value {
    serde_json::from_str(&text_of(path)).unwrap()
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

fn call(name: &str, args: Value, id: Option<&str>) -> (String, Value, Option<String>) {
    (name.to_owned(), args, id.map(str::to_owned))
}

/// (toolName, arguments) of every call.
fn named(r: &PromptResult) -> Vec<(String, Value)> {
    calls(r).into_iter().map(|(n, a, _)| (n, a)).collect()
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

// ---- Gemini -----------------------------------------------------------------

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

// ---- Vercel AI SDK ----------------------------------------------------------

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

// ---- MCPJam eval traces (hand-built around fixture content) -----------------

#[test]
fn mcpjam_trace_shapes() {
    let messages = json_of("vercel-ai/v5.model-messages.json");
    let spans = json!([{ "id": "s1", "name": "screenshot", "category": "tool", "startMs": 0, "endMs": 5,
                         "status": "error", "toolCallId": "call-2", "toolName": "screenshot" }]);
    let r = PromptResult::from_trace(&json!({ "messages": messages, "spans": spans }), None).unwrap();
    assert_eq!(r.format, Some("mcpjam"));
    assert_eq!(r.tools_called(), ["screenshot"; 4]);
    let errors: Vec<Option<bool>> = r.get_tool_calls().iter().map(|c| c.is_error).collect();
    assert_eq!(errors, [Some(false), Some(true), Some(false), Some(false)]);

    // A message list read as an MCPJam trace (format given).
    let r = PromptResult::from_trace(&messages, Some(TraceFormat::McpJam)).unwrap();
    assert_eq!((r.format, r.tools_called().len()), (Some("mcpjam"), 4));

    // A string trace: JSON text is read as JSON, other text is the run's text.
    let r = PromptResult::from_trace(&Value::String(messages.to_string()), Some(TraceFormat::McpJam)).unwrap();
    assert_eq!(r.tools_called().len(), 4);
    let r = PromptResult::from_trace(&json!("The capital is Paris."), None).unwrap();
    assert_eq!(
        (r.format, r.text(), r.get_tool_calls().len()),
        (Some("mcpjam"), "The capital is Paris.", 0)
    );

    // A whole EvalResultInput with an error and an Anthropic trace inside.
    let input = json!({ "caseTitle": "family", "passed": false, "error": "timeout after 10000ms",
                        "trace": json_of("anthropic/messages.tool-results.json") });
    let r = PromptResult::from_trace(&input, None).unwrap();
    assert_eq!(r.tools_called(), ["retrieve_entity_info"; 4]);
    assert!(r.has_error());
    assert_eq!(r.get_error(), Some("timeout after 10000ms"));
}

// ---- PromptResult -----------------------------------------------------------

#[test]
fn prompt_result_accessors_follow_the_reference() {
    let r = read("anthropic/message.parallel-tool-use.json");
    assert_eq!(r.tools_called(), ["retrieve_entity_info"; 4]);
    assert!(r.has_tool_call("retrieve_entity_info"));
    assert!(!r.has_tool_call("Retrieve_entity_info"));
    // The first matching call's arguments.
    assert_eq!(
        Value::Object(r.get_tool_arguments("retrieve_entity_info").unwrap().clone()),
        json!({ "name": "Alice" })
    );
    assert_eq!(r.get_tool_arguments("nope"), None);
    assert!(!r.has_error());
    assert_eq!(r.get_error(), None);
    let roles: Vec<&str> = r.get_messages().iter().map(|m| m["role"].as_str().unwrap()).collect();
    assert_eq!(roles, ["assistant"]);
    assert_eq!(r.get_messages()[0]["content"][1]["type"], "tool-call");
    assert_eq!(r.get_messages()[0]["content"][1]["input"], json!({ "name": "Alice" }));
}

#[test]
fn calls_only_reading_skips_the_messages() {
    let text = text_of("vercel-ai/v5.model-messages.json");
    let full = PromptResult::from_trace_text(&text, None).unwrap();
    let lean = PromptResult::calls_from_trace_text(&text, None).unwrap();
    assert_eq!(full.get_messages().len(), 7);
    assert!(lean.get_messages().is_empty());
    assert_eq!(lean.get_tool_calls(), full.get_tool_calls());
    assert_eq!((lean.text(), lean.format), (full.text(), full.format));
}

#[test]
fn prompt_results_merge_as_context() {
    let r1 = read("openai-chat/stream.parallel-tool-calls.sse");
    let r2 = read("openai-chat/stream.tool-call-arg-fragments.sse");
    let both = PromptResult::merge(&[r1, r2]);
    assert_eq!(both.tools_called(), ["get_country", "get_product_name", "get_weather"]);
    let steps: Vec<usize> = both.get_tool_calls().iter().map(|c| c.step).collect();
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
        ToolCall::new("delete_file", json!({ "path": ".env" })),
        ToolCall::new("create_file", json!({ "path": "string" })),
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

// ---- errors and detection ---------------------------------------------------

#[test]
fn detection_says_why_not() {
    let why = detect_trace_format(&json!([])).unwrap_err();
    assert!(why.contains("an array with no items"), "{why}");
    let why = detect_trace_format(&json!({ "foo": 1 })).unwrap_err();
    assert!(why.contains("[\"foo\"]"), "{why}");
    let why = detect_trace_format(&json!(42)).unwrap_err();
    assert!(why.contains("a number"), "{why}");
}

#[test]
fn unknown_or_mismatched_formats_are_invalid_arguments() {
    let e = PromptResult::from_trace(&json!({ "foo": 1 }), None).unwrap_err();
    assert_eq!((e.code, e.path.as_str()), (ErrorCode::InvalidArgument, "trace"));
    let msg = json_of("anthropic/message.parallel-tool-use.json");
    let e = PromptResult::from_trace(&msg, Some(TraceFormat::OpenAiChat)).unwrap_err();
    assert_eq!((e.code, e.path.as_str()), (ErrorCode::InvalidArgument, "trace"));
    assert!(e.message.contains("anthropic"), "{}", e.message);
    // A format and its stream variant are one family: the shape picks the reader.
    let r = PromptResult::from_trace_text(
        &text_of("anthropic/stream.mcp-tool-use.jsonl"),
        Some(TraceFormat::Anthropic),
    )
    .unwrap();
    assert_eq!(r.format, Some("anthropic-stream"));
    assert_eq!(TraceFormat::from_name("gemini-stream"), Some(TraceFormat::GeminiStream));
    assert_eq!(TraceFormat::from_name("gemini-streams"), None);
}

#[test]
fn malformed_parts_are_diagnostics_not_errors() {
    // Anthropic input that is not an object; a result for an unknown id;
    // an unknown block type.
    let msgs = json!([
        { "role": "assistant", "content": [
            { "type": "tool_use", "id": "t1", "name": "a", "input": [1] },
            { "type": "hologram" } ] },
        { "role": "user", "content": [{ "type": "tool_result", "tool_use_id": "zzz", "content": "x" }] }
    ]);
    let r = PromptResult::from_trace(&msgs, None).unwrap();
    assert_eq!(r.tools_called(), ["a"]);
    assert_eq!(r.get_tool_calls()[0].raw_arguments.as_deref(), Some("[1]"));
    assert_eq!(codes(&r), ["ARGUMENTS_UNREADABLE", "IGNORED", "UNMATCHED_RESULT"]);
    // A stream line that is not JSON is skipped and reported.
    let text = text_of("anthropic/stream.tool-use-no-args.jsonl").replacen("{\"type\":\"ping\"}", "{\"type\":", 1);
    let r = PromptResult::from_trace_text(&text, None).unwrap();
    assert_eq!(r.tools_called(), ["updateIssueList"]);
    assert_eq!(codes(&r), ["UNREADABLE_EVENT"]);
}

// ---- robustness: a cut or damaged trace never panics -------------------------

const FIXTURES: [&str; 8] = [
    "openai-chat/stream.parallel-tool-calls.sse",
    "openai-chat/messages.multi-turn-history.json",
    "openai-responses/stream.function-call.sse",
    "anthropic/stream.server-and-client-tool-use.sse",
    "anthropic/messages.tool-result-is-error.json",
    "gemini/stream.no-args-parallel.jsonl",
    "vercel-ai/v6.ui-message-stream.langgraph.json",
    "vercel-ai/v4.ui-messages.tool-invocations.json",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
    #[test]
    fn cut_or_damaged_fixtures_read_without_panic(
        which in 0..FIXTURES.len(),
        cut in 0.0f64..1.0,
        holes in proptest::collection::vec((0.0f64..1.0, 1usize..8), 0..4),
    ) {
        let text = text_of(FIXTURES[which]);
        let mut bytes = text.into_bytes();
        bytes.truncate((bytes.len() as f64 * cut) as usize);
        for (at, len) in holes {
            let start = (bytes.len() as f64 * at) as usize;
            let end = (start + len).min(bytes.len());
            bytes.drain(start..end);
        }
        let damaged = String::from_utf8_lossy(&bytes);
        for format in [None, Some(TraceFormat::McpJam)] {
            if let Ok(r) = PromptResult::from_trace_text(&damaged, format) {
                // Every call keeps a name and an arguments object.
                for c in r.get_tool_calls() {
                    proptest::prop_assert!(c.arguments_error.is_some() || c.raw_arguments.is_none());
                }
            }
        }
    }
}

// ---- joining rules (hand-built around fixture content) -----------------------

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
    let got: Vec<Value> = r.get_tool_calls().iter().map(|c| c.result.clone().unwrap()).collect();
    assert_eq!(got, ["cars", "penguins", "cars"].map(|t| json!({ "return_value": t })));
    assert!(r.diagnostics().is_empty());
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
    let c = &r.get_tool_calls()[0];
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
    assert_eq!(r.get_error(), Some("Overloaded"));
    assert_eq!(codes(&r), ["STREAM_INCOMPLETE"]);
}
