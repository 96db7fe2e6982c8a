//! JavaScript's `RegExp` on linear-time engines: a pattern in JS syntax with
//! JS flags is translated to the syntax of `regex-lite` or of the `regex`
//! crate, so that no pattern can hang a test run, and so that every family
//! reads a pattern the way `new RegExp(source, flags)` does in V8.
//!
//! Three entries: [`compile`] is `new RegExp(source, flags)` on regex-lite
//! (the transcript matchers, `$pattern` argument matchers);
//! [`compile_lines`] is `validatePattern`'s form (`^`/`$` at every line, the
//! regex crate's lazy DFA, patterns of more than [`MAX_PATTERN_STATES`]
//! automaton states refused); [`compile_replacer`] is a global `replace` in
//! one pass over the text (custom sanitizers, [`replace`]).
//!
//! What the translation keeps from JavaScript (Annex B syntax without `u`):
//! `{`/`}` that do not form a quantifier are literals (`/a{/`, `/a{1/`);
//! `\d`, `\w`, `\b`, `\B` are ASCII-only (with `iu`, `\w` adds U+017F and
//! U+212A); `\s` is JS white space (U+00A0, U+FEFF, U+2028, …); `.` stops at
//! `\n`, `\r`, U+2028, U+2029 (the `s` flag: anything); `[^]` is any
//! character and `[]` none; identity escapes (`\a`, `\z`) are the letter;
//! `\cX`, `\0`, legacy octal `\12`, `\xHH`, `\uHHHH` (a surrogate pair
//! escaped as two halves is one character), `\u{H…}` only with `u`; under
//! `i` characters match as JS *Canonicalize* says ([`case`]: without `u`
//! `toUpperCase`, never non-ASCII to ASCII, so `/k/i` misses U+212A KELVIN
//! SIGN while `/ä/i` matches `Ä`; with `u` simple case folding). The flags
//! `d g i m s u y` are honoured as a fresh `RegExp`'s `test` sees them:
//! `m` makes `^`/`$` line anchors (else they anchor the whole text), `y`
//! anchors at the start, `g` and `d` change nothing; `v` is refused.
//!
//! Refused, with `INVALID_ARGUMENT` naming the construct: look-ahead,
//! look-behind, back-references (`\1` when the pattern has a group 1,
//! `\k<name>` when it has named groups), Unicode property escapes `\p{…}`.
//!
//! Known differences (documented, not refused): text is read as code
//! points, so without `u` an astral character is one character, not two
//! code units (`/^.$/.test("😀")` is true here); a lone surrogate never
//! matches (a Rust string cannot hold one); with `m`, `^`/`$` see `\n` and
//! `\r` as line ends but not U+2028/U+2029, nor the point between `\r` and
//! `\n`; with `iu`, `\b` does not count U+017F and U+212A as word characters.

mod case;
mod class;
mod literal;
mod replace;
#[cfg(test)]
#[path = "../../../tests/unit/js/regex.rs"]
mod tests;
mod translate;

use crate::error::{MatcherError, Result};
pub(crate) use replace::{compile_replacer, Replacer};

/// The engine a translation is written for. Both get the same character
/// sets, written out by the translation (neither engine's own case folding
/// or Unicode classes are used); they differ in how an ASCII word boundary
/// and an empty set are spelt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Engine {
    /// `regex-lite`: its `\b` is ASCII.
    Lite,
    /// The `regex` crate without its Unicode tables: `(?-u:\b)`.
    Full,
}

/// The flags of a `RegExp`, checked as `new RegExp` checks them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Flags {
    /// `i`.
    pub fold: bool,
    /// `m`.
    pub multi_line: bool,
    /// `s`.
    pub dot_all: bool,
    /// `u`.
    pub unicode: bool,
    /// `y`.
    pub sticky: bool,
}

impl Flags {
    /// Reads `flags` (`d g i m s u y`, each at most once).
    ///
    /// Errors: `INVALID_ARGUMENT` at `path` for a repeated flag or an unknown
    /// one (JavaScript's `SyntaxError`) and for `v` (Unicode sets: refused).
    pub(crate) fn parse(flags: &str, path: &str) -> Result<Flags> {
        let mut out = Flags::default();
        for (i, f) in flags.char_indices() {
            if flags[..i].contains(f) {
                return Err(MatcherError::invalid_argument(
                    path,
                    format!("the regular expression flag '{f}' is repeated"),
                ));
            }
            match f {
                'd' | 'g' => {}
                'i' => out.fold = true,
                'm' => out.multi_line = true,
                's' => out.dot_all = true,
                'u' => out.unicode = true,
                'y' => out.sticky = true,
                'v' => return Err(refuse(path, "the v flag (Unicode sets)")),
                other => {
                    return Err(MatcherError::invalid_argument(
                        path,
                        format!("unknown regular expression flag '{other}'"),
                    ))
                }
            }
        }
        Ok(out)
    }
}

