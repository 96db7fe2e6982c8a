//! The state every adapter fills: tool calls in order, their results paired
//! by id, turn boundaries and timestamps; [`RunBuilder::finish`] turns them into
//! normalised events.

use super::events::{Event, EventType, Run};
use super::paths::relative_path;
use crate::js::date::{parse_iso, to_iso_string};
use rustc_hash::FxHashMap;
use serde_json::{Map, Value};

/// What a call does, as its adapter reads it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Kind {
    /// A shell command (already unwrapped from `bash -lc`).
    Shell(String),
    /// An edit, write or delete of these files (raw paths).
    Edit(Vec<String>),
    /// A read of one file (raw path).
    Read(String),
    WebSearch(String),
    WebFetch(String),
    Tool,
}

struct Call {
    turn: u32,
    id: Option<String>,
    name: String,
    input: Option<Value>,
    kind: Kind,
    ts_ms: Option<f64>,
    output: Option<Value>,
    ok: Option<bool>,
    end_ms: Option<f64>,
}

/// Caller options shared by all adapters.
#[derive(Clone, Debug, Default)]
pub struct NormalizeOptions {
    /// The workspace root; paths under it become relative. When absent, the
    /// working directory the transcript records is used: Claude Code's `cwd`,
    /// Cursor's and Gemini CLI's init `cwd`, Codex rollouts' `session_meta`
    /// (or `turn_context`) `cwd`, pi's session header `cwd`, ACP's
    /// `session/new` (or `session/load`) `cwd`; the first one recorded wins.
    pub workspace: Option<String>,
    /// Known MCP server names, used to split OpenCode's `server_tool`, Goose's
    /// `ext__tool` and pi's hyphen-free names without guessing.
    pub mcp_servers: Vec<String>,
}

pub(crate) struct RunBuilder<'o> {
    pub(crate) opts: &'o NormalizeOptions,
    pub(crate) cwd: Option<String>,
    calls: Vec<Call>,
    by_id: FxHashMap<String, usize>,
    turn: u32,
    turns: u32,
    t0: Option<f64>,
    /// Whether a record of the harness's format started a turn or made a call.
    read: bool,
    pub(crate) unreported: &'static [&'static str],
}

impl<'o> RunBuilder<'o> {
    pub(crate) fn new(opts: &'o NormalizeOptions) -> Self {
        RunBuilder {
            opts,
            cwd: None,
            calls: Vec::new(),
            by_id: FxHashMap::default(),
            turn: 0,
            turns: 0,
            t0: None,
            read: false,
            unreported: &[],
        }
    }

    /// Starts a new turn because a record says so (the first call starts turn 0).
    pub(crate) fn new_turn(&mut self) {
        self.read = true;
        self.open_turn();
    }

    /// Starts a new turn that no record asked for (a harness whose whole
    /// run is one turn): it does not count as having read anything.
    pub(crate) fn open_turn(&mut self) {
        if self.turns > 0 {
            self.turn += 1;
        }
        self.turns += 1;
    }

    /// Notes that a record of the harness's format was read (one that starts
    /// no turn and makes no call itself, such as an ACP prompt request).
    pub(crate) fn mark_read(&mut self) {
        self.read = true;
    }

    /// Whether a record started a turn or made a call: `false` means the
    /// adapter read nothing (a `NOTHING_READ` diagnostic when the input had records).
    pub(crate) fn read_anything(&self) -> bool {
        self.read
    }

    /// Notes the working directory the transcript records, unless one was
    /// noted already (the first wins; an explicit `workspace` wins over both).
    pub(crate) fn note_cwd(&mut self, cwd: Option<&str>) {
        if self.cwd.is_none() {
            self.cwd = cwd.filter(|c| !c.is_empty()).map(str::to_string);
        }
    }

    /// Notes a timestamp (ISO text or epoch milliseconds) and returns it in ms.
    pub(crate) fn time(&mut self, v: Option<&Value>) -> Option<f64> {
        self.time_scaled(v, 1.0)
    }

    /// Notes a timestamp (ISO text or epoch seconds) and returns it in ms.
    pub(crate) fn time_secs(&mut self, v: Option<&Value>) -> Option<f64> {
        self.time_scaled(v, 1000.0)
    }

    fn time_scaled(&mut self, v: Option<&Value>, scale: f64) -> Option<f64> {
        let ms = match v? {
            Value::String(s) => parse_iso(s)?,
            Value::Number(n) => n.as_f64()? * scale,
            _ => return None,
        };
        if !ms.is_finite() || ms.abs() > 8.64e15 {
            return None;
        }
        if self.t0.is_none() {
            self.t0 = Some(ms);
        }
        Some(ms)
    }

    /// Records a call; a later call with the same id updates it (started then
    /// completed items).
    pub(crate) fn call(&mut self, id: Option<&str>, name: &str, input: Option<Value>, kind: Kind, ts_ms: Option<f64>) {
        self.read = true;
        if self.turns == 0 {
            self.turns = 1;
        }
        if let Some(&i) = id.and_then(|id| self.by_id.get(id)) {
            let c = &mut self.calls[i];
            if c.name != name {
                c.name = name.to_string();
            }
            if input.is_some() {
                c.input = input;
            }
            c.kind = kind;
            if c.ts_ms.is_none() {
                c.ts_ms = ts_ms;
            }
            return;
        }
        if let Some(id) = id {
            self.by_id.insert(id.to_string(), self.calls.len());
        }
        self.calls.push(Call {
            turn: self.turn,
            // Set from `by_id`'s key in `finish` (the id is stored once).
            id: None,
            name: name.to_string(),
            input,
            kind,
            ts_ms,
            output: None,
            ok: None,
            end_ms: None,
        });
    }

