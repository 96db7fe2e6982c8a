//! `validatePattern` of `@gleanwork/mcp-server-tester@1.1.0`
//! (`src/assertions/validators/pattern.ts`) on the `regex` crate (lazy DFA,
//! literal prefilters): linear-time matching, so no pattern can hang a test
//! run. `$pattern` argument matchers and custom sanitizers
//! ([`compile_js`]) run the translation's [`Engine::Lite`] form on `regex-lite`.
//!
//! Patterns are written in JavaScript `RegExp` syntax and translated first:
//! `{`/`}` that do not form a quantifier are literals (as in JS), `\s` is
//! JavaScript's Unicode white space, `\d`, `\w`, `\b`, `\B` are ASCII-only
//! (JS without the `u` flag; the regex crate's are Unicode, so the
//! translation writes them out), `.` stops at `\n`, `\r`, U+2028 and
//! U+2029, identity escapes such as `\a` or `\z` are the letter itself,
//! `[^]` is any character. With the `i` flag ASCII letters match both cases
//! and a non-ASCII literal also matches its simple upper/lower case, with no
//! mapping between ASCII and non-ASCII (as JS: `/k/i` does not match U+212A
//! KELVIN SIGN); the translation writes these variants out and never uses
//! the regex crate's Unicode case folding. `^` and `$` always match at line
//! starts and ends (the seed's "multiline matching"; `\n` and `\r` end
//! lines). Constructs no linear-time engine can match (look-around,
//! back-references) and Unicode property escapes are refused with an error
//! naming them.

use super::checks::{text_details, CheckResult};
use crate::error::{MatcherError, Result};
use regex::{Regex, RegexBuilder};
use serde_json::json;
use std::fmt::Write;

/// A pattern as the caller gave it: a string (JS `new RegExp(source)`), or
/// a JS `RegExp`'s `source` and `flags`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// A pattern string; printed as `/source/` in messages.
    Source(String),
    /// A `RegExp`: `source` and `flags` (`d g i m s u y`; `v` is refused);
    /// printed as `/source/flags`.
    RegExp { source: String, flags: String },
}

impl Pattern {
    /// The reference's `patternToString`.
    pub fn to_display(&self) -> String {
        match self {
            Pattern::Source(s) => format!("/{s}/"),
            Pattern::RegExp { source, flags } => format!("/{source}/{flags}"),
        }
    }
}

/// Patterns compiled once, ready to check any number of responses.
#[derive(Clone, Debug)]
pub struct CompiledPatterns {
    items: Vec<(Compiled, String)>,
}

/// JavaScript's `\s`: white space and line terminators.
const JS_SPACE: &str =
    r"\t\n\x0B\x0C\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";
/// JavaScript's `\S`: the complement of [`JS_SPACE`], as ranges (regex-lite
/// has no nested classes, so `[\S]` cannot be written as `[[^\s]]`).
const JS_NON_SPACE: &str = r"\x00-\x08\x0E-\x1F\x21-\x{9F}\x{A1}-\x{167F}\x{1681}-\x{1FFF}\x{200B}-\x{2027}\x{202A}-\x{202E}\x{2030}-\x{205E}\x{2060}-\x{2FFF}\x{3001}-\x{FEFE}\x{FF00}-\x{10FFFF}";

/// The engine a translation is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Engine {
    /// `regex-lite`: its `\d`, `\w`, `\b` are ASCII-only and its case
    /// folding (`case_insensitive`) is ASCII-only, as JavaScript's.
    Lite,
    /// The `regex` crate, built without its Unicode tables: the translator
    /// writes out JavaScript's ASCII `\d`, `\w`, `\b` (`[0-9]`,
    /// `[0-9A-Za-z_]`, `(?-u:\b)`) and the ASCII case variants under `i`
    /// (`[kK]`; the crate's own `(?i)` is Unicode simple case folding, which
    /// would let `k` match U+212A KELVIN SIGN, unlike JavaScript).
    Full,
}

fn refuse(path: &str, what: &str) -> MatcherError {
    MatcherError::invalid_argument(
        path,
        format!("{what} is not supported: patterns run on a linear-time engine"),
    )
}

fn does_not_compile(shown: &str, path: &str, msg: &str) -> MatcherError {
    let first = msg
        .lines()
        .find(|l| l.starts_with("error:"))
        .unwrap_or(msg.lines().next().unwrap_or(""));
    MatcherError::invalid_argument(
        path,
        format!(
            "the pattern {} does not compile: {}",
            shown,
            first.trim_start_matches("error: ")
        ),
    )
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

/// A translation in progress.
struct Translator<'a> {
    s: &'a [char],
    engine: Engine,
    /// The `i` flag: a non-ASCII literal also matches its simple case
    /// variants (both engines fold only ASCII themselves).
    fold: bool,
    shown: &'a str,
    path: &'a str,
}

