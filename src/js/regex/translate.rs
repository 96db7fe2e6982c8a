//! The translator: one pass over a JS pattern, writing the engine's syntax.
//! Groups, alternation, quantifiers and anchors are copied; characters,
//! escapes and classes become [`Set`]s written out in full (so the engines'
//! own case folding, `\d`/`\w`/`\s` and class syntax are never used);
//! constructs no linear-time engine has are refused.

use super::class::{Set, DIGIT, WORD, WORD_IU};
use super::{does_not_compile, refuse, Engine, Flags};
use crate::error::{MatcherError, Result};

/// What an escape or class atom stands for.
enum Atom {
    /// One code point (a surrogate matches nothing).
    Char(u32),
    /// A class escape (`\d`, `\S`, …), already closed under `i`.
    Set(Set),
}

/// The flags that inline groups can change, saved at each `(`.
#[derive(Clone, Copy)]
struct Scope {
    fold: bool,
    dot_all: bool,
}

/// A translation in progress.
pub(super) struct Translator<'a> {
    s: &'a [char],
    engine: Engine,
    unicode: bool,
    shown: &'a str,
    path: &'a str,
    /// Capturing groups in the pattern (`\N` up to this is a back-reference).
    groups: usize,
    /// Whether the pattern has named groups (then `\k<…>` is a back-reference).
    named: bool,
    scope: Scope,
    saved: Vec<Scope>,
    out: String,
}

/// Capturing groups of a pattern, and whether any is named.
fn count_groups(s: &[char]) -> (usize, bool) {
    let (mut n, mut named, mut i, mut in_class) = (0, false, 0, false);
    while let Some(&c) = s.get(i) {
        match c {
            '\\' => i += 1,
            '[' if !in_class => in_class = true,
            ']' if in_class => in_class = false,
            '(' if !in_class && s.get(i + 1) != Some(&'?') => n += 1,
            '(' if !in_class && s.get(i + 2) == Some(&'<') && !matches!(s.get(i + 3), Some('=' | '!')) => {
                n += 1;
                named = true;
            }
            _ => {}
        }
        i += 1;
    }
    (n, named)
}

/// Length of a JS quantifier `{n}`, `{n,}` or `{n,m}` at the start of `s`.
fn quantifier_len(s: &[char]) -> Option<usize> {
    let mut i = 1;
    let digits = |i: &mut usize| {
        let start = *i;
        while s.get(*i).is_some_and(char::is_ascii_digit) {
            *i += 1;
        }
        *i > start
    };
    if !digits(&mut i) {
        return None;
    }
    if s.get(i) == Some(&',') {
        i += 1;
        digits(&mut i);
    }
    (s.get(i) == Some(&'}')).then_some(i + 1)
}

/// The value of hex digits (`None` past `u32`).
fn hex(s: &[char]) -> Option<u32> {
    s.iter()
        .try_fold(0u32, |v, c| v.checked_mul(16)?.checked_add(c.to_digit(16)?))
}

impl<'a> Translator<'a> {
    pub(super) fn new(s: &'a [char], flags: &Flags, engine: Engine, shown: &'a str, path: &'a str) -> Self {
        let (groups, named) = count_groups(s);
        Translator {
            s,
            engine,
            unicode: flags.unicode,
            shown,
            path,
            groups,
            named,
            scope: Scope {
                fold: flags.fold,
                dot_all: flags.dot_all,
            },
            saved: Vec::new(),
            out: String::with_capacity(s.len() + 8),
        }
    }

    pub(super) fn run(mut self) -> Result<String> {
        let s = self.s;
        let mut i = 0;
        while let Some(&c) = s.get(i) {
            i += 1;
            match c {
                '\\' => i = self.escape(i)?,
                '[' => i = self.class(i)?,
                '(' if s.get(i) == Some(&'?') => i = self.group(i)?,
                '(' => self.open("("),
                ')' => {
                    self.scope = self.saved.pop().unwrap_or(self.scope);
                    self.out.push(')');
                }
                '{' => match quantifier_len(&s[i - 1..]) {
                    Some(len) => {
                        self.out.extend(&s[i - 1..i - 1 + len]);
                        i += len - 1;
                    }
                    None => self.out.push_str(r"\{"),
                },
                '}' => self.out.push_str(r"\}"),
                '.' if self.scope.dot_all => self.out.push_str("(?s:.)"),
                '.' => self.out.push_str(r"[^\n\r\x{2028}\x{2029}]"),
                '^' | '$' | '|' | '*' | '+' | '?' => self.out.push(c),
                c => self.char(c as u32),
            }
        }
        Ok(self.out)
    }