    /// Records the result of call `id` (ignored when no such call was made).
    pub(crate) fn result(&mut self, id: &str, output: Option<Value>, ok: Option<bool>, end_ms: Option<f64>) {
        if let Some(&i) = self.by_id.get(id) {
            let c = &mut self.calls[i];
            if output.is_some() {
                c.output = output;
            }
            if ok.is_some() {
                c.ok = ok;
            }
            if end_ms.is_some() {
                c.end_ms = end_ms;
            }
        }
    }

    fn rel(&self, p: &str) -> String {
        relative_path(p, self.opts.workspace.as_deref().or(self.cwd.as_deref()))
    }

    /// The events, grouped into turns: each call's events go straight into
    /// its turn.
    pub(crate) fn finish(mut self, harness: super::Harness) -> Run {
        let mut calls = std::mem::take(&mut self.calls);
        for (id, i) in std::mem::take(&mut self.by_id) {
            calls[i].id = Some(id);
        }
        let n = calls.iter().map(|c| c.turn + 1).max().unwrap_or(0).max(self.turns);
        let mut run = Run::with_empty_turns(Some(harness), n, self.unreported);
        let mut sizes = vec![0usize; run.turns.len()];
        for c in &calls {
            sizes[c.turn as usize] += match &c.kind {
                Kind::Edit(paths) => paths.len().max(1),
                _ => 1,
            };
        }
        for (t, size) in run.turns.iter_mut().zip(sizes) {
            t.events.reserve_exact(size);
        }
        for c in calls {
            let t = c.turn as usize;
            self.push_events(c, &mut run.turns[t].events);
        }
        run
    }

    fn push_events(&self, c: Call, out: &mut Vec<Event>) {
        let mut e = Event::new(c.turn, EventType::Tool);
        e.ts = c.ts_ms.and_then(to_iso_string);
        e.at_ms = c.ts_ms.zip(self.t0).map(|(t, t0)| t - t0);
        e.duration_ms = c.ts_ms.zip(c.end_ms).map(|(a, b)| (b - a).max(0.0));
        e.tool_call_id = c.id;
        e.name = Some(c.name);
        e.output = c.output;
        e.ok = c.ok;
        match c.kind {
            Kind::Shell(cmd) => {
                let mut input = match c.input {
                    Some(Value::Object(m)) => m,
                    _ => Map::new(),
                };
                input.insert("command".into(), Value::String(cmd.clone()));
                e.input = Some(Value::Object(input));
                e.target = Some(cmd);
            }
            Kind::Edit(paths) if c.ok == Some(true) && !paths.is_empty() => {
                // One file-edit per file; the call's input and output (which
                // may name every file) are on the first only, so that a patch
                // of n files gives events of linear size, not n copies of it.
                e.kind = EventType::FileEdit;
                let output = e.output.take();
                let rest = e.clone();
                e.output = output;
                e.input = c.input;
                let mut paths = paths.into_iter();
                if let Some(p) = paths.next() {
                    e.path = Some(self.rel(&p));
                    out.push(e);
                }
                for p in paths {
                    let mut f = rest.clone();
                    f.path = Some(self.rel(&p));
                    out.push(f);
                }
                return;
            }
            Kind::Edit(paths) => {
                e.target = paths.first().map(|p| self.rel(p));
                e.input = c.input;
            }
            Kind::Read(p) => {
                e.target = Some(self.rel(&p));
                e.input = c.input;
            }
            Kind::WebSearch(q) => {
                e.kind = EventType::WebSearch;
                e.query = Some(q);
                e.input = c.input;
            }
            Kind::WebFetch(u) => {
                e.kind = EventType::WebFetch;
                e.url = Some(u);
                e.input = c.input;
            }
            Kind::Tool => {
                e.target = path_field(c.input.as_ref()).map(|p| self.rel(p));
                e.input = c.input;
            }
        }
        out.push(e);
    }
}

/// The first string among the usual path fields of a tool input.
pub(crate) fn path_field(input: Option<&Value>) -> Option<&str> {
    let input = input?;
    [
        "file_path",
        "filePath",
        "path",
        "notebook_path",
        "absolute_path",
        "target_file",
        "file",
    ]
    .iter()
    .find_map(|k| input.get(*k)?.as_str())
}

/// `v[key]` as a string.
pub(crate) fn s<'v>(v: &'v Value, key: &str) -> Option<&'v str> {
    v.get(key)?.as_str()
}

/// `[{type:"text",text}, ...]` joined by newlines, when `v` is such a list.
fn joined_text(v: &Value) -> Option<Value> {
    let items = v.as_array().filter(|items| !items.is_empty())?;
    if !items.iter().all(|i| i.get("text").is_some_and(Value::is_string)) {
        return None;
    }
    let texts: Vec<&str> = items.iter().filter_map(|i| i.get("text")?.as_str()).collect();
    Some(Value::String(texts.join("\n")))
}

/// The text of a tool result: a string as is, `[{type:"text",text}]` joined
/// by newlines, anything else unchanged.
pub(crate) fn text_of(v: &Value) -> Value {
    joined_text(v).unwrap_or_else(|| v.clone())
}

/// [`text_of`] for an owned value (no copy when it is not a text list).
pub(crate) fn text_into(v: Value) -> Value {
    joined_text(&v).unwrap_or(v)
}
