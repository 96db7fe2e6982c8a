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
//! reported, in document order, as a [`MatcherError`] with the field's path
//! and, for code that reads zod's `error.issues`, a [`DatasetIssue`]
//! `{ path, message, code }` (path as keys and indices, `code` zod 4's:
//! `invalid_type`, `too_small`, `too_big`, `invalid_value`,
//! `invalid_union`, `custom`).
//!
//! Beyond the reference: a `matchesPattern` or custom sanitizer pattern must
//! compile on the linear-time engine (the reference accepts `")4"` here and
//! throws only when the case runs).

use super::judge::{read_rubric, JUDGE_PROVIDERS};
use super::matches_pattern::check_pattern;
use super::sanitize::{built_in_names, read_sanitizers, CompiledSanitizers, Sanitizer};
use crate::error::{MatcherError, Result};
use crate::reader::Reader;
use crate::value::Val;
use serde::Serialize;
use serde_json::Value;

type R<'p, 'v> = Reader<'p, 'v>;

/// One problem of a dataset, shaped like a zod issue (what the reference's
/// `validateEvalDataset` throws in its `ZodError`'s `issues`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DatasetIssue {
    /// Keys and indices from the dataset (or case) down to the field:
    /// `["cases", 3, "expect", "responseSize", "maxBytes"]`.
    pub path: Vec<Value>,
    /// Our message (the [`MatcherError`]'s).
    pub message: String,
    /// zod 4's issue code.
    pub code: &'static str,
}

/// A refused dataset: the coded error and its issue.
pub(crate) struct Refusal {
    pub error: MatcherError,
    pub issue: DatasetIssue,
}

impl Refusal {
    /// A refusal that is only the coded error (its issue read off the error's path).
    pub(crate) fn plain(error: MatcherError) -> Refusal {
        let path = error
            .path
            .split(['.', '['])
            .filter(|k| !k.is_empty())
            .map(|k| match k.strip_suffix(']').and_then(|n| n.parse::<u64>().ok()) {
                Some(n) => Value::from(n),
                None => Value::from(k),
            })
            .collect();
        Refusal {
            issue: DatasetIssue {
                path,
                message: error.message.clone(),
                code: INVALID_TYPE,
            },
            error,
        }
    }
}

impl From<Refusal> for MatcherError {
    fn from(r: Refusal) -> MatcherError {
        r.error
    }
}

type Checked = std::result::Result<(), Refusal>;

/// zod 4's issue codes, as the reference's schemas produce them.
const INVALID_TYPE: &str = "invalid_type";
const TOO_SMALL: &str = "too_small";
const TOO_BIG: &str = "too_big";
const INVALID_VALUE: &str = "invalid_value";
const INVALID_UNION: &str = "invalid_union";
const CUSTOM: &str = "custom";

fn err_at(r: &R<'_, '_>, code: &'static str, message: impl Into<String>) -> Refusal {
    let message = message.into();
    // The root itself (a dataset or case that is not an object) is named by what it is.
    let path = match r.path() {
        p if p.is_empty() => "dataset".to_string(),
        p => p,
    };
    Refusal {
        issue: DatasetIssue {
            path: r.keys(),
            message: message.clone(),
            code,
        },
        error: MatcherError::invalid_argument(path, message),
    }
}

/// A [`MatcherError`] of another reader (a rubric, a pattern) as a refusal
/// at `r` with `code`.
fn refusal_of(r: &R<'_, '_>, code: &'static str, e: MatcherError) -> Refusal {
    let mut out = err_at(r, code, e.message);
    out.error.path = e.path;
    out
}

fn err(r: &R<'_, '_>, message: impl Into<String>) -> Refusal {
    err_at(r, INVALID_TYPE, message)
}

fn obj(r: &R<'_, '_>) -> Checked {
    match r.value() {
        Some(Val::Obj(_)) => Ok(()),
        _ => Err(err(r, "expected an object")),
    }
}

/// A present value that must be there (zod's required fields).
fn required(r: &R<'_, '_>, what: &str) -> Checked {
    r.value().map(|_| ()).ok_or_else(|| err(r, what))
}

