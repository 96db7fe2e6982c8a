//! OpenAI Chat Completions: a `chat.completion` response, a message list
//! (`role: assistant` with `tool_calls`, `role: tool` results by
//! `tool_call_id`), and streamed `chat.completion.chunk`s whose
//! `delta.tool_calls` fragments are joined by `index` (and the legacy
//! `delta.function_call` fragments, one call a message, joined in order).
//!
//! Reference: the OpenAI API reference, "Chat Completions" (`tool_calls[]` of
//! `{ id, type: "function", function: { name, arguments } }` with
//! `arguments` a JSON string; `type: "custom"` with `custom: { name, input }`;
//! the legacy `function_call`) and "Streaming" (chunks carry
//! `delta.tool_calls[{ index, id?, function: { name?, arguments } }]`, or the
//! legacy `delta.function_call: { name?, arguments }`, finish reason
//! `function_call`).

use super::StreamReader;
use crate::traces::input::{each, Doc};
use crate::traces::lenient::{lenient, Field, Seq, Str};
use crate::traces::record::{content_text, obj, Args, CallIn, CallKind, Loc, TraceBuilder};
use serde_json::{Map, Value};

lenient! {
    /// A response.
    struct ChatDoc<'a> {
        choices: Seq<ChatChoice<'a>> = "choices",
        error: Field<Value> = "error",
        model: Str<'a> = "model",
        usage: Field<ChatUsage> = "usage",
    }
    /// `usage` of a response or of a stream's last chunk.
    struct ChatUsage { prompt_tokens: Field<u64> = "prompt_tokens", completion_tokens: Field<u64> = "completion_tokens" }
    struct ChatChoice<'a> { message: Field<ChatMessage<'a>> = "message" }
    /// A message of a list, or a response's `choices[].message`.
    struct ChatMessage<'a> {
        role: Str<'a> = "role",
        content: Field<Value> = "content",
        tool_call_id: Str<'a> = "tool_call_id",
        name: Str<'a> = "name",
        tool_calls: Seq<ChatToolCall<'a>> = "tool_calls",
        function_call: Field<ChatFunction<'a>> = "function_call",
    }
    struct ChatToolCall<'a> {
        id: Str<'a> = "id",
        ty: Str<'a> = "type",
        function: Field<ChatFunction<'a>> = "function",
        custom: Field<ChatCustom<'a>> = "custom",
    }
    struct ChatFunction<'a> { name: Str<'a> = "name", arguments: Field<Value> = "arguments" }
    struct ChatCustom<'a> { name: Str<'a> = "name", input: Str<'a> = "input" }
}

/// Reads a response (`{ choices }`), a message list (`[{ role, … }]`, or
/// a request body `{ model, messages }`) or one message (`{ role, … }`). Usage: `usage.prompt_tokens` and
/// `completion_tokens`; the model: `model`.
pub(crate) fn read(doc: Doc, b: &mut TraceBuilder) {
    b.provider_of_format("openai");
    match doc.list("messages") {
        Some(messages) => {
            b.model(doc.member("model").and_then(Doc::as_string).as_deref());
            read_messages(messages, b)
        }
        None if doc.is_list() => read_messages(doc, b),
        // One message (e.g. a response's `choices[0].message` handed in alone).
        None if doc.member("role").is_some() && doc.member("choices").is_none() => {
            message(doc.parse(b), &Loc::Root(""), b)
        }
        None => read_response(doc.parse(b), b),
    }
}

fn read_response(d: ChatDoc, b: &mut TraceBuilder) {
    b.model(d.model.str());
    if let Some(u) = d.usage.get() {
        b.usage(
            "usage",
            (&u.prompt_tokens, "prompt_tokens"),
            (&u.completion_tokens, "completion_tokens"),
        );
    }
    let choices = d.choices.into_items();
    if let n @ 2.. = choices.len() {
        let msg = format!("{n} alternative choices; only choices[0] is read");
        b.diag("MULTIPLE_CHOICES", "choices", msg);
    }
    if let Some(e) = d.error.non_null() {
        b.error_object(e);
    }
    if let Some(c) = choices.into_iter().next().filter(|c| c.message.present()) {
        b.begin_turn();
        let at = Loc::Root("choices").i(0);
        assistant(c.message.or_default(), &at.k("message"), b);
    }
}

fn read_messages(messages: Doc, b: &mut TraceBuilder) {
    each(messages, b, |i, m: ChatMessage, b| message(m, &Loc::Root("").i(i), b));
}

/// One message of a list, by its role.
fn message(m: ChatMessage, at: &Loc, b: &mut TraceBuilder) {
    match m.role.str() {
        Some("assistant") => {
            b.begin_turn();
            assistant(m, at, b);
        }
        Some("tool") => b.result(m.tool_call_id.str(), None, m.content.or_null(), None, at),
        Some("function") => b.result(None, m.name.str(), m.content.or_null(), None, at),
        Some(role) => b.other_message(role, content_text(m.content.into_option())),
        None => b.diag("IGNORED", at, "a message without a role; skipped".into()),
    }
}

