//! `alignToolCalls` (ours): the verdict of `evaluateToolCalls` by index, with
//! the pairs, and for each argument mismatch the matching engine's per-key
//! verdicts, so a viewer draws what the engine decided.

use super::evaluate::{evaluate, explain_pair};
use super::options::ResolvedMatchOptions;
use super::Call;
use crate::matching::KeyVerdict;
use serde::{Deserialize, Serialize};

/// An expected call and the actual call it was paired with, by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexPair {
    /// Index into the expected calls.
    pub expected_index: usize,
    /// Index into the actual calls.
    pub actual_index: usize,
}

/// A pair of the same tool whose arguments did not match, and where:
/// the engine's verdicts by key path (see [`KeyVerdict`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AlignedMismatch {
    /// Index into the expected calls.
    pub expected_index: usize,
    /// Index into the actual calls.
    pub actual_index: usize,
    /// The engine's verdicts by key path.
    pub differences: Vec<KeyVerdict>,
}

/// What `alignToolCalls` returns: `{ passed, pairs, argumentMismatches,
/// outOfOrder, missing, extra }`, every call by its index. `passed`,
/// `missing`, `extra`, `argumentMismatches` and `outOfOrder` are the verdict
/// `evaluateToolCalls` gives.
#[must_use]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolCallAlignment {
    /// The verdict of `evaluateToolCalls`.
    pub passed: bool,
    /// Calls that matched (name and arguments).
    pub pairs: Vec<IndexPair>,
    /// Calls of the same tool paired despite different arguments.
    pub argument_mismatches: Vec<AlignedMismatch>,
    /// Unpaired expected calls whose compatible actual call sits elsewhere.
    pub out_of_order: Vec<IndexPair>,
    /// Expected calls left unpaired.
    pub missing: Vec<usize>,
    /// Actual calls left unpaired.
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
