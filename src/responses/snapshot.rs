//! Snapshot comparison: `matchSnapshot(received, stored, sanitizers)`.
//!
//! `@gleanwork/mcp-server-tester@1.1.0` snapshots a response with
//! `toMatchToolSnapshot(name, sanitizers)`: it takes the response's
//! `extractText`, applies the sanitizers, and hands the text to Playwright's
//! `toMatchSnapshot`, which stores it in a file and compares texts exactly.
//! Here the comparison is a plain function and storage is the caller's:
//! the caller passes the stored text (or nothing, when there is none yet)
//! and gets back the text to store, whether it matched, and a unified diff
//! (`--- expected` / `+++ actual`, three lines of context, as `diff -u`).
//! The Node helper `mcp-matchers/snapshots-node` keeps the texts in
//! `__snapshots__/` files.

use super::sanitize::CompiledSanitizers;
use crate::error::Result;
use imara_diff::{Algorithm, Diff, InternedInput, Token};
use serde::{Deserialize, Serialize};

/// What `matchSnapshot` returns: `{ pass, actual, expected, diff }`.
#[must_use]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SnapshotResult {
    /// `actual` equals `expected` exactly (no stored text: `false`).
    pub pass: bool,
    /// The response's text after the sanitizers: what a snapshot stores.
    pub actual: String,
    /// The stored text, `None` (`null`) when there is none.
    pub expected: Option<String>,
    /// A unified diff from `expected` to `actual`; `""` when they are equal.
    /// With no stored text every line shows as added.
    pub diff: String,
}

/// Compares the sanitized `text` of a response with a `stored` snapshot.
///
/// Errors: those of [`CompiledSanitizers::apply`].
pub(crate) fn match_snapshot(
    text: &str,
    stored: Option<&str>,
    sanitizers: &CompiledSanitizers,
) -> Result<SnapshotResult> {
    Ok(compare(sanitizers.apply(text)?, stored))
}

/// Compares `actual` (a text already sanitized) with a `stored` snapshot.
pub(crate) fn compare(actual: String, stored: Option<&str>) -> SnapshotResult {
    let pass = stored == Some(actual.as_str());
    let diff = if pass {
        String::new()
    } else {
        unified_diff(stored.unwrap_or(""), &actual)
    };
    SnapshotResult {
        pass,
        actual,
        expected: stored.map(str::to_string),
        diff,
    }
}

/// Texts of at most this many lines (both sides together) are diffed exactly
/// as a whole; so is every region of a larger diff up to this size.
pub(crate) const EXACT_LINES: usize = 10_000;

/// The exact diff's work budget per call: the sum of (lines of a region)²
/// over the regions diffed exactly (the histogram algorithm costs up to that
/// on texts of few distinct lines). Past it, a region is shown as removed and
/// added whole.
pub(crate) const EXACT_BUDGET: u64 = (EXACT_LINES as u64) * (EXACT_LINES as u64);

/// A unified diff of two texts by lines (histogram algorithm, git's slider
/// heuristics), in GNU `diff -u` form with the headers `--- expected` /
/// `+++ actual`: hunk ranges `-start,len` (`,len` left out for one line, a
/// start of the line before for none), a last line without a newline
/// followed by `\ No newline at end of file`, so that a change in the final
/// newline alone shows.
///
/// Bounded work: texts of up to [`EXACT_LINES`] lines are diffed exactly.
/// Larger ones are cut at their common first and last lines and at the lines
/// that occur once in each text (in an order both keep: a longest increasing
/// chain, as patience diff does); each region between them is diffed exactly
/// while the [`EXACT_BUDGET`] lasts, else shown as all its expected lines
/// removed and all its actual lines added. Every line shown as kept is equal
/// on both sides, so the diff is always correct; past the budget it is only
/// less minimal. Cost: O(n log n) plus the budget.
pub(crate) fn unified_diff(expected: &str, actual: &str) -> String {
    let input = InternedInput::new(expected, actual);
    let changes = line_changes(expected, actual, &input);
    let mut out = String::from("--- expected\n+++ actual\n");
    print_unified(&mut out, &input, &changes);
    out
}

