//! Vercel AI SDK v4, v5 and v6: `result.steps`, model messages
//! (`CoreMessage`/`ModelMessage`), UI messages (`UIMessage`, also inside a
//! `useChat` request body `{ messages }`), and UI message stream chunks.
//!
//! Reference: the AI SDK docs and sources at `ai@4.3.0`, `ai@5.0.0`,
//! `ai@6.0.0`: v4 steps carry `toolCalls[{ toolCallId, toolName, args }]` and
//! `toolResults[{ toolCallId, result }]`; v5/v6 steps carry `content[]` parts
//! `tool-call { input }`, `tool-result { output }`, `tool-error { error }`.
//! Model messages: assistant `tool-call` parts (`args` in v4, `input` in v5+),
//! `role: "tool"` messages of `tool-result` parts (`result` in v4; `output:
//! { type: "text" | "json" | "error-text" | "error-json" | "content", value }`
//! in v5+). UI messages: v4 `tool-invocation` parts (`toolInvocation { state,
//! args, result }`) or `toolInvocations[]`; v5+ `tool-<name>` and
//! `dynamic-tool` parts (`state`, `input`, `output`, `errorText`); a
//! `step-start` part begins a new step. UI message stream: `start-step`,
//! `tool-input-start` / `tool-input-delta` / `tool-input-available`,
//! `tool-output-available` / `tool-output-error`, `text-delta`, `finish`.

use super::record::{arr, content_text, obj, s, Args, Builder, CallIn, CallKind};
use super::typed::{present, Str, TextOr};
use rustc_hash::FxHashMap;
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::{json, Value};
use std::borrow::Borrow;

/// Reads steps (`[step]` or `{ steps }`), model messages or UI messages
/// (`[message]` or `{ messages }`).
pub(crate) fn read(v: &Value, b: &mut Builder) {
    if let Some(Value::Array(steps)) = v.get("steps") {
        return read_steps(steps, b);
    }
    let list = match v {
        Value::Array(list) => list.as_slice(),
        _ => arr(v, "messages"),
    };
    let is_step =
        |x: &Value| x.get("toolCalls").is_some() || x.get("stepType").is_some() || x.get("finishReason").is_some();
    if list.iter().any(is_step) {
        read_steps(list, b)
    } else {
        read_messages(list, b)
    }
}

fn read_steps(steps: &[Value], b: &mut Builder) {
    for (i, step) in steps.iter().enumerate() {
        b.begin_turn();
        let path = format!("steps[{i}]");
        if let Some(Value::Array(content)) = step.get("content") {
            for (j, part) in content.iter().enumerate() {
                model_part(part, &format!("{path}.content[{j}]"), b);
            }
            continue;
        }
        b.text(s(step, "text").unwrap_or(""));
        for (j, tc) in arr(step, "toolCalls").iter().enumerate() {
            model_part(tc, &format!("{path}.toolCalls[{j}]"), b);
        }
        for (j, tr) in arr(step, "toolResults").iter().enumerate() {
            model_part(tr, &format!("{path}.toolResults[{j}]"), b);
        }
    }
}

/// A `tool-result` output: v5 `{ type, value }` gives the value and whether
/// it is an error; anything else is the result as given.
fn output(part: &Value) -> (Value, Option<bool>) {
    if let Some(r) = part.get("result") {
        return (r.clone(), part.get("isError").and_then(Value::as_bool));
    }
    let out = part.get("output").unwrap_or(&Value::Null);
    match (s(out, "type"), out.get("value")) {
        (Some(t), Some(v)) => (v.clone(), Some(t.starts_with("error"))),
        _ => (out.clone(), Some(false)),
    }
}

fn model_part(part: &Value, path: &str, b: &mut Builder) {
    match s(part, "type").unwrap_or("") {
        "text" => b.text(s(part, "text").unwrap_or("")),
        "tool-call" => match s(part, "toolName") {
            Some(name) => {
                let args = Args::from_value(part.get("input").or(part.get("args")));
                b.call(CallIn::new(name, args, s(part, "toolCallId"), CallKind::Function), path);
            }
            None => b.diag(
                "MALFORMED_CALL",
                format!("{path}.toolName"),
                "not a string; call skipped".into(),
            ),
        },
        "tool-result" => {
            let (out, is_error) = output(part);
            b.result(s(part, "toolCallId"), s(part, "toolName"), out, is_error, path);
        }
        "tool-error" => {
            let err = part.get("error").cloned().unwrap_or(Value::Null);
            b.result(s(part, "toolCallId"), s(part, "toolName"), err, Some(true), path);
        }
        _ => {}
    }
}

