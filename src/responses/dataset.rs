//! Eval dataset validation: the rules of `EvalDatasetSchema` /
//! `EvalCaseSchema` / `EvalExpectBlockSchema` of
//! `@gleanwork/mcp-server-tester@1.1.0` (`dist/index.js`, zod schemas),
//! checked by hand through the one argument reader (`crate::reader`) so each
//! error names the field: `cases[3].expect.responseSize.maxBytes: expected a
//! number`. The messages are zod's, not the reader's own.
//!
//! As zod's `z.object`, unknown keys are allowed (zod strips them; we leave
//! the caller's value untouched); a present `null` is checked like any other
//! value (zod's `.optional()` refuses it). The first error found is
//! reported, in document order.

use super::judge::{read_rubric, JUDGE_PROVIDERS};
use super::sanitize::{built_in_names, Sanitizer};
use crate::error::{MatcherError, Result};
use crate::reader::Reader;
use crate::value::Val;
use serde_json::Value;

type R<'p, 'v> = Reader<'p, 'v>;

fn err(r: &R<'_, '_>, message: impl Into<String>) -> MatcherError {
    MatcherError::invalid_argument(r.path(), message)
}

fn obj(r: &R<'_, '_>) -> Result<()> {
    match r.value() {
        Some(Val::Obj(_)) => Ok(()),
        _ => Err(err(r, "expected an object")),
    }
}

/// A present value that must be there (zod's required fields).
fn required(r: &R<'_, '_>, what: &str) -> Result<()> {
    r.value().map(|_| ()).ok_or_else(|| err(r, what))
}

fn string(r: &R<'_, '_>, non_empty: Option<&str>) -> Result<()> {
    match r.value() {
        None => Ok(()),
        Some(Val::Str(s)) => match non_empty {
            Some(msg) if s.is_empty() => Err(err(r, msg)),
            _ => Ok(()),
        },
        Some(_) => Err(err(r, "expected a string")),
    }
}

fn number(r: &R<'_, '_>, int: bool, min: Option<f64>, max: Option<f64>) -> Result<()> {
    let n = match r.value() {
        None => return Ok(()),
        Some(Val::Num(n)) => *n,
        Some(_) => return Err(err(r, "expected a number")),
    };
    if int && n.fract() != 0.0 {
        return Err(err(r, "expected an integer"));
    }
    if let Some(m) = min.filter(|&m| n < m) {
        return Err(err(r, format!("expected a number at least {m}")));
    }
    if let Some(m) = max.filter(|&m| n > m) {
        return Err(err(r, format!("expected a number at most {m}")));
    }
    Ok(())
}

fn boolean(r: &R<'_, '_>) -> Result<()> {
    match r.value() {
        None | Some(Val::Bool(_)) => Ok(()),
        Some(_) => Err(err(r, "expected a boolean")),
    }
}

fn record(r: &R<'_, '_>) -> Result<()> {
    r.value().map_or(Ok(()), |_| obj(r))
}

fn one_of(r: &R<'_, '_>, allowed: &[&str]) -> Result<()> {
    match r.value() {
        None => Ok(()),
        Some(Val::Str(s)) if allowed.contains(&s.as_ref()) => Ok(()),
        Some(_) => Err(err(r, format!("expected one of {}", allowed.join(", ")))),
    }
}

fn strings(r: &R<'_, '_>) -> Result<()> {
    let Some(Val::Arr(items)) = r.value() else {
        return Err(err(r, "expected an array of strings"));
    };
    for (i, s) in items.iter().enumerate() {
        string(&r.item(i, s), None)?;
    }
    Ok(())
}

fn string_or_strings(r: &R<'_, '_>) -> Result<()> {
    match r.value() {
        None | Some(Val::Str(_)) => Ok(()),
        Some(Val::Arr(_)) => strings(r),
        Some(_) => Err(err(r, "expected a string or an array of strings")),
    }
}

