//! reeval's workspace, exec and judge checks: `toHaveChanged` (over the
//! caller's diff), `toHaveFile` (over a file's content the caller read),
//! `toSucceed` (over `{ exitCode, stdout, stderr }`) and `toPass` (over a
//! judge verdict), with the seed's messages and the 16 KB cap on any
//! failure text (its start and its end kept).

use super::globs::{gitignored, PathPattern};
use super::matchers::{quote, MatchResult, Subject};
use super::paths::relative_path;
use super::query::TextOrRegex;
use crate::error::{MatcherError, Result};
use crate::js::number::to_string as js_num;
use serde_json::Value;

/// The cap on a failure text, in bytes.
pub(crate) const MESSAGE_CAP: usize = 16 * 1024;

/// Caps `text` at [`MESSAGE_CAP`] bytes, keeping its start and its end
/// around a `\n…\n` marker (cut at character boundaries).
pub(crate) fn cap_message(text: String) -> String {
    if text.len() <= MESSAGE_CAP {
        return text;
    }
    let marker = "\n…\n";
    let half = (MESSAGE_CAP - marker.len()) / 2;
    let mut head = half;
    while !text.is_char_boundary(head) {
        head -= 1;
    }
    let mut tail = text.len() - half;
    while !text.is_char_boundary(tail) {
        tail += 1;
    }
    format!("{}{marker}{}", &text[..head], &text[tail..])
}

/// The tail of a stream: its last 20 lines, then at most its last 2,000 characters.
pub(crate) fn tail(text: &str) -> String {
    let text = text.trim_end_matches(['\n', '\r']);
    let lines: Vec<&str> = text.split('\n').collect();
    let start = lines.len().saturating_sub(20);
    let last = lines[start..].join("\n");
    let n = last.chars().count();
    if n <= 2000 {
        last
    } else {
        last.chars().skip(n - 2000).collect()
    }
}

/// `toHaveChanged(paths?)`: a changed file (in `subject.diff.files`, minus
/// those `ignore` rules exclude) matches one of `patterns` (globs or
/// regexes; none: any change). Each file's path is made workspace-relative
/// first (`\` to `/`, a leading `./` dropped, and an absolute path under
/// `workspace` loses that prefix, as the globs do), and messages show it so.
/// Messages list the files seen with their status:
/// `expected no changes to test/**, got ["test/greet.test.js" (modified)]`,
/// `expected changes to src/greet.ts, got none`.
pub fn to_have_changed(
    s: &Subject,
    patterns: &[PathPattern],
    ignore: &[String],
    workspace: Option<&str>,
) -> MatchResult {
    let files: Vec<(String, &str)> = s
        .diff
        .iter()
        .flat_map(|d| &d.files)
        .map(|f| (relative_path(&f.path, workspace), f.status.as_str()))
        .filter(|(p, _)| !gitignored(p, ignore))
        .collect();
    let hit = |p: &str| patterns.is_empty() || patterns.iter().any(|g| g.matches(p));
    let matched = files.iter().any(|(p, _)| hit(p));
    // Positive: every change seen; negated: the matching ones.
    let got = |only_hits: bool| {
        let shown: Vec<String> = files
            .iter()
            .filter(|(p, _)| !only_hits || hit(p))
            .map(|(p, status)| format!("{} ({status})", quote(p)))
            .collect();
        if shown.is_empty() {
            "none".to_string()
        } else {
            format!("[{}]", shown.join(", "))
        }
    };
    let to = if patterns.is_empty() {
        String::new()
    } else {
        format!(
            " to {}",
            patterns.iter().map(PathPattern::display).collect::<Vec<_>>().join(", ")
        )
    };
    MatchResult::both(
        matched,
        cap_message(format!("expected changes{to}, got {}", got(false))),
        !matched,
        cap_message(format!("expected no changes{to}, got {}", got(true))),
    )
}

/// `toHaveFile(path, pattern?)`: the file exists (`content` is `Some`) and,
/// with a pattern, includes the text or matches the regex.
/// Messages: `expected file greet.js to exist`, `expected greet.js to match
/// /welcome/\n--- greet.js ---\n<content>` (`to contain "<text>"` for a text).
pub fn to_have_file(path: &str, pattern: Option<&TextOrRegex>, content: Option<&str>) -> MatchResult {
    let (Some(content), Some(p)) = (content, pattern) else {
        let exists = content.is_some();
        return MatchResult::both(
            exists,
            format!("expected file {path} to exist"),
            !exists,
            format!("expected file {path} not to exist"),
        );
    };
    let verb = match p {
        TextOrRegex::Text(t) => format!("contain {}", quote(t)),
        other => format!("match {}", other.display()),
    };
    let found = p.matches_sub(content);
    let message = |not: &str| cap_message(format!("expected {path} {not}to {verb}\n--- {path} ---\n{content}"));
    MatchResult::both(found, message(""), !found, message("not "))
}

