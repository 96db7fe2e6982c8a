//! What crosses between the loop and the model and tools: the request a
//! model gets, the response it gives (read from the caller's small function
//! shape or an AI SDK `LanguageModelV2`/`V3` `doGenerate` result), the tool
//! definitions and the tool outcomes.

use serde::Serialize;
use serde_json::{json, Value};

/// What shape the model takes requests in and answers with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ModelKind {
    /// The caller's function: `messages` in AI SDK `ModelMessage` form;
    /// answers `{ text, toolCalls, usage, finishReason }`.
    #[default]
    Function,
    /// An AI SDK `LanguageModelV2`/`V3` (`doGenerate`): `prompt` in the
    /// provider form (user text as parts, the system prompt as the first
    /// message); answers `{ content, usage, finishReason }`.
    LanguageModel,
}

/// One tool the model may call.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolDefinition {
    /// The name the model calls it by.
    pub name: String,
    /// What it does, for the model (`""` when none).
    pub description: String,
    /// Its arguments as a JSON Schema object.
    pub input_schema: Value,
}

impl ToolDefinition {
    /// A definition from its parts.
    pub fn new(name: &str, description: &str, input_schema: Value) -> ToolDefinition {
        ToolDefinition {
            name: name.to_owned(),
            description: description.to_owned(),
            input_schema,
        }
    }
}

/// One model call of the loop.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelRequest {
    /// 0-based step number.
    pub step_index: usize,
    /// The system prompt.
    pub system: String,
    /// The conversation so far (context, the prompt, earlier steps), as AI SDK `ModelMessage`s.
    pub messages: Vec<Value>,
    /// The tools the model may call.
    pub tools: Vec<ToolDefinition>,
    /// Sampling temperature, when set.
    pub temperature: Option<f64>,
}

impl ModelRequest {
    /// The request as the caller's function gets it:
    /// `{ stepIndex, system, messages, tools: [{ name, description, inputSchema }], temperature? }`.
    pub fn to_function_json(&self) -> Value {
        let mut o = json!({ "stepIndex": self.step_index, "system": self.system, "messages": self.messages, "tools": self.tools });
        if let Some(t) = self.temperature {
            o["temperature"] = json!(t);
        }
        o
    }

    /// The call options of an AI SDK `LanguageModelV2`/`V3` `doGenerate`:
    /// `{ prompt, tools: [{ type: "function", name, description, inputSchema }], toolChoice: { type: "auto" }, temperature? }`.
    pub fn to_language_model_json(&self) -> Value {
        let mut prompt = vec![json!({ "role": "system", "content": self.system })];
        prompt.extend(self.messages.iter().map(provider_message));
        let tools: Vec<Value> = self
            .tools
            .iter()
            .map(|t| json!({ "type": "function", "name": t.name, "description": t.description, "inputSchema": t.input_schema }))
            .collect();
        let mut o = json!({ "prompt": prompt, "tools": tools, "toolChoice": { "type": "auto" } });
        if let Some(t) = self.temperature {
            o["temperature"] = json!(t);
        }
        o
    }
}

/// A `ModelMessage` in the provider prompt form: string contents become one text part.
fn provider_message(m: &Value) -> Value {
    match m.get("content") {
        Some(Value::String(s)) if m.get("role").and_then(Value::as_str) != Some("system") => {
            let mut out = m.clone();
            out["content"] = json!([{ "type": "text", "text": s }]);
            out
        }
        _ => m.clone(),
    }
}

/// One tool call the model asked for.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolCallRequest {
    /// The call's id (made up as `call-<step>-<index>` when the model gave none).
    pub tool_call_id: String,
    /// The tool's name as the model wrote it.
    pub tool_name: String,
    /// The arguments as the model gave them: an object, or JSON text (read by the loop).
    pub input: Value,
    /// The provider already ran this call (AI SDK `LanguageModelV2ToolCall.providerExecuted`,
    /// e.g. a provider's web search): it is recorded, never executed by the loop, and
    /// gets no tool message; its result, when the provider sent one, is in
    /// [`ModelResponse::provider_results`]. Serialized only when `true`.
    #[serde(skip_serializing_if = "is_false")]
    pub provider_executed: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl ToolCallRequest {
    /// A call from its parts (executed by the loop).
    pub fn new(id: &str, name: &str, input: Value) -> ToolCallRequest {
        ToolCallRequest {
            tool_call_id: id.to_owned(),
            tool_name: name.to_owned(),
            input,
            provider_executed: false,
        }
    }

    /// A call the provider already ran (see [`ToolCallRequest::provider_executed`]).
    pub fn provider_executed(id: &str, name: &str, input: Value) -> ToolCallRequest {
        ToolCallRequest {
            provider_executed: true,
            ..ToolCallRequest::new(id, name, input)
        }
    }
}

