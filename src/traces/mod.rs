//! Agent traces: one reader per provider format, turning a recorded run into
//! normalised tool-call records ([`TraceToolCall`]) and a [`PromptResult`]
//! view over them with every accessor of `@mcpjam/sdk@1.14.0`'s
//! `PromptResult` (calls, messages, usage, latency, provider, model, spans,
//! widget snapshots, `formatTrace`, `toEvalResult`); a `PromptResult` is also
//! built from the reference's own `PromptResultData` ([`PromptResult::from_data`]).
//!
//! Formats ([`TraceFormat`]; each module names the reference it follows):
//! OpenAI Chat Completions and its stream ([`format::openai_chat`]), OpenAI
//! Responses and its stream ([`format::openai_responses`]), Anthropic
//! Messages and its stream ([`format::anthropic`]), Gemini and its stream
//! ([`format::gemini`]), Vercel AI SDK v4–v6 steps and model messages
//! ([`format::vercel`]), UI messages and UI message streams
//! ([`format::vercel_ui`]), v4 data streams ([`format::vercel_data`]), MCPJam
//! eval traces ([`format::mcpjam`]). Input is a JSON value or text: one JSON
//! document, SSE (`event:`/`data:` lines, `[DONE]`), JSON lines, or the AI SDK
//! v4 data stream's `<code>:<json>` lines. Each format has one reader, over lenient typed
//! structs deserialised from the text or from the value alike.
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
//! | `NOT_JSON` | text that opens like JSON (`{`, `[`) but is not JSON, read as plain text because no format was asked for |
//! | `NOTHING_READ` | a non-empty trace of which nothing was read (no turn, call, message, usage or error) |
//! | `CALLS_DIFFER` | an MCPJam eval result whose trace records other calls than its `actualToolCalls` (these are kept) |
//! | `USAGE_UNREADABLE` | a token count that is not a non-negative integer (`"12"`, `-1`, `1.5`): read as not recorded, never as 0 |
//!
//! Only a malformed call is an error: a trace whose format cannot be told, or
//! that does not fit the format asked for, is `INVALID_ARGUMENT` at `trace`.

mod data;
mod detect;
pub mod eval;
pub mod format;
mod input;
mod lenient;
mod prompt_result;
pub(crate) mod record;

pub use data::ErrorMetadata;
#[cfg(target_arch = "wasm32")]
pub(crate) use data::{read_data, read_error, read_eval_options};
pub use eval::{EvalExpectedToolCall, EvalResultInput, EvalResultOptions, EvalTokens, EvalTrace};
pub use format::TraceFormat;
pub use prompt_result::{LatencyBreakdown, PromptResult, TokenUsage};
pub use record::{ArgumentsError, CallKind, Diagnostic, TraceToolCall};

use crate::error::{MatcherError, Result};
use crate::js::text::document;
use detect::{detect_doc, detect_list, detect_value, Why};
use format::{dispatch, read_stream, Source};
use input::{read_text, Doc, EventIter, Split};
use record::{Trace, TraceBuilder};
use serde_json::Value;

/// The format of a trace given as a JSON value (a string value is read as
/// trace text). Errors: `INVALID_ARGUMENT` at `trace`, saying why the
/// format cannot be told.
///
/// ```
/// use mcp_matchers::traces::{detect_trace_format, TraceFormat};
/// let v = serde_json::json!({ "type": "message", "role": "assistant", "content": [] });
/// assert_eq!(detect_trace_format(&v), Ok(TraceFormat::Anthropic));
/// let e = detect_trace_format(&serde_json::json!([])).unwrap_err();
/// assert_eq!((e.path.as_str(), e.message.as_str()), ("trace", "an array with no items: nothing tells its format"));
/// ```
pub fn detect_trace_format(trace: &Value) -> Result<TraceFormat> {
    detect_value(trace).map_err(unknown)
}

/// The format of trace text (JSON, SSE or JSON lines). Errors as
/// [`detect_trace_format`]; empty or blank text is `INVALID_ARGUMENT` at
/// `trace` ("the trace is empty"); one JSON document nested deeper than 128
/// levels is `UNSUPPORTED_VALUE` at `trace`.
pub fn detect_trace_format_text(text: &str) -> Result<TraceFormat> {
    if document(text).is_empty() {
        return Err(empty());
    }
    let read = read_text(text);
    // Nothing parsed (or no event of a stream): text nested past the limit is said to be so.
    let nothing = read.as_ref().is_none_or(|v| v.as_array().is_some_and(Vec::is_empty));
    if nothing && deep_document(document(text)) {
        return Err(too_deep());
    }
    read.map_or(Ok(TraceFormat::McpJam), |v| detect_value(&v))
        .map_err(unknown)
}

