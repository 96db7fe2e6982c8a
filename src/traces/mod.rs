//! Agent traces: one reader per provider format, turning a recorded run into
//! normalised tool-call records ([`TraceToolCall`]) and a [`PromptResult`]
//! view over them with the accessors of `@mcpjam/sdk@1.14.0` `PromptResult`
//! (`toolsCalled`, `getToolCalls`, `hasToolCall`, `getToolArguments`, `text`,
//! `hasError`, `getError`, `getMessages`).
//!
//! Formats ([`TraceFormat`]; each module names the reference it follows):
//! OpenAI Chat Completions and its stream ([`openai_chat`]), OpenAI Responses
//! and its stream ([`openai_responses`]), Anthropic Messages and its stream
//! ([`anthropic`]), Gemini and its stream ([`gemini`]), Vercel AI SDK v4–v6
//! steps, messages, UI messages and UI message streams ([`vercel`]), MCPJam
//! eval traces ([`mcpjam`]). Input is a JSON value or text: one JSON
//! document, SSE (`event:`/`data:` lines, `[DONE]`), or JSON lines.
//!
//! Nothing is dropped silently. Unreadable arguments keep their raw text and
//! an [`ArgumentsError`]; everything else not read as-is is a [`Diagnostic`]
//! with one of these stable codes:
//!
//! | code | meaning |
//! |---|---|
//! | `STREAM_INCOMPLETE` | a stream ended before its final event; its completed calls are kept, unfinished ones dropped (named in the message) |
//! | `UNREADABLE_EVENT` | a stream line that is not JSON (skipped) |
//! | `ARGUMENTS_UNREADABLE` | a call's arguments have an `argumentsError` (read as `{}`) |
//! | `MALFORMED_CALL` | a call entry without a usable name or `function` object (skipped) |
//! | `UNMATCHED_RESULT` | a tool result whose id matches no call |
//! | `MULTIPLE_CHOICES` | alternative choices/candidates; only the first is read |
//! | `MCP_APPROVAL_REQUEST` | an OpenAI MCP approval request (not a call: nothing ran) |
//! | `PARALLEL_WRAPPER` | one `parallel` call wrapping several (kept as emitted) |
//! | `CALL_IN_PROGRESS`, `CALL_INCOMPLETE` | a call item not finished (kept / skipped, as said) |
//! | `RESPONSE_INCOMPLETE` | an OpenAI response with status `incomplete` |
//! | `IGNORED` | an item, block or event of an unknown type (skipped) |
//! | `UNKNOWN_FORMAT` | a nested trace (MCPJam) whose format cannot be told |
//!
//! Only a malformed call is an error: a trace whose format cannot be told, or
//! that does not fit the format asked for, is `INVALID_ARGUMENT` at `trace`.

pub mod anthropic;
mod detect;
pub mod gemini;
pub mod mcpjam;
pub mod openai_chat;
pub mod openai_responses;
mod prompt_result;
mod record;
mod typed;
pub mod vercel;

pub use detect::TraceFormat;
pub use prompt_result::PromptResult;
pub use record::{ArgumentsError, CallKind, Diagnostic, TraceToolCall};

use crate::error::{MatcherError, Result};
use detect::{detect_list, detect_value, read_text, EventIter, Input};
use record::{Builder, Trace};
use serde_json::Value;

/// The format of a trace given as a JSON value (a string value is read as
/// trace text), or why it cannot be told.
///
/// ```
/// use mcp_matchers::traces::{detect_trace_format, TraceFormat};
/// let v = serde_json::json!({ "type": "message", "role": "assistant", "content": [] });
/// assert_eq!(detect_trace_format(&v), Ok(TraceFormat::Anthropic));
/// assert!(detect_trace_format(&serde_json::json!([])).is_err());
/// ```
pub fn detect_trace_format(trace: &Value) -> std::result::Result<TraceFormat, String> {
    detect_value(trace)
}

/// The format of trace text (JSON, SSE or JSON lines), or why it cannot be told.
pub fn detect_trace_format_text(text: &str) -> std::result::Result<TraceFormat, String> {
    match read_text(text) {
        Input::Json(v) => detect_value(&v),
        Input::Events(events, _) => detect_value(&Value::Array(events)),
        Input::Plain(_) => Ok(TraceFormat::McpJam),
    }
}