/// The result of a call the provider ran, as the model's answer carries it
/// (AI SDK `LanguageModelV3ToolResult` / `LanguageModelV2ToolResult`:
/// `{ type: "tool-result", toolCallId, toolName, result, isError? }`).
#[derive(Clone, Debug, PartialEq)]
pub struct ProviderToolResult {
    /// The provider-executed call it answers.
    pub tool_call_id: String,
    /// What the provider's tool gave (`null` when the part had none).
    pub result: Value,
    /// The provider marked it as an error.
    pub is_error: bool,
}

impl ProviderToolResult {
    /// A result from its parts.
    pub fn new(tool_call_id: &str, result: Value, is_error: bool) -> ProviderToolResult {
        ProviderToolResult {
            tool_call_id: tool_call_id.to_owned(),
            result,
            is_error,
        }
    }

    /// The AI SDK `ToolResultOutput` of it in the assistant message, as AI SDK
    /// `ai@6` `generateText` writes a provider's result (`toResponseMessages`,
    /// `createToolModelOutput`): `error-json` when an error, else `text` for a
    /// string and `json` for anything else.
    pub fn output_part(&self) -> Value {
        match (&self.result, self.is_error) {
            (v, true) => json!({ "type": "error-json", "value": v }),
            (Value::String(s), false) => json!({ "type": "text", "value": s }),
            (v, false) => json!({ "type": "json", "value": v }),
        }
    }
}

/// Token counts of one model call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Usage {
    /// Input (prompt) tokens.
    pub input_tokens: u64,
    /// Output (completion) tokens.
    pub output_tokens: u64,
}

/// The largest token count read from a model's answer: `2^53 − 1`
/// (`Number.MAX_SAFE_INTEGER`, so a sum is still exact in JS).
pub const MAX_TOKEN_COUNT: u64 = (1 << 53) - 1;

/// What the model answered in one step.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ModelResponse {
    /// Its text (`""` when none; text parts are joined).
    pub text: String,
    /// The calls it asked for, in order (with those the provider ran, marked
    /// [`ToolCallRequest::provider_executed`]).
    pub tool_calls: Vec<ToolCallRequest>,
    /// The results of the calls the provider ran, when it sent them.
    pub provider_results: Vec<ProviderToolResult>,
    /// Its token counts.
    pub usage: Usage,
    /// Why it stopped (`"stop"`, `"tool-calls"`, …), when it said.
    pub finish_reason: Option<String>,
    /// The model id it reported (`response.modelId`), when it did.
    pub model_id: Option<String>,
}

impl ModelResponse {
    /// A text-only answer.
    pub fn text(text: &str) -> ModelResponse {
        ModelResponse {
            text: text.to_owned(),
            finish_reason: Some("stop".into()),
            ..Default::default()
        }
    }

    /// An answer of tool calls only.
    pub fn tool_calls(calls: Vec<ToolCallRequest>) -> ModelResponse {
        ModelResponse {
            tool_calls: calls,
            finish_reason: Some("tool-calls".into()),
            ..Default::default()
        }
    }