/// The ASCII case counterparts of the set `[content]` (in [`Engine::Full`]
/// syntax), as class items (`A-C`): JavaScript's `i` on a class, written out
/// so that the regex crate's Unicode folding is not used. (regex-lite folds a
/// range that spans both cases partly, such as `X-c`, on one side only: `x`
/// is missed; this folds both, as JS.) Empty when the class does not parse
/// (the engine then reports the error).
fn ascii_case_extras(content: &str) -> String {
    use regex_syntax::hir::{Class, HirKind};
    let Ok(hir) = regex_syntax::Parser::new().parse(&format!("[{content}]")) else {
        return String::new();
    };
    let ranges: Vec<(char, char)> = match hir.kind() {
        HirKind::Class(Class::Unicode(c)) => c.ranges().iter().map(|r| (r.start(), r.end())).collect(),
        HirKind::Literal(lit) => std::str::from_utf8(&lit.0)
            .map(|s| s.chars().map(|c| (c, c)).collect())
            .unwrap_or_default(),
        _ => return String::new(),
    };
    let mut out = String::new();
    for (lo, hi) in ranges {
        for (from, to, shift) in [('a', 'z', -32i32), ('A', 'Z', 32)] {
            let (lo, hi) = (lo.max(from), hi.min(to));
            if lo <= hi {
                let moved = |c: char| char::from_u32((c as i32 + shift) as u32).unwrap_or(c);
                let _ = write!(out, "{}-{}", moved(lo), moved(hi));
            }
        }
    }
    out
}

