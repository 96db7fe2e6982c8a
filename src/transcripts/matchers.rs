//! reeval's transcript matchers (`toHaveCalledSkill`, `toHaveCalledMcp`,
//! `toHaveCalledTool`, `toHaveRun`, `toHaveEdited`, `toHaveSearched`,
//! `toHaveFetched`) and three from peers (`toHaveCalledInOrder`,
//! `toHaveCalledTimes`, trajectory F1), as pure functions over a
//! [`Subject`]: a turn, or a run (every turn so far).
//!
//! Each returns the positive assertion's [`MatchResult`]; its
//! [`MatchResult::not`] is the negated one (Vitest's `.not`), with the
//! seed's text for that direction. `pass` says whether the assertion holds;
//! `message` is its failure text in the seed's forms (`expected tool calls
//! matching mcp__stamp__other, got ["mcp__stamp__house_stamp"]`, negated
//! `expected no web fetches matching example.com, got
//! ["https://example.com/"]`, `got none`).

use super::events::{Diff, Event, EventType, Run, Turn};
use super::paths::split_mcp;
use super::query::{InputMatch, TextOrRegex};
use crate::js::number::to_string as js_num;
use crate::matching::sequence::{f1, first_from, in_order, overlap, ratio, Miss};
use crate::value::eq::{ends_with, text_eq, TextKey};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// A matcher's verdict. `pass` is the outcome of the assertion as asked;
/// `message` explains the failure in that direction. A matcher returns the
/// positive assertion; [`MatchResult::not`] turns it into the negated one
/// (reeval's `expect(turn).not.toHaveRun(…)`), with the negated text the
/// matcher prepared (`expected no shell commands matching …, got [the
/// matching ones]`).
///
/// Serialises to `{ pass, message }`, plus `not: { pass, message }` (the
/// other direction) when the matcher prepared it, so a deserialised verdict
/// negates as the original.
///
/// ```
/// use mcp_matchers::transcripts::{to_have_called_tool, Subject, TextOrRegex};
/// let r = to_have_called_tool(&Subject::default(), &TextOrRegex::text("Bash"), None);
/// assert_eq!((r.pass, r.message.as_str()), (false, "expected tool calls matching Bash, got none"));
/// let not = r.clone().not();
/// assert_eq!((not.pass, not.message.as_str()), (true, "expected no tool calls matching Bash, got none"));
/// assert_eq!(not.not(), r);
/// ```
#[must_use]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchResult {
    /// Whether the assertion, as asked, holds.
    pub pass: bool,
    /// The failure text in that direction.
    pub message: String,
    /// The other direction's verdict, what [`MatchResult::not`] gives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    not: Option<Box<Opposite>>,
}

/// The verdict of the other direction of an assertion.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Opposite {
    pass: bool,
    message: String,
}

impl MatchResult {
    /// A verdict with no prepared negation: its [`MatchResult::not`] is
    /// `!pass` with the same message.
    pub fn new(pass: bool, message: impl Into<String>) -> MatchResult {
        MatchResult {
            pass,
            message: message.into(),
            not: None,
        }
    }

    /// A verdict and its negation (`not_pass`, `not_message`).
    pub(crate) fn both(pass: bool, message: String, not_pass: bool, not_message: String) -> MatchResult {
        MatchResult {
            pass,
            message,
            not: Some(Box::new(Opposite {
                pass: not_pass,
                message: not_message,
            })),
        }
    }

    /// The negated assertion (Vitest's `.not`): the verdict and text the
    /// matcher prepared for that direction (`expected no …`), else `!pass`
    /// with the same message. Negating twice gives the verdict back. A
    /// failure that fails both ways (`toPass` over a judge that erred) stays
    /// failed.
    // Inherent as well as `std::ops::Not` (below), so that `.not()` needs no import.
    #[allow(clippy::should_implement_trait)]
    pub fn not(self) -> MatchResult {
        match self.not {
            Some(o) => MatchResult::both(o.pass, o.message, self.pass, self.message),
            None => MatchResult::new(!self.pass, self.message),
        }
    }

