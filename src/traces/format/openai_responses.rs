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

use super::StreamReader;
use crate::traces::input::{each, Doc};
use crate::traces::lenient::{lenient, Field, Str};
use crate::traces::record::{content_text, obj, s, Args, CallIn, CallKind, Loc, TraceBuilder};
use serde_json::{json, Map, Value};

lenient! {
    /// A response (its `output` is read item by item).
    struct ResponsesDoc<'a> {
        error: Field<Value> = "error",
        status: Str<'a> = "status",
        incomplete_details: Field<Value> = "incomplete_details",
        model: Str<'a> = "model",
        usage: Field<ResponsesUsage> = "usage",
    }
    /// A response's `usage`.
    struct ResponsesUsage { input_tokens: Field<u64> = "input_tokens", output_tokens: Field<u64> = "output_tokens" }
    /// An input or output item: the members any item type is read by.
    struct ResponsesItem<'a> {
        ty: Str<'a> = "type",
        role: Str<'a> = "role",
        content: Field<Value> = "content",
        call_id: Str<'a> = "call_id",
        id: Str<'a> = "id",
        name: Str<'a> = "name",
        status: Str<'a> = "status",
        server_label: Str<'a> = "server_label",
        input: Str<'a> = "input",
        arguments: Field<Value> = "arguments",
        action: Field<Value> = "action",
        output: Field<Value> = "output",
        tools: Field<Value> = "tools",
        error: Field<Value> = "error",
        results: Field<Value> = "results",
        result: Field<Value> = "result",
        outputs: Field<Value> = "outputs",
    }
}

/// Reads a response, an item list, a request body (`{ model, input }`), or
/// one item. Usage: `usage.input_tokens` and `output_tokens`; the model: `model`.
pub(crate) fn read(doc: Doc, b: &mut TraceBuilder) {
    b.provider_of_format("openai");
    match doc.list("input") {
        _ if doc.is_list() => read_items(doc, "", b),
        _ if doc.member("output").is_some() => read_response(doc, b),
        Some(input) => {
            b.model(doc.member("model").and_then(Doc::as_string).as_deref());
            read_items(input, "input", b)
        }
        // One item: the document is its own only item.
        None => read_items(doc, "", b),
    }
}

fn read_response(doc: Doc, b: &mut TraceBuilder) {
    let d: ResponsesDoc = doc.parse(b);
    if let Some(e) = d.error.non_null() {
        b.error_object(e);
    }
    b.model(d.model.str());
    if let Some(u) = d.usage.get() {
        b.usage(
            "usage",
            (&u.input_tokens, "input_tokens"),
            (&u.output_tokens, "output_tokens"),
        );
    }
    if d.status.str() == Some("incomplete") {
        let why = d.incomplete_details.get().map(Value::to_string).unwrap_or_default();
        let msg = format!("the response is incomplete {why}");
        b.diag("RESPONSE_INCOMPLETE", "status", msg);
    }
    b.begin_turn();
    if let Some(output) = doc.list("output") {
        read_items(output, "output", b);
    }
}

/// An item's type; an item without one but with a `role` is a message.
fn type_of<'i>(ty: &'i Str, role: &Str) -> &'i str {
    ty.str().unwrap_or(if role.present() { "message" } else { "" })
}

fn read_items(items: Doc, root: &'static str, b: &mut TraceBuilder) {
    // In an input list each run of model items is one turn.
    let mut in_turn = !b.turn_is_empty();
    each(items, b, |i, item: ResponsesItem, b| {
        let list = Loc::Root(root);
        let at = list.i(i);
        let ty = type_of(&item.ty, &item.role);
        if ty == "message" && !matches!(item.role.str(), Some("assistant") | None) {
            let text = content_text(item.content.into_option());
            b.other_message(item.role.str().unwrap_or("user"), text);
            in_turn = false;
        } else if ty.ends_with("_output") {
            output(item, &at, b);
            in_turn = false;
        } else {
            if !in_turn && root != "output" {
                b.begin_turn();
            }
            in_turn = true;
            model_item(item, &at, b);
        }
    });
}

