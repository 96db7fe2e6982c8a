//! The checks `validateResponse`, `validateText`, `validateError` and
//! `validateSize` of `@gleanwork/mcp-server-tester@1.1.0` (`dist/index.js`,
//! `src/assertions/validators/*.ts`), with the reference's message texts.
//! `validatePattern` is in [`super::pattern`].
//!
//! Every check returns a [`CheckResult`]; only a malformed call (an argument
//! of the wrong type) is a [`MatcherError`].

use super::extract::{extract_text, is_error_response};
use crate::error::Result;
use crate::js::number::{to_fixed, to_string as js_number};
use crate::js::text::utf16_len;
use crate::reader::Reader;
use crate::value::eq::json_eq;
use crate::value::print::{json_number, stringify_pretty};
use crate::value::Val;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The result of every response check: `{ pass, message, details? }`, as
/// the reference's validators return it. `details` is absent where the
/// reference leaves it out (most passing results).
#[must_use]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CheckResult {
    /// Whether the check passed.
    pub pass: bool,
    /// The reference's message for the outcome.
    pub message: String,
    /// What the reference adds as `details` (the values compared, a preview).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<Value>,
}

impl CheckResult {
    pub(crate) fn pass(message: impl Into<String>) -> Self {
        CheckResult {
            pass: true,
            message: message.into(),
            details: None,
        }
    }

    pub(crate) fn fail(message: impl Into<String>, details: Option<Value>) -> Self {
        CheckResult {
            pass: false,
            message: message.into(),
            details,
        }
    }
}

/// The reference's `truncateForDisplay(str, max)`: the first `max` UTF-16
/// code units and `... (truncated)` when longer (a surrogate pair cut in
/// half is dropped whole, where JS would keep a lone surrogate).
pub(crate) fn truncate_for_display(s: &str, max: usize) -> String {
    if utf16_len(s) <= max {
        return s.to_string();
    }
    format!("{}... (truncated)", crate::js::text::slice_utf16(s, max))
}

/// The reference's `stringifyResponse`: `""` for `null`, a string as is,
/// anything else as `JSON.stringify(v, null, 2)`.
fn stringify_response(v: &Val<'_>) -> String {
    match v {
        Val::Null => String::new(),
        Val::Str(s) => s.to_string(),
        other => stringify_pretty(other),
    }
}

/// `validateResponse(actual, expected)`: deep JSON equality, object key order
/// ignored, numbers by value. On failure `details` holds both values as the
/// reference prints them (`JSON.stringify(v, null, 2)`, a string as is, cut
/// at 500 UTF-16 units).
pub(crate) fn validate_response(actual: &Val<'_>, expected: &Val<'_>) -> CheckResult {
    if json_eq(Some(actual), Some(expected)) {
        return CheckResult::pass("Response matches expected value");
    }
    CheckResult::fail(
        "Response does not match expected value",
        Some(json!({
            "actual": truncate_for_display(&stringify_response(actual), 500),
            "expected": truncate_for_display(&stringify_response(expected), 500),
        })),
    )
}

/// A text that `validateText` searches: the extracted text itself, or (in
/// the wasm binding) one that stays in JavaScript and is searched there.
pub(crate) trait Haystack {
    /// For each of `needles`, whether the text contains it (`includes`);
    /// not `case_sensitive`: whether `toLowerCase()` of the text contains
    /// `toLowerCase()` of the needle.
    fn contains_each(&self, needles: &[&str], case_sensitive: bool) -> Vec<bool>;
    /// The text's length in UTF-16 code units.
    fn utf16_len(&self) -> usize;
    /// [`truncate_for_display`] of the text at `max` UTF-16 code units.
    fn preview(&self, max: usize) -> String;
}

impl Haystack for str {
    fn contains_each(&self, needles: &[&str], case_sensitive: bool) -> Vec<bool> {
        if case_sensitive {
            return needles.iter().map(|n| self.contains(n)).collect();
        }
        // Rust's `to_lowercase` is the full Unicode mapping with the final
        // sigma rule, as `String.prototype.toLowerCase` (ECMA-262 §22.1.3.28).
        let lowered = self.to_lowercase();
        needles.iter().map(|n| lowered.contains(&n.to_lowercase())).collect()
    }

