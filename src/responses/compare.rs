//! Baseline comparison of two eval runs: `compareEvalRuns({ baseline,
//! candidate, labels? })` of `@gleanwork/mcp-server-tester@1.1.0`
//! (`dist/index.js`, `src/evals/evalRunComparison.ts`: `compareEvalRuns`,
//! `compareCaseOutcome`, `passRate`, `metricDelta`).
//!
//! Each baseline case is paired with the candidate case of the same `id`
//! (the last one, when the candidate repeats an id) and classed `IMPROVED`
//! (failed, now passes), `REGRESSED` (passed, now fails), `UNCHANGED_PASS`,
//! `UNCHANGED_FAIL` or `MISSING_FROM_CANDIDATE`; then every candidate case
//! whose id the baseline lacks is `MISSING_FROM_BASELINE`. The result names
//! cases by their index in each run's `caseResults`, for the caller to put
//! its own case objects in (the JS glue, `pkg-template/evals.js`, and the
//! native `compare_eval_runs` both do).

use crate::error::{MatcherError, Result};
use crate::reader::Reader;
use crate::value::Val;
use serde::Serialize;
use std::collections::{HashMap, HashSet};

/// A pair's outcome, serialised as the reference's constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub(crate) enum Outcome {
    Improved,
    Regressed,
    UnchangedPass,
    UnchangedFail,
    MissingFromBaseline,
    MissingFromCandidate,
}

/// `compareCaseOutcome` of the reference.
fn outcome(baseline: bool, candidate: bool) -> Outcome {
    match (baseline, candidate) {
        (false, true) => Outcome::Improved,
        (true, false) => Outcome::Regressed,
        (true, true) => Outcome::UnchangedPass,
        (false, false) => Outcome::UnchangedFail,
    }
}

/// One compared case: its outcome and the indexes of its baseline and
/// candidate case results (`None` where the run lacks it). Serialised as
/// `[outcome, baselineIndex | null, candidateIndex | null]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct ComparedCase(pub Outcome, pub Option<usize>, pub Option<usize>);

/// A tool metric of both runs (`ToolPrecision`, `ToolRecall`, `ToolF1`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct MetricDelta {
    /// The metric's name in the result's keys (`ToolPrecision`).
    pub name: &'static str,
    /// The baseline's value, when it has one.
    pub baseline: Option<f64>,
    /// The candidate's value, when it has one.
    pub candidate: Option<f64>,
    /// `candidate - baseline`, when both have one.
    pub delta: Option<f64>,
}

/// The comparison, cases by index. Serialised (camelCase) for the glue,
/// which builds the reference's result from it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Comparison {
    pub baseline_label: String,
    pub candidate_label: String,
    pub baseline_pass_rate: f64,
    pub candidate_pass_rate: f64,
    pub delta_pass_rate: f64,
    /// `ToolPrecision`, `ToolRecall`, `ToolF1`, in that order.
    pub metrics: Vec<MetricDelta>,
    /// Baseline order, then the candidate's cases the baseline lacks.
    pub cases: Vec<ComparedCase>,
}

/// One run as the comparison reads it: its case results' ids and verdicts,
/// its counts and tool metrics.
struct Run<'v> {
    cases: Vec<(&'v str, bool)>,
    pass_rate: f64,
    metrics: [Option<f64>; 3],
}

const METRICS: [(&str, &str); 3] = [
    ("ToolPrecision", "datasetToolPrecision"),
    ("ToolRecall", "datasetToolRecall"),
    ("ToolF1", "datasetToolF1"),
];

