//! Eval dataset validation: the rules of `EvalDatasetSchema` /
//! `EvalCaseSchema` / `EvalExpectBlockSchema` of
//! `@gleanwork/mcp-server-tester@1.1.0` (`dist/index.js`, zod schemas),
//! checked by hand over `serde_json` values so each error names the field:
//! `cases[3].expect.responseSize.maxBytes: expected a number`.
//!
//! As zod's `z.object`, unknown keys are allowed (zod strips them; we leave
//! the caller's value untouched). The first error found is reported, in
//! document order.

use super::judge::resolve_rubric;
use crate::error::{MatcherError, Result};
use serde_json::{Map, Value};

type Obj = Map<String, Value>;

fn err(path: &str, message: impl Into<String>) -> MatcherError {
    MatcherError::invalid_argument(path, message)
}

fn obj<'a>(v: &'a Value, path: &str) -> Result<&'a Obj> {
    v.as_object().ok_or_else(|| err(path, "expected an object"))
}

/// A present, non-null field (zod's `.optional()` refuses `null`, so a
/// `null` is checked like any other value).
fn field<'a>(o: &'a Obj, key: &str) -> Option<&'a Value> {
    o.get(key)
}

fn sub(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn string(o: &Obj, key: &str, path: &str, non_empty: Option<&str>) -> Result<()> {
    match field(o, key) {
        None => Ok(()),
        Some(Value::String(s)) => match non_empty {
            Some(msg) if s.is_empty() => Err(err(&sub(path, key), msg)),
            _ => Ok(()),
        },
        Some(_) => Err(err(&sub(path, key), "expected a string")),
    }
}

fn number(o: &Obj, key: &str, path: &str, int: bool, min: Option<f64>, max: Option<f64>) -> Result<()> {
    let Some(v) = field(o, key) else { return Ok(()) };
    let p = sub(path, key);
    let n = v.as_f64().ok_or_else(|| err(&p, "expected a number"))?;
    if int && n.fract() != 0.0 {
        return Err(err(&p, "expected an integer"));
    }
    if let Some(m) = min {
        if n < m {
            return Err(err(&p, format!("expected a number at least {m}")));
        }
    }
    if let Some(m) = max {
        if n > m {
            return Err(err(&p, format!("expected a number at most {m}")));
        }
    }
    Ok(())
}

fn boolean(o: &Obj, key: &str, path: &str) -> Result<()> {
    match field(o, key) {
        None | Some(Value::Bool(_)) => Ok(()),
        Some(_) => Err(err(&sub(path, key), "expected a boolean")),
    }
}

fn record(o: &Obj, key: &str, path: &str) -> Result<()> {
    match field(o, key) {
        None | Some(Value::Object(_)) => Ok(()),
        Some(_) => Err(err(&sub(path, key), "expected an object")),
    }
}

fn one_of(o: &Obj, key: &str, path: &str, allowed: &[&str]) -> Result<()> {
    match field(o, key) {
        None => Ok(()),
        Some(Value::String(s)) if allowed.contains(&s.as_str()) => Ok(()),
        Some(_) => Err(err(&sub(path, key), format!("expected one of {}", allowed.join(", ")))),
    }
}

fn strings(v: &Value, path: &str) -> Result<()> {
    let a = v.as_array().ok_or_else(|| err(path, "expected an array of strings"))?;
    for (i, s) in a.iter().enumerate() {
        if !s.is_string() {
            return Err(err(&format!("{path}[{i}]"), "expected a string"));
        }
    }
    Ok(())
}

fn string_or_strings(o: &Obj, key: &str, path: &str) -> Result<()> {
    match field(o, key) {
        None | Some(Value::String(_)) => Ok(()),
        Some(v @ Value::Array(_)) => strings(v, &sub(path, key)),
        Some(_) => Err(err(&sub(path, key), "expected a string or an array of strings")),
    }
}

/// `validateEvalDataset(json)`: `{ name, description?, cases: [case, ...],
/// metadata? }`, at least one case.
///
/// Errors: `INVALID_ARGUMENT` with the field path, e.g. `name` (`name must
/// not be empty`), `cases` (`dataset must have at least one case`),
/// `cases[3].expect.responseSize.maxBytes` (`expected a number`).
pub fn validate_eval_dataset(dataset: &Value) -> Result<()> {
    let o = obj(dataset, "dataset")?;
    match field(o, "name") {
        None => return Err(err("name", "expected a string")),
        _ => string(o, "name", "", Some("name must not be empty"))?,
    }
    string(o, "description", "", None)?;
    let cases = match field(o, "cases") {
        Some(Value::Array(a)) => a,
        _ => return Err(err("cases", "expected an array")),
    };
    if cases.is_empty() {
        return Err(err("cases", "dataset must have at least one case"));
    }
    for (i, c) in cases.iter().enumerate() {
        validate_eval_case(c, &format!("cases[{i}]"))?;
    }
    record(o, "metadata", "")
}

/// One case (`EvalCaseSchema`): `{ id, description?, mode?, toolName?, args?,
/// scenario?, mcpHostConfig?, metadata?, iterations?, accuracyThreshold?,
/// judgeReps?, canonicalAnswer?, tags?, expect? }`. `path` prefixes errors.
pub fn validate_eval_case(case: &Value, path: &str) -> Result<()> {
    let o = obj(case, path)?;
    if field(o, "id").is_none() {
        return Err(err(&sub(path, "id"), "expected a string"));
    }
    string(o, "id", path, Some("id must not be empty"))?;
    string(o, "description", path, None)?;
    one_of(o, "mode", path, &["direct", "mcp_host"])?;
    string(o, "toolName", path, Some("toolName must not be empty"))?;
    record(o, "args", path)?;
    string(o, "scenario", path, None)?;
    record(o, "mcpHostConfig", path)?;
    record(o, "metadata", path)?;
    number(o, "iterations", path, true, Some(1.0), None)?;
    number(o, "accuracyThreshold", path, false, Some(0.0), Some(1.0))?;
    number(o, "judgeReps", path, true, Some(1.0), None)?;
    string(o, "canonicalAnswer", path, None)?;
    if let Some(t) = field(o, "tags") {
        strings(t, &sub(path, "tags"))?;
    }
    match field(o, "expect") {
        None => Ok(()),
        Some(e) => validate_expect_block(e, &sub(path, "expect")),
    }
}

/// An `expect` block (`EvalExpectBlockSchema`).
pub fn validate_expect_block(expect: &Value, path: &str) -> Result<()> {
    let o = obj(expect, path)?;
    string(o, "schema", path, None)?;
    string_or_strings(o, "containsText", path)?;
    string_or_strings(o, "matchesPattern", path)?;
    string(o, "snapshot", path, None)?;
    if let Some(s) = field(o, "snapshotSanitizers") {
        let p = sub(path, "snapshotSanitizers");
        let a = s.as_array().ok_or_else(|| err(&p, "expected an array"))?;
        for (i, s) in a.iter().enumerate() {
            sanitizer(s, &format!("{p}[{i}]"))?;
        }
    }
    match field(o, "isError") {
        None | Some(Value::Bool(_)) | Some(Value::String(_)) => {}
        Some(v @ Value::Array(_)) => strings(v, &sub(path, "isError"))?,
        Some(_) => {
            return Err(err(
                &sub(path, "isError"),
                "expected a boolean, a string or an array of strings",
            ))
        }
    }
    match field(o, "passesJudge") {
        None => {}
        Some(Value::Array(a)) => {
            let p = sub(path, "passesJudge");
            if a.is_empty() {
                return Err(err(&p, "expected at least one judge"));
            }
            for (i, j) in a.iter().enumerate() {
                judge(j, &format!("{p}[{i}]"))?;
            }
        }
        Some(j) => judge(j, &sub(path, "passesJudge"))?,
    }
    if let Some(s) = field(o, "responseSize") {
        let p = sub(path, "responseSize");
        let so = obj(s, &p)?;
        number(so, "maxBytes", &p, false, None, None)?;
        number(so, "minBytes", &p, false, None, None)?;
    }
    if let Some(t) = field(o, "toolsTriggered") {
        tools_triggered(t, &sub(path, "toolsTriggered"))?;
    }
    if let Some(c) = field(o, "toolCallCount") {
        let p = sub(path, "toolCallCount");
        let co = obj(c, &p)?;
        for k in ["min", "max", "exact"] {
            number(co, k, &p, true, Some(0.0), None)?;
        }
    }
    Ok(())
}

fn sanitizer(s: &Value, path: &str) -> Result<()> {
    match s {
        Value::String(n) if ["timestamp", "uuid", "iso-date", "objectId", "jwt"].contains(&n.as_str()) => Ok(()),
        Value::String(_) => Err(err(path, "expected one of timestamp, uuid, iso-date, objectId, jwt")),
        Value::Object(o) if o.contains_key("pattern") => {
            if !o["pattern"].is_string() {
                return Err(err(&sub(path, "pattern"), "expected a string"));
            }
            string(o, "replacement", path, None)
        }
        Value::Object(o) if o.contains_key("remove") => strings(&o["remove"], &sub(path, "remove")),
        _ => Err(err(
            path,
            "expected a built-in name, { pattern, replacement? } or { remove: [...] }",
        )),
    }
}

fn judge(j: &Value, path: &str) -> Result<()> {
    let o = obj(j, path)?;
    string(o, "judge", path, Some("expected a non-empty string"))?;
    if let Some(r) = field(o, "rubric") {
        resolve_rubric(r, &sub(path, "rubric")).map_err(|e| err(&e.path, e.message))?;
    }
    number(o, "threshold", path, false, Some(0.0), Some(1.0))?;
    number(o, "reps", path, true, Some(1.0), None)?;
    one_of(
        o,
        "provider",
        path,
        &[
            "anthropic",
            "vertex-anthropic",
            "anthropic-agent-sdk",
            "openai",
            "google",
        ],
    )?;
    string(o, "model", path, None)?;
    string(o, "apiKeyEnvVar", path, None)?;
    number(o, "maxTokens", path, true, Some(1.0), None)?;
    number(o, "temperature", path, false, Some(0.0), Some(1.0))?;
    number(o, "maxBudgetUsd", path, false, Some(f64::MIN_POSITIVE), None)?;
    number(o, "maxToolOutputSize", path, true, Some(1.0), None)?;
    if field(o, "judge").is_none() && field(o, "rubric").is_none() {
        return Err(err(
            path,
            "Either \"judge\" or \"rubric\" must be provided in passesJudge",
        ));
    }
    Ok(())
}

fn tools_triggered(t: &Value, path: &str) -> Result<()> {
    let o = obj(t, path)?;
    let p = sub(path, "calls");
    let calls = match field(o, "calls") {
        Some(Value::Array(a)) => a,
        _ => return Err(err(&p, "expected an array")),
    };
    for (i, c) in calls.iter().enumerate() {
        let cp = format!("{p}[{i}]");
        let co = obj(c, &cp)?;
        match field(co, "name") {
            Some(Value::String(_)) => {}
            _ => return Err(err(&sub(&cp, "name"), "expected a string")),
        }
        record(co, "arguments", &cp)?;
        boolean(co, "required", &cp)?;
    }
    one_of(o, "order", path, &["strict", "any"])?;
    boolean(o, "exclusive", path)
}
