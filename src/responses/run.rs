//! `runEvalDataset` planned in the core: which cases run and with what
//! (`filterTags`, `defaultLlmIterations` for `mcp_host` cases,
//! `defaultJudgeReps`, a direct case without `toolName` or `args`), and how
//! the runs combine: a case's pass, its pass rate without infrastructure
//! errors and that rate's interval, the dataset's counts and tool metrics.
//! Follows `runEvalDataset`, `runEvalCase`, `runSingleIteration`,
//! `didCasePass`, `isInfrastructureError` and `wilsonCI` of
//! `@gleanwork/mcp-server-tester@1.1.0` (`dist/index.js`).
//!
//! The caller does what only it can (calls its tool, awaits the
//! expectations, times each run) and hands each run back as a digest to
//! [`finish_case`]; the results leave `response` and `expectations` (and, for
//! a run, `caseResults`) as `null` for the caller to fill with its own
//! values. The JS glue (`pkg-template/evals.js`) and the native
//! `run_eval_dataset` both go through these functions.

use super::dataset::{check_case, validate_dataset, Refusal};
use crate::error::{MatcherError, Result};
use crate::reader::Reader;
use crate::value::Val;
use serde::Serialize;

/// What `runEvalDataset` runs: serialised as `{ concurrency, sequential,
/// stopOnFailure, cases: [step, ...] }`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RunPlan {
    /// Cases run at once (an integer ≥ 1).
    pub concurrency: f64,
    /// Whether cases run one after another (`concurrency` 1, or `stopOnFailure`).
    pub sequential: bool,
    /// Whether the run stops after the first failing case.
    pub stop_on_failure: bool,
    /// The cases to run, in dataset order.
    pub cases: Vec<CaseStep>,
}

/// One case to run, and what its result needs.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CaseStep {
    /// The case's index in `dataset.cases`.
    pub index: usize,
    /// What the run adds to the case the tool sees (`{ iterations?,
    /// judgeReps? }` from the run's defaults); absent when nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub set: Option<Defaults>,
    /// How many times the case runs (an integer ≥ 1).
    pub iterations: f64,
    /// The tool name handed to the caller's tool (`null` for an `mcp_host`
    /// case without one).
    pub tool_name: Option<String>,
    /// The error each run reports instead of calling the tool (a direct case
    /// without `toolName` or `args`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refuse: Option<String>,
    /// Whether the case has an `expect` block to evaluate.
    pub expect: bool,
    /// The `judgeReps` its expectations get (the case's, else the run's default).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judge_reps: Option<f64>,
    /// The case's `canonicalAnswer`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub canonical_answer: Option<String>,
    /// The case's `id`.
    pub id: String,
    /// The dataset's `name`.
    pub dataset_name: String,
    /// The result's `toolName`: `mcp_host` for a case with a `scenario`,
    /// else the case's `toolName`, else `unknown`.
    pub label: String,
    /// The case's `tags`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
    /// The pass rate that passes a case of several iterations (default 1).
    pub accuracy_threshold: f64,
}

/// The run defaults a case takes (each only where the case sets none).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Defaults {
    /// `defaultLlmIterations`, for an `mcp_host` case.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iterations: Option<f64>,
    /// `defaultJudgeReps`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judge_reps: Option<f64>,
}

