//! The normalised call record every reader produces, the diagnostics, and the
//! [`TraceBuilder`] the readers feed (calls, texts, results, steps) in trace
//! order, with [`Loc`], where in the input something was found.
//!
//! Results are joined to their calls by id (the latest call with that id);
//! an empty id is kept as emitted but never used for joining.

use super::lenient::Field;
use rustc_hash::FxHashMap;
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::fmt;

/// Why a call's arguments could not be read as a JSON object. The call is
/// kept, its `arguments` are `{}`, and `raw_arguments` holds the text as found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ArgumentsError {
    /// The arguments text is empty (`""` or only white space).
    Empty,
    /// The arguments text is not JSON (e.g. cut short: `{"city": "Par`).
    NotJson,
    /// The arguments are JSON but not an object (`[1, 2]`, `42`, `null` text).
    NotObject,
    /// The arguments text is a JSON *string* that itself holds a JSON object
    /// (`"{\"a\":1}"` encoded twice).
    DoubleEncoded,
    /// The tool takes free text, not JSON (OpenAI custom tools).
    Freeform,
    /// The call records no arguments where its format requires them (an AI
    /// SDK `tool-call` part with neither `input` nor `args`).
    Missing,
}

impl ArgumentsError {
    /// The stable string form, e.g. `"NOT_JSON"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ArgumentsError::Empty => "EMPTY",
            ArgumentsError::NotJson => "NOT_JSON",
            ArgumentsError::NotObject => "NOT_OBJECT",
            ArgumentsError::DoubleEncoded => "DOUBLE_ENCODED",
            ArgumentsError::Freeform => "FREEFORM",
            ArgumentsError::Missing => "MISSING",
        }
    }
}

/// Who runs the tool: the caller (`function`), an MCP server reached by the
/// provider (`mcp`), the provider itself (`server`: web search, tool search,
/// code execution), or a free-text tool (`custom`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CallKind {
    /// A function tool the caller runs.
    Function,
    /// A tool of an MCP server the provider called.
    Mcp,
    /// A tool the provider runs itself.
    Server,
    /// A free-text (custom) tool.
    Custom,
}

/// One tool call read from a trace, in call order.
///
/// JSON shape (camelCase): `{ toolName, arguments, id?, result?, isError?,
/// step, index, kind, server?, argumentsError?, rawArguments? }`.
/// `step` is the 0-based model turn (assistant message, response or AI SDK
/// step) the call was emitted in; `index` its 0-based position within that
/// step. `result`/`isError` come from the tool result joined by `id`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TraceToolCall {
    /// The tool's name exactly as emitted (never renamed).
    pub tool_name: String,
    /// The arguments object; `{}` when the trace gave none or when
    /// `arguments_error` is set.
    pub arguments: Map<String, Value>,
    /// The call id as emitted (`""` kept as is, never used for joining).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The tool's result, joined by id (or carried by the call item).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<Value>,
    /// Whether the result is an error, when the trace says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_error: Option<bool>,
    /// The 0-based model turn the call was emitted in.
    pub step: usize,
    /// The 0-based position of the call within its step.
    pub index: usize,
    /// Who runs the tool.
    pub kind: CallKind,
    /// The MCP server label (`mcp` calls) when the trace names it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub server: Option<String>,
    /// Why the arguments could not be read as an object, if they could not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arguments_error: Option<ArgumentsError>,
    /// The arguments text as found, when `arguments_error` is set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub raw_arguments: Option<String>,
}

impl TraceToolCall {
    /// The call `name` with `args` (unreadable ones as `{}` plus why and the
    /// raw text), at `index` in `step`, no result yet: the one constructor the
    /// readers, `PromptResultData` and the agent loop share.
    pub(crate) fn new(name: String, args: Args, id: Option<String>, kind: CallKind, step: usize, index: usize) -> Self {
        let (arguments_error, raw_arguments) = args.error.map_or((None, None), |(e, raw)| (Some(e), Some(raw)));
        TraceToolCall {
            tool_name: name,
            arguments: args.map,
            id,
            result: None,
            is_error: None,
            step,
            index,
            kind,
            server: None,
            arguments_error,
            raw_arguments,
        }
    }
}

