//! `PromptResult.toEvalResult` of `@mcpjam/sdk@1.14.0` (its `dist/index.js`,
//! section `src/PromptResult.ts`) and the tool-failure gate it applies
//! (`finalizePassedForEval`, `traceIndicatesToolExecutionFailure`,
//! `classifyToolFailurePart`; section `src/eval-tool-execution.ts`).
//!
//! The gate: unless `failOnToolError` is `false`, a result fails when its
//! error (the option's, else the run's) is non-blank text, or when its trace
//! shows a failed tool: a `tool` span with `status: "error"`, or a
//! `tool-result` message part with a non-blank `error`, an `output` of type
//! `error-text`, a `result`/`output` (or `output.value`) object with
//! `isError: true`, or `isError: true` itself.

use crate::js::text::trim;
use serde::Serialize;
use serde_json::{Map, Value};

/// `classifyToolFailurePart` is not `null`: whether one message part shows a
/// failed tool.
pub(crate) fn part_shows_tool_failure(part: &Value) -> bool {
    let Some(p) = part.as_object() else { return false };
    if p.get("type").and_then(Value::as_str) != Some("tool-result") {
        return false;
    }
    let blank = |s: &str| trim(s).is_empty();
    match p.get("error") {
        Some(Value::String(e)) if !blank(e) => return true,
        Some(Value::Object(e)) if e.get("message").and_then(Value::as_str).is_some_and(|m| !blank(m)) => return true,
        _ => {}
    }
    let output = p.get("output");
    if output.and_then(|o| o.get("type")).and_then(Value::as_str) == Some("error-text") {
        return true;
    }
    is_error_record(p.get("result"))
        || is_error_record(output.map(unwrap_output))
        || p.get("isError") == Some(&Value::Bool(true))
}

/// `isRecord(v) && v.isError === true`.
fn is_error_record(v: Option<&Value>) -> bool {
    v.and_then(Value::as_object)
        .is_some_and(|o| o.get("isError") == Some(&Value::Bool(true)))
}

/// `unwrapToolOutput`: an AI SDK `{ type, value }` output's `value`, any other value itself.
fn unwrap_output(output: &Value) -> &Value {
    match output.as_object() {
        Some(o) if o.contains_key("type") => o.get("value").unwrap_or(output),
        _ => output,
    }
}

/// `messagesIndicateToolExecutionFailure`: some message with a string `role`
/// has a content part that shows a failed tool.
#[must_use]
pub fn messages_show_tool_failure(messages: &[Value]) -> bool {
    messages.iter().any(|m| {
        m.get("role").is_some_and(Value::is_string)
            && m.get("content")
                .and_then(Value::as_array)
                .is_some_and(|parts| parts.iter().any(part_shows_tool_failure))
    })
}

/// `spansIndicateToolExecutionFailure`: some span has `category: "tool"` and `status: "error"`.
#[must_use]
pub fn spans_show_tool_failure(spans: &[Value]) -> bool {
    spans.iter().any(|s| {
        s.get("category").and_then(Value::as_str) == Some("tool")
            && s.get("status").and_then(Value::as_str) == Some("error")
    })
}

/// `finalizePassedForEval` without predicates: `match_passed`, unless the
/// gate is on (`fail_on_tool_error` is not `Some(false)`) and the error is
/// non-blank text or the trace shows a failed tool.
pub fn finalize_passed(
    match_passed: bool,
    trace_shows_tool_failure: bool,
    iteration_error: Option<&str>,
    fail_on_tool_error: Option<bool>,
) -> bool {
    if fail_on_tool_error == Some(false) {
        return match_passed;
    }
    if iteration_error.is_some_and(|e| !trim(e).is_empty()) || trace_shows_tool_failure {
        return false;
    }
    match_passed
}

/// The options of [`crate::traces::PromptResult::to_eval_result`]
/// (`toEvalResult(options)`): every field optional, `None` = not given.
/// Each given field replaces what the result would report; `passed` is the
/// verdict before the tool-failure gate (default: the run has no error).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EvalResultOptions {
    /// `caseTitle` (default: the prompt, or `"PromptResult"` when it is blank).
    pub case_title: Option<String>,
    /// `query` (default: the prompt).
    pub query: Option<String>,
    /// `passed` before the gate (default: `!has_error()`).
    pub passed: Option<bool>,
    /// `durationMs`, in ms (default: the end-to-end latency).
    pub duration_ms: Option<f64>,
    /// `provider` (default: the result's).
    pub provider: Option<String>,
    /// `model` (default: the result's).
    pub model: Option<String>,
    /// `expectedToolCalls`, copied through.
    pub expected_tool_calls: Option<Vec<EvalExpectedToolCall>>,
    /// `error` (default: the run's error); also what the gate reads.
    pub error: Option<String>,
    /// `errorDetails`, copied through.
    pub error_details: Option<String>,
    /// `externalIterationId`, copied through.
    pub external_iteration_id: Option<String>,
    /// `externalCaseId`, copied through.
    pub external_case_id: Option<String>,
    /// `metadata` (values are strings, numbers or booleans), copied through.
    pub metadata: Option<Map<String, Value>>,
    /// `isNegativeTest`, copied through.
    pub is_negative_test: Option<bool>,
    /// `advancedConfig`, copied through.
    pub advanced_config: Option<Map<String, Value>>,
    /// `widgetSnapshots` (default: the result's).
    pub widget_snapshots: Option<Vec<Value>>,
    /// `failOnToolError`: `Some(false)` turns the tool-failure gate off.
    pub fail_on_tool_error: Option<bool>,
}

