//! `PromptResult`: the view of one agent run that `@mcpjam/sdk@1.14.0`'s
//! `HostRunner.run()` / `TestAgent.prompt()` returns (its shipped
//! `dist/index.js`, section `src/PromptResult.ts`; types in
//! `dist/index-*.d.ts`), built here from a recorded trace
//! ([`PromptResult::from_trace`]) or from the reference's `PromptResultData`
//! ([`PromptResult::from_data`]).
//!
//! Accessors follow the shipped code: `toolsCalled()` lists every call's name
//! in call order (repeats kept), `hasToolCall(name)` is a case-sensitive exact
//! match, `getToolArguments(name)` is the *first* matching call's arguments,
//! `text` and `prompt` are fields (there is no `getText()` in 1.14.0), token
//! counts and latencies are plain numbers (tokens; milliseconds). Several
//! results merge as the `context` option builds its messages: one after
//! another.

use super::format::TraceFormat;
use super::record::{Diagnostic, Trace, TraceToolCall};
use crate::error::Result;
use serde::Serialize;
use serde_json::{Map, Value};

/// `TokenUsage`: token counts of a run (all model calls together).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TokenUsage {
    /// Input (prompt) tokens.
    pub input_tokens: u64,
    /// Output (completion) tokens.
    pub output_tokens: u64,
    /// Total tokens: what the run recorded, else input + output (as the
    /// reference's `HostRunner` computes it).
    pub total_tokens: u64,
}

/// `LatencyBreakdown`: wall-clock times of a run, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LatencyBreakdown {
    /// End to end, ms.
    #[serde(serialize_with = "super::eval::js_number")]
    pub e2e_ms: f64,
    /// Waiting for the model, ms.
    #[serde(serialize_with = "super::eval::js_number")]
    pub llm_ms: f64,
    /// Running MCP tools, ms.
    #[serde(serialize_with = "super::eval::js_number")]
    pub mcp_ms: f64,
}

impl From<f64> for LatencyBreakdown {
    /// `PromptResult.error(error, ms)`'s number form: `{ e2eMs: ms, llmMs: 0, mcpMs: 0 }`.
    fn from(e2e_ms: f64) -> LatencyBreakdown {
        LatencyBreakdown {
            e2e_ms,
            ..Default::default()
        }
    }
}

/// One agent run, read from a trace or built from `PromptResultData`.
///
/// Serialises (camelCase) to `{ format, prompt, text, toolCalls, messages,
/// usage, latency, error?, provider?, model?, widgetSnapshots, spans,
/// diagnostics }`; `format` is `null` for data and for a merge of several formats.
#[must_use]
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PromptResult {
    /// The format read (`None` for data, and after merging results of different formats).
    pub format: Option<&'static str>,
    /// `prompt`: the prompt sent (`""` when unknown). From a trace: the
    /// prompt it names (MCPJam `query`), else its last user message's text.
    pub prompt: String,
    /// `text`: the model's text in its last turn (`""` when it had none).
    pub text: String,
    /// Every tool call, in call order.
    pub tool_calls: Vec<TraceToolCall>,
    /// The conversation as AI SDK `ModelMessage`s: `{ role, content }`, with
    /// assistant parts `{ type: "text", text }` / `{ type: "tool-call",
    /// toolCallId, toolName, input }` and tool parts `{ type: "tool-result",
    /// toolCallId, toolName, output: { type, value }, isError? }` (`type`:
    /// `text`, `json`, `error-text`, `error-json`).
    pub messages: Vec<Value>,
    /// Token counts (zero where the trace records none).
    pub usage: TokenUsage,
    /// Latencies in ms (zero where the trace records none).
    pub latency: LatencyBreakdown,
    /// The run's error message, if it reported one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The LLM provider (`"openai"`, `"anthropic"`, `"google"`, …), when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider: Option<String>,
    /// The model id the run reports (`"gpt-4o-2024-08-06"`), when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// MCP App widget snapshots (`EvalWidgetSnapshotInput` objects).
    pub widget_snapshots: Vec<Value>,
    /// Timeline spans (`EvalTraceSpanInput` objects: `{ id, name, category,
    /// startMs, endMs, status?, toolCallId?, … }`, ms from the run's start).
    pub spans: Vec<Value>,
    /// What was not read as-is (see [`crate::traces`] for the codes).
    pub diagnostics: Vec<Diagnostic>,
    /// Set while reading when a tool result showed a failed tool (kept when
    /// the messages are not built).
    #[serde(skip)]
    pub(crate) tool_failed: bool,
}