fn output(item: ResponsesItem, at: &Loc, b: &mut TraceBuilder) {
    if type_of(&item.ty, &item.role) == "tool_search_output" && item.call_id.str().is_none() {
        // Server-side tool search: its output has no call id to join by.
        return;
    }
    let out = item.output.or(item.tools).or_null();
    b.result(item.call_id.str(), None, out, None, at);
}

fn model_item(item: ResponsesItem, at: &Loc, b: &mut TraceBuilder) {
    let (ty, name) = (type_of(&item.ty, &item.role), item.name.str());
    match (ty, name) {
        ("message", _) => b.text(&content_text(item.content.into_option())),
        ("reasoning" | "mcp_list_tools" | "mcp_approval_response" | "compaction", _) => {}
        ("mcp_approval_request", _) => b.diag(
            "MCP_APPROVAL_REQUEST",
            at,
            format!(
                "the model asked to run {} on {}; not a call until approved",
                name.unwrap_or("?"),
                item.server_label.str().unwrap_or("?")
            ),
        ),
        ("function_call" | "custom_tool_call" | "mcp_call", None) => {
            b.nameless(at.k("name"));
        }
        ("function_call", Some(name)) => {
            let args = Args::from_arguments(item.arguments.into_option());
            function_call(name, args, item.status.str(), item.call_id.str(), at, b);
        }
        ("custom_tool_call", Some(name)) => {
            let args = Args::freeform(item.input.str().unwrap_or(""));
            b.call(CallIn::new(name, args, item.call_id.str(), CallKind::Custom), at);
        }
        ("mcp_call", Some(_)) => mcp_call(item, at, b),
        (t, _) if t.ends_with("_call") => {
            let tool = t[..t.len() - "_call".len()].to_owned();
            server_call(&tool, item, at, b);
        }
        (other, _) => b.diag("IGNORED", at, format!("item type {other:?} is not a call; skipped")),
    }
}

/// An MCP call (named): its server label, and its own output or error.
fn mcp_call(item: ResponsesItem, at: &Loc, b: &mut TraceBuilder) {
    let args = Args::from_arguments(item.arguments.into_option());
    let mut c = CallIn::new(item.name.str().unwrap_or_default(), args, item.id.str(), CallKind::Mcp);
    c.server = item.server_label.str().map(str::to_owned);
    let failed = item.status.str() == Some("failed") || item.error.non_null().is_some();
    let out = match (item.error, item.output) {
        (Field::Is(e), _) if !e.is_null() => Some(e),
        (_, Field::Is(o)) if !o.is_null() => Some(o),
        _ => None,
    };
    c.result = failed_or(out, failed);
    b.call(c, at);
}

/// A server tool's call item `<tool>_call`: its `action` (or `arguments`)
/// as arguments, its `results` / `result` / `outputs` as result.
fn server_call(tool: &str, item: ResponsesItem, at: &Loc, b: &mut TraceBuilder) {
    let args = match item.action.or(item.arguments) {
        Field::Absent => Args::from_value(None),
        a => Args::from_arguments(a.into_option()),
    };
    let id = item.call_id.str().or(item.id.str());
    let mut c = CallIn::new(tool, args, id, CallKind::Server);
    let failed = item.status.str() == Some("failed");
    let result = item.results.or(item.result).or(item.outputs).into_option();
    c.result = failed_or(result.filter(|r| !r.is_null()), failed);
    b.call(c, at);
}