/// The plan of `runEvalDataset(dataset, callTool, options)`. `kinds` is `{
/// callTool, onCaseComplete }`: the JS `typeof` of each (natively
/// `"function"` and `"undefined"`).
///
/// Errors, in this order: the dataset's (`validateEvalDataset`);
/// `INVALID_ARGUMENT` at `callTool` for a non-function, at `options` for a
/// non-object; `INVALID_OPTION` at `options.concurrency` (an integer ≥ 1),
/// `options.stopOnFailure` (a boolean), `options.filterTags` (an array of
/// strings), `options.defaultLlmIterations` (an integer ≥ 1),
/// `options.defaultJudgeReps` (an integer from 1 to 1000),
/// `options.onCaseComplete` (a function).
pub(crate) fn plan_run(dataset: &Reader<'_, '_>, options: &Reader<'_, '_>, kinds: &Reader<'_, '_>) -> Result<RunPlan> {
    validate_dataset(dataset)?;
    if kinds.field("callTool").value().and_then(Val::as_str) != Some("function") {
        return Err(MatcherError::invalid_argument(
            "callTool",
            "expected an async function (toolName, args, evalCase)",
        ));
    }
    if !matches!(options.value(), Some(Val::Obj(_))) {
        return Err(MatcherError::invalid_argument("options", "options must be an object"));
    }
    let bad = |key: &str, message: &str| MatcherError::invalid_option(format!("options.{key}"), message);
    let whole = |key: &str, max: f64, message: &str| match options.field(key).value() {
        None => Ok(None),
        Some(Val::Num(n)) if n.fract() == 0.0 && (1.0..=max).contains(n) => Ok(Some(*n)),
        Some(_) => Err(bad(key, message)),
    };
    let concurrency = whole("concurrency", f64::MAX, "concurrency must be an integer >= 1")?.unwrap_or(1.0);
    let stop_on_failure = match options.field("stopOnFailure").value() {
        None => false,
        Some(Val::Bool(b)) => *b,
        Some(_) => return Err(bad("stopOnFailure", "stopOnFailure must be a boolean")),
    };
    let filter = match options.field("filterTags").value() {
        None => None,
        Some(Val::Arr(tags)) if tags.iter().all(|t| matches!(t, Val::Str(_))) => {
            Some(tags.iter().filter_map(Val::as_str).collect::<Vec<_>>())
        }
        Some(_) => return Err(bad("filterTags", "filterTags must be an array of strings")),
    };
    let defaults = Defaults {
        iterations: whole(
            "defaultLlmIterations",
            f64::MAX,
            "defaultLlmIterations must be an integer from 1 up",
        )?,
        judge_reps: whole(
            "defaultJudgeReps",
            1000.0,
            "defaultJudgeReps must be an integer from 1 to 1000",
        )?,
    };
    if !matches!(
        kinds.field("onCaseComplete").value().and_then(Val::as_str),
        Some("undefined" | "function")
    ) {
        return Err(bad("onCaseComplete", "onCaseComplete must be a function"));
    }
    let name = dataset.field("name").str()?;
    let cases = dataset.field("cases");
    let mut steps = Vec::new();
    for (index, c) in cases.array("an array of cases")?.iter().enumerate() {
        let c = cases.item(index, c);
        let tagged = |tags: &[&str]| match c.field("tags").value() {
            Some(Val::Arr(own)) => own.iter().any(|t| t.as_str().is_some_and(|t| tags.contains(&t))),
            _ => false,
        };
        if filter.as_deref().is_some_and(|f| !f.is_empty() && !tagged(f)) {
            continue;
        }
        steps.push(case_step(index, &c, name, &defaults)?);
    }
    Ok(RunPlan {
        concurrency,
        sequential: concurrency == 1.0 || stop_on_failure,
        stop_on_failure,
        cases: steps,
    })
}

/// The plan of `runEvalCase(evalCase, callTool, { datasetName })`: the case
/// checked as `validateEvalCase` checks it, then its one step (no run
/// defaults: its own `iterations`, else 1, and `judgeReps`).
///
/// Errors: the case's refusal (with its zod-shaped issue), at the field's
/// path (`id`, `expect.passesJudge`, a non-object at `evalCase`).
pub(crate) fn plan_case(c: &Reader<'_, '_>, dataset_name: &str) -> std::result::Result<CaseStep, Refusal> {
    check_case(c)?;
    let none = Defaults {
        iterations: None,
        judge_reps: None,
    };
    case_step(0, c, dataset_name, &none).map_err(Refusal::plain)
}

