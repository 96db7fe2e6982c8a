//! `normalizeTranscript`: reads raw transcript text (JSONL, one JSON
//! document, or both with banner lines) or parsed records, detects the
//! harness, and runs its adapter.

use super::builder::{NormalizeOptions, RunBuilder};
use super::detect::{detect_harness, Detector};
use super::events::{event_from_value, Run, TranscriptDiagnostic};
use super::harness::{acp, claude, codex, codex_rollout, cursor, gemini, goose, opencode, pi};
use crate::error::{MatcherError, Result};
use serde_json::Value;
use std::cell::Cell;
use std::io::BufRead;

/// The harnesses with an adapter, by their canonical names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Harness {
    /// Claude Code `-p --output-format stream-json` and stored sessions (`~/.claude/projects/*.jsonl`).
    ClaudeCode,
    /// OpenAI Codex `exec --json` and stored sessions (`~/.codex/sessions/**/rollout-*.jsonl`).
    Codex,
    /// Gemini CLI stored chats (`session-*.json`) and `--output-format stream-json`.
    GeminiCli,
    /// OpenCode `run --format json`.
    OpenCode,
    /// Cursor `cursor-agent --print --output-format stream-json`.
    Cursor,
    /// pi `--mode json` and session files (`~/.pi/agent/sessions/**/*.jsonl`).
    Pi,
    /// Goose `run --output-format stream-json` and session files.
    Goose,
    /// Agent Client Protocol logs: `session/new`, `session/prompt` requests and
    /// `session/update` notifications (`tool_call`, `tool_call_update`).
    Acp,
    /// reeval's own `transcript.jsonl` (already normalised events).
    Reeval,
}

impl Harness {
    /// Every harness, in the order of the enum (and of `as_str`'s names).
    pub const ALL: [Harness; 9] = [
        Harness::ClaudeCode,
        Harness::Codex,
        Harness::GeminiCli,
        Harness::OpenCode,
        Harness::Cursor,
        Harness::Pi,
        Harness::Goose,
        Harness::Acp,
        Harness::Reeval,
    ];

    /// The canonical name (`claude-code`, `codex`, `gemini-cli`, `opencode`,
    /// `cursor`, `pi`, `goose`, `acp`, `reeval`).
    pub fn as_str(self) -> &'static str {
        match self {
            Harness::ClaudeCode => "claude-code",
            Harness::Codex => "codex",
            Harness::GeminiCli => "gemini-cli",
            Harness::OpenCode => "opencode",
            Harness::Cursor => "cursor",
            Harness::Pi => "pi",
            Harness::Goose => "goose",
            Harness::Acp => "acp",
            Harness::Reeval => "reeval",
        }
    }

    /// Reads a harness name, canonical or an alias (`claude`, `gemini`,
    /// `cursor-agent`, `transcript`), any case.
    /// Errors: `INVALID_OPTION` at `options.harness`.
    pub fn parse(name: &str) -> Result<Harness> {
        Ok(match name.to_ascii_lowercase().as_str() {
            "claude-code" | "claude" | "claudecode" => Harness::ClaudeCode,
            "codex" => Harness::Codex,
            "gemini-cli" | "gemini" => Harness::GeminiCli,
            "opencode" => Harness::OpenCode,
            "cursor" | "cursor-agent" => Harness::Cursor,
            "pi" => Harness::Pi,
            "goose" => Harness::Goose,
            "acp" => Harness::Acp,
            "reeval" | "transcript" => Harness::Reeval,
            _ => {
                return Err(MatcherError::invalid_option(
                    "options.harness",
                    format!(
                        "unknown harness {name:?}: expected one of claude-code, codex, gemini-cli, opencode, cursor, pi, goose, acp, reeval"
                    ),
                ))
            }
        })
    }
}

impl std::fmt::Display for Harness {
    /// The canonical name ([`Harness::as_str`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Harness {
    type Err = MatcherError;