    fn utf16_len(&self) -> usize {
        utf16_len(self)
    }

    fn preview(&self, max: usize) -> String {
        truncate_for_display(self, max)
    }
}

/// `validateText(response, expected, { caseSensitive })` over the extracted
/// `text`: passes when every expected substring occurs (order-free); a
/// failure lists every missing one. Case-insensitive compares
/// `toLowerCase()` forms (full Unicode lowercase mapping).
pub(crate) fn validate_text<H: Haystack + ?Sized>(text: &H, expected: &[&str], case_sensitive: bool) -> CheckResult {
    let found = text.contains_each(expected, case_sensitive);
    let missing: Vec<&str> = expected
        .iter()
        .zip(found)
        .filter(|(_, found)| !found)
        .map(|(s, _)| *s)
        .collect();
    if missing.is_empty() {
        return CheckResult::pass(if expected.len() == 1 {
            "Response contains expected text".to_string()
        } else {
            format!("Response contains all {} expected substrings", expected.len())
        });
    }
    let message = if missing.len() == 1 {
        format!("Response does not contain expected text: \"{}\"", missing[0])
    } else {
        let list: Vec<String> = missing.iter().map(|s| format!("\"{s}\"")).collect();
        format!(
            "Response is missing {} expected substrings: {}",
            missing.len(),
            list.join(", ")
        )
    };
    CheckResult::fail(message, Some(text_details("missing", json!(missing), text)))
}

/// `{ <key>: value, textLength, textPreview }` (length in UTF-16 units, preview cut at 200).
pub(crate) fn text_details<H: Haystack + ?Sized>(key: &str, value: Value, text: &H) -> Value {
    let mut map = serde_json::Map::new();
    map.insert(key.to_string(), value);
    map.insert("textLength".into(), json!(text.utf16_len()));
    map.insert("textPreview".into(), json!(text.preview(200)));
    Value::Object(map)
}

/// What `validateError` expects: an error or not, or an error whose message
/// contains (case-insensitively) any of the substrings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorExpectation {
    /// `true`: the response must be an error; `false`: it must not.
    Is(bool),
    /// The response must be an error whose text contains at least one of
    /// these (`toLowerCase()` on both sides). Never empty.
    AnyOf(Vec<String>),
}

/// `validateError(response, expected)`. A response is an error when it has
/// `isError: true` (or a normalized response whose `raw` has it); its
/// message is its extracted text.
pub(crate) fn validate_error(response: &Val<'_>, expected: &ErrorExpectation) -> CheckResult {
    let is_error = is_error_response(response);
    let message = if is_error {
        extract_text(response)
    } else {
        String::new()
    };
    let preview = || Some(json!({ "textPreview": truncate_for_display(&extract_text(response), 200) }));
    let wanted = match expected {
        ErrorExpectation::Is(true) if is_error => return CheckResult::pass("Response is an error as expected"),
        ErrorExpectation::Is(true) => {
            return CheckResult::fail("Expected an error response but got success", preview())
        }
        ErrorExpectation::Is(false) if !is_error => return CheckResult::pass("Response is not an error as expected"),
        ErrorExpectation::Is(false) => {
            return CheckResult::fail(
                format!(
                    "Expected a success response but got error: \"{}\"",
                    truncate_for_display(&message, 200)
                ),
                Some(json!({ "errorMessage": message })),
            )
        }
        ErrorExpectation::AnyOf(wanted) => wanted,
    };
    let first = wanted.first().map_or("", String::as_str);
    if !is_error {
        return CheckResult::fail(
            format!("Expected an error containing \"{first}\" but got success"),
            preview(),
        );
    }
    let lowered = message.to_lowercase();
    if wanted.iter().any(|w| lowered.contains(&w.to_lowercase())) {
        return CheckResult::pass("Error message contains expected text");
    }
    let text = if wanted.len() == 1 {
        format!("Error message does not contain \"{first}\"")
    } else {
        let list: Vec<String> = wanted.iter().map(|s| format!("\"{s}\"")).collect();
        format!("Error message does not contain any of: {}", list.join(", "))
    };
    CheckResult::fail(
        text,
        Some(json!({ "actualErrorMessage": message, "expectedToContain": wanted })),
    )
}

