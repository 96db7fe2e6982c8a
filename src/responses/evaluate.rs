//! `evaluateExpectations` natively: every expectation present in an eval
//! case's `expect` block, checked against one response, as the reference's
//! `runExpectBlockValidations` (`@gleanwork/mcp-server-tester@1.1.0`,
//! `dist/index.js`) does; keys as the reference names them.

use super::assertions::{read_error_expectation, read_size_options, read_strings, CheckResult};
use super::json_api::{
    match_snapshot, sanitizers_from_json, validate_error, validate_pattern, validate_response, validate_size,
    validate_text, validate_tool_call_count, validate_tool_calls, TextOptions,
};
use super::judge_model::{validate_judge, JudgeModel};
use super::tools::read_count_options;
use super::JsPattern;
use crate::error::{MatcherError, Result};
use crate::reader::Reader;
use crate::value::Val;
use serde_json::{json, Value};
use std::collections::HashMap;

/// What [`evaluate_expectations`] may use besides the response.
#[derive(Default)]
pub struct EvaluateContext<'a> {
    /// The model for `passesJudge` (none: judge expectations fail).
    pub judge: Option<&'a mut dyn JudgeModel>,
    /// Stored snapshot texts by name.
    pub snapshots: HashMap<String, String>,
    /// Compiled JSON Schemas by name, for `expect.schema` (feature `schema`).
    #[cfg(feature = "schema")]
    pub schemas: HashMap<String, super::schema::JsonSchema>,
}

/// One result per expectation present in `expect`, in the reference's order
/// and under its keys: `exact`, `schema`, `textContains`, `regex`, `error`,
/// `size`, `toolsTriggered`, `toolCallCount`, `judge`, `snapshot`.
/// `schema` looks its name up in `ctx.schemas` (feature `schema`; without
/// it, or when the name is not there, the check fails with the reference's
/// "Schema \"<name>\" not found in schemas registry"); a missing stored
/// snapshot fails.
///
/// Errors: `INVALID_ARGUMENT`/`INVALID_OPTION` with the path under `expect`
/// for a malformed block (run [`super::dataset::validate_expect_block`]
/// first for the reference's rules).
///
/// ```
/// use mcp_matchers::responses::{evaluate_expectations, EvaluateContext};
/// use serde_json::json;
/// let response = json!({ "content": [{ "type": "text", "text": "MCP error -32602: Tool no-such-tool not found" }], "isError": true });
/// let r = evaluate_expectations(&json!({ "isError": "not found", "containsText": "Tool" }), &response, &mut EvaluateContext::default()).unwrap();
/// assert_eq!(r.iter().map(|(k, v)| (k.as_str(), v.pass)).collect::<Vec<_>>(), [("textContains", true), ("error", true)]);
/// ```
pub fn evaluate_expectations(
    expect: &Value,
    response: &Value,
    ctx: &mut EvaluateContext<'_>,
) -> Result<Vec<(String, CheckResult)>> {
    let o = expect
        .as_object()
        .ok_or_else(|| MatcherError::invalid_argument("expect", "expected an object"))?;
    let mut out = Vec::new();
    let mut push = |k: &str, r: CheckResult| out.push((k.to_string(), r));
    if let Some(v) = o.get("response") {
        push("exact", validate_response(response, v));
    }
    if let Some(name) = o.get("schema") {
        let name = name.as_str().unwrap_or_default();
        let missing = || CheckResult::fail(format!("Schema \"{name}\" not found in schemas registry"), None);
        #[cfg(feature = "schema")]
        let r = match ctx.schemas.get(name) {
            Some(s) => super::schema::validate_schema(response, s),
            None => missing(),
        };
        #[cfg(not(feature = "schema"))]
        let r = missing();
        push("schema", r);
    }
    if let Some(v) = o.get("containsText") {
        let j = Val::from(v);
        let list = read_strings(&Reader::new(Some(&j), "expect.containsText"))?;
        push("textContains", validate_text(response, &list, &TextOptions::default()));
    }
    if let Some(v) = o.get("matchesPattern") {
        let j = Val::from(v);
        let list: Vec<JsPattern> = read_strings(&Reader::new(Some(&j), "expect.matchesPattern"))?
            .into_iter()
            .map(|s| JsPattern::Source(s.to_string()))
            .collect();
        push("regex", validate_pattern(response, &list, &TextOptions::default())?);
    }
    if let Some(v) = o.get("isError") {
        push(
            "error",
            validate_error(
                response,
                &read_error_expectation(&Reader::new(Some(&Val::from(v)), "expect.isError"))?,
            )?,
        );
    }
    if let Some(v) = o.get("responseSize") {
        push(
            "size",
            validate_size(
                response,
                &read_size_options(&Reader::new(Some(&Val::from(v)), "expect.responseSize"))?,
            )?,
        );
    }
    if let Some(v) = o.get("toolsTriggered") {
        let r = validate_tool_calls(response, v)?;
        push(
            "toolsTriggered",
            CheckResult {
                pass: r.pass,
                message: r.message,
                details: r.details,
            },
        );
    }
    if let Some(v) = o.get("toolCallCount") {
        let v = Val::from(v);
        let opts = read_count_options(&Reader::new(Some(&v), "expect.toolCallCount"))?;
        push("toolCallCount", validate_tool_call_count(response, &opts)?);
    }
    if let Some(v) = o.get("passesJudge") {
        let entries: Vec<&Value> = match v {
            Value::Array(a) => a.iter().collect(),
            other => vec![other],
        };
        let mut results = Vec::new();
        for e in entries {
            results.push(match ctx.judge.as_deref_mut() {
                Some(model) => validate_judge(response, e, model)?,
                None => CheckResult::fail("Judge evaluation error: no judge model supplied", None),
            });
        }
        let r = if results.len() == 1 {
            results.remove(0)
        } else {
            let passed = results.iter().filter(|r| r.pass).count();
            CheckResult {
                pass: passed == results.len(),
                message: format!("{passed}/{} judges passed", results.len()),
                details: Some(json!({ "judgeResults": results })),
            }
        };
        push("judge", r);
    }
    if let Some(v) = o.get("snapshot") {
        let name = v.as_str().unwrap_or_default();
        let sanitizers = match o.get("snapshotSanitizers") {
            Some(s) => sanitizers_from_json(s)?,
            None => Vec::new(),
        };
        let r = match ctx.snapshots.get(name) {
            None => CheckResult::fail(format!("No stored snapshot \"{name}\""), None),
            Some(stored) => {
                let m = match_snapshot(response, Some(stored), &sanitizers)?;
                if m.pass {
                    CheckResult::pass(format!("Matches snapshot \"{name}\""))
                } else {
                    let message = format!("Snapshot \"{name}\" differs:\n{}", m.diff.trim_end());
                    CheckResult::fail(message, Some(json!({ "diff": m.diff })))
                }
            }
        };
        push("snapshot", r);
    }
    Ok(out)
}