    /// As [`Harness::parse`]: a canonical name or an alias, any case.
    /// Errors: `INVALID_OPTION` at `options.harness`.
    fn from_str(name: &str) -> Result<Harness> {
        Harness::parse(name)
    }
}

/// Parses one line of JSONL text that starts like a record (`{`, `[`);
/// other lines (banners, comments) give `None`.
fn parse_line(line: &str) -> Option<serde_json::Result<Value>> {
    let line = line.trim();
    (line.starts_with('{') || line.starts_with('[')).then(|| serde_json::from_str(line))
}

/// The record lines that start like JSON (`{`, `[`) and are not JSON (a
/// line cut short, a bad write, nesting past 128 levels): each is an
/// `UNREADABLE_RECORD` diagnostic at `input[<line>]` (0-based line index),
/// never a record dropped in silence, for a tool call it held would vanish
/// from the run. The first [`Unreadable::LISTED`] are listed one by one, the
/// rest counted in one more diagnostic at `input`.
#[derive(Default)]
struct Unreadable(std::cell::RefCell<(Vec<TranscriptDiagnostic>, usize)>);

impl Unreadable {
    const LISTED: usize = 100;

    /// The record on line `i`, or `None` (noted when it starts like JSON and is not).
    fn parse(&self, i: usize, line: &str) -> Option<Value> {
        match parse_line(line)? {
            Ok(v) => Some(v),
            Err(e) => {
                let mut bad = self.0.borrow_mut();
                bad.1 += 1;
                if bad.0.len() < Self::LISTED {
                    bad.0.push(TranscriptDiagnostic {
                        code: "UNREADABLE_RECORD".into(),
                        path: format!("input[{i}]"),
                        message: format!("line {i} starts like a JSON record but is not JSON ({e}); skipped"),
                    });
                }
                None
            }
        }
    }

    /// `run` with the unreadable lines' diagnostics before its own.
    fn note(self, mut run: Run) -> Run {
        let (mut listed, count) = self.0.into_inner();
        if count > listed.len() {
            listed.push(TranscriptDiagnostic {
                code: "UNREADABLE_RECORD".into(),
                path: "input".into(),
                message: format!(
                    "{} more lines start like JSON records but are not JSON; skipped",
                    count - listed.len()
                ),
            });
        }
        listed.append(&mut run.diagnostics);
        run.diagnostics = listed;
        run
    }
}

/// The whole text when it is one JSON document (an array gives its items).
fn whole_document(text: &str) -> Option<Vec<Value>> {
    if !(text.starts_with('{') || text.starts_with('[')) {
        return None;
    }
    // A JSONL text has a line break before its end; one document rarely
    // fails, so only try when the first line is not a whole value.
    let first = text.lines().next().unwrap_or("");
    if first.len() < text.len() && parse_line(first).is_some_and(|r| r.is_ok()) {
        return None;
    }
    match serde_json::from_str::<Value>(text).ok()? {
        Value::Array(items) => Some(items),
        other => Some(vec![other]),
    }
}

/// Splits raw text into JSON records: the whole text when it is one JSON
/// document (an array gives its items), else every line that parses as JSON.
/// Lines that are not JSON (banners, `#` comments, and here also a record
/// line cut short: [`normalize_text`] reports that one as an
/// `UNREADABLE_RECORD` diagnostic) are skipped; duplicate keys keep the last value.
pub fn records_from_text(text: &str) -> Vec<Value> {
    let trimmed = crate::js::text::document(text);
    whole_document(trimmed).unwrap_or_else(|| trimmed.lines().filter_map(|l| parse_line(l)?.ok()).collect())
}

/// Whether a record is a container document: a Gemini session `{ messages }`.
fn is_container(v: &Value) -> bool {
    v.get("type").is_none() && v.get("messages").is_some_and(Value::is_array)
}

/// A record, or the messages of a container document.
enum Flat {
    One(Option<Value>),
    Many(std::vec::IntoIter<Value>),
}

