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
use crate::traces::input::{Doc, Split};
use crate::traces::lenient::{lenient, Field, Seq, Str};
use crate::traces::record::{Args, CallIn, CallKind, Loc, TraceBuilder};
use serde_json::Value;

lenient! {
    /// An `actualToolCalls` item.
    struct McpjamCall<'a> { tool_name: Str<'a> = "toolName", arguments: Field<Value> = "arguments" }
    struct McpjamSpan<'a> {
        category: Str<'a> = "category",
        status: Str<'a> = "status",
        tool_call_id: Str<'a> = "toolCallId",
        name: Str<'a> = "name",
    }
}

/// Reads an MCPJam trace or eval result.
pub(crate) fn read(doc: Doc, b: &mut TraceBuilder) {
    match doc {
        _ if doc.is_list() => read_nested(doc, b),
        _ if doc.as_string().is_some() => read_nested(doc, b),
        // An object given as text and not split yet (a nested trace).
        Doc::Text(text) if text.starts_with('{') => match Split::of(text) {
            Some(split) => read(split.doc(), b),
            None => match serde_json::from_str::<Value>(text) {
                Ok(v) => read(Doc::Value(&v), b),
                Err(_) => b.not_json(),
            },
        },
        Doc::Object(..) | Doc::Value(Value::Object(_)) => read_object(doc, b),
        _ => {}
    }
}

fn read_object(doc: Doc, b: &mut TraceBuilder) {
    if doc.member("caseTitle").is_none() && doc.member("trace").is_none() {
        let messages = doc.member("messages").filter(|m| match m {
            Doc::Texts(items) => !items.is_empty(),
            Doc::Value(Value::Array(items)) => !items.is_empty(),
            _ => false,
        });
        if let Some(m) = messages {
            read_nested(m, b);
        }
        return spans(doc.member("spans"), b);
    }
    if let Some(e) = doc.member("error") {
        if let Some(e) = e.parse::<Str>(b).str() {
            b.error(e.to_owned());
        }
    }
    match doc.member("trace") {
        Some(Doc::Text("null") | Doc::Value(Value::Null)) | None => actual_calls(doc.member("actualToolCalls"), b),
        Some(t) => read(t, b),
    }
}

/// An eval result without a trace: its `actualToolCalls`.
fn actual_calls(calls: Option<Doc>, b: &mut TraceBuilder) {
    let root = Loc::Root("actualToolCalls");
    let calls = calls.map(|c| c.parse::<Seq<McpjamCall>>(b).into_items());
    for (i, c) in calls.into_iter().flatten().enumerate() {
        let at = root.i(i);
        match c.tool_name.str() {
            Some(name) => {
                let args = Args::from_value(c.arguments.into_option());
                b.call(CallIn::new(name, args, None, CallKind::Function), &at);
            }
            None => b.nameless(at.k("toolName")),
        }
    }
}

/// The `spans` of a trace: failed tool spans mark their calls, an error span is the run's error.
fn spans(spans: Option<Doc>, b: &mut TraceBuilder) {
    let spans = spans.map(|s| s.parse::<Seq<McpjamSpan>>(b).into_items());
    for span in spans.into_iter().flatten() {
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
