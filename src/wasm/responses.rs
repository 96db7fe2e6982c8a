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
use crate::responses::{sanitize, snapshot, tools};
use crate::responses::{CompiledPatterns, Pattern};
use crate::value::Val;
use serde_json::json;
use wasm_bindgen::prelude::*;

/// Splits `response\nargs` and parses both parts (order-preserving).
fn split<'a>(payload: &'a [u8], first: &str) -> Result<(Val<'a>, Val<'a>)> {
    let text = std::str::from_utf8(payload)
        .map_err(|_| MatcherError::new(ErrorCode::InvalidJson, first, "payload is not UTF-8"))?;
    let (a, b) = text.split_once('\n').unwrap_or((text, "[]"));
    Ok((
        crate::value::parse::parse(a, false, first)?,
        crate::value::parse::parse(b, false, "arguments")?,
    ))
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
fn patterns(v: &Val<'_>) -> Result<Vec<Pattern>> {
    let Val::Arr(items) = v else {
        return Err(MatcherError::invalid_argument("patterns", "malformed pattern list"));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| match item {
            Val::Str(s) => Ok(Pattern::Source(s.to_string())),
            Val::Arr(pair) => match (pair.first(), pair.get(1)) {
                (Some(Val::Str(source)), Some(Val::Str(flags))) => Ok(Pattern::RegExp {
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
    let Val::Arr(args) = args else {
        return Err(MatcherError::invalid_argument("arguments", "malformed payload"));
    };
    let arg = |i: usize| args.get(i).unwrap_or(&Val::Null);
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

/// The tool-call expectations. `payload` is one JSON array (extended form
/// when `ext` is 1, see [`crate::wire`]): kind 0 `validateToolCalls`
/// `[toolCalls | null, expectation, argumentTexts]` (`argumentTexts[i]` is
/// `JSON.stringify(expectation.calls[i].arguments)`, printed in messages),
/// kind 1 `validateToolCallCount` `[count | null, options]`; `null` stands
/// for a response that is not a simulation result. Returns the result's JSON text.
#[wasm_bindgen]
pub fn responses_tools(kind: u32, payload: &[u8], ext: u32) -> std::result::Result<String, JsValue> {
    tools_impl(kind, payload, ext).map_err(to_js)
}

fn tools_impl(kind: u32, payload: &[u8], ext: u32) -> Result<String> {
    let text = std::str::from_utf8(payload)
        .map_err(|_| MatcherError::new(ErrorCode::InvalidJson, "arguments", "payload is not UTF-8"))?;
    let Val::Arr(mut args) = crate::value::parse::parse(text, ext & 1 != 0, "arguments")? else {
        return Err(MatcherError::invalid_argument("arguments", "malformed payload"));
    };
    args.resize(3, Val::Null);
    let json = match kind {
        0 => {
            let texts = std::mem::replace(&mut args[2], Val::Null);
            let print = |i: usize, v: &Val<'_>| match &texts {
                Val::Arr(t) => match t.get(i) {
                    Some(Val::Str(s)) => s.to_string(),
                    _ => crate::value::print::stringify(v),
                },
                _ => crate::value::print::stringify(v),
            };
            let actual = match std::mem::replace(&mut args[0], Val::Null) {
                Val::Arr(items) => Some(tools::read_actual_calls(items, "response.toolCalls")?),
                _ => None,
            };
            let expectation = tools::read_tools_triggered(&args[1], "expectation", &print)?;
            serde_json::to_string(&tools::validate_tool_calls(actual.as_deref(), &expectation))
        }
        1 => {
            let options = tools::read_count_options(&args[1], "options")?;
            let count = match args[0] {
                Val::Num(n) => Some(n as usize),
                _ => None,
            };
            serde_json::to_string(&tools::validate_tool_call_count(count, &options))
        }
        _ => return Err(MatcherError::invalid_argument("kind", "unknown check")),
    };
    json.map_err(|e| MatcherError::invalid_argument("result", e.to_string()))
}

/// `applySanitizers`: `payload` is `response\nsanitizers` (the list with a
/// `RegExp` pattern as `[source, flags]`); returns the sanitized text of the
/// response (its `extractText`).
#[wasm_bindgen]
pub fn responses_sanitize(payload: &[u8]) -> std::result::Result<String, JsValue> {
    (|| -> Result<String> {
        let (response, list) = split(payload, "response")?;
        let sanitizers = sanitize::read_sanitizers(&list, "sanitizers")?;
        sanitize::CompiledSanitizers::new(&sanitizers, "sanitizers")?.apply(&extract_text(&response))
    })()
    .map_err(to_js)
}

/// `matchSnapshot`: `payload` is `response\n[stored | null, sanitizers]`;
/// returns the `{ pass, actual, expected, diff }` JSON text.
#[wasm_bindgen]
pub fn responses_snapshot(payload: &[u8]) -> std::result::Result<String, JsValue> {
    (|| -> Result<String> {
        let (response, args) = split(payload, "received")?;
        let stored = match arg_at(&args, 0) {
            None | Some(Val::Null) => None,
            Some(Val::Str(s)) => Some(&**s),
            Some(other) => {
                return Err(MatcherError::invalid_argument(
                    "stored",
                    format!("stored must be a string, null or undefined, got {}", other.type_name()),
                ))
            }
        };
        let list = sanitize::read_sanitizers(arg_at(&args, 1).unwrap_or(&Val::Null), "sanitizers")?;
        let compiled = sanitize::CompiledSanitizers::new(&list, "sanitizers")?;
        let r = snapshot::match_snapshot(&extract_text(&response), stored, &compiled)?;
        serde_json::to_string(&r).map_err(|e| MatcherError::invalid_argument("result", e.to_string()))
    })()
    .map_err(to_js)
}

fn arg_at<'j>(args: &'j Val<'j>, i: usize) -> Option<&'j Val<'j>> {
    match args {
        Val::Arr(items) => items.get(i),
        _ => None,
    }
}

/// Judge and dataset helpers (`pkg-template/evals.js`). `payload` is one JSON
/// array of arguments; the result is JSON text:
/// - 0 `BUILT_IN_RUBRICS` → `{ name: text }`;
/// - 1 `[candidateText, referenceText|null, rubric]` → the prompt (JSON string);
/// - 2 `[verdictText]` → `{ pass, score, reasoning }`;
/// - 3 `[config, judgeReps|null, path]` → `{ rubric, judge, threshold, reps }`;
/// - 4 `[scores, threshold, lastReasoning]` → `{ pass, message, details }`;
/// - 5 `[dataset]` → `null` (valid) or a coded error.
#[wasm_bindgen]
pub fn responses_evals(kind: u32, payload: &[u8]) -> std::result::Result<String, JsValue> {
    use crate::responses::{dataset, judge};
    (|| -> Result<String> {
        let args: Vec<serde_json::Value> = serde_json::from_slice(payload)
            .map_err(|_| MatcherError::new(ErrorCode::InvalidJson, "arguments", "payload is not a JSON array"))?;
        let arg = |i: usize| args.get(i).unwrap_or(&serde_json::Value::Null);
        let out = match kind {
            0 => serde_json::Value::Object(
                judge::BUILT_IN_RUBRICS
                    .iter()
                    .map(|(n, t)| (n.to_string(), json!(t)))
                    .collect(),
            ),
            1 => {
                let rubric = judge::resolve_rubric(arg(2), "rubric")?;
                json!(judge::build_judge_prompt(
                    arg(0).as_str().unwrap_or_default(),
                    arg(1).as_str(),
                    &rubric
                ))
            }
            2 => json!(judge::parse_verdict(arg(0).as_str().unwrap_or_default())?),
            3 => {
                // A case's `judgeReps` (or the runner's default): the same 1-1000 as `reps`.
                let reps = match arg(1) {
                    serde_json::Value::Null => None,
                    v => match v.as_u64() {
                        Some(r @ 1..=1000) => Some(r as u32),
                        _ => {
                            return Err(MatcherError::invalid_option(
                                "judgeReps",
                                "expected an integer from 1 to 1000",
                            ))
                        }
                    },
                };
                json!(judge::judge_plan(arg(0), reps, arg(2).as_str().unwrap_or("config"))?)
            }
            4 => {
                let scores: Vec<f64> = arg(0)
                    .as_array()
                    .map_or(Vec::new(), |a| a.iter().filter_map(|s| s.as_f64()).collect());
                let threshold = arg(1).as_f64().unwrap_or(judge::DEFAULT_THRESHOLD);
                json!(judge::judge_result(
                    &scores,
                    threshold,
                    arg(2).as_str().unwrap_or_default()
                ))
            }
            5 => {
                dataset::validate_eval_dataset(arg(0))?;
                serde_json::Value::Null
            }
            _ => return Err(MatcherError::invalid_argument("kind", "unknown evals entry")),
        };
        Ok(out.to_string())
    })()
    .map_err(to_js)
}