fn function_call(name: &str, args: Args, status: Option<&str>, id: Option<&str>, at: &Loc, b: &mut TraceBuilder) {
    if name == "parallel" {
        wrapper_note(&args.map, at, b);
    }
    if status == Some("in_progress") {
        let msg = format!("{name} has status in_progress; read as emitted");
        b.diag("CALL_IN_PROGRESS", at, msg);
    }
    b.call(CallIn::new(name, args, id, CallKind::Function), at);
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

/// `parallel` (`multi_tool_use.parallel`) wraps several calls in one; it is
/// kept as emitted and reported.
fn wrapper_note(args: &Map<String, Value>, at: &Loc, b: &mut TraceBuilder) {
    let inner: Vec<&str> = args.get("tool_uses").and_then(Value::as_array).map_or(Vec::new(), |u| {
        u.iter().filter_map(|t| s(t, "recipient_name")).collect()
    });
    if !inner.is_empty() {
        let n = inner.len();
        let msg = format!("one call named \"parallel\" wraps {n} calls {inner:?}; kept as emitted");
        b.diag("PARALLEL_WRAPPER", at, msg);
    }
}

lenient! {
    /// A stream event: `type`, and the members of the types read.
    pub(crate) struct ResponsesEvent<'a> {
        ty: Str<'a> = "type",
        output_index: Field<u64> = "output_index",
        item: Field<Value> = "item",
        delta: Str<'a> = "delta",
        response: Field<EventResponse> = "response",
        message: Str<'a> = "message",
    }
    struct EventResponse { error: Field<Value> = "error", model: Field<Value> = "model", usage: Field<Value> = "usage" }
}

/// Reassembles a stream of `response.*` events into the response's output
/// items (by `output_index`) and reads them. Items never closed by
/// `response.output_item.done` are dropped and reported; a stream without
/// `response.completed` (or `.incomplete`/`.failed`) is reported as cut short.
#[derive(Default)]
pub(crate) struct ResponsesStream {
    /// Each output item so far and whether it is done.
    items: Vec<Option<(Value, bool)>>,
    ended: bool,
    /// The latest `response`'s model and usage (`response.created` … `.completed`).
    model: Option<Value>,
    usage: Option<Value>,
}

impl StreamReader for ResponsesStream {
    type Event<'e> = ResponsesEvent<'e>;

    fn event(&mut self, _: usize, ev: ResponsesEvent, _: Doc, b: &mut TraceBuilder) {
        let idx = ev.output_index.get().map(|&i| i as usize);
        if let Some(r) = ev.response.get() {
            if let Some(m) = r.model.non_null() {
                self.model = Some(m.clone());
            }
            if let Some(u) = r.usage.non_null() {
                self.usage = Some(u.clone());
            }
        }
        match ev.ty.str().unwrap_or("") {
            t @ ("response.output_item.added" | "response.output_item.done") => {
                let (Some(i), Field::Is(item)) = (idx, ev.item) else {
                    return;
                };
                if self.items.len() <= i {
                    self.items.resize(i + 1, None);
                }
                self.items[i] = Some((item, t == "response.output_item.done"));
            }
            "response.function_call_arguments.delta" | "response.mcp_call_arguments.delta" => {
                if let (Some(Some((item, _))), Some(d)) = (idx.and_then(|i| self.items.get_mut(i)), ev.delta.str()) {
                    append_arguments(item, d);
                }
            }
            "response.completed" | "response.incomplete" | "response.failed" => {
                self.ended = true;
                if let Some(e) = ev.response.get().and_then(|r| r.error.non_null()) {
                    b.error_object(e);
                }
            }
            "error" => b.error(ev.message.str().unwrap_or("error event").to_owned()),
            _ => {}
        }
    }

    fn end(self, b: &mut TraceBuilder) {
        let mut output = Vec::new();
        let mut open = Vec::new();
        for (item, done) in self.items.into_iter().flatten() {
            if done {
                output.push(item);
            } else {
                open.push(s(&item, "name").or(s(&item, "type")).unwrap_or("?").to_owned());
            }
        }
        if !self.ended || !open.is_empty() {
            let msg = format!("the stream ended before response.completed; unfinished items dropped: {open:?}");
            b.incomplete(msg);
        }
        let mut response = obj([("output", Value::Array(output))]);
        for (key, v) in [("model", self.model), ("usage", self.usage)] {
            if let Some(v) = v {
                response[key] = v;
            }
        }
        read(Doc::Value(&response), b);
    }
}

/// An arguments delta joined to the item's `arguments` (an item that is
/// not an object takes none).
fn append_arguments(item: &mut Value, delta: &str) {
    match item {
        Value::Object(m) => match m.get_mut("arguments") {
            Some(Value::String(args)) => args.push_str(delta),
            _ => {
                m.insert("arguments".into(), delta.into());
            }
        },
        Value::Null => *item = obj([("arguments", delta.into())]),
        _ => {}
    }
}
