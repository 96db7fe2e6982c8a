//! Anthropic Messages: a `message` response, a message list, and the stream
//! of events (`message_start`, `content_block_start`, `content_block_delta`
//! with `input_json_delta` / `text_delta`, `content_block_stop`, …).
//!
//! Reference: the Anthropic API docs, "Messages" (content blocks `text`,
//! `tool_use { id, name, input }`, `tool_result { tool_use_id, content,
//! is_error }`, `server_tool_use` with its `*_tool_result`, the MCP connector's
//! `mcp_tool_use { server_name }` / `mcp_tool_result`) and "Streaming
//! messages" (a tool block's input arrives as `partial_json` fragments to be
//! joined and parsed at `content_block_stop`; with no fragments the input is
//! the block start's `input`).

use super::StreamReader;
use crate::traces::input::{each, Doc};
use crate::traces::lenient::{lenient, Field, Str, TextOr};
use crate::traces::record::{obj, s, Args, CallIn, CallKind, Loc, TraceBuilder};
use serde_json::Value;

lenient! {
    /// A message (`{ type: "message", content }`) or an error
    /// (`{ type: "error", error }`).
    struct AnthropicDoc<'a> {
        ty: Str<'a> = "type",
        error: Field<Value> = "error",
        content: Field<TextOr<'a, AnthropicBlock<'a>>> = "content",
        model: Str<'a> = "model",
        usage: Field<AnthropicUsage> = "usage",
    }
    /// `usage` of a message (and of a stream's `message_start` / `message_delta`).
    struct AnthropicUsage { input_tokens: Field<u64> = "input_tokens", output_tokens: Field<u64> = "output_tokens" }
    struct AnthropicMessage<'a> { role: Str<'a> = "role", content: Field<TextOr<'a, AnthropicBlock<'a>>> = "content" }
    /// A content block: the members of any block type.
    struct AnthropicBlock<'a> {
        ty: Str<'a> = "type",
        text: Str<'a> = "text",
        name: Str<'a> = "name",
        id: Str<'a> = "id",
        input: Field<Value> = "input",
        server_name: Str<'a> = "server_name",
        tool_use_id: Str<'a> = "tool_use_id",
        content: Field<Value> = "content",
        is_error: Field<bool> = "is_error",
    }
}

/// Reads a message, an error, a message list, or a request body `{ model,
/// messages }`. Usage: `usage.input_tokens` and `output_tokens`; the model: `model`.
pub(crate) fn read(doc: Doc, b: &mut TraceBuilder) {
    b.provider_of_format("anthropic");
    if let Some(messages) = doc.list("messages") {
        b.model(doc.member("model").and_then(Doc::as_string).as_deref());
        return read_messages(messages, b);
    }
    if doc.is_list() {
        return read_messages(doc, b);
    }
    let d: AnthropicDoc = doc.parse(b);
    b.model(d.model.str());
    if let Some(u) = d.usage.get() {
        b.usage(
            "usage",
            (&u.input_tokens, "input_tokens"),
            (&u.output_tokens, "output_tokens"),
        );
    }
    if d.ty.str() == Some("error") {
        match d.error.get() {
            Some(e) => b.error_object(e),
            None => b.error_object(&doc.to_value().unwrap_or_default()),
        }
    }
    // A model turn only from a message (a `message` type or content): an
    // object with neither is nothing read, even when this format is asked for.
    if d.ty.str() == Some("message") || d.content.present() {
        b.begin_turn();
        blocks(d.content, &Loc::Root("content"), b);
    }
}

fn read_messages(messages: Doc, b: &mut TraceBuilder) {
    each(messages, b, |i, m: AnthropicMessage, b| {
        let at = Loc::Root("").i(i);
        match m.role.str() {
            Some("assistant") => {
                b.begin_turn();
                blocks(m.content, &at.k("content"), b);
            }
            Some(role) => user(role, m.content, &at.k("content"), b),
            None => b.diag("IGNORED", at, "a message without a role; skipped".into()),
        }
    });
}

