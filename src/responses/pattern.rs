//! `validatePattern` of `@gleanwork/mcp-server-tester@1.1.0`
//! (`src/assertions/validators/pattern.ts`) on `regex-lite`: linear-time
//! matching, so no pattern can hang a test run.
//!
//! Patterns are written in JavaScript `RegExp` syntax and translated to
//! `regex-lite` syntax first: `{`/`}` that do not form a quantifier are
//! literals (as in JS), `\s` is JavaScript's Unicode white space, `.` stops
//! at `\n`, `\r`, U+2028 and U+2029, identity escapes such as `\a` or `\z`
//! are the letter itself, `[^]` is any character, and with the `i` flag a
//! non-ASCII literal also matches its simple upper/lower case (regex-lite
//! folds ASCII only). `^` and `$` always match at line starts and ends (the
//! seed's "multiline matching"; `\n` and `\r` end lines). Constructs
//! regex-lite cannot match in linear time (look-around, back-references)
//! and Unicode property escapes are refused with an error naming them.

use super::checks::{text_details, CheckResult};
use crate::error::{MatcherError, Result};
use regex_lite::{Regex, RegexBuilder};
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
    items: Vec<(Regex, String)>,
}

/// JavaScript's `\s`: white space and line terminators.
const JS_SPACE: &str =
    r"\t\n\x0B\x0C\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";
/// JavaScript's `\S`: the complement of [`JS_SPACE`], as ranges (regex-lite
/// has no nested classes, so `[\S]` cannot be written as `[[^\s]]`).
const JS_NON_SPACE: &str = r"\x00-\x08\x0E-\x1F\x21-\x{9F}\x{A1}-\x{167F}\x{1681}-\x{1FFF}\x{200B}-\x{2027}\x{202A}-\x{202E}\x{2030}-\x{205E}\x{2060}-\x{2FFF}\x{3001}-\x{FEFE}\x{FF00}-\x{10FFFF}";