/// Size bounds for `validateSize`, in bytes (UTF-8), inclusive. At least
/// one should be set: with neither, the check fails (as the reference's does).
///
/// The JS binding and an eval dataset's `responseSize` keep the reference's
/// JavaScript numbers (`@gleanwork/mcp-server-tester@1.1.0` `validateSize`
/// compares any number: `minBytes: 1.5` fails a 1-byte text with `below minimum
/// (1.5 bytes)`); a Rust caller gives whole bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SizeOptions {
    /// At least this many UTF-8 bytes of extracted text.
    pub min_bytes: Option<u64>,
    /// At most this many.
    pub max_bytes: Option<u64>,
}

impl From<&SizeOptions> for Limits<u64> {
    fn from(o: &SizeOptions) -> Self {
        Limits {
            min: o.min_bytes,
            max: o.max_bytes,
            exact: None,
        }
    }
}

/// One bound of `validateSize` / `validateToolCallCount`: a JavaScript number
/// (`f64`, finite: what the binding and an eval dataset read, compared as the
/// reference compares it) or a Rust integer (`u64`, compared exactly).
pub(crate) trait Bound: Copy {
    /// `actual < self`.
    fn above(self, actual: usize) -> bool;
    /// `actual > self`.
    fn below(self, actual: usize) -> bool;
    /// `actual !== self`.
    fn differs(self, actual: usize) -> bool;
    /// The value as a JavaScript number (for `formatBytes`).
    fn to_f64(self) -> f64;
    /// `${self}` in a message.
    fn text(self) -> String;
    /// The value in a `details` object.
    fn json(self) -> Value;
}

impl Bound for f64 {
    fn above(self, actual: usize) -> bool {
        (actual as f64) < self
    }
    fn below(self, actual: usize) -> bool {
        (actual as f64) > self
    }
    fn differs(self, actual: usize) -> bool {
        actual as f64 != self
    }
    fn to_f64(self) -> f64 {
        self
    }
    fn text(self) -> String {
        js_number(self)
    }
    fn json(self) -> Value {
        json_number(self)
    }
}

impl Bound for u64 {
    fn above(self, actual: usize) -> bool {
        (actual as u64) < self
    }
    fn below(self, actual: usize) -> bool {
        (actual as u64) > self
    }
    fn differs(self, actual: usize) -> bool {
        actual as u64 != self
    }
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn text(self) -> String {
        self.to_string()
    }
    fn json(self) -> Value {
        Value::from(self)
    }
}

/// The bounds of a size or count check (`exact` is the count's only; a size
/// check reads `min`/`max`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Limits<B> {
    /// `minBytes` / `min`.
    pub(crate) min: Option<B>,
    /// `maxBytes` / `max`.
    pub(crate) max: Option<B>,
    /// `exact`.
    pub(crate) exact: Option<B>,
}

/// The reference's `formatBytes`: `N bytes` below 1024, `N.N KB` below
/// 1024², else `N.N MB` (`toFixed(1)`).
pub(crate) fn format_bytes(bytes: f64) -> String {
    if bytes < 1024.0 {
        format!("{} bytes", js_number(bytes))
    } else if bytes < 1024.0 * 1024.0 {
        format!("{} KB", to_fixed(bytes / 1024.0, 1))
    } else {
        format!("{} MB", to_fixed(bytes / (1024.0 * 1024.0), 1))
    }
}

/// `getResponseSizeBytes(response)` of `@gleanwork/mcp-server-tester@1.1.0`
/// (`src/assertions/validators/utils.ts`): `null` and `undefined` are 0, a
/// string its UTF-8 length, anything else the UTF-8 length of
/// `JSON.stringify(response, null, 2)`. (`validateSize` here measures the
/// extracted text instead: the README's compatibility table.)
pub(crate) fn json_size_bytes(response: &Val<'_>) -> usize {
    match response {
        Val::Null | Val::Undefined => 0,
        Val::Str(s) => s.len(),
        other => pretty_json_bytes(other),
    }
}

/// The UTF-8 length of `JSON.stringify(v, null, 2)` (a string with its quotes).
pub(crate) fn pretty_json_bytes(v: &Val<'_>) -> usize {
    stringify_pretty(v).len()
}