/// A user turn: its text, and the results of the previous turn's calls.
fn user(role: &str, content: Field<TextOr<AnthropicBlock>>, at: &Loc, b: &mut TraceBuilder) {
    let list = match content {
        Field::Is(TextOr::Text(text)) => return b.other_message(role, text.into_owned()),
        Field::Is(TextOr::List(list)) => list,
        _ => Vec::new(),
    };
    let text: String = list.iter().filter_map(|c| c.text.str()).collect();
    let has_results = list.iter().any(|c| c.tool_use_id.str().is_some());
    if !has_results || !text.is_empty() {
        b.other_message(role, text);
    }
    for (j, block) in list.into_iter().enumerate() {
        if block.tool_use_id.str().is_some() {
            result_block(block, &at.i(j), b);
        }
    }
}

fn blocks(content: Field<TextOr<AnthropicBlock>>, at: &Loc, b: &mut TraceBuilder) {
    match content {
        Field::Is(TextOr::Text(text)) => b.text(&text),
        Field::Is(TextOr::List(list)) => {
            for (j, block) in list.into_iter().enumerate() {
                block_of(block, &at.i(j), b);
            }
        }
        _ => {}
    }
}

fn block_of(block: AnthropicBlock, at: &Loc, b: &mut TraceBuilder) {
    let kind = match block.ty.str().unwrap_or("") {
        "text" => return b.text(block.text.str().unwrap_or("")),
        "tool_use" => CallKind::Function,
        "server_tool_use" => CallKind::Server,
        "mcp_tool_use" => CallKind::Mcp,
        "thinking" | "redacted_thinking" => return,
        _ if block.tool_use_id.str().is_some() => return result_block(block, at, b),
        other => return b.diag("IGNORED", at, format!("content block type {other:?} skipped")),
    };
    let Some(name) = block.name.str() else {
        return b.nameless(at.k("name"));
    };
    let mut c = CallIn::new(name, Args::from_value(block.input.into_option()), block.id.str(), kind);
    c.server = block.server_name.str().map(str::to_owned);
    b.call(c, at);
}

/// `tool_result`, `mcp_tool_result` and the server tools' `*_tool_result`
/// blocks; a server result whose content is a `*_error` object is an error.
fn result_block(block: AnthropicBlock, at: &Loc, b: &mut TraceBuilder) {
    let content = block.content.or_null();
    let is_error = match block.is_error.get() {
        Some(&e) => Some(e),
        None if s(&content, "type").is_some_and(|t| t.ends_with("_error")) => Some(true),
        None => None,
    };
    b.result(block.tool_use_id.str(), None, content, is_error, at);
}

lenient! {
    /// A stream event: `type`, and the members of the types read.
    pub(crate) struct AnthropicEvent<'a> {
        ty: Str<'a> = "type",
        index: Field<u64> = "index",
        content_block: Field<Value> = "content_block",
        delta: Field<AnthropicDelta<'a>> = "delta",
        error: Field<Value> = "error",
        message: Field<StartMessage<'a>> = "message",
        usage: Field<AnthropicUsage> = "usage",
    }
    /// `message_start`'s message: the model and the usage so far.
    struct StartMessage<'a> { model: Str<'a> = "model", usage: Field<AnthropicUsage> = "usage" }
    struct AnthropicDelta<'a> { ty: Str<'a> = "type", partial_json: Str<'a> = "partial_json", text: Str<'a> = "text" }
}

/// One content block being reassembled from the stream.
struct Open {
    block: Value,
    json: String,
    done: bool,
}

/// Reassembles the stream into the message it describes and reads it. Tool
/// blocks not closed by `content_block_stop` are dropped and reported, and a
/// stream without `message_stop` is reported as cut short.
#[derive(Default)]
pub(crate) struct AnthropicStream {
    open: Vec<Option<Open>>,
    stopped: bool,
    model: Option<String>,
    /// Input and output tokens: `message_start`'s, then `message_delta`'s
    /// (cumulative) counts.
    tokens: [Option<u64>; 2],
}