    /// `self`, or [`MatchResult::not`] of it when `negated`, without the
    /// prepared other direction: the `{ pass, message }` the JS package returns.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub(crate) fn settled(self, negated: bool) -> MatchResult {
        let r = if negated { self.not() } else { self };
        MatchResult::new(r.pass, r.message)
    }
}

/// What the transcript matchers read: a turn's (or a run's) events, the
/// event types its harness left unreported, and its workspace diff.
///
/// The events are borrowed where they can be (`Subject::from(&turn)` copies
/// nothing; a run's events lie in several turns, so `Subject::from(&run)`
/// copies them once, and one such subject can serve any number of matchers).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Subject<'a> {
    /// The events, in order.
    pub events: Cow<'a, [Event]>,
    /// Event types the harness left unreported (`web-search`, `web-fetch`).
    pub unreported: Vec<String>,
    /// The workspace diff, when recorded.
    pub diff: Option<Diff>,
}

impl<'a> From<&'a Turn> for Subject<'a> {
    fn from(t: &'a Turn) -> Subject<'a> {
        Subject {
            events: Cow::Borrowed(&t.events),
            unreported: t.unreported.clone(),
            diff: t.diff.clone(),
        }
    }
}

impl From<&Run> for Subject<'static> {
    /// Every event; a type unreported in any turn; the latest turn's diff.
    fn from(r: &Run) -> Subject<'static> {
        Subject::over_turns(
            Cow::Owned(r.iter_events().cloned().collect()),
            r.turns.iter().map(|t| (&t.unreported, t.diff.as_ref())),
        )
    }
}

impl<'a> Subject<'a> {
    /// The subject of a run whose `events` are every turn's, in turn order,
    /// given each turn's `(unreported, diff)`: a type unreported in any
    /// turn, and the latest turn's diff.
    pub(crate) fn over_turns<'t>(
        events: Cow<'a, [Event]>,
        turns: impl DoubleEndedIterator<Item = (&'t Vec<String>, Option<&'t Diff>)> + Clone,
    ) -> Subject<'a> {
        Subject {
            events,
            unreported: union(turns.clone().map(|(u, _)| u)),
            diff: turns.rev().find_map(|(_, d)| d.cloned()),
        }
    }
}

/// Every name in the lists, once, in first-seen order (a set: linear in
/// the names, however many turns and distinct names a run read back has).
fn union<'a>(lists: impl Iterator<Item = &'a Vec<String>>) -> Vec<String> {
    let mut seen: rustc_hash::FxHashSet<&str> = rustc_hash::FxHashSet::default();
    lists.flatten().filter(|u| seen.insert(u.as_str())).cloned().collect()
}

/// Why a matcher cannot check a turn: its harness does not report `kind`
/// (`web-search` or `web-fetch`). Thrown negated or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HarnessCapabilityError {
    /// The matcher that could not check (`toHaveSearched`).
    pub matcher: &'static str,
    /// The unreported event type (`web-search`).
    pub kind: &'static str,
    /// The seed's message.
    pub message: String,
}