impl Iterator for Flat {
    type Item = Value;
    fn next(&mut self) -> Option<Value> {
        match self {
            Flat::One(v) => v.take(),
            Flat::Many(items) => items.next(),
        }
    }
}

/// Flattens container documents into their messages.
fn flatten(v: Value) -> Flat {
    if !is_container(&v) {
        return Flat::One(Some(v));
    }
    match v {
        Value::Object(mut m) => match m.remove("messages") {
            Some(Value::Array(items)) => Flat::Many(items.into_iter()),
            _ => Flat::One(None),
        },
        _ => Flat::One(None),
    }
}

/// Normalises parsed records of `harness` (detected when `None`).
///
/// Errors: `INVALID_ARGUMENT` at `input` when the harness cannot be detected
/// from a non-empty input; for `reeval`, `INVALID_ARGUMENT` at `input[i]` for a
/// record that is not an event. An empty input gives an empty run; a
/// non-empty one of which nothing is read gives an empty run with a
/// `NOTHING_READ` diagnostic (see [`super::TranscriptDiagnostic`]).
pub fn normalize_records(records: Vec<Value>, harness: Option<Harness>, opts: &NormalizeOptions) -> Result<Run> {
    let seen = Cell::new(0usize);
    let mut it = records.into_iter().inspect(|_| seen.set(seen.get() + 1));
    normalize_iter(&mut it, harness, opts, &Cell::new(None), &seen, &Cell::new(false))
}

/// Records are read one at a time and dropped once their adapter has seen
/// them; the first 500 are kept for detection. `found` is set to the harness
/// as soon as it is known (text input uses it to skip lines unparsed);
/// `seen` counts the input's records as the iterator yields (or skips) them;
/// `text` says the input was non-empty text (a diagnostic even without
/// records), read once the records are exhausted.
fn normalize_iter(
    records: &mut dyn Iterator<Item = Value>,
    harness: Option<Harness>,
    opts: &NormalizeOptions,
    found: &Cell<Option<Harness>>,
    seen: &Cell<usize>,
    text: &Cell<bool>,
) -> Result<Run> {
    let given = harness.is_some();
    let mut records = records.flat_map(flatten);
    let head: Vec<Value> = match harness {
        Some(_) => Vec::new(),
        None => records.by_ref().take(500).collect(),
    };
    let harness = match harness.or_else(|| detect_harness(&head)) {
        Some(h) => h,
        None if head.is_empty() => {
            let mut run = Run::from_events(None, Vec::new(), 0, &[]);
            note_nothing_read(&mut run, seen.get(), text.get(), None);
            return Ok(run);
        }
        None => {
            return Err(MatcherError::invalid_argument(
                "input",
                "cannot tell which harness wrote this transcript: pass options.harness",
            ))
        }
    };
    found.set(Some(harness));
    // With a named harness, what the records look like (for the diagnostic's hint).
    let mut looks = Detector::default();
    let mut all = head.into_iter().chain(records).inspect(|v| {
        if given {
            looks.see(v)
        }
    });
    if harness == Harness::Reeval {
        let events = all
            .by_ref()
            .enumerate()
            .map(|(i, v)| event_from_value(v, &format!("input[{i}]")))
            .collect::<Result<Vec<_>>>()?;
        drop(all);
        let mut run = Run::from_events(Some(Harness::Reeval), events, 0, &[]);
        if run.event_count() == 0 {
            note_nothing_read(&mut run, seen.get(), text.get(), looks.harness());
        }
        return Ok(run);
    }
    let mut b = RunBuilder::new(opts);
    let it: &mut dyn Iterator<Item = Value> = &mut all;
    match harness {
        Harness::ClaudeCode => claude::adapt(it, &mut b),
        Harness::Codex => codex::adapt(it, &mut b),
        Harness::GeminiCli => gemini::adapt(it, &mut b),
        Harness::OpenCode => opencode::adapt(it, &mut b),
        Harness::Cursor => cursor::adapt(it, &mut b),
        Harness::Pi => pi::adapt(it, &mut b),
        Harness::Goose => goose::adapt(it, &mut b),
        Harness::Acp => acp::adapt(it, &mut b),
        Harness::Reeval => {}
    }
    // Whatever the adapter left unread still counts as input.
    all.by_ref().for_each(drop);
    drop(all);
    let read = b.read_anything();
    let mut run = b.finish(harness);
    if !read {
        note_nothing_read(&mut run, seen.get(), text.get(), looks.harness());
    }
    Ok(run)
}

