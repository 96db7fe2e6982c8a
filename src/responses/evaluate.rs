//! `evaluateExpectations`, `validateJudge` and `runEvalDataset` natively:
//! the core's plans ([`super::plan`], [`super::run`]), answered from an
//! [`EvaluateContext`] and the caller's tool, as the JS glue answers them from
//! the caller's async functions. The model call is a [`JudgeModel`] the
//! caller implements (no network code in this crate). Follows
//! `runExpectBlockValidations`, `validateJudge`, `runEvalCase` and
//! `runEvalDataset` of `@gleanwork/mcp-server-tester@1.1.0` (`dist/index.js`).

use super::assertions::CheckResult;
use super::judge::read_reps;
use super::judge::{judge_step, judge_text, judges_result, missing_judge, parse_verdict, JudgeOutcome, JudgeStep};
use super::plan::{plan, snapshot_result, PlanOptions, SchemaTarget, Step};
use super::run::{finish_case, finish_dataset, plan_case, plan_run, CaseStep};
use super::ToolCallMetrics;
use crate::error::{MatcherError, Result};
use crate::reader::Reader;
use crate::value::Val;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::time::Instant;

/// The caller's model: given the judge prompt, return the model's raw reply
/// text (parsed with [`parse_verdict`]) or an error.
///
/// Takes `&self` and is `Send + Sync`, so that one model serves parallel
/// evaluations and [`EvaluateContext`] is `Send + Sync`; a model that keeps
/// state (a reply script, a call counter) holds it behind a `Mutex` or an
/// atomic. The error is a [`BoxError`](crate::error::BoxError) (any
/// `std::error::Error + Send + Sync`, or a `String` through `.into()`): its
/// `to_string()` is the message of the failed check (`Judge evaluation
/// error: <message>`, as `validateJudge` of
/// `@gleanwork/mcp-server-tester@1.1.0` words a thrown model error).
///
/// A closure `Fn(&str) -> Result<String, E>` (with `E` a `String`, a
/// `&'static str` or an error type) is a `JudgeModel`:
///
/// ```
/// use mcp_matchers::responses::{validate_judge, JudgeModel};
/// use serde_json::json;
/// let model = |_prompt: &str| -> Result<String, String> { Ok(r#"{"score": 0.9, "reasoning": "ok"}"#.into()) };
/// let r = validate_judge(&json!("4"), &json!({ "rubric": "correctness" }), &model)?;
/// assert_eq!(r.message, "Judge passed with score 0.90");
/// # Ok::<(), mcp_matchers::MatcherError>(())
/// ```
pub trait JudgeModel: Send + Sync {
    /// The model's reply to `prompt`, or why there is none.
    fn complete(&self, prompt: &str) -> std::result::Result<String, crate::error::BoxError>;
}

impl<F, E> JudgeModel for F
where
    F: Fn(&str) -> std::result::Result<String, E> + Send + Sync,
    E: Into<crate::error::BoxError>,
{
    fn complete(&self, prompt: &str) -> std::result::Result<String, crate::error::BoxError> {
        self(prompt).map_err(Into::into)
    }
}

/// What [`evaluate_expectations`] may use besides the response. `Send +
/// Sync` (the judge is a shared `&dyn JudgeModel`), so one context can be
/// shared by threads evaluating many responses.
#[derive(Default)]
pub struct EvaluateContext<'a> {
    /// The model for `passesJudge` (none: judge expectations fail).
    pub judge: Option<&'a dyn JudgeModel>,
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
/// let r = evaluate_expectations(&json!({ "isError": "not found", "containsText": "Tool" }), &response, &EvaluateContext::default()).unwrap();
/// assert_eq!(r.iter().map(|(k, v)| (k.as_str(), v.pass)).collect::<Vec<_>>(), [("textContains", true), ("error", true)]);
/// ```
pub fn evaluate_expectations(
    expect: &Value,
    response: &Value,
    ctx: &EvaluateContext<'_>,
) -> Result<Vec<(String, CheckResult)>> {
    let answers = evaluate_planned(expect, response, ctx, &PlanOptions::default())?;
    Ok(answers.into_iter().map(|(key, r, _)| (key.to_string(), r)).collect())
}

