//! `evaluateExpectations` planned in the core: `runExpectBlockValidations`
//! of `@gleanwork/mcp-server-tester@1.1.0` (`dist/index.js`) as one [`Step`]
//! per expectation present, in the reference's order and under its result
//! keys. A synchronous check is finished here; a step that needs what only
//! the caller has (its schema validators, judge model, stored snapshots,
//! predicate) says so, and the caller hands the answer back to
//! [`schema_verdict`], [`super::judge::judges_result`], [`snapshot_result`]
//! or [`predicate_result`]. The JS glue (`pkg-template/evals.js`) awaits the
//! caller's functions and the native `evaluate_expectations` answers from its
//! `EvaluateContext`: both run this one plan, so their results cannot differ.

use super::assertions::{
    read_error_expectation, read_size_options, read_strings, truncate_for_display, validate_error, validate_response,
    validate_size, validate_text, CheckResult,
};
use super::extract::extract_text;
use super::judge::{judge_step, judge_text, JudgeStep};
use super::matches_pattern::{read_patterns, CompiledPatterns};
use super::sanitize::{read_sanitizers, CompiledSanitizers};
use super::snapshot::compare;
use super::tools::{
    read_count_options, read_simulation_calls, read_tools_triggered, simulation_calls, validate_tool_call_count,
    validate_tool_calls, ToolCallsResult,
};
use crate::error::{MatcherError, Result};
use crate::reader::{js_string, Reader};
use crate::value::print::{stringify, stringify_pretty};
use crate::value::Val;
use serde::Serialize;
use serde_json::{json, Value};
use std::cell::OnceCell;

/// The expectations in the reference's order: (result key, `expect` member).
const EXPECTATIONS: [(&str, &str); 11] = [
    ("exact", "response"),
    ("schema", "schema"),
    ("textContains", "containsText"),
    ("regex", "matchesPattern"),
    ("error", "isError"),
    ("size", "responseSize"),
    ("toolsTriggered", "toolsTriggered"),
    ("toolCallCount", "toolCallCount"),
    ("judge", "passesJudge"),
    ("snapshot", "snapshot"),
    ("predicate", "predicate"),
];

/// What one expectation needs next. Serialised (externally tagged) as
/// `{ "done": result }`, `{ "schema": { name, target, missing } }`,
/// `{ "judge": [step, ...] }`, `{ "snapshot": { name, actual } }` or
/// `{ "predicate": { description } }`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) enum Step {
    /// Checked: the result.
    Done(CheckResult),
    /// `toolsTriggered`, checked: the result with its `metrics`.
    #[serde(rename = "done")]
    Tools(ToolCallsResult),
    /// Validate `target` with the caller's schema `name`, then
    /// [`schema_verdict`]; `missing` is the result when there is no such schema.
    Schema {
        name: String,
        target: SchemaTarget,
        missing: CheckResult,
    },
    /// Ask each judge, then [`super::judge::judges_result`].
    Judge(Vec<JudgeStep>),
    /// Look the stored snapshot `name` up, then [`snapshot_result`] with
    /// `actual` (the response's text after its sanitizers).
    Snapshot { name: String, actual: String },
    /// Run the caller's predicate (JS only), then [`predicate_result`].
    Predicate { description: String },
}

/// The value a schema validates, as the reference's `getValidatableValue`
/// chooses it. Serialised as `"structuredContent"`, `"response"` or
/// `{ "json": text }`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) enum SchemaTarget {
    /// `response.structuredContent` (present, `null` included).
    StructuredContent,
    /// The JSON object or array the response's text holds: that text, trimmed.
    Json(String),
    /// The response itself (`null` for `undefined`).
    Response,
}

/// What a plan takes besides the `expect` block and the response.
#[derive(Default)]
pub(crate) struct PlanOptions<'v> {
    /// The case's `judgeReps`: each judge's default `reps`.
    pub judge_reps: Option<u32>,
    /// The case's `canonicalAnswer`: each judge's default `reference`.
    pub canonical: Option<&'v Val<'v>>,
    /// Whether the caller holds a `predicate` function (JS only).
    pub predicate: bool,
}

struct Ctx<'a, 'v> {
    response: &'a Val<'v>,
    /// The response the checks see (`undefined` as `null`, as JSON carries it).
    checked: &'a Val<'v>,
    text: OnceCell<String>,
    options: &'a PlanOptions<'a>,
}

impl Ctx<'_, '_> {
    fn text(&self) -> &str {
        self.text.get_or_init(|| extract_text(self.checked))
    }
}