fn assistant(m: ChatMessage, at: &Loc, b: &mut TraceBuilder) {
    b.text(&content_text(m.content.into_option()));
    let calls = at.k("tool_calls");
    // A `tool_calls` of another type than a list (a string, a number, one call
    // object) holds no call this reader can take: said, never silently nothing.
    if matches!(m.tool_calls, Field::Other) {
        b.diag(
            "MALFORMED_CALL",
            calls,
            "tool_calls is not an array; no call read from it".into(),
        );
    }
    for (j, tc) in m.tool_calls.into_items().into_iter().enumerate() {
        tool_call(tc, &calls.i(j), b);
    }
    let at = at.k("function_call");
    match m.function_call {
        Field::Absent | Field::Null => {}
        Field::Is(ChatFunction {
            name: Field::Is(name),
            arguments,
        }) => {
            let args = Args::from_arguments(arguments.into_option());
            b.call(CallIn::new(&name, args, None, CallKind::Function), &at);
        }
        _ => b.diag("MALFORMED_CALL", at, "no name; skipped".into()),
    }
}

fn tool_call(tc: ChatToolCall, at: &Loc, b: &mut TraceBuilder) {
    let id = tc.id.str();
    let (key, why) = match (tc.ty.str(), tc.function) {
        (Some("custom"), _) => match tc.custom.get().and_then(|c| Some((c.name.str()?, c))) {
            Some((name, c)) => {
                let args = Args::freeform(c.input.str().unwrap_or(""));
                return b.call(CallIn::new(name, args, id, CallKind::Custom), at);
            }
            None => ("custom", "a custom tool call without a name; skipped".into()),
        },
        (Some("function") | None, Field::Is(f)) => match f.name {
            Field::Is(name) => {
                let args = Args::from_arguments(f.arguments.into_option());
                return b.call(CallIn::new(&name, args, id, CallKind::Function), at);
            }
            _ => return b.nameless(at.k("function").k("name")),
        },
        (Some("function") | None, _) => (
            "function",
            "a function tool call without a `function` object; skipped".into(),
        ),
        (Some(other), _) => ("type", format!("tool call type {other:?} is not known; skipped")),
    };
    b.diag("MALFORMED_CALL", at.k(key), why);
}

lenient! {
    /// A stream chunk: `choices[].delta` fragments, or an `error`.
    pub(crate) struct ChatChunk<'a> {
        error: Field<Value> = "error",
        choices: Seq<ChunkChoice<'a>> = "choices",
        model: Str<'a> = "model",
        usage: Field<Value> = "usage",
    }
    struct ChunkChoice<'a> {
        index: Field<u64> = "index",
        delta: Field<ChunkDelta<'a>> = "delta",
        finish_reason: Field<Value> = "finish_reason",
    }
    struct ChunkDelta<'a> {
        content: Str<'a> = "content",
        tool_calls: Seq<ChunkCall<'a>> = "tool_calls",
        function_call: Field<ChunkFunction<'a>> = "function_call",
    }
    /// A fragment of a call: `custom` tools stream `custom.input` instead of
    /// `function.arguments`.
    struct ChunkCall<'a> {
        index: Field<u64> = "index",
        id: Str<'a> = "id",
        ty: Str<'a> = "type",
        function: Field<ChunkFunction<'a>> = "function",
        custom: Field<ChunkFunction<'a>> = "custom",
    }
    struct ChunkFunction<'a> { name: Str<'a> = "name", arguments: Str<'a> = "arguments", input: Str<'a> = "input" }
}

/// One call being reassembled from stream fragments.
#[derive(Default)]
struct Pending {
    id: Option<String>,
    ty: Option<String>,
    name: String,
    arguments: String,
    custom: bool,
}

/// Reassembles a chunk stream into the equivalent `chat.completion` response
/// and reads it. A call is complete once a later call index starts or the
/// choice has a `finish_reason`; calls still open when the stream ends are
/// dropped and reported (`STREAM_INCOMPLETE`).
#[derive(Default)]
pub(crate) struct ChatStream {
    text: String,
    model: Option<String>,
    /// The `usage` of the chunk that carries it (the last, with `include_usage`).
    usage: Option<Value>,
    calls: Vec<Pending>,
    /// The legacy `function_call` being joined: (name, arguments).
    function: Option<(String, String)>,
    finished: bool,
    done: bool,
    choices_seen: usize,
}

impl StreamReader for ChatStream {
    type Event<'e> = ChatChunk<'e>;