fn read_messages(messages: &[Value], b: &mut Builder) {
    for (i, m) in messages.iter().enumerate() {
        let path = format!("[{i}]");
        let role = s(m, "role").unwrap_or("");
        if let Some(Value::Array(parts)) = m.get("parts") {
            if role == "assistant" {
                ui_assistant(parts, &path, b);
            } else {
                b.other_message(role, content_text(Some(&Value::Array(parts.clone()))));
            }
            continue;
        }
        match role {
            "assistant" => {
                b.begin_turn();
                if m.get("toolInvocations").is_some() {
                    b.text(s(m, "content").unwrap_or(""));
                    for (j, inv) in arr(m, "toolInvocations").iter().enumerate() {
                        invocation(inv, &format!("{path}.toolInvocations[{j}]"), b);
                    }
                    continue;
                }
                match m.get("content") {
                    Some(Value::String(t)) => b.text(t),
                    Some(Value::Array(parts)) => {
                        for (j, part) in parts.iter().enumerate() {
                            model_part(part, &format!("{path}.content[{j}]"), b);
                        }
                    }
                    _ => {}
                }
            }
            "tool" => {
                for (j, part) in arr(m, "content").iter().enumerate() {
                    model_part(part, &format!("{path}.content[{j}]"), b);
                }
            }
            "" => b.diag("IGNORED", path, "a message without a role; skipped".into()),
            role => b.other_message(role, content_text(m.get("content"))),
        }
    }
}

/// A model message of a list, typed (see [`super::typed`]): the fields
/// [`read_messages`] reads for model messages; the keys of steps and UI
/// messages are only noted (such lists are read by the value reader).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Message<'a> {
    #[serde(borrow)]
    role: Option<Str<'a>>,
    #[serde(borrow)]
    content: Option<TextOr<'a, Part<'a>>>,
    #[serde(default, deserialize_with = "present")]
    parts: Option<IgnoredAny>,
    #[serde(default, deserialize_with = "present")]
    tool_invocations: Option<IgnoredAny>,
    #[serde(default, deserialize_with = "present")]
    tool_calls: Option<IgnoredAny>,
    #[serde(default, deserialize_with = "present")]
    step_type: Option<IgnoredAny>,
    #[serde(default, deserialize_with = "present")]
    finish_reason: Option<IgnoredAny>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Part<'a> {
    #[serde(borrow, rename = "type")]
    ty: Option<Str<'a>>,
    #[serde(borrow)]
    text: Option<Str<'a>>,
    #[serde(borrow)]
    tool_name: Option<Str<'a>>,
    #[serde(borrow)]
    tool_call_id: Option<Str<'a>>,
    #[serde(default, deserialize_with = "present")]
    input: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    args: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    result: Option<Value>,
    is_error: Option<bool>,
    output: Option<Value>,
    error: Option<Value>,
}

/// [`read_messages`] over typed model messages; `false` (nothing read) when
/// the list holds steps or UI messages.
pub(crate) fn read_messages_typed(messages: Vec<Message>, b: &mut Builder) -> bool {
    let other = |m: &Message| {
        m.parts.is_some()
            || m.tool_invocations.is_some()
            || m.tool_calls.is_some()
            || m.step_type.is_some()
            || m.finish_reason.is_some()
    };
    if messages.iter().any(other) {
        return false;
    }
    for (i, m) in messages.into_iter().enumerate() {
        let list = match (m.role.as_deref().unwrap_or(""), m.content) {
            ("", _) => {
                b.diag("IGNORED", format!("[{i}]"), "a message without a role; skipped".into());
                continue;
            }
            ("assistant", Some(TextOr::Text(t))) => {
                b.begin_turn();
                b.text(&t);
                continue;
            }
            ("assistant", list) => {
                b.begin_turn();
                list
            }
            ("tool", Some(TextOr::Text(_))) => continue,
            ("tool", list) => list,
            (role, Some(TextOr::Text(t))) => {
                b.other_message(role, t.0.into_owned());
                continue;
            }
            (role, list) => {
                let parts = match list {
                    Some(TextOr::List(parts)) => parts,
                    _ => Vec::new(),
                };
                b.other_message(role, parts.iter().filter_map(|p| p.text.as_deref()).collect());
                continue;
            }
        };
        if let Some(TextOr::List(parts)) = list {
            for (j, part) in parts.into_iter().enumerate() {
                model_part_typed(part, i, j, b);
            }
        }
    }
    true
}

