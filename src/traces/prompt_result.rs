//! `PromptResult`: the view of one agent run that `@mcpjam/sdk@1.14.0`'s
//! `TestAgent.prompt()` returns (its shipped `dist/index.js`, class
//! `PromptResult`), built here from a recorded trace.
//!
//! Accessors follow the shipped code: `toolsCalled()` lists every call's name
//! in call order (repeats kept), `hasToolCall(name)` is a case-sensitive exact
//! match, `getToolArguments(name)` is the *first* matching call's arguments,
//! `text` is a field (there is no `getText()` in 1.14.0). Several results
//! merge as the `context` option builds its messages: one after another.

use super::format::TraceFormat;
use super::record::{Diagnostic, Trace, TraceToolCall};
use crate::error::Result;
use serde::Serialize;
use serde_json::{Map, Value};

/// One agent run read from a trace.
///
/// Serialises (camelCase) to `{ format, text, toolCalls, messages, error?,
/// diagnostics }`; `format` is `null` for a merge of several formats.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PromptResult {
    /// The format read (`None` after merging results of different formats).
    pub format: Option<&'static str>,
    /// The model's text in its last turn (`""` when it had none).
    pub text: String,
    /// Every tool call, in call order.
    pub tool_calls: Vec<TraceToolCall>,
    /// The conversation as AI SDK `ModelMessage`s: `{ role, content }`, with
    /// assistant parts `{ type: "text", text }` / `{ type: "tool-call",
    /// toolCallId, toolName, input }` and tool parts `{ type: "tool-result",
    /// toolCallId, toolName, output }`.
    pub messages: Vec<Value>,
    /// The run's error message, if it reported one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// What was not read as-is (see [`crate::traces`] for the codes).
    pub diagnostics: Vec<Diagnostic>,
}

impl PromptResult {
    fn from_parts(format: TraceFormat, t: Trace) -> PromptResult {
        PromptResult {
            format: Some(format.as_str()),
            text: t.text,
            tool_calls: t.calls,
            messages: t.messages,
            error: t.error,
            diagnostics: t.diagnostics,
        }
    }

    /// Reads a trace given as a JSON value (a string value is read as trace
    /// text). `format` forces a format; `None` detects it from the shape.
    ///
    /// Errors: `INVALID_ARGUMENT` at `trace` when the format cannot be told,
    /// or the trace is (by its shape) of another provider than `format`.
    /// Anything unreadable *inside* a trace is a diagnostic, never an error.
    ///
    /// ```
    /// use mcp_matchers::traces::PromptResult;
    /// let msg = serde_json::json!({ "type": "message", "role": "assistant", "content": [
    ///     { "type": "tool_use", "id": "toolu_1", "name": "add", "input": { "a": 2, "b": 3 } } ] });
    /// let r = PromptResult::from_trace(&msg, None)?;
    /// assert_eq!(r.tools_called(), ["add"]);
    /// assert_eq!(r.get_tool_arguments("add").unwrap()["b"], 3);
    /// # Ok::<(), mcp_matchers::MatcherError>(())
    /// ```
    pub fn from_trace(trace: &Value, format: Option<TraceFormat>) -> Result<PromptResult> {
        let (f, t) = super::read_trace(trace, format)?;
        Ok(Self::from_parts(f, t))
    }

    /// Reads a trace given as text: one JSON document, an SSE stream
    /// (`data:` lines), JSON lines, or (MCPJam) plain text. Errors as [`Self::from_trace`].
    pub fn from_trace_text(text: &str, format: Option<TraceFormat>) -> Result<PromptResult> {
        let (f, t) = super::read_trace_text(text, format, true)?;
        Ok(Self::from_parts(f, t))
    }

    /// [`Self::from_trace_text`] without building the messages (`messages`
    /// is empty): the calls, text, error and diagnostics only. Faster on
    /// long traces when the conversation is not needed.
    pub fn calls_from_trace_text(text: &str, format: Option<TraceFormat>) -> Result<PromptResult> {
        let (f, t) = super::read_trace_text(text, format, false)?;
        Ok(Self::from_parts(f, t))
    }

    /// Several results as one conversation, in the given order (as
    /// `TestAgent.prompt(…, { context: [r1, r2] })` takes them): messages, calls
    /// and diagnostics concatenated, each result's steps numbered after the
    /// previous one's; `text` is the last result's, `error` the first one found.
    pub fn merge(results: &[PromptResult]) -> PromptResult {
        let mut out = PromptResult {
            format: results.first().and_then(|r| r.format),
            ..Default::default()
        };
        let mut offset = 0;
        for r in results {
            if out.format != r.format {
                out.format = None;
            }
            let steps = r.tool_calls.iter().map(|c| c.step + 1).max().unwrap_or(0);
            out.tool_calls.extend(r.tool_calls.iter().cloned().map(|mut c| {
                c.step += offset;
                c
            }));
            offset += steps;
            out.messages.extend(r.messages.iter().cloned());
            out.diagnostics.extend(r.diagnostics.iter().cloned());
            out.text.clone_from(&r.text);
            if out.error.is_none() {
                out.error.clone_from(&r.error);
            }
        }
        out
    }

    /// `toolsCalled()`: every call's tool name, in call order.
    pub fn tools_called(&self) -> Vec<&str> {
        self.tool_calls.iter().map(|c| c.tool_name.as_str()).collect()
    }

    /// `getToolCalls()`: the call records, in call order.
    pub fn get_tool_calls(&self) -> &[TraceToolCall] {
        &self.tool_calls
    }

    /// `hasToolCall(name)`: whether some call has exactly this tool name.
    pub fn has_tool_call(&self, tool_name: &str) -> bool {
        self.tool_calls.iter().any(|c| c.tool_name == tool_name)
    }

    /// `getToolArguments(name)`: the first call of `tool_name`'s arguments,
    /// `None` when it was not called.
    pub fn get_tool_arguments(&self, tool_name: &str) -> Option<&Map<String, Value>> {
        self.tool_calls
            .iter()
            .find(|c| c.tool_name == tool_name)
            .map(|c| &c.arguments)
    }

    /// `text`: the model's text in its last turn.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// `hasError()`: whether the run reported an error (an API error object,
    /// an error event or chunk, an MCPJam `error`). A failed *tool* is not a
    /// run error: see each call's `is_error`.
    pub fn has_error(&self) -> bool {
        self.error.is_some()
    }

    /// `getError()`: the run's error message, if any.
    pub fn get_error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// `getMessages()`: the conversation (see the `messages` field).
    pub fn get_messages(&self) -> &[Value] {
        &self.messages
    }

    /// What was not read as-is (see the module docs for the codes).
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The calls as the tool-call matchers take them (`EvalToolCall`), for
    /// [`crate::evaluate_tool_calls`] and the validators.
    #[cfg(feature = "native")]
    pub fn to_tool_calls(&self) -> Vec<crate::ToolCall> {
        self.tool_calls.iter().map(crate::ToolCall::from).collect()
    }
}

#[cfg(feature = "native")]
impl From<&TraceToolCall> for crate::ToolCall {
    /// `{ toolName, arguments }` (unreadable arguments are `{}`).
    fn from(c: &TraceToolCall) -> crate::ToolCall {
        crate::ToolCall {
            tool_name: c.tool_name.clone(),
            arguments: Some(c.arguments.clone()),
        }
    }
}