fn string(r: &R<'_, '_>, non_empty: Option<&str>) -> Checked {
    match r.value() {
        None => Ok(()),
        Some(Val::Str(s)) => match non_empty {
            Some(msg) if s.is_empty() => Err(err_at(r, TOO_SMALL, msg)),
            _ => Ok(()),
        },
        Some(_) => Err(err(r, "expected a string")),
    }
}

fn number(r: &R<'_, '_>, int: bool, min: Option<f64>, max: Option<f64>) -> Checked {
    let n = match r.value() {
        None => return Ok(()),
        Some(Val::Num(n)) => *n,
        Some(_) => return Err(err(r, "expected a number")),
    };
    if int && n.fract() != 0.0 {
        return Err(err(r, "expected an integer"));
    }
    if let Some(m) = min.filter(|&m| n < m) {
        return Err(err_at(r, TOO_SMALL, format!("expected a number at least {m}")));
    }
    if let Some(m) = max.filter(|&m| n > m) {
        return Err(err_at(r, TOO_BIG, format!("expected a number at most {m}")));
    }
    Ok(())
}

fn boolean(r: &R<'_, '_>) -> Checked {
    match r.value() {
        None | Some(Val::Bool(_)) => Ok(()),
        Some(_) => Err(err(r, "expected a boolean")),
    }
}

fn record(r: &R<'_, '_>) -> Checked {
    r.value().map_or(Ok(()), |_| obj(r))
}

fn one_of(r: &R<'_, '_>, allowed: &[&str]) -> Checked {
    match r.value() {
        None => Ok(()),
        Some(Val::Str(s)) if allowed.contains(&s.as_ref()) => Ok(()),
        Some(_) => Err(err_at(
            r,
            INVALID_VALUE,
            format!("expected one of {}", allowed.join(", ")),
        )),
    }
}

fn strings(r: &R<'_, '_>) -> Checked {
    let Some(Val::Arr(items)) = r.value() else {
        return Err(err(r, "expected an array of strings"));
    };
    for (i, s) in items.iter().enumerate() {
        string(&r.item(i, s), None)?;
    }
    Ok(())
}

fn string_or_strings(r: &R<'_, '_>) -> Checked {
    match r.value() {
        None | Some(Val::Str(_)) => Ok(()),
        Some(Val::Arr(_)) => strings(r),
        Some(_) => Err(err_at(r, INVALID_UNION, "expected a string or an array of strings")),
    }
}

