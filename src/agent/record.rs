//! What a run records: the traces' [`PromptResult`] (`@mcpjam/sdk@1.14.0`'s
//! `PromptResultData`: prompt, messages, text, toolCalls, usage, latency,
//! error, provider, model, spans; `dist/index.js`, section
//! `src/PromptResult.ts`) and why the loop ended.

use crate::traces::PromptResult;
use serde::Serialize;

/// A finished run. Dereferences to its [`PromptResult`] (`r.tool_calls`,
/// `r.tools_called()`, `r.to_eval_result(…)`): the calls are
/// [`crate::traces::TraceToolCall`]s (`kind` `function`, or `server` for a
/// call the provider ran; `id` always set), the spans `EvalTraceSpanInput`
/// objects (`{ id, parentId?, name, category: "step" | "llm" | "tool" |
/// "error", startMs, endMs, promptIndex: 0, stepIndex?, status: "ok" |
/// "error", toolCallId?, toolName?, inputTokens?, outputTokens?, totalTokens? }`,
/// ms from the prompt's start), `format` is `None`.
///
/// Serialises (camelCase) as the result's JSON plus `stopReason`.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct RunRecord {
    /// The run as a `PromptResult`.
    #[serde(flatten)]
    pub result: PromptResult,
    /// Why the loop ended: `finished` (no tool calls), `max-steps`, `stop-condition`, `stop-after-tool-call`, `error`.
    #[serde(rename = "stopReason")]
    pub stop_reason: &'static str,
}

impl std::ops::Deref for RunRecord {
    type Target = PromptResult;
    fn deref(&self) -> &PromptResult {
        &self.result
    }
}
