//! MCPJam eval traces: `EvalTraceInput` of `@mcpjam/sdk@1.14.0` — a string,
//! a message list (`{ role, content }[]`, the AI SDK `ModelMessage`s the
//! `TestAgent` records), or `{ messages?, spans?, prompts?, raw? }` — and a
//! whole `EvalResultInput` (`{ caseTitle, trace?, error?, actualToolCalls? }`).
//!
//! A string trace that is JSON (or a stream) is read as such; other text is
//! the run's text. The calls of the messages, and a nested trace, are read
//! in whatever format their shape tells; the messages themselves are kept as
//! recorded (the run's AI SDK `ModelMessage`s, as `TestAgent` records them). Spans (`EvalTraceSpanInput`) are kept; one with
//! `category: "tool"` and `status: "error"` marks its `toolCallId`'s call as
//! failed, one with `category: "error"` is the run's error, and the `llm`
//! spans give the token counts and model (`inputTokens`, `outputTokens`,
//! `modelId`), the `llm` and `tool` spans the model and tool times, the last
//! span's end the end-to-end time, unless the trace says otherwise.
//!
//! An eval result's own fields come last and win: `error`, `query` (the
//! prompt), `provider`, `model`, `tokens`, `durationMs` (the end-to-end
//! time), `widgetSnapshots`. Its `actualToolCalls` are the calls when the
//! trace records none, or other calls (`CALLS_DIFFER`): they are what
//! `PromptResult.getToolCalls()` held when `toEvalResult` wrote the result.

use super::read_nested;
use crate::traces::eval::{messages_show_tool_failure, part_shows_tool_failure};
use crate::traces::input::{each, Doc, Split};
use crate::traces::lenient::{lenient, Field, Seq, Str};
use crate::traces::record::{Args, CallIn, CallKind, Loc, TraceBuilder, TraceToolCall};
use serde::Deserialize;
use serde_json::{Map, Value};

lenient! {
    /// An `actualToolCalls` item.
    struct McpjamCall<'a> { tool_name: Str<'a> = "toolName", arguments: Field<Value> = "arguments" }
    /// An eval result's `tokens`.
    struct McpjamTokens { input: Field<u64> = "input", output: Field<u64> = "output", total: Field<u64> = "total" }
    /// A recorded message as the tool-failure gate reads it (when the
    /// messages themselves are not kept): its role and content parts.
    struct GateMessage<'a> { role: Str<'a> = "role", content: Field<Vec<GatePart<'a>>> = "content" }
    /// The members of a part the gate reads (`classifyToolFailurePart`).
    struct GatePart<'a> {
        ty: Str<'a> = "type",
        error: Field<Value> = "error",
        output: Field<GateOutput> = "output",
        result: Field<GateRecord> = "result",
        is_error: Field<Value> = "isError",
    }
    struct GateOutput { ty: Field<Value> = "type", value: Field<GateRecord> = "value", is_error: Field<Value> = "isError" }
    struct GateRecord { is_error: Field<Value> = "isError" }
}

impl GatePart<'_> {
    /// The part cut down to the members the gate reads, for the one gate
    /// ([`part_shows_tool_failure`]).
    fn into_value(self) -> Value {
        let mut part = Map::new();
        if let Some(t) = self.ty.str() {
            part.insert("type".into(), t.into());
        }
        put(&mut part, "error", self.error.into_option());
        put(&mut part, "isError", self.is_error.into_option());
        put(&mut part, "result", GateRecord::value(self.result));
        let output = match self.output {
            Field::Is(o) => {
                let mut m = Map::new();
                put(&mut m, "type", o.ty.into_option());
                put(&mut m, "value", GateRecord::value(o.value));
                put(&mut m, "isError", o.is_error.into_option());
                Some(Value::Object(m))
            }
            Field::Absent => None,
            _ => Some(Value::Null),
        };
        put(&mut part, "output", output);
        Value::Object(part)
    }
}

impl GateRecord {
    /// `{ isError }` of an object, `null` for another value, nothing when absent.
    fn value(f: Field<GateRecord>) -> Option<Value> {
        match f {
            Field::Is(r) => {
                let mut m = Map::new();
                put(&mut m, "isError", r.is_error.into_option());
                Some(Value::Object(m))
            }
            Field::Absent => None,
            _ => Some(Value::Null),
        }
    }
}

fn put(m: &mut Map<String, Value>, key: &str, v: Option<Value>) {
    if let Some(v) = v {
        m.insert(key.into(), v);
    }
}

/// Reads an MCPJam trace or eval result.
pub(crate) fn read(doc: Doc, b: &mut TraceBuilder) {
    match doc {
        _ if doc.is_list() => recorded_messages(doc, b),
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
            recorded_messages(m, b);
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
        Some(t) => {
            read(t, b);
            reconcile(doc.member("actualToolCalls"), b);
        }
    }
    result_fields(doc, b);
}

/// A trace's message list: its calls read in whatever format its shape
/// tells, the messages themselves kept as recorded (they are the run's
/// `ModelMessage`s), and whether they show a failed tool judged on them as
/// the reference's gate judges them.
fn recorded_messages(doc: Doc, b: &mut TraceBuilder) {
    b.without_messages(|b| read_nested(doc, b));
    if b.keeps_messages() {
        let Some(Value::Array(messages)) = doc.to_value() else {
            return;
        };
        b.meta().tool_failed = messages_show_tool_failure(&messages);
        return b.recorded_messages(messages);
    }
    // Only the members the gate reads, not a tree of the whole messages.
    let mut failed = false;
    each(doc, b, |_, m: GateMessage, _| {
        if !failed && m.role.str().is_some() {
            let parts = m.content.into_option().unwrap_or_default();
            failed = parts.into_iter().any(|p| part_shows_tool_failure(&p.into_value()));
        }
    });
    b.meta().tool_failed = failed;
}

