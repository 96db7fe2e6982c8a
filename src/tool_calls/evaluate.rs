//! The pairing engine of `evaluateToolCalls` (`@mcpjam/sdk@1.14.0`,
//! `dist/matchers.js`), with the reference's exact pairing decisions and
//! near-linear cost.
//!
//! The reference scans every actual call for every expected call and
//! re-serialises arguments on each comparison (quadratic when many calls share
//! a name). Here each expected call looks up its candidates in an index (by
//! name; by name and whole-arguments hash in `"exact"`; by name, key and value
//! hash in `"partial"`), and each class of identical expected calls keeps a
//! cursor into its candidate list, so a scan never repeats. Candidates found
//! by hash are always confirmed with the real comparison.

use super::options::{ArgumentMatching, MaxExtraToolCalls, ResolvedMatchOptions, ToolCallOrder};
use super::Call;
use crate::value::{json_eq, json_hash, Placeholder, Val};
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::Hasher;

/// Which calls paired, by index into the caller's lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchIndices {
    pub passed: bool,
    /// Expected indices left unpaired, ascending.
    pub missing: Vec<usize>,
    /// Actual indices left unpaired, ascending.
    pub extra: Vec<usize>,
    /// `(expected index, actual index)` pairs that share a tool name but not arguments.
    pub argument_mismatches: Vec<(usize, usize)>,
    /// `(expected index, actual index)` pairs that matched (name and
    /// arguments), ascending by expected index.
    pub pairs: Vec<(usize, usize)>,
    /// `(expected index, actual index)`: an unpaired expected call whose
    /// compatible actual call sits at another, unpaired index
    /// (`"strict"` and `"superset"` only).
    pub out_of_order: Vec<(usize, usize)>,
}

/// What one expected call requires of an actual call.
enum Test<'e> {
    /// Same tool name only (`"ignore"`, or `"partial"` with no expected keys).
    Name,
    /// Same name and deep-equal arguments.
    Exact,
    /// Same name and, per expected key (with its hash), a type check or a deep-equal value.
    Partial(Vec<(&'e str, u64, Check<'e>)>),
}

enum Check<'e> {
    Type(Placeholder),
    /// The expected value and its [`json_hash`].
    Equal(&'e Val<'e>, u64),
}

struct Pattern<'e> {
    call: &'e Call<'e>,
    /// [`args_hash`] of the expected arguments.
    args_hash: u64,
    test: Test<'e>,
}

fn key_hash(key: &str) -> u64 {
    let mut h = FxHasher::default();
    h.write(key.as_bytes());
    h.finish()
}

/// A hash of a whole arguments object, consistent with [`json_eq`], built
/// from its entries' key and value hashes.
fn args_hash<'v>(entries: impl Iterator<Item = (u64, u64)> + 'v) -> u64 {
    let mut h = FxHasher::default();
    for (k, v) in entries {
        h.write_u64(k);
        h.write_u64(v);
    }
    h.finish()
}

fn entry_hashes<'v>(args: &'v Val<'v>) -> impl Iterator<Item = (u64, u64)> + 'v {
    args.entries().iter().map(|(k, v)| (key_hash(k), json_hash(Some(v))))
}

impl<'e> Pattern<'e> {
    fn new(call: &'e Call<'e>, matching: ArgumentMatching) -> Self {
        let entries = call.args.entries();
        let hashes: Vec<(u64, u64)> = entry_hashes(&call.args).collect();
        let test = match matching {
            ArgumentMatching::Ignore => Test::Name,
            ArgumentMatching::Exact => Test::Exact,
            ArgumentMatching::Partial if entries.is_empty() => Test::Name,
            ArgumentMatching::Partial => Test::Partial(
                entries
                    .iter()
                    .zip(&hashes)
                    .map(|((k, v), &(kh, vh))| {
                        (&**k, kh, Placeholder::parse(v).map_or(Check::Equal(v, vh), Check::Type))
                    })
                    .collect(),
            ),
        };
        Pattern {
            call,
            args_hash: args_hash(hashes.into_iter()),
            test,
        }
    }

    /// `callsCompatible(expected, actual, argumentMatching)`.
    fn accepts(&self, actual: &Call<'_>) -> bool {
        self.call.name == actual.name && self.args_accept(actual)
    }