/// Something in a trace that was not read as-is: a cut-short stream, an
/// unreadable event, an ignored item, a result without its call. `code` is
/// stable (see [`crate::traces`] module docs), `path` locates it in the input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// The stable code, e.g. `"MALFORMED_CALL"`.
    pub code: &'static str,
    /// Where in the input: `[3].tool_calls[0].function.name`, `events`, `line 7`.
    pub path: String,
    /// What was found and what was done with it.
    pub message: String,
}

/// A location in the input, built on the stack as a reader descends and
/// printed (`[3].tool_calls[0].function`) only when a diagnostic needs it.
#[derive(Clone, Copy)]
pub(crate) enum Loc<'p> {
    Root(&'static str),
    Index(&'p Loc<'p>, usize),
    Key(&'p Loc<'p>, &'static str),
}

impl<'p> Loc<'p> {
    /// The item `i` of the array here.
    pub(crate) fn i(&'p self, i: usize) -> Loc<'p> {
        Loc::Index(self, i)
    }
    /// The member `key` of the object here.
    pub(crate) fn k(&'p self, key: &'static str) -> Loc<'p> {
        Loc::Key(self, key)
    }
}

impl fmt::Display for Loc<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Loc::Root(name) => f.write_str(name),
            Loc::Index(up, i) => write!(f, "{up}[{i}]"),
            Loc::Key(Loc::Root(""), key) => f.write_str(key),
            Loc::Key(up, key) => write!(f, "{up}.{key}"),
        }
    }
}

/// Arguments read from a trace: the object, or `{}` plus why and the raw text.
pub(crate) struct Args {
    pub(crate) map: Map<String, Value>,
    pub(crate) error: Option<(ArgumentsError, String)>,
}

impl Args {
    pub(crate) fn ok(map: Map<String, Value>) -> Args {
        Args { map, error: None }
    }
    fn bad(code: ArgumentsError, raw: String) -> Args {
        Args {
            map: Map::new(),
            error: Some((code, raw)),
        }
    }

    /// Arguments given as JSON text (OpenAI `function.arguments`, stream fragments).
    pub(crate) fn from_text(text: &str) -> Args {
        if text.trim().is_empty() {
            return Args::bad(ArgumentsError::Empty, text.to_owned());
        }
        match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(map)) => Args::ok(map),
            Ok(Value::String(inner)) if matches!(serde_json::from_str(&inner), Ok(Value::Object(_))) => {
                Args::bad(ArgumentsError::DoubleEncoded, text.to_owned())
            }
            Ok(_) => Args::bad(ArgumentsError::NotObject, text.to_owned()),
            Err(_) => Args::bad(ArgumentsError::NotJson, text.to_owned()),
        }
    }

    /// Arguments given as a JSON value (Anthropic `input`, Gemini `args`, AI SDK
    /// `input`/`args`): absent or `null` is `{}`; a string is read as JSON text.
    pub(crate) fn from_value(v: Option<Value>) -> Args {
        match v {
            None | Some(Value::Null) => Args::ok(Map::new()),
            Some(Value::Object(map)) => Args::ok(map),
            Some(Value::String(s)) => Args::from_text(&s),
            Some(other) => Args::bad(ArgumentsError::NotObject, other.to_string()),
        }
    }

    /// Arguments a format requires (AI SDK `tool-call` parts): absent is
    /// [`ArgumentsError::Missing`], else as [`Args::from_value`].
    pub(crate) fn required(v: Option<Value>) -> Args {
        match v {
            None => Args::bad(ArgumentsError::Missing, String::new()),
            v => Args::from_value(v),
        }
    }

    /// Arguments as OpenAI sends them (`function.arguments`, `arguments` of
    /// Responses items): JSON text, absent is empty text; a value as [`Args::from_value`].
    pub(crate) fn from_arguments(v: Option<Value>) -> Args {
        match v {
            Some(Value::String(text)) => Args::from_text(&text),
            None => Args::from_text(""),
            other => Args::from_value(other),
        }
    }

    /// Free-text input of a custom tool.
    pub(crate) fn freeform(text: &str) -> Args {
        Args::bad(ArgumentsError::Freeform, text.to_owned())
    }
}

/// A call as a reader hands it to the [`TraceBuilder`].
pub(crate) struct CallIn {
    pub(crate) name: String,
    pub(crate) args: Args,
    pub(crate) id: Option<String>,
    pub(crate) kind: CallKind,
    pub(crate) server: Option<String>,
    /// A result carried by the call item itself (OpenAI `mcp_call.output`).
    pub(crate) result: Option<(Value, Option<bool>)>,
}

