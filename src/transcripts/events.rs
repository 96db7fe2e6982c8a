//! The normalised transcript: [`Event`], [`Turn`], [`Run`], and reeval's
//! `transcript.jsonl` form (one event per line).
//!
//! The shapes follow reeval's transcript (`docs.reeval.ai`, "Matchers"): an
//! event is `{ turn, ts?, atMs?, durationMs?, type, toolCallId?, name?,
//! input?, output?, target?, path?, query?, url?, ok? }` with `type` one of
//! `tool`, `file-edit`, `web-search`, `web-fetch`. `turn` counts from 0;
//! `ts` is an ISO-8601 UTC time; `atMs` is milliseconds since the first
//! timestamp of the run; `durationMs` is milliseconds from call to result.

use super::normalize::Harness;
use crate::error::{ErrorCode, MatcherError, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The four event types of a normalised transcript.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EventType {
    /// Any tool call that is not one of the three below (shell commands are
    /// `tool` events named `bash` or `shell` with `input.command`).
    #[serde(rename = "tool")]
    Tool,
    /// A successful edit, write or delete of one file (`path`). A call that
    /// edits several files (a patch) gives one per file, in the patch's
    /// order, with the same `toolCallId`; the call's `input` and `output` are
    /// on the first of them only.
    #[serde(rename = "file-edit")]
    FileEdit,
    /// A web search (`query`); a refused search has `ok: false`.
    #[serde(rename = "web-search")]
    WebSearch,
    /// A web fetch (`url`).
    #[serde(rename = "web-fetch")]
    WebFetch,
}

impl EventType {
    /// The wire name: `tool`, `file-edit`, `web-search` or `web-fetch`.
    pub fn as_str(self) -> &'static str {
        match self {
            EventType::Tool => "tool",
            EventType::FileEdit => "file-edit",
            EventType::WebSearch => "web-search",
            EventType::WebFetch => "web-fetch",
        }
    }
}

/// One normalised event. Optional fields are absent (not `null`) in JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Event {
    /// The turn it belongs to, from 0.
    pub turn: u32,
    /// When the call was made, ISO-8601 UTC (`2026-09-26T18:01:03.610Z`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ts: Option<String>,
    /// Milliseconds from the run's first timestamp to the call (written
    /// without a fraction when whole, as JavaScript prints it).
    #[serde(default, skip_serializing_if = "Option::is_none", serialize_with = "ms")]
    pub at_ms: Option<f64>,
    /// Milliseconds from the call to its result.
    #[serde(default, skip_serializing_if = "Option::is_none", serialize_with = "ms")]
    pub duration_ms: Option<f64>,
    /// `type`: what happened.
    #[serde(rename = "type")]
    pub kind: EventType,
    /// The harness's id of the tool call (joins a call to its result).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_call_id: Option<String>,
    /// The tool's name after normalisation (`bash`, `shell`, `Read`,
    /// `mcp__<server>__<tool>`, ...); for a `file-edit`, the editing tool.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The call's arguments as recorded (for shell tools `{ command }` holds the inner command).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<Value>,
    /// The result as recorded (usually text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<Value>,
    /// What a tool acted on: a workspace-relative file path, or a shell command.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// The workspace-relative path of a `file-edit`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// The query of a `web-search`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    /// The URL of a `web-fetch`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Whether the call succeeded (absent when the transcript does not say).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ok: Option<bool>,
}

fn ms<S: serde::Serializer>(v: &Option<f64>, s: S) -> std::result::Result<S::Ok, S::Error> {
    match v {
        Some(x) if x.fract() == 0.0 && x.abs() < 9e15 => s.serialize_i64(*x as i64),
        Some(x) => s.serialize_f64(*x),
        None => s.serialize_none(),
    }
}

impl Event {
    /// An event of `kind` in `turn` with every optional field absent.
    pub fn new(turn: u32, kind: EventType) -> Event {
        Event {
            turn,
            ts: None,
            at_ms: None,
            duration_ms: None,
            kind,
            tool_call_id: None,
            name: None,
            input: None,
            output: None,
            target: None,
            path: None,
            query: None,
            url: None,
            ok: None,
        }
    }

    /// `input.command` when it is a string (shell tools).
    pub fn command(&self) -> Option<&str> {
        self.input.as_ref()?.get("command")?.as_str()
    }
}

/// One file of a caller-supplied workspace diff: `{ path, status }` with
/// `status` one of `added`, `modified`, `deleted`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiffFile {
    /// Workspace-relative path.
    pub path: String,
    /// `added`, `modified` or `deleted`.
    pub status: String,
}