/// Which lines of each side are removed / added.
struct Changes {
    removed: Vec<bool>,
    added: Vec<bool>,
}

fn line_changes(expected: &str, actual: &str, input: &InternedInput<&str>) -> Changes {
    let (n, m) = (input.before.len(), input.after.len());
    let mut changes = Changes {
        removed: vec![false; n],
        added: vec![false; m],
    };
    if n + m <= EXACT_LINES {
        let mut diff = Diff::compute(Algorithm::Histogram, input);
        diff.postprocess_lines(input);
        copy_flags(&diff, &mut changes, 0, 0);
        return changes;
    }
    let texts = Texts {
        starts: [line_starts(expected, n), line_starts(actual, m)],
        text: [expected, actual],
    };
    let mut budget = EXACT_BUDGET;
    let (a, b) = trim(input, 0..n, 0..m);
    let anchors = unique_anchors(input, a.clone(), b.clone());
    let (mut i, mut j) = (a.start, b.start);
    for (ai, bj) in anchors.into_iter().chain([(a.end, b.end)]) {
        let (ra, rb) = trim(input, i..ai, j..bj);
        region(&texts, ra, rb, &mut budget, &mut changes);
        (i, j) = (ai + 1, bj + 1);
    }
    changes
}

/// Both texts and the byte offset of each of their lines (and of their end).
struct Texts<'a> {
    starts: [Vec<usize>; 2],
    text: [&'a str; 2],
}

impl Texts<'_> {
    fn slice(&self, side: usize, lines: &std::ops::Range<usize>) -> &str {
        &self.text[side][self.starts[side][lines.start]..self.starts[side][lines.end]]
    }
}

/// The byte offset where each of the `count` lines of `text` starts, and the text's length.
fn line_starts(text: &str, count: usize) -> Vec<usize> {
    let mut starts = Vec::with_capacity(count + 1);
    starts.push(0);
    starts.extend(text.match_indices('\n').map(|(i, _)| i + 1).filter(|&i| i < text.len()));
    starts.push(text.len());
    debug_assert_eq!(starts.len(), count + 1);
    starts
}

/// `a`/`b` without their common first and last lines.
fn trim(
    input: &InternedInput<&str>,
    mut a: std::ops::Range<usize>,
    mut b: std::ops::Range<usize>,
) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
    while a.start < a.end && b.start < b.end && input.before[a.start] == input.after[b.start] {
        a.start += 1;
        b.start += 1;
    }
    while a.start < a.end && b.start < b.end && input.before[a.end - 1] == input.after[b.end - 1] {
        a.end -= 1;
        b.end -= 1;
    }
    (a, b)
}

/// The lines that occur exactly once in `a` and once in `b`, as position
/// pairs on one longest chain increasing on both sides.
fn unique_anchors(
    input: &InternedInput<&str>,
    a: std::ops::Range<usize>,
    b: std::ops::Range<usize>,
) -> Vec<(usize, usize)> {
    // Per token: (count in a, position in a, count in b, position in b).
    let mut seen: rustc_hash::FxHashMap<Token, (u32, usize, u32, usize)> = rustc_hash::FxHashMap::default();
    for i in a.clone() {
        let e = seen.entry(input.before[i]).or_insert((0, i, 0, 0));
        e.0 += 1;
    }
    for j in b {
        if let Some(e) = seen.get_mut(&input.after[j]) {
            e.2 += 1;
            e.3 = j;
        }
    }
    let pairs: Vec<(usize, usize)> = a
        .filter_map(|i| match seen[&input.before[i]] {
            (1, _, 1, j) => Some((i, j)),
            _ => None,
        })
        .collect();
    let chain: Vec<(usize, u32)> = pairs.iter().map(|&(_, j)| (j, 1)).collect();
    let on = crate::matching::sequence::heaviest_increasing(&chain);
    pairs
        .into_iter()
        .zip(on)
        .filter(|(_, on)| *on)
        .map(|(p, _)| p)
        .collect()
}