impl CallIn {
    pub(crate) fn new(name: &str, args: Args, id: Option<&str>, kind: CallKind) -> CallIn {
        CallIn {
            name: name.to_owned(),
            args,
            id: id.map(str::to_owned),
            kind,
            server: None,
            result: None,
        }
    }
}

/// What a reader produced.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Trace {
    pub(crate) calls: Vec<TraceToolCall>,
    pub(crate) messages: Vec<Value>,
    pub(crate) text: String,
    pub(crate) error: Option<String>,
    pub(crate) diagnostics: Vec<Diagnostic>,
    pub(crate) meta: RunMeta,
}

/// What a trace records about the run besides its calls and messages (each
/// `None` or empty when it does not say).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct RunMeta {
    /// The prompt a trace names (MCPJam `query`); else the last user text.
    pub(crate) prompt: Option<String>,
    /// The text of the last `user` message with text.
    pub(crate) last_user_text: Option<String>,
    pub(crate) input_tokens: Option<u64>,
    pub(crate) output_tokens: Option<u64>,
    /// A total the trace records as the run's own (MCPJam `tokens.total`).
    pub(crate) total_tokens: Option<u64>,
    pub(crate) e2e_ms: Option<f64>,
    pub(crate) llm_ms: Option<f64>,
    pub(crate) mcp_ms: Option<f64>,
    pub(crate) model: Option<String>,
    pub(crate) provider: Option<String>,
    pub(crate) spans: Vec<Value>,
    pub(crate) widget_snapshots: Vec<Value>,
    /// Whether a tool result read shows a failed tool (as the message part
    /// built for it would: see [`super::eval`]).
    pub(crate) tool_failed: bool,
}

/// Collects calls, results, texts and messages in trace order. Steps are
/// begun by the readers ([`TraceBuilder::begin_turn`] per model turn). Messages
/// (built only when asked for) are kept in the AI SDK `ModelMessage` shape
/// the reference's `getMessages()` returns: `{ role, content }` with
/// assistant parts `text` / `tool-call` and tool parts `tool-result`.
#[derive(Default, Clone)]
pub(crate) struct TraceBuilder {
    t: Trace,
    /// Set when text handed in as JSON turned out not to be JSON.
    not_json: bool,
    messages: bool,
    step: Option<usize>,
    index: usize,
    /// Texts and calls in the current step.
    turn_len: usize,
    /// Index in `messages` of the current assistant message.
    assistant: Option<usize>,
    /// Index in `messages` of the current tool message.
    tool_msg: Option<usize>,
    by_id: FxHashMap<String, usize>,
    /// A non-model message or a tool result was read.
    read_other: bool,
}

impl TraceBuilder {
    /// A builder that also keeps the messages when `messages` is set.
    pub(crate) fn new(messages: bool) -> TraceBuilder {
        TraceBuilder {
            messages,
            ..Default::default()
        }
    }

    /// Marks the input as not JSON (what was read is then thrown away).
    pub(crate) fn not_json(&mut self) {
        self.not_json = true;
    }

    /// Whether text handed in as JSON turned out not to be.
    pub(crate) fn is_not_json(&self) -> bool {
        self.not_json
    }

    /// Starts a new model turn (step).
    pub(crate) fn begin_turn(&mut self) {
        self.step = Some(self.step.map_or(0, |s| s + 1));
        self.index = 0;
        self.turn_len = 0;
        self.t.text.clear();
        self.assistant = None;
        self.tool_msg = None;
        if self.messages {
            self.t.messages.push(json!({ "role": "assistant", "content": [] }));
            self.assistant = Some(self.t.messages.len() - 1);
        }
    }

    fn ensure_turn(&mut self) {
        if self.step.is_none() {
            self.begin_turn();
        }
    }

    /// Whether the current turn has no call and no text yet.
    pub(crate) fn turn_is_empty(&self) -> bool {
        self.step.is_none() || self.turn_len == 0
    }

    /// A non-model message (`user`, `system`, `developer`) with its text.
    pub(crate) fn other_message(&mut self, role: &str, text: String) {
        self.read_other = true;
        if role == "user" && !text.is_empty() {
            self.t.meta.last_user_text = Some(text.clone());
        }
        if self.messages {
            self.t
                .messages
                .push(obj([("role", role.into()), ("content", text.into())]));
        }
        self.assistant = None;
        self.tool_msg = None;
    }

