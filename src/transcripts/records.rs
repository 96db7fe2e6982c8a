//! Labels and check records, as reeval's "Labels" section describes them:
//! an optional label prefixes a failure (`house greeting: expected …`); a
//! default label is the matcher (with `not.` when negated) and its first
//! argument, cut at 60 characters (`toHaveFile greet.js`, `not.toBe 3`,
//! `toSucceed `); the same label again in one attempt gets ` #2`, ` #3`, …;
//! every check is recorded `{ label, matcher, status, soft, message? }`, and
//! a failed soft check fails the attempt at its end.

use super::matchers::MatchResult;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

/// The longest default label, in characters.
pub const LABEL_MAX: usize = 60;

/// How a check ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CheckStatus {
    /// The check held.
    Pass,
    /// The check failed.
    Fail,
    /// The matcher threw (a malformed call or a `HarnessCapabilityError`).
    Error,
}

/// One recorded check (`evals[].attempts[].assertions[]` in reeval).
#[must_use]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckRecord {
    /// The label it is recorded under (unique within the attempt).
    pub label: String,
    /// The matcher, `not.` in front when negated.
    pub matcher: String,
    /// How it ended.
    pub status: CheckStatus,
    /// Whether it was `expect.soft`.
    pub soft: bool,
    /// The failure or error text (with a given label in front); absent on a pass.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// The checks of one attempt, in order.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    records: Vec<CheckRecord>,
    seen: FxHashMap<String, u32>,
}

impl Recorder {
    /// An empty recorder for one attempt.
    pub fn new() -> Recorder {
        Recorder::default()
    }

    /// The label a check is recorded under, as reeval's "Labels" section
    /// gives it: `given`, or `<matcher> <first_arg>` cut at [`LABEL_MAX`]
    /// characters (Unicode scalar values); ` #n` on the n-th use of one label
    /// in the attempt. `matcher` is the name as written after `expect(…)`,
    /// `not.` in front for a negated check (`not.toBe`).
    ///
    /// ```
    /// use mcp_matchers::transcripts::Recorder;
    /// let mut rec = Recorder::new();
    /// assert_eq!(rec.label(None, "not.toBe", "3"), "not.toBe 3");
    /// assert_eq!(rec.label(None, "not.toBe", "3"), "not.toBe 3 #2");
    /// ```
    pub fn label(&mut self, given: Option<&str>, matcher: &str, first_arg: &str) -> String {
        let base = match given {
            Some(l) => l.to_string(),
            None => format!("{matcher} {first_arg}").chars().take(LABEL_MAX).collect(),
        };
        let n = self.seen.entry(base.clone()).or_insert(0);
        *n += 1;
        if *n == 1 {
            base
        } else {
            format!("{base} #{n}")
        }
    }

    /// Records a check's outcome: `Ok(result)` (pass or fail) or `Err(text)`
    /// (it threw), under [`Recorder::label`]`(given, matcher, first_arg)`;
    /// `matcher` (`not.` in front when negated) is the record's `matcher`.
    /// A given label prefixes the message. Returns the record.
    pub fn record(
        &mut self,
        given: Option<&str>,
        matcher: &str,
        first_arg: &str,
        soft: bool,
        outcome: std::result::Result<&MatchResult, &str>,
    ) -> &CheckRecord {
        let label = self.label(given, matcher, first_arg);
        let prefix = |m: &str| match given {
            Some(l) => format!("{l}: {m}"),
            None => m.to_string(),
        };
        let (status, message) = match outcome {
            Ok(r) if r.pass => (CheckStatus::Pass, None),
            Ok(r) => (CheckStatus::Fail, Some(prefix(&r.message))),
            Err(e) => (CheckStatus::Error, Some(prefix(e))),
        };
        let at = self.records.len();
        self.records.push(CheckRecord {
            label,
            matcher: matcher.to_string(),
            status,
            soft,
            message,
        });
        &self.records[at]
    }

    /// Every record so far.
    pub fn records(&self) -> &[CheckRecord] {
        &self.records
    }

    /// Whether the attempt passes at its end: no check failed or erred
    /// (soft ones included: they only wait for the end).
    pub fn attempt_passed(&self) -> bool {
        self.records.iter().all(|r| r.status == CheckStatus::Pass)
    }
}