    fn open(&mut self, text: &str) {
        self.saved.push(self.scope);
        self.out.push_str(text);
    }

    /// One character outside a class, with its case partners under `i`.
    fn char(&mut self, cp: u32) {
        let mut set = Set::from(&[(cp, cp)]);
        if self.scope.fold {
            set.close_case(self.unicode);
        }
        set.write(self.engine, &mut self.out);
    }

    /// A group opened by `(?` (`s[i]` is the `?`); returns the index after its opening.
    fn group(&mut self, i: usize) -> Result<usize> {
        let s = self.s;
        let rest: String = s[i..s.len().min(i + 3)].iter().collect();
        if rest.starts_with("?=") || rest.starts_with("?!") {
            return Err(refuse(self.path, "look-ahead (?=…) / (?!…)"));
        }
        if rest.starts_with("?<=") || rest.starts_with("?<!") {
            return Err(refuse(self.path, "look-behind (?<=…) / (?<!…)"));
        }
        let end = s[i..].iter().position(|&c| c == ':' || c == '>' || c == ')');
        let Some(end) = end else {
            self.open("(");
            return Ok(i);
        };
        if s[i + end] != '>' {
            if let Some(flags) = inline_flags(&s[i + 1..i + end]) {
                self.inline(flags, s[i + end] == ')');
                return Ok(i + end + 1);
            }
        }
        // `(?:`, `(?<name>` (and what the engine will refuse) as written.
        let text: String = s[i - 1..=i + end].iter().collect();
        if s[i + end] == ')' {
            self.out.push_str(&text);
        } else {
            self.open(&text);
        }
        Ok(i + end + 1)
    }

    /// Inline flags `(?i-s:` / `(?i)` (not JavaScript before ES2025, kept
    /// for patterns written for the engines): `i` and `s` are applied by
    /// the translation, `u` is dropped, the others go to the engine.
    fn inline(&mut self, f: InlineFlags, alone: bool) {
        let mut scope = self.scope;
        if let Some(on) = f.fold {
            scope.fold = on;
        }
        if let Some(on) = f.dot_all {
            scope.dot_all = on;
        }
        if alone {
            // `(?i)`: to the end of the enclosing group.
            self.scope = scope;
            if !f.rest.is_empty() {
                self.out.push_str(&format!("(?{})", f.rest));
            }
        } else {
            self.saved.push(self.scope);
            self.scope = scope;
            self.out.push_str(&format!("(?{}:", f.rest));
        }
    }

    /// Translates the escape after a `\` outside a class (`i` is the index
    /// after the `\`); returns the index after it.
    fn escape(&mut self, i: usize) -> Result<usize> {
        let s = self.s;
        match s.get(i) {
            Some('b') => self.boundary('b'),
            Some('B') => self.boundary('B'),
            Some(&c @ '1'..='9') => return self.decimal(i, c),
            Some('k') if self.named && s.get(i + 1) == Some(&'<') => {
                return Err(refuse(self.path, "the named back-reference \\k<…>"))
            }
            // Annex B: `\c` not before a letter is a backslash, then `c`.
            Some('c') if !s.get(i + 1).is_some_and(char::is_ascii_alphabetic) => {
                self.char('\\' as u32);
                return Ok(i);
            }
            _ => {
                let (atom, next) = self.atom_escape(i, false)?;
                match atom {
                    Atom::Char(cp) => self.char(cp),
                    Atom::Set(set) => set.write(self.engine, &mut self.out),
                }
                return Ok(next);
            }
        }
        Ok(i + 1)
    }

    fn boundary(&mut self, c: char) {
        self.out.push_str(match (self.engine, c) {
            (Engine::Lite, 'b') => r"\b",
            (Engine::Lite, _) => r"\B",
            (Engine::Full, 'b') => r"(?-u:\b)",
            (Engine::Full, _) => r"(?-u:\B)",
        });
    }

    /// `\N` outside a class: a back-reference when the pattern has group N
    /// (refused), else (Annex B) a legacy octal escape or the digit itself.
    fn decimal(&mut self, i: usize, first: char) -> Result<usize> {
        let s = self.s;
        let end = (i..s.len()).find(|&k| !s[k].is_ascii_digit()).unwrap_or(s.len());
        let n: String = s[i..end].iter().collect();
        if n.parse::<usize>().is_ok_and(|n| n <= self.groups) {
            return Err(refuse(self.path, &format!("the back-reference \\{first}")));
        }
        let (cp, next) = match first {
            '8' | '9' => (first as u32, i + 1),
            _ => octal(s, i),
        };
        self.char(cp);
        Ok(next)
    }