/// `matchesPattern`: a string or strings, each compiling on the linear-time
/// engine as `validatePattern` will run it.
fn patterns(r: &R<'_, '_>) -> Checked {
    string_or_strings(r)?;
    let compile = |p: &R<'_, '_>, source: &str| {
        check_pattern(source, &p.path()).map_err(|e| {
            let message = format!("invalid regex pattern \"{source}\": {}", e.message);
            refusal_of(p, CUSTOM, MatcherError { message, ..e })
        })
    };
    match r.value() {
        Some(Val::Str(s)) => compile(r, s),
        Some(Val::Arr(items)) => items.iter().enumerate().try_for_each(|(i, v)| match v {
            Val::Str(s) => compile(&r.item(i, v), s),
            _ => Ok(()),
        }),
        _ => Ok(()),
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

/// What [`validate_eval_dataset`] found wrong, as zod issues: the first
/// problem (empty when the dataset is valid).
pub fn eval_dataset_issues(dataset: &Value) -> Vec<DatasetIssue> {
    check_dataset(&Reader::new(Some(&Val::from(dataset)), ""))
        .err()
        .map(|r| r.issue)
        .into_iter()
        .collect()
}

/// [`validate_eval_dataset`] over a reader whose root is unnamed (the fields'
/// paths are `name`, `cases[0]`, …; a non-object is refused at `dataset`).
pub(crate) fn validate_dataset(d: &R<'_, '_>) -> Result<()> {
    Ok(check_dataset(d)?)
}

/// [`validate_dataset`] with the refusal's issue.
pub(crate) fn check_dataset(d: &R<'_, '_>) -> Checked {
    obj(d)?;
    let name = d.field("name");
    required(&name, "expected a string")?;
    string(&name, Some("name must not be empty"))?;
    string(&d.field("description"), None)?;
    let cases = d.field("cases");
    let Some(Val::Arr(items)) = cases.value() else {
        return Err(err(&cases, "expected an array"));
    };
    if items.is_empty() {
        return Err(err_at(&cases, TOO_SMALL, "dataset must have at least one case"));
    }
    for (i, c) in items.iter().enumerate() {
        case(&cases.item(i, c))?;
    }
    record(&d.field("metadata"))
}

/// One case (`EvalCaseSchema`): `{ id, description?, mode?, toolName?, args?,
/// scenario?, mcpHostConfig?, metadata?, iterations?, accuracyThreshold?,
/// judgeReps?, canonicalAnswer?, tags?, expect? }` (`validateEvalCase` of
/// the reference). `path` prefixes errors (`""`: the fields' own paths, `id`,
/// `expect.passesJudge`, …, and a non-object refused at `evalCase`).
///
/// Errors: `INVALID_ARGUMENT` at the field's path, as [`validate_eval_dataset`].
pub fn validate_eval_case(case_value: &Value, path: &str) -> Result<()> {
    Ok(check_case(&Reader::new(Some(&Val::from(case_value)), path))?)
}

/// [`validate_eval_case`]'s issues, as [`eval_dataset_issues`] (paths from the case).
pub fn eval_case_issues(case_value: &Value) -> Vec<DatasetIssue> {
    check_case(&Reader::new(Some(&Val::from(case_value)), ""))
        .err()
        .map(|r| r.issue)
        .into_iter()
        .collect()
}

/// One case read at `c` (a root named `""` refuses a non-object at `evalCase`).
pub(crate) fn check_case(c: &R<'_, '_>) -> Checked {
    match case(c) {
        Err(mut r) if r.error.path == "dataset" => {
            r.error.path = "evalCase".into();
            Err(r)
        }
        other => other,
    }
}

fn case(c: &R<'_, '_>) -> Checked {
    obj(c)?;
    let id = c.field("id");
    required(&id, "expected a string")?;
    string(&id, Some("id must not be empty"))?;
    string(&c.field("description"), None)?;
    one_of(&c.field("mode"), &["direct", "mcp_host"])?;
    string(&c.field("toolName"), Some("toolName must not be empty"))?;
    record(&c.field("args"))?;
    string(&c.field("scenario"), None)?;
    let host = c.field("mcpHostConfig");
    host.value().map_or(Ok(()), |_| host_config(&host))?;
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

/// `mcpHostConfig` (`MCPHostConfigSchema`).
fn host_config(h: &R<'_, '_>) -> Checked {
    obj(h)?;
    one_of(&h.field("hostType"), &["sdk", "cli", "browser", "desktop"])?;
    one_of(&h.field("provider"), &HOST_PROVIDERS)?;
    string(&h.field("apiKeyEnvVar"), None)?;
    string(&h.field("model"), None)?;
    for k in ["maxTokens", "temperature", "maxToolCalls"] {
        number(&h.field(k), false, None, None)?;
    }
    let cli = h.field("cli");
    if cli.value().is_none() {
        return Ok(());
    }
    obj(&cli)?;
    let command = cli.field("command");
    required(&command, "expected a string")?;
    string(&command, None)?;
    let args = cli.field("args");
    required(&args, "expected an array of strings")?;
    strings(&args)?;
    one_of(&cli.field("outputFormat"), &["stream-json", "json"])?;
    number(&cli.field("timeout"), false, None, None)
}

/// The providers `mcpHostConfig.provider` may name.
const HOST_PROVIDERS: [&str; 9] = [
    "openai",
    "anthropic",
    "azure",
    "google",
    "mistral",
    "deepseek",
    "openrouter",
    "xai",
    "vertex-anthropic",
];

/// An `expect` block (`EvalExpectBlockSchema`); `path` prefixes errors.
pub fn validate_expect_block(expect: &Value, path: &str) -> Result<()> {
    Ok(expect_block(&Reader::new(Some(&Val::from(expect)), path))?)
}

fn expect_block(e: &R<'_, '_>) -> Checked {
    obj(e)?;
    string(&e.field("schema"), None)?;
    string_or_strings(&e.field("containsText"))?;
    patterns(&e.field("matchesPattern"))?;
    string(&e.field("snapshot"), None)?;
    let sanitizers = e.field("snapshotSanitizers");
    match sanitizers.value() {
        None => {}
        Some(Val::Arr(items)) => {
            items
                .iter()
                .enumerate()
                .try_for_each(|(i, s)| sanitizer(&sanitizers.item(i, s)))?;
            // Each custom pattern compiles as the snapshot will run it.
            let list = read_sanitizers(&sanitizers).map_err(|e| refusal_of(&sanitizers, INVALID_TYPE, e))?;
            if let Err(e) = CompiledSanitizers::new(&list, &sanitizers.path()) {
                let i = e.path.trim_start_matches(&sanitizers.path());
                let i = i
                    .trim_start_matches('[')
                    .split(']')
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(0);
                let item = sanitizers.item(i, &items[i.min(items.len() - 1)]);
                return Err(refusal_of(&item.field("pattern"), CUSTOM, e));
            }
        }
        Some(_) => return Err(err(&sanitizers, "expected an array")),
    }
    let is_error = e.field("isError");
    match is_error.value() {
        None | Some(Val::Bool(_) | Val::Str(_)) => {}
        Some(Val::Arr(_)) => strings(&is_error)?,
        Some(_) => {
            return Err(err_at(
                &is_error,
                INVALID_UNION,
                "expected a boolean, a string or an array of strings",
            ))
        }
    }
    let judges = e.field("passesJudge");
    match judges.value() {
        None => {}
        Some(Val::Arr(items)) if items.is_empty() => {
            return Err(err_at(&judges, TOO_SMALL, "expected at least one judge"))
        }
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

fn sanitizer(s: &R<'_, '_>) -> Checked {
    let (pattern, remove) = (s.field("pattern"), s.field("remove"));
    match s.value() {
        Some(Val::Str(n)) if Sanitizer::built_in(n).is_some() => Ok(()),
        Some(Val::Str(_)) => Err(err_at(
            s,
            INVALID_UNION,
            format!("expected one of {}", built_in_names()),
        )),
        Some(Val::Obj(_)) if pattern.value().is_some() => {
            if !matches!(pattern.value(), Some(Val::Str(_))) {
                return Err(err(&pattern, "expected a string"));
            }
            string(&s.field("replacement"), None)
        }
        Some(Val::Obj(_)) if remove.value().is_some() => strings(&remove),
        _ => Err(err_at(
            s,
            INVALID_UNION,
            "expected a built-in name, { pattern, replacement? } or { remove: [...] }",
        )),
    }
}

fn judge(j: &R<'_, '_>) -> Checked {
    obj(j)?;
    string(&j.field("judge"), Some("expected a non-empty string"))?;
    let rubric = j.field("rubric");
    if rubric.value().is_some() {
        read_rubric(&rubric).map_err(|e| match rubric.value() {
            Some(Val::Str(_)) => refusal_of(
                &rubric,
                INVALID_VALUE,
                MatcherError::invalid_argument(e.path, e.message),
            ),
            Some(Val::Obj(_)) => {
                let text = rubric.field("text");
                let code = if matches!(text.value(), Some(Val::Str(_))) {
                    TOO_SMALL
                } else {
                    INVALID_TYPE
                };
                refusal_of(&text, code, MatcherError::invalid_argument(e.path, e.message))
            }
            _ => refusal_of(&rubric, INVALID_UNION, e),
        })?;
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
        return Err(err_at(
            j,
            CUSTOM,
            "Either \"judge\" or \"rubric\" must be provided in passesJudge",
        ));
    }
    Ok(())
}

fn tools_triggered(t: &R<'_, '_>) -> Checked {
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