/// `validateSize(response, { minBytes, maxBytes })` with `size` the UTF-8
/// byte length of the extracted text (`limits.exact` is not read).
pub(crate) fn validate_size<B: Bound>(size: usize, limits: Limits<B>) -> CheckResult {
    let Limits {
        min: min_bytes,
        max: max_bytes,
        ..
    } = limits;
    if min_bytes.is_none() && max_bytes.is_none() {
        return CheckResult::fail("Size validation requires at least one of maxBytes or minBytes", None);
    }
    let actual = size as f64;
    let mut issues = Vec::new();
    if let Some(min) = min_bytes.filter(|min| min.above(size)) {
        issues.push(format!(
            "Response size ({}) is below minimum ({})",
            format_bytes(actual),
            format_bytes(min.to_f64())
        ));
    }
    if let Some(max) = max_bytes.filter(|max| max.below(size)) {
        issues.push(format!(
            "Response size ({}) exceeds maximum ({})",
            format_bytes(actual),
            format_bytes(max.to_f64())
        ));
    }
    if issues.is_empty() {
        return CheckResult {
            pass: true,
            message: format!("Response size ({}) is within bounds", format_bytes(actual)),
            details: Some(json!({ "actualBytes": size })),
        };
    }
    let mut details = serde_json::Map::new();
    details.insert("actualBytes".into(), json!(size));
    if let Some(min) = min_bytes {
        details.insert("minBytes".into(), min.json());
    }
    if let Some(max) = max_bytes {
        details.insert("maxBytes".into(), max.json());
    }
    CheckResult::fail(issues.join("; "), Some(Value::Object(details)))
}

// ---- reading the checks' arguments ----

/// One string or an array of strings (`validateText`'s `expected`).
pub(crate) fn read_strings<'v>(r: &Reader<'_, 'v>) -> Result<Vec<&'v str>> {
    match r.value() {
        Some(Val::Str(s)) => Ok(vec![s]),
        Some(Val::Arr(_)) => r.items("an array of strings", |item| item.str()),
        _ => Err(r.bad("a string or an array of strings")),
    }
}

/// `options.caseSensitive` (default `true`); `options` may be `null`.
/// Errors: `INVALID_ARGUMENT` when `options` is not an object,
/// `INVALID_OPTION` when `caseSensitive` is set and not a boolean.
pub(crate) fn read_case_sensitive(options: &Reader<'_, '_>) -> Result<bool> {
    options.opt_object("an object")?;
    Ok(options.options().field("caseSensitive").opt_bool()?.unwrap_or(true))
}

/// `validateError`'s `expected`: a boolean (default `true` when `null`), a
/// string, or a non-empty array of strings.
pub(crate) fn read_error_expectation(r: &Reader<'_, '_>) -> Result<ErrorExpectation> {
    match r.given() {
        None => Ok(ErrorExpectation::Is(true)),
        Some(Val::Bool(b)) => Ok(ErrorExpectation::Is(*b)),
        Some(Val::Arr(items)) if items.is_empty() => {
            Err(r.error(format!("{} must list at least one substring", r.path())))
        }
        Some(Val::Str(_) | Val::Arr(_)) => Ok(ErrorExpectation::AnyOf(
            read_strings(r)?.into_iter().map(str::to_string).collect(),
        )),
        Some(_) => Err(r.bad("a boolean, a string or an array of strings")),
    }
}

/// `validateSize`'s options as JavaScript hands them over: an object with
/// optional finite-number `minBytes` / `maxBytes` (any finite number, as the
/// reference compares it: `1.5` and `-1` included).
pub(crate) fn read_size_options(r: &Reader<'_, '_>) -> Result<Limits<f64>> {
    r.object("an object { minBytes?, maxBytes? }")?;
    // `null` is a value here (the reference compares with it), and refused.
    let bound = |key: &str| {
        let b = r.field(key);
        match b.value() {
            Some(Val::Null) => Err(b.bad("a finite number of bytes")),
            _ => b.opt_number("a finite number of bytes"),
        }
    };
    Ok(Limits {
        min: bound("minBytes")?,
        max: bound("maxBytes")?,
        exact: None,
    })
}

#[cfg(test)]
#[path = "../../tests/unit/responses/assertions.rs"]
mod tests;
