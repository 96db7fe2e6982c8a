//! MCPJam eval traces: `EvalTraceInput` of `@mcpjam/sdk@1.14.0` — a string,
//! a message list (`{ role, content }[]`, the AI SDK `ModelMessage`s the
//! `TestAgent` records), or `{ messages?, spans?, prompts?, raw? }` — and a
//! whole `EvalResultInput` (`{ caseTitle, trace?, error?, actualToolCalls? }`).
//!
//! A string trace that is JSON (or a stream) is read as such; other text is
//! the run's text. The messages, and a nested trace, are read in whatever
//! format their shape tells. Spans with `category: "tool"` and `status:
//! "error"` mark their `toolCallId`'s call as failed; a span with
//! `category: "error"` is the run's error.

use super::read_nested;
use crate::traces::input::{split_array, split_object, Doc, Node};
use crate::traces::lenient::{lenient, Field, Seq, Str};
use crate::traces::record::{Args, CallIn, CallKind, Loc, TraceBuilder};
use serde_json::Value;

lenient! {
    /// An `actualToolCalls` item.
    struct McpjamCall<'a> {
        tool_name: Str<'a> = "toolName",
        arguments: Field<Value> = "arguments",
    }
}

lenient! {
    struct McpjamSpan<'a> {
        category: Str<'a> = "category",
        status: Str<'a> = "status",
        tool_call_id: Str<'a> = "toolCallId",
        name: Str<'a> = "name",
    }
}

/// A member of a trace object; `items` when its array was split already.
#[derive(Clone, Copy)]
struct Entry<'a> {
    key: &'a str,
    node: Node<'a>,
    items: Option<&'a [&'a str]>,
}

/// Reads an MCPJam trace or eval result.
pub(crate) fn read(doc: Doc, b: &mut TraceBuilder) {
    if doc.is_list() || doc.is_string() {
        return read_nested(doc, b);
    }
    let entries: Vec<Entry> = match doc {
        Doc::Object(_, members) => members
            .iter()
            .map(|m| Entry {
                key: m.key,
                node: Node::Text(m.text),
                items: m.items.as_deref(),
            })
            .collect(),
        Doc::Text(text) if text.starts_with('{') => match split_object(text) {
            Some(members) => members
                .into_iter()
                .map(|(key, t)| Entry {
                    key,
                    node: Node::Text(t),
                    items: None,
                })
                .collect(),
            None => return read_parsed(text, b),
        },
        Doc::Value(Value::Object(m)) => m
            .iter()
            .map(|(k, v)| Entry {
                key: k,
                node: Node::Value(v),
                items: None,
            })
            .collect(),
        _ => return,
    };
    read_object(&entries, b);
}

/// An object given as text that was not split (a key with escapes).
fn read_parsed(text: &str, b: &mut TraceBuilder) {
    match serde_json::from_str::<Value>(text) {
        Ok(v) => read(Doc::of_value(&v), b),
        Err(_) => b.not_json(),
    }
}

fn read_object(entries: &[Entry], b: &mut TraceBuilder) {
    let get = |key: &str| entries.iter().rev().find(|e| e.key == key).copied();
    if get("caseTitle").is_none() && get("trace").is_none() {
        if let Some(m) = get("messages").filter(|m| non_empty_array(m, b)) {
            read_member(m, b, read_nested);
        }
        return spans(get("spans"), b);
    }
    if let Some(e) = get("error") {
        if let Some(e) = b.parse::<Str>(e.node).str() {
            b.error(e.to_owned());
        }
    }
    match get("trace") {
        Some(t) if !is_null(t.node) => read_member(t, b, read),
        _ => actual_calls(get("actualToolCalls"), b),
    }
}

/// An eval result without a trace: its `actualToolCalls`.
fn actual_calls(calls: Option<Entry>, b: &mut TraceBuilder) {
    let Some(calls) = calls else { return };
    let root = Loc::Root("actualToolCalls");
    for (i, c) in b
        .parse::<Seq<McpjamCall>>(calls.node)
        .into_items()
        .into_iter()
        .enumerate()
    {
        let at = root.i(i);
        match c.tool_name.str() {
            Some(name) => {
                let args = Args::from_value(c.arguments.into_option());
                b.call(CallIn::new(name, args, None, CallKind::Function), &at);
            }
            None => b.diag("MALFORMED_CALL", at.k("toolName"), "not a string; call skipped".into()),
        }
    }
}

/// The `spans` of a trace: failed tool spans mark their calls, an error span is the run's error.
fn spans(spans: Option<Entry>, b: &mut TraceBuilder) {
    let Some(spans) = spans else { return };
    for span in b.parse::<Seq<McpjamSpan>>(spans.node).items() {
        match (span.category.str(), span.status.str()) {
            (Some("tool"), Some("error")) => {
                if let Some(id) = span.tool_call_id.str() {
                    b.mark_error(id);
                }
            }
            (Some("error"), _) => b.error(span.name.str().unwrap_or("error").to_owned()),
            _ => {}
        }
    }
}

/// Reads a member as a document with `read` (an array given as text is
/// split into its items).
fn read_member(e: Entry, b: &mut TraceBuilder, read: fn(Doc, &mut TraceBuilder)) {
    match (e.node, e.items) {
        (Node::Value(v), _) => read(Doc::of_value(v), b),
        (Node::Text(_), Some(items)) => read(Doc::Texts(items), b),
        (Node::Text(t), None) if t.starts_with('[') => match split_array(t) {
            Some(items) => read(Doc::Texts(&items), b),
            None => b.not_json(),
        },
        (Node::Text(t), None) => read(Doc::Text(t), b),
    }
}

fn is_null(node: Node) -> bool {
    match node {
        Node::Text(t) => t == "null",
        Node::Value(v) => v.is_null(),
    }
}

fn non_empty_array(e: &Entry, b: &mut TraceBuilder) -> bool {
    match (e.node, e.items) {
        (Node::Value(v), _) => v.as_array().is_some_and(|a| !a.is_empty()),
        (Node::Text(_), Some(items)) => !items.is_empty(),
        (Node::Text(t), None) => {
            t.starts_with('[') && !b.parse::<Seq<serde::de::IgnoredAny>>(Node::Text(t)).items().is_empty()
        }
    }
}