/// The workspace diff of a turn (`turn.diff.files`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diff {
    /// The changed files.
    pub files: Vec<DiffFile>,
}

/// One turn: what `c.send()` returns in reeval. `unreported` lists the event
/// types (`web-search`, `web-fetch`) its harness cannot report.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    /// The 0-based turn number.
    pub turn: u32,
    /// Its events, in order.
    pub events: Vec<Event>,
    /// Event types its harness cannot report.
    #[serde(default)]
    pub unreported: Vec<String>,
    /// The workspace diff after the turn, when recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diff: Option<Diff>,
}

/// Something about a transcript that was not read as-is, in the style of the
/// traces family's diagnostics: a stable `code`, where in the input
/// (`path`), and what was found. `NOTHING_READ` (path `input`): a non-empty
/// input of which the adapter read no turn and no tool call (no line is a
/// JSON record, or no record is of the harness's format); the run is then
/// empty, never an error. `UNREADABLE_RECORD` (path `input[<line>]`, 0-based):
/// a line of JSON-lines text that starts like a record (`{`, `[`) but is not
/// JSON (cut short, or nested past 128 levels); the line is skipped, the
/// others read (past 100 such lines, one more diagnostic at `input` counts the rest).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TranscriptDiagnostic {
    /// The stable code, e.g. `"NOTHING_READ"`.
    pub code: String,
    /// Where in the input: `input` for the whole of it.
    pub path: String,
    /// What was found: `read nothing from 3 records: none is a codex turn or
    /// tool call (they look like claude-code's)`.
    pub message: String,
}

/// A whole run: reeval's `c` (every turn so far); `harness` is the adapter
/// that read it, `None` for an input with no record (no harness to tell).
///
/// Each event is stored once, in its turn; the run-level list (every turn's
/// events in turn order) is [`Run::events`], and JSON has it as `events`:
/// `{ harness, turns, events, diagnostics }`, `harness` the adapter's name
/// ([`Run::harness_name`]: `claude-code`, `codex`, …, or `unknown`). Reading
/// JSON takes the turns, or groups `events` into turns when `turns` is absent
/// or empty; `harness` is `unknown` (or absent) or a name [`Harness::parse`]
/// reads, any other string an error; `diagnostics` may be absent.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Run {
    /// The adapter that read the run; `None`: unknown (an input with no record).
    pub harness: Option<Harness>,
    /// The turns, in order.
    pub turns: Vec<Turn>,
    /// What was not read as-is (see [`TranscriptDiagnostic`]), in input order.
    pub diagnostics: Vec<TranscriptDiagnostic>,
}

impl Run {
    /// Builds a run from events, grouping them by `turn` (a stable grouping:
    /// events of one turn keep their order); every turn from 0 to the
    /// highest (and below `turns`) is present, with `unreported` on each,
    /// unless that would mean more than 10,000 turns beyond the number of
    /// events: then only the turns that have events are kept.
    pub fn from_events(harness: Option<Harness>, events: Vec<Event>, turns: u32, unreported: &[&str]) -> Run {
        let n = events
            .iter()
            .map(|e| e.turn.saturating_add(1))
            .max()
            .unwrap_or(0)
            .max(turns);
        // Turn numbers come from the input: a far-out number (say 4294967295)
        // must not make millions of empty turns. Past this many empty turns,
        // only the turns that have events are kept, under their own numbers.
        let dense_limit = events.len().saturating_add(10_000);
        if n as usize > dense_limit {
            let mut by_turn: std::collections::BTreeMap<u32, Vec<Event>> = std::collections::BTreeMap::new();
            for e in events {
                by_turn.entry(e.turn).or_default().push(e);
            }
            let mut run = Run::with_empty_turns(harness, 0, unreported);
            for (turn, events) in by_turn {
                run.turns.push(Turn {
                    turn,
                    events,
                    unreported: unreported.iter().map(|s| s.to_string()).collect(),
                    diff: None,
                });
            }
            return run;
        }
        let mut run = Run::with_empty_turns(harness, n, unreported);
        let one_turn = events.iter().all(|e| e.turn == 0);
        match run.turns.first_mut() {
            // The usual single-turn run keeps its vector as is.
            Some(first) if one_turn => first.events = events,
            _ => {
                for e in events {
                    let t = e.turn as usize;
                    run.turns[t].events.push(e);
                }
            }
        }
        run
    }

