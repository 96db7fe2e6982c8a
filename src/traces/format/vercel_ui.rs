//! Vercel AI SDK UI messages (`UIMessage`, also inside a `useChat` request
//! body `{ messages }`) and UI message stream chunks; the lists they come in
//! are told apart from steps and model messages by [`super::vercel`].
//!
//! Reference: the AI SDK docs and sources at `ai@4.3.0`, `ai@5.0.0`,
//! `ai@6.0.0`: v4 `tool-invocation` parts (`toolInvocation { state, args,
//! result }`) or `toolInvocations[]`; v5+ `tool-<name>` and `dynamic-tool`
//! parts (`state`, `input`, `output`, `errorText`); a `step-start` part
//! begins a new step. UI message stream: `start-step`, `tool-input-start` /
//! `tool-input-delta` / `tool-input-available`, `tool-output-available` /
//! `tool-output-error`, `text-delta`, `finish`; rebuilt into the message as
//! `readUIMessageStream` (`ai@5.0.0`, `src/ui/read-ui-message-stream.ts`) does.

use super::StreamReader;
use crate::traces::input::Doc;
use crate::traces::lenient::{lenient, Field, Str};
use crate::traces::record::{obj, s, Args, CallIn, CallKind, Loc, TraceBuilder};
use rustc_hash::FxHashMap;
use serde_json::{json, Value};

lenient! {
    /// A part of a UI message: `text`, `step-start`, `tool-invocation`,
    /// `tool-<name>`, `dynamic-tool`.
    pub(crate) struct UiPart<'a> {
        ty: Str<'a> = "type",
        pub(crate) text: Str<'a> = "text",
        tool_invocation: Field<UiInvocation<'a>> = "toolInvocation",
        tool_name: Str<'a> = "toolName",
        tool_call_id: Str<'a> = "toolCallId",
        state: Str<'a> = "state",
        input: Field<Value> = "input",
        raw_input: Field<Value> = "rawInput",
        output: Field<Value> = "output",
        error_text: Field<Value> = "errorText",
    }
    /// A v4 `toolInvocation { state: "partial-call" | "call" | "result", args, result }`.
    pub(crate) struct UiInvocation<'a> {
        tool_name: Str<'a> = "toolName",
        tool_call_id: Str<'a> = "toolCallId",
        state: Str<'a> = "state",
        args: Field<Value> = "args",
        result: Field<Value> = "result",
    }
}

/// An assistant UI message's parts: one step, or one per `step-start`.
pub(crate) fn assistant(parts: Vec<UiPart>, at: &Loc, b: &mut TraceBuilder) {
    b.begin_turn();
    let at = at.k("parts");
    for (j, part) in parts.into_iter().enumerate() {
        let at = at.i(j);
        let ty = part.ty.str().unwrap_or("");
        match ty {
            "step-start" if !b.turn_is_empty() => b.begin_turn(),
            "text" => b.text(part.text.str().unwrap_or("")),
            "tool-invocation" => invocation(part.tool_invocation.or_default(), &at, b),
            "dynamic-tool" => {
                let name = part.tool_name.str().map(str::to_owned);
                tool_part(part, name.as_deref(), &at, b);
            }
            t if t.starts_with("tool-") => {
                let name = t["tool-".len()..].to_owned();
                tool_part(part, Some(&name), &at, b);
            }
            _ => {}
        }
    }
}

/// A v4 message's `toolInvocations[]`.
pub(crate) fn invocations(list: Vec<UiInvocation>, at: &Loc, b: &mut TraceBuilder) {
    for (j, inv) in list.into_iter().enumerate() {
        invocation(inv, &at.i(j), b);
    }
}

fn invocation(inv: UiInvocation, at: &Loc, b: &mut TraceBuilder) {
    let Some(name) = inv.tool_name.str() else {
        return b.nameless(at.k("toolName"));
    };
    if inv.state.str() == Some("partial-call") {
        return b.diag(
            "CALL_INCOMPLETE",
            at,
            format!("{name} is still a partial call; skipped"),
        );
    }
    let args = Args::from_value(inv.args.into_option());
    let mut c = CallIn::new(name, args, inv.tool_call_id.str(), CallKind::Function);
    c.result = inv.result.into_option().map(|r| (r, None));
    b.call(c, at);
}

/// A v5+ tool part: `state` `input-streaming` (skipped, reported),
/// `input-available`, `output-available`, `output-error`.
fn tool_part(part: UiPart, name: Option<&str>, at: &Loc, b: &mut TraceBuilder) {
    let Some(name) = name else {
        return b.nameless(at.k("toolName"));
    };
    let state = part.state.str().unwrap_or("");
    if state == "input-streaming" {
        return b.diag(
            "CALL_INCOMPLETE",
            at,
            format!("{name} input is still streaming; skipped"),
        );
    }
    let args = Args::from_value(part.input.or(part.raw_input).into_option());
    let mut c = CallIn::new(name, args, part.tool_call_id.str(), CallKind::Function);
    c.result = match state {
        "output-available" => Some((part.output.or_null(), Some(false))),
        "output-error" => Some((part.error_text.or_null(), Some(true))),
        _ => None,
    };
    b.call(c, at);
}