/// The plan of `expect` for `response`: `(key, step)` per expectation present.
///
/// Errors: `INVALID_ARGUMENT`/`INVALID_OPTION` at the reader's path (e.g.
/// `expect.passesJudge[1].threshold`) for a malformed block, a pattern or
/// sanitizer that does not compile; at `response…` for a malformed
/// simulation result.
pub(crate) fn plan(
    expect: &Reader<'_, '_>,
    response: &Val<'_>,
    options: &PlanOptions<'_>,
) -> Result<Vec<(&'static str, Step)>> {
    if !matches!(expect.value(), Some(Val::Obj(_))) {
        return Err(MatcherError::invalid_argument(expect.path(), "expected an object"));
    }
    let null = Val::Null;
    let checked = if matches!(response, Val::Undefined) {
        &null
    } else {
        response
    };
    let ctx = Ctx {
        response,
        checked,
        text: OnceCell::new(),
        options,
    };
    let mut out = Vec::new();
    for (key, member) in EXPECTATIONS {
        let r = expect.field(member);
        let present = if key == "predicate" {
            options.predicate
        } else {
            r.value().is_some()
        };
        if present {
            out.push((key, step(key, expect, &r, &ctx)?));
        }
    }
    Ok(out)
}

fn step(key: &str, expect: &Reader<'_, '_>, r: &Reader<'_, '_>, c: &Ctx<'_, '_>) -> Result<Step> {
    Ok(match key {
        "exact" => Step::Done(validate_response(c.checked, r.required("a value")?)),
        "schema" => {
            let name = r.str()?;
            let missing = CheckResult::fail(format!("Schema \"{name}\" not found in schemas registry"), None);
            let target = schema_target(c.checked);
            Step::Schema {
                name: name.into(),
                target,
                missing,
            }
        }
        "textContains" => Step::Done(validate_text(c.text(), &read_strings(r)?, true)),
        "regex" => Step::Done(CompiledPatterns::new(&read_patterns(r)?, true, &r.path())?.check(c.text())),
        "error" => Step::Done(validate_error(c.checked, &read_error_expectation(r)?)),
        "size" => Step::Done(validate_size(c.text().len(), read_size_options(r)?)),
        "toolsTriggered" => {
            let expectation = read_tools_triggered(r, &|_: usize, v: &Val<'_>| stringify(v))?;
            let actual = read_simulation_calls(&Reader::new(Some(c.checked), "response"))?;
            Step::Tools(validate_tool_calls(actual.as_deref(), &expectation)?)
        }
        "toolCallCount" => {
            let count = simulation_calls(c.checked).map(<[Val<'_>]>::len);
            Step::Done(validate_tool_call_count(count, read_count_options(r)?))
        }
        "judge" => {
            let (candidate, o) = (judge_text(c.response), c.options);
            Step::Judge(match r.value() {
                Some(Val::Arr(_)) => r.items("", |e| judge_step(&e, &candidate, o.canonical, o.judge_reps))?,
                _ => vec![judge_step(r, &candidate, o.canonical, o.judge_reps)?],
            })
        }
        "snapshot" => {
            let name = r.str()?.to_string();
            let list = expect.field("snapshotSanitizers");
            let sanitizers = CompiledSanitizers::new(&read_sanitizers(&list)?, &list.path())?;
            Step::Snapshot {
                name,
                actual: sanitizers.apply(c.text())?,
            }
        }
        _ => Step::Predicate {
            description: predicate_label(&expect.field("predicateDescription"))?.into(),
        },
    })
}

/// `getValidatableValue` of the reference: `structuredContent` when the
/// response has the key, else the JSON object or array in its text (a
/// normalised response's `text`, a `CallToolResult`'s extracted text, a
/// string response), else the response itself.
pub(crate) fn schema_target(response: &Val<'_>) -> SchemaTarget {
    let text = match response {
        Val::Obj(_) if response.get("structuredContent").is_some() => return SchemaTarget::StructuredContent,
        Val::Obj(_)
            if ["raw", "text", "isError", "contentBlocks"]
                .iter()
                .all(|k| response.get(k).is_some()) =>
        {
            response.get("text").and_then(Val::as_str).map(str::to_string)
        }
        Val::Obj(_) if matches!(response.get("content"), Some(Val::Arr(_))) => Some(extract_text(response)),
        Val::Str(s) => Some(s.to_string()),
        _ => None,
    };
    text.and_then(|t| json_text(&t))
        .map_or(SchemaTarget::Response, SchemaTarget::Json)
}

/// `tryParseJson` of the reference: only text that, trimmed, starts with
/// `{`/`[` and ends with `}`/`]`, and parses.
fn json_text(text: &str) -> Option<String> {
    let t = crate::js::text::trim(text);
    let shaped = (t.starts_with('{') || t.starts_with('[')) && (t.ends_with('}') || t.ends_with(']'));
    (shaped && serde_json::from_str::<serde::de::IgnoredAny>(t).is_ok()).then(|| t.to_string())
}

/// `validateSchema`'s result from the issues a validator found (`[{
/// message, path? }]`, a path of keys and indices): `Response matches
/// schema`, or `Response does not match schema: <path>: <message>; …` (keys
/// joined by `.`, `root` for the value itself: the reference's
/// `formatZodIssues`) with `details: { issues, textPreview }` (the first 200
/// characters of the response: a string as is, else pretty JSON).
///
/// Errors: `INVALID_ARGUMENT` at the reader's path for an issue without a
/// string `message` or with a `path` that is not an array.
pub(crate) fn schema_verdict(issues: &Reader<'_, '_>, response: &Val<'_>) -> Result<CheckResult> {
    let parts = issues.items("an array of issues { message, path? }", |i| {
        let path = i.field("path");
        let keys = match path.given() {
            None => Vec::new(),
            Some(_) => path.items("an array of keys", |k| Ok(k.given().map_or(String::new(), js_string)))?,
        };
        let at = keys.join(".");
        Ok(format!(
            "{}: {}",
            if at.is_empty() { "root" } else { &at },
            i.field("message").str()?
        ))
    })?;
    if parts.is_empty() {
        return Ok(CheckResult::pass("Response matches schema"));
    }
    let text = match response {
        Val::Null | Val::Undefined => String::new(),
        Val::Str(s) => s.to_string(),
        other => stringify_pretty(other),
    };
    let details = json!({ "issues": issues.value().map_or(Value::Null, Value::from), "textPreview": truncate_for_display(&text, 200) });
    Ok(CheckResult::fail(
        format!("Response does not match schema: {}", parts.join("; ")),
        Some(details),
    ))
}

/// The snapshot expectation's result from the caller's `stored` text
/// (`None`: nothing stored): `No stored snapshot "x"`, `Matches snapshot
/// "x"`, or `Snapshot "x" differs:\n<unified diff>` with `details: { diff }`.
pub(crate) fn snapshot_result(name: &str, actual: String, stored: Option<&str>) -> CheckResult {
    let Some(stored) = stored else {
        return CheckResult::fail(format!("No stored snapshot \"{name}\""), None);
    };
    let m = compare(actual, Some(stored));
    if m.pass {
        return CheckResult::pass(format!("Matches snapshot \"{name}\""));
    }
    let message = format!("Snapshot \"{name}\" differs:\n{}", m.diff.trim_end());
    CheckResult::fail(message, Some(json!({ "diff": m.diff })))
}

/// A predicate's label in messages: `predicateDescription` (a string), else
/// `custom predicate`. Errors: `INVALID_ARGUMENT` for a non-string.
pub(crate) fn predicate_label<'v>(r: &Reader<'_, 'v>) -> Result<&'v str> {
    Ok(r.opt_str()?.unwrap_or("custom predicate"))
}

/// `validatePredicate`'s result: `threw` is the message of what the
/// predicate threw; else `returned` is what it returned (a boolean, or
/// `{ pass, message? }`; anything else fails with a message saying so).
pub(crate) fn predicate_result(label: &str, threw: Option<&str>, returned: &Reader<'_, '_>) -> CheckResult {
    let fail = |m: String| CheckResult::fail(m, None);
    if let Some(e) = threw {
        return fail(format!("{label}: Predicate threw error: {e}"));
    }
    let (pass, message) = match returned.value() {
        Some(Val::Bool(true)) => return CheckResult::pass("Predicate passed"),
        Some(Val::Bool(false)) => return fail(format!("{label}: Predicate returned false")),
        _ => match (returned.field("pass").value(), returned.field("message").opt_str()) {
            (Some(Val::Bool(p)), Ok(m)) => (*p, m),
            _ => {
                return fail(format!(
                    "{label}: the predicate returned neither a boolean nor {{ pass, message }}"
                ))
            }
        },
    };
    match message {
        Some(m) if pass => CheckResult::pass(m),
        None if pass => CheckResult::pass(format!("Response satisfies {label}")),
        Some(m) => fail(format!("{label}: {m}")),
        None => fail(format!("{label}: Expected response to satisfy {label}")),
    }
}

#[cfg(test)]
#[path = "../../tests/unit/responses/plan.rs"]
mod tests;