fn read_run<'v>(r: &Reader<'_, 'v>) -> Result<Run<'v>> {
    if !matches!(r.value(), Some(Val::Obj(_))) {
        return Err(r.error("expected an eval run result { total, passed, caseResults }"));
    }
    let cases = r
        .field("caseResults")
        .items("an array of case results { id, pass }", |c| {
            let pass = c.field("pass");
            let pass = match pass.value() {
                Some(Val::Bool(b)) => *b,
                _ => return Err(pass.bad("a boolean")),
            };
            Ok((c.field("id").str()?, pass))
        })?;
    let count = |key: &str| {
        let f = r.field(key);
        f.opt_number("a number")?.ok_or_else(|| f.bad("a number"))
    };
    let (total, passed) = (count("total")?, count("passed")?);
    let mut metrics = [None; 3];
    for (slot, (_, key)) in metrics.iter_mut().zip(METRICS) {
        let f = r.field(key);
        *slot = match f.value() {
            None => None,
            Some(Val::Num(n)) => Some(*n),
            Some(_) => return Err(f.bad("a number")),
        };
    }
    Ok(Run {
        cases,
        // `passRate` of the reference: passed / total, 0 for an empty run.
        pass_rate: if total > 0.0 { passed / total } else { 0.0 },
        metrics,
    })
}

/// `compareEvalRuns(options)`: `options` is `{ baseline, candidate, labels? }`,
/// each run `{ total, passed, caseResults: [{ id, pass }], datasetToolPrecision?,
/// datasetToolRecall?, datasetToolF1? }`, `labels` `{ baseline?, candidate? }`;
/// `variant` is the candidate's `metadata.toolOverrideVariantId` (the
/// candidate label's fallback before `candidate`).
///
/// Errors: `INVALID_ARGUMENT` at `options`, `options.baseline`,
/// `options.candidate` (not an object), `options.baseline.caseResults[i].id`
/// (not a string), `….pass` (not a boolean), `….total`/`….passed` (not a
/// number), a tool metric present but not a number, a label or variant id
/// that is not a string.
pub(crate) fn compare(options: &Reader<'_, '_>, variant: &Reader<'_, '_>) -> Result<Comparison> {
    if !matches!(options.value(), Some(Val::Obj(_))) {
        return Err(MatcherError::invalid_argument(
            options.path(),
            "expected { baseline, candidate, labels? }",
        ));
    }
    let (b, c) = (options.field("baseline"), options.field("candidate"));
    let (baseline, candidate) = (read_run(&b)?, read_run(&c)?);
    let labels = options.field("labels");
    if labels.given().is_some() && !matches!(labels.value(), Some(Val::Obj(_))) {
        return Err(labels.bad("an object { baseline?, candidate? }"));
    }
    let baseline_label = labels.field("baseline").opt_str()?.unwrap_or("baseline");
    let candidate_label = labels
        .field("candidate")
        .opt_str()?
        .or(variant.opt_str()?)
        .unwrap_or("candidate");
    // A repeated candidate id: the last one is paired (a Map's last set).
    let by_id: HashMap<&str, usize> = candidate
        .cases
        .iter()
        .enumerate()
        .map(|(i, (id, _))| (*id, i))
        .collect();
    let mut seen = HashSet::new();
    let mut cases = Vec::new();
    for (i, (id, pass)) in baseline.cases.iter().enumerate() {
        seen.insert(*id);
        cases.push(match by_id.get(id) {
            None => ComparedCase(Outcome::MissingFromCandidate, Some(i), None),
            Some(&j) => ComparedCase(outcome(*pass, candidate.cases[j].1), Some(i), Some(j)),
        });
    }
    for (j, (id, _)) in candidate.cases.iter().enumerate() {
        if !seen.contains(id) {
            cases.push(ComparedCase(Outcome::MissingFromBaseline, None, Some(j)));
        }
    }
    let metrics = METRICS
        .iter()
        .zip(baseline.metrics.iter().zip(candidate.metrics))
        .map(|((name, _), (&b, c))| MetricDelta {
            name,
            baseline: b,
            candidate: c,
            delta: b.zip(c).map(|(b, c)| c - b),
        })
        .collect();
    Ok(Comparison {
        baseline_label: baseline_label.into(),
        candidate_label: candidate_label.into(),
        baseline_pass_rate: baseline.pass_rate,
        candidate_pass_rate: candidate.pass_rate,
        delta_pass_rate: candidate.pass_rate - baseline.pass_rate,
        metrics,
        cases,
    })
}