    /// The parts of the current assistant message (a new one after a tool
    /// or user message); `None` when messages are not kept.
    fn assistant_parts(&mut self) -> Option<&mut Vec<Value>> {
        if !self.messages {
            return None;
        }
        let i = match self.assistant {
            Some(i) => i,
            None => {
                self.t.messages.push(json!({ "role": "assistant", "content": [] }));
                self.tool_msg = None;
                *self.assistant.insert(self.t.messages.len() - 1)
            }
        };
        self.t.messages[i].get_mut("content").and_then(Value::as_array_mut)
    }

    /// Model text of the current turn (appended; empty text is ignored).
    pub(crate) fn text(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        self.ensure_turn();
        self.turn_len += 1;
        self.t.text.push_str(text);
        if let Some(parts) = self.assistant_parts() {
            if let Some(Value::Object(last)) = parts.last_mut() {
                if last.get("type").and_then(Value::as_str) == Some("text") {
                    if let Some(Value::String(s)) = last.get_mut("text") {
                        s.push_str(text);
                        return;
                    }
                }
            }
            parts.push(obj([("type", "text".into()), ("text", text.into())]));
        }
    }

    /// A tool call of the current turn, found `at` in the input.
    pub(crate) fn call(&mut self, c: CallIn, at: &Loc) {
        self.ensure_turn();
        self.turn_len += 1;
        let pos = self.t.calls.len();
        if let Some(id) = c.id.as_deref().filter(|id| !id.is_empty()) {
            self.by_id.insert(id.to_owned(), pos);
        }
        if self.messages {
            let part = obj([
                ("type", "tool-call".into()),
                ("toolCallId", c.id.clone().unwrap_or_default().into()),
                ("toolName", c.name.clone().into()),
                ("input", Value::Object(c.args.map.clone())),
            ]);
            if let Some(parts) = self.assistant_parts() {
                parts.push(part);
            }
        }
        let mut call = TraceToolCall::new(c.name, c.args, c.id, c.kind, self.step.unwrap_or(0), self.index);
        call.server = c.server;
        let arguments_error = call.arguments_error;
        self.t.calls.push(call);
        self.index += 1;
        if let Some((output, is_error)) = c.result {
            if self.messages {
                let call = &self.t.calls[pos];
                let (id, name) = (call.id.clone().unwrap_or_default(), call.tool_name.clone());
                self.result_part(&id, name, &output, is_error);
            }
            self.set_result(pos, output, is_error);
        }
        if let Some(e) = arguments_error {
            let call = &self.t.calls[pos];
            let msg = format!("arguments of {} ({}) read as {{}}", call.tool_name, e.as_str());
            self.diag("ARGUMENTS_UNREADABLE", at, msg);
        }
    }

    fn set_result(&mut self, at: usize, output: Value, is_error: Option<bool>) {
        self.t.meta.tool_failed |= shows_failure(&output, is_error);
        let call = &mut self.t.calls[at];
        call.result = Some(output);
        call.is_error = is_error;
    }

    /// A tool result, joined to its call by `id`; without an id (Gemini
    /// responses without ids), to the first call named `name` that has no
    /// result yet. In the messages, a `tool-result` part of a tool message.
    pub(crate) fn result(
        &mut self,
        id: Option<&str>,
        name: Option<&str>,
        output: Value,
        is_error: Option<bool>,
        at: &Loc,
    ) {
        self.read_other = true;
        let found = match id.filter(|id| !id.is_empty()) {
            Some(id) => self.by_id.get(id).copied(),
            None => name.and_then(|n| {
                self.t
                    .calls
                    .iter()
                    .position(|c| c.tool_name == n && c.result.is_none() && c.id.as_deref().is_none_or(str::is_empty))
            }),
        };
        if self.messages {
            let tool_name = found
                .map(|i| self.t.calls[i].tool_name.clone())
                .or(name.map(str::to_owned))
                .unwrap_or_default();
            self.result_part(id.unwrap_or_default(), tool_name, &output, is_error);
        }
        match found {
            Some(at) => self.set_result(at, output, is_error),
            None => {
                self.t.meta.tool_failed |= shows_failure(&output, is_error);
                let msg = format!("a tool result for id {:?} matches no call", id.unwrap_or(""));
                self.diag("UNMATCHED_RESULT", at, msg);
            }
        }
    }

