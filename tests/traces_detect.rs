//! Format detection on every fixture (tests/fixtures/traces/, see its
//! SOURCES.md) and the table of malformed OpenAI tool calls: arguments that
//! are empty, not JSON, not an object, double-encoded; a `function` that is
//! null; a custom (free-text) tool. Expected values written by hand.
#![cfg(not(target_arch = "wasm32"))]

use mcp_matchers::traces::{detect_trace_format_text, ArgumentsError, CallKind, PromptResult, TraceFormat};
use serde_json::json;

fn text_of(path: &str) -> String {
    let full = format!("{}/tests/fixtures/traces/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

fn codes(r: &PromptResult) -> Vec<&'static str> {
    r.diagnostics().iter().map(|d| d.code).collect()
}

#[test]
fn every_fixture_format_is_detected() {
    let cases = [
        (
            "openai-chat/completion.parallel-tool-calls.json",
            TraceFormat::OpenAiChat,
        ),
        (
            "openai-chat/messages.parallel-tool-results.json",
            TraceFormat::OpenAiChat,
        ),
        ("openai-chat/messages.multi-turn-history.json", TraceFormat::OpenAiChat),
        (
            "openai-chat/stream.parallel-tool-calls.sse",
            TraceFormat::OpenAiChatStream,
        ),
        (
            "openai-chat/stream.tool-call-arg-fragments.sse",
            TraceFormat::OpenAiChatStream,
        ),
        (
            "openai-chat/completion.gemini-compat-empty-id.json",
            TraceFormat::OpenAiChat,
        ),
        ("openai-chat/completion.groq-llama.json", TraceFormat::OpenAiChat),
        (
            "openai-responses/input.function-call-output.json",
            TraceFormat::OpenAiResponses,
        ),
        ("openai-responses/response.mcp-call.json", TraceFormat::OpenAiResponses),
        (
            "openai-responses/stream.function-call.sse",
            TraceFormat::OpenAiResponsesStream,
        ),
        ("anthropic/message.parallel-tool-use.json", TraceFormat::Anthropic),
        ("anthropic/messages.tool-results.json", TraceFormat::Anthropic),
        ("anthropic/messages.tool-result-is-error.json", TraceFormat::Anthropic),
        (
            "anthropic/stream.server-and-client-tool-use.sse",
            TraceFormat::AnthropicStream,
        ),
        ("anthropic/stream.mcp-tool-use.jsonl", TraceFormat::AnthropicStream),
        ("gemini/response.function-call.json", TraceFormat::Gemini),
        ("gemini/contents.function-responses.json", TraceFormat::Gemini),
        ("gemini/stream.function-call.sse", TraceFormat::GeminiStream),
        ("gemini/stream.partial-args.jsonl", TraceFormat::GeminiStream),
        ("vercel-ai/v4.generateText.steps.json", TraceFormat::VercelAi),
        ("vercel-ai/v4.response.messages.json", TraceFormat::VercelAi),
        ("vercel-ai/v4.ui-messages.tool-invocations.json", TraceFormat::VercelAi),
        ("vercel-ai/v5.chat-request.ui-messages.json", TraceFormat::VercelAi),
        ("vercel-ai/v5.model-messages.json", TraceFormat::VercelAi),
        ("vercel-ai/v5.ui-message-stream.json", TraceFormat::VercelAiUiStream),
        ("vercel-ai/v6.generateText.steps.json", TraceFormat::VercelAi),
        (
            "vercel-ai/v6.ui-message-stream.langgraph.json",
            TraceFormat::VercelAiUiStream,
        ),
    ];
    for (path, want) in cases {
        assert_eq!(detect_trace_format_text(&text_of(path)), Ok(want), "{path}");
    }
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
        .get_tool_calls()
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
    assert_eq!(r.get_tool_calls()[4].kind, CallKind::Custom);
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
    let j = serde_json::to_value(&r.get_tool_calls()[1]).unwrap();
    assert_eq!(j["argumentsError"], "NOT_JSON");
    assert_eq!(j["rawArguments"], "{\"q\": \"cats\"");
}