/// [`model_part`] over a typed part.
fn model_part_typed(part: Part, i: usize, j: usize, b: &mut Builder) {
    let at = || format!("[{i}].content[{j}]");
    match part.ty.as_deref().unwrap_or("") {
        "text" => b.text(part.text.as_deref().unwrap_or("")),
        "tool-call" => match part.tool_name.as_deref() {
            Some(name) => {
                let args = Args::from_owned(part.input.or(part.args));
                b.call_at(
                    CallIn::new(name, args, part.tool_call_id.as_deref(), CallKind::Function),
                    at,
                );
            }
            None => b.diag(
                "MALFORMED_CALL",
                format!("{}.toolName", at()),
                "not a string; call skipped".into(),
            ),
        },
        "tool-result" => {
            let (out, is_error) = match part.result {
                Some(r) => (r, part.is_error),
                None => match part.output.unwrap_or(Value::Null) {
                    Value::Object(mut o) if o.get("type").is_some_and(Value::is_string) && o.contains_key("value") => {
                        let failed = o
                            .get("type")
                            .and_then(Value::as_str)
                            .is_some_and(|t| t.starts_with("error"));
                        (o.remove("value").unwrap_or(Value::Null), Some(failed))
                    }
                    out => (out, Some(false)),
                },
            };
            let (id, name) = (part.tool_call_id.as_deref(), part.tool_name.as_deref());
            b.result_at(id, name, out, is_error, at);
        }
        "tool-error" => {
            let err = part.error.unwrap_or(Value::Null);
            b.result_at(
                part.tool_call_id.as_deref(),
                part.tool_name.as_deref(),
                err,
                Some(true),
                at,
            );
        }
        _ => {}
    }
}

fn ui_assistant(parts: &[Value], path: &str, b: &mut Builder) {
    b.begin_turn();
    for (j, part) in parts.iter().enumerate() {
        let p = format!("{path}.parts[{j}]");
        let ty = s(part, "type").unwrap_or("");
        match ty {
            "step-start" if !b.turn_is_empty() => b.begin_turn(),
            "text" => b.text(s(part, "text").unwrap_or("")),
            "tool-invocation" => invocation(part.get("toolInvocation").unwrap_or(&Value::Null), &p, b),
            "dynamic-tool" => tool_part(part, s(part, "toolName"), &p, b),
            t if t.starts_with("tool-") => tool_part(part, Some(&t["tool-".len()..]), &p, b),
            _ => {}
        }
    }
}

/// A v4 `toolInvocation { state: "partial-call" | "call" | "result", args, result }`.
fn invocation(inv: &Value, path: &str, b: &mut Builder) {
    let Some(name) = s(inv, "toolName") else {
        return b.diag(
            "MALFORMED_CALL",
            format!("{path}.toolName"),
            "not a string; call skipped".into(),
        );
    };
    if s(inv, "state") == Some("partial-call") {
        return b.diag(
            "CALL_INCOMPLETE",
            path.to_owned(),
            format!("{name} is still a partial call; skipped"),
        );
    }
    let mut c = CallIn::new(
        name,
        Args::from_value(inv.get("args")),
        s(inv, "toolCallId"),
        CallKind::Function,
    );
    if let Some(r) = inv.get("result") {
        c.result = Some((r.clone(), None));
    }
    b.call(c, path);
}

/// A v5+ tool part: `state` `input-streaming` (skipped, reported),
/// `input-available`, `output-available`, `output-error`.
fn tool_part(part: &Value, name: Option<&str>, path: &str, b: &mut Builder) {
    let Some(name) = name else {
        return b.diag(
            "MALFORMED_CALL",
            format!("{path}.toolName"),
            "not a string; call skipped".into(),
        );
    };
    let state = s(part, "state").unwrap_or("");
    if state == "input-streaming" {
        return b.diag(
            "CALL_INCOMPLETE",
            path.to_owned(),
            format!("{name} input is still streaming; skipped"),
        );
    }
    let args = Args::from_value(part.get("input").or(part.get("rawInput")));
    let mut c = CallIn::new(name, args, s(part, "toolCallId"), CallKind::Function);
    c.result = match state {
        "output-available" => Some((part.get("output").cloned().unwrap_or(Value::Null), Some(false))),
        "output-error" => Some((part.get("errorText").cloned().unwrap_or(Value::Null), Some(true))),
        _ => None,
    };
    b.call(c, path);
}