    fn event(&mut self, at: usize, ev: ChatChunk, _: Doc, b: &mut TraceBuilder) {
        if let Some(e) = ev.error.non_null() {
            b.error_object(e);
        }
        if let Some(m) = ev.model.str() {
            self.model = Some(m.to_owned());
        }
        if let Field::Is(u) = ev.usage {
            self.usage = Some(u).filter(|u| !u.is_null());
        }
        for c in ev.choices.into_items() {
            let index = c.index.get().copied().unwrap_or(0);
            self.choices_seen = self.choices_seen.max((index as usize).saturating_add(1));
            if index == 0 {
                self.choice(at, c, b);
            }
        }
    }

    fn done(&mut self) {
        self.done = true;
    }

    fn end(self, b: &mut TraceBuilder) {
        if self.choices_seen > 1 {
            let msg = format!("{} alternative choices; only choice 0 is read", self.choices_seen);
            b.diag("MULTIPLE_CHOICES", "choices", msg);
        }
        let complete = match self.finished {
            true => self.calls.len(),
            false => self.calls.len().saturating_sub(1),
        };
        if !self.finished {
            let mut open: Vec<&str> = self.calls[complete..].iter().map(|p| p.name.as_str()).collect();
            open.extend(self.function.as_ref().map(|f| f.0.as_str()));
            let or_done = if self.done { "" } else { " or [DONE]" };
            let msg = format!("the stream ended without a finish_reason{or_done}; unfinished calls dropped: {open:?}");
            b.incomplete(msg);
        }
        let tool_calls: Vec<Value> = self
            .calls
            .into_iter()
            .take(complete)
            .filter(|p| !p.name.is_empty() || p.id.is_some())
            .map(Pending::into_call)
            .collect();
        let mut message = obj([("role", "assistant".into()), ("content", self.text.into())]);
        if !tool_calls.is_empty() {
            message["tool_calls"] = Value::Array(tool_calls);
        }
        if let Some((name, arguments)) = self.function.filter(|_| self.finished) {
            message["function_call"] = obj([("name", name.into()), ("arguments", arguments.into())]);
        }
        let choice = obj([("index", 0.into()), ("message", message)]);
        let mut response = obj([("choices", Value::Array(vec![choice]))]);
        if let Some(m) = self.model {
            response["model"] = m.into();
        }
        if let Some(u) = self.usage {
            response["usage"] = u;
        }
        read(Doc::Value(&response), b);
    }
}

impl ChatStream {
    fn choice(&mut self, at: usize, c: ChunkChoice, b: &mut TraceBuilder) {
        if let Some(delta) = c.delta.get() {
            if let Some(t) = delta.content.str() {
                self.text.push_str(t);
            }
            for (j, f) in delta.tool_calls.items().iter().enumerate() {
                self.fragment(f, || format!("events[{at}].choices[0].delta.tool_calls[{j}]"), b);
            }
            if let Some(f) = delta.function_call.get() {
                let (name, arguments) = self.function.get_or_insert_with(Default::default);
                name.push_str(f.name.str().unwrap_or(""));
                arguments.push_str(f.arguments.str().unwrap_or(""));
            }
        }
        if c.finish_reason.non_null().is_some() {
            self.finished = true;
        }
    }

    fn fragment(&mut self, f: &ChunkCall, at: impl FnOnce() -> String, b: &mut TraceBuilder) {
        let Some(&i) = f.index.get() else {
            return b.diag("IGNORED", at(), "a fragment without an index; skipped".into());
        };
        let i = i as usize;
        if self.calls.len() <= i {
            self.calls.resize_with(i + 1, Pending::default);
        }
        let p = &mut self.calls[i];
        if let Some(id) = f.id.str() {
            p.id = Some(id.to_owned());
        }
        if let Some(t) = f.ty.str() {
            p.ty = Some(t.to_owned());
        }
        p.custom |= f.custom.present();
        let func = if f.function.present() { &f.function } else { &f.custom };
        if let Some(func) = func.get() {
            if let Some(n) = func.name.str() {
                p.name.push_str(n);
            }
            if let Some(a) = func.arguments.str().or(func.input.str()) {
                p.arguments.push_str(a);
            }
        }
    }
}

impl Pending {
    /// The call as a response's `tool_calls` item.
    fn into_call(self) -> Value {
        let mut m = Map::new();
        if let Some(id) = self.id {
            m.insert("id".into(), id.into());
        }
        let (ty, key, text_key) = match self.custom {
            true => ("custom".to_owned(), "custom", "input"),
            false => (self.ty.unwrap_or_else(|| "function".into()), "function", "arguments"),
        };
        m.insert("type".into(), ty.into());
        m.insert(
            key.into(),
            obj([("name", self.name.into()), (text_key, self.arguments.into())]),
        );
        Value::Object(m)
    }
}