impl std::fmt::Display for HarnessCapabilityError {
    /// The seed's message.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for HarnessCapabilityError {}

impl From<HarnessCapabilityError> for crate::error::MatcherError {
    /// Code `HARNESS_CAPABILITY` at `actual` (the subject) with the seed's
    /// message: what the JS package throws.
    fn from(e: HarnessCapabilityError) -> Self {
        crate::error::MatcherError::new(crate::error::ErrorCode::HarnessCapability, "actual", e.message)
    }
}

/// `["a", "b"]` (JSON-quoted, duplicates once, at most 20) or `none`.
pub(crate) fn got_list<S: AsRef<str>>(items: &[S]) -> String {
    // Each distinct item once, in first-seen order (a set, so that a run of
    // many distinct items costs linear time); the first 20 are listed.
    // An item equal to the one before it is skipped before hashing: runs
    // repeat themselves (the same file edited, the same command run, turn
    // after turn), and a comparison costs less than a hash and a probe.
    let mut distinct: rustc_hash::FxHashSet<TextKey<'_>> = rustc_hash::FxHashSet::default();
    let mut parts: Vec<String> = Vec::new();
    let mut last: Option<&str> = None;
    for i in items {
        let i = i.as_ref();
        if last.is_some_and(|l| text_eq(l, i)) {
            continue;
        }
        last = Some(i);
        if distinct.insert(TextKey(i)) && parts.len() < 20 {
            parts.push(quote(i));
        }
    }
    if distinct.is_empty() {
        return "none".into();
    }
    if distinct.len() > 20 {
        parts.push(format!("… ({} more)", distinct.len() - 20));
    }
    format!("[{}]", parts.join(", "))
}

pub(crate) fn quote(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

/// The shared verdict: `what` is the plural noun (`tool calls`), `pattern`
/// the display of what was asked for; `seen` everything of that kind,
/// `hits` what matched (listed when negated).
fn verdict<S: AsRef<str>, H: AsRef<str>>(what: &str, pattern: Option<String>, seen: &[S], hits: &[H]) -> MatchResult {
    let matched = !hits.is_empty();
    let m = pattern.map(|p| format!(" matching {p}")).unwrap_or_default();
    MatchResult::both(
        matched,
        format!("expected {what}{m}, got {}", got_list(seen)),
        !matched,
        format!("expected no {what}{m}, got {}", got_list(hits)),
    )
}

fn tools<'s>(s: &'s Subject<'_>) -> impl Iterator<Item = &'s Event> {
    s.events.iter().filter(|e| e.kind == EventType::Tool)
}

fn name(e: &Event) -> &str {
    e.name.as_deref().unwrap_or_default()
}

/// Calls `f` with a test of a tool input: `input` compiled once, or anything.
fn input_test<R>(input: Option<&InputMatch>, f: impl FnOnce(&dyn Fn(Option<&serde_json::Value>) -> bool) -> R) -> R {
    match input {
        Some(i) => i.with_test(f),
        None => f(&|_| true),
    }
}

fn with_input(p: String, input: Option<&InputMatch>) -> String {
    match input {
        Some(i) => format!("{p} with input {}", i.display()),
        None => p,
    }
}

/// `toHaveCalledTool(name, input?)`: a `tool` event whose name equals the
/// text (or matches the regex) and whose input matches.
pub fn to_have_called_tool(s: &Subject<'_>, name_p: &TextOrRegex, input: Option<&InputMatch>) -> MatchResult {
    let seen: Vec<&str> = tools(s).map(name).collect();
    let hits: Vec<&str> = input_test(input, |accepts| {
        tools(s)
            .filter(|e| name_p.matches_exact(name(e)) && accepts(e.input.as_ref()))
            .map(name)
            .collect()
    });
    verdict("tool calls", Some(with_input(name_p.display(), input)), &seen, &hits)
}

/// `toHaveCalledMcp(server, tool, input?)`: a `tool` event named
/// `mcp__<server>__<tool>`; messages name calls `server/tool`.
pub fn to_have_called_mcp(s: &Subject<'_>, server: &str, tool: &str, input: Option<&InputMatch>) -> MatchResult {
    let want = super::paths::mcp_name(server, tool);
    let label = |e: &Event| split_mcp(e.name.as_deref().unwrap_or("")).map(|(a, b)| format!("{a}/{b}"));
    let seen: Vec<String> = tools(s).filter_map(label).collect();
    let hits: Vec<String> = input_test(input, |accepts| {
        tools(s)
            .filter(|e| e.name.as_deref() == Some(want.as_str()) && accepts(e.input.as_ref()))
            .filter_map(label)
            .collect()
    });
    verdict(
        "MCP calls",
        Some(with_input(format!("{server}/{tool}"), input)),
        &seen,
        &hits,
    )
}

/// The skill an event loads: `skill`/`Skill`/`load_skill` with `input.id`,
/// `input.name` or `input.skill`, or a tool whose target has `skills/<name>/`.
fn skill_of(e: &Event) -> Option<String> {
    if matches!(e.name.as_deref(), Some("skill" | "Skill" | "load_skill")) {
        let input = e.input.as_ref();
        let named = ["id", "name", "skill"]
            .iter()
            .find_map(|k| input?.get(*k)?.as_str().map(str::to_string));
        if named.is_some() {
            return named;
        }
    }
    let target = e.target.as_deref()?;
    let at = target.find("skills/")?;
    let rest = &target[at + "skills/".len()..];
    let end = rest.find('/')?;
    Some(rest[..end].to_string())
}

/// `toHaveCalledSkill(name)`: a tool loaded that skill (see `skill_of`):
/// "opened or loaded", not "followed". Messages list `skill:<name>`.
pub fn to_have_called_skill(s: &Subject<'_>, skill: &str) -> MatchResult {
    let found: Vec<String> = tools(s).filter_map(skill_of).collect();
    let hits: Vec<String> = found
        .iter()
        .filter(|n| *n == skill)
        .map(|n| format!("skill:{n}"))
        .collect();
    let seen: Vec<String> = found.iter().map(|n| format!("skill:{n}")).collect();
    verdict("skill-like calls", Some(skill.to_string()), &seen, &hits)
}

/// `toHaveRun(command?)`: a `tool` event named `bash` or `shell` whose
/// `input.command` contains the text (or matches the regex).
pub fn to_have_run(s: &Subject<'_>, command: Option<&TextOrRegex>) -> MatchResult {
    let shell = || tools(s).filter(|e| matches!(e.name.as_deref(), Some("bash" | "shell" | "Bash" | "Shell")));
    let seen: Vec<&str> = shell().filter_map(|e| e.command()).collect();
    let hits: Vec<&str> = seen
        .iter()
        .filter(|c| command.is_none_or(|p| p.matches_sub(c)))
        .copied()
        .collect();
    verdict("shell commands", command.map(TextOrRegex::display), &seen, &hits)
}

/// The test of an edited path against `p`: a text is the path itself or its
/// end after a `/` (made relative once, not per event), a regex matches it.
fn path_test(p: &TextOrRegex) -> impl Fn(&str) -> bool + '_ {
    let want = match p {
        TextOrRegex::Text(t) => {
            let want = super::paths::relative_path(t, None);
            let tail = format!("/{want}");
            Some((want, tail))
        }
        _ => None,
    };
    move |path: &str| match &want {
        Some((want, tail)) => text_eq(path, want) || ends_with(path.as_bytes(), tail.as_bytes()),
        None => p.matches_sub(path),
    }
}

/// `toHaveEdited(path?)`: a `file-edit` whose path equals the path (or ends
/// with `/<path>`, or matches the regex), or a `tool` whose target or output
/// mentions it (a shell edit). No argument: any `file-edit`.
pub fn to_have_edited(s: &Subject<'_>, path: Option<&TextOrRegex>) -> MatchResult {
    let edits = || s.events.iter().filter(|e| e.kind == EventType::FileEdit);
    let seen: Vec<&str> = edits().filter_map(|e| e.path.as_deref()).collect();
    let mut hits: Vec<&str> = Vec::new();
    let edited = path.map(path_test);
    for e in s.events.iter() {
        let hit = match (e.kind, path) {
            (EventType::FileEdit, None) => true,
            (EventType::FileEdit, Some(_)) => e.path.as_deref().is_some_and(|x| edited.as_ref().is_some_and(|t| t(x))),
            (EventType::Tool, Some(p)) => {
                e.target.as_deref().is_some_and(|t| p.matches_sub(t))
                    || e.output
                        .as_ref()
                        .and_then(|o| o.as_str())
                        .is_some_and(|o| p.matches_sub(o))
            }
            _ => false,
        };
        if hit {
            hits.push(e.path.as_deref().or(e.target.as_deref()).unwrap_or_else(|| name(e)));
        }
    }
    verdict("file edits", path.map(TextOrRegex::display), &seen, &hits)
}

fn capability(
    s: &Subject<'_>,
    matcher: &'static str,
    kind: &'static str,
    noun: &str,
) -> Result<(), HarnessCapabilityError> {
    if !s.unreported.iter().any(|u| u == kind) {
        return Ok(());
    }
    Err(HarnessCapabilityError {
        matcher,
        kind,
        message: format!(
            "{matcher}() can't check this turn: its harness doesn't report {noun} ('{kind}' is in turn.unreported), so the agent may have made them with no event. Check the reply or files instead, or use a harness that reports them."
        ),
    })
}

fn web<'s>(s: &'s Subject<'_>, kind: EventType, p: Option<&TextOrRegex>, what: &str) -> MatchResult {
    let field = |e: &'s Event| match kind {
        EventType::WebSearch => e.query.as_deref(),
        _ => e.url.as_deref(),
    };
    let seen: Vec<&str> = s.events.iter().filter(|e| e.kind == kind).filter_map(field).collect();
    let hits: Vec<&str> = seen
        .iter()
        .filter(|q| p.is_none_or(|p| p.matches_sub(q)))
        .copied()
        .collect();
    verdict(what, p.map(TextOrRegex::display), &seen, &hits)
}