    fn args_accept(&self, actual: &Call<'_>) -> bool {
        match &self.test {
            Test::Name => true,
            Test::Exact => json_eq(Some(&self.call.args), Some(&actual.args)),
            Test::Partial(checks) => checks.iter().all(|(key, _, check)| {
                let got = actual.args.get(key);
                match check {
                    Check::Type(p) => p.accepts(got),
                    Check::Equal(want, _) => json_eq(got, Some(want)),
                }
            }),
        }
    }
}

/// Ascending actual indices grouped by key in one array (a counting sort
/// through a hash map): O(1) lookups, no per-key allocation.
struct Postings<K> {
    slot_of: FxHashMap<K, u32>,
    /// `(start, len)` of each slot's run in `ids`.
    runs: Vec<(u32, u32)>,
    ids: Vec<u32>,
}

impl<K: Eq + std::hash::Hash + Copy> Postings<K> {
    /// `items` in ascending id order.
    fn build(items: Vec<(K, u32)>) -> Self {
        let mut slot_of: FxHashMap<K, u32> = FxHashMap::default();
        slot_of.reserve(items.len());
        let mut runs: Vec<(u32, u32)> = Vec::new();
        let mut slot_per_item = Vec::with_capacity(items.len());
        for (key, _) in &items {
            let next = runs.len() as u32;
            let slot = *slot_of.entry(*key).or_insert(next);
            if slot == next {
                runs.push((0, 0));
            }
            runs[slot as usize].1 += 1;
            slot_per_item.push(slot);
        }
        let mut start = 0;
        for run in runs.iter_mut() {
            run.0 = start;
            start += run.1;
        }
        let mut fill: Vec<u32> = runs.iter().map(|r| r.0).collect();
        let mut ids = vec![0; items.len()];
        for ((_, id), slot) in items.iter().zip(slot_per_item) {
            ids[fill[slot as usize] as usize] = *id;
            fill[slot as usize] += 1;
        }
        Postings { slot_of, runs, ids }
    }

    fn get(&self, key: K) -> &[u32] {
        match self.slot_of.get(&key) {
            Some(&slot) => {
                let (start, len) = self.runs[slot as usize];
                &self.ids[start as usize..(start + len) as usize]
            }
            None => NONE,
        }
    }
}

/// Candidate lists over the actual calls; the argument indexes are built on
/// first use.
struct Index<'a> {
    actual: &'a [Call<'a>],
    names: FxHashMap<&'a str, u32>,
    name_of: Vec<u32>,
    /// Actual indices grouped by name id: group `g` is `by_name[start[g]..start[g + 1]]`.
    by_name: Vec<u32>,
    start: Vec<u32>,
    by_args: Option<Postings<(u32, u64)>>,
    by_entry: Option<Postings<(u32, u64, u64)>>,
}

const NONE: &[u32] = &[];

