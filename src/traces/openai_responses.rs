//! OpenAI Responses API: a `response` (`output[]`), an input item list, one
//! lone item, and the stream of `response.*` events.
//!
//! Reference: the OpenAI API reference, "Responses" output items —
//! `function_call { call_id, name, arguments (JSON text) }` and
//! `function_call_output { call_id, output }`; `custom_tool_call { input }`;
//! `mcp_call { server_label, name, arguments, output, error, status }`;
//! `mcp_approval_request`; server tools `web_search_call { action }`,
//! `tool_search_call { arguments (object) }`, `file_search_call`,
//! `code_interpreter_call`, …; "Streaming responses" events
//! `response.output_item.added/done`, `response.function_call_arguments.delta/done`.
//!
//! A server tool item `<t>_call` is the call of tool `<t>` (`web_search`,
//! `tool_search`, …), kind `server`, with its `action` (or `arguments`) as
//! arguments. An `mcp_approval_request` is not a call (nothing ran); it is
//! reported as `MCP_APPROVAL_REQUEST`.

use super::record::{arr, content_text, obj, s, Args, Builder, CallIn, CallKind};
use super::typed::{present, Str};
use serde::Deserialize;
use serde_json::{json, Value};
use std::borrow::Borrow;

/// Reads a response, an item list, a request body (`{ input }`), or one item.
pub(crate) fn read(v: &Value, b: &mut Builder) {
    match v {
        Value::Array(items) => read_items(items, "", b),
        _ if v.get("output").is_some() => read_response(v, b),
        _ if v.get("input").is_some_and(Value::is_array) => read_items(arr(v, "input"), "input", b),
        _ => read_items(std::slice::from_ref(v), "", b),
    }
}

fn read_response(v: &Value, b: &mut Builder) {
    if let Some(e) = v.get("error").filter(|e| !e.is_null()) {
        b.error(s(e, "message").map_or_else(|| e.to_string(), str::to_owned));
    }
    if s(v, "status") == Some("incomplete") {
        let why = v.get("incomplete_details").map(Value::to_string).unwrap_or_default();
        b.diag(
            "RESPONSE_INCOMPLETE",
            "status".into(),
            format!("the response is incomplete {why}"),
        );
    }
    b.begin_turn();
    read_items(arr(v, "output"), "output", b);
}

fn read_items(items: &[Value], path: &str, b: &mut Builder) {
    // In an input list each run of model items is one turn.
    let mut in_turn = !b.turn_is_empty();
    for (i, item) in items.iter().enumerate() {
        let p = format!("{path}[{i}]");
        let ty = s(item, "type").unwrap_or(if item.get("role").is_some() { "message" } else { "" });
        if ty == "message" && !matches!(s(item, "role"), Some("assistant") | None) {
            b.other_message(s(item, "role").unwrap_or("user"), content_text(item.get("content")));
            in_turn = false;
            continue;
        }
        if ty.ends_with("_output") {
            output(item, ty, &p, b);
            in_turn = false;
            continue;
        }
        if !in_turn && path != "output" {
            b.begin_turn();
        }
        in_turn = true;
        model_item(item, ty, &p, b);
    }
}

fn output(item: &Value, ty: &str, path: &str, b: &mut Builder) {
    if ty == "tool_search_output" && s(item, "call_id").is_none() {
        // Server-side tool search: its output has no call id to join by.
        return;
    }
    let out = item.get("output").or(item.get("tools")).cloned().unwrap_or(Value::Null);
    b.result(s(item, "call_id"), None, out, None, path);
}