    /// A `tool-result` part (AI SDK v5+ `ToolResultPart`: `output` is `{
    /// type: "text" | "json" | "error-text" | "error-json", value }`, plus
    /// `isError: true` for a failed tool) in the current tool message.
    fn result_part(&mut self, id: &str, tool_name: String, output: &Value, is_error: Option<bool>) {
        if !self.messages {
            return;
        }
        let failed = is_error == Some(true);
        let ty = match (output.is_string(), failed) {
            (true, false) => "text",
            (false, false) => "json",
            (true, true) => "error-text",
            (false, true) => "error-json",
        };
        let mut part = obj([
            ("type", "tool-result".into()),
            ("toolCallId", id.into()),
            ("toolName", tool_name.into()),
            ("output", obj([("type", ty.into()), ("value", output.clone())])),
        ]);
        if failed {
            part["isError"] = true.into();
        }
        match self.tool_msg {
            Some(i) => {
                if let Some(Value::Array(parts)) = self.t.messages[i].get_mut("content") {
                    parts.push(part);
                }
            }
            None => {
                self.t
                    .messages
                    .push(obj([("role", "tool".into()), ("content", Value::Array(vec![part]))]));
                self.tool_msg = Some(self.t.messages.len() - 1);
                self.assistant = None;
            }
        }
    }

    /// What the trace records about the run (usage, model, spans, …), for
    /// the readers to fill in.
    pub(crate) fn meta(&mut self) -> &mut RunMeta {
        &mut self.t.meta
    }

    /// A token count as read: `None` when absent or `null`. Any other value
    /// (a string `"12"`, a negative or fractional number) is no count: a
    /// `USAGE_UNREADABLE` diagnostic at `at`, read as not recorded (never
    /// silently as 0).
    pub(crate) fn tokens(&mut self, count: &Field<u64>, at: &Loc) -> Option<u64> {
        if let Field::Other = count {
            let msg = format!("{at} is not a token count (a non-negative integer); read as not recorded");
            self.diag("USAGE_UNREADABLE", at, msg);
        }
        count.get().copied()
    }