    /// Reads an answer of either shape; `path` names it in errors.
    ///
    /// * the function shape `{ text?, toolCalls?: [{ toolCallId?, toolName, input? | args?, providerExecuted?, result?, isError? }], usage?: { inputTokens, outputTokens }, finishReason? }`
    ///   (`result`/`isError` are read for a `providerExecuted: true` call only: the provider's result);
    /// * the `doGenerate` shape `{ content: [{ type: "text", text } | { type: "tool-call", toolCallId, toolName, input, providerExecuted? } | { type: "tool-result", toolCallId, toolName, result, isError? }], usage, finishReason, response?: { modelId } }`
    ///   with V2 usage (`inputTokens: number`) or V3 usage (`inputTokens: { total }`) and V3 `finishReason: { unified }`.
    ///   A `tool-result` part is the provider's result of a `providerExecuted` call of the same
    ///   content (`LanguageModelV3ToolResult`: "executed by the provider"); other part types are skipped.
    ///
    /// Usage, as AI SDK `LanguageModelV3Usage` types it (`number | undefined`):
    /// a count that is missing, `null` or `undefined` is 0 (as
    /// `@mcpjam/sdk@1.14.0 HostRunner` sums `usage?.inputTokens ?? 0`); any
    /// other count must be a whole number from 0 to [`MAX_TOKEN_COUNT`]. A
    /// count outside that (`-5`, `1.5`, `"a"`, `NaN`) is never rounded or
    /// zeroed: it is an error, so the run ends with the malformed answer named.
    ///
    /// Errors: `INVALID_ARGUMENT` at `path` (not an object), `path.text` (not a string),
    /// `path.toolCalls` (not an array), `path.toolCalls[i].toolName` / `path.content[i].toolName`
    /// (not a string), `….providerExecuted` (not a boolean), `path.content[i].toolCallId`
    /// (a `tool-result` part that answers no `providerExecuted` call of the answer),
    /// `path.usage` (not an object), `path.usage.inputTokens` / `…outputTokens`
    /// (or `….total` in the V3 shape: not a whole number 0 to 2^53 − 1).
    pub fn from_json(v: &Value, step: usize, path: &str) -> crate::error::Result<ModelResponse> {
        use crate::error::MatcherError;
        let Some(o) = v.as_object() else {
            return Err(MatcherError::invalid_argument(
                path,
                "the model must answer with an object { text, toolCalls, usage, finishReason }",
            ));
        };
        let mut r = ModelResponse {
            usage: read_usage(o.get("usage"), &format!("{path}.usage"))?,
            finish_reason: match o.get("finishReason") {
                Some(Value::String(s)) => Some(s.clone()),
                Some(Value::Object(f)) => f.get("unified").and_then(Value::as_str).map(str::to_owned),
                _ => None,
            },
            model_id: o
                .get("response")
                .and_then(|r| r.get("modelId"))
                .and_then(Value::as_str)
                .map(str::to_owned),
            ..Default::default()
        };
        // (part, its path) of each call; results of provider-executed calls.
        let mut calls: Vec<(&Value, String)> = Vec::new();
        // (part, its path, the call it belongs to when it is the call itself).
        let mut results: Vec<(&Value, String, Option<usize>)> = Vec::new();
        if let Some(Value::Array(content)) = o.get("content") {
            for (i, part) in content.iter().enumerate() {
                match part.get("type").and_then(Value::as_str) {
                    Some("text") => r.text.push_str(part.get("text").and_then(Value::as_str).unwrap_or("")),
                    Some("tool-call") => calls.push((part, format!("{path}.content[{i}]"))),
                    Some("tool-result") => results.push((part, format!("{path}.content[{i}]"), None)),
                    _ => {}
                }
            }
        } else {
            match o.get("text") {
                None | Some(Value::Null) => {}
                Some(Value::String(s)) => r.text = s.clone(),
                Some(_) => {
                    return Err(MatcherError::invalid_argument(
                        format!("{path}.text"),
                        "text must be a string",
                    ))
                }
            }
            match o.get("toolCalls") {
                None | Some(Value::Null) => {}
                Some(Value::Array(a)) => {
                    for (i, c) in a.iter().enumerate() {
                        let p = format!("{path}.toolCalls[{i}]");
                        if c.get("providerExecuted") == Some(&Value::Bool(true))
                            && c.get("result").is_some_and(|v| !v.is_null())
                        {
                            results.push((c, p.clone(), Some(i)));
                        }
                        calls.push((c, p));
                    }
                }
                Some(_) => {
                    return Err(MatcherError::invalid_argument(
                        format!("{path}.toolCalls"),
                        "toolCalls must be an array",
                    ))
                }
            }
        }
        for (i, (c, p)) in calls.into_iter().enumerate() {
            let Some(name) = c.get("toolName").and_then(Value::as_str) else {
                return Err(MatcherError::invalid_argument(
                    format!("{p}.toolName"),
                    "a tool call's toolName must be a string",
                ));
            };
            let provider_executed = flag(c, "providerExecuted", &p)?;
            let id = match c.get("toolCallId").and_then(Value::as_str) {
                Some(id) if !id.is_empty() => id.to_owned(),
                _ => format!("call-{step}-{i}"),
            };
            let input = c.get("input").or_else(|| c.get("args")).cloned().unwrap_or(Value::Null);
            r.tool_calls.push(ToolCallRequest {
                tool_call_id: id,
                tool_name: name.to_owned(),
                input,
                provider_executed,
            });
        }
        for (part, p, own) in results {
            let id = part.get("toolCallId").and_then(Value::as_str).unwrap_or("");
            let call = match own {
                Some(i) => r.tool_calls.get(i),
                None => r
                    .tool_calls
                    .iter()
                    .find(|c| c.provider_executed && !id.is_empty() && c.tool_call_id == id),
            };
            let Some(call) = call else {
                return Err(MatcherError::invalid_argument(
                    format!("{p}.toolCallId"),
                    "a tool-result part must answer a providerExecuted tool call of the same answer (by toolCallId)",
                ));
            };
            let call_id = call.tool_call_id.clone();
            let is_error = flag(part, "isError", &p)?;
            let result = part.get("result").cloned().unwrap_or(Value::Null);
            r.provider_results
                .push(ProviderToolResult::new(&call_id, result, is_error));
        }
        Ok(r)
    }
}

