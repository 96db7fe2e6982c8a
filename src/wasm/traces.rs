//! Trace exports: `PromptResult.fromTrace` and `detectTraceFormat`, over
//! [`crate::traces`]. The trace crosses as UTF-8 text: a JS string as
//! given (JSON, SSE, JSON lines or plain text), anything else as its
//! `JSON.stringify` text; the result comes back as JSON text.

use super::to_js;
use crate::error::{ErrorCode, MatcherError, Result};
use crate::traces::{detect_trace_format_text, PromptResult, TraceFormat};
use wasm_bindgen::prelude::*;

fn text(payload: &[u8]) -> Result<&str> {
    std::str::from_utf8(payload).map_err(|_| MatcherError::new(ErrorCode::InvalidJson, "trace", "payload is not UTF-8"))
}

/// Reads a trace: `payload` is its text, `format` a format name or `""` to
/// detect it, `messages` whether to build the conversation too (the glue
/// asks for it only when `getMessages()` is first called). Returns the
/// `PromptResult` as JSON text (`{ format, text, toolCalls, messages, error?,
/// diagnostics }`). Errors: `INVALID_OPTION` at `options.format` for an
/// unknown name; `INVALID_ARGUMENT` at `trace` for an input whose format
/// cannot be told or does not fit `format`.
#[wasm_bindgen]
pub fn trace_read(payload: &[u8], format: &str, messages: bool) -> std::result::Result<String, JsValue> {
    text(payload)
        .and_then(|t| read(t, format, messages))
        .and_then(|r| print(&r))
        .map_err(to_js)
}

/// `PromptResult.merge(results)`: `payload` is the JSON array `[[text,
/// format], ...]` of the traces the results were read from, in order (a
/// merged result gives each of its own); each is read as [`trace_read`]
/// reads it and the results are joined by [`PromptResult::merge`]. Returns
/// the merged `PromptResult` as JSON text. Errors: `INVALID_JSON` at
/// `results` for a payload of another shape; those of [`trace_read`].
#[wasm_bindgen]
pub fn trace_merge(payload: &[u8], messages: bool) -> std::result::Result<String, JsValue> {
    (|| -> Result<String> {
        let sources: Vec<(String, String)> = serde_json::from_slice(payload)
            .map_err(|_| MatcherError::new(ErrorCode::InvalidJson, "results", "expected [[text, format], ...]"))?;
        let results = sources
            .iter()
            .map(|(t, f)| read(t, f, messages))
            .collect::<Result<Vec<_>>>()?;
        print(&PromptResult::merge(&results))
    })()
    .map_err(to_js)
}

fn read(text: &str, format: &str, messages: bool) -> Result<PromptResult> {
    let format =
        match format {
            "" => None,
            name => Some(TraceFormat::from_name(name).ok_or_else(|| {
                MatcherError::invalid_option("options.format", format!("unknown trace format {name:?}"))
            })?),
        };
    if messages {
        PromptResult::from_trace_text(text, format)
    } else {
        PromptResult::calls_from_trace_text(text, format)
    }
}

fn print(r: &PromptResult) -> Result<String> {
    serde_json::to_string(r).map_err(|e| MatcherError::new(ErrorCode::UnsupportedValue, "trace", e.to_string()))
}

/// `detectTraceFormat`: returns `{"format":"…"}` or `{"format":null,"reason":"…"}` as JSON text.
#[wasm_bindgen]
pub fn trace_detect(payload: &[u8]) -> std::result::Result<String, JsValue> {
    let text = text(payload).map_err(to_js)?;
    let out = match detect_trace_format_text(text) {
        Ok(f) => serde_json::json!({ "format": f.as_str() }),
        Err(e) => serde_json::json!({ "format": null, "reason": e.message }),
    };
    Ok(out.to_string())
}

/// Benchmark (not part of the API; bench/traces.mjs): parses `payload` with
/// plain `serde_json` inside WebAssembly (the whole text, or each `data: ` /
/// JSON line of a stream) and returns how many values parsed: the practical
/// limit the readers are measured against, as tests/traces/bench.rs does
/// natively.
#[doc(hidden)]
#[wasm_bindgen]
pub fn trace_parse_only(payload: &[u8]) -> u32 {
    if let Ok(v) = serde_json::from_slice::<serde_json::Value>(payload) {
        return u32::from(!v.is_null());
    }
    let Ok(text) = std::str::from_utf8(payload) else {
        return 0;
    };
    text.lines()
        .map(|l| l.strip_prefix("data: ").unwrap_or(l))
        .filter(|l| l.starts_with('{'))
        .filter(|l| serde_json::from_str::<serde_json::Value>(l).is_ok())
        .count() as u32
}

/// Benchmark (not part of the API; bench/traces.mjs): reads the trace's
/// calls as `PromptResult.fromTrace` does first (no messages) and returns
/// how many, without printing them for JS.
#[doc(hidden)]
#[wasm_bindgen]
pub fn trace_read_count(payload: &[u8]) -> u32 {
    text(payload)
        .and_then(|t| PromptResult::calls_from_trace_text(t, None))
        .map_or(0, |r| r.tool_calls.len() as u32)
}