    /// A character or class escape after `\` at `s[i]` (inside a class when
    /// `in_class`); returns it and the index after it.
    fn atom_escape(&self, mut i: usize, in_class: bool) -> Result<(Atom, usize)> {
        let s = self.s;
        let Some(&c) = s.get(i) else {
            return Err(MatcherError::invalid_argument(
                self.path,
                "the pattern ends with a lone \\",
            ));
        };
        i += 1;
        let set = |ranges: &[(u32, u32)], negated: bool| {
            let set = Set::from(ranges);
            Atom::Set(if negated { set.complement() } else { set })
        };
        let atom = match c {
            'd' | 'D' => set(DIGIT, c == 'D'),
            'w' | 'W' => set(&self.word(), c == 'W'),
            's' => Atom::Set(Set::space()),
            'S' => Atom::Set(Set::space().complement()),
            'b' => Atom::Char(8),
            'f' => Atom::Char(0x0C),
            'n' => Atom::Char(0x0A),
            'r' => Atom::Char(0x0D),
            't' => Atom::Char(0x09),
            'v' => Atom::Char(0x0B),
            'p' | 'P' if s.get(i) == Some(&'{') => {
                return Err(refuse(self.path, &format!("the Unicode property escape \\{c}{{…}}")))
            }
            'c' if s
                .get(i)
                .is_some_and(|&x| x.is_ascii_alphabetic() || (in_class && (x.is_ascii_digit() || x == '_'))) =>
            {
                i += 1;
                Atom::Char(s[i - 1] as u32 % 32)
            }
            // Annex B, in a class: `\c` is a backslash, `c` follows.
            'c' => return Ok((Atom::Char('\\' as u32), i - 1)),
            '0' if !s.get(i).is_some_and(char::is_ascii_digit) => Atom::Char(0),
            '0'..='7' => {
                let (cp, next) = octal(s, i - 1);
                i = next;
                Atom::Char(cp)
            }
            'x' => match s.get(i..i + 2).filter(|h| h.iter().all(char::is_ascii_hexdigit)) {
                Some(h) => {
                    i += 2;
                    Atom::Char(hex(h).unwrap_or(0))
                }
                None => Atom::Char('x' as u32),
            },
            'u' => {
                let (cp, next) = self.unicode_escape(i);
                i = next;
                Atom::Char(cp)
            }
            // Identity escapes (`\.`, `\/`, and without `u` `\a`, `\z`, `\8`, `\k`): the character.
            other => Atom::Char(other as u32),
        };
        Ok((atom, i))
    }

    /// `\w` for the flags: ASCII, with U+017F and U+212A under `iu`.
    fn word(&self) -> Vec<(u32, u32)> {
        let mut w = WORD.to_vec();
        if self.unicode && self.scope.fold {
            w.extend_from_slice(WORD_IU);
        }
        w
    }

