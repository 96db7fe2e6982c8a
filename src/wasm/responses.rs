//! Tool-response exports (`@gleanwork/mcp-server-tester@1.1.0`): one per
//! JS function of `pkg-template/responses.js`, each over the one crossing of
//! the binding ([`super::parts`]: the arguments as JSON texts joined by
//! `\n`, in the extended form where a value needs it). A response crosses
//! as its `JSON.stringify` text, so its member order and number format carry
//! over (the reference's JSON fallbacks print them). Results come back as
//! JSON text.

use super::{parts, to_js};
use crate::error::{ErrorCode, MatcherError, Result};
use crate::reader::Reader;
use crate::responses::assertions::{
    read_case_sensitive, read_error_expectation, read_size_options, read_strings, validate_error, validate_response,
    validate_size, validate_text,
};
use crate::responses::extract::{extract_text, normalize};
use crate::responses::{sanitize, snapshot, tools};
use crate::responses::{CompiledPatterns, JsPattern, BUILT_IN_SANITIZERS};
use crate::value::Val;
use serde::Serialize;
use serde_json::json;
use wasm_bindgen::prelude::*;

type Out = std::result::Result<String, JsValue>;

fn json_out<T: Serialize>(r: Result<T>) -> Out {
    r.and_then(|v| serde_json::to_string(&v).map_err(|e| MatcherError::invalid_argument("result", e.to_string())))
        .map_err(to_js)
}

/// `normalizeToolResponse(result)`: `payload` is the result's JSON text. Returns
/// `{"text", "isError", "blocks": [[index, type, text|null, mimeType|null, hasData]], "structured": bool}`.
#[wasm_bindgen]
pub fn normalize_tool_response(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [result] = parts(payload, ext, ["result"])?;
        let n = normalize(&result, "result")?;
        let blocks: Vec<_> = n
            .blocks
            .iter()
            .map(|b| json!([b.index, b.kind, b.text, b.mime_type, b.data.is_some()]))
            .collect();
        Ok(json!({
            "text": n.text,
            "isError": serde_json::Value::from(&n.is_error),
            "blocks": blocks,
            "structured": n.structured.is_some(),
        }))
    })())
}

/// `extractText(response)`: `payload` is the response's JSON text.
#[wasm_bindgen]
pub fn extract_text_of(payload: &[u8], ext: u32) -> Out {
    parts(payload, ext, ["response"])
        .map(|[response]| extract_text(&response))
        .map_err(to_js)
}

/// `validateResponse(actual, expected)`: `actual\nexpected`.
#[wasm_bindgen]
pub fn validate_response_json(payload: &[u8], ext: u32) -> Out {
    json_out(parts(payload, ext, ["actual", "expected"]).map(|[a, e]| validate_response(&a, &e)))
}

/// `validateText(response, expected, options)`: `response\nexpected\noptions`.
#[wasm_bindgen]
pub fn validate_text_json(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [response, expected, options] = parts(payload, ext, ["response", "expected", "options"])?;
        let expected = read_strings(&Reader::new(Some(&expected), "expected"))?;
        let case_sensitive = read_case_sensitive(&Reader::new(Some(&options), "options"))?;
        Ok(validate_text(&extract_text(&response), &expected, case_sensitive))
    })())
}

/// `validatePattern(response, patterns, options)`: `response\npatterns\noptions`,
/// each pattern a string or a RegExp as `[source, flags]`.
#[wasm_bindgen]
pub fn validate_pattern_json(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [response, patterns, options] = parts(payload, ext, ["response", "patterns", "options"])?;
        let case_sensitive = read_case_sensitive(&Reader::new(Some(&options), "options"))?;
        let list = Reader::new(Some(&patterns), "patterns").items("an array of patterns", |p| match p.value() {
            Some(Val::Str(s)) => Ok(JsPattern::Source(s.to_string())),
            Some(Val::Arr(pair)) => match (pair.first(), pair.get(1)) {
                (Some(Val::Str(source)), Some(Val::Str(flags))) => Ok(JsPattern::RegExp {
                    source: source.to_string(),
                    flags: flags.to_string(),
                }),
                _ => Err(p.bad("a string or a RegExp")),
            },
            _ => Err(p.bad("a string or a RegExp")),
        })?;
        Ok(CompiledPatterns::new(&list, case_sensitive, "patterns")?.check(&extract_text(&response)))
    })())
}

/// `validateError(response, expected)`: `response\nexpected`.
#[wasm_bindgen]
pub fn validate_error_json(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [response, expected] = parts(payload, ext, ["response", "expected"])?;
        Ok(validate_error(
            &response,
            &read_error_expectation(&Reader::new(Some(&expected), "expected"))?,
        ))
    })())
}

/// `validateSize(response, options)`: `response\noptions`.
#[wasm_bindgen]
pub fn validate_size_json(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [response, options] = parts(payload, ext, ["response", "options"])?;
        let options = read_size_options(&Reader::new(Some(&options), "options"))?;
        Ok(validate_size(extract_text(&response).len(), &options))
    })())
}

