//! `evaluateExpectations` and `validateJudge` natively: the core's plan
//! ([`super::plan`]), answered from an [`EvaluateContext`], as the JS glue
//! answers it from the caller's async functions. The model call is a
//! [`JudgeModel`] the caller implements (no network code in this crate).
//! Follows `runExpectBlockValidations` and `validateJudge` of
//! `@gleanwork/mcp-server-tester@1.1.0` (`dist/index.js`).

use super::assertions::CheckResult;
use super::judge::{judge_step, judge_text, judges_result, parse_verdict, JudgeOutcome, JudgeStep};
use super::plan::{plan, snapshot_result, PlanOptions, SchemaTarget, Step};
use crate::error::Result;
use crate::reader::Reader;
use crate::value::Val;
use serde_json::Value;
use std::collections::HashMap;

/// The caller's model: given the judge prompt, return the model's raw reply
/// text (parsed with [`parse_verdict`]) or an error message.
pub trait JudgeModel {
    /// The model's reply to `prompt`, or why there is none.
    fn complete(&mut self, prompt: &str) -> std::result::Result<String, String>;
}

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
/// `Schema "<name>" not found in schemas registry`); a missing stored
/// snapshot fails; a named judge (`passesJudge.judge`) is not registered.
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
    let (e, r) = (Val::from(expect), Val::from(response));
    let steps = plan(&Reader::new(Some(&e), "expect"), &r, &PlanOptions::default())?;
    Ok(steps
        .into_iter()
        .map(|(key, step)| (key.to_string(), answer(step, response, &r, ctx)))
        .collect())
}

fn answer(step: Step, response: &Value, r: &Val<'_>, ctx: &mut EvaluateContext<'_>) -> CheckResult {
    match step {
        Step::Done(result) => result,
        Step::Tools(t) => CheckResult {
            pass: t.pass,
            message: t.message,
            details: t.details,
        },
        Step::Schema { name, target, missing } => schema(ctx, &name, &target, response, r).unwrap_or(missing),
        Step::Judge(steps) => {
            let outcomes = steps.iter().map(|s| ask(s, ctx.judge.as_deref_mut())).collect();
            judges_result(&steps.iter().map(JudgeStep::who).collect::<Vec<_>>(), outcomes)
        }
        Step::Snapshot { name, actual } => snapshot_result(&name, actual, ctx.snapshots.get(&name).map(String::as_str)),
        Step::Predicate { .. } => unreachable!("no predicate is planned natively"),
    }
}

#[cfg(feature = "schema")]
fn schema(
    ctx: &EvaluateContext<'_>,
    name: &str,
    target: &SchemaTarget,
    response: &Value,
    r: &Val<'_>,
) -> Option<CheckResult> {
    let value = super::schema::target_value(target, response);
    Some(super::schema::verdict(&ctx.schemas.get(name)?.validate(&value), r))
}

#[cfg(not(feature = "schema"))]
fn schema(_: &EvaluateContext<'_>, _: &str, _: &SchemaTarget, _: &Value, _: &Val<'_>) -> Option<CheckResult> {
    None
}

/// Asks the model for a model judge's `reps` verdicts (stopping at the
/// first error); a named judge, or no model, is [`JudgeOutcome::Missing`].
fn ask<'m>(step: &JudgeStep, model: Option<&mut (dyn JudgeModel + 'm)>) -> JudgeOutcome {
    let (JudgeStep::Model { prompt, reps, .. }, Some(model)) = (step, model) else {
        return JudgeOutcome::Missing;
    };
    let mut verdicts = Vec::new();
    for _ in 0..*reps {
        match model
            .complete(prompt)
            .and_then(|reply| parse_verdict(&reply).map_err(|e| e.message))
        {
            Ok(v) => verdicts.push((v.score, v.reasoning)),
            Err(e) => return JudgeOutcome::Error(e),
        }
    }
    JudgeOutcome::Verdicts(verdicts)
}

/// `validateJudge(response, config)` with the caller's model.
///
/// `config`: `{ rubric: name | { text }, reference?, threshold? (default
/// 0.7), reps? (default 1) }`. The candidate is `response` (a string as is,
/// else pretty JSON text; keys sorted, as `serde_json` stores them). The
/// model is asked `reps` times; the mean score is compared with the
/// threshold: `Judge passed with score 0.75` / `Judge failed with score 0.50
/// (threshold: 0.7). <reasoning>` (` (mean of N reps: [..])` when N > 1),
/// `details: { score, reasoning, scores?, scoreStdDev?, highVariance? }`.
/// A model error or an unreadable verdict is a failed result with message
/// `Judge evaluation error: …`, as in the reference; a named `judge` is not
/// registered natively.
///
/// Errors: `INVALID_ARGUMENT`/`INVALID_OPTION` (path `config…`) for a
/// malformed config.
pub fn validate_judge(response: &Value, config: &Value, model: &mut dyn JudgeModel) -> Result<CheckResult> {
    let (c, r) = (Val::from(config), Val::from(response));
    let step = judge_step(&Reader::new(Some(&c), "config"), &judge_text(&r), None, None)?;
    let outcome = ask(&step, Some(model));
    Ok(judges_result(&[step.who()], vec![outcome]))
}
