//! OpenAI Chat Completions: a `chat.completion` response, a message list
//! (`role: assistant` with `tool_calls`, `role: tool` results by
//! `tool_call_id`), and streamed `chat.completion.chunk`s whose
//! `delta.tool_calls` fragments are joined by `index`.
//!
//! Reference: the OpenAI API reference, "Chat Completions" (`tool_calls[]` of
//! `{ id, type: "function", function: { name, arguments } }` with
//! `arguments` a JSON string; `type: "custom"` with `custom: { name, input }`;
//! the legacy `function_call`) and "Streaming" (chunks carry
//! `delta.tool_calls[{ index, id?, function: { name?, arguments } }]`).

use super::record::{arr, content_text, obj, s, Args, Builder, CallIn, CallKind};
use super::typed::{present, Str};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::borrow::Borrow;

/// Reads a response (`{ choices }`) or a message list (`[{ role, … }]`, or `{ messages }`).
pub(crate) fn read(v: &Value, b: &mut Builder) {
    if let Some(Value::Array(messages)) = v.get("messages") {
        return read_messages(messages, b);
    }
    match v {
        Value::Array(messages) => read_messages(messages, b),
        _ => read_response(v, b),
    }
}

fn read_response(v: &Value, b: &mut Builder) {
    let choices = arr(v, "choices");
    if choices.len() > 1 {
        b.diag(
            "MULTIPLE_CHOICES",
            "choices".into(),
            format!("{} alternative choices; only choices[0] is read", choices.len()),
        );
    }
    if let Some(e) = v.get("error").filter(|e| !e.is_null()) {
        b.error(s(e, "message").map_or_else(|| e.to_string(), str::to_owned));
    }
    if let Some(message) = choices.first().and_then(|c| c.get("message")) {
        b.begin_turn();
        assistant(message, "choices[0].message", b);
    }
}

fn read_messages(messages: &[Value], b: &mut Builder) {
    for (i, m) in messages.iter().enumerate() {
        let path = format!("[{i}]");
        match s(m, "role") {
            Some("assistant") => {
                b.begin_turn();
                assistant(m, &path, b);
            }
            Some("tool") => {
                let output = m.get("content").cloned().unwrap_or(Value::Null);
                b.result(s(m, "tool_call_id"), None, output, None, &path);
            }
            Some("function") => {
                let output = m.get("content").cloned().unwrap_or(Value::Null);
                b.result(None, s(m, "name"), output, None, &path);
            }
            Some(role) => b.other_message(role, content_text(m.get("content"))),
            None => b.diag("IGNORED", path, "a message without a role; skipped".into()),
        }
    }
}

fn assistant(m: &Value, path: &str, b: &mut Builder) {
    b.text(&content_text(m.get("content")));
    for (j, tc) in arr(m, "tool_calls").iter().enumerate() {
        tool_call(tc, &format!("{path}.tool_calls[{j}]"), b);
    }
    if let Some(fc) = m.get("function_call").filter(|f| !f.is_null()) {
        match s(fc, "name") {
            Some(name) => {
                let args = arguments(fc.get("arguments"));
                b.call(
                    CallIn::new(name, args, None, CallKind::Function),
                    &format!("{path}.function_call"),
                );
            }
            None => b.diag(
                "MALFORMED_CALL",
                format!("{path}.function_call"),
                "no name; skipped".into(),
            ),
        }
    }
}

fn arguments(v: Option<&Value>) -> Args {
    match v {
        Some(Value::String(text)) => Args::from_text(text),
        None => Args::from_text(""),
        other => Args::from_value(other),
    }
}

fn tool_call(tc: &Value, path: &str, b: &mut Builder) {
    let id = s(tc, "id");
    match s(tc, "type") {
        Some("custom") => match tc.get("custom").and_then(|c| s(c, "name").map(|n| (n, c))) {
            Some((name, c)) => b.call(
                CallIn::new(name, Args::freeform(s(c, "input").unwrap_or("")), id, CallKind::Custom),
                path,
            ),
            None => b.diag(
                "MALFORMED_CALL",
                format!("{path}.custom"),
                "a custom tool call without a name; skipped".into(),
            ),
        },
        Some("function") | None => match tc.get("function").filter(|f| f.is_object()) {
            Some(f) => match s(f, "name") {
                Some(name) => b.call(
                    CallIn::new(name, arguments(f.get("arguments")), id, CallKind::Function),
                    path,
                ),
                None => b.diag(
                    "MALFORMED_CALL",
                    format!("{path}.function.name"),
                    "not a string; call skipped".into(),
                ),
            },
            None => b.diag(
                "MALFORMED_CALL",
                format!("{path}.function"),
                "a function tool call without a `function` object; skipped".into(),
            ),
        },
        Some(other) => b.diag(
            "MALFORMED_CALL",
            format!("{path}.type"),
            format!("tool call type {other:?} is not known; skipped"),
        ),
    }
}