impl Translator<'_> {
    /// A literal character (with simple case variants when `fold` and
    /// non-ASCII, and with its other ASCII case when `ascii` and outside a
    /// class); `in_class` leaves out the brackets.
    fn literal(&self, c: char, ascii: bool, in_class: bool, out: &mut String) {
        let mut variants = vec![c];
        if self.fold && !c.is_ascii() {
            let mut single = |mut it: Box<dyn Iterator<Item = char>>| {
                // JS `Canonicalize` never maps a non-ASCII character to ASCII (`ſ` is not `s`).
                if let (Some(v), None) = (it.next(), it.next()) {
                    if !v.is_ascii() && !variants.contains(&v) {
                        variants.push(v);
                    }
                }
            };
            single(Box::new(c.to_lowercase()));
            single(Box::new(c.to_uppercase()));
        }
        if ascii && !in_class && c.is_ascii_alphabetic() {
            variants.push(if c.is_ascii_lowercase() {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            });
        }
        let esc = |c: char, out: &mut String| {
            if c.is_ascii_alphanumeric() || (!c.is_ascii() && !c.is_whitespace()) {
                out.push(c);
            } else {
                let _ = write!(out, r"\x{{{:X}}}", c as u32);
            }
        };
        if variants.len() == 1 || in_class {
            variants.into_iter().for_each(|v| esc(v, out));
        } else {
            out.push('[');
            variants.into_iter().for_each(|v| esc(v, out));
            out.push(']');
        }
    }

    /// A `\xHH` / `\uHHHH` / `\u{H…}` escape: the character, with its case
    /// variants under `i`; a surrogate is left for the engine to refuse.
    fn code_point(&self, hex: &[char], ascii: bool, in_class: bool, out: &mut String) {
        let hex: String = hex.iter().collect();
        match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
            Some(c) => self.literal(c, ascii, in_class, out),
            None => {
                let _ = write!(out, r"\x{{{hex}}}");
            }
        }
    }

    /// A class escape (`\d`, `\W`, `\s`, …): `set` as a class of its own
    /// (nested inside a class for the regex crate), or as bare ranges inside
    /// a regex-lite class (which has no nested classes).
    fn class_escape(&self, set: &str, negated: bool, in_class: bool, out: &mut String) {
        if in_class && self.engine == Engine::Lite {
            debug_assert!(!negated);
            out.push_str(set);
        } else {
            out.push('[');
            if negated {
                out.push('^');
            }
            out.push_str(set);
            out.push(']');
        }
    }

    /// Translates the escape after a `\` at `s[i]` (i is the index after
    /// `\`); returns the index after it.
    fn escape(&self, mut i: usize, ascii: bool, in_class: bool, out: &mut String) -> Result<usize> {
        let (s, path) = (self.s, self.path);
        let Some(&c) = s.get(i) else {
            return Err(MatcherError::invalid_argument(path, "the pattern ends with a lone \\"));
        };
        i += 1;
        let full = self.engine == Engine::Full;
        match c {
            // JavaScript's `\d`, `\w` (without the `u` flag: always) are ASCII.
            'd' | 'D' | 'w' | 'W' if full => {
                let set = if c.eq_ignore_ascii_case(&'d') {
                    "0-9"
                } else {
                    "0-9A-Za-z_"
                };
                self.class_escape(set, c.is_ascii_uppercase(), in_class, out);
            }
            'd' | 'D' | 'w' | 'W' => {
                out.push('\\');
                out.push(c);
            }
            'b' | 'B' if !in_class => {
                out.push_str(if full { r"(?-u:\" } else { r"\" });
                out.push(c);
                if full {
                    out.push(')');
                }
            }
            'b' => out.push_str(r"\x08"),
            's' | 'S' if full => self.class_escape(JS_SPACE, c == 'S', in_class, out),
            's' if in_class => out.push_str(JS_SPACE),
            's' => write!(out, "[{JS_SPACE}]").unwrap_or(()),
            'S' if in_class => out.push_str(JS_NON_SPACE),
            'S' => write!(out, "[{JS_NON_SPACE}]").unwrap_or(()),
            'f' => out.push_str(r"\x0C"),
            'n' => out.push_str(r"\n"),
            'r' => out.push_str(r"\r"),
            't' => out.push_str(r"\t"),
            'v' => out.push_str(r"\x0B"),
            '0' if !s.get(i).is_some_and(char::is_ascii_digit) => out.push_str(r"\x00"),
            '1'..='9' if !in_class => return Err(refuse(path, &format!("the back-reference \\{c}"))),
            'k' if !in_class && s.get(i) == Some(&'<') => return Err(refuse(path, "the named back-reference \\k<…>")),
            'p' | 'P' if s.get(i) == Some(&'{') => {
                return Err(refuse(path, &format!("the Unicode property escape \\{c}{{…}}")))
            }
            'c' if s.get(i).is_some_and(char::is_ascii_alphabetic) => {
                let _ = write!(out, r"\x{:02X}", (s[i] as u32) % 32);
                i += 1;
            }
            'x' if s.len() >= i + 2 && s[i..i + 2].iter().all(char::is_ascii_hexdigit) => {
                self.code_point(&s[i..i + 2], ascii, in_class, out);
                i += 2;
            }
            'u' if s.get(i) == Some(&'{') => {
                let end = s[i..].iter().position(|&c| c == '}').map(|p| i + p);
                match end {
                    Some(end) if end > i + 1 && end - i <= 7 && s[i + 1..end].iter().all(char::is_ascii_hexdigit) => {
                        self.code_point(&s[i + 1..end], ascii, in_class, out);
                        i = end + 1;
                    }
                    _ => self.literal('u', ascii, in_class, out),
                }
            }
            'u' if s.len() >= i + 4 && s[i..i + 4].iter().all(char::is_ascii_hexdigit) => {
                self.code_point(&s[i..i + 4], ascii, in_class, out);
                i += 4;
            }
            // Identity escapes: the character itself.
            other => self.literal(other, ascii, in_class, out),
        }
        Ok(i)
    }

    /// Translates a JS character class starting after `[` at `s[i]`;
    /// returns the index after its `]`. `ascii`: add the ASCII case
    /// counterparts of the class's letters (before a `^` negates it).
    fn class(&self, mut i: usize, ascii: bool, out: &mut String) -> Result<usize> {
        let s = self.s;
        let full = self.engine == Engine::Full;
        let negated = s.get(i) == Some(&'^');
        if negated {
            i += 1;
        }
        if s.get(i) == Some(&']') {
            // `[]` matches nothing, `[^]` anything.
            out.push_str(match (negated, full) {
                (true, _) => "(?s:.)",
                (false, false) => r"(?:\b\B)",
                (false, true) => r"(?-u:\b\B)",
            });
            return Ok(i + 1);
        }
        let mut content = String::new();
        while let Some(&c) = s.get(i) {
            i += 1;
            match c {
                ']' => {
                    let extras = if ascii {
                        ascii_case_extras(&content)
                    } else {
                        String::new()
                    };
                    out.push('[');
                    if negated {
                        out.push('^');
                    }
                    if extras.is_empty() {
                        out.push_str(&content);
                    } else {
                        let _ = write!(out, "[{extras}][{content}]");
                    }
                    out.push(']');
                    return Ok(i);
                }
                '\\' => i = self.escape(i, ascii, true, &mut content)?,
                // `--` is set difference to the regex crate, an error to
                // regex-lite: refused as regex-lite does.
                '-' if full && s.get(i) == Some(&'-') => {
                    return Err(does_not_compile(
                        self.shown,
                        self.path,
                        "character class difference is not supported",
                    ))
                }
                '-' => content.push('-'),
                '[' | '&' | '~' | '^' => {
                    content.push('\\');
                    content.push(c);
                }
                c => self.literal(c, ascii, true, &mut content),
            }
        }
        Err(MatcherError::invalid_argument(
            self.path,
            "unterminated character class",
        ))
    }

    /// The inline flags of `(?flags:` / `(?flags)` (`flags` without `?` and
    /// the terminator), when valid: `(enables i, disables i, the other
    /// flags)`; `None` leaves them to the engine (which refuses them).
    fn inline_flags(flags: &[char]) -> Option<(bool, bool, String)> {
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
        let keep = |part: &[char]| part.iter().filter(|c| !"iu-".contains(**c)).collect::<String>();
        let (on_rest, off_rest) = (keep(on), keep(off));
        let mut rest = on_rest;
        if !off_rest.is_empty() {
            rest.push('-');
            rest.push_str(&off_rest);
        }
        Some((on.contains(&'i'), off.contains(&'i'), rest))
    }

    fn translate(&self, dot_all: bool) -> Result<String> {
        let s = self.s;
        let full = self.engine == Engine::Full;
        let mut out = String::with_capacity(s.len() + 8);
        // ASCII case variants written out: the `i` flag, or `(?i)` inline,
        // in the regex crate; regex-lite folds ASCII itself.
        let mut ascii = full && self.fold;
        let mut groups: Vec<bool> = Vec::new();
        let mut i = 0;
        while let Some(&c) = s.get(i) {
            i += 1;
            match c {
                '\\' => i = self.escape(i, ascii, false, &mut out)?,
                '[' => i = self.class(i, ascii, &mut out)?,
                '(' if s.get(i) == Some(&'?') => {
                    let rest: String = s[i..s.len().min(i + 3)].iter().collect();
                    if rest.starts_with("?=") || rest.starts_with("?!") {
                        return Err(refuse(self.path, "look-ahead (?=…) / (?!…)"));
                    }
                    if rest.starts_with("?<=") || rest.starts_with("?<!") {
                        return Err(refuse(self.path, "look-behind (?<=…) / (?<!…)"));
                    }
                    let end = s[i..].iter().position(|&c| c == ':' || c == '>' || c == ')');
                    let flags = end
                        .filter(|&e| full && s[i + e] != '>')
                        .and_then(|e| Self::inline_flags(&s[i + 1..i + e]).map(|f| (f, s[i + e] == ')', e)));
                    if let Some(((on, off, rest), alone, end)) = flags {
                        // Inline flags: `i` handled here (ASCII variants), `u`
                        // dropped (regex-lite ignores it), the others kept.
                        let inner = if on {
                            true
                        } else if off {
                            false
                        } else {
                            ascii
                        };
                        if alone {
                            // `(?i)`: to the end of the enclosing group.
                            ascii = inner;
                            if !rest.is_empty() {
                                let _ = write!(out, "(?{rest})");
                            }
                        } else {
                            groups.push(ascii);
                            ascii = inner;
                            let _ = write!(out, "(?{rest}:");
                        }
                        i += end + 1;
                        continue;
                    }
                    // `(?:`, `(?<name>` and (regex-lite) inline flags `(?i:` are copied as they are.
                    out.push('(');
                    if let Some(end) = end {
                        if s[i + end] != ')' {
                            groups.push(ascii);
                        }
                        s[i..=i + end].iter().for_each(|&c| out.push(c));
                        i += end + 1;
                    } else {
                        groups.push(ascii);
                    }
                }
                '(' => {
                    groups.push(ascii);
                    out.push('(');
                }
                ')' => {
                    ascii = groups.pop().unwrap_or(ascii);
                    out.push(')');
                }
                '{' => match quantifier_len(&s[i - 1..]) {
                    Some(len) => {
                        s[i - 1..i - 1 + len].iter().for_each(|&c| out.push(c));
                        i += len - 1;
                    }
                    None => out.push_str(r"\{"),
                },
                '}' => out.push_str(r"\}"),
                '.' if !dot_all => out.push_str(r"[^\n\r\x{2028}\x{2029}]"),
                '.' => out.push_str("(?s:.)"),
                '^' | '$' | '|' | '*' | '+' | '?' => out.push(c),
                c => self.literal(c, ascii, false, &mut out),
            }
        }
        Ok(out)
    }
}

/// Translates a JS pattern to `engine`'s syntax. `fold` is the `i` flag,
/// `dot_all` the `s` flag; `shown` names the pattern in errors.
pub(crate) fn translate(
    source: &str,
    fold: bool,
    dot_all: bool,
    engine: Engine,
    shown: &str,
    path: &str,
) -> Result<String> {
    let s: Vec<char> = source.chars().collect();
    Translator {
        s: &s,
        engine,
        fold,
        shown,
        path,
    }
    .translate(dot_all)
}

impl CompiledPatterns {
    /// Compiles `patterns` (`path[i]` names each in errors). With
    /// `case_sensitive == false` every pattern gets the `i` flag.
    ///
    /// Errors: `INVALID_ARGUMENT` at `path[i]` for a construct no linear-time
    /// engine has (look-ahead, look-behind, back-references, `\p{…}`),
    /// the `v` flag, an unknown flag, or a pattern that does not compile
    /// (the message names the construct).
    pub fn new(patterns: &[Pattern], case_sensitive: bool, path: &str) -> Result<CompiledPatterns> {
        let items = patterns
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let path = format!("{path}[{i}]");
                Ok((compile(p, case_sensitive, &path)?, p.to_display()))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(CompiledPatterns { items })
    }

    /// `validatePattern` over an extracted `text`: passes when every pattern
    /// matches somewhere; a failure lists every unmatched pattern.
    pub fn check(&self, text: &str) -> CheckResult {
        let unmatched: Vec<&str> = self
            .items
            .iter()
            .filter(|(re, _)| !re.is_match(text))
            .map(|(_, shown)| shown.as_str())
            .collect();
        let n = self.items.len();
        if unmatched.is_empty() {
            return CheckResult::pass(if n == 1 {
                "Response matches pattern".to_string()
            } else {
                format!("Response matches all {n} patterns")
            });
        }
        let message = if unmatched.len() == 1 {
            format!("Response does not match pattern: {}", unmatched[0])
        } else {
            format!(
                "Response does not match {} patterns: {}",
                unmatched.len(),
                unmatched.join(", ")
            )
        };
        CheckResult::fail(message, Some(text_details("unmatched", json!(unmatched), text)))
    }
}

fn compile(p: &Pattern, case_sensitive: bool, path: &str) -> Result<Compiled> {
    let (source, flags) = match p {
        Pattern::Source(s) => (s.as_str(), ""),
        Pattern::RegExp { source, flags } => (source.as_str(), flags.as_str()),
    };
    build(source, flags, !case_sensitive, true, &p.to_display(), path)
}

/// JavaScript's `new RegExp(source, flags)` on regex-lite, with JavaScript's
/// own `^`/`$` (the whole text, or every line with the `m` flag). Used where
/// the reference builds a `RegExp` itself (`$pattern` argument matchers,
/// custom sanitizers). `g` and `d` change nothing here; `y` anchors at the
/// start of the text.
///
/// Errors: `INVALID_ARGUMENT` at `path`, as [`CompiledPatterns::new`], and
/// for a repeated flag (a `SyntaxError` in JavaScript).
pub(crate) fn compile_js(source: &str, flags: &str, path: &str) -> Result<regex_lite::Regex> {
    build_lite(
        source,
        flags,
        false,
        flags.contains('m'),
        &format!("/{source}/{flags}"),
        path,
    )
}

/// Checks `flags` and translates `source` for `engine`; returns the
/// translation and whether it folds case.
fn prepare(source: &str, flags: &str, fold: bool, engine: Engine, shown: &str, path: &str) -> Result<(String, bool)> {
    if let Some(f) = flags.chars().find(|&f| flags.matches(f).count() > 1) {
        return Err(MatcherError::invalid_argument(
            path,
            format!("the regular expression flag {f:?} is repeated"),
        ));
    }
    for f in flags.chars() {
        match f {
            'd' | 'g' | 'i' | 'm' | 's' | 'u' | 'y' => {}
            'v' => return Err(refuse(path, "the v flag (Unicode sets)")),
            other => {
                return Err(MatcherError::invalid_argument(
                    path,
                    format!("unknown regular expression flag {other:?}"),
                ))
            }
        }
    }
    let fold = fold || flags.contains('i');
    let mut translated = translate(source, fold, flags.contains('s'), engine, shown, path)?;
    if flags.contains('y') {
        translated = format!(r"\A(?:{translated})");
    }
    Ok((translated, fold))
}

/// A compiled validatePattern pattern.
#[derive(Clone, Debug)]
enum Compiled {
    /// The regex crate (lazy DFA, literal prefilters).
    Full(Regex),
    /// regex-lite, for a pattern whose regex-crate automaton exceeds the
    /// size limit: a counted repetition of a Unicode class (`.{5000}`) is
    /// ~20 times larger there, and regex-lite accepted these patterns before.
    Lite(regex_lite::Regex),
}

impl Compiled {
    fn is_match(&self, text: &str) -> bool {
        match self {
            Compiled::Full(re) => re.is_match(text),
            Compiled::Lite(re) => re.is_match(text),
        }
    }
}

/// The pattern on the regex crate (validatePattern), or on regex-lite when
/// too large for it. Case folding is in the translation: the crate's
/// `case_insensitive` would fold Unicode (`k` would match U+212A).
fn build(source: &str, flags: &str, fold: bool, multi_line: bool, shown: &str, path: &str) -> Result<Compiled> {
    let (translated, _) = prepare(source, flags, fold, Engine::Full, shown, path)?;
    // Compiling costs more than matching a few KB: the last patterns are kept
    // (a test suite checks the same few patterns over and over). A regex is
    // an `Arc` inside, so the clone is cheap; at most 256 entries.
    thread_local! {
        static CACHE: std::cell::RefCell<std::collections::HashMap<(String, bool), Compiled>> =
            std::cell::RefCell::new(std::collections::HashMap::new());
    }
    let key = (translated, multi_line);
    if let Some(hit) = CACHE.with(|c| c.borrow().get(&key).cloned()) {
        return Ok(hit);
    }
    let compiled = compile_full(source, flags, fold, multi_line, shown, path, &key.0)?;
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= 256 {
            c.clear();
        }
        c.insert(key, compiled.clone());
    });
    Ok(compiled)
}

