//! What a run records: `@mcpjam/sdk@1.14.0`'s `PromptResultData` (prompt,
//! messages, text, toolCalls, usage, latency, error, provider, model, spans).

use crate::traces::ArgumentsError;
pub use crate::traces::{LatencyBreakdown, TokenUsage};
use serde::Serialize;
use serde_json::{Map, Value};

/// One call the model made, in call order (the package's `TraceToolCall` shape).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentToolCall {
    /// The tool's name as the model wrote it.
    pub tool_name: String,
    /// The arguments object (`{}` when `arguments_error` is set).
    pub arguments: Map<String, Value>,
    /// The call's id.
    pub id: String,
    /// What the tool returned (or the error text), once it finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<Value>,
    /// Whether the result is an error (thrown, `isError: true`, unknown tool, unreadable arguments).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_error: Option<bool>,
    /// 0-based step.
    pub step: usize,
    /// 0-based position in its step.
    pub index: usize,
    /// Why the arguments could not be read as an object.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arguments_error: Option<ArgumentsError>,
    /// The arguments as the model gave them, when `arguments_error` is set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub raw_arguments: Option<String>,
}

/// `EvalTraceSpanInput`: one timeline span, times in ms from the prompt's start.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Span {
    /// `step-<n>`, `llm-<n>`, `tool-<callId>`, `error`.
    pub id: String,
    /// The step span, for `llm` and `tool` spans.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent_id: Option<String>,
    /// `Step <n+1>`, `Model`, the tool's name, or the error message.
    pub name: String,
    /// `step`, `llm`, `tool` or `error`.
    pub category: &'static str,
    /// Start, ms.
    pub start_ms: f64,
    /// End, ms.
    pub end_ms: f64,
    /// Always 0 (one prompt per result).
    pub prompt_index: usize,
    /// The step, except for the error span.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step_index: Option<usize>,
    /// `ok` or `error`.
    pub status: &'static str,
    /// Tool spans: the call's id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_call_id: Option<String>,
    /// Tool spans: the tool's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_name: Option<String>,
    /// Step and llm spans: the step's input tokens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_tokens: Option<u64>,
    /// Step and llm spans: the step's output tokens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_tokens: Option<u64>,
    /// Step and llm spans: input + output.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_tokens: Option<u64>,
}

/// A finished run: `PromptResultData` (serialises camelCase to the shape `new PromptResult(data)` takes).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RunRecord {
    /// The prompt sent.
    pub prompt: String,
    /// The user message and every response message (the context is not included).
    pub messages: Vec<Value>,
    /// The last step's text (after a failure: the last completed step's).
    pub text: String,
    /// Every call, in call order.
    pub tool_calls: Vec<AgentToolCall>,
    /// Tokens summed over the steps.
    pub usage: TokenUsage,
    /// Times, ms.
    pub latency: LatencyBreakdown,
    /// What ended the run early: a model error, timeout or abort.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The provider the model object names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider: Option<String>,
    /// The model the model object names (or the first step reported).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// Step, model and tool spans, and an error span after a failure.
    pub spans: Vec<Span>,
    /// Why the loop ended: `finished` (no tool calls), `max-steps`, `stop-condition`, `stop-after-tool-call`, `error`.
    pub stop_reason: &'static str,
}