/// A message of a list, typed (see [`super::typed`]): the fields
/// [`read_messages`] reads, with the same meaning.
#[derive(Deserialize)]
pub(crate) struct Message<'a> {
    #[serde(borrow)]
    role: Option<Str<'a>>,
    content: Option<Value>,
    #[serde(borrow)]
    tool_call_id: Option<Str<'a>>,
    #[serde(borrow)]
    name: Option<Str<'a>>,
    #[serde(borrow)]
    tool_calls: Option<Vec<ToolCall<'a>>>,
    #[serde(borrow)]
    function_call: Option<Function<'a>>,
}

#[derive(Deserialize)]
struct ToolCall<'a> {
    #[serde(borrow)]
    id: Option<Str<'a>>,
    #[serde(borrow, rename = "type")]
    ty: Option<Str<'a>>,
    #[serde(borrow)]
    function: Option<Function<'a>>,
    #[serde(borrow)]
    custom: Option<Custom<'a>>,
}

#[derive(Deserialize)]
struct Function<'a> {
    #[serde(borrow)]
    name: Option<Str<'a>>,
    #[serde(default, deserialize_with = "present")]
    arguments: Option<Value>,
}

#[derive(Deserialize)]
struct Custom<'a> {
    #[serde(borrow)]
    name: Option<Str<'a>>,
    #[serde(borrow)]
    input: Option<Str<'a>>,
}

/// [`read_messages`] over typed messages.
pub(crate) fn read_messages_typed<'a>(messages: &mut dyn Iterator<Item = Message<'a>>, b: &mut Builder) {
    for (i, m) in messages.enumerate() {
        match m.role.as_deref() {
            Some("assistant") => {
                b.begin_turn();
                assistant_typed(&m, i, b);
            }
            Some("tool") => {
                let output = m.content.unwrap_or(Value::Null);
                b.result_at(m.tool_call_id.as_deref(), None, output, None, || format!("[{i}]"));
            }
            Some("function") => {
                let output = m.content.unwrap_or(Value::Null);
                b.result_at(None, m.name.as_deref(), output, None, || format!("[{i}]"));
            }
            Some(role) => b.other_message(role, content_text(m.content.as_ref())),
            None => b.diag("IGNORED", format!("[{i}]"), "a message without a role; skipped".into()),
        }
    }
}

fn assistant_typed(m: &Message, i: usize, b: &mut Builder) {
    b.text(&content_text(m.content.as_ref()));
    for (j, tc) in m.tool_calls.iter().flatten().enumerate() {
        let id = tc.id.as_deref();
        let at = || format!("[{i}].tool_calls[{j}]");
        match tc.ty.as_deref() {
            Some("custom") => match tc.custom.as_ref().and_then(|c| c.name.as_deref().map(|n| (n, c))) {
                Some((name, c)) => b.call_at(
                    CallIn::new(
                        name,
                        Args::freeform(c.input.as_deref().unwrap_or("")),
                        id,
                        CallKind::Custom,
                    ),
                    at,
                ),
                None => b.diag(
                    "MALFORMED_CALL",
                    format!("{}.custom", at()),
                    "a custom tool call without a name; skipped".into(),
                ),
            },
            Some("function") | None => match &tc.function {
                Some(Function {
                    name: Some(name),
                    arguments: a,
                }) => b.call_at(CallIn::new(name, arguments(a.as_ref()), id, CallKind::Function), at),
                Some(_) => b.diag(
                    "MALFORMED_CALL",
                    format!("{}.function.name", at()),
                    "not a string; call skipped".into(),
                ),
                None => b.diag(
                    "MALFORMED_CALL",
                    format!("{}.function", at()),
                    "a function tool call without a `function` object; skipped".into(),
                ),
            },
            Some(other) => b.diag(
                "MALFORMED_CALL",
                format!("{}.type", at()),
                format!("tool call type {other:?} is not known; skipped"),
            ),
        }
    }
    if let Some(fc) = &m.function_call {
        match fc.name.as_deref() {
            Some(name) => b.call_at(
                CallIn::new(name, arguments(fc.arguments.as_ref()), None, CallKind::Function),
                || format!("[{i}].function_call"),
            ),
            None => b.diag(
                "MALFORMED_CALL",
                format!("[{i}].function_call"),
                "no name; skipped".into(),
            ),
        }
    }
}