impl<'a> Index<'a> {
    fn new(actual: &'a [Call<'a>]) -> Self {
        let mut names: FxHashMap<&str, u32> = FxHashMap::default();
        let mut name_of = Vec::with_capacity(actual.len());
        let mut count: Vec<u32> = Vec::new();
        for call in actual {
            let next = names.len() as u32;
            let id = *names.entry(&call.name).or_insert(next);
            if id as usize == count.len() {
                count.push(0);
            }
            count[id as usize] += 1;
            name_of.push(id);
        }
        let mut start = Vec::with_capacity(count.len() + 1);
        let mut sum = 0;
        start.push(0);
        for c in &count {
            sum += c;
            start.push(sum);
        }
        let mut fill: Vec<u32> = start[..count.len()].to_vec();
        let mut by_name = vec![0; actual.len()];
        for (j, &id) in name_of.iter().enumerate() {
            by_name[fill[id as usize] as usize] = j as u32;
            fill[id as usize] += 1;
        }
        Index {
            actual,
            names,
            name_of,
            by_name,
            start,
            by_args: None,
            by_entry: None,
        }
    }

    fn name_id(&self, name: &str) -> Option<u32> {
        self.names.get(name).copied()
    }

    fn named(&self, id: u32) -> &[u32] {
        &self.by_name[self.start[id as usize] as usize..self.start[id as usize + 1] as usize]
    }

    /// Ascending actual indices that may accept `p` (a superset of those that do).
    fn candidates(&mut self, p: &Pattern<'_>) -> &[u32] {
        let Some(id) = self.name_id(&p.call.name) else {
            return NONE;
        };
        let (actual, name_of) = (self.actual, &self.name_of);
        match &p.test {
            Test::Name => self.named(id),
            Test::Exact => self
                .by_args
                .get_or_insert_with(|| {
                    Postings::build(
                        actual
                            .iter()
                            .enumerate()
                            .map(|(j, c)| ((name_of[j], args_hash(entry_hashes(&c.args))), j as u32))
                            .collect(),
                    )
                })
                .get((id, p.args_hash)),
            Test::Partial(checks) => {
                let index = self.by_entry.get_or_insert_with(|| {
                    let mut items = Vec::new();
                    for (j, c) in actual.iter().enumerate() {
                        for (kh, vh) in entry_hashes(&c.args) {
                            items.push(((name_of[j], kh, vh), j as u32));
                        }
                    }
                    Postings::build(items)
                });
                // The shortest list among the keys that need a present value.
                let mut best: Option<&[u32]> = None;
                for (_, kh, check) in checks {
                    match check {
                        Check::Equal(want, vh) if !matches!(want, Val::Undefined) => {
                            let list = index.get((id, *kh, *vh));
                            if best.is_none_or(|b| list.len() < b.len()) {
                                best = Some(list);
                            }
                        }
                        _ => {} // type checks and `undefined` (also met by an absent key)
                    }
                }
                match best {
                    Some(list) => list,
                    None => &self.by_name[self.start[id as usize] as usize..self.start[id as usize + 1] as usize],
                }
            }
        }
    }
}

/// Expected calls with the same name and deep-equal arguments accept the same
/// actual calls; such a class shares one cursor into its candidate list.
struct Classes {
    of: Vec<u32>,
    cursor: Vec<usize>,
}