pub(super) fn refuse(path: &str, what: &str) -> MatcherError {
    MatcherError::invalid_argument(
        path,
        format!("{what} is not supported: patterns run on a linear-time engine"),
    )
}

/// `the pattern /a(/ does not compile: …` with the engine's (or our) reason.
pub(super) fn does_not_compile(shown: &str, path: &str, msg: &str) -> MatcherError {
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

/// Translates a JS pattern with `flags` to `engine`'s syntax (the `y` flag
/// as a leading `\A`); `shown` names the pattern in errors.
pub(crate) fn translate(source: &str, flags: &Flags, engine: Engine, shown: &str, path: &str) -> Result<String> {
    let chars: Vec<char> = source.chars().collect();
    let translated = translate::Translator::new(&chars, flags, engine, shown, path).run()?;
    Ok(if flags.sticky {
        format!(r"\A(?:{translated})")
    } else {
        translated
    })
}

/// JavaScript's `new RegExp(source, flags)` on regex-lite, for `test`,
/// `exec` and `replace` (capture groups keep their numbers and names).
///
/// Errors: `INVALID_ARGUMENT` at `path` for a bad or repeated flag, the `v`
/// flag, a refused construct (look-around, back-references, `\p{…}`), or a
/// pattern that does not compile (`the pattern /a(/ does not compile: …`).
pub(crate) fn compile(source: &str, flags: &str, path: &str) -> Result<regex_lite::Regex> {
    let shown = format!("/{source}/{flags}");
    let f = Flags::parse(flags, path)?;
    let translated = translate(source, &f, Engine::Lite, &shown, path)?;
    lite(&translated, f.multi_line, &shown, path)
}

/// A JavaScript pattern compiled for `RegExp#test` (on regex-lite), with the
/// literal every match contains, when it has one, searched for first: a text
/// without it is answered by a substring search, without running the
/// PikeVM (regex-lite has no prefilter of its own). Opaque: made by
/// `transcripts::TextOrRegex::regex`.
#[derive(Clone, Debug)]
pub struct JsRegex {
    re: regex_lite::Regex,
    required: Option<Box<str>>,
    /// A pattern that is one anchored literal, answered without the PikeVM
    /// (regex-lite reads the whole text even for `/\.rs$/`).
    anchored: Option<(literal::Anchor, Box<str>)>,
}

impl JsRegex {
    /// Compiles as [`compile`] (same errors).
    pub(crate) fn new(source: &str, flags: &str, path: &str) -> Result<JsRegex> {
        let re = compile(source, flags, path)?;
        let f = Flags::parse(flags, path)?;
        let required = literal::required_literal(source, &f).map(String::into_boxed_str);
        let anchored = literal::anchored_literal(source, &f).map(|(a, lit)| (a, lit.into_boxed_str()));
        Ok(JsRegex { re, required, anchored })
    }

    /// Whether the pattern matches somewhere in `text` (`RegExp#test` from index 0).
    pub fn is_match(&self, text: &str) -> bool {
        if let Some((anchor, lit)) = &self.anchored {
            use crate::value::eq::{bytes_eq, ends_with, starts_with};
            let (t, l) = (text.as_bytes(), lit.as_bytes());
            return match anchor {
                literal::Anchor::Whole => bytes_eq(t, l),
                literal::Anchor::Start => starts_with(t, l),
                literal::Anchor::End => ends_with(t, l),
            };
        }
        self.required.as_deref().is_none_or(|lit| text.contains(lit)) && self.re.is_match(text)
    }
}

fn lite(translated: &str, multi_line: bool, shown: &str, path: &str) -> Result<regex_lite::Regex> {
    regex_lite::RegexBuilder::new(translated)
        .multi_line(multi_line)
        .crlf(true)
        .size_limit(1 << 22)
        .build()
        .map_err(|e| does_not_compile(shown, path, &e.to_string()))
}

/// The most states a `validatePattern` pattern may compile to (the Thompson
/// automaton the regex crate builds from the translation). The lazy DFA
/// matches most patterns at a few nanoseconds per byte, but on a text that
/// makes it build a new state at every step (`(?:\w{1,100}){30}x`) the regex
/// crate falls back to simulating the automaton, at a cost per byte
/// proportional to its states: this bound keeps that cost bounded. About
/// 199 repetitions of `.` (`.{199}`: JavaScript's `.` is a class of 10 UTF-8
/// states), 117 of `\S`, or 1,999 of an ASCII class (`\d{1999}`).
pub(crate) const MAX_PATTERN_STATES: usize = 2_000;

/// The refusal of a pattern past [`MAX_PATTERN_STATES`] (`what`: "matching"
/// or "replacing", the work the limit keeps linear).
pub(crate) fn too_many_states(shown: &str, what: &str, path: &str) -> MatcherError {
    MatcherError::invalid_argument(
        path,
        format!(
            "the pattern {shown} compiles to more than {MAX_PATTERN_STATES} automaton states (the limit that keeps \
             {what} linear with a bounded cost per character); use smaller counted repetitions"
        ),
    )
}

/// A pattern compiled by [`compile_lines`].
#[derive(Clone, Debug)]
pub(crate) enum LineRegex {
    /// The regex crate's lazy DFA, on an automaton of at most [`MAX_PATTERN_STATES`].
    Full(regex::Regex),
    /// A pattern that is plain text of any length (`a\.b`, a whole recorded
    /// response escaped): a substring search (linear, no automaton).
    Literal(Box<str>),
}

impl LineRegex {
    /// Whether the pattern matches somewhere in `text`.
    pub(crate) fn is_match(&self, text: &str) -> bool {
        match self {
            LineRegex::Full(re) => re.is_match(text),
            LineRegex::Literal(s) => text.contains(&**s),
        }
    }
}

/// `validatePattern`'s form of a JS pattern: as [`compile`], but `^` and `$`
/// match at every line start and end whatever the `m` flag (the matcher's
/// documented "multiline matching"), `fold` adds the `i` flag, and the
/// regex crate runs it.
///
/// Errors: as [`compile`]; also `INVALID_ARGUMENT` at `path` for a pattern
/// (other than plain text) whose automaton has more than
/// [`MAX_PATTERN_STATES`] states (the message names the limit).
pub(crate) fn compile_lines(source: &str, flags: &str, fold: bool, shown: &str, path: &str) -> Result<LineRegex> {
    let mut f = Flags::parse(flags, path)?;
    f.fold |= fold;
    let translated = translate(source, &f, Engine::Full, shown, path)?;
    let too_large = || too_many_states(shown, "matching", path);
    let syntax = regex_automata::util::syntax::Config::new().multi_line(true).crlf(true);
    if let Ok(hir) = regex_automata::util::syntax::parse_with(&translated, &syntax) {
        if let regex_syntax::hir::HirKind::Literal(lit) = hir.kind() {
            if let Ok(text) = std::str::from_utf8(&lit.0) {
                return Ok(LineRegex::Literal(text.into()));
            }
        }
    }
    let nfa = regex_automata::nfa::thompson::Compiler::new()
        .syntax(syntax)
        .configure(
            regex_automata::nfa::thompson::Config::new()
                .nfa_size_limit(Some(1 << 22))
                .which_captures(regex_automata::nfa::thompson::WhichCaptures::None),
        )
        .build(&translated);
    match nfa {
        Ok(nfa) if nfa.states().len() > MAX_PATTERN_STATES => return Err(too_large()),
        Ok(_) => {}
        Err(e) if e.size_limit().is_some() => return Err(too_large()),
        Err(e) => return Err(does_not_compile(shown, path, &e.to_string())),
    }
    regex::RegexBuilder::new(&translated)
        .multi_line(true)
        .crlf(true)
        .size_limit(1 << 22)
        // Room for 500 lazy-DFA states of the largest automaton before the
        // cache thrashes (the default, 2 MiB, holds half as many).
        .dfa_size_limit(1 << 22)
        .build()
        .map(LineRegex::Full)
        .map_err(|e| match e {
            regex::Error::CompiledTooBig(_) => too_large(),
            e => does_not_compile(shown, path, &e.to_string()),
        })
}
