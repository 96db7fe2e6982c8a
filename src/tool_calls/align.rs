//! `alignToolCalls` (ours): the verdict of `evaluateToolCalls` by index, with
//! the pairs, and for each argument mismatch the matching engine's per-key
//! verdicts, so a viewer draws what the engine decided.

use super::evaluate::{evaluate, explain_pair};
use super::options::ResolvedMatchOptions;
use super::Call;
use crate::matching::KeyVerdict;
use serde::Serialize;

/// An expected call and the actual call it was paired with, by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexPair {
    pub expected_index: usize,
    pub actual_index: usize,
}

/// A pair of the same tool whose arguments did not match, and where:
/// the engine's verdicts by key path (see [`KeyVerdict`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AlignedMismatch {
    pub expected_index: usize,
    pub actual_index: usize,
    pub differences: Vec<KeyVerdict>,
}

/// What `alignToolCalls` returns: `{ passed, pairs, argumentMismatches,
/// outOfOrder, missing, extra }`, every call by its index. `passed`,
/// `missing`, `extra`, `argumentMismatches` and `outOfOrder` are the verdict
/// `evaluateToolCalls` gives.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolCallAlignment {
    pub passed: bool,
    pub pairs: Vec<IndexPair>,
    pub argument_mismatches: Vec<AlignedMismatch>,
    pub out_of_order: Vec<IndexPair>,
    pub missing: Vec<usize>,
    pub extra: Vec<usize>,
}

/// The alignment of `expected` with `actual` under resolved options
/// (`negative`: `isNegativeTest`).
pub(crate) fn align(
    expected: &[Call<'_>],
    actual: &[Call<'_>],
    opts: &ResolvedMatchOptions,
    negative: bool,
) -> ToolCallAlignment {
    let r = evaluate(expected, actual, opts, negative);
    let pair = |&(i, j): &(usize, usize)| IndexPair {
        expected_index: i,
        actual_index: j,
    };
    ToolCallAlignment {
        passed: r.passed,
        pairs: r.pairs.iter().map(pair).collect(),
        argument_mismatches: r
            .argument_mismatches
            .iter()
            .map(|&(i, j)| AlignedMismatch {
                expected_index: i,
                actual_index: j,
                differences: explain_pair(&expected[i], &actual[j], opts.argument_matching),
            })
            .collect(),
        out_of_order: r.out_of_order.iter().map(pair).collect(),
        missing: r.missing,
        extra: r.extra,
    }
}