/// An eval result's own fields (see the module docs).
fn result_fields(doc: Doc, b: &mut TraceBuilder) {
    let text = |key: &str| doc.member(key).and_then(Doc::as_string).map(|s| s.into_owned());
    let tokens = doc.member("tokens").map(|t| t.parse::<McpjamTokens>(b));
    let duration = doc.member("durationMs").map(|d| d.parse::<Field<f64>>(b));
    let snapshots = doc.member("widgetSnapshots").and_then(Doc::to_value);
    let at = Loc::Root("tokens");
    let counts = tokens.map(|t| {
        [(&t.input, "input"), (&t.output, "output"), (&t.total, "total")].map(|(n, key)| b.tokens(n, &at.k(key)))
    });
    let m = b.meta();
    if let Some(q) = text("query") {
        m.prompt = Some(q);
    }
    m.provider = text("provider").or(m.provider.take());
    m.model = text("model").or(m.model.take());
    if let Some([input, output, total]) = counts {
        m.input_tokens = input.or(m.input_tokens);
        m.output_tokens = output.or(m.output_tokens);
        m.total_tokens = total.or(m.total_tokens);
    }
    if let Some(Field::Is(ms)) = duration {
        m.e2e_ms = Some(ms);
    }
    if let Some(Value::Array(s)) = snapshots {
        m.widget_snapshots = s;
    }
}

/// The eval result's `actualToolCalls` replace the trace's calls when these
/// are none or other calls (by name and arguments, in order).
fn reconcile(calls: Option<Doc>, b: &mut TraceBuilder) {
    let Some(Field::Is(calls)) = calls.map(|c| c.parse::<Seq<McpjamCall>>(b)) else {
        return;
    };
    let mut side = TraceBuilder::new(false);
    add_calls(calls, &mut side);
    let side = side.finish();
    let same = |x: &[TraceToolCall], y: &[TraceToolCall]| {
        x.len() == y.len()
            && x.iter()
                .zip(y)
                .all(|(a, c)| a.tool_name == c.tool_name && a.arguments == c.arguments)
    };
    if same(b.calls(), &side.calls) {
        return;
    }
    if !b.calls().is_empty() {
        let msg = "the trace's calls differ from actualToolCalls; actualToolCalls kept".to_owned();
        b.diag("CALLS_DIFFER", "actualToolCalls", msg);
    }
    b.replace_calls(side.calls, side.diagnostics);
}

/// An eval result without a trace: its `actualToolCalls`.
fn actual_calls(calls: Option<Doc>, b: &mut TraceBuilder) {
    if let Some(calls) = calls.map(|c| c.parse::<Seq<McpjamCall>>(b).into_items()) {
        add_calls(calls, b);
    }
}

fn add_calls(calls: Vec<McpjamCall>, b: &mut TraceBuilder) {
    let root = Loc::Root("actualToolCalls");
    for (i, c) in calls.into_iter().enumerate() {
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

/// The `spans` of a trace (see the module docs).
fn spans(spans: Option<Doc>, b: &mut TraceBuilder) {
    let Some(Value::Array(spans)) = spans.and_then(Doc::to_value) else {
        return;
    };
    let str_of = |s: &Value, k: &str| s.get(k).and_then(Value::as_str).map(str::to_owned);
    let num = |s: &Value, k: &str| s.get(k).and_then(Value::as_f64);
    let (mut llm_ms, mut mcp_ms, mut end_ms) = (None::<f64>, None::<f64>, None::<f64>);
    let (mut input, mut output, mut model) = (None, None, None);
    for (i, span) in spans.iter().enumerate() {
        let duration = num(span, "endMs").zip(num(span, "startMs")).map(|(e, s)| e - s);
        if let Some(e) = num(span, "endMs") {
            end_ms = Some(end_ms.map_or(e, |m| m.max(e)));
        }
        match (str_of(span, "category").as_deref(), str_of(span, "status").as_deref()) {
            (Some("tool"), status) => {
                if let (Some("error"), Some(id)) = (status, str_of(span, "toolCallId")) {
                    b.mark_error(&id);
                }
                mcp_ms = Some(mcp_ms.unwrap_or(0.0) + duration.unwrap_or(0.0));
            }
            (Some("llm"), _) => {
                llm_ms = Some(llm_ms.unwrap_or(0.0) + duration.unwrap_or(0.0));
                let at = Loc::Root("spans").i(i);
                let mut add = |acc: Option<u64>, k| {
                    let count = span
                        .get(k)
                        .map_or(Field::Absent, |v| Field::<u64>::deserialize(v).unwrap_or(Field::Other));
                    match b.tokens(&count, &at.k(k)) {
                        Some(n) => Some(acc.unwrap_or(0).saturating_add(n)),
                        None => acc,
                    }
                };
                (input, output) = (add(input, "inputTokens"), add(output, "outputTokens"));
                model = model.or(str_of(span, "modelId"));
            }
            (Some("error"), _) => b.error(str_of(span, "name").unwrap_or_else(|| "error".into())),
            _ => {}
        }
    }
    let m = b.meta();
    if m.input_tokens.is_none() && m.output_tokens.is_none() {
        (m.input_tokens, m.output_tokens) = (input, output);
    }
    m.model = m.model.take().or(model);
    m.llm_ms = m.llm_ms.or(llm_ms);
    m.mcp_ms = m.mcp_ms.or(mcp_ms);
    m.e2e_ms = m.e2e_ms.or(end_ms);
    m.spans.extend(spans);
}
