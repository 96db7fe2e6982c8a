//! `EvalTest`'s aggregates (`@mcpjam/sdk@1.14.0`, `dist/index.js` section
//! `src/EvalTest.ts`, `aggregateResults` and `calculateLatencyStats`): pass
//! counts, token sums per iteration and in all, and latency statistics over
//! every prompt of every iteration. The JS `EvalTest` runs the iterations and
//! hands their numbers here.

use crate::traces::LatencyBreakdown;
use serde::Serialize;
use serde_json::Value;

/// `LatencyStats`: over a list of ms values; all 0 for an empty list (the reference's `defaultStats`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct LatencyStats {
    /// Smallest, ms.
    pub min: f64,
    /// Largest, ms.
    pub max: f64,
    /// Arithmetic mean, ms.
    pub mean: f64,
    /// Median (linear interpolation between closest ranks), ms.
    pub p50: f64,
    /// 95th percentile (same interpolation), ms.
    pub p95: f64,
    /// How many values.
    pub count: usize,
}

/// The reference's percentile: rank `p/100 · (n−1)` in the sorted values, linearly interpolated.
fn percentile(sorted: &[f64], p: f64) -> f64 {
    let index = p / 100.0 * (sorted.len() - 1) as f64;
    let (lo, hi) = (index.floor() as usize, index.ceil() as usize);
    if lo == hi {
        return sorted[lo];
    }
    let w = index - lo as f64;
    sorted[lo] * (1.0 - w) + sorted[hi] * w
}

/// Statistics of `values` (ms).
pub fn latency_stats(values: &[f64]) -> LatencyStats {
    if values.is_empty() {
        return LatencyStats::default();
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    LatencyStats {
        min: sorted[0],
        max: sorted[sorted.len() - 1],
        mean: values.iter().sum::<f64>() / values.len() as f64,
        p50: percentile(&sorted, 50.0),
        p95: percentile(&sorted, 95.0),
        count: values.len(),
    }
}

/// Tokens of one iteration (all its prompts), or of the whole run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tokens {
    /// Input + output (as each prompt reported its total).
    pub total: u64,
    /// Input tokens.
    pub input: u64,
    /// Output tokens.
    pub output: u64,
}

/// What one iteration gave: whether it passed, each prompt's latency
/// (a run with no prompt counts one all-zero latency, as the reference's
/// `collectPromptMetrics`), and its tokens.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct IterationSummary {
    /// The test's verdict.
    pub passed: bool,
    /// One per prompt.
    pub latencies: Vec<LatencyBreakdown>,
    /// Summed over its prompts.
    pub tokens: Tokens,
}

/// `EvalRunResult` without the iteration details (the JS side adds them).
#[must_use]
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RunAggregate {
    /// How many iterations ran.
    pub iterations: usize,
    /// How many passed.
    pub successes: usize,
    /// How many did not.
    pub failures: usize,
    /// Each iteration's verdict, in order.
    pub results: Vec<bool>,
    /// `{ total, input, output, perIteration }`.
    pub token_usage: Value,
    /// `{ e2e, llm, mcp, perIteration }` (stats over every prompt's latency).
    pub latency: Value,
}

/// The reference's `aggregateResults`.
pub fn aggregate(iterations: &[IterationSummary]) -> RunAggregate {
    let all: Vec<LatencyBreakdown> = iterations.iter().flat_map(|i| i.latencies.iter().copied()).collect();
    let pick = |f: fn(&LatencyBreakdown) -> f64| latency_stats(&all.iter().map(f).collect::<Vec<_>>());
    let sum = |f: fn(&Tokens) -> u64| iterations.iter().map(|i| f(&i.tokens)).sum::<u64>();
    let successes = iterations.iter().filter(|i| i.passed).count();
    RunAggregate {
        iterations: iterations.len(),
        successes,
        failures: iterations.len() - successes,
        results: iterations.iter().map(|i| i.passed).collect(),
        token_usage: serde_json::json!({
            "total": sum(|t| t.total), "input": sum(|t| t.input), "output": sum(|t| t.output),
            "perIteration": iterations.iter().map(|i| i.tokens).collect::<Vec<_>>(),
        }),
        latency: serde_json::json!({
            "e2e": pick(|l| l.e2e_ms), "llm": pick(|l| l.llm_ms), "mcp": pick(|l| l.mcp_ms), "perIteration": all,
        }),
    }
}

/// Reads `[{ passed, latencies: [{ e2eMs, llmMs, mcpMs }], tokens: { total, input, output } }]` (lenient: missing numbers are 0).
pub fn iterations_from_json(v: &Value) -> Vec<IterationSummary> {
    let num = |o: &Value, k: &str| o.get(k).and_then(Value::as_f64).unwrap_or(0.0);
    let list = v.as_array().map_or(&[][..], Vec::as_slice);
    list.iter()
        .map(|it| {
            let t = it.get("tokens").cloned().unwrap_or(Value::Null);
            let mut latencies: Vec<LatencyBreakdown> = it
                .get("latencies")
                .and_then(Value::as_array)
                .map_or(&[][..], Vec::as_slice)
                .iter()
                .map(|l| LatencyBreakdown {
                    e2e_ms: num(l, "e2eMs"),
                    llm_ms: num(l, "llmMs"),
                    mcp_ms: num(l, "mcpMs"),
                })
                .collect();
            if latencies.is_empty() {
                latencies.push(LatencyBreakdown::default());
            }
            IterationSummary {
                passed: it.get("passed") == Some(&Value::Bool(true)),
                latencies,
                tokens: Tokens {
                    total: num(&t, "total") as u64,
                    input: num(&t, "input") as u64,
                    output: num(&t, "output") as u64,
                },
            }
        })
        .collect()
}
