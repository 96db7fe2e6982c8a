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
use rustc_hash::FxHashMap;

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
    /// Same name and, per expected key, a type check or a deep-equal value.
    Partial(Vec<(&'e str, Check<'e>)>),
}

enum Check<'e> {
    Type(Placeholder),
    Equal(&'e Val),
}

struct Pattern<'e> {
    call: &'e Call,
    test: Test<'e>,
}

impl<'e> Pattern<'e> {
    fn new(call: &'e Call, matching: ArgumentMatching) -> Self {
        let test = match matching {
            ArgumentMatching::Ignore => Test::Name,
            ArgumentMatching::Exact => Test::Exact,
            ArgumentMatching::Partial if call.args.entries().is_empty() => Test::Name,
            ArgumentMatching::Partial => Test::Partial(
                call.args
                    .entries()
                    .iter()
                    .map(|(k, v)| (&**k, Placeholder::parse(v).map_or(Check::Equal(v), Check::Type)))
                    .collect(),
            ),
        };
        Pattern { call, test }
    }

    /// `callsCompatible(expected, actual, argumentMatching)`.
    fn accepts(&self, actual: &Call) -> bool {
        self.call.name == actual.name && self.args_accept(actual)
    }

    fn args_accept(&self, actual: &Call) -> bool {
        match &self.test {
            Test::Name => true,
            Test::Exact => json_eq(Some(&self.call.args), Some(&actual.args)),
            Test::Partial(checks) => checks.iter().all(|(key, check)| {
                let got = actual.args.get(key);
                match check {
                    Check::Type(p) => p.accepts(got),
                    Check::Equal(want) => json_eq(got, Some(want)),
                }
            }),
        }
    }
}

/// Candidate lists over the actual calls, built on first use.
struct Index<'a> {
    actual: &'a [Call],
    names: FxHashMap<&'a str, u32>,
    by_name: Vec<Vec<u32>>,
    by_args: Option<FxHashMap<(u32, u64), Vec<u32>>>,
    by_entry: Option<FxHashMap<(u32, u64, u64), Vec<u32>>>,
}

const NONE: &[u32] = &[];

fn key_hash(key: &str) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault};
    BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(key)
}

impl<'a> Index<'a> {
    fn new(actual: &'a [Call]) -> Self {
        let mut names: FxHashMap<&str, u32> = FxHashMap::default();
        let mut by_name: Vec<Vec<u32>> = Vec::new();
        for (j, call) in actual.iter().enumerate() {
            let next = names.len() as u32;
            let id = *names.entry(&call.name).or_insert(next);
            if id as usize == by_name.len() {
                by_name.push(Vec::new());
            }
            by_name[id as usize].push(j as u32);
        }
        Index {
            actual,
            names,
            by_name,
            by_args: None,
            by_entry: None,
        }
    }

    fn name_id(&self, name: &str) -> Option<u32> {
        self.names.get(name).copied()
    }

    /// Ascending actual indices that may accept `p` (a superset of those that do).
    fn candidates(&mut self, p: &Pattern<'_>) -> &[u32] {
        let Some(id) = self.name_id(&p.call.name) else {
            return NONE;
        };
        match &p.test {
            Test::Name => &self.by_name[id as usize],
            Test::Exact => {
                let actual = self.actual;
                let map = self.by_args.get_or_insert_with(|| {
                    let mut m: FxHashMap<(u32, u64), Vec<u32>> = FxHashMap::default();
                    for (j, call) in actual.iter().enumerate() {
                        let name = self.names[&*call.name];
                        m.entry((name, json_hash(Some(&call.args)))).or_default().push(j as u32);
                    }
                    m
                });
                map.get(&(id, json_hash(Some(&p.call.args)))).map_or(NONE, |v| v)
            }
            Test::Partial(checks) => {
                let actual = self.actual;
                let names = &self.names;
                let map = self.by_entry.get_or_insert_with(|| {
                    let mut m: FxHashMap<(u32, u64, u64), Vec<u32>> = FxHashMap::default();
                    for (j, call) in actual.iter().enumerate() {
                        let name = names[&*call.name];
                        for (k, v) in call.args.entries() {
                            m.entry((name, key_hash(k), json_hash(Some(v))))
                                .or_default()
                                .push(j as u32);
                        }
                    }
                    m
                });
                // The shortest list among the keys that need a present value.
                let mut best: Option<&[u32]> = None;
                for (key, check) in checks {
                    let Check::Equal(want) = check else { continue };
                    if matches!(want, Val::Undefined) {
                        continue; // also met by an absent key, which no list holds
                    }
                    let list = map.get(&(id, key_hash(key), json_hash(Some(want)))).map_or(NONE, |v| v);
                    if best.is_none_or(|b| list.len() < b.len()) {
                        best = Some(list);
                    }
                }
                best.unwrap_or(&self.by_name[id as usize])
            }
        }
    }
}

/// Expected calls with the same name and deep-equal arguments accept the same
/// actual calls; such a class shares one cursor into its candidate list.
struct Classes {
    of: Vec<usize>,
    cursor: Vec<usize>,
}

impl Classes {
    fn new(expected: &[Call]) -> Self {
        let mut reps: FxHashMap<(&str, u64), Vec<usize>> = FxHashMap::default();
        let mut of = Vec::with_capacity(expected.len());
        let mut count = 0;
        let mut rep_of_class: Vec<usize> = Vec::new();
        for (i, call) in expected.iter().enumerate() {
            let bucket = reps.entry((&call.name, json_hash(Some(&call.args)))).or_default();
            let found = bucket
                .iter()
                .copied()
                .find(|&c| json_eq(Some(&expected[rep_of_class[c]].args), Some(&call.args)));
            let class = found.unwrap_or_else(|| {
                bucket.push(count);
                rep_of_class.push(i);
                count += 1;
                count - 1
            });
            of.push(class);
        }
        Classes {
            of,
            cursor: vec![0; count],
        }
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
    let class = classes.of[i];
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
    expected: &[Call],
    actual: &[Call],
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
            let mut classes = Classes::new(expected);
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
            let mut classes = Classes::new(expected);
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
    let mut next_in_name = vec![0usize; index.by_name.len()];
    for i in 0..n {
        if pair_of[i].is_some() {
            continue;
        }
        let hit = match opts.tool_call_order {
            ToolCallOrder::Strict => (i < m && !used[i] && actual[i].name == expected[i].name).then_some(i),
            _ => index.name_id(&expected[i].name).and_then(|id| {
                let list = &index.by_name[id as usize];
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
        let mut classes = Classes::new(expected);
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
    MatchIndices {
        passed,
        missing,
        extra,
        argument_mismatches,
        out_of_order,
    }
}