/// Adds the `NOTHING_READ` diagnostic to a run of which nothing was read,
/// when its input was not empty: `records` records (or non-empty `text`
/// without any), none of them read; `looks` is the harness they look like.
fn note_nothing_read(run: &mut Run, records: usize, text: bool, looks: Option<Harness>) {
    let message = match records {
        0 if !text => return,
        0 => "read nothing: no line of the input is a JSON record".to_string(),
        n => {
            let plural = if n == 1 { "record" } else { "records" };
            let what = match run.harness {
                Some(Harness::Reeval) => "a reeval transcript event".to_string(),
                _ => format!("a {} turn or tool call", run.harness_name()),
            };
            let hint = match looks {
                Some(h) if Some(h) != run.harness => {
                    format!(" (they look like {h}'s: pass options.harness \"{h}\")")
                }
                _ => String::new(),
            };
            format!("read nothing from {n} {plural}: none is {what}{hint}")
        }
    };
    run.diagnostics.push(TranscriptDiagnostic {
        code: "NOTHING_READ".to_string(),
        path: "input".to_string(),
        message,
    });
}

/// Whether an adapter may need a JSONL line of `harness`: a Codex line
/// whose `"type"` values are none of the event and item types it reads is
/// skipped without being parsed. Only a `\u` escape could spell those
/// types differently, so a line with one is always kept.
fn wanted(harness: Option<Harness>, line: &str) -> bool {
    match harness {
        Some(Harness::Codex) => {
            line.contains("\\u")
                || type_values(line).any(|t| codex::NEEDED.contains(&t) || codex_rollout::NEEDED.contains(&t))
        }
        _ => true,
    }
}

/// The string values written after each `"type"` key of a JSON line
/// (a cheap scan; string contents that look like keys are harmless extras).
fn type_values(line: &str) -> impl Iterator<Item = &str> + '_ {
    line.match_indices("\"type\"").filter_map(move |(i, key)| {
        let rest = line[i + key.len()..].trim_start().strip_prefix(':')?.trim_start();
        let value = rest.strip_prefix('"')?;
        value.find('"').map(|end| &value[..end])
    })
}

/// Normalises raw transcript text (see [`records_from_text`]); a JSON-lines
/// line that starts like a record but is not JSON is an `UNREADABLE_RECORD`
/// diagnostic at `input[<line>]` (0-based).
pub fn normalize_text(text: &str, harness: Option<Harness>, opts: &NormalizeOptions) -> Result<Run> {
    let trimmed = crate::js::text::document(text);
    match whole_document(trimmed) {
        Some(records) => normalize_records(records, harness, opts),
        None => {
            let found = Cell::new(harness);
            let seen = Cell::new(0usize);
            let bad = Unreadable::default();
            // Line numbers of the text as given (a leading byte order mark is no line of its own).
            let mut records = text
                .trim_start_matches('\u{feff}')
                .lines()
                .enumerate()
                .filter(|(_, l)| record_line(l, &seen, &found))
                .filter_map(|(i, l)| bad.parse(i, l));
            let text = Cell::new(!trimmed.is_empty());
            let run = normalize_iter(&mut records, harness, opts, &found, &seen, &text);
            drop(records);
            run.map(|r| bad.note(r))
        }
    }
}