/// `toHaveSearched(query?)`: a `web-search` whose query contains the text or
/// matches the regex (a refused search still counts).
/// Errors: [`HarnessCapabilityError`] when `web-search` is unreported.
pub fn to_have_searched(s: &Subject<'_>, query: Option<&TextOrRegex>) -> Result<MatchResult, HarnessCapabilityError> {
    capability(s, "toHaveSearched", "web-search", "web searches")?;
    Ok(web(s, EventType::WebSearch, query, "web searches"))
}

/// `toHaveFetched(url?)`: a `web-fetch` whose URL contains the text or
/// matches the regex.
/// Errors: [`HarnessCapabilityError`] when `web-fetch` is unreported.
pub fn to_have_fetched(s: &Subject<'_>, url: Option<&TextOrRegex>) -> Result<MatchResult, HarnessCapabilityError> {
    capability(s, "toHaveFetched", "web-fetch", "web fetches")?;
    Ok(web(s, EventType::WebFetch, url, "web fetches"))
}

/// `toHaveCalledInOrder(names)`: `tool` events matching each name (exact
/// text or regex) in this order, other calls allowed between them.
pub fn to_have_called_in_order(s: &Subject<'_>, names: &[TextOrRegex]) -> MatchResult {
    let seen: Vec<&str> = tools(s).map(name).collect();
    let steps = in_order(
        names.len(),
        seen.len(),
        |i, k| first_from(seen.len(), k, |j| names[i].matches_exact(seen[j])),
        |_| Miss::Stop,
    );
    let matched = steps.len() == names.len() && steps.iter().all(|s| s.at.is_some());
    let list: Vec<String> = names.iter().map(TextOrRegex::display).collect();
    let message = |not: &str| {
        format!(
            "expected tool calls {not}in order [{}], got {}",
            list.join(", "),
            got_list_all(&seen)
        )
    };
    MatchResult::both(matched, message(""), !matched, message("not "))
}