fn model_item(item: &Value, ty: &str, path: &str, b: &mut Builder) {
    let id = s(item, "call_id").or(s(item, "id"));
    match ty {
        "message" => b.text(&content_text(item.get("content"))),
        "reasoning" | "mcp_list_tools" | "mcp_approval_response" | "compaction" => {}
        "function_call" => {
            let Some(name) = s(item, "name") else {
                return b.diag(
                    "MALFORMED_CALL",
                    format!("{path}.name"),
                    "not a string; call skipped".into(),
                );
            };
            let args = text_or_object(item.get("arguments"));
            if name == "parallel" {
                wrapper_note(&args.map, path, b);
            }
            if s(item, "status") == Some("in_progress") {
                b.diag(
                    "CALL_IN_PROGRESS",
                    path.to_owned(),
                    format!("{name} has status in_progress; read as emitted"),
                );
            }
            b.call(CallIn::new(name, args, s(item, "call_id"), CallKind::Function), path);
        }
        "custom_tool_call" => match s(item, "name") {
            Some(name) => b.call(
                CallIn::new(
                    name,
                    Args::freeform(s(item, "input").unwrap_or("")),
                    s(item, "call_id"),
                    CallKind::Custom,
                ),
                path,
            ),
            None => b.diag(
                "MALFORMED_CALL",
                format!("{path}.name"),
                "not a string; call skipped".into(),
            ),
        },
        "mcp_call" => {
            let Some(name) = s(item, "name") else {
                return b.diag(
                    "MALFORMED_CALL",
                    format!("{path}.name"),
                    "not a string; call skipped".into(),
                );
            };
            let mut c = CallIn::new(
                name,
                text_or_object(item.get("arguments")),
                s(item, "id"),
                CallKind::Mcp,
            );
            c.server = s(item, "server_label").map(str::to_owned);
            let error = item.get("error").filter(|e| !e.is_null());
            let failed = s(item, "status") == Some("failed") || error.is_some();
            let out = match (error, item.get("output")) {
                (Some(e), _) => Some(e.clone()),
                (None, Some(o)) if !o.is_null() => Some(o.clone()),
                _ => None,
            };
            c.result = match out {
                Some(o) => Some((o, Some(failed))),
                None if failed => Some((json!({ "status": "failed" }), Some(true))),
                None => None,
            };
            b.call(c, path);
        }
        "mcp_approval_request" => b.diag(
            "MCP_APPROVAL_REQUEST",
            path.to_owned(),
            format!(
                "the model asked to run {} on {}; not a call until approved",
                s(item, "name").unwrap_or("?"),
                s(item, "server_label").unwrap_or("?")
            ),
        ),
        t if t.ends_with("_call") => {
            let name = &t[..t.len() - "_call".len()];
            let args = match item.get("action").or(item.get("arguments")) {
                Some(a) => text_or_object(Some(a)),
                None => Args::from_value(None),
            };
            let mut c = CallIn::new(name, args, id, CallKind::Server);
            let failed = s(item, "status") == Some("failed");
            let result = item
                .get("results")
                .or(item.get("result"))
                .or(item.get("outputs"))
                .filter(|r| !r.is_null());
            c.result = match result {
                Some(r) => Some((r.clone(), Some(failed))),
                None if failed => Some((json!({ "status": "failed" }), Some(true))),
                None => None,
            };
            b.call(c, path);
        }
        other => b.diag(
            "IGNORED",
            path.to_owned(),
            format!("item type {other:?} is not a call; skipped"),
        ),
    }
}

/// An item of a list, typed (see [`super::typed`]): the fields
/// [`read_items`] reads, with the same meaning (`present` where the value
/// reader tells a `null` field from an absent one).
#[derive(Deserialize)]
pub(crate) struct Item<'a> {
    #[serde(borrow, rename = "type")]
    ty: Option<Str<'a>>,
    #[serde(default, deserialize_with = "present")]
    role: Option<Value>,
    content: Option<Value>,
    #[serde(borrow)]
    call_id: Option<Str<'a>>,
    #[serde(borrow)]
    id: Option<Str<'a>>,
    #[serde(borrow)]
    name: Option<Str<'a>>,
    #[serde(borrow)]
    status: Option<Str<'a>>,
    #[serde(borrow)]
    server_label: Option<Str<'a>>,
    input: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    arguments: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    action: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    output: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    tools: Option<Value>,
    error: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    results: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    result: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    outputs: Option<Value>,
}

