//! Trace exports: `PromptResult.fromTrace` and `detectTraceFormat` (issue 4),
//! over [`crate::traces`]. The trace crosses as UTF-8 text: a JS string as
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
    (|| -> Result<String> {
        let format = match format {
            "" => None,
            name => Some(TraceFormat::from_name(name).ok_or_else(|| {
                MatcherError::invalid_option("options.format", format!("unknown trace format {name:?}"))
            })?),
        };
        let text = text(payload)?;
        let r = if messages {
            PromptResult::from_trace_text(text, format)?
        } else {
            PromptResult::calls_from_trace_text(text, format)?
        };
        serde_json::to_string(&r).map_err(|e| MatcherError::new(ErrorCode::UnsupportedValue, "trace", e.to_string()))
    })()
    .map_err(to_js)
}

/// `detectTraceFormat`: returns `{"format":"…"}` or `{"format":null,"reason":"…"}` as JSON text.
#[wasm_bindgen]
pub fn trace_detect(payload: &[u8]) -> std::result::Result<String, JsValue> {
    let text = text(payload).map_err(to_js)?;
    let out = match detect_trace_format_text(text) {
        Ok(f) => serde_json::json!({ "format": f.as_str() }),
        Err(reason) => serde_json::json!({ "format": null, "reason": reason }),
    };
    Ok(out.to_string())
}