fn case_step(index: usize, c: &Reader<'_, '_>, dataset_name: &str, defaults: &Defaults) -> Result<CaseStep> {
    let num = |key: &str| c.field(key).opt_number("a number");
    let host = c.field("mode").value().and_then(Val::as_str) == Some("mcp_host");
    let id = c.field("id").str()?.to_string();
    let tool_name = c.field("toolName").opt_str()?.map(str::to_string);
    let absent = |key: &str| c.field(key).value().is_none();
    let set = Defaults {
        iterations: defaults.iterations.filter(|_| host && absent("iterations")),
        judge_reps: defaults.judge_reps.filter(|_| absent("judgeReps")),
    };
    // The reference's executeToolCall refusals (a host case needs a non-empty scenario and an mcpHostConfig).
    let scenario = c.field("scenario").opt_str()?;
    let refuse = match (&tool_name, c.field("args").given()) {
        _ if host && scenario.is_none_or(str::is_empty) => {
            Some(format!("Eval case {id}: scenario is required for mcp_host mode"))
        }
        _ if host && c.field("mcpHostConfig").given().is_none() => {
            Some(format!("Eval case {id}: mcpHostConfig is required for mcp_host mode"))
        }
        _ if host => None,
        (None, _) => Some(format!("Eval case {id}: toolName is required for direct mode")),
        (Some(_), None) => Some(format!("Eval case {id}: args is required for direct mode")),
        _ => None,
    };
    let label = match (scenario, &tool_name) {
        (Some(_), _) => "mcp_host".to_string(),
        (None, Some(t)) => t.clone(),
        (None, None) => "unknown".to_string(),
    };
    let tags = c.field("tags");
    let tags = tags
        .value()
        .map(|_| tags.items("an array of strings", |t| t.str().map(str::to_string)))
        .transpose()?;
    Ok(CaseStep {
        index,
        iterations: num("iterations")?.or(set.iterations).unwrap_or(1.0),
        judge_reps: num("judgeReps")?.or(set.judge_reps),
        set: (set.iterations.is_some() || set.judge_reps.is_some()).then_some(set),
        label,
        tool_name,
        refuse,
        expect: c.field("expect").value().is_some(),
        canonical_answer: c.field("canonicalAnswer").opt_str()?.map(str::to_string),
        id,
        dataset_name: dataset_name.to_string(),
        tags,
        accuracy_threshold: num("accuracyThreshold")?.unwrap_or(1.0),
    })
}

/// `isInfrastructureError` of the reference: an error of the environment
/// (an aborted call, a refused or reset connection, a rate limit, a 503, a
/// context too long for the model), not of the server under test. `name`
/// and `code` are the thrown error's, when it has them as strings.
pub(crate) fn is_infrastructure_error(name: Option<&str>, message: &str, code: Option<&str>) -> bool {
    const NEEDLES: [&str; 12] = [
        "econnreset",
        "etimedout",
        "econnrefused",
        "rate limit",
        "429",
        "503",
        "network",
        "prompt is too long",
        "context length exceeded",
        "maximum context length",
        "context_length_exceeded",
        "tokens > ",
    ];
    let (message, code) = (message.to_lowercase(), code.unwrap_or_default().to_lowercase());
    name.is_some_and(|n| n.to_lowercase() == "aborterror")
        || NEEDLES.iter().any(|n| message.contains(n))
        || NEEDLES[..3].iter().any(|n| code.contains(n))
}

/// `wilsonCI(k, n)` of the reference (95 %): the interval centred on `(k +
/// z²/2) / (n + z²)`, an adjusted-Wald form; `None` below 2 runs.
pub(crate) fn wilson_ci(k: usize, n: usize) -> Option<Interval> {
    if n < 2 {
        return None;
    }
    let z = 1.96_f64;
    let z2 = z * z;
    let nn = n as f64 + z2;
    let p = (k as f64 + z2 / 2.0) / nn;
    let margin = z * (p * (1.0 - p) / nn).sqrt();
    Some(Interval {
        lower: (p - margin).max(0.0),
        upper: (p + margin).min(1.0),
    })
}

/// A pass rate's interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub(crate) struct Interval {
    /// The lower bound (0 to 1).
    pub lower: f64,
    /// The upper bound (0 to 1).
    pub upper: f64,
}

/// A case's result, as `runEvalCase` builds it; `response` and
/// `expectations` are left `null` for the caller's own values.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CaseResult {
    /// The case's `id`.
    pub id: String,
    /// The dataset's `name`.
    pub dataset_name: String,
    /// `mcp_host` for a case with a `scenario`, else its `toolName`, else `unknown`.
    pub tool_name: String,
    /// Always `eval` (the reference's `source` of a case result).
    pub source: &'static str,
    /// No error and every expectation passed; with several iterations:
    /// the pass rate reached `accuracyThreshold`.
    pub pass: bool,
    /// The caller's: the tool's response (of the last run).
    pub response: (),
    /// The (last) run's error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The caller's: the (last) run's expectation results.
    pub expectations: (),
    /// Milliseconds (the sum over iterations).
    pub duration_ms: f64,
    /// The case's `tags`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
    /// `toolsTriggered`'s precision, when it has metrics.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_precision: Option<f64>,
    /// `toolsTriggered`'s recall, when it has metrics.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_recall: Option<f64>,
    /// With several iterations: their statistics.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub iterations: Option<IterationStats>,
}