/// `validateEvalDataset(json)`: `{ name, description?, cases: [case, ...],
/// metadata? }`, at least one case.
///
/// Errors: `INVALID_ARGUMENT` with the field path, e.g. `name` (`name must
/// not be empty`), `cases` (`dataset must have at least one case`),
/// `cases[3].expect.responseSize.maxBytes` (`expected a number`).
pub fn validate_eval_dataset(dataset: &Value) -> Result<()> {
    validate_dataset(&Reader::new(Some(&Val::from(dataset)), ""))
}

/// [`validate_eval_dataset`] over a reader whose root is unnamed (the fields'
/// paths are `name`, `cases[0]`, …; a non-object is refused at `dataset`).
pub(crate) fn validate_dataset(d: &R<'_, '_>) -> Result<()> {
    if !matches!(d.value(), Some(Val::Obj(_))) {
        return Err(MatcherError::invalid_argument("dataset", "expected an object"));
    }
    let name = d.field("name");
    required(&name, "expected a string")?;
    string(&name, Some("name must not be empty"))?;
    string(&d.field("description"), None)?;
    let cases = d.field("cases");
    let Some(Val::Arr(items)) = cases.value() else {
        return Err(err(&cases, "expected an array"));
    };
    if items.is_empty() {
        return Err(err(&cases, "dataset must have at least one case"));
    }
    for (i, c) in items.iter().enumerate() {
        case(&cases.item(i, c))?;
    }
    record(&d.field("metadata"))
}

/// One case (`EvalCaseSchema`): `{ id, description?, mode?, toolName?, args?,
/// scenario?, mcpHostConfig?, metadata?, iterations?, accuracyThreshold?,
/// judgeReps?, canonicalAnswer?, tags?, expect? }`. `path` prefixes errors.
pub fn validate_eval_case(case_value: &Value, path: &str) -> Result<()> {
    case(&Reader::new(Some(&Val::from(case_value)), path))
}

fn case(c: &R<'_, '_>) -> Result<()> {
    obj(c)?;
    let id = c.field("id");
    required(&id, "expected a string")?;
    string(&id, Some("id must not be empty"))?;
    string(&c.field("description"), None)?;
    one_of(&c.field("mode"), &["direct", "mcp_host"])?;
    string(&c.field("toolName"), Some("toolName must not be empty"))?;
    record(&c.field("args"))?;
    string(&c.field("scenario"), None)?;
    record(&c.field("mcpHostConfig"))?;
    record(&c.field("metadata"))?;
    number(&c.field("iterations"), true, Some(1.0), None)?;
    number(&c.field("accuracyThreshold"), false, Some(0.0), Some(1.0))?;
    number(&c.field("judgeReps"), true, Some(1.0), None)?;
    string(&c.field("canonicalAnswer"), None)?;
    let tags = c.field("tags");
    tags.value().map_or(Ok(()), |_| strings(&tags))?;
    let expect = c.field("expect");
    expect.value().map_or(Ok(()), |_| expect_block(&expect))
}

/// An `expect` block (`EvalExpectBlockSchema`); `path` prefixes errors.
pub fn validate_expect_block(expect: &Value, path: &str) -> Result<()> {
    expect_block(&Reader::new(Some(&Val::from(expect)), path))
}