/// Diffs one region exactly when it is small enough and the budget allows,
/// else marks it removed and added whole.
fn region(
    texts: &Texts<'_>,
    a: std::ops::Range<usize>,
    b: std::ops::Range<usize>,
    budget: &mut u64,
    changes: &mut Changes,
) {
    let size = (a.len() + b.len()) as u64;
    if a.is_empty() || b.is_empty() || a.len() + b.len() > EXACT_LINES || size * size > *budget {
        changes.removed[a].iter_mut().for_each(|f| *f = true);
        changes.added[b].iter_mut().for_each(|f| *f = true);
        return;
    }
    *budget -= size * size;
    let sub = InternedInput::new(texts.slice(0, &a), texts.slice(1, &b));
    let mut diff = Diff::compute(Algorithm::Histogram, &sub);
    diff.postprocess_lines(&sub);
    copy_flags(&diff, changes, a.start, b.start);
}

fn copy_flags(diff: &Diff, changes: &mut Changes, a0: usize, b0: usize) {
    for hunk in diff.hunks() {
        for i in hunk.before {
            changes.removed[a0 + i as usize] = true;
        }
        for j in hunk.after {
            changes.added[b0 + j as usize] = true;
        }
    }
}

/// One line with its sign, then `\ No newline at end of file` when it lacks one
/// (only the last line of a text can).
fn line(out: &mut String, sign: char, text: &str) {
    out.push(sign);
    out.push_str(text);
    if !text.ends_with('\n') {
        out.push_str("\n\\ No newline at end of file\n");
    }
}

fn range(start: usize, len: usize) -> String {
    match len {
        0 => format!("{start},0"),
        1 => format!("{}", start + 1),
        n => format!("{},{n}", start + 1),
    }
}

/// Prints the hunks of `changes` with three lines of context, hunks closer
/// than twice that merged (imara-diff's `UnifiedDiff` layout, GNU's header form).
fn print_unified(out: &mut String, input: &InternedInput<&str>, changes: &Changes) {
    const CONTEXT: usize = 3;
    let text = |t: Token| input.interner[t];
    let hunks = hunks(changes);
    let mut k = 0;
    while k < hunks.len() {
        // A group: hunks whose kept lines between them are at most 2 × CONTEXT.
        let mut last = k;
        while last + 1 < hunks.len() && hunks[last + 1].0.start - hunks[last].0.end <= 2 * CONTEXT {
            last += 1;
        }
        let (first, end) = (&hunks[k], &hunks[last]);
        let a0 = first.0.start.saturating_sub(CONTEXT);
        let b0 = first.1.start - (first.0.start - a0);
        let a1 = (end.0.end + CONTEXT).min(input.before.len());
        let b1 = end.1.end + (a1 - end.0.end);
        out.push_str(&format!("@@ -{} +{} @@\n", range(a0, a1 - a0), range(b0, b1 - b0)));
        let mut pos = a0;
        for (a, b) in &hunks[k..=last] {
            for &t in &input.before[pos..a.start] {
                line(out, ' ', text(t));
            }
            for &t in &input.before[a.clone()] {
                line(out, '-', text(t));
            }
            for &t in &input.after[b.clone()] {
                line(out, '+', text(t));
            }
            pos = a.end;
        }
        for &t in &input.before[pos..a1] {
            line(out, ' ', text(t));
        }
        k = last + 1;
    }
}

type Hunk = (std::ops::Range<usize>, std::ops::Range<usize>);

/// The changed runs: removed lines `.0` of expected replaced by added lines `.1` of actual.
fn hunks(changes: &Changes) -> Vec<Hunk> {
    let (n, m) = (changes.removed.len(), changes.added.len());
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < n || j < m {
        let (i0, j0) = (i, j);
        while i < n && changes.removed[i] {
            i += 1;
        }
        while j < m && changes.added[j] {
            j += 1;
        }
        if i > i0 || j > j0 {
            out.push((i0..i, j0..j));
        } else {
            // A kept line on both sides.
            i += 1;
            j += 1;
        }
    }
    out
}

#[cfg(test)]
#[path = "../../tests/unit/responses/snapshot.rs"]
mod tests;
