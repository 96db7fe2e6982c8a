//! The Rust API of the response checks over `serde_json` values. Names
//! follow the reference's (`validateText` → [`validate_text`]).

use super::assertions::{self, CheckResult, ErrorExpectation, SizeOptions};
use super::extract;
use super::matches_pattern::{CompiledPatterns, JsPattern};
use super::sanitize::{self, CompiledSanitizers, Sanitizer};
use super::snapshot::{self, SnapshotResult};
use super::tools::{self, CountOptions, ToolCallsResult};
use crate::error::{MatcherError, Result};
use crate::reader::Reader;
use crate::value::Val;
use serde::Serialize;
use serde_json::Value;

/// Options of [`validate_text`] and [`validate_pattern`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextOptions {
    /// Default `true`. `false` compares lowercase forms (`validate_text`) or
    /// adds the `i` flag (`validate_pattern`).
    pub case_sensitive: bool,
}

impl Default for TextOptions {
    fn default() -> Self {
        TextOptions { case_sensitive: true }
    }
}

/// One content block of a [`NormalizedResponse`]:
/// `{ type, text?, data?, mimeType? }`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ContentBlock {
    /// `block.type` when it is a string, else `"unknown"`.
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// `block.text` when it is a string.
    pub text: Option<String>,
    /// `block.data` (any value, `null` included) when present.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// `block.mimeType` when it is a string.
    pub mime_type: Option<String>,
}

/// What `normalizeToolResponse` returns:
/// `{ text, raw, isError, contentBlocks, structuredContent }`.
#[must_use]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NormalizedResponse {
    /// The string `text` of every content block joined by `"\n"`; when there
    /// is none, `structuredContent` (a string as is, other non-null values
    /// as compact JSON text).
    pub text: String,
    /// The input.
    pub raw: Value,
    /// `result.isError ?? false`: the value as given (a boolean in any
    /// well-formed result).
    pub is_error: Value,
    /// Every object (arrays included, as `typeof` sees them) in `content`, in
    /// order; other items are skipped.
    pub content_blocks: Vec<ContentBlock>,
    /// `result.structuredContent`, `null` when absent.
    pub structured_content: Value,
}

/// `normalizeToolResponse(result)` of `@gleanwork/mcp-server-tester@1.1.0`.
///
/// Errors: `INVALID_ARGUMENT` (path `result`) when `result` is `null` (the
/// reference throws a `TypeError`).
///
/// ```
/// use mcp_matchers::responses::normalize_tool_response;
/// use serde_json::json;
/// let r = normalize_tool_response(&json!({
///     "content": [{ "type": "text", "text": "a" }, { "type": "image", "data": "AA", "mimeType": "image/png" }],
///     "structuredContent": { "n": 1 }
/// })).unwrap();
/// assert_eq!(r.text, "a");
/// assert_eq!(r.content_blocks[1].mime_type.as_deref(), Some("image/png"));
/// ```
pub fn normalize_tool_response(result: &Value) -> Result<NormalizedResponse> {
    let json = Val::from(result);
    let n = extract::normalize(&json, "result")?;
    Ok(NormalizedResponse {
        text: n.text.into_string(),
        raw: result.clone(),
        is_error: Value::from(&n.is_error),
        content_blocks: n
            .blocks
            .iter()
            .map(|b| ContentBlock {
                kind: b.kind.to_string(),
                text: b.text.map(str::to_string),
                data: result["content"][b.index].get("data").cloned(),
                mime_type: b.mime_type.map(str::to_string),
            })
            .collect(),
        structured_content: result.get("structuredContent").cloned().unwrap_or(Value::Null),
    })
}

/// `extractText(response)`: the text the checks see. `null` → `""`; a
/// string as is; a `CallToolResult` (an object with a `content` array) →
/// [`normalize_tool_response`]'s text; an array of content blocks → its
/// `type: "text"` blocks joined by `"\n"` (else its JSON text); another
/// object → its `content` string, its `structuredContent`, its `text`, else
/// its JSON text; numbers and booleans as JavaScript prints them. JSON
/// texts keep the map's key order and JavaScript's number format.
///
/// ```
/// use mcp_matchers::responses::extract_text;
/// use serde_json::json;
/// let result = json!({ "content": [{ "type": "text", "text": "Echo: hi" }, { "type": "text", "text": "bye" }] });
/// assert_eq!(extract_text(&result), "Echo: hi\nbye");
/// assert_eq!(extract_text(&json!({ "content": [], "structuredContent": { "t": 36 } })), r#"{"t":36}"#);
/// ```
pub fn extract_text(response: &Value) -> String {
    extract::extract_text(&Val::from(response))
}

