//! What the matchers compare with: a [`TextOrRegex`] (an exact or substring
//! text, or a JavaScript-style regular expression) and an [`InputMatch`].

use crate::error::{MatcherError, Result};
pub use crate::js::regex::JsRegex;
use crate::matching::{Matcher, Policy};
use crate::value::Val;
use serde_json::Value;

/// A text or a regular expression. How a text matches depends on the
/// matcher: tool names are exact, commands, queries and URLs substrings.
#[derive(Clone, Debug)]
pub enum TextOrRegex {
    /// A text: equal (tool names) or contained (commands, queries, URLs).
    Text(String),
    /// A compiled regex with its JavaScript source and flags (for messages).
    Regex {
        /// The compiled expression.
        re: JsRegex,
        /// The JavaScript source, for messages.
        source: String,
        /// The JavaScript flags, for messages.
        flags: String,
    },
}

impl TextOrRegex {
    /// A text pattern.
    pub fn text(s: impl Into<String>) -> TextOrRegex {
        TextOrRegex::Text(s.into())
    }

    /// Compiles a JavaScript regex `source` with `flags` as `new
    /// RegExp(source, flags).test` reads them, on regex-lite (linear time):
    /// JS syntax (`/a{/`, `/[^]/`), JS `\s`, ASCII `\d`/`\w`/`\b`, the `i`
    /// flag's case rules (`/ä/i` matches `Ä`, `/k/i` misses U+212A), `m`
    /// for line anchors (else `^`/`$` anchor the whole text), `s`, `u`, `y`;
    /// `g` and `d` change nothing (the crate's one JS `RegExp` front end).
    /// Errors: `INVALID_ARGUMENT` at `path` when it is longer than 4,096
    /// UTF-16 code units, has a bad flag or the `v` flag, uses look-around,
    /// a back-reference or `\p{…}`, or does not compile.
    pub fn regex(source: &str, flags: &str, path: &str) -> Result<TextOrRegex> {
        if crate::js::text::utf16_len(source) > 4096 {
            return Err(MatcherError::invalid_argument(
                path,
                "regular expression longer than 4096 characters",
            ));
        }
        let re = JsRegex::new(source, flags, path)?;
        Ok(TextOrRegex::Regex {
            re,
            source: source.to_string(),
            flags: flags.to_string(),
        })
    }

    /// `text` as given, or `/source/flags`.
    pub fn display(&self) -> String {
        match self {
            TextOrRegex::Text(t) => t.clone(),
            TextOrRegex::Regex { source, flags, .. } => format!("/{source}/{flags}"),
        }
    }

    /// Text: equal. Regex: matches somewhere.
    pub fn matches_exact(&self, s: &str) -> bool {
        match self {
            TextOrRegex::Text(t) => crate::value::eq::text_eq(t, s),
            TextOrRegex::Regex { re, .. } => re.is_match(s),
        }
    }

    /// Text: contained. Regex: matches somewhere.
    pub fn matches_sub(&self, s: &str) -> bool {
        match self {
            TextOrRegex::Text(t) => s.contains(t.as_str()),
            TextOrRegex::Regex { re, .. } => re.is_match(s),
        }
    }
}

/// How a recorded tool input is matched: a substring or regex (against any
/// string in the input, or its JSON text), or an object matched under the
/// engine's `REEVAL_INPUT` policy (every expected key present and
/// matching, recursively; arrays item by item with equal length; numbers by
/// value).
#[derive(Clone, Debug)]
pub enum InputMatch {
    /// A substring or regular expression.
    Pattern(TextOrRegex),
    /// An object matched key by key.
    Object(Value),
}

impl InputMatch {
    /// Whether `input` (absent = `null`) matches.
    pub fn matches(&self, input: Option<&Value>) -> bool {
        self.with_test(|test| test(input))
    }

    /// Calls `f` with this match compiled once, as a test of one input
    /// (absent = `null`).
    pub(crate) fn with_test<R>(&self, f: impl FnOnce(&dyn Fn(Option<&Value>) -> bool) -> R) -> R {
        match self {
            InputMatch::Object(want) => {
                let want = Val::from(want);
                let m = object_matcher(&want);
                f(&|input| m.accepts(Some(&Val::from(input.unwrap_or(&Value::Null)))))
            }
            InputMatch::Pattern(p) => f(&|input| pattern_matches(p, input)),
        }
    }

    /// For messages: the pattern's display, or the object's JSON.
    pub fn display(&self) -> String {
        match self {
            InputMatch::Pattern(p) => p.display(),
            InputMatch::Object(v) => v.to_string(),
        }
    }
}

fn any_string(v: &Value, f: &mut dyn FnMut(&str) -> bool) -> bool {
    match v {
        Value::String(s) => f(s),
        Value::Array(items) => items.iter().any(|i| any_string(i, f)),
        Value::Object(m) => m.values().any(|i| any_string(i, f)),
        _ => false,
    }
}

fn object_matcher<'e>(want: &'e Val<'e>) -> Matcher<'e> {
    // The policy compiles no patterns: compiling cannot fail.
    Matcher::compile(want, Policy::REEVAL_INPUT, "input").unwrap_or_else(|_| Matcher::any(Policy::REEVAL_INPUT))
}

fn pattern_matches(p: &TextOrRegex, input: Option<&Value>) -> bool {
    let input = input.unwrap_or(&Value::Null);
    any_string(input, &mut |s| p.matches_sub(s)) || (!input.is_string() && p.matches_sub(&input.to_string()))
}
