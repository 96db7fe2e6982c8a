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

use super::record::{arr, content_text, obj, s, Args, Builder, CallIn, CallKind};
use super::typed::{Str, TextOr};
use serde::Deserialize;
use serde_json::Value;
use std::borrow::Borrow;

/// Reads a message (`{ type: "message", content }`), a message list, or `{ messages }`.
pub(crate) fn read(v: &Value, b: &mut Builder) {
    match v {
        Value::Array(messages) => read_messages(messages, b),
        _ if v.get("messages").is_some_and(Value::is_array) => read_messages(arr(v, "messages"), b),
        _ => {
            if s(v, "type") == Some("error") {
                let e = v.get("error").unwrap_or(v);
                b.error(s(e, "message").map_or_else(|| e.to_string(), str::to_owned));
            }
            b.begin_turn();
            blocks(v.get("content"), "content", b);
        }
    }
}

fn read_messages(messages: &[Value], b: &mut Builder) {
    for (i, m) in messages.iter().enumerate() {
        let path = format!("[{i}].content");
        match s(m, "role") {
            Some("assistant") => {
                b.begin_turn();
                blocks(m.get("content"), &path, b);
            }
            Some(role) => {
                let text = content_text(m.get("content"));
                let has_results = arr(m, "content").iter().any(|c| s(c, "tool_use_id").is_some());
                if !has_results || !text.is_empty() {
                    b.other_message(role, text);
                }
                // A user turn carries the results of the previous turn's calls.
                for (j, block) in arr(m, "content").iter().enumerate() {
                    if s(block, "tool_use_id").is_some() {
                        result_block(block, &format!("{path}[{j}]"), b);
                    }
                }
            }
            None => b.diag("IGNORED", format!("[{i}]"), "a message without a role; skipped".into()),
        }
    }
}

fn blocks(content: Option<&Value>, path: &str, b: &mut Builder) {
    match content {
        Some(Value::String(text)) => b.text(text),
        Some(Value::Array(list)) => {
            for (j, block) in list.iter().enumerate() {
                block_of(block, &format!("{path}[{j}]"), b);
            }
        }
        _ => {}
    }
}

fn block_of(block: &Value, path: &str, b: &mut Builder) {
    let ty = s(block, "type").unwrap_or("");
    let kind = match ty {
        "text" => return b.text(s(block, "text").unwrap_or("")),
        "tool_use" => CallKind::Function,
        "server_tool_use" => CallKind::Server,
        "mcp_tool_use" => CallKind::Mcp,
        "thinking" | "redacted_thinking" => return,
        _ if s(block, "tool_use_id").is_some() => return result_block(block, path, b),
        other => {
            return b.diag(
                "IGNORED",
                path.to_owned(),
                format!("content block type {other:?} skipped"),
            );
        }
    };
    let Some(name) = s(block, "name") else {
        return b.diag(
            "MALFORMED_CALL",
            format!("{path}.name"),
            "not a string; call skipped".into(),
        );
    };
    let mut c = CallIn::new(name, Args::from_value(block.get("input")), s(block, "id"), kind);
    c.server = s(block, "server_name").map(str::to_owned);
    b.call(c, path);
}

/// `tool_result`, `mcp_tool_result` and the server tools' `*_tool_result`
/// blocks; a server result whose content is a `*_error` object is an error.
fn result_block(block: &Value, path: &str, b: &mut Builder) {
    let content = block.get("content").cloned().unwrap_or(Value::Null);
    let is_error = match block.get("is_error").and_then(Value::as_bool) {
        Some(e) => Some(e),
        None if s(&content, "type").is_some_and(|t| t.ends_with("_error")) => Some(true),
        None => None,
    };
    b.result(s(block, "tool_use_id"), None, content, is_error, path);
}

/// A message of a list, typed (see [`super::typed`]): the fields
/// [`read_messages`] reads, with the same meaning.
#[derive(Deserialize)]
pub(crate) struct Message<'a> {
    #[serde(borrow)]
    role: Option<Str<'a>>,
    #[serde(borrow)]
    content: Option<TextOr<'a, Block<'a>>>,
}

#[derive(Deserialize)]
struct Block<'a> {
    #[serde(borrow, rename = "type")]
    ty: Option<Str<'a>>,
    #[serde(borrow)]
    text: Option<Str<'a>>,
    #[serde(borrow)]
    name: Option<Str<'a>>,
    #[serde(borrow)]
    id: Option<Str<'a>>,
    input: Option<Value>,
    #[serde(borrow)]
    server_name: Option<Str<'a>>,
    #[serde(borrow)]
    tool_use_id: Option<Str<'a>>,
    content: Option<Value>,
    is_error: Option<bool>,
}