/// Like [`got_list`] but keeping repeats (order and counts matter).
fn got_list_all<S: AsRef<str>>(items: &[S]) -> String {
    if items.is_empty() {
        return "none".into();
    }
    let parts: Vec<String> = items.iter().take(50).map(|s| quote(s.as_ref())).collect();
    let more = if items.len() > 50 {
        format!(", … ({} more)", items.len() - 50)
    } else {
        String::new()
    };
    format!("[{}{more}]", parts.join(", "))
}

/// `toHaveCalledTimes(name, times)`: exactly `times` `tool` events match the
/// name (exact text or regex).
pub fn to_have_called_times(s: &Subject<'_>, name_p: &TextOrRegex, times: usize) -> MatchResult {
    let n = tools(s)
        .filter(|e| name_p.matches_exact(e.name.as_deref().unwrap_or("")))
        .count();
    let message = |other: &str| {
        format!(
            "expected {other}{times} tool calls matching {}, got {n}",
            name_p.display()
        )
    };
    MatchResult::both(n == times, message(""), n != times, message("other than "))
}

/// Trajectory F1 of the run's tool names against an expected list: the
/// positive assertion (`f1 ≥ threshold`); [`TrajectoryScore::not`] is the
/// negated one (`f1 < threshold`). Serialises to `{ pass, message,
/// precision, recall, f1 }`, plus `not: { pass, message }` when prepared.
#[must_use]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrajectoryScore {
    /// Whether the assertion as asked holds.
    pub pass: bool,
    /// The failure text in that direction.
    pub message: String,
    /// Matched calls over actual calls.
    pub precision: f64,
    /// Matched calls over expected calls.
    pub recall: f64,
    /// Their harmonic mean.
    pub f1: f64,
    /// The other direction's verdict, what [`TrajectoryScore::not`] gives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    not: Option<Box<Opposite>>,
}