/// [`read_items`] (of a list, path `""`) over typed items.
pub(crate) fn read_items_typed<'a>(items: &mut dyn Iterator<Item = Item<'a>>, b: &mut Builder) {
    let mut in_turn = !b.turn_is_empty();
    for (i, item) in items.enumerate() {
        let role = item.role.as_ref().map(|r| r.as_str());
        let ty = match item.ty.as_deref() {
            Some(t) => t,
            None if role.is_some() => "message",
            None => "",
        };
        if ty == "message" && !matches!(role, Some(Some("assistant")) | Some(None) | None) {
            b.other_message(role.flatten().unwrap_or("user"), content_text(item.content.as_ref()));
            in_turn = false;
            continue;
        }
        if ty.ends_with("_output") {
            in_turn = false;
            if ty == "tool_search_output" && item.call_id.is_none() {
                continue;
            }
            let out = item.output.or(item.tools).unwrap_or(Value::Null);
            b.result_at(item.call_id.as_deref(), None, out, None, || format!("[{i}]"));
            continue;
        }
        if !in_turn {
            b.begin_turn();
        }
        in_turn = true;
        model_item_typed(item, i, b);
    }
}

fn model_item_typed(item: Item, i: usize, b: &mut Builder) {
    let ty = match item.ty.as_deref() {
        Some(t) => t,
        None if item.role.is_some() => "message",
        None => "",
    };
    let path = || format!("[{i}]");
    let malformed = |b: &mut Builder| {
        b.diag(
            "MALFORMED_CALL",
            format!("[{i}].name"),
            "not a string; call skipped".into(),
        )
    };
    match ty {
        "message" => b.text(&content_text(item.content.as_ref())),
        "reasoning" | "mcp_list_tools" | "mcp_approval_response" | "compaction" => {}
        "function_call" => {
            let Some(name) = item.name.as_deref() else {
                return malformed(b);
            };
            let args = text_or_owned(item.arguments);
            if name == "parallel" {
                wrapper_note(&args.map, &path(), b);
            }
            if item.status.as_deref() == Some("in_progress") {
                let msg = format!("{name} has status in_progress; read as emitted");
                b.diag("CALL_IN_PROGRESS", path(), msg);
            }
            b.call_at(
                CallIn::new(name, args, item.call_id.as_deref(), CallKind::Function),
                path,
            );
        }
        "custom_tool_call" => {
            let Some(name) = item.name.as_deref() else {
                return malformed(b);
            };
            let input = item.input.as_ref().and_then(Value::as_str).unwrap_or("");
            b.call_at(
                CallIn::new(name, Args::freeform(input), item.call_id.as_deref(), CallKind::Custom),
                path,
            );
        }
        "mcp_call" => {
            let Some(name) = item.name.as_deref() else {
                return malformed(b);
            };
            let mut c = CallIn::new(name, text_or_owned(item.arguments), item.id.as_deref(), CallKind::Mcp);
            c.server = item.server_label.as_deref().map(str::to_owned);
            let failed = item.status.as_deref() == Some("failed") || item.error.is_some();
            let out = item.error.or(item.output.filter(|o| !o.is_null()));
            c.result = failed_or(out, failed);
            b.call_at(c, path);
        }
        "mcp_approval_request" => b.diag(
            "MCP_APPROVAL_REQUEST",
            path(),
            format!(
                "the model asked to run {} on {}; not a call until approved",
                item.name.as_deref().unwrap_or("?"),
                item.server_label.as_deref().unwrap_or("?")
            ),
        ),
        t if t.ends_with("_call") => {
            let name = &t[..t.len() - "_call".len()];
            let args = match item.action.or(item.arguments) {
                Some(a) => text_or_owned(Some(a)),
                None => Args::from_owned(None),
            };
            let id = item.call_id.as_deref().or(item.id.as_deref());
            let mut c = CallIn::new(name, args, id, CallKind::Server);
            let failed = item.status.as_deref() == Some("failed");
            let result = item.results.or(item.result).or(item.outputs).filter(|r| !r.is_null());
            c.result = failed_or(result, failed);
            b.call_at(c, path);
        }
        other => b.diag("IGNORED", path(), format!("item type {other:?} is not a call; skipped")),
    }
}

