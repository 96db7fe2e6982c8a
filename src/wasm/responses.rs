//! Tool-response exports (`@gleanwork/mcp-server-tester@1.1.0`):
//! `normalizeToolResponse`, `extractText` and the checks `validateResponse`,
//! `validateText`, `validatePattern`, `validateError`, `validateSize`.
//!
//! The glue (`pkg-template/responses.js`) sends the response as its
//! `JSON.stringify` text (member order kept: the reference's JSON fallbacks
//! print it) and, for the checks, a second line with the JSON array of the
//! check's other arguments. Results come back as JSON text.

use super::to_js;
use crate::error::{ErrorCode, MatcherError, Result};
use crate::responses::checks::{
    read_case_sensitive, read_error_expectation, read_size_options, read_strings, validate_error, validate_response,
    validate_size, validate_text,
};
use crate::responses::extract::{extract_text, normalize};
use crate::responses::json::Json;
use crate::responses::{CompiledPatterns, Pattern};
use serde_json::json;
use wasm_bindgen::prelude::*;

/// Splits `response\nargs` and parses both parts (order-preserving).
fn split<'a>(payload: &'a [u8], first: &str) -> Result<(Json<'a>, Json<'a>)> {
    let text = std::str::from_utf8(payload)
        .map_err(|_| MatcherError::new(ErrorCode::InvalidJson, first, "payload is not UTF-8"))?;
    let (a, b) = text.split_once('\n').unwrap_or((text, "[]"));
    Ok((Json::parse(a, first)?, Json::parse(b, "arguments")?))
}

/// `normalizeToolResponse`: `payload` is the result's JSON text. Returns
/// `{"text", "isError", "blocks": [[index, type, text|null, mimeType|null, hasData]], "structured": bool}`.
#[wasm_bindgen]
pub fn responses_normalize(payload: &[u8]) -> std::result::Result<String, JsValue> {
    (|| -> Result<String> {
        let (result, _) = split(payload, "result")?;
        let n = normalize(&result, "result")?;
        let blocks: Vec<_> = n
            .blocks
            .iter()
            .map(|b| json!([b.index, b.kind, b.text, b.mime_type, b.data.is_some()]))
            .collect();
        let out = json!({
            "text": n.text,
            "isError": serde_json::Value::from(&n.is_error),
            "blocks": blocks,
            "structured": n.structured.is_some(),
        });
        Ok(out.to_string())
    })()
    .map_err(to_js)
}

/// `extractText`: `payload` is the response's JSON text.
#[wasm_bindgen]
pub fn responses_extract(payload: &[u8]) -> std::result::Result<String, JsValue> {
    split(payload, "response")
        .map(|(response, _)| extract_text(&response))
        .map_err(to_js)
}

/// Reads `validatePattern`'s list: each item a pattern string or a
/// `[source, flags]` pair (a JS `RegExp`).
fn patterns(v: &Json<'_>) -> Result<Vec<Pattern>> {
    let Json::Arr(items) = v else {
        return Err(MatcherError::invalid_argument("patterns", "malformed pattern list"));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| match item {
            Json::Str(s) => Ok(Pattern::Source(s.to_string())),
            Json::Arr(pair) => match (pair.first(), pair.get(1)) {
                (Some(Json::Str(source)), Some(Json::Str(flags))) => Ok(Pattern::RegExp {
                    source: source.to_string(),
                    flags: flags.to_string(),
                }),
                _ => Err(MatcherError::invalid_argument(
                    format!("patterns[{i}]"),
                    "malformed RegExp",
                )),
            },
            other => Err(MatcherError::invalid_argument(
                format!("patterns[{i}]"),
                format!("a pattern must be a string or a RegExp, got {}", other.type_name()),
            )),
        })
        .collect()
}

/// The checks. `kind`: 0 `validateResponse` (args `[expected]`), 1
/// `validateText` (`[expected, options]`), 2 `validatePattern`
/// (`[patterns, options]`), 3 `validateError` (`[expected]`), 4
/// `validateSize` (`[options]`). `payload` is `response\nargs`; returns the
/// `{ pass, message, details? }` JSON text.
#[wasm_bindgen]
pub fn responses_check(kind: u32, payload: &[u8]) -> std::result::Result<String, JsValue> {
    check_impl(kind, payload).map_err(to_js)
}

fn check_impl(kind: u32, payload: &[u8]) -> Result<String> {
    let first = if kind == 0 { "actual" } else { "response" };
    let (response, args) = split(payload, first)?;
    let Json::Arr(args) = args else {
        return Err(MatcherError::invalid_argument("arguments", "malformed payload"));
    };
    let arg = |i: usize| args.get(i).unwrap_or(&Json::Null);
    let result = match kind {
        0 => validate_response(&response, arg(0)),
        1 => {
            let expected = read_strings(arg(0), "expected")?;
            let case_sensitive = read_case_sensitive(arg(1), "options")?;
            validate_text(&extract_text(&response), &expected, case_sensitive)
        }
        2 => {
            let case_sensitive = read_case_sensitive(arg(1), "options")?;
            let compiled = CompiledPatterns::new(&patterns(arg(0))?, case_sensitive, "patterns")?;
            compiled.check(&extract_text(&response))
        }
        3 => validate_error(&response, &read_error_expectation(arg(0), "expected")?),
        4 => {
            let options = read_size_options(arg(0), "options")?;
            validate_size(extract_text(&response).len(), &options)
        }
        _ => return Err(MatcherError::invalid_argument("kind", "unknown check")),
    };
    serde_json::to_string(&result).map_err(|e| MatcherError::invalid_argument("result", e.to_string()))
}