impl Classes {
    fn new(patterns: &[Pattern<'_>]) -> Self {
        let mut first: FxHashMap<(&str, u64), u32> = FxHashMap::default();
        let mut rep: Vec<usize> = Vec::new();
        let mut of = Vec::with_capacity(patterns.len());
        for (i, p) in patterns.iter().enumerate() {
            let next = rep.len() as u32;
            let class = *first.entry((&p.call.name, p.args_hash)).or_insert(next);
            let same = class != next && json_eq(Some(&patterns[rep[class as usize]].call.args), Some(&p.call.args));
            if same {
                of.push(class);
            } else {
                // A new class (or a hash collision: a class of its own).
                of.push(next);
                rep.push(i);
            }
        }
        Classes {
            of,
            cursor: vec![0; rep.len()],
        }
    }

    fn reset(&mut self) {
        self.cursor.iter_mut().for_each(|c| *c = 0);
    }
}

/// The first actual call (lowest index) that accepts `p` and is not `used`;
/// with `from`, the first at index `from` or later regardless of use.
fn find(
    index: &mut Index<'_>,
    classes: &mut Classes,
    i: usize,
    p: &Pattern<'_>,
    used: &[bool],
    from: Option<usize>,
) -> Option<usize> {
    let actual = index.actual;
    let list = index.candidates(p);
    let class = classes.of[i] as usize;
    let mut pos = classes.cursor[class];
    if let Some(k) = from {
        pos = pos.max(list.partition_point(|&j| (j as usize) < k));
    }
    while pos < list.len() {
        let j = list[pos] as usize;
        if (from.is_some() || !used[j]) && p.accepts(&actual[j]) {
            classes.cursor[class] = pos;
            return Some(j);
        }
        pos += 1;
    }
    classes.cursor[class] = pos;
    None
}

/// `evaluateToolCalls(expected, actual, options)` of `@mcpjam/sdk@1.14.0` on
/// resolved options, returning indices. `negative` is `isNegativeTest`.
pub fn evaluate_indices(
    expected: &[Call<'_>],
    actual: &[Call<'_>],
    opts: &ResolvedMatchOptions,
    negative: bool,
) -> MatchIndices {
    let (n, m) = (expected.len(), actual.len());
    if negative {
        return MatchIndices {
            passed: m == 0,
            extra: (0..m).collect(),
            ..Default::default()
        };
    }
    if m == 0 {
        return MatchIndices {
            passed: false,
            missing: (0..n).collect(),
            ..Default::default()
        };
    }
    let patterns: Vec<Pattern<'_>> = expected
        .iter()
        .map(|c| Pattern::new(c, opts.argument_matching))
        .collect();
    let mut index = Index::new(actual);
    let mut pair_of: Vec<Option<usize>> = vec![None; n];
    let mut used = vec![false; m];
    let mut cursor_of: Vec<usize> = Vec::new();
    let mut classes = Classes::new(&patterns);

    match opts.tool_call_order {
        ToolCallOrder::Strict => {
            for i in 0..n.min(m) {
                if patterns[i].accepts(&actual[i]) {
                    pair_of[i] = Some(i);
                    used[i] = true;
                }
            }
        }
        ToolCallOrder::Superset => {
            cursor_of = vec![m; n];
            let mut k = 0;
            for i in 0..n {
                cursor_of[i] = k;
                match find(&mut index, &mut classes, i, &patterns[i], &used, Some(k)) {
                    Some(j) => {
                        pair_of[i] = Some(j);
                        used[j] = true;
                        k = j + 1;
                    }
                    None => k = m,
                }
                if k >= m {
                    break; // later expected calls keep cursor m
                }
            }
        }
        ToolCallOrder::Ignore => {
            for i in 0..n {
                if let Some(j) = find(&mut index, &mut classes, i, &patterns[i], &used, None) {
                    pair_of[i] = Some(j);
                    used[j] = true;
                }
            }
        }
    }

    // Second pass: an unpaired expected call takes the first unpaired actual
    // call of the same name in its scan window, as an argument mismatch.
    let mut argument_mismatches = Vec::new();
    let mut next_in_name = vec![0usize; index.start.len() - 1];
    for i in 0..n {
        if pair_of[i].is_some() {
            continue;
        }
        let hit = match opts.tool_call_order {
            ToolCallOrder::Strict => (i < m && !used[i] && actual[i].name == expected[i].name).then_some(i),
            _ => index.name_id(&expected[i].name).and_then(|id| {
                let list = index.named(id);
                let start = if opts.tool_call_order == ToolCallOrder::Superset {
                    cursor_of[i]
                } else {
                    0
                };
                let mut pos = next_in_name[id as usize].max(list.partition_point(|&j| (j as usize) < start));
                while pos < list.len() && used[list[pos] as usize] {
                    pos += 1;
                }
                next_in_name[id as usize] = pos;
                list.get(pos).map(|&j| j as usize)
            }),
        };
        if let Some(j) = hit {
            pair_of[i] = Some(j);
            used[j] = true;
            if opts.argument_matching != ArgumentMatching::Ignore {
                argument_mismatches.push((i, j));
            }
        }
    }

    // Ours, not the reference's: where order broke a pairing, say where the
    // compatible call was. It changes nothing else in the result.
    let mut out_of_order = Vec::new();
    if opts.tool_call_order != ToolCallOrder::Ignore && pair_of.iter().any(Option::is_none) {
        classes.reset();
        let mut taken = used.clone();
        for i in 0..n {
            if pair_of[i].is_none() {
                if let Some(j) = find(&mut index, &mut classes, i, &patterns[i], &taken, None) {
                    taken[j] = true;
                    out_of_order.push((i, j));
                }
            }
        }
    }

    let missing: Vec<usize> = (0..n).filter(|&i| pair_of[i].is_none()).collect();
    let extra: Vec<usize> = (0..m).filter(|&j| !used[j]).collect();
    let extra_fails = match opts.max_extra_tool_calls {
        MaxExtraToolCalls::Unlimited => false,
        MaxExtraToolCalls::AtMost(max) => extra.len() as u64 > max,
    };
    let passed = missing.is_empty() && argument_mismatches.is_empty() && !extra_fails;
    let mut mismatched = vec![false; n];
    argument_mismatches.iter().for_each(|&(i, _)| mismatched[i] = true);
    let pairs = (0..n)
        .filter(|&i| !mismatched[i])
        .filter_map(|i| pair_of[i].map(|j| (i, j)))
        .collect();
    MatchIndices {
        passed,
        pairs,
        missing,
        extra,
        argument_mismatches,
        out_of_order,
    }
}