impl TrajectoryScore {
    /// The negated assertion (`f1 < threshold`, `expected trajectory F1 <
    /// …`), the scores unchanged; without a prepared negation (a score
    /// deserialised from a form without `not`), `!pass` with the same
    /// message. Negating twice gives the score back.
    // Inherent as well as `std::ops::Not` (below), so that `.not()` needs no import.
    #[allow(clippy::should_implement_trait)]
    pub fn not(self) -> TrajectoryScore {
        let (pass, message, not) = match self.not {
            Some(o) => (
                o.pass,
                o.message,
                Some(Box::new(Opposite {
                    pass: self.pass,
                    message: self.message,
                })),
            ),
            None => (!self.pass, self.message, None),
        };
        TrajectoryScore {
            pass,
            message,
            not,
            ..self
        }
    }

    /// `self`, or its [`TrajectoryScore::not`] when `negated`, without the
    /// prepared other direction (what the JS package returns).
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub(crate) fn settled(self, negated: bool) -> TrajectoryScore {
        let r = if negated { self.not() } else { self };
        TrajectoryScore { not: None, ..r }
    }
}

/// Trajectory F1: the actual calls are the events' names (a call that edited
/// several files counts once), compared with `expected` as multisets.
/// `precision` = matched / actual, `recall` = matched / expected, `f1`
/// their harmonic mean (1 when both lists are empty, 0 when nothing
/// matched). Passes when `f1 >= threshold` (its [`TrajectoryScore::not`]: when below).
pub fn trajectory_f1(s: &Subject<'_>, expected: &[String], threshold: f64) -> TrajectoryScore {
    let mut actual: Vec<&str> = Vec::new();
    let mut last_id: Option<&str> = None;
    for e in s.events.iter() {
        let id = e.tool_call_id.as_deref();
        if id.is_some() && id == last_id {
            continue;
        }
        last_id = id;
        actual.push(name(e));
    }
    let wanted: Vec<&str> = expected.iter().map(String::as_str).collect();
    let matched = overlap(&actual, &wanted);
    let (precision, recall) = if actual.is_empty() && expected.is_empty() {
        (1.0, 1.0)
    } else {
        (ratio(matched, actual.len(), 0.0), ratio(matched, expected.len(), 0.0))
    };
    let f1 = f1(precision, recall);
    let list: Vec<String> = expected.iter().map(|e| quote(e)).collect();
    let message = |cmp: &str| {
        format!(
            "expected trajectory F1 {cmp} {} against [{}], got {} (precision {}, recall {}) from {}",
            js_num(threshold),
            list.join(", "),
            js_num(round4(f1)),
            js_num(round4(precision)),
            js_num(round4(recall)),
            got_list_all(&actual)
        )
    };
    // Each direction fails on its own comparison: a NaN threshold passes both ways, as in the seed.
    let (below, reached) = (f1 < threshold, f1 >= threshold);
    TrajectoryScore {
        pass: !below,
        message: message("≥"),
        precision,
        recall,
        f1,
        not: Some(Box::new(Opposite {
            pass: !reached,
            message: message("<"),
        })),
    }
}