/// [`read_messages`] over typed messages.
pub(crate) fn read_messages_typed<'a>(messages: &mut dyn Iterator<Item = Message<'a>>, b: &mut Builder) {
    for (i, m) in messages.enumerate() {
        match m.role.as_deref() {
            Some("assistant") => {
                b.begin_turn();
                match m.content {
                    Some(TextOr::Text(text)) => b.text(&text),
                    Some(TextOr::List(list)) => {
                        for (j, block) in list.into_iter().enumerate() {
                            block_typed(block, i, j, b);
                        }
                    }
                    None => {}
                }
            }
            Some(role) => {
                let list = match m.content {
                    Some(TextOr::Text(text)) => {
                        b.other_message(role, text.0.into_owned());
                        continue;
                    }
                    Some(TextOr::List(list)) => list,
                    None => Vec::new(),
                };
                let text: String = list.iter().filter_map(|c| c.text.as_deref()).collect();
                let has_results = list.iter().any(|c| c.tool_use_id.is_some());
                if !has_results || !text.is_empty() {
                    b.other_message(role, text);
                }
                for (j, block) in list.into_iter().enumerate() {
                    if block.tool_use_id.is_some() {
                        result_typed(block, i, j, b);
                    }
                }
            }
            None => b.diag("IGNORED", format!("[{i}]"), "a message without a role; skipped".into()),
        }
    }
}

/// [`block_of`] over a typed block.
fn block_typed(block: Block, i: usize, j: usize, b: &mut Builder) {
    let kind = match block.ty.as_deref().unwrap_or("") {
        "text" => return b.text(block.text.as_deref().unwrap_or("")),
        "tool_use" => CallKind::Function,
        "server_tool_use" => CallKind::Server,
        "mcp_tool_use" => CallKind::Mcp,
        "thinking" | "redacted_thinking" => return,
        _ if block.tool_use_id.is_some() => return result_typed(block, i, j, b),
        other => {
            return b.diag(
                "IGNORED",
                format!("[{i}].content[{j}]"),
                format!("content block type {other:?} skipped"),
            );
        }
    };
    let Some(name) = block.name.as_deref() else {
        return b.diag(
            "MALFORMED_CALL",
            format!("[{i}].content[{j}].name"),
            "not a string; call skipped".into(),
        );
    };
    let mut c = CallIn::new(name, Args::from_owned(block.input), block.id.as_deref(), kind);
    c.server = block.server_name.map(|n| n.0.into_owned());
    b.call_at(c, || format!("[{i}].content[{j}]"));
}

/// [`result_block`] over a typed block.
fn result_typed(block: Block, i: usize, j: usize, b: &mut Builder) {
    let content = block.content.unwrap_or(Value::Null);
    let is_error = match block.is_error {
        Some(e) => Some(e),
        None if s(&content, "type").is_some_and(|t| t.ends_with("_error")) => Some(true),
        None => None,
    };
    let path = || format!("[{i}].content[{j}]");
    b.result_at(block.tool_use_id.as_deref(), None, content, is_error, path);
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
pub(crate) fn read_stream<E: Borrow<Value>>(events: impl Iterator<Item = E>, b: &mut Builder) {
    let mut open: Vec<Option<Open>> = Vec::new();
    let mut stopped = false;
    for (e, ev) in events.enumerate() {
        let ev = ev.borrow();
        let idx = ev.get("index").and_then(Value::as_u64).map(|i| i as usize);
        match s(ev, "type").unwrap_or("") {
            "content_block_start" => {
                let (Some(i), Some(block)) = (idx, ev.get("content_block")) else {
                    continue;
                };
                if open.len() <= i {
                    open.resize_with(i + 1, || None);
                }
                open[i] = Some(Open {
                    block: block.clone(),
                    json: String::new(),
                    done: false,
                });
            }
            "content_block_delta" => {
                let Some(Some(o)) = idx.and_then(|i| open.get_mut(i)) else {
                    b.diag(
                        "IGNORED",
                        format!("events[{e}]"),
                        "a delta for a block never started".into(),
                    );
                    continue;
                };
                let d = ev.get("delta").unwrap_or(&Value::Null);
                match s(d, "type").unwrap_or("") {
                    "input_json_delta" => o.json.push_str(s(d, "partial_json").unwrap_or("")),
                    "text_delta" => match o.block.get_mut("text") {
                        Some(Value::String(text)) => text.push_str(s(d, "text").unwrap_or("")),
                        _ => o.block["text"] = Value::String(s(d, "text").unwrap_or("").to_owned()),
                    },
                    _ => {}
                }
            }
            "content_block_stop" => {
                if let Some(Some(o)) = idx.and_then(|i| open.get_mut(i)) {
                    o.done = true;
                }
            }
            "message_stop" => stopped = true,
            "error" => {
                let err = ev.get("error").unwrap_or(ev);
                b.error(s(err, "message").map_or_else(|| err.to_string(), str::to_owned));
            }
            _ => {}
        }
    }
    let mut content = Vec::new();
    let mut dropped = Vec::new();
    for o in open.into_iter().flatten() {
        let is_call = s(&o.block, "type").is_some_and(|t| t.ends_with("tool_use"));
        if is_call && !o.done {
            dropped.push(s(&o.block, "name").unwrap_or("?").to_owned());
            continue;
        }
        let mut block = o.block;
        if is_call && !o.json.is_empty() {
            // Joined fragments replace the start's input; unreadable JSON stays visible.
            block["input"] = match serde_json::from_str::<Value>(&o.json) {
                Ok(v) => v,
                Err(_) => Value::String(o.json),
            };
        }
        content.push(block);
    }
    if !stopped || !dropped.is_empty() {
        b.diag(
            "STREAM_INCOMPLETE",
            "events".into(),
            format!("the stream ended before message_stop; unfinished tool blocks dropped: {dropped:?}"),
        );
    }
    read(
        &obj([
            ("type", "message".into()),
            ("role", "assistant".into()),
            ("content", Value::Array(content)),
        ]),
        b,
    );
}
