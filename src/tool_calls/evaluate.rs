//! The pairing of `evaluateToolCalls` (`@mcpjam/sdk@1.14.0`,
//! `dist/matchers.js`: `pair`, then the argument-mismatch scan), with the
//! reference's exact pairing decisions and near-linear cost (the reference
//! scans every actual call for every expected call and re-serialises
//! arguments on each comparison; here the candidates come from an index,
//! see [`super::index`]).

use super::index::{find, Classes, Expected, Index};
use super::options::{ArgumentMatching, MaxExtraToolCalls, ResolvedMatchOptions, ToolCallOrder};
use super::Call;
use crate::matching::sequence::{heaviest_increasing, in_order, Miss};
use crate::matching::KeyVerdict;

/// Which calls paired, by index into the caller's lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pairing {
    pub(crate) passed: bool,
    /// Expected indices left unpaired, ascending.
    pub(crate) missing: Vec<usize>,
    /// Actual indices left unpaired, ascending.
    pub(crate) extra: Vec<usize>,
    /// `(expected index, actual index)` pairs that share a tool name but not arguments.
    pub(crate) argument_mismatches: Vec<(usize, usize)>,
    /// `(expected index, actual index)` pairs that matched (name and
    /// arguments), ascending by expected index.
    pub(crate) pairs: Vec<(usize, usize)>,
    /// `(expected index, actual index)`: an unpaired expected call whose
    /// compatible actual call sits at another, unpaired index
    /// (`"strict"` and `"superset"` only).
    pub(crate) out_of_order: Vec<(usize, usize)>,
}

/// The state of one evaluation: the compiled expected calls, the index over
/// the actual calls, and who paired with whom so far.
struct Run<'x> {
    expected: &'x [Call<'x>],
    patterns: Vec<Expected<'x>>,
    index: Index<'x>,
    classes: Classes,
    opts: ResolvedMatchOptions,
    pair_of: Vec<Option<usize>>,
    used: Vec<bool>,
    /// `supersetCursorByExpected` of the reference (superset order only).
    cursor_of: Vec<usize>,
}