    /// After `\u` at `s[i]`: `HHHH` (a surrogate pair `\uHHHH\uHHHH` as one
    /// character), `{H…}` with the `u` flag, else the letter `u`.
    fn unicode_escape(&self, i: usize) -> (u32, usize) {
        let s = self.s;
        let four = |at: usize| {
            s.get(at..at + 4)
                .filter(|h| h.iter().all(char::is_ascii_hexdigit))
                .and_then(hex)
        };
        if self.unicode && s.get(i) == Some(&'{') {
            let end = s[i..].iter().position(|&c| c == '}').map(|p| i + p);
            if let Some(end) = end.filter(|&e| e > i + 1 && s[i + 1..e].iter().all(char::is_ascii_hexdigit)) {
                if let Some(cp) = hex(&s[i + 1..end]).filter(|&cp| cp <= 0x10FFFF) {
                    return (cp, end + 1);
                }
            }
        }
        let Some(hi) = four(i) else { return ('u' as u32, i) };
        if (0xD800..0xDC00).contains(&hi) && s.get(i + 4..i + 6) == Some(&['\\', 'u']) {
            if let Some(lo) = four(i + 6).filter(|lo| (0xDC00..0xE000).contains(lo)) {
                return (0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00), i + 10);
            }
        }
        (hi, i + 4)
    }

    /// Translates a JS character class starting after `[` at `s[i]`;
    /// returns the index after its `]`.
    fn class(&mut self, mut i: usize) -> Result<usize> {
        let s = self.s;
        let negated = s.get(i) == Some(&'^');
        if negated {
            i += 1;
        }
        let (mut plain, mut escapes) = (Set::default(), Set::default());
        loop {
            match s.get(i) {
                None => {
                    return Err(MatcherError::invalid_argument(
                        self.path,
                        "unterminated character class",
                    ))
                }
                Some(']') => break,
                _ => {}
            }
            let (lo, next) = self.class_atom(i)?;
            i = next;
            let dash = s.get(i) == Some(&'-') && s.get(i + 1).is_some_and(|&c| c != ']');
            let (lo, hi) = match lo {
                Atom::Char(lo) if dash => {
                    let (hi, next) = self.class_atom(i + 1)?;
                    match hi {
                        Atom::Char(hi) => {
                            i = next;
                            (lo, hi)
                        }
                        // Annex B: `[a-\d]` is `a`, `-` and `\d`.
                        Atom::Set(set) => {
                            i = next;
                            escapes.extend(&set);
                            plain.push('-' as u32, '-' as u32);
                            (lo, lo)
                        }
                    }
                }
                Atom::Char(c) => (c, c),
                // Annex B: `[\d-z]` is `\d`, `-` and `z` (the `-` is read next).
                Atom::Set(set) => {
                    escapes.extend(&set);
                    continue;
                }
            };
            if lo > hi {
                return Err(does_not_compile(
                    self.shown,
                    self.path,
                    "character class range out of order",
                ));
            }
            plain.push(lo, hi);
        }
        plain.normalize();
        if self.scope.fold {
            plain.close_case(self.unicode);
        }
        plain.extend(&escapes);
        plain.normalize();
        let set = if negated { plain.complement() } else { plain };
        set.write(self.engine, &mut self.out);
        Ok(i + 1)
    }

    /// One class atom at `s[i]` (not `]`): a character or an escape.
    fn class_atom(&self, i: usize) -> Result<(Atom, usize)> {
        match self.s.get(i) {
            Some('\\') => self.atom_escape(i + 1, true),
            Some(&c) => Ok((Atom::Char(c as u32), i + 1)),
            None => Err(MatcherError::invalid_argument(
                self.path,
                "unterminated character class",
            )),
        }
    }
}

/// A legacy octal escape (Annex B) starting at the digit `s[i]`: up to three
/// octal digits, at most `\377`; returns the value and the index after it.
fn octal(s: &[char], i: usize) -> (u32, usize) {
    let digit = |k: usize| s.get(k).and_then(|c| c.to_digit(8));
    let first = digit(i).unwrap_or(0);
    let max_len = if first <= 3 { 3 } else { 2 };
    let (mut value, mut k) = (first, i + 1);
    while k < i + max_len {
        let Some(d) = digit(k) else { break };
        value = value * 8 + d;
        k += 1;
    }
    (value, k)
}

/// Valid inline flags `(?flags:` / `(?flags)` (`flags` without `?` and the
/// terminator): how they set `i` and `s`, and the rest for the engine.
struct InlineFlags {
    fold: Option<bool>,
    dot_all: Option<bool>,
    rest: String,
}

/// `None` leaves the flags to the engine (which refuses them).
fn inline_flags(flags: &[char]) -> Option<InlineFlags> {
    let dash = flags.iter().position(|&c| c == '-');
    let valid = !flags.is_empty()
        && flags.iter().filter(|&&c| c == '-').count() <= 1
        && flags.last() != Some(&'-')
        && flags.iter().all(|c| "imsUuxR-".contains(*c))
        && flags
            .iter()
            .enumerate()
            .all(|(k, c)| *c == '-' || !flags[..k].contains(c));
    if !valid {
        return None;
    }
    let (on, off) = flags.split_at(dash.unwrap_or(flags.len()));
    let keep = |part: &[char]| part.iter().filter(|c| !"isu-".contains(**c)).collect::<String>();
    let (on_rest, off_rest) = (keep(on), keep(off));
    let mut rest = on_rest;
    if !off_rest.is_empty() {
        rest.push('-');
        rest.push_str(&off_rest);
    }
    let state = |f: char| {
        if on.contains(&f) {
            Some(true)
        } else if off.contains(&f) {
            Some(false)
        } else {
            None
        }
    };
    Some(InlineFlags {
        fold: state('i'),
        dot_all: state('s'),
        rest,
    })
}

#[cfg(test)]
#[path = "../../../tests/unit/js/regex/translate.rs"]
mod tests;