impl std::ops::Not for MatchResult {
    type Output = MatchResult;
    /// `!result` is [`MatchResult::not`].
    fn not(self) -> MatchResult {
        MatchResult::not(self)
    }
}

impl std::ops::Not for TrajectoryScore {
    type Output = TrajectoryScore;
    /// `!score` is [`TrajectoryScore::not`].
    fn not(self) -> TrajectoryScore {
        TrajectoryScore::not(self)
    }
}

fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

impl Subject<'static> {
    /// Reads a turn (`{ events, unreported?, diff? }`) or a run (`{ turns,
    /// events }`) from JSON, as the JS glue sends it.
    /// Errors: `INVALID_ARGUMENT` at `actual` with reeval's text
    /// `<matcher>() expects a turn from c.send(), or c`.
    pub fn from_value(v: &serde_json::Value, matcher: &str) -> crate::error::Result<Subject<'static>> {
        if !v.get("events").is_some_and(serde_json::Value::is_array) {
            return Err(not_a_turn(matcher));
        }
        let events = Vec::<Event>::deserialize(&v["events"]).map_err(|_| not_a_turn(matcher))?;
        Subject::with_events(Cow::Owned(events), v, matcher, None)
    }
}

impl<'a> Subject<'a> {
    /// The subject made of `events` and what `v` (a turn or a run as JSON,
    /// its `events` not read) says of `unreported` and `diff`: a run's
    /// (`turns` an array) unreported types are its turns', its diff its own
    /// or the latest turn's. `kept` is the run's own `(unreported, diff)`
    /// (every turn's types, the latest turn's diff) when `v` is a run without
    /// `turns`: a run kept in wasm whose turns the caller never read.
    pub(crate) fn with_events(
        events: Cow<'a, [Event]>,
        v: &serde_json::Value,
        matcher: &str,
        kept: Option<(&[String], Option<&Diff>)>,
    ) -> crate::error::Result<Subject<'a>> {
        // Only `unreported` and `diff` are read (serde skips the rest, `events` included, uncopied).
        let read = |v: &serde_json::Value| TurnLike::deserialize(v).map_err(|_| not_a_turn(matcher));
        let own = read(v)?;
        if let Some(serde_json::Value::Array(turns)) = v.get("turns") {
            let turns: Vec<TurnLike> = turns.iter().map(read).collect::<crate::error::Result<_>>()?;
            let mut s = Subject::over_turns(events, turns.iter().map(|t| (&t.unreported, t.diff.as_ref())));
            if own.diff.is_some() {
                s.diff = own.diff;
            }
            return Ok(s);
        }
        Ok(match kept {
            Some((unreported, diff)) => Subject {
                events,
                unreported: unreported.to_vec(),
                diff: own.diff.or_else(|| diff.cloned()),
            },
            None => Subject {
                events,
                unreported: own.unreported,
                diff: own.diff,
            },
        })
    }
}

fn not_a_turn(matcher: &str) -> crate::error::MatcherError {
    crate::error::MatcherError::invalid_argument("actual", format!("{matcher}() expects a turn from c.send(), or c"))
}

/// What a turn or run says besides its events (a caller-made subject may
/// leave each out).
#[derive(serde::Deserialize)]
struct TurnLike {
    #[serde(default)]
    unreported: Vec<String>,
    #[serde(default)]
    diff: Option<Diff>,
}