/// Rebuilds the assistant UI message a UI message stream describes (as the
/// SDK's `readUIMessageStream` does) and reads it. A tool input still
/// streaming when the stream ends without `finish` is dropped and reported.
pub(crate) fn read_stream<E: Borrow<Value>>(events: impl Iterator<Item = E>, b: &mut Builder) {
    let mut parts: Vec<Value> = Vec::new();
    // Input text deltas and the part of each tool call, by toolCallId.
    let mut inputs: FxHashMap<String, String> = FxHashMap::default();
    let mut at_of: FxHashMap<String, usize> = FxHashMap::default();
    let mut finished = false;
    for (e, ev) in events.enumerate() {
        let ev = ev.borrow();
        let id = s(ev, "toolCallId").unwrap_or("");
        match s(ev, "type").unwrap_or("") {
            "start-step" => parts.push(json!({ "type": "step-start" })),
            "text-delta" => {
                let d = s(ev, "delta").or(s(ev, "textDelta")).unwrap_or("");
                match parts.last_mut().and_then(|p| p.get_mut("text")) {
                    Some(Value::String(text)) => text.push_str(d),
                    _ => parts.push(json!({ "type": "text", "text": d })),
                }
            }
            "tool-input-start" | "tool-input-available" | "tool-input-error" => {
                let name = s(ev, "toolName").unwrap_or("");
                let dynamic = ev.get("dynamic").and_then(Value::as_bool) == Some(true);
                let mut part = json!({ "toolCallId": id, "state": "input-streaming" });
                if dynamic {
                    part["type"] = "dynamic-tool".into();
                    part["toolName"] = name.into();
                } else {
                    part["type"] = format!("tool-{name}").into();
                }
                let at = match at_of.get(id) {
                    Some(&at) => at,
                    None => {
                        parts.push(part);
                        at_of.insert(id.to_owned(), parts.len() - 1);
                        parts.len() - 1
                    }
                };
                if s(ev, "type") == Some("tool-input-available") {
                    parts[at]["state"] = "input-available".into();
                    parts[at]["input"] = ev.get("input").cloned().unwrap_or(Value::Null);
                } else if s(ev, "type") == Some("tool-input-error") {
                    parts[at]["state"] = "output-error".into();
                    parts[at]["input"] = ev.get("input").cloned().unwrap_or(Value::Null);
                    parts[at]["errorText"] = ev.get("errorText").cloned().unwrap_or(Value::Null);
                }
            }
            "tool-input-delta" => {
                let d = s(ev, "inputTextDelta").unwrap_or("");
                match inputs.get_mut(id) {
                    Some(text) => text.push_str(d),
                    None => {
                        inputs.insert(id.to_owned(), d.to_owned());
                    }
                }
            }
            "tool-output-available" | "tool-output-error" => {
                let Some(&at) = at_of.get(id) else {
                    b.diag(
                        "UNMATCHED_RESULT",
                        format!("[{e}]"),
                        format!("output for unknown tool call {id:?}"),
                    );
                    continue;
                };
                settle_input(&mut parts[at], &inputs);
                if s(ev, "type") == Some("tool-output-available") {
                    parts[at]["state"] = "output-available".into();
                    parts[at]["output"] = ev.get("output").cloned().unwrap_or(Value::Null);
                } else {
                    parts[at]["state"] = "output-error".into();
                    parts[at]["errorText"] = ev.get("errorText").cloned().unwrap_or(Value::Null);
                }
            }
            "error" => b.error(s(ev, "errorText").unwrap_or("error chunk").to_owned()),
            "finish" => finished = true,
            _ => {}
        }
    }
    let mut dropped = Vec::new();
    parts.retain_mut(|p| {
        if s(p, "state") != Some("input-streaming") {
            return true;
        }
        if finished {
            settle_input(p, &inputs);
            return true;
        }
        dropped.push(s(p, "toolName").or(s(p, "type")).unwrap_or("?").to_owned());
        false
    });
    if !finished {
        b.diag(
            "STREAM_INCOMPLETE",
            "events".into(),
            format!("the stream ended before finish; unfinished tool inputs dropped: {dropped:?}"),
        );
    }
    read_messages(
        &[obj([("role", "assistant".into()), ("parts", Value::Array(parts))])],
        b,
    );
}

/// A tool part whose input only came as text deltas: the joined text becomes
/// its input (JSON when it parses; else the text, reported as unreadable).
fn settle_input(part: &mut Value, inputs: &FxHashMap<String, String>) {
    if s(part, "state") != Some("input-streaming") {
        return;
    }
    let text = s(part, "toolCallId")
        .and_then(|id| inputs.get(id))
        .map_or("", String::as_str);
    part["input"] = serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_owned()));
    part["state"] = "input-available".into();
}