/// The size `validate_size` measures: UTF-8 bytes of [`extract_text`].
///
/// ```
/// use mcp_matchers::responses::response_size_bytes;
/// use serde_json::json;
/// // "héllo" is 6 bytes of UTF-8 (é takes two).
/// assert_eq!(response_size_bytes(&json!({ "content": [{ "type": "text", "text": "héllo" }] })), 6);
/// ```
pub fn response_size_bytes(response: &Value) -> usize {
    extract_text(response).len()
}

/// `validateResponse(actual, expected)`: deep JSON equality, object key
/// order ignored, numbers by value (`1` equals `1.0`). The reference
/// compares `JSON.stringify(v, null, 2)` texts instead (key order counts).
///
/// ```
/// use mcp_matchers::responses::validate_response;
/// use serde_json::json;
/// let r = validate_response(&json!({ "b": 1, "a": [2.0] }), &json!({ "a": [2], "b": 1 }));
/// assert!(r.pass);
/// assert_eq!(r.message, "Response matches expected value");
/// ```
pub fn validate_response(actual: &Value, expected: &Value) -> CheckResult {
    assertions::validate_response(&Val::from(actual), &Val::from(expected))
}

/// `validateText(response, expected, { caseSensitive })`: every string of
/// `expected` occurs in the extracted text (any order). A failure's message
/// and `details.missing` list every missing one; `details.textLength` is in
/// UTF-16 units (JavaScript's `length`), `details.textPreview` the first 200.
///
/// ```
/// use mcp_matchers::responses::{validate_text, TextOptions};
/// use serde_json::json;
/// let result = json!({ "content": [{ "type": "text", "text": "Echo: Hello" }] });
/// let r = validate_text(&result, &["hello", "Bye"], &TextOptions { case_sensitive: false });
/// assert_eq!(r.message, r#"Response does not contain expected text: "Bye""#);
/// ```
pub fn validate_text<S: AsRef<str>>(response: &Value, expected: &[S], options: &TextOptions) -> CheckResult {
    let expected: Vec<&str> = expected.iter().map(AsRef::as_ref).collect();
    assertions::validate_text(extract_text(response).as_str(), &expected, options.case_sensitive)
}

/// `validatePattern(response, patterns, { caseSensitive })`: every pattern
/// (JavaScript syntax, see [`JsPattern`]) matches the extracted text, with
/// `^`/`$` at line starts and ends. Linear time in the text length.
///
/// Errors: `INVALID_ARGUMENT` at `patterns[i]` for a pattern no linear-time
/// engine can run (look-around, back-references, `\p{…}`, the `v` flag) or that
/// does not compile; the message names the construct.
///
/// ```
/// use mcp_matchers::responses::{validate_pattern, JsPattern, TextOptions};
/// use serde_json::json;
/// let result = json!({ "content": [{ "type": "text", "text": "intro\n## Weather\nTemperature: 21°C" }] });
/// let patterns = [JsPattern::Source("^## Weather$".into()), JsPattern::Source(r"Temperature: \d+°[CF]".into())];
/// assert!(validate_pattern(&result, &patterns, &TextOptions::default()).unwrap().pass);
/// assert!(validate_pattern(&result, &[JsPattern::Source("a(?=b)".into())], &TextOptions::default()).is_err());
/// ```
pub fn validate_pattern(response: &Value, patterns: &[JsPattern], options: &TextOptions) -> Result<CheckResult> {
    let compiled = CompiledPatterns::new(patterns, options.case_sensitive, "patterns")?;
    Ok(compiled.check(&extract_text(response)))
}

/// `validateError(response, expected)`: `Is(true)` passes for an error
/// result (`isError: true`), `Is(false)` for any other; `AnyOf(list)` for an
/// error whose text contains one of the list, ignoring case.
///
/// Errors: `INVALID_ARGUMENT` (path `expected`) for an empty `AnyOf` list
/// (the reference fails every response with a message naming `undefined`).
///
/// ```
/// use mcp_matchers::responses::{validate_error, ErrorExpectation};
/// use serde_json::json;
/// let result = json!({ "content": [{ "type": "text", "text": "ENOENT: no such file" }], "isError": true });
/// let r = validate_error(&result, &ErrorExpectation::AnyOf(vec!["enoent".into()])).unwrap();
/// assert!(r.pass);
/// ```
pub fn validate_error(response: &Value, expected: &ErrorExpectation) -> Result<CheckResult> {
    if matches!(expected, ErrorExpectation::AnyOf(list) if list.is_empty()) {
        return Err(MatcherError::invalid_argument(
            "expected",
            "expected must list at least one substring",
        ));
    }
    Ok(assertions::validate_error(&Val::from(response), expected))
}