    /// A run of `turns` turns without events, with `unreported` on each.
    pub(crate) fn with_empty_turns(harness: Option<Harness>, turns: u32, unreported: &[&str]) -> Run {
        Run {
            harness,
            diagnostics: Vec::new(),
            turns: (0..turns)
                .map(|t| Turn {
                    turn: t,
                    events: Vec::new(),
                    unreported: unreported.iter().map(|s| s.to_string()).collect(),
                    diff: None,
                })
                .collect(),
        }
    }

    /// The harness's canonical name ([`Harness::as_str`]), `unknown` when
    /// [`Run::harness`] is `None`: the run's JSON `harness`.
    pub fn harness_name(&self) -> &'static str {
        harness_name(self.harness)
    }

    /// Every turn's events, in turn order (reeval's `c.events`).
    pub fn events(&self) -> Vec<&Event> {
        self.iter_events().collect()
    }

    /// Every turn's events, in turn order, without collecting them.
    pub fn iter_events(&self) -> impl Iterator<Item = &Event> + '_ {
        self.turns.iter().flat_map(|t| &t.events)
    }

    /// How many events the run has.
    pub fn event_count(&self) -> usize {
        self.turns.iter().map(|t| t.events.len()).sum()
    }
}

/// Serialises the run-level `events` from the turns.
struct RunEvents<'r>(&'r Run);

impl Serialize for RunEvents<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter_events())
    }
}

impl Serialize for Run {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Run", 4)?;
        st.serialize_field("harness", self.harness_name())?;
        st.serialize_field("turns", &self.turns)?;
        st.serialize_field("events", &RunEvents(self))?;
        st.serialize_field("diagnostics", &self.diagnostics)?;
        st.end()
    }
}

/// A run's JSON `harness`: the canonical name, `unknown` for `None`.
fn harness_name(harness: Option<Harness>) -> &'static str {
    harness.map_or("unknown", Harness::as_str)
}

/// Reads a run's JSON `harness`: `unknown` is `None`, else a name
/// [`Harness::parse`] reads (any other string is refused).
fn read_harness<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Option<Harness>, D::Error> {
    let name = String::deserialize(d)?;
    match name.as_str() {
        "unknown" => Ok(None),
        _ => Harness::parse(&name)
            .map(Some)
            .map_err(|e| serde::de::Error::custom(e.message)),
    }
}

/// The JSON form `{ harness, turns, events }`, as read.
#[derive(Deserialize)]
struct RunJson {
    #[serde(default, deserialize_with = "read_harness")]
    harness: Option<Harness>,
    #[serde(default)]
    turns: Vec<Turn>,
    #[serde(default)]
    events: Vec<Event>,
    #[serde(default)]
    diagnostics: Vec<TranscriptDiagnostic>,
}

impl<'de> Deserialize<'de> for Run {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Run, D::Error> {
        let r = RunJson::deserialize(d)?;
        if r.turns.is_empty() {
            let mut run = Run::from_events(r.harness, r.events, 0, &[]);
            run.diagnostics = r.diagnostics;
            return Ok(run);
        }
        Ok(Run {
            harness: r.harness,
            turns: r.turns,
            diagnostics: r.diagnostics,
        })
    }
}

/// Reads reeval's `transcript.jsonl`: one event per line; blank lines and
/// lines starting with `#` or `//` are skipped, unknown fields ignored.
///
/// Errors: `INVALID_JSON` at `transcript[<line>]` (0-based line index) for a
/// line that is not JSON; `INVALID_ARGUMENT` there for a line that is not an
/// event (no `turn` number or an unknown `type`).
pub fn read_transcript_jsonl(text: &str) -> Result<Run> {
    let mut events = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
            continue;
        }
        let path = || format!("transcript[{i}]");
        let v: Value =
            serde_json::from_str(line).map_err(|e| MatcherError::new(ErrorCode::InvalidJson, path(), e.to_string()))?;
        events.push(event_from_value(v, &path())?);
    }
    Ok(Run::from_events(Some(Harness::Reeval), events, 0, &[]))
}

/// Reads one event from a JSON value. Errors: `INVALID_ARGUMENT` at `path`.
pub fn event_from_value(v: Value, path: &str) -> Result<Event> {
    serde_json::from_value(v).map_err(|e| MatcherError::invalid_argument(path, format!("not a transcript event: {e}")))
}

/// Writes reeval's `transcript.jsonl`: one compact JSON event per line, each
/// line ending in `\n`, fields in the order of [`Event`].
pub fn write_transcript_jsonl<'e>(events: impl IntoIterator<Item = &'e Event>) -> String {
    let mut out = String::new();
    for e in events {
        // Serialising these plain types cannot fail.
        out.push_str(&serde_json::to_string(e).unwrap_or_default());
        out.push('\n');
    }
    out
}