/// `validateToolCalls(response, expectation)`: `toolCalls\nexpectation\nargumentTexts`,
/// `toolCalls` the simulation result's list (`null` for a response that is
/// not one), `argumentTexts[i]` `JSON.stringify(expectation.calls[i].arguments)`
/// (printed in messages).
#[wasm_bindgen]
pub fn validate_tool_calls_json(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [calls, expectation, texts] = parts(payload, ext, ["response.toolCalls", "expectation", "expectation"])?;
        let print = |i: usize, v: &Val<'_>| match &texts {
            Val::Arr(t) => match t.get(i) {
                Some(Val::Str(s)) => s.to_string(),
                _ => crate::value::print::stringify(v),
            },
            _ => crate::value::print::stringify(v),
        };
        let list = Reader::new(Some(&calls), "response.toolCalls");
        let actual = match calls {
            Val::Arr(_) => Some(crate::tool_calls::read_calls(&list, "name")?),
            _ => None,
        };
        let expectation = tools::read_tools_triggered(&Reader::new(Some(&expectation), "expectation"), &print)?;
        Ok(tools::validate_tool_calls(actual.as_deref(), &expectation))
    })())
}

/// `validateToolCallCount(response, options)`: `count\noptions`, `count`
/// the number of the simulation result's calls (`null`: not one).
#[wasm_bindgen]
pub fn validate_tool_call_count_json(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [count, options] = parts(payload, ext, ["response.toolCalls", "options"])?;
        let options = tools::read_count_options(&Reader::new(Some(&options), "options"))?;
        let count = match count {
            Val::Num(n) => Some(n as usize),
            _ => None,
        };
        Ok(tools::validate_tool_call_count(count, &options))
    })())
}

/// `applySanitizers(response, sanitizers)`: `response\nsanitizers` (a
/// `RegExp` pattern as `[source, flags]`); returns the sanitized text of the
/// response (its `extractText`).
#[wasm_bindgen]
pub fn apply_sanitizers(payload: &[u8], ext: u32) -> Out {
    (|| -> Result<String> {
        let [response, list] = parts(payload, ext, ["response", "sanitizers"])?;
        let sanitizers = sanitize::read_sanitizers(&Reader::new(Some(&list), "sanitizers"))?;
        sanitize::CompiledSanitizers::new(&sanitizers, "sanitizers")?.apply(&extract_text(&response))
    })()
    .map_err(to_js)
}

/// `matchSnapshot(received, stored, sanitizers)`: `received\nstored\nsanitizers`;
/// returns the `{ pass, actual, expected, diff }` JSON text.
#[wasm_bindgen]
pub fn match_snapshot(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [received, stored, list] = parts(payload, ext, ["received", "stored", "sanitizers"])?;
        let stored = Reader::new(Some(&stored), "stored");
        let stored = stored.given().map(|_| stored.str()).transpose()?;
        let list = sanitize::read_sanitizers(&Reader::new(Some(&list), "sanitizers"))?;
        let compiled = sanitize::CompiledSanitizers::new(&list, "sanitizers")?;
        snapshot::match_snapshot(&extract_text(&received), stored, &compiled)
    })())
}

/// `BUILT_IN_RUBRICS` and `SnapshotSanitizers` (read once by the glue):
/// `{ "rubrics": [[name, text], ...], "sanitizers": [[key, name], ...] }`.
#[wasm_bindgen]
pub fn responses_constants() -> String {
    let sanitizers: Vec<_> = BUILT_IN_SANITIZERS.iter().map(|(key, name, _)| [key, name]).collect();
    json!({ "rubrics": crate::responses::judge::BUILT_IN_RUBRICS, "sanitizers": sanitizers }).to_string()
}

/// `validateEvalDataset(json)`: `dataset`; returns `null` or a coded error.
#[wasm_bindgen]
pub fn validate_eval_dataset(payload: &[u8], ext: u32) -> Out {
    use crate::responses::dataset::validate_dataset;
    json_out(parts(payload, ext, ["dataset"]).and_then(|[d]| validate_dataset(&Reader::new(Some(&d), ""))))
}

/// Judge helpers (`pkg-template/evals.js`). `payload` is one JSON
/// array of arguments; the result is JSON text:
/// - 1 `[candidateText, referenceText|null, rubric]` → the prompt (JSON string);
/// - 2 `[verdictText]` → `{ pass, score, reasoning }`;
/// - 3 `[config, judgeReps|null, path]` → `{ rubric, judge, threshold, reps }`;
/// - 4 `[scores, threshold, lastReasoning]` → `{ pass, message, details }`.
#[wasm_bindgen]
pub fn responses_evals(kind: u32, payload: &[u8]) -> std::result::Result<String, JsValue> {
    use crate::responses::judge;
    (|| -> Result<String> {
        let args: Vec<serde_json::Value> = serde_json::from_slice(payload)
            .map_err(|_| MatcherError::new(ErrorCode::InvalidJson, "arguments", "payload is not a JSON array"))?;
        let arg = |i: usize| args.get(i).unwrap_or(&serde_json::Value::Null);
        let out = match kind {
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
            _ => return Err(MatcherError::invalid_argument("kind", "unknown evals entry")),
        };
        Ok(out.to_string())
    })()
    .map_err(to_js)
}