fn refuse(path: &str, what: &str) -> MatcherError {
    MatcherError::invalid_argument(
        path,
        format!("{what} is not supported: patterns run on a linear-time engine (regex-lite)"),
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

/// A literal character in regex-lite syntax (with simple case variants when
/// `fold` and non-ASCII); `in_class` leaves out the brackets.
fn literal(c: char, fold: bool, in_class: bool, out: &mut String) {
    let mut variants = vec![c];
    if fold && !c.is_ascii() {
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
/// variants under `i`; a surrogate is left for regex-lite to refuse.
fn code_point(hex: &[char], fold: bool, in_class: bool, out: &mut String) {
    let hex: String = hex.iter().collect();
    match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
        Some(c) => literal(c, fold, in_class, out),
        None => {
            let _ = write!(out, r"\x{{{hex}}}");
        }
    }
}

/// Translates the escape after a `\` at `s[i]` (i is the index after `\`);
/// returns the index after it.
fn escape(s: &[char], mut i: usize, fold: bool, in_class: bool, path: &str, out: &mut String) -> Result<usize> {
    let Some(&c) = s.get(i) else {
        return Err(MatcherError::invalid_argument(path, "the pattern ends with a lone \\"));
    };
    i += 1;
    match c {
        'd' | 'D' | 'w' | 'W' => {
            out.push('\\');
            out.push(c);
        }
        'b' | 'B' if !in_class => {
            out.push('\\');
            out.push(c);
        }
        'b' => out.push_str(r"\x08"),
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
            code_point(&s[i..i + 2], fold, in_class, out);
            i += 2;
        }
        'u' if s.get(i) == Some(&'{') => {
            let end = s[i..].iter().position(|&c| c == '}').map(|p| i + p);
            match end {
                Some(end) if end > i + 1 && end - i <= 7 && s[i + 1..end].iter().all(char::is_ascii_hexdigit) => {
                    code_point(&s[i + 1..end], fold, in_class, out);
                    i = end + 1;
                }
                _ => literal('u', fold, in_class, out),
            }
        }
        'u' if s.len() >= i + 4 && s[i..i + 4].iter().all(char::is_ascii_hexdigit) => {
            code_point(&s[i..i + 4], fold, in_class, out);
            i += 4;
        }
        // Identity escapes: the character itself.
        other => literal(other, fold, in_class, out),
    }
    Ok(i)
}

/// Translates a JS character class starting after `[` at `s[i]`; returns the
/// index after its `]`.
fn class(s: &[char], mut i: usize, fold: bool, path: &str, out: &mut String) -> Result<usize> {
    let negated = s.get(i) == Some(&'^');
    if negated {
        i += 1;
    }
    if s.get(i) == Some(&']') {
        // `[]` matches nothing, `[^]` anything.
        out.push_str(if negated { "(?s:.)" } else { r"(?:\b\B)" });
        return Ok(i + 1);
    }
    out.push('[');
    if negated {
        out.push('^');
    }
    while let Some(&c) = s.get(i) {
        i += 1;
        match c {
            ']' => {
                out.push(']');
                return Ok(i);
            }
            '\\' => i = escape(s, i, fold, true, path, out)?,
            '-' => out.push('-'),
            '[' | '&' | '~' | '^' => {
                out.push('\\');
                out.push(c);
            }
            c => literal(c, fold, true, out),
        }
    }
    Err(MatcherError::invalid_argument(path, "unterminated character class"))
}

/// Translates a JS pattern to regex-lite syntax. `dot_all` is the `s` flag.
pub(crate) fn translate(source: &str, fold: bool, dot_all: bool, path: &str) -> Result<String> {
    let s: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len() + 8);
    let mut i = 0;
    while let Some(&c) = s.get(i) {
        i += 1;
        match c {
            '\\' => i = escape(&s, i, fold, false, path, &mut out)?,
            '[' => i = class(&s, i, fold, path, &mut out)?,
            '(' if s.get(i) == Some(&'?') => {
                let rest: String = s[i..s.len().min(i + 3)].iter().collect();
                if rest.starts_with("?=") || rest.starts_with("?!") {
                    return Err(refuse(path, "look-ahead (?=…) / (?!…)"));
                }
                if rest.starts_with("?<=") || rest.starts_with("?<!") {
                    return Err(refuse(path, "look-behind (?<=…) / (?<!…)"));
                }
                // `(?:`, `(?<name>` and inline flags `(?i:` are copied as they are.
                out.push('(');
                let end = s[i..].iter().position(|&c| c == ':' || c == '>' || c == ')');
                if let Some(end) = end {
                    s[i..=i + end].iter().for_each(|&c| out.push(c));
                    i += end + 1;
                }
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
            '^' | '$' | '|' | '(' | ')' | '*' | '+' | '?' => out.push(c),
            c => literal(c, fold, false, &mut out),
        }
    }
    Ok(out)
}

impl CompiledPatterns {
    /// Compiles `patterns` (`path[i]` names each in errors). With
    /// `case_sensitive == false` every pattern gets the `i` flag.
    ///
    /// Errors: `INVALID_ARGUMENT` at `path[i]` for a construct regex-lite
    /// does not have (look-ahead, look-behind, back-references, `\p{…}`),
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

fn compile(p: &Pattern, case_sensitive: bool, path: &str) -> Result<Regex> {
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
pub(crate) fn compile_js(source: &str, flags: &str, path: &str) -> Result<Regex> {
    build(
        source,
        flags,
        false,
        flags.contains('m'),
        &format!("/{source}/{flags}"),
        path,
    )
}

fn build(source: &str, flags: &str, fold: bool, multi_line: bool, shown: &str, path: &str) -> Result<Regex> {
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
    let mut translated = translate(source, fold, flags.contains('s'), path)?;
    if flags.contains('y') {
        translated = format!(r"\A(?:{translated})");
    }
    RegexBuilder::new(&translated)
        .case_insensitive(fold)
        .multi_line(multi_line)
        .crlf(true)
        .size_limit(1 << 22)
        .build()
        .map_err(|e| {
            let msg = e.to_string();
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
        })
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
}