/// `evaluateToolCalls(expected, actual, options)` on resolved options,
/// returning indices. `negative` is `isNegativeTest`.
pub(crate) fn evaluate(
    expected: &[Call<'_>],
    actual: &[Call<'_>],
    opts: &ResolvedMatchOptions,
    negative: bool,
) -> Pairing {
    let (n, m) = (expected.len(), actual.len());
    if negative {
        return Pairing {
            passed: m == 0,
            extra: (0..m).collect(),
            ..Default::default()
        };
    }
    if m == 0 {
        return Pairing {
            passed: false,
            missing: (0..n).collect(),
            ..Default::default()
        };
    }
    let mut run = Run::new(expected, actual, opts);
    run.pair();
    let argument_mismatches = run.mismatches();
    let out_of_order = run.out_of_order();
    run.finish(argument_mismatches, out_of_order)
}

/// The engine's per-key verdicts of an argument mismatch (or of any pair):
/// how `actual[j]`'s arguments meet `expected[i]`'s under `matching`.
pub(crate) fn explain_pair(expected: &Call<'_>, actual: &Call<'_>, matching: ArgumentMatching) -> Vec<KeyVerdict> {
    Expected::new(expected, matching).matcher().explain(Some(actual.args))
}

impl<'x> Run<'x> {
    fn new(expected: &'x [Call<'x>], actual: &'x [Call<'x>], opts: &ResolvedMatchOptions) -> Self {
        let patterns: Vec<Expected<'_>> = expected
            .iter()
            .map(|c| Expected::new(c, opts.argument_matching))
            .collect();
        let classes = Classes::new(&patterns);
        Run {
            expected,
            patterns,
            index: Index::new(actual),
            classes,
            opts: *opts,
            pair_of: vec![None; expected.len()],
            used: vec![false; actual.len()],
            cursor_of: Vec::new(),
        }
    }

    fn take(&mut self, i: usize, j: usize) {
        self.pair_of[i] = Some(j);
        self.used[j] = true;
    }

    /// The first pass (`pair` of the reference): compatible pairs in the order's way.
    fn pair(&mut self) {
        let (n, m) = (self.expected.len(), self.used.len());
        match self.opts.tool_call_order {
            ToolCallOrder::Strict => {
                for i in 0..n.min(m) {
                    if self.patterns[i].accepts(&self.index.actual[i]) {
                        self.take(i, i);
                    }
                }
            }
            ToolCallOrder::Superset => {
                let (index, classes, patterns, used) = (&mut self.index, &mut self.classes, &self.patterns, &self.used);
                let steps = in_order(
                    n,
                    m,
                    |i, k| find(index, classes, i, &patterns[i], used, Some(k)),
                    |_| Miss::Exhaust,
                );
                self.cursor_of = steps.iter().map(|s| s.from).collect();
                for (i, s) in steps.iter().enumerate() {
                    if let Some(j) = s.at {
                        self.take(i, j);
                    }
                }
            }
            ToolCallOrder::Ignore => {
                for i in 0..n {
                    if let Some(j) = find(
                        &mut self.index,
                        &mut self.classes,
                        i,
                        &self.patterns[i],
                        &self.used,
                        None,
                    ) {
                        self.take(i, j);
                    }
                }
            }
        }
    }

    /// The second pass: an unpaired expected call takes the first unpaired
    /// actual call of the same name in its scan window, as an argument mismatch.
    fn mismatches(&mut self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut next_in_name = vec![0usize; self.index.name_count()];
        let m = self.used.len();
        for i in 0..self.expected.len() {
            if self.pair_of[i].is_some() {
                continue;
            }
            let name = &self.expected[i].name;
            let hit = match self.opts.tool_call_order {
                ToolCallOrder::Strict => {
                    (i < m && !self.used[i] && crate::value::eq::text_eq(self.index.actual[i].name, name)).then_some(i)
                }
                order => self.index.name_id(name).and_then(|id| {
                    let list = self.index.named(id);
                    let start = if order == ToolCallOrder::Superset {
                        self.cursor_of[i]
                    } else {
                        0
                    };
                    let mut pos = next_in_name[id as usize].max(list.partition_point(|&j| (j as usize) < start));
                    while pos < list.len() && self.used[list[pos] as usize] {
                        pos += 1;
                    }
                    next_in_name[id as usize] = pos;
                    list.get(pos).map(|&j| j as usize)
                }),
            };
            if let Some(j) = hit {
                self.take(i, j);
                if self.opts.argument_matching != ArgumentMatching::Ignore {
                    out.push((i, j));
                }
            }
        }
        out
    }

    /// Ours, not the reference's: which missing calls are out of order.
    /// Each missing expected call is paired with the first unpaired
    /// compatible actual call, as `toolCallOrder: "ignore"` would; with the
    /// result's own pairs, the pairs on a longest chain increasing in both
    /// indices (a longest common subsequence of the two call lists, the
    /// result's pairs kept first) are in order, and a missing call whose pair
    /// is off that chain is out of order, with the actual call it would take. A call merely shifted by
    /// an absence is not (`[a, b, c]` against `[a, c]`: none). It changes
    /// nothing else in the result.
    fn out_of_order(&mut self) -> Vec<(usize, usize)> {
        if self.opts.tool_call_order == ToolCallOrder::Ignore || self.pair_of.iter().all(Option::is_some) {
            return Vec::new();
        }
        self.classes.reset();
        let mut taken = self.used.clone();
        // Every pair by expected index: the result's, or a missing call's candidate.
        let mut pairs: Vec<(usize, usize, bool)> = Vec::new();
        for i in 0..self.expected.len() {
            match self.pair_of[i] {
                Some(j) => pairs.push((i, j, false)),
                None => {
                    if let Some(j) = find(&mut self.index, &mut self.classes, i, &self.patterns[i], &taken, None) {
                        taken[j] = true;
                        pairs.push((i, j, true));
                    }
                }
            }
        }
        // The result's own pairs weigh more: the chain keeps them, and a
        // candidate is in order when it fits between them.
        let on = heaviest_increasing(
            &pairs
                .iter()
                .map(|&(_, j, c)| (j, if c { 1 } else { 2 }))
                .collect::<Vec<_>>(),
        );
        pairs
            .into_iter()
            .zip(on)
            .filter(|&((_, _, candidate), in_order)| candidate && !in_order)
            .map(|((i, j, _), _)| (i, j))
            .collect()
    }

    fn finish(self, argument_mismatches: Vec<(usize, usize)>, out_of_order: Vec<(usize, usize)>) -> Pairing {
        let n = self.expected.len();
        let missing: Vec<usize> = (0..n).filter(|&i| self.pair_of[i].is_none()).collect();
        let extra: Vec<usize> = (0..self.used.len()).filter(|&j| !self.used[j]).collect();
        let extra_fails = match self.opts.max_extra_tool_calls {
            MaxExtraToolCalls::Unlimited => false,
            MaxExtraToolCalls::AtMost(max) => extra.len() as u64 > max,
        };
        let passed = missing.is_empty() && argument_mismatches.is_empty() && !extra_fails;
        let mut mismatched = vec![false; n];
        argument_mismatches.iter().for_each(|&(i, _)| mismatched[i] = true);
        let pairs = (0..n)
            .filter(|&i| !mismatched[i])
            .filter_map(|i| self.pair_of[i].map(|j| (i, j)))
            .collect();
        Pairing {
            passed,
            pairs,
            missing,
            extra,
            argument_mismatches,
            out_of_order,
        }
    }
}
