//! Trace reading (`PromptResult.fromTrace`, `detectTraceFormat`): detected,
//! and per format (the selector picks one of the twelve).
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_matchers::traces::{detect_trace_format, detect_trace_format_text, PromptResult, TraceFormat};
use mcp_matchers_fuzz::{input, Input};

const FORMATS: [TraceFormat; 12] = [
    TraceFormat::OpenAiChat,
    TraceFormat::OpenAiChatStream,
    TraceFormat::OpenAiResponses,
    TraceFormat::OpenAiResponsesStream,
    TraceFormat::Anthropic,
    TraceFormat::AnthropicStream,
    TraceFormat::Gemini,
    TraceFormat::GeminiStream,
    TraceFormat::VercelAi,
    TraceFormat::VercelAiUiStream,
    TraceFormat::VercelAiDataStream,
    TraceFormat::McpJam,
];

fn check(r: &PromptResult) {
    // The accessors read what was built; each call's name is findable.
    for c in r.tool_calls() {
        assert!(r.has_tool_call(&c.tool_name));
    }
    let _ = (r.tools_called(), r.text(), r.error(), r.to_tool_calls());
}

fuzz_target!(|data: &[u8]| {
    let (text, selector) = match input(data) {
        Input::Raw { text, selector, .. } => (text, selector),
        Input::Structured { selector, value } => {
            let _ = detect_trace_format(&value);
            for fmt in [None, Some(FORMATS[selector as usize % 12])] {
                if let Ok(r) = PromptResult::from_trace(&value, fmt) {
                    check(&r);
                }
            }
            (value.to_string(), selector)
        }
    };
    let _ = detect_trace_format_text(&text);
    for fmt in [None, Some(FORMATS[selector as usize % 12])] {
        if let Ok(r) = PromptResult::from_trace_text(&text, fmt) {
            check(&r);
        }
        let _ = PromptResult::calls_from_trace_text(&text, fmt);
    }
});
