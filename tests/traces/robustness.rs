//! Robustness: a cut or damaged trace never panics; and the one reader of
//! each format reads trace text exactly as it reads the parsed value (the
//! fixtures, and the odd inputs of tests/traces/odd-inputs.json: fields of
//! unexpected types, duplicate keys, escapes, lists inside objects).

use super::helpers::text_of;
use mcp_matchers::traces::{PromptResult, TraceFormat};
use serde::Deserialize;
use serde_json::Value;

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
                for c in r.tool_calls() {
                    proptest::prop_assert!(c.arguments_error.is_some() || c.raw_arguments.is_none());
                }
            }
        }
    }
}

#[derive(Deserialize)]
struct OddInputs {
    lists: Vec<String>,
    not_one_array: Vec<String>,
}

fn odd() -> OddInputs {
    let path = format!("{}/tests/traces/odd-inputs.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

const FORMATS: [Option<&str>; 7] = [
    None,
    Some("openai-chat"),
    Some("openai-responses"),
    Some("anthropic"),
    Some("gemini"),
    Some("vercel-ai"),
    Some("mcpjam"),
];

/// Text and value read alike, for every format asked (errors alike too).
fn same(text: &str) {
    let value: Value = serde_json::from_str(text).unwrap();
    for name in FORMATS {
        let format = name.map(|n| TraceFormat::from_name(n).unwrap());
        let by_text = PromptResult::from_trace_text(text, format);
        let by_value = PromptResult::from_trace(&value, format);
        assert_eq!(by_text, by_value, "format {name:?} of {text}");
        let calls_only = PromptResult::calls_from_trace_text(text, format);
        match (calls_only, by_value) {
            (Ok(c), Ok(v)) => {
                assert_eq!(c.tool_calls(), v.tool_calls(), "{name:?} {text}");
                assert_eq!(c.diagnostics(), v.diagnostics(), "{name:?} {text}");
                assert_eq!((c.text(), c.error()), (v.text(), v.error()), "{name:?} {text}");
            }
            (c, v) => assert_eq!(c.is_ok(), v.is_ok(), "{name:?} {text}"),
        }
    }
}

#[test]
fn every_json_fixture_reads_the_same_as_text_and_as_value() {
    let mut n = 0;
    for dir in std::fs::read_dir(format!("{}/tests/fixtures/traces", env!("CARGO_MANIFEST_DIR"))).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(dir).unwrap() {
            let path = f.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            if serde_json::from_str::<Value>(&text).is_ok() {
                same(&text);
                n += 1;
            }
        }
    }
    assert!(n >= 30, "{n} JSON fixtures");
}

#[test]
fn odd_lists_read_the_same_as_text_and_as_value() {
    for text in &odd().lists {
        same(text);
    }
}

/// The same lists inside objects (MCPJam `{ messages, spans }`, request
/// bodies): the messages are read like a list, the rest as values.
#[test]
fn objects_with_messages_read_the_same_as_text_and_as_value() {
    let spans = r#"[{"category":"tool","status":"error","toolCallId":"a"},{"category":"error","name":"boom"}]"#;
    for list in &odd().lists {
        same(&format!(r#"{{"messages": {list}, "spans": {spans}}}"#));
        same(&format!(r#"{{ "messages" : {list} }}"#));
        same(&format!(r#"{{"caseTitle":"t","messages":{list}}}"#));
        same(&format!(r#"{{"messages":{list},"messages":[]}}"#));
        same(&format!(r#"{{"model":"m","messages":{list},"spans":null}}"#));
    }
    same(r#"{"messages":[],"spans":[]}"#);
    same(r#"{"messages":"text","spans":[]}"#);
    same(r#"{"mess\u0061ges":[{"role":"user","content":"x"}]}"#);
}

#[test]
fn text_that_is_not_one_array_is_read_as_before() {
    for text in odd().not_one_array.iter().map(String::as_str) {
        let value = serde_json::from_str::<Value>(text);
        let by_text = PromptResult::from_trace_text(text, None);
        match value {
            Ok(v) => assert_eq!(by_text, PromptResult::from_trace(&v, None), "{text}"),
            Err(_) => assert!(by_text.is_err() || by_text.unwrap().tool_calls().is_empty(), "{text}"),
        }
    }
}

/// One message handed in alone (what a caller gets from `choices[0].message`,
/// `candidates[0].content`, or one AI SDK message) reads as the response
/// around it does: the fixtures' hand-written calls (tests/traces/fixtures.json).
#[test]
fn one_message_alone_reads_as_its_response() {
    use super::helpers::{calls, json_of};
    let fixtures: Vec<Value> = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/traces/fixtures.json")).unwrap(),
    )
    .unwrap();
    let tools_of = |file: &str| -> Vec<String> {
        let f = fixtures
            .iter()
            .find(|f| f["file"] == file)
            .unwrap_or_else(|| panic!("{file} in fixtures.json"));
        f["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().to_owned())
            .collect()
    };
    for (file, pointer, format) in [
        (
            "openai-chat/completion.parallel-tool-calls.json",
            "/choices/0/message",
            TraceFormat::OpenAiChat,
        ),
        ("anthropic/message.parallel-tool-use.json", "", TraceFormat::Anthropic),
        (
            "gemini/response.parallel-function-calls.json",
            "/candidates/0/content",
            TraceFormat::Gemini,
        ),
    ] {
        let whole = json_of(file);
        let mut alone = whole.pointer(pointer).unwrap().clone();
        // Anthropic's message without its `type` marker: a message of a list.
        if let Some(o) = alone.as_object_mut().filter(|_| pointer.is_empty()) {
            o.retain(|k, _| k == "role" || k == "content");
        }
        let want = calls(&PromptResult::from_trace(&whole, None).unwrap());
        let names: Vec<String> = want.iter().map(|c| c.0.clone()).collect();
        assert_eq!(names, tools_of(file), "{file}");
        for asked in [None, Some(format)] {
            let r = PromptResult::from_trace(&alone, asked).unwrap_or_else(|e| panic!("{file} alone: {e}"));
            assert_eq!(calls(&r), want, "{file} alone, format {asked:?}");
            assert!(r.diagnostics().is_empty(), "{file} alone: {:?}", r.diagnostics());
        }
    }
}

/// Reading nothing from a non-empty trace is a `NOTHING_READ` diagnostic; an
/// AI SDK `tool-call` part with neither `input` nor `args` keeps the call with
/// `argumentsError` `MISSING` (AI SDK's ToolCallPart requires `input`, v4's `args`).
#[test]
fn nothing_read_and_missing_arguments_are_said() {
    use mcp_matchers::traces::ArgumentsError;
    let r = PromptResult::from_trace(&serde_json::json!({ "foo": 1, "steps": [] }), None).unwrap();
    assert_eq!(
        r.diagnostics().iter().map(|d| d.code).collect::<Vec<_>>(),
        ["NOTHING_READ"]
    );
    // An object of none of the format's members, read as the format asked for, is never a silent empty run:
    // nothing read, or (an OpenAI Responses item without a type) an item skipped.
    for format in [
        TraceFormat::Anthropic,
        TraceFormat::Gemini,
        TraceFormat::OpenAiChat,
        TraceFormat::OpenAiResponses,
        TraceFormat::VercelAi,
    ] {
        for junk in [serde_json::json!({ "foo": 1 }), serde_json::json!({})] {
            let r = PromptResult::from_trace(&junk, Some(format)).unwrap();
            let codes: Vec<_> = r.diagnostics().iter().map(|d| d.code).collect();
            assert!(
                codes == ["NOTHING_READ"] || codes == ["IGNORED"],
                "{junk} as {format:?}: {codes:?}"
            );
            assert!(r.tool_calls().is_empty() && r.text.is_empty(), "{junk} as {format:?}");
        }
    }
    let empty_answer = serde_json::json!({ "choices": [{ "message": { "role": "assistant", "content": "" } }] });
    assert!(
        PromptResult::from_trace(&empty_answer, None)
            .unwrap()
            .diagnostics()
            .is_empty(),
        "an empty answer is a turn read"
    );
    let part = serde_json::json!({ "role": "assistant", "content": [{ "type": "tool-call", "toolCallId": "c", "toolName": "add" }] });
    let r = PromptResult::from_trace(&part, None).unwrap();
    let c = &r.tool_calls()[0];
    assert_eq!(
        (c.tool_name.as_str(), c.arguments_error),
        ("add", Some(ArgumentsError::Missing))
    );
}

/// Text that opens like JSON but is cut short or damaged is never a silent
/// plain-text trace with no calls: a `NOT_JSON` diagnostic says so (issue
/// 15); plain prose stays a model's text reply, and a format asked for
/// (`McpJam`) reads the text as it is.
#[test]
fn text_that_opens_like_json_but_is_not_is_said() {
    use mcp_matchers::traces::TraceFormat;
    for text in ["{\"choices\": [", "[{\"role\":\"user\"", "{not json}", "  [1, 2,]  "] {
        let r = PromptResult::from_trace_text(text, None).unwrap();
        assert!(r.tool_calls().is_empty());
        let codes: Vec<_> = r.diagnostics().iter().map(|d| (d.code, d.path.as_str())).collect();
        assert_eq!(codes, [("NOT_JSON", "trace")], "{text}");
        assert!(
            r.diagnostics()[0].message.contains("line 1 column"),
            "{}",
            r.diagnostics()[0].message
        );
        let asked = PromptResult::from_trace_text(text, Some(TraceFormat::McpJam)).unwrap();
        assert!(asked.diagnostics().is_empty(), "{text}: {:?}", asked.diagnostics());
    }
    let prose = PromptResult::from_trace_text("The weather in Paris is sunny.", None).unwrap();
    assert!(prose.diagnostics().is_empty());
    assert_eq!(prose.text(), "The weather in Paris is sunny.");
}
