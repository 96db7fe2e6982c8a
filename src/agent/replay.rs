//! `replayModel(trace)`: the steps of a recorded run as model answers, so a
//! recorded run can be driven again offline. The trace is read by
//! [`crate::traces::PromptResult`] (any format it reads); each assistant
//! message of its conversation is one step's answer (its text parts and its
//! `tool-call` parts, with a call the provider ran kept as `providerExecuted`
//! and its result, so replaying never runs it locally), in order.

use super::model::{ModelResponse, ProviderToolResult, ToolCallRequest};
use serde_json::Value;

/// The model answers of a conversation in AI SDK `ModelMessage` form: one per
/// assistant message, with its text and tool calls (ids and inputs as
/// recorded; a call without an id gets `call-<step>-<index>`).
///
/// ```
/// use mcp_matchers::agent::replay_steps;
/// let messages = serde_json::json!([
///   { "role": "user", "content": "Add 2 and 3" },
///   { "role": "assistant", "content": [{ "type": "tool-call", "toolCallId": "c1", "toolName": "add", "input": { "a": 2, "b": 3 } }] },
///   { "role": "tool", "content": [{ "type": "tool-result", "toolCallId": "c1", "toolName": "add", "output": { "type": "text", "value": "5" } }] },
///   { "role": "assistant", "content": "5" }
/// ]);
/// let steps = replay_steps(messages.as_array().unwrap());
/// assert_eq!(steps.len(), 2);
/// assert_eq!(steps[0].tool_calls[0].tool_name, "add");
/// assert_eq!(steps[1].text, "5");
/// ```
pub fn replay_steps(messages: &[Value]) -> Vec<ModelResponse> {
    let mut out = Vec::new();
    for m in messages
        .iter()
        .filter(|m| m.get("role").and_then(Value::as_str) == Some("assistant"))
    {
        let step = out.len();
        let mut r = ModelResponse::default();
        match m.get("content") {
            Some(Value::String(s)) => r.text.push_str(s),
            Some(Value::Array(parts)) => {
                for p in parts {
                    match p.get("type").and_then(Value::as_str) {
                        Some("text") => r.text.push_str(p.get("text").and_then(Value::as_str).unwrap_or("")),
                        Some("tool-call") => {
                            let i = r.tool_calls.len();
                            let id = match p.get("toolCallId").and_then(Value::as_str) {
                                Some(id) if !id.is_empty() => id.to_owned(),
                                _ => format!("call-{step}-{i}"),
                            };
                            let name = p.get("toolName").and_then(Value::as_str).unwrap_or("");
                            let input = p.get("input").or_else(|| p.get("args")).cloned().unwrap_or(Value::Null);
                            let mut call = ToolCallRequest::new(&id, name, input);
                            call.provider_executed = p.get("providerExecuted") == Some(&Value::Bool(true));
                            r.tool_calls.push(call);
                        }
                        // A provider's result, kept in the assistant message after its call.
                        Some("tool-result") => {
                            let id = p.get("toolCallId").and_then(Value::as_str).unwrap_or("");
                            if r.tool_calls.iter().any(|c| c.provider_executed && c.tool_call_id == id) {
                                let output = p.get("output");
                                let kind = output.and_then(|o| o.get("type")).and_then(Value::as_str).unwrap_or("");
                                let value = output.and_then(|o| o.get("value")).cloned().unwrap_or(Value::Null);
                                r.provider_results
                                    .push(ProviderToolResult::new(id, value, kind.starts_with("error")));
                            }
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        r.finish_reason = Some(if r.tool_calls.is_empty() { "stop" } else { "tool-calls" }.to_owned());
        out.push(r);
    }
    out
}
