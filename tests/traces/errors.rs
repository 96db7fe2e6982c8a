//! Formats that cannot be told or do not fit, and what is wrong inside a
//! trace (diagnostics, never errors).

use super::helpers::{codes, json_of, text_of};
use mcp_matchers::traces::{detect_trace_format, PromptResult, TraceFormat};
use mcp_matchers::ErrorCode;
use serde_json::json;

#[test]
fn detection_says_why_not() {
    let why = detect_trace_format(&json!([])).unwrap_err();
    assert_eq!((why.code, why.path.as_str()), (ErrorCode::InvalidArgument, "trace"));
    let why = why.message;
    assert!(why.contains("an array with no items"), "{why}");
    let why = detect_trace_format(&json!({ "foo": 1 })).unwrap_err().message;
    assert!(why.contains("[\"foo\"]"), "{why}");
    let why = detect_trace_format(&json!(42)).unwrap_err().message;
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
    assert_eq!(r.tool_calls()[0].raw_arguments.as_deref(), Some("[1]"));
    assert_eq!(codes(&r), ["ARGUMENTS_UNREADABLE", "IGNORED", "UNMATCHED_RESULT"]);
    // A stream line that is not JSON is skipped and reported.
    let text = text_of("anthropic/stream.tool-use-no-args.jsonl").replacen("{\"type\":\"ping\"}", "{\"type\":", 1);
    let r = PromptResult::from_trace_text(&text, None).unwrap();
    assert_eq!(r.tools_called(), ["updateIssueList"]);
    assert_eq!(codes(&r), ["UNREADABLE_EVENT"]);
}

#[test]
fn an_empty_trace_says_it_is_empty() {
    // A new user's first mistake (an unread file, a blank paste): said as
    // such, not as "an array with no items".
    for text in ["", "   ", "\n\n"] {
        let e = mcp_matchers::traces::detect_trace_format_text(text).unwrap_err();
        assert_eq!(
            (e.path.as_str(), e.message.as_str()),
            ("trace", "the trace is empty: there is no text to read")
        );
        let e = mcp_matchers::traces::PromptResult::from_trace_text(text, None).unwrap_err();
        assert_eq!(e.code, mcp_matchers::ErrorCode::InvalidArgument);
        assert_eq!(e.message, "the trace is empty: there is no text to read");
    }
}

/// JSON text nested deeper than 128 levels (the readers' limit, as
/// serde_json's) is refused as such, not read as plain text or described as
/// an empty list; a stream's one deep event is that event's diagnostic.
#[test]
fn a_document_nested_past_the_limit_is_unsupported_not_unknown() {
    let deep = "[".repeat(200) + &"]".repeat(200);
    let list = format!(
        r#"[{{"role":"user","content":"hi"}},{{"role":"assistant","content":null,"tool_calls":[{{"id":"c","type":"function","function":{{"name":"f","arguments":"{{}}"}}}}]}},{{"role":"tool","tool_call_id":"c","content":{deep}}}]"#
    );
    let object = "{\"a\":".repeat(200) + "1" + &"}".repeat(200);
    for text in [list.as_str(), deep.as_str(), object.as_str()] {
        for format in [None, Some(TraceFormat::OpenAiChat)] {
            let e = PromptResult::from_trace_text(text, format).unwrap_err();
            assert_eq!(
                (e.code, e.path.as_str()),
                (ErrorCode::UnsupportedValue, "trace"),
                "{}",
                &text[..40]
            );
            assert!(e.message.contains("deeper than 128"), "{}", e.message);
        }
        let e = mcp_matchers::traces::detect_trace_format_text(text).unwrap_err();
        assert_eq!(e.code, ErrorCode::UnsupportedValue, "{}", e.message);
    }
    // 128 levels are read.
    let ok = format!(
        r#"[{{"role":"tool","tool_call_id":"c","content":{}}}]"#,
        "[".repeat(126) + &"]".repeat(126)
    );
    assert!(PromptResult::from_trace_text(&ok, None).is_ok());
    // JSON lines: the deep line is an unreadable event, the others are read.
    let lines =
        format!("{{\"role\":\"user\",\"content\":\"hi\"}}\n{deep}\n{{\"role\":\"assistant\",\"content\":\"hello\"}}\n");
    let r = PromptResult::from_trace_text(&lines, None).unwrap();
    assert_eq!(r.text, "hello");
    assert!(codes(&r).contains(&"UNREADABLE_EVENT"), "{:?}", r.diagnostics());
}
