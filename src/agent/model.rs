//! What crosses between the loop and the model and tools: the request a
//! model gets, the response it gives (read from the caller's small function
//! shape or an AI SDK `LanguageModelV2`/`V3` `doGenerate` result), the tool
//! definitions and the tool outcomes.

use serde::Serialize;
use serde_json::{json, Map, Value};

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
}

impl ToolCallRequest {
    /// A call from its parts.
    pub fn new(id: &str, name: &str, input: Value) -> ToolCallRequest {
        ToolCallRequest {
            tool_call_id: id.to_owned(),
            tool_name: name.to_owned(),
            input,
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

/// What the model answered in one step.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ModelResponse {
    /// Its text (`""` when none).
    pub text: String,
    /// The calls it asked for, in order.
    pub tool_calls: Vec<ToolCallRequest>,
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
    /// * the function shape `{ text?, toolCalls?: [{ toolCallId?, toolName, input? | args? }], usage?: { inputTokens, outputTokens }, finishReason? }`;
    /// * the `doGenerate` shape `{ content: [{ type: "text", text } | { type: "tool-call", toolCallId, toolName, input }], usage, finishReason, response?: { modelId } }`
    ///   with V2 usage (`inputTokens: number`) or V3 usage (`inputTokens: { total }`) and V3 `finishReason: { unified }`.
    ///
    /// Errors: `INVALID_ARGUMENT` at `path` (not an object), `path.toolCalls[i].toolName` (not a string).
    pub fn from_json(v: &Value, step: usize, path: &str) -> crate::error::Result<ModelResponse> {
        use crate::error::MatcherError;
        let Some(o) = v.as_object() else {
            return Err(MatcherError::invalid_argument(
                path,
                "the model must answer with an object { text, toolCalls, usage, finishReason }",
            ));
        };
        let mut r = ModelResponse {
            usage: read_usage(o.get("usage")),
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
        let (calls, calls_path) = if let Some(Value::Array(content)) = o.get("content") {
            for part in content {
                if part.get("type").and_then(Value::as_str) == Some("text") {
                    r.text.push_str(part.get("text").and_then(Value::as_str).unwrap_or(""));
                }
            }
            let calls: Vec<&Value> = content
                .iter()
                .filter(|p| p.get("type").and_then(Value::as_str) == Some("tool-call"))
                .collect();
            (calls, format!("{path}.content"))
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
                None | Some(Value::Null) => (Vec::new(), String::new()),
                Some(Value::Array(a)) => (a.iter().collect(), format!("{path}.toolCalls")),
                Some(_) => {
                    return Err(MatcherError::invalid_argument(
                        format!("{path}.toolCalls"),
                        "toolCalls must be an array",
                    ))
                }
            }
        };
        for (i, c) in calls.into_iter().enumerate() {
            let Some(name) = c.get("toolName").and_then(Value::as_str) else {
                return Err(MatcherError::invalid_argument(
                    format!("{calls_path}[{i}].toolName"),
                    "a tool call's toolName must be a string",
                ));
            };
            let id = match c.get("toolCallId").and_then(Value::as_str) {
                Some(id) if !id.is_empty() => id.to_owned(),
                _ => format!("call-{step}-{i}"),
            };
            let input = c.get("input").or_else(|| c.get("args")).cloned().unwrap_or(Value::Null);
            r.tool_calls.push(ToolCallRequest {
                tool_call_id: id,
                tool_name: name.to_owned(),
                input,
            });
        }
        Ok(r)
    }
}

fn count(v: Option<&Value>) -> u64 {
    match v {
        Some(Value::Number(n)) => n.as_f64().filter(|f| *f >= 0.0).map_or(0, |f| f as u64),
        Some(Value::Object(o)) => count(o.get("total")),
        _ => 0,
    }
}

fn read_usage(v: Option<&Value>) -> Usage {
    let o = v.and_then(Value::as_object);
    let get = |k: &str| count(o.and_then(|o: &Map<String, Value>| o.get(k)));
    Usage {
        input_tokens: get("inputTokens"),
        output_tokens: get("outputTokens"),
    }
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
