//! Vercel AI SDK v4, v5 and v6: `result.steps` and model messages
//! (`CoreMessage`/`ModelMessage`); UI messages and UI message streams are
//! read by [`super::vercel_ui`].
//!
//! Reference: the AI SDK docs and sources at `ai@4.3.0`, `ai@5.0.0`,
//! `ai@6.0.0`: v4 steps carry `toolCalls[{ toolCallId, toolName, args }]` and
//! `toolResults[{ toolCallId, result }]`; v5/v6 steps carry `content[]` parts
//! `tool-call { input }`, `tool-result { output }`, `tool-error { error }`.
//! Model messages: assistant `tool-call` parts (`args` in v4, `input` in v5+),
//! `role: "tool"` messages of `tool-result` parts (`result` in v4; `output:
//! { type: "text" | "json" | "error-text" | "error-json" | "content", value }`
//! in v5+).

use super::vercel_ui::{self, UiInvocation, UiPart};
use crate::traces::input::{each, each_while, Doc};
use crate::traces::lenient::{lenient, Field, Seq, Str, TextOr};
use crate::traces::record::{Args, CallIn, CallKind, Loc, TraceBuilder};
use serde_json::Value;

lenient! {
    /// An item of a list: a step, a model message or a UI message.
    pub(crate) struct VercelItem<'a> {
        role: Str<'a> = "role",
        content: Field<TextOr<'a, VercelPart<'a>>> = "content",
        text: Str<'a> = "text",
        parts: Seq<UiPart<'a>> = "parts",
        tool_invocations: Seq<UiInvocation<'a>> = "toolInvocations",
        tool_calls: Seq<VercelPart<'a>> = "toolCalls",
        tool_results: Seq<VercelPart<'a>> = "toolResults",
        step_type: Field<Value> = "stepType",
        finish_reason: Field<Value> = "finishReason",
        usage: Field<VercelUsage> = "usage",
        response: Field<VercelResponse<'a>> = "response",
        provider_metadata: Field<Value> = "providerMetadata",
    }
    /// A step's `usage` (and a result's `totalUsage`): v5+ `inputTokens` /
    /// `outputTokens`, v4 `promptTokens` / `completionTokens`.
    struct VercelUsage {
        input_tokens: Field<u64> = "inputTokens",
        output_tokens: Field<u64> = "outputTokens",
        prompt_tokens: Field<u64> = "promptTokens",
        completion_tokens: Field<u64> = "completionTokens",
    }
    struct VercelResponse<'a> { model_id: Str<'a> = "modelId" }
    /// A part of a model message or step: `text`, `tool-call`,
    /// `tool-result`, `tool-error`.
    struct VercelPart<'a> {
        ty: Str<'a> = "type",
        text: Str<'a> = "text",
        tool_name: Str<'a> = "toolName",
        tool_call_id: Str<'a> = "toolCallId",
        input: Field<Value> = "input",
        args: Field<Value> = "args",
        result: Field<Value> = "result",
        is_error: Field<bool> = "isError",
        output: Field<Value> = "output",
        error: Field<Value> = "error",
    }
}

/// Reads steps (`[step]` or a result `{ steps, totalUsage? }`), model
/// messages or UI messages (`[message]` or `{ messages }`). A list with a
/// step in it is steps: a list is read as messages, and again as steps when
/// a step turns up. Usage: the result's `totalUsage`, else the steps' `usage`
/// added up (what `totalUsage` is); the model: the steps' `response.modelId`;
/// the provider: the key of a step's `providerMetadata`.
pub(crate) fn read(doc: Doc, b: &mut TraceBuilder) {
    if let Some(steps) = doc.list("steps") {
        each(steps, b, step);
        if let Some(total) = doc.member("totalUsage") {
            let (input, output) = counts(total.parse(b), &Loc::Root("totalUsage"), b);
            let m = b.meta();
            (m.input_tokens, m.output_tokens) = (input.or(m.input_tokens), output.or(m.output_tokens));
        }
        return;
    }
    let Some(list) = doc.list("messages").or(doc.is_list().then_some(doc)) else {
        // One message or step alone (read at index 0).
        if doc.member("role").is_some() || doc.member("toolCalls").is_some() {
            let item: VercelItem = doc.parse(b);
            if is_step(&item) {
                step(0, item, b);
            } else {
                message(0, item, b);
            }
        }
        return;
    };
    let before = b.clone();
    if !each_while(list, b, |i, m, b| !is_step(&m) && message(i, m, b)) {
        *b = before;
        each(list, b, step);
    }
}

fn is_step(x: &VercelItem) -> bool {
    x.tool_calls.present() || x.step_type.present() || x.finish_reason.present()
}