impl PromptResult {
    fn from_parts(format: TraceFormat, t: Trace) -> PromptResult {
        let m = t.meta;
        let (input, output) = (m.input_tokens.unwrap_or(0), m.output_tokens.unwrap_or(0));
        PromptResult {
            format: Some(format.as_str()),
            prompt: m.prompt.or(m.last_user_text).unwrap_or_default(),
            text: t.text,
            tool_calls: t.calls,
            messages: t.messages,
            usage: TokenUsage {
                input_tokens: input,
                output_tokens: output,
                total_tokens: m.total_tokens.unwrap_or(input.saturating_add(output)),
            },
            latency: LatencyBreakdown {
                e2e_ms: m.e2e_ms.unwrap_or(0.0),
                llm_ms: m.llm_ms.unwrap_or(0.0),
                mcp_ms: m.mcp_ms.unwrap_or(0.0),
            },
            error: t.error,
            provider: m.provider,
            model: m.model,
            widget_snapshots: m.widget_snapshots,
            spans: m.spans,
            diagnostics: t.diagnostics,
            tool_failed: m.tool_failed,
        }
    }

    /// Reads a trace given as a JSON value (a string value is read as trace
    /// text). `format` forces a format; `None` detects it from the shape.
    ///
    /// Besides the calls and messages, fills in what the trace records:
    /// token usage (OpenAI `usage`, Anthropic `usage`, Gemini
    /// `usageMetadata`, AI SDK steps' `usage` / `totalUsage`, MCPJam `tokens`
    /// or `llm` spans), the model (`model`, `modelVersion`,
    /// `response.modelId`), the provider (the API's owner: `openai`,
    /// `anthropic`, `google`; MCPJam's `provider`), MCPJam spans and widget
    /// snapshots, and the prompt. What it does not record reads as the
    /// reference's defaults: `""`, zeros, `None`, empty lists.
    ///
    /// Errors: `INVALID_ARGUMENT` at `trace` when the format cannot be told,
    /// or the trace is (by its shape) of another provider than `format`.
    /// Anything unreadable *inside* a trace is a diagnostic, never an error.
    ///
    /// ```
    /// use mcp_matchers::traces::PromptResult;
    /// let msg = serde_json::json!({ "type": "message", "role": "assistant", "model": "claude-x",
    ///     "content": [ { "type": "tool_use", "id": "toolu_1", "name": "add", "input": { "a": 2, "b": 3 } } ],
    ///     "usage": { "input_tokens": 12, "output_tokens": 5 } });
    /// let r = PromptResult::from_trace(&msg, None)?;
    /// assert_eq!(r.tools_called(), ["add"]);
    /// assert_eq!(r.tool_arguments("add").unwrap()["b"], 3);
    /// assert_eq!((r.input_tokens(), r.output_tokens(), r.total_tokens()), (12, 5, 17));
    /// assert_eq!((r.provider(), r.model()), (Some("anthropic"), Some("claude-x")));
    /// # Ok::<(), mcp_matchers::MatcherError>(())
    /// ```
    pub fn from_trace(trace: &Value, format: Option<TraceFormat>) -> Result<PromptResult> {
        let (f, t) = super::read_trace(trace, format)?;
        Ok(Self::from_parts(f, t))
    }

    /// Reads a trace given as text: one JSON document, an SSE stream
    /// (`data:` lines), JSON lines, or (MCPJam) plain text; a leading byte
    /// order mark is dropped. Errors as [`Self::from_trace`]; also
    /// `UNSUPPORTED_VALUE` at `trace` for one JSON document nested deeper
    /// than 128 levels (a stream's event that deep is its `UNREADABLE_EVENT`).
    pub fn from_trace_text(text: &str, format: Option<TraceFormat>) -> Result<PromptResult> {
        let (f, t) = super::read_trace_text(text, format, true)?;
        Ok(Self::from_parts(f, t))
    }

    /// [`Self::from_trace_text`] without building the messages (`messages`
    /// is empty): everything else as read. Faster on long traces when the
    /// conversation is not needed.
    pub fn calls_from_trace_text(text: &str, format: Option<TraceFormat>) -> Result<PromptResult> {
        let (f, t) = super::read_trace_text(text, format, false)?;
        Ok(Self::from_parts(f, t))
    }