/// `EvalExpectedToolCall`: `{ toolName, arguments? }`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EvalExpectedToolCall {
    /// The tool's name.
    pub tool_name: String,
    /// The arguments, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arguments: Option<Map<String, Value>>,
}

/// `EvalResultInput.tokens`: `{ input, output, total }` token counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct EvalTokens {
    /// Input (prompt) tokens.
    pub input: u64,
    /// Output (completion) tokens.
    pub output: u64,
    /// Total tokens.
    pub total: u64,
}

/// `EvalResultInput.trace` as `toEvalResult` writes it: `{ messages, spans? }`
/// (`spans` only when there are any).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct EvalTrace {
    /// The conversation (AI SDK `ModelMessage`s).
    pub messages: Vec<Value>,
    /// The timeline spans, when there are any.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub spans: Vec<Value>,
}

/// `EvalResultInput` of `@mcpjam/sdk@1.14.0` as `toEvalResult` builds it.
/// Serialises camelCase; `None` fields are left out (as `JSON.stringify`
/// leaves out `undefined`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EvalResultInput {
    /// The case's title.
    pub case_title: String,
    /// The prompt sent.
    pub query: String,
    /// The verdict after the tool-failure gate.
    pub passed: bool,
    /// The duration in ms.
    #[serde(serialize_with = "js_number")]
    pub duration_ms: f64,
    /// The LLM provider, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider: Option<String>,
    /// The model, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// The expected calls, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_tool_calls: Option<Vec<EvalExpectedToolCall>>,
    /// The calls made: `{ toolName, arguments }` of each, in call order.
    pub actual_tool_calls: Vec<EvalExpectedToolCall>,
    /// Token counts.
    pub tokens: EvalTokens,
    /// The error, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Details of the error, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error_details: Option<String>,
    /// The conversation and spans.
    pub trace: EvalTrace,
    /// The caller's iteration id, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub external_iteration_id: Option<String>,
    /// The caller's case id, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub external_case_id: Option<String>,
    /// The caller's metadata, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Map<String, Value>>,
    /// Whether the case is a negative test, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_negative_test: Option<bool>,
    /// The caller's advanced configuration, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub advanced_config: Option<Map<String, Value>>,
    /// The MCP App widget snapshots.
    pub widget_snapshots: Vec<Value>,
}

/// Writes an `f64` as JavaScript's `JSON.stringify` does (`1234`, not `1234.0`).
pub(crate) fn js_number<S: serde::Serializer>(n: &f64, s: S) -> Result<S::Ok, S::Error> {
    crate::value::print::json_number(*n).serialize(s)
}

/// The two decisions of `toEvalResult`: the case title (the option, else the
/// prompt when it is not blank, else `"PromptResult"`) and the verdict
/// ([`finalize_passed`] over `options.passed`, else `!has_error`).
pub(crate) fn eval_verdict(
    prompt: &str,
    error: Option<&str>,
    trace_shows_tool_failure: bool,
    o: &EvalResultOptions,
) -> (String, bool) {
    let case_title = match &o.case_title {
        Some(t) => t.clone(),
        None if !trim(prompt).is_empty() => prompt.to_owned(),
        None => "PromptResult".to_owned(),
    };
    let match_passed = o.passed.unwrap_or(error.is_none());
    let iteration_error = o.error.as_deref().or(error);
    let passed = finalize_passed(
        match_passed,
        trace_shows_tool_failure,
        iteration_error,
        o.fail_on_tool_error,
    );
    (case_title, passed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn parts_that_show_a_failed_tool() {
        let fails = |p: Value| part_shows_tool_failure(&p);
        assert!(fails(json!({ "type": "tool-result", "error": "boom" })));
        assert!(!fails(json!({ "type": "tool-result", "error": " \u{feff}" })));
        assert!(fails(json!({ "type": "tool-result", "error": { "message": "x" } })));
        assert!(fails(
            json!({ "type": "tool-result", "output": { "type": "error-text", "value": "x" } })
        ));
        assert!(!fails(
            json!({ "type": "tool-result", "output": { "type": "error-json", "value": {} } })
        ));
        assert!(fails(
            json!({ "type": "tool-result", "output": { "type": "json", "value": { "isError": true } } })
        ));
        assert!(fails(json!({ "type": "tool-result", "output": { "isError": true } })));
        assert!(fails(json!({ "type": "tool-result", "result": { "isError": true } })));
        assert!(fails(json!({ "type": "tool-result", "isError": true })));
        assert!(!fails(json!({ "type": "tool-call", "isError": true })));
        assert!(!fails(json!({ "type": "tool-result", "isError": "true" })));
    }

    #[test]
    fn the_gate() {
        assert!(finalize_passed(true, false, None, None));
        assert!(!finalize_passed(true, true, None, None));
        assert!(!finalize_passed(true, false, Some("x"), Some(true)));
        assert!(finalize_passed(true, false, Some("  "), None));
        assert!(finalize_passed(true, true, Some("x"), Some(false)));
        assert!(!finalize_passed(false, false, None, Some(false)));
    }
}
