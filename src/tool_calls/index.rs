//! Candidate lists for `evaluateToolCalls`' pairing: each expected call
//! looks up the actual calls that may accept it in an index (by name; by
//! name and whole-arguments hash under `"exact"`; by name, key and value
//! hash under `"partial"`) instead of scanning every actual call, and each
//! class of identical expected calls keeps a cursor into its candidate list,
//! so a scan never repeats. A candidate found by hash is always confirmed
//! with the real comparison ([`Expected::accepts`]).

use super::options::ArgumentMatching;
use super::Call;
use crate::matching::{Matcher, Node, Policy};
use crate::value::eq::json_hash;
use crate::value::eq::{text_eq, TextKey};
use crate::value::Val;
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::Hasher;

/// An expected call compiled once: its name, arguments matcher and hashes.
pub(super) struct Expected<'e> {
    pub(super) call: &'e Call<'e>,
    /// [`args_hash`] of the expected arguments.
    args_hash: u64,
    matcher: Matcher<'e>,
    /// Per compared top-level key (`"partial"`): its hash, and the hash of
    /// a value it requires (`None` for a type check).
    keys: Vec<(u64, Option<u64>)>,
}

fn key_hash(key: &str) -> u64 {
    let mut h = FxHasher::default();
    h.write(key.as_bytes());
    h.finish()
}

/// A hash of a whole arguments object, consistent with `json_eq`, built
/// from its members' key and value hashes.
fn args_hash(args: &Val<'_>) -> u64 {
    let mut h = FxHasher::default();
    for m in args.members() {
        h.write_u64(key_hash(&m.key));
        h.write_u64(json_hash(Some(&m.value)));
    }
    h.finish()
}

impl<'e> Expected<'e> {
    pub(super) fn new(call: &'e Call<'e>, matching: ArgumentMatching) -> Self {
        let policy = match matching {
            ArgumentMatching::Exact => Policy::MCPJAM_EXACT,
            _ => Policy::MCPJAM_PARTIAL,
        };
        let matcher = match matching {
            ArgumentMatching::Ignore => Ok(Matcher::any(policy)),
            _ => Matcher::compile(call.args, policy, "expected"),
        }
        // Neither policy compiles patterns, so compiling cannot fail.
        .unwrap_or_else(|_| Matcher::any(policy));
        let keys = match &matcher.root {
            Node::Fields(fields) => fields
                .iter()
                .map(|f| match &f.node {
                    // `undefined` is also met by an absent key: no value to look up.
                    Node::Equal(v, h) if !matches!(v, Val::Undefined) => (key_hash(&f.key), Some(*h)),
                    _ => (key_hash(&f.key), None),
                })
                .collect(),
            _ => Vec::new(),
        };
        Expected {
            call,
            args_hash: args_hash(call.args),
            matcher,
            keys,
        }
    }

    /// `callsCompatible(expected, actual, argumentMatching)`.
    pub(super) fn accepts(&self, actual: &Call<'_>) -> bool {
        text_eq(self.call.name, actual.name) && self.matcher.accepts(Some(actual.args))
    }

    /// The compiled arguments matcher (for explanations).
    pub(super) fn matcher(&self) -> &Matcher<'e> {
        &self.matcher
    }

    /// Whether only the name is compared (`"ignore"`, or `"partial"` with no expected keys).
    fn name_only(&self) -> bool {
        match &self.matcher.root {
            Node::Any => true,
            Node::Fields(fields) => fields.is_empty(),
            _ => false,
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

const NONE: &[u32] = &[];

/// Candidate lists over the actual calls; the argument indexes are built on
/// first use.
pub(super) struct Index<'a> {
    pub(super) actual: &'a [Call<'a>],
    names: FxHashMap<TextKey<'a>, u32>,
    name_of: Vec<u32>,
    /// Actual indices grouped by name id: group `g` is `by_name[start[g]..start[g + 1]]`.
    by_name: Vec<u32>,
    start: Vec<u32>,
    by_args: Option<Postings<(u32, u64)>>,
    by_entry: Option<Postings<(u32, u64, u64)>>,
}

impl<'a> Index<'a> {
    pub(super) fn new(actual: &'a [Call<'a>]) -> Self {
        let mut names: FxHashMap<TextKey<'_>, u32> = FxHashMap::default();
        let mut name_of = Vec::with_capacity(actual.len());
        let mut count: Vec<u32> = Vec::new();
        for call in actual {
            let next = names.len() as u32;
            let id = *names.entry(TextKey(call.name)).or_insert(next);
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

    /// How many distinct names the actual calls have.
    pub(super) fn name_count(&self) -> usize {
        self.start.len() - 1
    }

    pub(super) fn name_id(&self, name: &str) -> Option<u32> {
        self.names.get(&TextKey(name)).copied()
    }

    /// Ascending indices of the actual calls with name id `id`.
    pub(super) fn named(&self, id: u32) -> &[u32] {
        &self.by_name[self.start[id as usize] as usize..self.start[id as usize + 1] as usize]
    }

    /// Ascending actual indices that may accept `p` (a superset of those that do).
    fn candidates(&mut self, p: &Expected<'_>) -> &[u32] {
        let Some(id) = self.name_id(p.call.name) else {
            return NONE;
        };
        if p.name_only() {
            return self.named(id);
        }
        let (actual, name_of) = (self.actual, &self.name_of);
        if !p.matcher.root_is_fields() {
            return self
                .by_args
                .get_or_insert_with(|| {
                    Postings::build(
                        actual
                            .iter()
                            .enumerate()
                            .map(|(j, c)| ((name_of[j], args_hash(c.args)), j as u32))
                            .collect(),
                    )
                })
                .get((id, p.args_hash));
        }
        let index = self.by_entry.get_or_insert_with(|| {
            let mut items = Vec::new();
            for (j, c) in actual.iter().enumerate() {
                for m in c.args.members() {
                    items.push(((name_of[j], key_hash(&m.key), json_hash(Some(&m.value))), j as u32));
                }
            }
            Postings::build(items)
        });
        // The shortest list among the keys that need a present value.
        let best = p
            .keys
            .iter()
            .filter_map(|&(kh, vh)| vh.map(|vh| index.get((id, kh, vh))))
            .min_by_key(|list| list.len());
        match best {
            Some(list) => list,
            None => &self.by_name[self.start[id as usize] as usize..self.start[id as usize + 1] as usize],
        }
    }
}

/// Expected calls with the same name and deep-equal arguments accept the same
/// actual calls; such a class shares one cursor into its candidate list.
pub(super) struct Classes {
    of: Vec<u32>,
    cursor: Vec<usize>,
}

impl Classes {
    pub(super) fn new(patterns: &[Expected<'_>]) -> Self {
        let mut first: FxHashMap<(TextKey<'_>, u64), u32> = FxHashMap::default();
        let mut rep: Vec<usize> = Vec::new();
        let mut of = Vec::with_capacity(patterns.len());
        for (i, p) in patterns.iter().enumerate() {
            let next = rep.len() as u32;
            let class = *first.entry((TextKey(p.call.name), p.args_hash)).or_insert(next);
            let same = class != next
                && crate::value::eq::json_eq(Some(patterns[rep[class as usize]].call.args), Some(p.call.args));
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

    pub(super) fn reset(&mut self) {
        self.cursor.iter_mut().for_each(|c| *c = 0);
    }
}

/// The first actual call (lowest index) that accepts expected call `i` and
/// is not `used`; with `from`, the first at index `from` or later regardless
/// of use.
pub(super) fn find(
    index: &mut Index<'_>,
    classes: &mut Classes,
    i: usize,
    p: &Expected<'_>,
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