fn expect_block(e: &R<'_, '_>) -> Result<()> {
    obj(e)?;
    string(&e.field("schema"), None)?;
    string_or_strings(&e.field("containsText"))?;
    string_or_strings(&e.field("matchesPattern"))?;
    string(&e.field("snapshot"), None)?;
    let sanitizers = e.field("snapshotSanitizers");
    match sanitizers.value() {
        None => {}
        Some(Val::Arr(items)) => items
            .iter()
            .enumerate()
            .try_for_each(|(i, s)| sanitizer(&sanitizers.item(i, s)))?,
        Some(_) => return Err(err(&sanitizers, "expected an array")),
    }
    let is_error = e.field("isError");
    match is_error.value() {
        None | Some(Val::Bool(_) | Val::Str(_)) => {}
        Some(Val::Arr(_)) => strings(&is_error)?,
        Some(_) => return Err(err(&is_error, "expected a boolean, a string or an array of strings")),
    }
    let judges = e.field("passesJudge");
    match judges.value() {
        None => {}
        Some(Val::Arr(items)) if items.is_empty() => return Err(err(&judges, "expected at least one judge")),
        Some(Val::Arr(items)) => items
            .iter()
            .enumerate()
            .try_for_each(|(i, j)| judge(&judges.item(i, j)))?,
        Some(_) => judge(&judges)?,
    }
    let size = e.field("responseSize");
    if size.value().is_some() {
        obj(&size)?;
        number(&size.field("maxBytes"), false, None, None)?;
        number(&size.field("minBytes"), false, None, None)?;
    }
    let tools = e.field("toolsTriggered");
    tools.value().map_or(Ok(()), |_| tools_triggered(&tools))?;
    let count = e.field("toolCallCount");
    if count.value().is_some() {
        obj(&count)?;
        for k in ["min", "max", "exact"] {
            number(&count.field(k), true, Some(0.0), None)?;
        }
    }
    Ok(())
}

fn sanitizer(s: &R<'_, '_>) -> Result<()> {
    let (pattern, remove) = (s.field("pattern"), s.field("remove"));
    match s.value() {
        Some(Val::Str(n)) if Sanitizer::built_in(n).is_some() => Ok(()),
        Some(Val::Str(_)) => Err(err(s, format!("expected one of {}", built_in_names()))),
        Some(Val::Obj(_)) if pattern.value().is_some() => {
            if !matches!(pattern.value(), Some(Val::Str(_))) {
                return Err(err(&pattern, "expected a string"));
            }
            string(&s.field("replacement"), None)
        }
        Some(Val::Obj(_)) if remove.value().is_some() => strings(&remove),
        _ => Err(err(
            s,
            "expected a built-in name, { pattern, replacement? } or { remove: [...] }",
        )),
    }
}

fn judge(j: &R<'_, '_>) -> Result<()> {
    obj(j)?;
    string(&j.field("judge"), Some("expected a non-empty string"))?;
    let rubric = j.field("rubric");
    if rubric.value().is_some() {
        read_rubric(&rubric).map_err(|e| MatcherError::invalid_argument(e.path, e.message))?;
    }
    number(&j.field("threshold"), false, Some(0.0), Some(1.0))?;
    number(&j.field("reps"), true, Some(1.0), None)?;
    one_of(&j.field("provider"), &JUDGE_PROVIDERS)?;
    string(&j.field("model"), None)?;
    string(&j.field("apiKeyEnvVar"), None)?;
    number(&j.field("maxTokens"), true, Some(1.0), None)?;
    number(&j.field("temperature"), false, Some(0.0), Some(1.0))?;
    number(&j.field("maxBudgetUsd"), false, Some(f64::MIN_POSITIVE), None)?;
    number(&j.field("maxToolOutputSize"), true, Some(1.0), None)?;
    if j.field("judge").value().is_none() && rubric.value().is_none() {
        return Err(err(j, "Either \"judge\" or \"rubric\" must be provided in passesJudge"));
    }
    Ok(())
}

fn tools_triggered(t: &R<'_, '_>) -> Result<()> {
    obj(t)?;
    let calls = t.field("calls");
    let Some(Val::Arr(items)) = calls.value() else {
        return Err(err(&calls, "expected an array"));
    };
    for (i, c) in items.iter().enumerate() {
        let c = calls.item(i, c);
        obj(&c)?;
        let name = c.field("name");
        if !matches!(name.value(), Some(Val::Str(_))) {
            return Err(err(&name, "expected a string"));
        }
        record(&c.field("arguments"))?;
        boolean(&c.field("required"))?;
    }
    one_of(&t.field("order"), &["strict", "any"])?;
    boolean(&t.field("exclusive"))
}