/// Whether a JSONL line is a record to parse: it starts with `{` or `[`
/// (counted in `seen`) and the harness found so far may need it ([`wanted`]).
fn record_line(line: &str, seen: &Cell<usize>, found: &Cell<Option<Harness>>) -> bool {
    let t = line.trim_start();
    let record = t.starts_with('{') || t.starts_with('[');
    if record {
        seen.set(seen.get() + 1);
    }
    record && wanted(found.get(), line)
}

/// Normalises JSON-lines transcript text read from `reader` one line at a
/// time, as [`normalize_text`] reads a JSONL text, without holding the input
/// in memory: a line is parsed, handed to the harness's adapter and dropped
/// (only the first 500 records are kept while the harness is detected, when
/// `harness` is `None`). Lines that are not JSON (banners, `#` comments; one
/// that starts like a record is an `UNREADABLE_RECORD` diagnostic) are
/// skipped; a byte-order mark before the first line is ignored.
///
/// Takes one record per line: a JSON document spread over several lines (a
/// pretty-printed Gemini CLI `session-*.json`) is not one record here and
/// gives a run with a `NOTHING_READ` diagnostic; read such a file with
/// [`normalize_text`].
///
/// Errors: as [`normalize_text`]; `INVALID_ARGUMENT` at `input[<line>]`
/// (0-based line index) when `reader` fails or the line is not UTF-8.
///
/// ```
/// use mcp_matchers::transcripts::{normalize_reader, Harness, NormalizeOptions};
/// let text = "Codex v0.66\n{\"type\":\"turn.started\"}\n\
///     {\"type\":\"item.completed\",\"item\":{\"id\":\"i\",\"type\":\"command_execution\",\"command\":\"ls\",\"exit_code\":0,\"status\":\"completed\"}}\n";
/// let run = normalize_reader(text.as_bytes(), None, &NormalizeOptions::default())?;
/// assert_eq!(run.harness, Some(Harness::Codex));
/// assert_eq!(run.events()[0].target.as_deref(), Some("ls"));
/// # Ok::<(), mcp_matchers::MatcherError>(())
/// ```
pub fn normalize_reader(reader: impl BufRead, harness: Option<Harness>, opts: &NormalizeOptions) -> Result<Run> {
    let found = Cell::new(harness);
    let seen = Cell::new(0usize);
    let text = Cell::new(false);
    let failed: Cell<Option<MatcherError>> = Cell::new(None);
    let bad = Unreadable::default();
    let mut records = reader
        .lines()
        .enumerate()
        .map_while(|(i, line)| match line {
            Ok(line) => Some((i, line)),
            Err(e) => {
                failed.set(Some(MatcherError::invalid_argument(
                    format!("input[{i}]"),
                    format!("cannot read line {i} of the transcript: {e}"),
                )));
                None
            }
        })
        .filter_map(|(i, line)| {
            let line = if i == 0 {
                line.trim_start_matches('\u{feff}')
            } else {
                &line
            };
            if !line.trim().is_empty() {
                text.set(true);
            }
            if record_line(line, &seen, &found) {
                bad.parse(i, line)
            } else {
                None
            }
        });
    let run = normalize_iter(&mut records, harness, opts, &found, &seen, &text);
    drop(records);
    match failed.take() {
        Some(e) => Err(e),
        None => run.map(|r| bad.note(r)),
    }
}

/// `normalizeTranscript(input, { harness? })`: `input` is the raw text (a
/// JSON string value) or parsed records (an array, or one object).
/// See [`normalize_records`] for errors.
pub fn normalize_transcript(input: &Value, harness: Option<Harness>, opts: &NormalizeOptions) -> Result<Run> {
    match input {
        Value::String(text) => normalize_text(text, harness, opts),
        Value::Array(items) => normalize_records(items.clone(), harness, opts),
        Value::Object(_) => normalize_records(vec![input.clone()], harness, opts),
        _ => Err(MatcherError::invalid_argument(
            "input",
            "input must be transcript text, an array of records, or one record",
        )),
    }
}
