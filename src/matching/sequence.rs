//! The list helpers every family shares: the greedy in-order subsequence
//! (`toolCallOrder: "superset"` of `@mcpjam/sdk@1.14.0`, `order: "strict"`
//! of `@gleanwork/mcp-server-tester@1.1.0`, `toHaveCalledInOrder`), counts,
//! and precision / recall / F1 (mcp-server-tester's tool-call metrics,
//! trajectory F1).

use crate::value::eq::{text_eq, TextKey};
use rustc_hash::FxHashMap;

/// What the in-order scan does after an expected item finds no position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Miss {
    /// The scan ran to the end: every later item starts past the list
    /// (`@mcpjam/sdk`'s superset cursor).
    Exhaust,
    /// The item is skipped; the next starts where it did (an optional call).
    Skip,
    /// The scan stops here.
    Stop,
}

/// One expected item of the in-order scan: where its search started, and
/// the position it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    pub(crate) from: usize,
    pub(crate) at: Option<usize>,
}

/// The greedy in-order subsequence over a list of `len` items: expected item
/// `i` (of `n`) takes `find(i, cursor)`, the first position at or after the
/// cursor it accepts, and the cursor moves past it; on a miss, `miss(i)`
/// says how to go on. Returns one [`Step`] per item scanned (fewer than `n`
/// after a [`Miss::Stop`]). Cost: the `find` calls, one per item.
pub(crate) fn in_order(
    n: usize,
    len: usize,
    mut find: impl FnMut(usize, usize) -> Option<usize>,
    mut miss: impl FnMut(usize) -> Miss,
) -> Vec<Step> {
    let mut steps = Vec::with_capacity(n);
    let mut cursor = 0;
    for i in 0..n {
        let at = if cursor < len { find(i, cursor) } else { None };
        steps.push(Step { from: cursor, at });
        match at {
            Some(j) => cursor = j + 1,
            None => match miss(i) {
                Miss::Exhaust => cursor = len,
                Miss::Skip => {}
                Miss::Stop => break,
            },
        }
    }
    steps
}

/// The first position at or after `from` that `accepts`.
pub(crate) fn first_from(len: usize, from: usize, mut accepts: impl FnMut(usize) -> bool) -> Option<usize> {
    (from..len).find(|&i| accepts(i))
}

/// Which items of `seq` (`(value, weight)`) lie on one heaviest chain of
/// strictly increasing values, in O(n log n) (a Fenwick tree of the best
/// chain ending below each value). With all weights 1 it is a longest
/// increasing subsequence; ties go to the chain found first.
pub(crate) fn heaviest_increasing(seq: &[(usize, u32)]) -> Vec<bool> {
    let size = seq.iter().map(|&(v, _)| v + 1).max().unwrap_or(0);
    // tree[k]: the heaviest (weight, item) among chains ending at values in its range.
    let mut tree: Vec<(u64, usize)> = vec![(0, usize::MAX); size + 1];
    let mut prev = vec![usize::MAX; seq.len()];
    let mut best = (0u64, usize::MAX);
    for (i, &(v, w)) in seq.iter().enumerate() {
        // The heaviest chain ending at a value below v.
        let (mut k, mut below) = (v, (0u64, usize::MAX));
        while k > 0 {
            if tree[k].0 > below.0 {
                below = tree[k];
            }
            k &= k - 1;
        }
        prev[i] = below.1;
        let here = (below.0 + u64::from(w), i);
        if here.0 > best.0 {
            best = here;
        }
        let mut k = v + 1;
        while k <= size {
            if here.0 > tree[k].0 {
                tree[k] = here;
            }
            k += k & k.wrapping_neg();
        }
    }
    let mut on = vec![false; seq.len()];
    let mut at = best.1;
    while at != usize::MAX {
        on[at] = true;
        at = prev[at];
    }
    on
}

/// `hits / total`, or `empty` when `total` is 0.
pub(crate) fn ratio(hits: usize, total: usize, empty: f64) -> f64 {
    if total == 0 {
        empty
    } else {
        hits as f64 / total as f64
    }
}

/// The harmonic mean of a precision and a recall (0 when both are 0).
pub(crate) fn f1(precision: f64, recall: f64) -> f64 {
    if precision + recall == 0.0 {
        0.0
    } else {
        2.0 * precision * recall / (precision + recall)
    }
}

/// The size of the multiset intersection of two lists (each item of one
/// pairs with at most one equal item of the other). Linear in the longer
/// list: the shorter is counted, in a map, or (16 items or fewer, as an
/// expected trajectory is) in a list scanned per item, which costs less than
/// hashing every item of the longer one; the scan stops once the shorter
/// list is used up.
pub(crate) fn overlap(a: &[&str], b: &[&str]) -> usize {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if short.len() <= 16 {
        let mut left: Vec<(&str, usize)> = Vec::with_capacity(short.len());
        for &x in short {
            match left.iter_mut().find(|(y, _)| text_eq(y, x)) {
                Some((_, k)) => *k += 1,
                None => left.push((x, 1)),
            }
        }
        let mut matched = 0;
        for &y in long {
            if matched == short.len() {
                break;
            }
            if let Some((_, k)) = left.iter_mut().find(|(x, k)| *k > 0 && text_eq(x, y)) {
                *k -= 1;
                matched += 1;
            }
        }
        return matched;
    }
    let mut pool: FxHashMap<TextKey<'_>, usize> = FxHashMap::default();
    for &x in short {
        *pool.entry(TextKey(x)).or_default() += 1;
    }
    long.iter()
        .filter(|y| match pool.get_mut(&TextKey(y)) {
            Some(k) if *k > 0 => {
                *k -= 1;
                true
            }
            _ => false,
        })
        .count()
}

#[cfg(test)]
#[path = "../../tests/unit/matching/sequence.rs"]
mod tests;