/// Reads a trace given as text; `messages` also builds the conversation.
/// A stream is read one event at a time.
pub(crate) fn read_trace_text(text: &str, format: Option<TraceFormat>, messages: bool) -> Result<(TraceFormat, Trace)> {
    let trimmed = text.trim();
    if let Some(read) = typed::read_list_text(trimmed, format, messages) {
        return read;
    }
    if let Some(read) = typed::read_object_text(trimmed, format, messages) {
        return read;
    }
    if let Ok(v) = serde_json::from_str::<Value>(trimmed) {
        return read_input(Input::Json(v), format, messages);
    }
    let Some(mut events) = EventIter::new(trimmed) else {
        return read_input(Input::Plain(text.to_owned()), format, messages);
    };
    let sample: Vec<Value> = events.clone().take(80).collect();
    let format = resolve(format, detect_list(&sample))?;
    if !format.is_stream() {
        let all: Vec<Value> = events.by_ref().collect();
        return read_input(Input::Events(all, events.diags), Some(format), messages);
    }
    let mut b = Builder::new(messages);
    dispatch_stream(format, events.by_ref(), &mut b);
    b.prepend_diagnostics(events.diags);
    Ok((format, b.finish()))
}

/// The format to read: the one asked for (within its family, the shape picks
/// the stream or non-stream reader) or the detected one.
fn resolve(format: Option<TraceFormat>, detected: std::result::Result<TraceFormat, String>) -> Result<TraceFormat> {
    match (format, detected) {
        (Some(f), Ok(d)) if f.family() == d.family() => Ok(if f == TraceFormat::McpJam { f } else { d }),
        (Some(f), Ok(d)) => Err(MatcherError::invalid_argument(
            "trace",
            format!("the trace is {} (by its shape), not {}", d.as_str(), f.as_str()),
        )),
        (Some(f), Err(_)) => Ok(f),
        (None, Ok(d)) => Ok(d),
        (None, Err(why)) => Err(MatcherError::invalid_argument(
            "trace",
            format!("unknown trace format: {why}"),
        )),
    }
}

/// Reads a trace given as a JSON value.
pub(crate) fn read_trace(v: &Value, format: Option<TraceFormat>) -> Result<(TraceFormat, Trace)> {
    match v {
        Value::String(text) => read_trace_text(text, format, true),
        _ => read_value(v, Vec::new(), format, true),
    }
}

fn read_input(input: Input, format: Option<TraceFormat>, messages: bool) -> Result<(TraceFormat, Trace)> {
    match input {
        Input::Json(v) => read_value(&v, Vec::new(), format, messages),
        Input::Events(events, diags) => read_value(&Value::Array(events), diags, format, messages),
        Input::Plain(text) => read_value(&Value::String(text), Vec::new(), format, messages),
    }
}

/// Reads one value; `pre` are diagnostics found while reading its text.
fn read_value(
    value: &Value,
    pre: Vec<Diagnostic>,
    format: Option<TraceFormat>,
    messages: bool,
) -> Result<(TraceFormat, Trace)> {
    let format = resolve(format, detect_value(value))?;
    let mut b = Builder::new(messages);
    b.prepend_diagnostics(pre);
    dispatch(format, value, &mut b);
    Ok((format, b.finish()))
}

fn events(v: &Value) -> &[Value] {
    match v {
        Value::Array(items) => items,
        other => std::slice::from_ref(other),
    }
}

fn dispatch(format: TraceFormat, v: &Value, b: &mut Builder) {
    match format {
        TraceFormat::OpenAiChat => openai_chat::read(v, b),
        TraceFormat::OpenAiResponses => openai_responses::read(v, b),
        TraceFormat::Anthropic => anthropic::read(v, b),
        TraceFormat::Gemini => gemini::read(v, b),
        TraceFormat::VercelAi => vercel::read(v, b),
        TraceFormat::McpJam => mcpjam::read(v, b, &read_nested),
        stream => dispatch_stream(stream, events(v).iter(), b),
    }
}

fn dispatch_stream<E: std::borrow::Borrow<Value>>(
    format: TraceFormat,
    events: impl Iterator<Item = E>,
    b: &mut Builder,
) {
    match format {
        TraceFormat::OpenAiChatStream => openai_chat::read_stream(events, b),
        TraceFormat::OpenAiResponsesStream => openai_responses::read_stream(events, b),
        TraceFormat::AnthropicStream => anthropic::read_stream(events, b),
        TraceFormat::GeminiStream => gemini::read_stream(events, b),
        TraceFormat::VercelAiUiStream => vercel::read_stream(events, b),
        _ => {}
    }
}

/// A trace nested in an MCPJam trace: text or a value of any format.
fn read_nested(v: &Value, b: &mut Builder) {
    let owned;
    let v = match v {
        Value::String(text) => match read_text(text) {
            Input::Json(inner) => {
                owned = inner;
                &owned
            }
            Input::Events(events, _) => {
                owned = Value::Array(events);
                &owned
            }
            Input::Plain(t) => return b.text(&t),
        },
        other => other,
    };
    match detect_value(v) {
        Ok(TraceFormat::McpJam) if !v.is_string() => mcpjam::read(v, b, &read_nested),
        Ok(TraceFormat::McpJam) => {}
        Ok(f) => dispatch(f, v, b),
        Err(why) => b.diag("UNKNOWN_FORMAT", "trace".into(), why),
    }
}