lenient! {
    /// A UI message stream chunk: `type`, and the members of the types read.
    pub(crate) struct UiChunk<'a> {
        ty: Str<'a> = "type",
        tool_call_id: Str<'a> = "toolCallId",
        tool_name: Str<'a> = "toolName",
        dynamic: Field<bool> = "dynamic",
        delta: Str<'a> = "delta",
        text_delta: Str<'a> = "textDelta",
        input_text_delta: Str<'a> = "inputTextDelta",
        input: Field<Value> = "input",
        output: Field<Value> = "output",
        error_text: Field<Value> = "errorText",
    }
}

/// Rebuilds the assistant UI message a UI message stream describes and
/// reads it. A tool input still streaming when the stream ends without
/// `finish` is dropped and reported.
#[derive(Default)]
pub(crate) struct UiStream {
    parts: Vec<Value>,
    /// Input text deltas by `toolCallId`.
    inputs: FxHashMap<String, String>,
    /// The part of each tool call, by `toolCallId`.
    at_of: FxHashMap<String, usize>,
    finished: bool,
}

impl StreamReader for UiStream {
    type Event<'e> = UiChunk<'e>;

    fn event(&mut self, at: usize, ev: UiChunk, _: Doc, b: &mut TraceBuilder) {
        let id = ev.tool_call_id.str().unwrap_or("");
        match ev.ty.str().unwrap_or("") {
            "start-step" => self.parts.push(json!({ "type": "step-start" })),
            "text-delta" => self.text(ev.delta.str().or(ev.text_delta.str()).unwrap_or("")),
            "tool-input-start" | "tool-input-available" | "tool-input-error" => self.input(ev),
            "tool-input-delta" => {
                let d = ev.input_text_delta.str().unwrap_or("");
                match self.inputs.get_mut(id) {
                    Some(text) => text.push_str(d),
                    None => {
                        self.inputs.insert(id.to_owned(), d.to_owned());
                    }
                }
            }
            "tool-output-available" | "tool-output-error" => match self.at_of.get(id) {
                Some(&i) => self.output(i, ev),
                None => b.diag(
                    "UNMATCHED_RESULT",
                    format!("[{at}]"),
                    format!("output for unknown tool call {id:?}"),
                ),
            },
            "error" => {
                let text = ev.error_text.get().and_then(Value::as_str);
                b.error(text.unwrap_or("error chunk").to_owned());
            }
            "finish" => self.finished = true,
            _ => {}
        }
    }

    fn end(mut self, b: &mut TraceBuilder) {
        let mut dropped = Vec::new();
        let (finished, inputs) = (self.finished, &self.inputs);
        self.parts.retain_mut(|p| {
            if s(p, "state") != Some("input-streaming") {
                return true;
            }
            if finished {
                settle_input(p, inputs);
                return true;
            }
            dropped.push(s(p, "toolName").or(s(p, "type")).unwrap_or("?").to_owned());
            false
        });
        if !finished {
            let msg = format!("the stream ended before finish; unfinished tool inputs dropped: {dropped:?}");
            b.incomplete(msg);
        }
        let message = obj([("role", "assistant".into()), ("parts", Value::Array(self.parts))]);
        super::vercel::read(Doc::Value(&Value::Array(vec![message])), b);
    }
}

impl UiStream {
    fn text(&mut self, d: &str) {
        match self.parts.last_mut().and_then(|p| p.get_mut("text")) {
            Some(Value::String(text)) => text.push_str(d),
            _ => self.parts.push(json!({ "type": "text", "text": d })),
        }
    }

    /// `tool-input-start` opens the call's part; `-available` / `-error`
    /// set its input (and error), opening it when no start came.
    fn input(&mut self, ev: UiChunk) {
        let id = ev.tool_call_id.str().unwrap_or("");
        let at = match self.at_of.get(id) {
            Some(&at) => at,
            None => {
                let name = ev.tool_name.str().unwrap_or("");
                let mut part = json!({ "toolCallId": id, "state": "input-streaming" });
                if ev.dynamic.get() == Some(&true) {
                    part["type"] = "dynamic-tool".into();
                    part["toolName"] = name.into();
                } else {
                    part["type"] = format!("tool-{name}").into();
                }
                self.parts.push(part);
                self.at_of.insert(id.to_owned(), self.parts.len() - 1);
                self.parts.len() - 1
            }
        };
        let part = &mut self.parts[at];
        match ev.ty.str() {
            Some("tool-input-available") => {
                part["state"] = "input-available".into();
                part["input"] = ev.input.or_null();
            }
            Some("tool-input-error") => {
                part["state"] = "output-error".into();
                part["input"] = ev.input.or_null();
                part["errorText"] = ev.error_text.or_null();
            }
            _ => {}
        }
    }

    fn output(&mut self, at: usize, ev: UiChunk) {
        let part = &mut self.parts[at];
        settle_input(part, &self.inputs);
        if ev.ty.str() == Some("tool-output-available") {
            part["state"] = "output-available".into();
            part["output"] = ev.output.or_null();
        } else {
            part["state"] = "output-error".into();
            part["errorText"] = ev.error_text.or_null();
        }
    }
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