/// Describes a value for an error message: its JSON text, cut at 40 characters.
fn shown(v: &Value) -> String {
    let t = v.to_string();
    if t.chars().count() > 40 {
        format!("{}…", t.chars().take(40).collect::<String>())
    } else {
        t
    }
}

fn count(v: Option<&Value>, path: &str, v3_total: bool) -> crate::error::Result<u64> {
    use crate::error::MatcherError;
    let bad = |v: &Value, path: &str| {
        Err(MatcherError::invalid_argument(
            path,
            format!(
                "a token count must be a whole number from 0 to 2^53 - 1 (or left out), got {}",
                shown(v)
            ),
        ))
    };
    match v {
        None | Some(Value::Null) => Ok(0),
        Some(n @ Value::Number(num)) => match (num.as_u64(), num.as_f64()) {
            (Some(u), _) if u <= MAX_TOKEN_COUNT => Ok(u),
            (None, Some(f)) if f >= 0.0 && f.fract() == 0.0 && f <= MAX_TOKEN_COUNT as f64 => Ok(f as u64),
            _ => bad(n, path),
        },
        Some(Value::Object(o)) if !v3_total => count(o.get("total"), &format!("{path}.total"), true),
        Some(other) => bad(other, path),
    }
}

fn read_usage(v: Option<&Value>, path: &str) -> crate::error::Result<Usage> {
    let o = match v {
        None | Some(Value::Null) => return Ok(Usage::default()),
        Some(Value::Object(o)) => o,
        Some(other) => {
            return Err(crate::error::MatcherError::invalid_argument(
                path,
                format!(
                    "usage must be an object {{ inputTokens, outputTokens }}, got {}",
                    shown(other)
                ),
            ))
        }
    };
    let get = |k: &str| count(o.get(k), &format!("{path}.{k}"), false);
    Ok(Usage {
        input_tokens: get("inputTokens")?,
        output_tokens: get("outputTokens")?,
    })
}

/// What running one tool call gave.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolOutcome {
    /// The result (an MCP `CallToolResult`, or any value a tool returned), or the error message when `thrown`.
    pub output: Value,
    /// The tool threw (or its call failed) instead of returning.
    pub thrown: bool,
    /// When it started and ended, ms from the prompt's start (set by the driver).
    pub start_ms: f64,
    /// See `start_ms`.
    pub end_ms: f64,
}

impl ToolOutcome {
    /// A returned result.
    pub fn ok(output: Value) -> ToolOutcome {
        ToolOutcome {
            output,
            thrown: false,
            start_ms: 0.0,
            end_ms: 0.0,
        }
    }
    /// A thrown error with its message.
    pub fn error(message: &str) -> ToolOutcome {
        ToolOutcome {
            output: Value::String(message.to_owned()),
            thrown: true,
            start_ms: 0.0,
            end_ms: 0.0,
        }
    }
    /// Whether the call counts as an error: thrown, or an MCP result with `isError: true`.
    pub fn is_error(&self) -> bool {
        self.thrown || self.output.get("isError") == Some(&Value::Bool(true))
    }
    /// The AI SDK tool-result `output` part: `error-text` when thrown, `text` for a string, else `json`.
    pub fn output_part(&self) -> Value {
        match (&self.output, self.thrown) {
            (Value::String(s), true) => json!({ "type": "error-text", "value": s }),
            (v, true) => json!({ "type": "error-json", "value": v }),
            (Value::String(s), false) => json!({ "type": "text", "value": s }),
            (v, false) => json!({ "type": "json", "value": v }),
        }
    }
}

/// An optional boolean member of a model's answer: absent or `null` is
/// `false`; another type is `INVALID_ARGUMENT` at `<path>.<key>`.
fn flag(v: &Value, key: &str, path: &str) -> crate::error::Result<bool> {
    match v.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(crate::error::MatcherError::invalid_argument(
            format!("{path}.{key}"),
            format!("{key} must be a boolean"),
        )),
    }
}