/// A call item's own result: its output, or `{ status: "failed" }` when it
/// failed without one.
fn failed_or(out: Option<Value>, failed: bool) -> Option<(Value, Option<bool>)> {
    match out {
        Some(o) => Some((o, Some(failed))),
        None if failed => Some((json!({ "status": "failed" }), Some(true))),
        None => None,
    }
}

/// [`text_or_object`] of an owned value.
fn text_or_owned(v: Option<Value>) -> Args {
    match v {
        Some(Value::String(text)) => Args::from_text(&text),
        None => Args::from_text(""),
        other => Args::from_owned(other),
    }
}

fn text_or_object(v: Option<&Value>) -> Args {
    match v {
        Some(Value::String(text)) => Args::from_text(text),
        None => Args::from_text(""),
        other => Args::from_value(other),
    }
}

/// `parallel` (`multi_tool_use.parallel`) wraps several calls in one; it is
/// kept as emitted and reported.
fn wrapper_note(args: &serde_json::Map<String, Value>, path: &str, b: &mut Builder) {
    let inner: Vec<&str> = args.get("tool_uses").and_then(Value::as_array).map_or(Vec::new(), |u| {
        u.iter().filter_map(|t| s(t, "recipient_name")).collect()
    });
    if !inner.is_empty() {
        b.diag(
            "PARALLEL_WRAPPER",
            path.to_owned(),
            format!(
                "one call named \"parallel\" wraps {} calls {inner:?}; kept as emitted",
                inner.len()
            ),
        );
    }
}

/// Reassembles a stream of `response.*` events into the response's output
/// items (by `output_index`) and reads them. Items never closed by
/// `response.output_item.done` are dropped and reported; a stream without
/// `response.completed` (or `.incomplete`/`.failed`) is reported as cut short.
pub(crate) fn read_stream<E: Borrow<Value>>(events: impl Iterator<Item = E>, b: &mut Builder) {
    let mut items: Vec<Option<(Value, bool)>> = Vec::new();
    let mut ended = false;
    let slot = |items: &mut Vec<Option<(Value, bool)>>, i: usize| {
        if items.len() <= i {
            items.resize(i + 1, None);
        }
    };
    for ev in events {
        let ev = ev.borrow();
        let idx = ev.get("output_index").and_then(Value::as_u64).map(|i| i as usize);
        match s(ev, "type").unwrap_or("") {
            "response.output_item.added" | "response.output_item.done" => {
                let (Some(i), Some(item)) = (idx, ev.get("item")) else {
                    continue;
                };
                slot(&mut items, i);
                items[i] = Some((item.clone(), s(ev, "type") == Some("response.output_item.done")));
            }
            "response.function_call_arguments.delta" | "response.mcp_call_arguments.delta" => {
                if let (Some(i), Some(d)) = (idx, s(ev, "delta")) {
                    if let Some(Some((item, _))) = items.get_mut(i) {
                        match item.get_mut("arguments") {
                            Some(Value::String(args)) => args.push_str(d),
                            _ => item["arguments"] = Value::String(d.to_owned()),
                        }
                    }
                }
            }
            "response.completed" | "response.incomplete" | "response.failed" => {
                ended = true;
                if let Some(e) = ev.get("response").and_then(|r| r.get("error")).filter(|e| !e.is_null()) {
                    b.error(s(e, "message").map_or_else(|| e.to_string(), str::to_owned));
                }
            }
            "error" => b.error(s(ev, "message").unwrap_or("error event").to_owned()),
            _ => {}
        }
    }
    let mut output = Vec::new();
    let mut open = Vec::new();
    for (item, done) in items.into_iter().flatten() {
        if done {
            output.push(item);
        } else {
            open.push(s(&item, "name").or(s(&item, "type")).unwrap_or("?").to_owned());
        }
    }
    if !ended || !open.is_empty() {
        b.diag(
            "STREAM_INCOMPLETE",
            "events".into(),
            format!("the stream ended before response.completed; unfinished items dropped: {open:?}"),
        );
    }
    read_response(&obj([("output", Value::Array(output))]), b);
}