/// `runEvalCase`'s statistics over several iterations.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct IterationStats {
    /// Passing share of the runs without infrastructure errors (0 when none).
    pub assertion_pass_rate: f64,
    /// [`wilson_ci`] of that share.
    #[serde(rename = "assertionPassRateCI", skip_serializing_if = "Option::is_none")]
    pub assertion_pass_rate_ci: Option<Interval>,
    /// Share of runs with an infrastructure error.
    pub infrastructure_error_rate: f64,
    /// How many runs had one.
    pub infrastructure_error_count: usize,
    /// Each run: `{ pass, durationMs, error?, isInfrastructureError }`.
    pub iteration_results: Vec<IterationResult>,
}

/// One iteration of a case.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct IterationResult {
    /// Whether the run passed.
    pub pass: bool,
    /// Milliseconds.
    pub duration_ms: f64,
    /// The run's error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Whether that error is of the environment ([`is_infrastructure_error`]).
    pub is_infrastructure_error: bool,
}

/// A case's result from its runs. `runs[i]` is `{ error, thrown,
/// judgeError, expectations, durationMs }`: the message of what the tool
/// threw (or `null`), what the infrastructure check reads of it (`{ name?,
/// message, code? }`, or `null`), the message of the error that kept the
/// response from being judged (a `MatcherError` at `response…`, or `null`),
/// each expectation's `{ pass, metrics? }`, and the run's milliseconds.
///
/// Errors: `INVALID_ARGUMENT` at `runs…` or `step…` for a digest of another shape.
pub(crate) fn finish_case(step: &Reader<'_, '_>, runs: &Reader<'_, '_>) -> Result<CaseResult> {
    let refuse = step.field("refuse").opt_str()?;
    let results = runs.items("an array of runs", |r| finish_run(&r, refuse))?;
    let Some(last) = results.last() else {
        return Err(runs.error("expected at least one run"));
    };
    let tags = step.field("tags");
    let tags = tags
        .value()
        .map(|_| tags.items("an array of strings", |t| t.str().map(str::to_string)))
        .transpose()?;
    let mut result = CaseResult {
        id: step.field("id").str()?.into(),
        dataset_name: step.field("datasetName").str()?.into(),
        tool_name: step.field("label").str()?.into(),
        source: "eval",
        pass: last.pass,
        response: (),
        error: last.error.clone(),
        expectations: (),
        duration_ms: last.duration_ms,
        tags,
        tool_precision: last.precision,
        tool_recall: last.recall,
        iterations: None,
    };
    if results.len() == 1 {
        return Ok(result);
    }
    let threshold = step.field("accuracyThreshold").opt_number("a number")?.unwrap_or(1.0);
    let runs: Vec<IterationResult> = results.into_iter().map(RunOutcome::into_iteration).collect();
    let infra = runs.iter().filter(|r| r.is_infrastructure_error).count();
    let counted = runs.len() - infra;
    let passed = runs.iter().filter(|r| !r.is_infrastructure_error && r.pass).count();
    let rate = if counted > 0 {
        passed as f64 / counted as f64
    } else {
        0.0
    };
    result.pass = rate >= threshold;
    result.duration_ms = runs.iter().fold(0.0, |sum, r| sum + r.duration_ms);
    result.iterations = Some(IterationStats {
        assertion_pass_rate: rate,
        assertion_pass_rate_ci: wilson_ci(passed, counted),
        infrastructure_error_rate: infra as f64 / runs.len() as f64,
        infrastructure_error_count: infra,
        iteration_results: runs,
    });
    Ok(result)
}

/// One run, read from its digest.
struct RunOutcome {
    pass: bool,
    error: Option<String>,
    infrastructure: bool,
    duration_ms: f64,
    precision: Option<f64>,
    recall: Option<f64>,
}

impl RunOutcome {
    fn into_iteration(self) -> IterationResult {
        IterationResult {
            pass: self.pass,
            duration_ms: self.duration_ms,
            is_infrastructure_error: self.error.is_some() && self.infrastructure,
            error: self.error,
        }
    }
}