/// `validateSize(response, { minBytes, maxBytes })` of
/// `@gleanwork/mcp-server-tester@1.1.0` on the UTF-8 byte length of the
/// extracted text ([`response_size_bytes`]; the reference measures
/// `JSON.stringify(response, null, 2)`). Bounds are whole bytes, inclusive;
/// with neither set the result fails with the reference's message. Messages
/// give sizes as the reference's `formatBytes` does: `N bytes`, `N.N KB`,
/// `N.N MB` (1 KB = 1024 bytes); `details` holds `actualBytes` and the bounds.
/// Any `response` is measured (no error).
///
/// ```
/// use mcp_matchers::responses::{validate_size, SizeOptions};
/// use serde_json::json;
/// let result = json!({ "content": [{ "type": "text", "text": "naïve" }] });
/// let r = validate_size(&result, &SizeOptions { min_bytes: Some(10), max_bytes: None });
/// assert_eq!(r.message, "Response size (6 bytes) is below minimum (10 bytes)");
/// ```
pub fn validate_size(response: &Value, options: &SizeOptions) -> CheckResult {
    assertions::validate_size(response_size_bytes(response), options.into())
}

/// `validateToolCalls(response, expectation)` (`expect.toolsTriggered`):
/// `response` is an `MCPHostSimulationResult` `{ success, toolCalls: [{ name,
/// arguments? }] }`; `expectation` is `{ calls: [{ name, arguments?,
/// required? }], order?: "strict" | "any", exclusive? }`.
///
/// A call matches when its name is equal and its arguments hold every
/// expected key, recursively (nested objects and arrays are partial too);
/// `{ "$pattern": "…", "$flags": "i" }` matches a string by a JavaScript
/// regular expression (linear time); other values are compared as
/// `JSON.stringify` texts. `"any"` (default): each required call (`required`
/// is not `false`) matches some actual call. `"strict"`: the calls match in
/// that order, each after the previous one's match; an optional call that is
/// not found is skipped. `exclusive`: no actual call has a name outside
/// `calls`. `metrics` (`precision`, `recall` in 0–1) are given on every
/// simulation result. A response that is not a simulation result fails with
/// the reference's message and no metrics.
///
/// Errors: `INVALID_ARGUMENT` for a malformed expectation (paths
/// `expectation.calls[i].name`, `expectation.calls[i].arguments.key.$pattern`,
/// …) or a malformed `response.toolCalls[i]`; `INVALID_OPTION` for an
/// unknown `order` or a non-boolean `exclusive`/`required`; `INVALID_ARGUMENT`
/// at `expectation.calls` when distinct expected calls whose arguments
/// require only patterns or nested objects would compare with more than
/// 2^20 actual calls together (refused before any comparison).
///
/// ```
/// use mcp_matchers::responses::validate_tool_calls;
/// use serde_json::json;
/// let response = json!({ "success": true, "toolCalls": [
///     { "name": "search", "arguments": { "query": "Rust wasm", "opts": { "limit": 5, "lang": "en" } } },
///     { "name": "fetch", "arguments": { "url": "https://example.com" } },
/// ]});
/// let expectation = json!({ "calls": [
///     { "name": "search", "arguments": { "query": { "$pattern": "^rust", "$flags": "i" }, "opts": { "limit": 5 } } },
/// ], "exclusive": true });
/// let r = validate_tool_calls(&response, &expectation).unwrap();
/// assert!(!r.pass);
/// assert_eq!(r.message, "Unexpected tool calls: 'fetch'. Only 'search' are allowed");
/// assert_eq!(r.metrics.unwrap().precision, 0.5);
/// ```
pub fn validate_tool_calls(response: &Value, expectation: &Value) -> Result<ToolCallsResult> {
    let response = Val::from(response);
    let expectation = Val::from(expectation);
    let print = |_: usize, args: &Val<'_>| crate::value::print::stringify(args);
    let expectation = tools::read_tools_triggered(&Reader::new(Some(&expectation), "expectation"), &print)?;
    let actual = tools::read_simulation_calls(&Reader::new(Some(&response), "response"))?;
    tools::validate_tool_calls(actual.as_deref(), &expectation)
}