/// The plan of `expect` answered: `(key, result, toolsTriggered's metrics)`.
fn evaluate_planned(
    expect: &Value,
    response: &Value,
    ctx: &EvaluateContext<'_>,
    options: &PlanOptions<'_>,
) -> Result<Vec<(&'static str, CheckResult, Option<ToolCallMetrics>)>> {
    let (e, r) = (Val::from(expect), Val::from(response));
    let steps = plan(&Reader::new(Some(&e), "expect"), &r, options)?;
    Ok(steps
        .into_iter()
        .map(|(key, step)| match step {
            Step::Tools(t) => (
                key,
                CheckResult {
                    pass: t.pass,
                    message: t.message,
                    details: t.details,
                },
                t.metrics,
            ),
            step => (key, answer(step, response, &r, ctx), None),
        })
        .collect())
}

fn answer(step: Step, response: &Value, r: &Val<'_>, ctx: &EvaluateContext<'_>) -> CheckResult {
    match step {
        Step::Done(result) => result,
        Step::Tools(_) => unreachable!("answered by evaluate_planned"),
        Step::Schema { name, target, missing } => schema(ctx, &name, &target, response, r).unwrap_or(missing),
        Step::Judge(steps) => {
            let outcomes = steps.iter().map(|s| ask(s, ctx.judge)).collect();
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
fn ask(step: &JudgeStep, model: Option<&dyn JudgeModel>) -> JudgeOutcome {
    let (JudgeStep::Model { prompt, reps, .. }, Some(model)) = (step, model) else {
        return JudgeOutcome::Missing;
    };
    let mut verdicts = Vec::new();
    for _ in 0..*reps {
        match model
            .complete(prompt)
            .map_err(|e| e.to_string())
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
/// `details: { score, reasoning, judgeProvider, judgeModel?, scores?,
/// scoreStdDev?, highVariance? }` (`judgeProvider`: the config's `provider`,
/// else `anthropic`). A model error or an unreadable verdict is a failed
/// result with message `Judge evaluation error: …`, and a config with
/// neither `judge` nor `rubric` one with `Judge evaluation failed: either
/// "judge" or "rubric" must be provided`, as in the reference; a named
/// `judge` is not registered natively. High variance is in `details`
/// ([`super::high_variance_warnings`] words it, as the reference's
/// `console.warn`).
///
/// Errors: `INVALID_ARGUMENT`/`INVALID_OPTION` (path `config…`) for a
/// malformed config.
pub fn validate_judge(response: &Value, config: &Value, model: &dyn JudgeModel) -> Result<CheckResult> {
    let (c, r) = (Val::from(config), Val::from(response));
    let config = Reader::new(Some(&c), "config");
    if let Some(done) = missing_judge(&config) {
        return Ok(done);
    }
    let step = judge_step(&config, &judge_text(&r), None, None)?;
    let outcome = ask(&step, Some(model));
    Ok(judges_result(&[step.who()], vec![outcome]))
}

/// A tool call that failed, as the caller's tool reports it: `message` is
/// what the case's `error` shows; `name` and `code` (a JS error's, e.g.
/// `AbortError`, `ECONNRESET`) are read with it by the infrastructure check.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ToolError {
    /// The error's message.
    pub message: String,
    /// The error's name, if it has one.
    pub name: Option<String>,
    /// The error's code, if it has one.
    pub code: Option<String>,
}

impl ToolError {
    /// An error with this message and no name or code.
    pub fn new(message: impl Into<String>) -> ToolError {
        ToolError {
            message: message.into(),
            ..Default::default()
        }
    }
}

/// The caller's tool as [`run_eval_dataset`] calls it: `(toolName, args,
/// case)` (the case as the run sees it, its defaults added) to the tool's
/// response, or how the call failed.
pub type CallTool<'a> = dyn FnMut(Option<&str>, &Value, &Value) -> std::result::Result<Value, ToolError> + 'a;

/// `runEvalDataset(dataset, callTool, options)` natively, through the same
/// plan as the package's: each case (of `filterTags`, when given) runs
/// `iterations` times (`defaultLlmIterations` for an `mcp_host` case without
/// one); a run calls `call_tool(toolName, args, case)` (a direct case needs
/// `toolName` and `args`; an `mcp_host` case gets its `toolName` or `None`,
/// `args` or `{}`, and should return the host simulation `{ success,
/// toolCalls }`) and evaluates the case's `expect` block against the
/// response ([`evaluate_expectations`], with the case's `judgeReps` (else
/// `defaultJudgeReps`) and `canonicalAnswer`). A case of several
/// iterations passes when its pass rate, infrastructure errors left out,
/// reaches `accuracyThreshold` (default 1). Cases run one after another
/// (`concurrency` is read and checked, not used); `stopOnFailure` stops
/// after the first failing case.
///
/// `options`: `{ concurrency?, stopOnFailure?, filterTags?,
/// defaultLlmIterations?, defaultJudgeReps? }`. Returns the run as the
/// package's `EvalRunResult`: `{ total, passed, failed, passRate,
/// caseResults: [{ id, datasetName, toolName, pass, response, error?,
/// expectations, durationMs, tags?, toolPrecision?, toolRecall?,
/// assertionPassRate?, assertionPassRateCI?, infrastructureErrorRate?,
/// infrastructureErrorCount?, iterationResults? }], durationMs,
/// datasetToolPrecision?, datasetToolRecall?, datasetToolF1? }` (`response`
/// is `null` when the tool failed). The dataset's own `schemas` are not
/// read: compiled schemas go in `ctx.schemas`.
///
/// Errors: the dataset's (as [`super::validate_eval_dataset`]);
/// `INVALID_ARGUMENT` at `options` for a non-object; `INVALID_OPTION` at
/// `options.<name>` for a bad run option, at `judgeReps` for a case's
/// `judgeReps` past 1000; those of [`evaluate_expectations`] for a block it
/// refuses, except that a response it cannot read (an error at `response…`)
/// fails only its case.
///
/// ```
/// use mcp_matchers::responses::{run_eval_dataset, EvaluateContext, ToolError};
/// use serde_json::json;
/// let dataset = json!({ "name": "d", "cases": [
///     { "id": "echo", "toolName": "echo", "args": { "message": "hi" }, "expect": { "containsText": "Echo: hi" } },
///     { "id": "down", "toolName": "down", "args": {}, "iterations": 2 } ] });
/// let mut tool = |name: Option<&str>, args: &serde_json::Value, _case: &serde_json::Value| match name {
///     Some("echo") => Ok(json!({ "content": [{ "type": "text", "text": format!("Echo: {}", args["message"].as_str().unwrap()) }] })),
///     _ => Err(ToolError::new("read ECONNRESET")),
/// };
/// let run = run_eval_dataset(&dataset, &mut tool, &json!({}), &EvaluateContext::default())?;
/// assert_eq!((run["total"].as_u64(), run["passed"].as_u64()), (Some(2), Some(1)));
/// assert_eq!(run["caseResults"][1]["infrastructureErrorCount"], 2);
/// # Ok::<(), mcp_matchers::MatcherError>(())
/// ```
pub fn run_eval_dataset(
    dataset: &Value,
    call_tool: &mut CallTool<'_>,
    options: &Value,
    ctx: &EvaluateContext<'_>,
) -> Result<Value> {
    let kinds = json!({ "callTool": "function", "onCaseComplete": "undefined" });
    let (d, o, k) = (Val::from(dataset), Val::from(options), Val::from(&kinds));
    let plan = plan_run(
        &Reader::new(Some(&d), ""),
        &Reader::new(Some(&o), "options"),
        &Reader::new(Some(&k), "kinds"),
    )?;
    let started = Instant::now();
    let mut results = Vec::new();
    for step in &plan.cases {
        let mut case = dataset["cases"][step.index].clone();
        if let (Some(set), Value::Object(c)) = (&step.set, &mut case) {
            if let Ok(Value::Object(set)) = serde_json::to_value(set) {
                c.extend(set);
            }
        }
        let result = run_case(step, &case, call_tool, ctx)?;
        let failed = result["pass"] != true;
        results.push(result);
        if plan.stop_on_failure && failed {
            break;
        }
    }
    let cases = Value::Array(results);
    let run = finish_dataset(&Reader::new(Some(&Val::from(&cases)), "cases"), millis(started))?;
    let mut out = to_json(&run)?;
    out["caseResults"] = cases;
    Ok(out)
}

/// `runEvalCase(evalCase, callTool, { datasetName })` natively: one case
/// run as [`run_eval_dataset`] runs it (its own `iterations`, else once;
/// its `judgeReps` and `canonicalAnswer`), checked first as
/// [`super::validate_eval_case`] checks it. `dataset_name` is the result's
/// `datasetName` (`single-case` when `None`, as the reference). Returns the
/// case result `{ id, datasetName, toolName, source: "eval", pass,
/// response, error?, expectations, durationMs, tags?, toolPrecision?,
/// toolRecall?, assertionPassRate?, … }`; a direct case without `toolName`
/// or `args`, and an `mcp_host` case without `scenario` or `mcpHostConfig`,
/// fail with the reference's error (`Eval case x: args is required for
/// direct mode`) without calling the tool.
///
/// Errors: the case's (at `id`, `expect.…`, a non-object at `evalCase`);
/// those of [`evaluate_expectations`] for a block it refuses.
pub fn run_eval_case(
    eval_case: &Value,
    call_tool: &mut CallTool<'_>,
    dataset_name: Option<&str>,
    ctx: &EvaluateContext<'_>,
) -> Result<Value> {
    let c = Val::from(eval_case);
    let step = plan_case(&Reader::new(Some(&c), ""), dataset_name.unwrap_or("single-case"))?;
    run_case(&step, eval_case, call_tool, ctx)
}

fn millis(since: Instant) -> f64 {
    since.elapsed().as_millis() as f64
}

fn to_json<T: serde::Serialize>(v: &T) -> Result<Value> {
    serde_json::to_value(v).map_err(|e| MatcherError::invalid_argument("result", e.to_string()))
}

/// One case: its planned runs, each answered here, combined by [`finish_case`].
fn run_case(step: &CaseStep, case: &Value, call_tool: &mut CallTool<'_>, ctx: &EvaluateContext<'_>) -> Result<Value> {
    let reps = step.judge_reps.map(Val::Num);
    let canonical = step.canonical_answer.as_deref().map(|s| Val::Str(s.into()));
    let options = PlanOptions {
        judge_reps: read_reps(&Reader::new(reps.as_ref(), "judgeReps").as_option())?,
        canonical: canonical.as_ref(),
        predicate: false,
    };
    let args = case
        .get("args")
        .filter(|a| !a.is_null())
        .cloned()
        .unwrap_or_else(|| json!({}));
    let (mut runs, mut response, mut expectations) = (Vec::new(), Value::Null, Map::new());
    for _ in 0..step.iterations as u64 {
        let t0 = Instant::now();
        let mut digest = json!({ "error": null, "thrown": null, "judgeError": null });
        (response, expectations) = (Value::Null, Map::new());
        if step.refuse.is_none() {
            match call_tool(step.tool_name.as_deref(), &args, case) {
                Ok(r) => response = r,
                Err(e) => {
                    digest["thrown"] = json!({ "name": e.name, "message": e.message, "code": e.code });
                    digest["error"] = e.message.into();
                }
            }
        }
        let mut passes = Map::new();
        if step.refuse.is_none() && digest["error"].is_null() && step.expect {
            match evaluate_planned(&case["expect"], &response, ctx, &options) {
                Ok(answers) => {
                    for (key, r, metrics) in answers {
                        let mut v = to_json(&r)?;
                        passes.insert(key.into(), json!({ "pass": r.pass }));
                        if let Some(m) = metrics {
                            v["metrics"] = to_json(&m)?;
                            passes[key]["metrics"] = v["metrics"].clone();
                        }
                        expectations.insert(key.into(), v);
                    }
                }
                Err(e) if e.path.starts_with("response") => digest["judgeError"] = e.message.into(),
                Err(e) => return Err(e),
            }
        }
        digest["expectations"] = Value::Object(passes);
        digest["durationMs"] = millis(t0).into();
        runs.push(digest);
    }
    let (step_json, runs) = (to_json(step)?, Value::Array(runs));
    let (s, r) = (Val::from(&step_json), Val::from(&runs));
    let mut result = to_json(&finish_case(
        &Reader::new(Some(&s), "step"),
        &Reader::new(Some(&r), "runs"),
    )?)?;
    result["response"] = response;
    result["expectations"] = Value::Object(expectations);
    Ok(result)
}
