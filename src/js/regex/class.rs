//! Character sets of the translation: a JS class (`[a-z\d]`) or class
//! escape (`\s`) as sorted code-point ranges, closed under the `i` flag,
//! complemented for `[^…]`, and written in the engines' class syntax. The
//! engines never see a JS class as written, so their class syntax
//! (`&&`, `--`, nested `[`) cannot change its meaning.

use super::case;
use super::Engine;
use std::fmt::Write;

const MAX: u32 = 0x10FFFF;

/// A set of code points as inclusive ranges. May hold surrogate code points
/// (from `\uD800`): they match nothing and are left out when written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Set(Vec<(u32, u32)>);

/// JavaScript's `\d`.
pub(super) const DIGIT: &[(u32, u32)] = &[(0x30, 0x39)];
/// JavaScript's `\w` (without `iu`).
pub(super) const WORD: &[(u32, u32)] = &[(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)];
/// What `iu` adds to `\w`: U+017F and U+212A, whose case folds are `s`, `k`.
pub(super) const WORD_IU: &[(u32, u32)] = &[(0x17F, 0x17F), (0x212A, 0x212A)];

impl Set {
    pub(super) fn from(ranges: &[(u32, u32)]) -> Set {
        let mut s = Set(ranges.to_vec());
        s.normalize();
        s
    }

    /// JavaScript's `\s`.
    pub(super) fn space() -> Set {
        Set::from(
            &crate::js::text::SPACE
                .iter()
                .map(|&(lo, hi)| (lo as u32, hi as u32))
                .collect::<Vec<_>>(),
        )
    }

    pub(super) fn push(&mut self, lo: u32, hi: u32) {
        self.0.push((lo, hi));
    }

    pub(super) fn extend(&mut self, other: &Set) {
        self.0.extend_from_slice(&other.0);
    }

    /// Sorts and merges overlapping or adjacent ranges. (An insertion sort:
    /// sets are small and mostly sorted, and it keeps the slice sorts'
    /// ~8 KB out of the WebAssembly modules.)
    pub(super) fn normalize(&mut self) {
        for i in 1..self.0.len() {
            let mut j = i;
            while j > 0 && self.0[j - 1] > self.0[j] {
                self.0.swap(j - 1, j);
                j -= 1;
            }
        }
        let mut out: Vec<(u32, u32)> = Vec::with_capacity(self.0.len());
        for &(lo, hi) in &self.0 {
            match out.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => out.push((lo, hi)),
            }
        }
        self.0 = out;
    }

    /// Every code point not in the set (the set normalised).
    pub(super) fn complement(&self) -> Set {
        let mut out = Vec::new();
        let mut next = 0u32;
        for &(lo, hi) in &self.0 {
            if lo > next {
                out.push((next, lo - 1));
            }
            next = hi.saturating_add(1);
        }
        if next <= MAX {
            out.push((next, MAX));
        }
        Set(out)
    }

    /// Adds every character that matches a member under `i`
    /// ([`case::orbit`]). Only the cased blocks ([`case::CASED`]) are visited.
    pub(super) fn close_case(&mut self, unicode: bool) {
        let mut added = Vec::new();
        let mut orbit = Vec::new();
        for &(lo, hi) in &self.0 {
            for &(wlo, whi) in case::CASED {
                for cp in lo.max(wlo)..=hi.min(whi) {
                    let Some(c) = char::from_u32(cp) else { continue };
                    orbit.clear();
                    case::orbit(c, unicode, &mut orbit);
                    added.extend(orbit.iter().map(|&v| v as u32).filter(|v| !(lo..=hi).contains(v)));
                }
            }
        }
        self.0.extend(added.into_iter().map(|v| (v, v)));
        self.normalize();
    }

    /// The ranges without surrogate code points.
    fn scalar_ranges(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.0.iter().flat_map(|&(lo, hi)| {
            let below = (lo < 0xD800).then(|| (lo, hi.min(0xD7FF)));
            let above = (hi > 0xDFFF).then(|| (lo.max(0xE000), hi));
            below.into_iter().chain(above)
        })
    }

    /// Writes the (normalised) set for `engine`: one escaped character, a
    /// class, `(?s:.)` for every character, or a never-matching assertion.
    pub(super) fn write(&self, engine: Engine, out: &mut String) {
        let ranges: Vec<(u32, u32)> = self.scalar_ranges().collect();
        match ranges.as_slice() {
            [] => out.push_str(match engine {
                Engine::Lite => r"(?:\b\B)",
                Engine::Full => r"(?-u:\b\B)",
            }),
            [(0, 0xD7FF), (0xE000, MAX)] => out.push_str("(?s:.)"),
            &[(lo, hi)] if lo == hi => write_char(lo, out),
            _ => {
                out.push('[');
                for (lo, hi) in ranges {
                    write_char(lo, out);
                    if hi > lo {
                        out.push('-');
                        write_char(hi, out);
                    }
                }
                out.push(']');
            }
        }
    }
}

/// One code point as the engines read it literally, in or out of a class.
pub(super) fn write_char(cp: u32, out: &mut String) {
    match char::from_u32(cp) {
        Some(c) if c.is_ascii_alphanumeric() || (!c.is_ascii() && !crate::js::text::is_space(c)) => out.push(c),
        _ => {
            let _ = write!(out, r"\x{{{cp:X}}}");
        }
    }
}