fn compile_full(
    source: &str,
    flags: &str,
    fold: bool,
    multi_line: bool,
    shown: &str,
    path: &str,
    translated: &str,
) -> Result<Compiled> {
    match RegexBuilder::new(translated)
        .multi_line(multi_line)
        .crlf(true)
        .size_limit(1 << 22)
        .build()
    {
        Ok(re) => Ok(Compiled::Full(re)),
        Err(regex::Error::CompiledTooBig(_)) => {
            build_lite(source, flags, fold, multi_line, shown, path).map(Compiled::Lite)
        }
        Err(e) => Err(does_not_compile(shown, path, &e.to_string())),
    }
}

/// The pattern on regex-lite (`$pattern` argument matchers, custom sanitizers).
pub(crate) fn build_lite(
    source: &str,
    flags: &str,
    fold: bool,
    multi_line: bool,
    shown: &str,
    path: &str,
) -> Result<regex_lite::Regex> {
    let (translated, fold) = prepare(source, flags, fold, Engine::Lite, shown, path)?;
    regex_lite::RegexBuilder::new(&translated)
        .case_insensitive(fold)
        .multi_line(multi_line)
        .crlf(true)
        .size_limit(1 << 22)
        .build()
        .map_err(|e| does_not_compile(shown, path, &e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_match(source: &str, text: &str) -> bool {
        let c = CompiledPatterns::new(&[Pattern::Source(source.into())], true, "patterns").unwrap();
        c.check(text).pass
    }

    #[test]
    fn javascript_syntax_is_translated() {
        assert!(is_match(r#"{"temperature":\d+"#, r#"{"temperature":36}"#));
        assert!(is_match(r"a{2}", "aa"));
        assert!(!is_match(r"a{2}", "a{2}"));
        assert!(is_match(r"a{,2}", "a{,2}"));
        assert!(is_match(r"\/path\/", "/path/"));
        assert!(is_match(r"\s", "\u{a0}"));
        assert!(!is_match(r"a.b", "a\nb"));
        assert!(is_match(r"[^]", "\n"));
        assert!(!is_match(r"[]", "x"));
        assert!(is_match(r"[[\]]", "["));
        assert!(is_match(r"^b$", "a\nb\nc"));
        assert!(is_match(r"^b$", "a\r\nb\r\nc"));
        assert!(is_match(r"\z", "z"));
        assert!(is_match(r"[\S]", "x"));
        assert!(!is_match(r"^[\S]+$", "x y"));
        assert!(is_match(r"(?<year>\d{4})-(?:\d\d)", "2026-11"));
    }

    #[test]
    fn flags_and_case() {
        let re = |flags: &str| Pattern::RegExp {
            source: "café".into(),
            flags: flags.into(),
        };
        let c = CompiledPatterns::new(&[re("i")], true, "p").unwrap();
        assert!(c.check("CAFÉ").pass);
        let c = CompiledPatterns::new(&[re("")], false, "p").unwrap();
        assert!(c.check("CAFÉ").pass);
        let c = CompiledPatterns::new(&[re("")], true, "p").unwrap();
        assert!(!c.check("CAFÉ").pass);
        // As JS: `/ſ/i.test("s")` and `/\u212A/i.test("k")` are false.
        let c = CompiledPatterns::new(&[Pattern::Source(r"ſ|\u212A".into())], false, "p").unwrap();
        assert!(!c.check("sSkK").pass);
        // As JS: `/\u00e9/i.test("É")` is true.
        let c = CompiledPatterns::new(&[Pattern::Source(r"\u00e9\x2E".into())], false, "p").unwrap();
        assert!(c.check("É.").pass);
        assert!(!c.check("Éx").pass);
        let dot = |flags: &str| Pattern::RegExp {
            source: "a.b".into(),
            flags: flags.into(),
        };
        assert!(
            CompiledPatterns::new(&[dot("s")], true, "p")
                .unwrap()
                .check("a\nb")
                .pass
        );
        let e = CompiledPatterns::new(&[dot("v")], true, "p").unwrap_err();
        assert_eq!(e.path, "p[0]");
    }

    #[test]
    fn unsupported_constructs_are_named() {
        for (src, word) in [
            ("a(?=b)", "look-ahead"),
            ("(?<!a)b", "look-behind"),
            (r"(a)\1", "back-reference"),
            (r"(?<x>a)\k<x>", "back-reference"),
            (r"\p{L}", "property"),
        ] {
            let e = CompiledPatterns::new(
                &[Pattern::Source("ok".into()), Pattern::Source(src.into())],
                true,
                "patterns",
            )
            .unwrap_err();
            assert_eq!(e.code, crate::error::ErrorCode::InvalidArgument);
            assert_eq!(e.path, "patterns[1]");
            assert!(e.message.contains(word), "{src}: {}", e.message);
        }
        let e = CompiledPatterns::new(&[Pattern::Source("(a".into())], true, "patterns").unwrap_err();
        assert!(e.message.contains("/(a/"), "{}", e.message);
    }

    /// One JS `RegExp` (`source`, `flags`) tested on `text` through validatePattern.
    fn js(source: &str, flags: &str, text: &str) -> bool {
        let p = Pattern::RegExp {
            source: source.into(),
            flags: flags.into(),
        };
        CompiledPatterns::new(&[p], true, "p").unwrap().check(text).pass
    }

    #[test]
    fn ascii_classes_and_case_as_javascript() {
        // Each row is JavaScript's own answer (Node 20, `new RegExp(source, flags).test(text)`):
        // without the `u` flag `\d`, `\w`, `\b`, `\B` are ASCII-only, also inside classes, and
        // `i` (Canonicalize by toUpperCase) never maps a non-ASCII character to an ASCII one.
        for (source, flags, text, expected) in [
            (r"\d", "", "\u{663}", false),
            (r"\w", "", "é", false),
            (r"\w", "i", "\u{17F}", false),
            (r"\w", "i", "\u{212A}", false),
            (r"\W", "i", "\u{212A}", true),
            (r"\W", "i", "k", false),
            (r"a\b", "", "aé", true),
            (r"é\b", "", "éa", true),
            (r"\bé", "", "é", false),
            (r"a\B", "", "aé", false),
            (r"\Bb", "", "ab", true),
            (r"[\w]", "", "é", false),
            (r"[^\W]", "", "é", false),
            (r"[\D]", "", "\u{663}", true),
            (r"[^\d]", "", "\u{663}", true),
            (r"[\d-z]", "", "-", true),
            (r"[\d-z]", "", "y", false),
            (r"[\w-]", "", "-", true),
            ("k", "i", "\u{212A}", false),
            ("s", "i", "\u{17F}", false),
            (r"\u212A", "i", "k", false),
            ("\u{17F}", "i", "S", false),
            ("[a-z]", "i", "\u{212A}", false),
            ("[a-z]", "i", "\u{17F}", false),
            ("[^k]", "i", "\u{212A}", true),
            ("[k]", "i", "K", true),
            ("[k]", "", "K", false),
            ("[^k]", "i", "K", false),
            ("[^a-z]", "i", "Q", false),
            ("[X-c]", "i", "x", true),
            ("[X-c]", "i", "C", true),
            ("[X-c]", "", "x", false),
            ("é", "i", "É", true),
            ("[é]", "i", "É", true),
            ("[^é]", "i", "É", false),
            ("K", "i", "k", true),
            (r"\x4b", "i", "k", true),
            (r"\u004B", "i", "k", true),
            (r"[\x41-\x43]", "i", "b", true),
            (r"[\x41-\x43]", "", "b", false),
        ] {
            assert_eq!(js(source, flags, text), expected, "/{source}/{flags} on {text:?}");
        }
    }

    /// Small deterministic generator (xorshift) for the differential test.
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
        fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
            xs[self.below(xs.len())]
        }
    }

    fn gen_pattern(r: &mut Rng, depth: u32) -> String {
        const ATOMS: &[&str] = &[
            "a",
            "A",
            "b",
            "k",
            "K",
            "s",
            "S",
            "x",
            "é",
            "É",
            "ſ",
            r"\u212A",
            r"\x4B",
            "1",
            r"\d",
            r"\D",
            r"\w",
            r"\W",
            r"\s",
            r"\S",
            r"\b",
            r"\B",
            ".",
            "[a-c]",
            "[^a]",
            "[A-Z]",
            r"[^\w]",
            r"[\d\s]",
            r"[^\D]",
            "[éÉ]",
            "[^é]",
            "[x-z0-3]",
            r"[\x41-\x43]",
            "[^k-m]",
            "[-a]",
            "[a-]",
            r"[\S]",
            r"[^\s_]",
            r"[\b]",
            r"\{",
            "-",
            ":",
            " ",
            r"\n",
            "^",
            "$",
            "(?i:a)",
            "(?-i:k)",
            "(?i)",
            "[]",
            "[^]",
            "(?:ab)",
            r"\cJ",
            r"\0",
            r"\z",
            "{2}",
        ];
        let mut out = String::new();
        for _ in 0..1 + r.below(3) {
            if depth < 2 && r.below(5) == 0 {
                let (a, b) = (gen_pattern(r, depth + 1), gen_pattern(r, depth + 1));
                out += &format!("({a}|{b}){}", r.pick(&["", "?", "*"]));
            } else {
                out += r.pick(ATOMS);
                out += r.pick(&["", "", "", "?", "*", "+", "{1,2}", "+?"]);
            }
        }
        out
    }

    #[test]
    fn regex_crate_translation_matches_regex_lite() {
        // The regex crate runs validatePattern; regex-lite (which folds
        // ASCII and has ASCII `\d`/`\w`/`\b` of its own) ran it before and
        // still runs `$pattern` and sanitizers: both must agree.
        const CHARS: &[&str] = &[
            "a", "A", "b", "B", "k", "K", "\u{212A}", "s", "S", "\u{17F}", "x", "X", "é", "É", "1", "5", " ", "\n",
            "\r", "-", "_", ":", "{", "\u{663}", "\u{A0}", "\u{2028}", "c", "C", "y", "Y",
        ];
        let mut r = Rng(0x9e37_79b9_7f4a_7c15);
        let (mut compared, mut refused) = (0, 0);
        for case in 0..1500 {
            let source = gen_pattern(&mut r, 0);
            let texts: Vec<String> = (0..16)
                .map(|_| (0..r.below(7)).map(|_| r.pick(CHARS)).collect())
                .collect();
            for (flags, fold) in [("", false), ("i", false), ("s", true), ("", true)] {
                let full = build(&source, flags, fold, true, "/p/", "p");
                let lite = build_lite(&source, flags, fold, true, "/p/", "p");
                match (&full, &lite) {
                    (Ok(full), Ok(lite)) => {
                        for t in &texts {
                            assert_eq!(
                                full.is_match(t),
                                lite.is_match(t),
                                "case {case}: /{source}/{flags} (fold {fold}) on {t:?}"
                            );
                        }
                        compared += 1;
                    }
                    (Err(_), Err(_)) => refused += 1,
                    _ => panic!(
                        "case {case}: /{source}/{flags} (fold {fold}): full {:?}, lite {:?}",
                        full.as_ref().err(),
                        lite.as_ref().err()
                    ),
                }
            }
        }
        assert!(compared > 3000, "{compared} compared, {refused} refused by both");
    }

    #[test]
    fn large_counted_repetitions_still_compile() {
        // Past the regex crate's size limit: regex-lite runs them, as before.
        assert!(matches!(
            build(".{5000}", "", false, true, "/p/", "p").unwrap(),
            Compiled::Lite(_)
        ));
        assert!(js(r"^\S{3000}$", "", &"x".repeat(3000)));
        assert!(!js(r"^\S{3000}$", "", &"x".repeat(2999)));
        assert!(js(r"^\w{2}.{5000}", "i", &"K".repeat(5002)));
        assert!(!js(r"^\w{2}.{5000}", "i", &"\u{212A}".repeat(5002)));
        assert!(matches!(
            build(r"\d{4}-\d{2}", "", false, true, "/p/", "p").unwrap(),
            Compiled::Full(_)
        ));
    }
}