/// `validateToolCallCount(response, { min, max, exact })` of
/// `@gleanwork/mcp-server-tester@1.1.0` (`expect.toolCallCount`): the number
/// of `response.toolCalls` of an `MCPHostSimulationResult` (an object with
/// `success` and an array `toolCalls`). `exact` is checked first, then `min`,
/// then `max` (inclusive, whole calls); with no bound the check passes. A
/// response that is not a simulation result fails with the reference's
/// message. Any `response` is judged (no error).
///
/// ```
/// use mcp_matchers::responses::{validate_tool_call_count, CountOptions};
/// use serde_json::json;
/// let response = json!({ "success": true, "toolCalls": [{ "name": "a" }, { "name": "b" }] });
/// let r = validate_tool_call_count(&response, &CountOptions { max: Some(1), ..Default::default() });
/// assert_eq!(r.message, "Expected at most 1 tool call(s), but got 2");
/// ```
pub fn validate_tool_call_count(response: &Value, options: &CountOptions) -> CheckResult {
    let response = Val::from(response);
    let count = tools::simulation_calls(&response).map(<[Val<'_>]>::len);
    tools::validate_tool_call_count(count, options.into())
}

/// The reference's `applySanitizers(text, sanitizers)` (internal to its
/// `toMatchToolSnapshot`): applies each [`Sanitizer`] in order to `text`
/// (what [`extract_text`] gives for a response). See
/// [`Sanitizer`] for the kinds and the README's compatibility table for
/// where the built-ins differ from the reference on purpose.
///
/// Errors: `INVALID_ARGUMENT` at `sanitizers[i].pattern` for a custom
/// pattern that does not compile or that regex-lite cannot run
/// (look-around, back-references, `\p{…}`, the `y`/`v` flags); the message
/// names the sanitizer. `UNSUPPORTED_VALUE` when a removal reads JSON
/// nested deeper than 128 levels.
///
/// ```
/// use mcp_matchers::responses::{apply_sanitizers, JsPattern, Sanitizer};
/// let text = r#"{"id":"1f0e4c2a-7b3d-7c8e-9f00-0123456789ab","items":[{"at":1732960000,"n":1}],"token":"session_ab12"}"#;
/// let out = apply_sanitizers(text, &[
///     Sanitizer::Uuid,
///     Sanitizer::Regex { pattern: JsPattern::Source("session_(\\w+)".into()), replacement: Some("session_<$1>".into()) },
///     Sanitizer::Remove(vec!["items.at".into()]),
/// ]).unwrap();
/// assert_eq!(out, "{\n  \"id\": \"[UUID]\",\n  \"items\": [\n    {\n      \"n\": 1\n    }\n  ],\n  \"token\": \"session_<ab12>\"\n}");
/// ```
pub fn apply_sanitizers(text: &str, sanitizers: &[Sanitizer]) -> Result<String> {
    CompiledSanitizers::new(sanitizers, "sanitizers")?.apply(text)
}

/// Reads a dataset's `snapshotSanitizers` list: built-in names,
/// `{ "pattern": "…", "replacement"?: "…" }`, `{ "remove": ["a.b"] }`.
///
/// Errors: `INVALID_ARGUMENT` at `sanitizers[i]` for an unknown built-in
/// name or shape, at `sanitizers[i].pattern`, `….replacement`,
/// `….remove[j]` for a member of the wrong type.
///
/// ```
/// use mcp_matchers::responses::{apply_sanitizers, sanitizers_from_json};
/// use serde_json::json;
/// let list = sanitizers_from_json(&json!(["uuid", { "pattern": "\\d{4}", "replacement": "YYYY" }])).unwrap();
/// assert_eq!(apply_sanitizers("id 550e8400-e29b-41d4-a716-446655440000 in 2026", &list).unwrap(), "id [UUID] in YYYY");
/// assert!(sanitizers_from_json(&json!(["no-such-sanitizer"])).is_err());
/// ```
pub fn sanitizers_from_json(v: &Value) -> Result<Vec<Sanitizer>> {
    sanitize::read_sanitizers(&Reader::new(Some(&Val::from(v)), "sanitizers"))
}

/// `matchSnapshot(received, stored, sanitizers)`: the response's text
/// ([`extract_text`]) after the sanitizers, compared exactly with the
/// `stored` snapshot text (`None`: no snapshot yet, which never passes).
/// Storage is the caller's: store `actual` when creating or updating.
/// `diff` is a unified diff (`--- expected` / `+++ actual`, GNU `diff -u`
/// form), `""` on a pass.
///
/// Errors: those of [`apply_sanitizers`].
///
/// ```
/// use mcp_matchers::responses::{match_snapshot, Sanitizer};
/// use serde_json::json;
/// let result = json!({ "content": [{ "type": "text", "text": "user: ada\nseen: 2025-01-15T10:30:00Z" }] });
/// let r = match_snapshot(&result, Some("user: ada\nseen: [ISO_DATE]"), &[Sanitizer::IsoDate]).unwrap();
/// assert!(r.pass);
/// let r = match_snapshot(&result, Some("user: bob\nseen: [ISO_DATE]"), &[Sanitizer::IsoDate]).unwrap();
/// assert_eq!(r.diff, "--- expected\n+++ actual\n@@ -1,2 +1,2 @@\n-user: bob\n+user: ada\n seen: [ISO_DATE]\n\\ No newline at end of file\n");
/// ```
pub fn match_snapshot(response: &Value, stored: Option<&str>, sanitizers: &[Sanitizer]) -> Result<SnapshotResult> {
    let compiled = CompiledSanitizers::new(sanitizers, "sanitizers")?;
    snapshot::match_snapshot(&extract_text(response), stored, &compiled)
}

/// `getResponseSizeBytes(response)` of `@gleanwork/mcp-server-tester@1.1.0`:
/// `null` is 0, a string its UTF-8 length, anything else the UTF-8 length of
/// `JSON.stringify(response, null, 2)` (member order as the map holds it).
/// Not what [`validate_size`] measures ([`response_size_bytes`], the
/// extracted text's bytes: the README's compatibility table); hence this
/// name in Rust, without the reference's `get` (Rust API guidelines C-GETTER).
///
/// ```
/// use mcp_matchers::responses::response_json_size_bytes;
/// use serde_json::json;
/// assert_eq!(response_json_size_bytes(&json!(null)), 0);
/// assert_eq!(response_json_size_bytes(&json!("héllo")), 6);
/// assert_eq!(response_json_size_bytes(&json!({ "a": 1 })), "{\n  \"a\": 1\n}".len());
/// ```
pub fn response_json_size_bytes(response: &Value) -> usize {
    assertions::json_size_bytes(&Val::from(response))
}

/// `normalizeWhitespace(text)` of `@gleanwork/mcp-server-tester@1.1.0`:
/// `text.replace(/\s+/g, " ").trim()` with JavaScript's white space (U+00A0,
/// U+FEFF, U+2028, … included; U+0085 not).
///
/// ```
/// use mcp_matchers::responses::normalize_whitespace;
/// assert_eq!(normalize_whitespace("  a \t\n b\u{a0}\u{2028}c  "), "a b c");
/// ```
pub fn normalize_whitespace(text: &str) -> String {
    crate::js::text::collapse_space(text)
}

/// `loadEvalDatasetFromObject(data, { schemas, validate })` of
/// `@gleanwork/mcp-server-tester@1.1.0`: the dataset, checked when
/// `validate` ([`super::validate_eval_dataset`]), with `schemas` set to the
/// given map (`{}` when `None`; a dataset's own `schemas` member is
/// replaced, as the reference's spread does).
///
/// Errors: the dataset's, when `validate`; `INVALID_ARGUMENT` at `data` for
/// a non-object when not validating (the reference spreads it).
///
/// ```
/// use mcp_matchers::responses::load_eval_dataset_from_object;
/// use serde_json::json;
/// let data = json!({ "name": "smoke", "cases": [{ "id": "c1", "toolName": "echo", "args": { "text": "hi" } }] });
/// let dataset = load_eval_dataset_from_object(&data, None, true).unwrap();
/// assert_eq!(dataset["schemas"], json!({}));
/// assert!(load_eval_dataset_from_object(&json!({ "cases": [] }), None, true).is_err());
/// ```
pub fn load_eval_dataset_from_object(data: &Value, schemas: Option<Value>, validate: bool) -> Result<Value> {
    if validate {
        super::validate_eval_dataset(data)?;
    }
    let Value::Object(map) = data else {
        return Err(MatcherError::invalid_argument("data", "expected an object"));
    };
    let mut out = map.clone();
    out.insert(
        "schemas".into(),
        schemas.unwrap_or_else(|| Value::Object(Default::default())),
    );
    Ok(Value::Object(out))
}

/// `compareEvalRuns({ baseline, candidate, labels? })` of
/// `@gleanwork/mcp-server-tester@1.1.0`: the two runs' pass rates and their
/// delta, the tool metrics each has (`baselineToolPrecision`,
/// `candidateToolPrecision`, `deltaToolPrecision` when both, the same for
/// `ToolRecall` and `ToolF1`), and every case paired by `id` with its
/// outcome: `{ id, outcome, baseline?, candidate? }` (the runs' own case
/// results), in baseline order then the candidate's new cases, and the same
/// cases by outcome: `improvedCases`, `regressedCases`, `unchangedPasses`,
/// `unchangedFailures`, `missingFromBaseline`, `missingFromCandidate`.
/// Labels: `labels.baseline` else `baseline`; `labels.candidate`, else the
/// candidate's `metadata.toolOverrideVariantId`, else `candidate`.
///
/// Errors: `INVALID_ARGUMENT` at `options.baseline…`/`options.candidate…`
/// for a run without numeric `total` and `passed`, a case result without a
/// string `id` or a boolean `pass`, a tool metric that is not a number, or a
/// label that is not a string.
///
/// ```
/// use mcp_matchers::responses::compare_eval_runs;
/// use serde_json::json;
/// let run = |a: bool, b: bool| json!({ "total": 2, "passed": a as u8 + b as u8,
///     "caseResults": [{ "id": "a", "pass": a }, { "id": "b", "pass": b }] });
/// let c = compare_eval_runs(&json!({ "baseline": run(true, false), "candidate": run(false, true) })).unwrap();
/// assert_eq!(c["regressedCases"][0]["id"], "a");
/// assert_eq!(c["improvedCases"][0]["candidate"]["pass"], true);
/// assert_eq!(c["deltaPassRate"], 0.0);
/// ```
pub fn compare_eval_runs(options: &Value) -> Result<Value> {
    let o = Val::from(options);
    let variant = options
        .pointer("/candidate/metadata/toolOverrideVariantId")
        .map(Val::from)
        .unwrap_or(Val::Undefined);
    let at = "options.candidate.metadata.toolOverrideVariantId";
    let c = super::compare::compare(&Reader::new(Some(&o), "options"), &Reader::new(Some(&variant), at))?;
    let json = serde_json::to_value(&c).map_err(|e| MatcherError::invalid_argument("result", e.to_string()))?;
    let (baseline, candidate) = (
        &options["baseline"]["caseResults"],
        &options["candidate"]["caseResults"],
    );
    let mut out = serde_json::Map::new();
    for key in [
        "baselineLabel",
        "candidateLabel",
        "baselinePassRate",
        "candidatePassRate",
        "deltaPassRate",
    ] {
        out.insert(key.into(), json[key].clone());
    }
    for m in &c.metrics {
        for (side, v) in [("baseline", m.baseline), ("candidate", m.candidate), ("delta", m.delta)] {
            if let Some(v) = v {
                out.insert(format!("{side}{}", m.name), Value::from(v));
            }
        }
    }
    let cases: Vec<Value> = c
        .cases
        .iter()
        .map(|super::compare::ComparedCase(outcome, b, k)| {
            let (b, k) = (b.map(|i| &baseline[i]), k.map(|j| &candidate[j]));
            let mut case = serde_json::Map::new();
            case.insert("id".into(), b.or(k).map_or(Value::Null, |r| r["id"].clone()));
            case.insert("outcome".into(), serde_json::to_value(outcome).unwrap_or(Value::Null));
            if let Some(b) = b {
                case.insert("baseline".into(), b.clone());
            }
            if let Some(k) = k {
                case.insert("candidate".into(), k.clone());
            }
            Value::Object(case)
        })
        .collect();
    out.insert("cases".into(), Value::Array(cases.clone()));
    for (key, outcome) in [
        ("improvedCases", "IMPROVED"),
        ("regressedCases", "REGRESSED"),
        ("unchangedPasses", "UNCHANGED_PASS"),
        ("unchangedFailures", "UNCHANGED_FAIL"),
        ("missingFromBaseline", "MISSING_FROM_BASELINE"),
        ("missingFromCandidate", "MISSING_FROM_CANDIDATE"),
    ] {
        let list = cases.iter().filter(|c| c["outcome"] == outcome).cloned().collect();
        out.insert(key.into(), Value::Array(list));
    }
    Ok(Value::Object(out))
}