    /// A response's usage object at the document's member `root`: its input
    /// and output counts, each with its key, read by [`Self::tokens`] and
    /// added by [`Self::add_usage`].
    pub(crate) fn usage(
        &mut self,
        root: &'static str,
        input: (&Field<u64>, &'static str),
        output: (&Field<u64>, &'static str),
    ) {
        let at = Loc::Root(root);
        let input = self.tokens(input.0, &at.k(input.1));
        let output = self.tokens(output.0, &at.k(output.1));
        self.add_usage(input, output);
    }

    /// Token counts of one model response, added to those read before (a
    /// run of several responses or steps counts them all).
    pub(crate) fn add_usage(&mut self, input: Option<u64>, output: Option<u64>) {
        let m = &mut self.t.meta;
        if let Some(n) = input {
            m.input_tokens = Some(m.input_tokens.unwrap_or(0).saturating_add(n));
        }
        if let Some(n) = output {
            m.output_tokens = Some(m.output_tokens.unwrap_or(0).saturating_add(n));
        }
    }

    /// The model that answered (the latest one read wins).
    pub(crate) fn model(&mut self, model: Option<&str>) {
        if let Some(m) = model.filter(|m| !m.is_empty()) {
            self.t.meta.model = Some(m.to_owned());
        }
    }

    /// The provider whose API format the trace is in, unless the trace named one.
    pub(crate) fn provider_of_format(&mut self, provider: &str) {
        self.t.meta.provider.get_or_insert_with(|| provider.to_owned());
    }

    /// Whether messages are built.
    pub(crate) fn keeps_messages(&self) -> bool {
        self.messages
    }

    /// Runs `read` without building messages (what it reads is kept otherwise).
    pub(crate) fn without_messages(&mut self, read: impl FnOnce(&mut TraceBuilder)) {
        let keep = std::mem::replace(&mut self.messages, false);
        read(self);
        self.messages = keep;
    }

    /// Messages as the trace recorded them, appended when messages are kept.
    pub(crate) fn recorded_messages(&mut self, messages: Vec<Value>) {
        if self.messages {
            self.t.messages.extend(messages);
            self.assistant = None;
            self.tool_msg = None;
        }
    }

    /// The calls read so far.
    pub(crate) fn calls(&self) -> &[TraceToolCall] {
        &self.t.calls
    }

    /// Replaces the calls (MCPJam `actualToolCalls`), adding `diagnostics`;
    /// the messages stay as read.
    pub(crate) fn replace_calls(&mut self, calls: Vec<TraceToolCall>, diagnostics: Vec<Diagnostic>) {
        self.by_id.clear();
        self.t.calls = calls;
        self.t.diagnostics.extend(diagnostics);
    }

    /// Marks the call with this id as failed (MCPJam spans with status `error`).
    pub(crate) fn mark_error(&mut self, id: &str) {
        if let Some(&at) = self.by_id.get(id) {
            self.t.calls[at].is_error = Some(true);
        }
    }

    /// Diagnostics found before reading (unreadable stream lines) go first.
    pub(crate) fn prepend_diagnostics(&mut self, mut first: Vec<Diagnostic>) {
        first.append(&mut self.t.diagnostics);
        self.t.diagnostics = first;
    }

    /// A diagnostic (see the codes in [`crate::traces`]) found at `path`.
    pub(crate) fn diag(&mut self, code: &'static str, path: impl fmt::Display, message: String) {
        let path = path.to_string();
        self.t.diagnostics.push(Diagnostic { code, path, message });
    }

    /// A stream that ended before its final event (`STREAM_INCOMPLETE` at `events`).
    pub(crate) fn incomplete(&mut self, message: String) {
        self.diag("STREAM_INCOMPLETE", "events", message);
    }

    /// A call whose name (at `path`) is not a string: `MALFORMED_CALL`, skipped.
    pub(crate) fn nameless(&mut self, path: impl fmt::Display) {
        self.diag("MALFORMED_CALL", path, "not a string; call skipped".into());
    }

    /// The error of the run (the first one reported wins).
    pub(crate) fn error(&mut self, message: String) {
        self.t.error.get_or_insert(message);
    }

    /// An API error object's `message`, or the object as JSON text.
    pub(crate) fn error_object(&mut self, e: &Value) {
        self.error(s(e, "message").map_or_else(|| e.to_string(), str::to_owned));
    }

    pub(crate) fn finish(mut self) -> Trace {
        // Reading nothing from a non-empty input is a diagnostic, never a silent empty run.
        let t = &self.t;
        let usage_or_model = t.meta.input_tokens.is_some()
            || t.meta.output_tokens.is_some()
            || t.meta.total_tokens.is_some()
            || t.meta.model.is_some()
            || t.meta.prompt.is_some()
            || !t.meta.spans.is_empty();
        if self.step.is_none()
            && !self.read_other
            && t.calls.is_empty()
            && t.text.is_empty()
            && t.error.is_none()
            && t.diagnostics.is_empty()
            && !usage_or_model
        {
            self.diag(
                "NOTHING_READ",
                "trace",
                "nothing was read: no model turn, tool call, message, usage or error where this format records them"
                    .into(),
            );
        }
        self.t
    }
}

/// Whether a tool result shows a failed tool as the part [`TraceBuilder`]
/// builds for it does under the reference's classifier: marked failed, or
/// an MCP result object with `isError: true`.
fn shows_failure(output: &Value, is_error: Option<bool>) -> bool {
    is_error == Some(true) || output.get("isError") == Some(&Value::Bool(true))
}

/// An object of these members, built without a serde round trip (the
/// `json!` macro deep-copies interpolated values through `Serialize`).
pub(crate) fn obj<const N: usize>(members: [(&str, Value); N]) -> Value {
    Value::Object(members.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

/// `v[key]` as a string.
pub(crate) fn s<'v>(v: &'v Value, key: &str) -> Option<&'v str> {
    v.get(key).and_then(Value::as_str)
}

/// `v[key]` as an array (empty when absent or not an array).
pub(crate) fn arr<'v>(v: &'v Value, key: &str) -> &'v [Value] {
    v.get(key).and_then(Value::as_array).map_or(&[], Vec::as_slice)
}

/// The text of a content value: a string, or the `text` of its text parts.
pub(crate) fn content_text(v: Option<Value>) -> String {
    match v {
        Some(Value::String(s)) => s,
        Some(Value::Array(parts)) => parts
            .iter()
            .filter_map(|p| p.get("text").and_then(Value::as_str))
            .collect(),
        _ => String::new(),
    }
}
