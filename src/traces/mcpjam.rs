//! MCPJam eval traces: `EvalTraceInput` of `@mcpjam/sdk@1.14.0` — a string,
//! a message list (`{ role, content }[]`, the AI SDK `ModelMessage`s the
//! `TestAgent` records), or `{ messages?, spans?, prompts?, raw? }` — and a
//! whole `EvalResultInput` (`{ caseTitle, trace?, error?, actualToolCalls? }`).
//!
//! A string trace that is JSON (or a stream) is read as such; other text is
//! the run's text. Spans with `category: "tool"` and `status: "error"` mark
//! their `toolCallId`'s call as failed; a span with `category: "error"` is
//! the run's error.

use super::record::{arr, s, Args, Builder, CallIn, CallKind};
use serde_json::Value;

/// Reads an MCPJam trace or eval result; `read_any` reads a nested trace of
/// any known format (the messages of a trace are detected like any input).
pub(crate) fn read(v: &Value, b: &mut Builder, read_any: &dyn Fn(&Value, &mut Builder)) {
    match v {
        Value::String(text) => match super::detect::read_text(text) {
            super::detect::Input::Plain(t) => b.text(&t),
            _ => read_any(v, b),
        },
        Value::Array(_) => read_any(v, b),
        Value::Object(_) if v.get("caseTitle").is_some() || v.get("trace").is_some() => {
            if let Some(e) = s(v, "error") {
                b.error(e.to_owned());
            }
            match v.get("trace") {
                Some(t) if !t.is_null() => read(t, b, read_any),
                _ => {
                    for (i, c) in arr(v, "actualToolCalls").iter().enumerate() {
                        match s(c, "toolName") {
                            Some(name) => b.call(
                                CallIn::new(name, Args::from_value(c.get("arguments")), None, CallKind::Function),
                                &format!("actualToolCalls[{i}]"),
                            ),
                            None => b.diag(
                                "MALFORMED_CALL",
                                format!("actualToolCalls[{i}].toolName"),
                                "not a string; call skipped".into(),
                            ),
                        }
                    }
                }
            }
        }
        Value::Object(_) => {
            if let Some(m) = v
                .get("messages")
                .filter(|m| m.as_array().is_some_and(|a| !a.is_empty()))
            {
                read_any(m, b);
            }
            spans(v, b);
        }
        _ => {}
    }
}

/// The `spans` of a trace: failed tool spans mark their calls, an error span is the run's error.
pub(crate) fn spans(v: &Value, b: &mut Builder) {
    for span in arr(v, "spans") {
        match (s(span, "category"), s(span, "status")) {
            (Some("tool"), Some("error")) => {
                if let Some(id) = s(span, "toolCallId") {
                    b.mark_error(id);
                }
            }
            (Some("error"), _) => b.error(s(span, "name").unwrap_or("error").to_owned()),
            _ => {}
        }
    }
}