    /// Several results as one conversation, in the given order (as
    /// `TestAgent.prompt(…, { context: [r1, r2] })` takes them): messages, calls,
    /// spans, widget snapshots and diagnostics concatenated, each result's
    /// steps numbered after the previous one's; token counts and latencies
    /// added up; `prompt` and `text` are the last result's, `provider` and
    /// `model` the last ones given, `error` the first one found.
    pub fn merge(results: &[PromptResult]) -> PromptResult {
        let (mut out, offsets) = Self::merge_facts(results.iter().map(|r| (r, r.step_count())));
        for (r, offset) in results.iter().zip(offsets) {
            out.tool_calls.extend(r.tool_calls.iter().cloned().map(|mut c| {
                c.step += offset;
                c
            }));
            out.messages.extend(r.messages.iter().cloned());
            out.spans.extend(r.spans.iter().cloned());
            out.widget_snapshots.extend(r.widget_snapshots.iter().cloned());
            out.diagnostics.extend(r.diagnostics.iter().cloned());
        }
        out
    }

    /// How many model steps the result's calls span (the highest `step` + 1; 0 without calls).
    pub(crate) fn step_count(&self) -> usize {
        self.tool_calls.iter().map(|c| c.step + 1).max().unwrap_or(0)
    }

    /// What [`Self::merge`] decides, for results in order, each with its
    /// step count: the merged run's facts (format, usage, latency, prompt,
    /// text, provider, model, error, tool failure; no lists) and each
    /// result's step offset. The JS glue's `PromptResult.merge` asks the
    /// same through the `prompt_merge` export and concatenates the caller's
    /// own lists.
    pub(crate) fn merge_facts<'a>(
        runs: impl IntoIterator<Item = (&'a PromptResult, usize)>,
    ) -> (PromptResult, Vec<usize>) {
        let mut out = PromptResult::default();
        let mut offsets = Vec::new();
        let mut offset = 0;
        for (i, (r, steps)) in runs.into_iter().enumerate() {
            if i == 0 {
                out.format = r.format;
            } else if out.format != r.format {
                out.format = None;
            }
            offsets.push(offset);
            offset += steps;
            out.usage.input_tokens = out.usage.input_tokens.saturating_add(r.usage.input_tokens);
            out.usage.output_tokens = out.usage.output_tokens.saturating_add(r.usage.output_tokens);
            out.usage.total_tokens = out.usage.total_tokens.saturating_add(r.usage.total_tokens);
            out.latency.e2e_ms += r.latency.e2e_ms;
            out.latency.llm_ms += r.latency.llm_ms;
            out.latency.mcp_ms += r.latency.mcp_ms;
            out.prompt.clone_from(&r.prompt);
            out.text.clone_from(&r.text);
            if r.provider.is_some() {
                out.provider.clone_from(&r.provider);
            }
            if r.model.is_some() {
                out.model.clone_from(&r.model);
            }
            if out.error.is_none() {
                out.error.clone_from(&r.error);
            }
            out.tool_failed |= r.tool_failed;
        }
        (out, offsets)
    }

    /// `getPrompt()`: the prompt sent.
    pub fn prompt(&self) -> &str {
        &self.prompt
    }

    /// `toolsCalled()`: every call's tool name, in call order.
    pub fn tools_called(&self) -> Vec<&str> {
        self.tool_calls.iter().map(|c| c.tool_name.as_str()).collect()
    }

    /// `getToolCalls()`: the call records, in call order.
    pub fn tool_calls(&self) -> &[TraceToolCall] {
        &self.tool_calls
    }

    /// `hasToolCall(name)`: whether some call has exactly this tool name.
    pub fn has_tool_call(&self, tool_name: &str) -> bool {
        self.tool_calls.iter().any(|c| c.tool_name == tool_name)
    }

