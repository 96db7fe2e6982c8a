//! `String.prototype.replace` with a global `RegExp` in time linear in the
//! text: every match, leftmost-first (JavaScript's and the regex crate's
//! priority order), without searching the text again after each match.
//!
//! Finding all matches one search at a time is quadratic on inputs like
//! `/a*b|/` over `"aaa…"`: each search reads every remaining `a` hoping for
//! a `b` before it settles for the empty match. Here one backward pass over
//! the text computes, at every position, which states of the pattern's
//! automaton can still reach a match from there (a lazily built
//! powerset automaton of the reversed pattern, one step per byte). A forward
//! simulation from a match's start then drops every thread that cannot
//! match, so it stops as soon as no better match is possible: it reads the
//! match and nothing past it, and matches do not overlap. Each match's
//! capture groups come from the regex crate's own automaton run on exactly
//! that span.
//!
//! Cost: O(n) table steps for the backward pass (a new step costs O(m) for
//! an automaton of m states, once per distinct step), plus O(m) per byte of
//! the matches; memory 4 bytes per byte of text plus the distinct sets
//! (refused with `UNSUPPORTED_VALUE` past [`MAX_SET_BYTES`]).

use super::{does_not_compile, too_many_states, translate, Engine, Flags, MAX_PATTERN_STATES};
use crate::error::{ErrorCode, MatcherError, Result};
use regex_automata::nfa::thompson::{pikevm::PikeVM, Compiler, Config, State, NFA};
use regex_automata::util::captures::Captures;
use regex_automata::util::look::LookSet;
use regex_automata::util::primitives::StateID;
use regex_automata::{Anchored, Input, PatternID};
use rustc_hash::FxHashMap;

/// The most memory the sets of live states of one replace may take.
pub(crate) const MAX_SET_BYTES: usize = 64 << 20;

/// A global JavaScript `RegExp` compiled for [`Replacer::for_each_match`].
#[derive(Clone, Debug)]
pub(crate) struct Replacer {
    nfa: NFA,
    vm: PikeVM,
    /// `names[i]`: the name of group `i` (`None` for unnamed groups and 0).
    names: Vec<Option<String>>,
    /// Every state's epsilon predecessors (Look states included).
    preds: Vec<Vec<StateID>>,
    /// The states that read a byte.
    consuming: Vec<StateID>,
    looks: LookSet,
}

/// Compiles `source` with `flags` (`y` refused by the caller) for global replacement.
///
/// Errors: as [`super::compile`]; also `INVALID_ARGUMENT` at `path` for a
/// pattern of more than [`MAX_PATTERN_STATES`] automaton states.
pub(crate) fn compile_replacer(source: &str, flags: &str, path: &str) -> Result<Replacer> {
    let shown = format!("/{source}/{flags}");
    let f = Flags::parse(flags, path)?;
    let translated = translate(source, &f, Engine::Full, &shown, path)?;
    let too_large = || too_many_states(&shown, "replacing", path);
    let syntax = regex_automata::util::syntax::Config::new()
        .multi_line(f.multi_line)
        .crlf(true);
    let nfa = Compiler::new()
        .syntax(syntax)
        .configure(Config::new().nfa_size_limit(Some(1 << 22)))
        .build(&translated)
        .map_err(|e| match e.size_limit() {
            Some(_) => too_large(),
            None => does_not_compile(&shown, path, &e.to_string()),
        })?;
    if nfa.states().len() > MAX_PATTERN_STATES {
        return Err(too_large());
    }
    let vm = PikeVM::new_from_nfa(nfa.clone()).map_err(|e| does_not_compile(&shown, path, &e.to_string()))?;
    let names = nfa
        .group_info()
        .pattern_names(PatternID::ZERO)
        .map(|n| n.map(str::to_string))
        .collect();
    let mut preds = vec![Vec::new(); nfa.states().len()];
    let mut consuming = Vec::new();
    for (i, state) in nfa.states().iter().enumerate() {
        let id = StateID::new(i).expect("a state id");
        let mut edge = |to: StateID| preds[to.as_usize()].push(id);
        match state {
            State::ByteRange { .. } | State::Sparse(_) | State::Dense(_) => consuming.push(id),
            State::Look { next, .. } | State::Capture { next, .. } => edge(*next),
            State::Union { alternates } => alternates.iter().for_each(|&a| edge(a)),
            State::BinaryUnion { alt1, alt2 } => {
                edge(*alt1);
                edge(*alt2);
            }
            State::Fail | State::Match { .. } => {}
        }
    }
    Ok(Replacer {
        looks: nfa.look_set_any(),
        nfa,
        vm,
        names,
        preds,
        consuming,
    })
}