fn unknown(why: Why) -> MatcherError {
    MatcherError::invalid_argument("trace", why)
}

/// Whether `text` is one JSON document by its brackets (not a stream of
/// several) nested past the readers' limit. A stream's event that deep is
/// that event's diagnostic instead.
fn deep_document(text: &str) -> bool {
    Split::of(text).is_some() && input::too_deep(text)
}

/// JSON text nested past the readers' limit: refused as `UNSUPPORTED_VALUE`
/// (not read as something else, nor described as an empty list).
fn too_deep() -> MatcherError {
    MatcherError::new(
        crate::error::ErrorCode::UnsupportedValue,
        "trace",
        "the trace's JSON is nested deeper than 128 levels",
    )
}

/// Empty or blank text: nothing to read (not "an array with no items").
fn empty() -> MatcherError {
    MatcherError::invalid_argument("trace", "the trace is empty: there is no text to read")
}

/// Reads a trace given as text; `messages` also builds the conversation.
/// A stream is read one event at a time.
pub(crate) fn read_trace_text(text: &str, format: Option<TraceFormat>, messages: bool) -> Result<(TraceFormat, Trace)> {
    let trimmed = document(text);
    if trimmed.is_empty() {
        return Err(empty());
    }
    if let Some(read) = read_document(trimmed, format, messages) {
        return read;
    }
    if deep_document(trimmed) {
        return Err(too_deep());
    }
    match EventIter::new(trimmed) {
        Some(events) => read_events(events, format, messages),
        None => {
            // Read as a model's plain-text reply (an MCPJam trace may be one),
            // but text that opens like JSON and is not (cut short, edited) is
            // said to be so unless the caller asked for a format.
            let mut pre = Vec::new();
            if format.is_none() && (trimmed.starts_with('{') || trimmed.starts_with('[')) {
                if let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(trimmed) {
                    pre.push(Diagnostic {
                        code: "NOT_JSON",
                        path: "trace".into(),
                        message: format!("the text opens like JSON but is not JSON ({e}); read as plain text"),
                    });
                }
            }
            read_value(&Value::String(text.to_owned()), pre, format, messages)
        }
    }
}

/// Reads `text` when it is one JSON document; `None` when it is not.
/// Arrays and objects are read from their text; other values parsed.
fn read_document(text: &str, format: Option<TraceFormat>, messages: bool) -> Option<Result<(TraceFormat, Trace)>> {
    if let Some(split) = Split::of(text) {
        let doc = split.doc();
        if let Some(detected) = detect_doc(doc) {
            let format = match resolve(format, detected) {
                Ok(f) => f,
                Err(e) => return Some(Err(e)),
            };
            let mut b = TraceBuilder::new(messages);
            dispatch(format, doc, &mut b);
            if !b.is_not_json() {
                return Some(Ok((format, b.finish())));
            }
        }
    }
    let v = serde_json::from_str::<Value>(text).ok()?;
    Some(read_value(&v, Vec::new(), format, messages))
}

/// Reads stream text: the format told by the first 80 events; a stream
/// format is read event by event, another (JSON lines of messages) whole.
fn read_events(events: EventIter, format: Option<TraceFormat>, messages: bool) -> Result<(TraceFormat, Trace)> {
    let sample: Vec<Value> = events
        .clone()
        .filter_map(|(t, _)| serde_json::from_str(&t).ok())
        .take(80)
        .collect();
    let format = resolve(format, detect_list(&sample))?;
    if !format.is_stream() {
        let (all, diags) = events.values();
        return read_value(&Value::Array(all), diags, Some(format), messages);
    }
    let mut b = TraceBuilder::new(messages);
    let diags = read_stream(format, Source::Text(events), &mut b);
    b.prepend_diagnostics(diags);
    Ok((format, b.finish()))
}

/// The format to read: the one asked for (within its family, the shape picks
/// the stream or non-stream reader) or the detected one.
fn resolve(format: Option<TraceFormat>, detected: std::result::Result<TraceFormat, Why>) -> Result<TraceFormat> {
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

/// Reads one value; `pre` are diagnostics found while reading its text.
fn read_value(
    value: &Value,
    pre: Vec<Diagnostic>,
    format: Option<TraceFormat>,
    messages: bool,
) -> Result<(TraceFormat, Trace)> {
    let format = resolve(format, detect_value(value))?;
    let mut b = TraceBuilder::new(messages);
    b.prepend_diagnostics(pre);
    dispatch(format, Doc::Value(value), &mut b);
    Ok((format, b.finish()))
}
