//! `validatePattern` of `@gleanwork/mcp-server-tester@1.1.0`
//! (`src/assertions/validators/pattern.ts`): every pattern must match the
//! response text somewhere.
//!
//! Patterns are JavaScript `RegExp`s (a string is `new RegExp(source)`),
//! read by the one JS front end, [`crate::js::regex::compile_lines`]: JS
//! syntax and flags on the `regex` crate's lazy DFA, so matching is linear
//! in time and no pattern can hang a test run (see [`crate::js::regex`] for
//! what is translated and what is refused). One choice of this matcher
//! only: `^` and `$` always match at line starts and ends (the seed's
//! "multiline matching"; `\n` and `\r` end lines), where a JS `RegExp`
//! without the `m` flag anchors the whole text.

use super::assertions::{text_details, CheckResult};
use crate::error::Result;
use crate::js::regex::{compile_lines, LineRegex};
use crate::reader::Reader;
use crate::value::Val;
use serde_json::json;

/// A pattern as the caller gave it: a string (JS `new RegExp(source)`), or
/// a JS `RegExp`'s `source` and `flags`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JsPattern {
    /// A pattern string; printed as `/source/` in messages.
    Source(String),
    /// A `RegExp`: `source` and `flags` (`d g i m s u y`; `v` is refused);
    /// printed as `/source/flags`.
    RegExp {
        /// `RegExp.prototype.source`.
        source: String,
        /// `RegExp.prototype.flags`.
        flags: String,
    },
}

impl JsPattern {
    /// The reference's `patternToString`.
    pub fn to_display(&self) -> String {
        match self {
            JsPattern::Source(s) => format!("/{s}/"),
            JsPattern::RegExp { source, flags } => format!("/{source}/{flags}"),
        }
    }
}

/// Patterns as the glue sends them: one string, or an array of strings and
/// `[source, flags]` pairs (a JS `RegExp`).
/// Errors: `INVALID_ARGUMENT` at the item for anything else.
pub(crate) fn read_patterns(r: &Reader<'_, '_>) -> Result<Vec<JsPattern>> {
    let one = |p: &Reader<'_, '_>| match p.value() {
        Some(Val::Str(s)) => Ok(JsPattern::Source(s.to_string())),
        Some(Val::Arr(pair)) => match (pair.first(), pair.get(1)) {
            (Some(Val::Str(source)), Some(Val::Str(flags))) => Ok(JsPattern::RegExp {
                source: source.to_string(),
                flags: flags.to_string(),
            }),
            _ => Err(p.bad("a string or a RegExp")),
        },
        _ => Err(p.bad("a string or a RegExp")),
    };
    match r.value() {
        Some(Val::Arr(_)) => r.items("an array of patterns", |p| one(&p)),
        _ => Ok(vec![one(r)?]),
    }
}

/// Patterns compiled once, ready to check any number of responses.
#[derive(Clone, Debug)]
pub struct CompiledPatterns {
    items: Vec<(LineRegex, String)>,
}

impl CompiledPatterns {
    /// Compiles `patterns` (`path[i]` names each in errors). With
    /// `case_sensitive == false` every pattern gets the `i` flag.
    ///
    /// Errors: `INVALID_ARGUMENT` at `path[i]` for a construct no linear-time
    /// engine has (look-ahead, look-behind, back-references, `\p{…}`),
    /// the `v` flag, an unknown flag, or a pattern that does not compile
    /// (the message names the construct).
    pub fn new(patterns: &[JsPattern], case_sensitive: bool, path: &str) -> Result<CompiledPatterns> {
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

/// Whether a `matchesPattern` string compiles as `validatePattern` runs it
/// (case-sensitive, no flags). Errors: `INVALID_ARGUMENT` at `path`.
pub(crate) fn check_pattern(source: &str, path: &str) -> Result<()> {
    compile(&JsPattern::Source(source.to_string()), true, path).map(|_| ())
}

fn compile(p: &JsPattern, case_sensitive: bool, path: &str) -> Result<LineRegex> {
    let (source, flags) = match p {
        JsPattern::Source(s) => (s.as_str(), ""),
        JsPattern::RegExp { source, flags } => (source.as_str(), flags.as_str()),
    };
    // Compiling costs more than matching a few KB: the last patterns are kept
    // (a test suite checks the same few patterns over and over). A regex is
    // an `Arc` inside, so the clone is cheap; at most 256 entries.
    type Key = (String, String, bool);
    thread_local! {
        static CACHE: std::cell::RefCell<std::collections::HashMap<Key, LineRegex>> =
            std::cell::RefCell::new(std::collections::HashMap::new());
    }
    let key = (source.to_string(), flags.to_string(), !case_sensitive);
    if let Some(hit) = CACHE.with(|c| c.borrow().get(&key).cloned()) {
        return Ok(hit);
    }
    let compiled = compile_lines(source, flags, !case_sensitive, &p.to_display(), path)?;
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= 256 {
            c.clear();
        }
        c.insert(key, compiled.clone());
    });
    Ok(compiled)
}

#[cfg(test)]
#[path = "../../tests/unit/responses/matches_pattern.rs"]
mod tests;