/// Input and output tokens of a `usage` object at `at` (v5+ or v4 names).
fn counts(u: VercelUsage, at: &Loc, b: &mut TraceBuilder) -> (Option<u64>, Option<u64>) {
    let input = match u.input_tokens {
        Field::Absent => b.tokens(&u.prompt_tokens, &at.k("promptTokens")),
        n => b.tokens(&n, &at.k("inputTokens")),
    };
    let output = match u.output_tokens {
        Field::Absent => b.tokens(&u.completion_tokens, &at.k("completionTokens")),
        n => b.tokens(&n, &at.k("outputTokens")),
    };
    (input, output)
}

fn step(i: usize, step: VercelItem, b: &mut TraceBuilder) {
    b.begin_turn();
    let at = Loc::Root("steps").i(i);
    if let Field::Is(u) = step.usage {
        let (input, output) = counts(u, &at.k("usage"), b);
        b.add_usage(input, output);
    }
    b.model(step.response.get().and_then(|r| r.model_id.str()));
    if let Some(Value::Object(m)) = step.provider_metadata.get() {
        if let Some(p) = m.keys().next() {
            b.meta().provider = Some(p.clone());
        }
    }
    if let Field::Is(TextOr::List(content)) = step.content {
        return parts(content, &at.k("content"), b);
    }
    b.text(step.text.str().unwrap_or(""));
    parts(step.tool_calls.into_items(), &at.k("toolCalls"), b);
    parts(step.tool_results.into_items(), &at.k("toolResults"), b);
}

/// Message `i` of a list (always `true`: read on).
fn message(i: usize, m: VercelItem, b: &mut TraceBuilder) -> bool {
    let at = Loc::Root("").i(i);
    let role = m.role.str().unwrap_or("");
    if let Field::Is(ui) = m.parts {
        match role {
            "assistant" => vercel_ui::assistant(ui, &at, b),
            _ => b.other_message(role, ui.iter().filter_map(|p| p.text.str()).collect()),
        }
        return true;
    }
    match (role, m.content) {
        ("assistant", content) if m.tool_invocations.present() => {
            b.begin_turn();
            b.text(match &content {
                Field::Is(TextOr::Text(t)) => t,
                _ => "",
            });
            vercel_ui::invocations(m.tool_invocations.into_items(), &at.k("toolInvocations"), b);
        }
        ("assistant", content) => {
            b.begin_turn();
            match content {
                Field::Is(TextOr::Text(t)) => b.text(&t),
                Field::Is(TextOr::List(list)) => parts(list, &at.k("content"), b),
                _ => {}
            }
        }
        ("tool", Field::Is(TextOr::List(list))) => parts(list, &at.k("content"), b),
        ("tool", _) => {}
        ("", _) => b.diag("IGNORED", at, "a message without a role; skipped".into()),
        (role, content) => b.other_message(role, text_of(content)),
    }
    true
}

/// The text of a content: a string, or the `text` of its parts.
fn text_of(content: Field<TextOr<VercelPart>>) -> String {
    match content {
        Field::Is(TextOr::Text(t)) => t.into_owned(),
        Field::Is(TextOr::List(list)) => list.iter().filter_map(|p| p.text.str()).collect(),
        _ => String::new(),
    }
}

fn parts(list: Vec<VercelPart>, at: &Loc, b: &mut TraceBuilder) {
    for (j, part) in list.into_iter().enumerate() {
        model_part(part, &at.i(j), b);
    }
}

fn model_part(part: VercelPart, at: &Loc, b: &mut TraceBuilder) {
    let (id, name) = (part.tool_call_id.str(), part.tool_name.str());
    match part.ty.str().unwrap_or("") {
        "text" => b.text(part.text.str().unwrap_or("")),
        "tool-call" => match name {
            Some(name) => {
                let args = Args::required(part.input.or(part.args).into_option());
                b.call(CallIn::new(name, args, id, CallKind::Function), at);
            }
            None => b.nameless(at.k("toolName")),
        },
        "tool-result" => {
            let (out, is_error) = output(part.result, part.is_error, part.output);
            b.result(id, name, out, is_error, at);
        }
        "tool-error" => b.result(id, name, part.error.or_null(), Some(true), at),
        _ => {}
    }
}

/// A `tool-result`'s output: v4 `result` (and `isError`) as given; v5
/// `output { type, value }` gives the value and whether it is an error;
/// any other `output` is the result as given.
fn output(result: Field<Value>, is_error: Field<bool>, output: Field<Value>) -> (Value, Option<bool>) {
    if let Field::Is(r) = result {
        return (r, is_error.get().copied());
    }
    match output.or_null() {
        Value::Object(mut o) if o.get("type").is_some_and(Value::is_string) && o.contains_key("value") => {
            let failed = o
                .get("type")
                .and_then(Value::as_str)
                .is_some_and(|t| t.starts_with("error"));
            (o.remove("value").unwrap_or(Value::Null), Some(failed))
        }
        out => (out, Some(false)),
    }
}
