//! Snapshot comparison: `matchSnapshot(received, stored, sanitizers)`.
//!
//! `@gleanwork/mcp-server-tester@1.1.0` snapshots a response with
//! `toMatchToolSnapshot(name, sanitizers)`: it takes the response's
//! `extractText`, applies the sanitizers, and hands the text to Playwright's
//! `toMatchSnapshot`, which stores it in a file and compares texts exactly.
//! Here the comparison is a plain function and storage is the caller's:
//! the caller passes the stored text (or nothing, when there is none yet)
//! and gets back the text to store, whether it matched, and a unified diff
//! (`--- expected` / `+++ actual`, three lines of context, as `diff -u`).
//! The Node helper `mcp-matchers/snapshots-node` keeps the texts in
//! `__snapshots__/` files.

use super::sanitize::CompiledSanitizers;
use crate::error::Result;
use imara_diff::{Algorithm, Diff, InternedInput, Interner, Token, UnifiedDiffConfig, UnifiedDiffPrinter};
use serde::Serialize;
use std::fmt;

/// What `matchSnapshot` returns: `{ pass, actual, expected, diff }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SnapshotResult {
    /// `actual` equals `expected` exactly (no stored text: `false`).
    pub pass: bool,
    /// The response's text after the sanitizers: what a snapshot stores.
    pub actual: String,
    /// The stored text, `None` (`null`) when there is none.
    pub expected: Option<String>,
    /// A unified diff from `expected` to `actual`; `""` when they are equal.
    /// With no stored text every line shows as added.
    pub diff: String,
}

/// Compares the sanitized `text` of a response with a `stored` snapshot.
///
/// Errors: those of [`CompiledSanitizers::apply`].
pub(crate) fn match_snapshot(
    text: &str,
    stored: Option<&str>,
    sanitizers: &CompiledSanitizers,
) -> Result<SnapshotResult> {
    Ok(compare(sanitizers.apply(text)?, stored))
}

/// Compares `actual` (a text already sanitized) with a `stored` snapshot.
pub(crate) fn compare(actual: String, stored: Option<&str>) -> SnapshotResult {
    let pass = stored == Some(actual.as_str());
    let diff = if pass {
        String::new()
    } else {
        unified_diff(stored.unwrap_or(""), &actual)
    };
    SnapshotResult {
        pass,
        actual,
        expected: stored.map(str::to_string),
        diff,
    }
}

/// A unified diff of two texts by lines (histogram algorithm, git's slider
/// heuristics), in GNU `diff -u` form with the headers `--- expected` /
/// `+++ actual`: hunk ranges `-start,len` (`,len` left out for one line, a
/// start of the line before for none), a last line without a newline
/// followed by `\ No newline at end of file`, so that a change in the final
/// newline alone shows.
pub(crate) fn unified_diff(expected: &str, actual: &str) -> String {
    let input = InternedInput::new(expected, actual);
    let mut diff = Diff::compute(Algorithm::Histogram, &input);
    diff.postprocess_lines(&input);
    let body = diff
        .unified_diff(&GnuPrinter(&input.interner), UnifiedDiffConfig::default(), &input)
        .to_string();
    format!("--- expected\n+++ actual\n{body}")
}

/// Prints hunks as GNU `diff -u` does.
struct GnuPrinter<'a>(&'a Interner<&'a str>);

impl GnuPrinter<'_> {
    fn line(&self, mut f: impl fmt::Write, sign: char, token: Token) -> fmt::Result {
        let text = self.0[token];
        write!(f, "{sign}{text}")?;
        // Only the last line of a text can lack its newline.
        if !text.ends_with('\n') {
            f.write_str("\n\\ No newline at end of file\n")?;
        }
        Ok(())
    }
}

fn range(start: u32, len: u32) -> String {
    match len {
        0 => format!("{start},0"),
        1 => format!("{}", start + 1),
        n => format!("{},{n}", start + 1),
    }
}

impl UnifiedDiffPrinter for GnuPrinter<'_> {
    fn display_header(&self, mut f: impl fmt::Write, sb: u32, sa: u32, lb: u32, la: u32) -> fmt::Result {
        writeln!(f, "@@ -{} +{} @@", range(sb, lb), range(sa, la))
    }

    fn display_context_token(&self, f: impl fmt::Write, token: Token) -> fmt::Result {
        self.line(f, ' ', token)
    }

    fn display_hunk(&self, mut f: impl fmt::Write, before: &[Token], after: &[Token]) -> fmt::Result {
        for &t in before {
            self.line(&mut f, '-', t)?;
        }
        for &t in after {
            self.line(&mut f, '+', t)?;
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "../../tests/unit/responses/snapshot.rs"]
mod tests;