/// Where a consuming state goes on `byte` (`None`: it does not read it).
fn step(state: &State, byte: u8) -> Option<StateID> {
    match state {
        State::ByteRange { trans } => trans.matches_byte(byte).then_some(trans.next),
        State::Sparse(s) => s.matches_byte(byte),
        State::Dense(d) => d.matches_byte(byte),
        _ => None,
    }
}

/// Sets of states as bitsets, each stored once; `sets[k]` is set `k`.
struct Sets {
    words: usize,
    bits: Vec<u64>,
    ids: FxHashMap<Box<[u64]>, u32>,
}

impl Sets {
    fn contains(&self, set: u32, state: StateID) -> bool {
        let i = state.as_usize();
        self.bits[set as usize * self.words + i / 64] & (1 << (i % 64)) != 0
    }

    fn intern(&mut self, set: Box<[u64]>) -> Result<u32> {
        if let Some(&id) = self.ids.get(&set) {
            return Ok(id);
        }
        if (self.bits.len() + 2 * set.len()) * 8 > MAX_SET_BYTES {
            return Err(MatcherError::new(
                ErrorCode::UnsupportedValue,
                "text",
                format!(
                    "the pattern needs more than {} MiB of automaton states on this text",
                    MAX_SET_BYTES >> 20
                ),
            ));
        }
        let id = self.ids.len() as u32;
        self.bits.extend_from_slice(&set);
        self.ids.insert(set, id);
        Ok(id)
    }
}

impl Replacer {
    /// The looks that hold at `at`.
    fn looks_at(&self, hay: &[u8], at: usize) -> LookSet {
        let m = self.nfa.look_matcher();
        self.looks
            .iter()
            .filter(|&l| m.matches(l, hay, at))
            .fold(LookSet::empty(), LookSet::insert)
    }

    /// The states that can reach a match from position `at`, given the set
    /// `next` of those at `at + 1` (`None` at the end of the text).
    fn live_at(&self, sets: &Sets, hay: &[u8], at: usize, next: Option<u32>, looks: LookSet) -> Box<[u64]> {
        let states = self.nfa.states();
        let mut bits = vec![0u64; sets.words].into_boxed_slice();
        let mut work: Vec<StateID> = Vec::new();
        let mark = |bits: &mut [u64], s: StateID, work: &mut Vec<StateID>| {
            let i = s.as_usize();
            if bits[i / 64] & (1 << (i % 64)) == 0 {
                bits[i / 64] |= 1 << (i % 64);
                work.push(s);
            }
        };
        for (i, s) in states.iter().enumerate() {
            if matches!(s, State::Match { .. }) {
                mark(&mut bits, StateID::new(i).expect("a state id"), &mut work);
            }
        }
        if let (Some(next), Some(&byte)) = (next, hay.get(at)) {
            for &q in &self.consuming {
                if step(self.nfa.state(q), byte).is_some_and(|t| sets.contains(next, t)) {
                    mark(&mut bits, q, &mut work);
                }
            }
        }
        while let Some(x) = work.pop() {
            for &p in &self.preds[x.as_usize()] {
                if let State::Look { look, .. } = self.nfa.state(p) {
                    if !looks.contains(*look) {
                        continue;
                    }
                }
                mark(&mut bits, p, &mut work);
            }
        }
        bits
    }

    /// The set of live states at every position `0..=len` of `hay` (one backward pass).
    fn live(&self, hay: &[u8]) -> Result<(Sets, Vec<u32>)> {
        let words = self.nfa.states().len().div_ceil(64);
        let mut sets = Sets {
            words,
            bits: Vec::new(),
            ids: FxHashMap::default(),
        };
        let mut at_pos = vec![0u32; hay.len() + 1];
        let mut steps: FxHashMap<(u32, u16, u32), u32> = FxHashMap::default();
        let mut next: Option<u32> = None;
        for at in (0..=hay.len()).rev() {
            let looks = self.looks_at(hay, at);
            let key = (
                next.unwrap_or(u32::MAX),
                hay.get(at).map_or(256, |&b| u16::from(b)),
                looks.bits,
            );
            let id = match steps.get(&key) {
                Some(&id) => id,
                None => {
                    let set = self.live_at(&sets, hay, at, next, looks);
                    let id = sets.intern(set)?;
                    steps.insert(key, id);
                    id
                }
            };
            at_pos[at] = id;
            next = Some(id);
            // The step table is a cache: emptied when large, so that its
            // memory stays bounded (the sets themselves are kept).
            if steps.len() > 1 << 20 {
                steps.clear();
            }
        }
        Ok((sets, at_pos))
    }