/// One call being reassembled from stream fragments.
#[derive(Default)]
struct Pending {
    id: Option<String>,
    ty: Option<String>,
    name: String,
    arguments: String,
    /// Custom tools stream `custom.input` instead of `function.arguments`.
    custom: bool,
}

/// Reassembles a chunk stream into the equivalent `chat.completion` response
/// and reads it. A call is complete once a later call index starts or the
/// choice has a `finish_reason`; calls still open when the stream ends are
/// dropped and reported (`STREAM_INCOMPLETE`).
pub(crate) fn read_stream<E: Borrow<Value>>(events: impl Iterator<Item = E>, b: &mut Builder) {
    let mut text = String::new();
    let mut calls: Vec<Pending> = Vec::new();
    let mut finished = false;
    let mut done = false;
    let mut choices_seen = 0usize;
    for (e, ev) in events.enumerate() {
        let ev = ev.borrow();
        if ev.as_str() == Some("[DONE]") {
            done = true;
            continue;
        }
        if let Some(err) = ev.get("error").filter(|e| !e.is_null()) {
            b.error(s(err, "message").map_or_else(|| err.to_string(), str::to_owned));
        }
        for c in arr(ev, "choices") {
            let index = c.get("index").and_then(Value::as_u64).unwrap_or(0);
            choices_seen = choices_seen.max(index as usize + 1);
            if index != 0 {
                continue;
            }
            let delta = c.get("delta").unwrap_or(&Value::Null);
            if let Some(t) = s(delta, "content") {
                text.push_str(t);
            }
            for (j, f) in arr(delta, "tool_calls").iter().enumerate() {
                let Some(i) = f.get("index").and_then(Value::as_u64).map(|i| i as usize) else {
                    b.diag(
                        "IGNORED",
                        format!("events[{e}].choices[0].delta.tool_calls[{j}]"),
                        "a fragment without an index; skipped".into(),
                    );
                    continue;
                };
                if calls.len() <= i {
                    calls.resize_with(i + 1, Pending::default);
                }
                let p = &mut calls[i];
                if let Some(id) = s(f, "id") {
                    p.id = Some(id.to_owned());
                }
                if let Some(t) = s(f, "type") {
                    p.ty = Some(t.to_owned());
                }
                if let Some(func) = f.get("function").or(f.get("custom")) {
                    p.custom |= f.get("custom").is_some();
                    if let Some(n) = s(func, "name") {
                        p.name.push_str(n);
                    }
                    if let Some(a) = s(func, "arguments").or(s(func, "input")) {
                        p.arguments.push_str(a);
                    }
                }
            }
            if c.get("finish_reason").is_some_and(|r| !r.is_null()) {
                finished = true;
            }
        }
    }
    if choices_seen > 1 {
        b.diag(
            "MULTIPLE_CHOICES",
            "choices".into(),
            format!("{choices_seen} alternative choices; only choice 0 is read"),
        );
    }
    let complete = if finished {
        calls.len()
    } else {
        calls.len().saturating_sub(1)
    };
    if !finished {
        let open: Vec<&str> = calls[complete..].iter().map(|p| p.name.as_str()).collect();
        b.diag(
            "STREAM_INCOMPLETE",
            "events".into(),
            format!(
                "the stream ended without a finish_reason{}; unfinished calls dropped: {open:?}",
                if done { "" } else { " or [DONE]" }
            ),
        );
    }
    let tool_calls: Vec<Value> = calls
        .into_iter()
        .take(complete)
        .filter(|p| !p.name.is_empty() || p.id.is_some())
        .map(|p| {
            let mut m = Map::new();
            if let Some(id) = p.id {
                m.insert("id".into(), id.into());
            }
            if p.custom {
                m.insert("type".into(), "custom".into());
                m.insert(
                    "custom".into(),
                    obj([("name", p.name.into()), ("input", p.arguments.into())]),
                );
            } else {
                m.insert("type".into(), p.ty.unwrap_or_else(|| "function".into()).into());
                m.insert(
                    "function".into(),
                    obj([("name", p.name.into()), ("arguments", p.arguments.into())]),
                );
            }
            Value::Object(m)
        })
        .collect();
    let mut message = obj([("role", "assistant".into()), ("content", text.into())]);
    if !tool_calls.is_empty() {
        message["tool_calls"] = Value::Array(tool_calls);
    }
    let choice = obj([("index", 0.into()), ("message", message)]);
    read_response(&obj([("choices", Value::Array(vec![choice]))]), b);
}