/// `toSucceed()`: `exit_code` is 0. The message shows the tail of each
/// non-empty stream, stderr first:
/// `expected command to succeed, exit code 1\n--- stderr ---\n…\n--- stdout ---\n…`
/// (negated: `expected command to fail, exit code 0`).
pub fn to_succeed(exit_code: i32, stdout: &str, stderr: &str) -> MatchResult {
    to_succeed_number(f64::from(exit_code), stdout, stderr)
}

/// [`to_succeed`] over the exit code as JavaScript hands it (`c.exec()`'s
/// `exitCode`, read by [`exec_from_value`]): any number, a fraction or `NaN`
/// included (not 0, so not a success), printed as JavaScript prints it
/// (`exit code NaN`).
pub fn to_succeed_number(exit_code: f64, stdout: &str, stderr: &str) -> MatchResult {
    let mut streams = String::new();
    for (name, text) in [("stderr", stderr), ("stdout", stdout)] {
        if !text.trim().is_empty() {
            streams.push_str(&format!("\n--- {name} ---\n{}", tail(text)));
        }
    }
    let message = |verb: &str| {
        cap_message(format!(
            "expected command to {verb}, exit code {}{streams}",
            js_num(exit_code)
        ))
    };
    let ok = exit_code == 0.0;
    MatchResult::both(ok, message("succeed"), !ok, message("fail"))
}

/// Reads what `c.exec()` returns: `{ exitCode: number, stdout?, stderr? }`.
/// Errors: `INVALID_ARGUMENT` at `actual`: `toSucceed() expects run.exec(...)`.
pub fn exec_from_value(v: &Value) -> Result<(f64, String, String)> {
    let code = v.get("exitCode").and_then(Value::as_f64);
    let text = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    match code {
        Some(c) => Ok((c, text("stdout"), text("stderr"))),
        None => Err(MatcherError::invalid_argument(
            "actual",
            "toSucceed() expects run.exec(...)",
        )),
    }
}

/// `toPass()` over a judge verdict `{ score, threshold, question?, model?,
/// pass? | verdict?: "pass"|"fail", error? }`. Passes when the verdict is
/// `pass` (or, when neither is given, `score >= threshold`). A verdict
/// with `error` fails both ways: `judge failed for "<q>" (<model>): <error>`.
/// Otherwise: `judge score 0.95 is below 0.99 for "<q>" (<model>)`, and
/// negated `expected judge to fail: score 0.95 ≥ 0.9`.
/// Errors: `INVALID_ARGUMENT` at `actual`: `toPass() expects a c.judge() verdict`.
pub fn to_pass(v: &Value) -> Result<MatchResult> {
    let bad = || MatcherError::invalid_argument("actual", "toPass() expects a c.judge() verdict");
    let q = v.get("question").and_then(Value::as_str).unwrap_or("");
    let model = v.get("model").and_then(Value::as_str).unwrap_or("");
    if let Some(e) = v.get("error").filter(|e| !e.is_null()) {
        let e = e.as_str().map(str::to_string).unwrap_or_else(|| e.to_string());
        let message = cap_message(format!("judge failed for {} ({model}): {e}", quote(q)));
        return Ok(MatchResult::both(false, message.clone(), false, message));
    }
    let score = v.get("score").and_then(Value::as_f64).ok_or_else(bad)?;
    let threshold = v.get("threshold").and_then(Value::as_f64).ok_or_else(bad)?;
    let passed = match (
        v.get("pass").and_then(Value::as_bool),
        v.get("verdict").and_then(Value::as_str),
    ) {
        (Some(p), _) => p,
        (None, Some(verdict)) => verdict == "pass",
        (None, None) => score >= threshold,
    };
    let message = format!(
        "judge score {} is below {} for {} ({model})",
        js_num(score),
        js_num(threshold),
        quote(q)
    );
    let not_message = format!(
        "expected judge to fail: score {} ≥ {}",
        js_num(score),
        js_num(threshold)
    );
    Ok(MatchResult::both(
        passed,
        cap_message(message),
        !passed,
        cap_message(not_message),
    ))
}