    /// The end of the leftmost-first match that starts at `start` (which
    /// must be live there): a PikeVM step by step, keeping only live threads.
    fn match_end(&self, hay: &[u8], sets: &Sets, live: &[u32], start: usize) -> usize {
        let n = self.nfa.states().len();
        let mut curr = Threads::new(n);
        let mut next = Threads::new(n);
        let mut stack = Vec::new();
        self.closure(
            &mut curr,
            &mut stack,
            hay,
            start,
            self.nfa.start_anchored(),
            sets,
            live[start],
        );
        let mut best = start;
        let mut at = start;
        while !curr.list.is_empty() {
            for &q in &curr.list {
                let state = self.nfa.state(q);
                if matches!(state, State::Match { .. }) {
                    best = at;
                    break; // lower-priority threads are cut
                }
                if let Some(t) = hay.get(at).and_then(|&b| step(state, b)) {
                    self.closure(&mut next, &mut stack, hay, at + 1, t, sets, live[at + 1]);
                }
            }
            std::mem::swap(&mut curr, &mut next);
            next.clear();
            at += 1;
        }
        best
    }

    /// Adds the epsilon closure of `from` at `at` to `threads` in priority
    /// order (the PikeVM's depth-first order), live states only.
    #[allow(clippy::too_many_arguments)]
    fn closure(
        &self,
        threads: &mut Threads,
        stack: &mut Vec<StateID>,
        hay: &[u8],
        at: usize,
        from: StateID,
        sets: &Sets,
        live: u32,
    ) {
        stack.push(from);
        while let Some(mut s) = stack.pop() {
            loop {
                if !sets.contains(live, s) || !threads.insert(s) {
                    break;
                }
                match self.nfa.state(s) {
                    State::Look { look, next } => {
                        if !self.nfa.look_matcher().matches(*look, hay, at) {
                            break;
                        }
                        s = *next;
                    }
                    State::Capture { next, .. } => s = *next,
                    State::Union { alternates } => {
                        let Some((&first, rest)) = alternates.split_first() else {
                            break;
                        };
                        stack.extend(rest.iter().rev());
                        s = first;
                    }
                    State::BinaryUnion { alt1, alt2 } => {
                        stack.push(*alt2);
                        s = *alt1;
                    }
                    _ => {
                        threads.list.push(s);
                        break;
                    }
                }
            }
        }
    }

    /// Every match of the pattern in `text`, in order, with JavaScript's
    /// global-search steps: after an empty match the search moves on one
    /// character. `each(captures)` is called per match.
    ///
    /// Errors: `UNSUPPORTED_VALUE` (path `text`) past [`MAX_SET_BYTES`].
    pub(crate) fn for_each_match(&self, text: &str, mut each: impl FnMut(&Captures)) -> Result<()> {
        let hay = text.as_bytes();
        let (sets, live) = self.live(hay)?;
        let start = self.nfa.start_anchored();
        let mut cache = self.vm.create_cache();
        let mut caps = self.vm.create_captures();
        let mut from = 0;
        while from <= hay.len() {
            let Some(s) = (from..=hay.len()).find(|&p| text.is_char_boundary(p) && sets.contains(live[p], start))
            else {
                break;
            };
            let e = self.match_end(hay, &sets, &live, s);
            // The capture groups: the regex crate's automaton on exactly this span.
            let input = Input::new(hay).range(s..e).anchored(Anchored::Yes);
            self.vm.search(&mut cache, &input, &mut caps);
            let end = match caps.get_match() {
                Some(m) => {
                    each(&caps);
                    m.end()
                }
                None => s, // not reached: a live start always matches
            };
            from = if end > s {
                end
            } else {
                s + text[s..].chars().next().map_or(1, char::len_utf8)
            };
        }
        Ok(())
    }

    /// The number of capture groups (group 0 excluded).
    pub(crate) fn group_count(&self) -> usize {
        self.names.len() - 1
    }

    /// Whether any group has a name.
    pub(crate) fn has_names(&self) -> bool {
        self.names.iter().any(Option::is_some)
    }

    /// The index of the group called `name`.
    pub(crate) fn group_index(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n.as_deref() == Some(name))
    }
}

/// The threads of one step: states in priority order, each at most once.
struct Threads {
    seen: Vec<bool>,
    list: Vec<StateID>,
    inserted: Vec<StateID>,
}

impl Threads {
    fn new(states: usize) -> Self {
        Threads {
            seen: vec![false; states],
            list: Vec::new(),
            inserted: Vec::new(),
        }
    }

    fn insert(&mut self, s: StateID) -> bool {
        let seen = &mut self.seen[s.as_usize()];
        if *seen {
            return false;
        }
        *seen = true;
        self.inserted.push(s);
        true
    }

    fn clear(&mut self) {
        for s in self.inserted.drain(..) {
            self.seen[s.as_usize()] = false;
        }
        self.list.clear();
    }
}

#[cfg(test)]
#[path = "../../../tests/unit/js/replace.rs"]
mod tests;