fn finish_run(r: &Reader<'_, '_>, refuse: Option<&str>) -> Result<RunOutcome> {
    let thrown = r.field("thrown");
    let judge_error = r.field("judgeError").opt_str()?;
    let error = match (refuse, r.field("error").opt_str()?) {
        (Some(e), _) | (None, Some(e)) => Some(e.to_string()),
        _ => judge_error.map(|m| format!("the response cannot be judged: {m}")),
    };
    let infrastructure = match (refuse, thrown.given()) {
        (Some(e), _) => is_infrastructure_error(Some("Error"), e, None),
        (None, Some(_)) => is_infrastructure_error(
            thrown.field("name").opt_str()?,
            thrown.field("message").str()?,
            thrown.field("code").opt_str()?,
        ),
        (None, None) => error.as_deref().is_some_and(|e| is_infrastructure_error(None, e, None)),
    };
    let expectations = r.field("expectations");
    let mut all_pass = true;
    if let Some(o) = expectations.opt_object("an object of { pass, metrics? }")? {
        for m in o.members() {
            let e = expectations.at(&m.key, &m.value);
            all_pass &= e.given().is_none() || e.field("pass").opt_bool()?.unwrap_or(false);
        }
    }
    let metrics = expectations.field("toolsTriggered");
    let metrics = metrics.field("metrics");
    Ok(RunOutcome {
        pass: error.is_none() && all_pass,
        error,
        infrastructure,
        duration_ms: r.field("durationMs").opt_number("a number")?.unwrap_or(0.0),
        precision: metrics.field("precision").opt_number("a number")?,
        recall: metrics.field("recall").opt_number("a number")?,
    })
}

/// A dataset run's result, as `runEvalDataset` builds it; `caseResults` is
/// left `null` for the caller's own case results.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RunResult {
    /// Cases run.
    pub total: usize,
    /// Cases passed.
    pub passed: usize,
    /// Cases failed.
    pub failed: usize,
    /// `passed / total` (0 for no cases).
    pub pass_rate: f64,
    /// The caller's: the case results.
    pub case_results: (),
    /// Milliseconds.
    pub duration_ms: f64,
    /// Mean precision over the cases with tool metrics.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dataset_tool_precision: Option<f64>,
    /// Mean recall over the cases with tool metrics.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dataset_tool_recall: Option<f64>,
    /// F1 of those means.
    #[serde(rename = "datasetToolF1", skip_serializing_if = "Option::is_none")]
    pub dataset_tool_f1: Option<f64>,
}

/// The run's result from its case results (each as [`finish_case`] gave
/// it: `pass`, `toolPrecision?`, `toolRecall?` are read).
///
/// Errors: `INVALID_ARGUMENT` at `cases…` for a list of another shape.
pub(crate) fn finish_dataset(cases: &Reader<'_, '_>, duration_ms: f64) -> Result<RunResult> {
    let read = |c: Reader<'_, '_>| {
        let (p, r) = (c.field("toolPrecision"), c.field("toolRecall"));
        Ok((
            c.field("pass").opt_bool()?.unwrap_or(false),
            p.opt_number("a number")?,
            r.opt_number("a number")?,
        ))
    };
    let cases = cases.items("an array of case results", read)?;
    let total = cases.len();
    let passed = cases.iter().filter(|c| c.0).count();
    let host: Vec<_> = cases.iter().filter(|c| c.1.is_some() || c.2.is_some()).collect();
    let mut result = RunResult {
        total,
        passed,
        failed: total - passed,
        pass_rate: if total == 0 { 0.0 } else { passed as f64 / total as f64 },
        case_results: (),
        duration_ms,
        dataset_tool_precision: None,
        dataset_tool_recall: None,
        dataset_tool_f1: None,
    };
    if !host.is_empty() {
        let n = host.len() as f64;
        let p = host.iter().fold(0.0, |s, c| s + c.1.unwrap_or(0.0)) / n;
        let r = host.iter().fold(0.0, |s, c| s + c.2.unwrap_or(0.0)) / n;
        result.dataset_tool_precision = Some(p);
        result.dataset_tool_recall = Some(r);
        result.dataset_tool_f1 = Some(if p + r > 0.0 { 2.0 * p * r / (p + r) } else { 0.0 });
    }
    Ok(result)
}

#[cfg(test)]
#[path = "../../tests/unit/responses/run.rs"]
mod tests;