    /// `getToolArguments(name)`: the first call of `tool_name`'s arguments,
    /// `None` when it was not called.
    pub fn tool_arguments(&self, tool_name: &str) -> Option<&Map<String, Value>> {
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
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// `getMessages()`: the conversation (see the `messages` field).
    pub fn messages(&self) -> &[Value] {
        &self.messages
    }

    /// `getUserMessages()`: the messages with `role: "user"`, in order.
    pub fn user_messages(&self) -> Vec<&Value> {
        self.messages_of("user")
    }

    /// `getAssistantMessages()`: the messages with `role: "assistant"`, in order.
    pub fn assistant_messages(&self) -> Vec<&Value> {
        self.messages_of("assistant")
    }

    /// `getToolMessages()`: the messages with `role: "tool"`, in order.
    pub fn tool_messages(&self) -> Vec<&Value> {
        self.messages_of("tool")
    }

    fn messages_of(&self, role: &str) -> Vec<&Value> {
        self.role_indices(role).into_iter().map(|i| &self.messages[i]).collect()
    }

    /// The indices of the messages whose `role` is exactly `role`.
    pub(crate) fn role_indices(&self, role: &str) -> Vec<usize> {
        let is = |m: &Value| m.get("role").and_then(Value::as_str) == Some(role);
        (0..self.messages.len()).filter(|&i| is(&self.messages[i])).collect()
    }

    /// `e2eLatencyMs()`: end-to-end wall-clock time, ms.
    pub fn e2e_latency_ms(&self) -> f64 {
        self.latency.e2e_ms
    }

    /// `llmLatencyMs()`: time spent waiting for the model, ms.
    pub fn llm_latency_ms(&self) -> f64 {
        self.latency.llm_ms
    }

    /// `mcpLatencyMs()`: time spent running MCP tools, ms.
    pub fn mcp_latency_ms(&self) -> f64 {
        self.latency.mcp_ms
    }

    /// `getLatency()`: the breakdown (a copy).
    pub fn latency(&self) -> LatencyBreakdown {
        self.latency
    }

    /// `totalTokens()`: total tokens.
    pub fn total_tokens(&self) -> u64 {
        self.usage.total_tokens
    }

    /// `inputTokens()`: input tokens.
    pub fn input_tokens(&self) -> u64 {
        self.usage.input_tokens
    }

    /// `outputTokens()`: output tokens.
    pub fn output_tokens(&self) -> u64 {
        self.usage.output_tokens
    }

    /// `getUsage()`: the token counts (a copy).
    pub fn usage(&self) -> TokenUsage {
        self.usage
    }

    /// `getWidgetSnapshots()`: the MCP App widget snapshots.
    pub fn widget_snapshots(&self) -> &[Value] {
        &self.widget_snapshots
    }

    /// `getSpans()`: the timeline spans.
    pub fn spans(&self) -> &[Value] {
        &self.spans
    }

    /// `getProvider()`: the LLM provider, when known.
    pub fn provider(&self) -> Option<&str> {
        self.provider.as_deref()
    }

    /// `getModel()`: the model, when known.
    pub fn model(&self) -> Option<&str> {
        self.model.as_deref()
    }

    /// `formatTrace()`: the messages as `JSON.stringify(messages, null, 2)` writes them.
    pub fn format_trace(&self) -> String {
        let v = Value::Array(self.messages.clone());
        crate::value::print::stringify_pretty(&crate::value::Val::from(&v))
    }

    /// Whether the trace shows a failed tool, as `toEvalResult`'s gate reads
    /// it (`traceIndicatesToolExecutionFailure` of `{ messages, spans }`):
    /// see [`super::eval`]. Also true when a result read from a trace showed
    /// one while its messages were not built.
    pub fn trace_shows_tool_failure(&self) -> bool {
        self.tool_failed
            || super::eval::spans_show_tool_failure(&self.spans)
            || super::eval::messages_show_tool_failure(&self.messages)
    }

    /// What was not read as-is (see the module docs for the codes).
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The calls copied as owned `EvalToolCall`s. The matchers
    /// ([`crate::evaluate_tool_calls`], the validators) take
    /// [`PromptResult::tool_calls`] as they are ([`crate::AsToolCall`]); this
    /// copy is for keeping calls beyond the result.
    pub fn to_tool_calls(&self) -> Vec<crate::ToolCall> {
        self.tool_calls.iter().map(crate::ToolCall::from).collect()
    }
}

impl crate::AsToolCall for TraceToolCall {
    fn tool_name(&self) -> &str {
        &self.tool_name
    }

    /// Always `Some`: unreadable or absent arguments are already `{}`.
    fn arguments(&self) -> Option<&serde_json::Map<String, serde_json::Value>> {
        Some(&self.arguments)
    }
}

impl From<&TraceToolCall> for crate::ToolCall {
    /// `{ toolName, arguments }` (unreadable arguments are `{}`).
    fn from(c: &TraceToolCall) -> crate::ToolCall {
        crate::AsToolCall::to_tool_call(c)
    }
}