impl AnthropicStream {
    /// The counts of a `message_start` or `message_delta` event (the `at`th).
    fn usage(&mut self, u: Option<&AnthropicUsage>, at: usize, b: &mut TraceBuilder) {
        let Some(u) = u else { return };
        let event = Loc::Root("events").i(at);
        let usage = event.k("usage");
        for (slot, (n, key)) in self
            .tokens
            .iter_mut()
            .zip([(&u.input_tokens, "input_tokens"), (&u.output_tokens, "output_tokens")])
        {
            if let Some(n) = b.tokens(n, &usage.k(key)) {
                *slot = Some(n);
            }
        }
    }
}

impl StreamReader for AnthropicStream {
    type Event<'e> = AnthropicEvent<'e>;

    fn event(&mut self, at: usize, ev: AnthropicEvent, raw: Doc, b: &mut TraceBuilder) {
        let idx = ev.index.get().map(|&i| i as usize);
        match ev.ty.str().unwrap_or("") {
            "content_block_start" => {
                let (Some(i), Field::Is(block)) = (idx, ev.content_block) else {
                    return;
                };
                if self.open.len() <= i {
                    self.open.resize_with(i + 1, || None);
                }
                self.open[i] = Some(Open {
                    block,
                    json: String::new(),
                    done: false,
                });
            }
            "content_block_delta" => match idx.and_then(|i| self.open.get_mut(i)) {
                Some(Some(o)) => o.delta(ev.delta.get()),
                _ => {
                    let msg = "a delta for a block never started".into();
                    b.diag("IGNORED", format!("events[{at}]"), msg);
                }
            },
            "content_block_stop" => {
                if let Some(Some(o)) = idx.and_then(|i| self.open.get_mut(i)) {
                    o.done = true;
                }
            }
            "message_start" => {
                if let Some(m) = ev.message.get() {
                    self.model = m.model.str().map(str::to_owned);
                    self.usage(m.usage.get(), at, b);
                }
            }
            "message_delta" => self.usage(ev.usage.get(), at, b),
            "message_stop" => self.stopped = true,
            "error" => match ev.error.get() {
                Some(e) => b.error_object(e),
                None => b.error_object(&raw.to_value().unwrap_or_default()),
            },
            _ => {}
        }
    }

    fn end(self, b: &mut TraceBuilder) {
        let mut content = Vec::new();
        let mut dropped = Vec::new();
        for o in self.open.into_iter().flatten() {
            let is_call = s(&o.block, "type").is_some_and(|t| t.ends_with("tool_use"));
            if is_call && !o.done {
                dropped.push(s(&o.block, "name").unwrap_or("?").to_owned());
                continue;
            }
            let mut block = o.block;
            if is_call && !o.json.is_empty() {
                // Joined fragments replace the start's input; unreadable JSON stays visible.
                block["input"] = serde_json::from_str(&o.json).unwrap_or(Value::String(o.json));
            }
            content.push(block);
        }
        if !self.stopped || !dropped.is_empty() {
            let msg = format!("the stream ended before message_stop; unfinished tool blocks dropped: {dropped:?}");
            b.incomplete(msg);
        }
        let mut message = obj([
            ("type", "message".into()),
            ("role", "assistant".into()),
            ("content", Value::Array(content)),
        ]);
        if let Some(m) = self.model {
            message["model"] = m.into();
        }
        let [input, output] = self.tokens;
        if input.is_some() || output.is_some() {
            let n = |t: Option<u64>| t.map_or(Value::Null, Value::from);
            message["usage"] = obj([("input_tokens", n(input)), ("output_tokens", n(output))]);
        }
        read(Doc::Value(&message), b);
    }
}

impl Open {
    fn delta(&mut self, d: Option<&AnthropicDelta>) {
        let Some(d) = d else { return };
        match d.ty.str().unwrap_or("") {
            "input_json_delta" => self.json.push_str(d.partial_json.str().unwrap_or("")),
            "text_delta" => {
                let t = d.text.str().unwrap_or("");
                match &mut self.block {
                    Value::Object(m) => match m.get_mut("text") {
                        Some(Value::String(text)) => text.push_str(t),
                        _ => {
                            m.insert("text".into(), t.into());
                        }
                    },
                    // A block that is not an object takes no text.
                    Value::Null => self.block = obj([("text", t.into())]),
                    _ => {}
                }
            }
            _ => {}
        }
    }
}
