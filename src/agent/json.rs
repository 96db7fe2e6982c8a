//! The loop over JSON values, as the package's JS glue hands them over:
//! settings, tool definitions and prompt options read with paths (a wrong
//! type is a `MatcherError` naming the option), and each [`Action`] written
//! as the JSON the glue acts on.

use super::machine::Action;
use super::model::{ModelKind, ToolDefinition, ToolOutcome};
use super::{
    max_steps_error, step_count_error, AgentConfig, PromptOptions, StopCondition, Timeouts, DEFAULT_MAX_STEPS,
    DEFAULT_SYSTEM_PROMPT, MAX_MAX_STEPS,
};
use crate::error::{MatcherError, Result};
use serde_json::{json, Value};

fn opt_str(o: &Value, key: &str, path: &str) -> Result<Option<String>> {
    match o.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(MatcherError::invalid_option(
            format!("{path}.{key}"),
            format!("{key} must be a string"),
        )),
    }
}

fn opt_num(o: &Value, key: &str, path: &str) -> Result<Option<f64>> {
    match o.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => Ok(n.as_f64()),
        Some(_) => Err(MatcherError::invalid_option(
            format!("{path}.{key}"),
            format!("{key} must be a number"),
        )),
    }
}

/// Reads `{ systemPrompt?, temperature?, maxSteps?, provider?, modelName?, modelKind?: "function" | "languageModel" }`
/// (the `new TestAgent(options)` settings; paths under `options`; `provider`
/// and `modelName` are what the result records, the caller's or else the
/// language model's). Errors: `INVALID_OPTION` at `options.<name>` for a
/// wrong type (`provider: 5`, `modelName: {}`), a `maxSteps` that is not a
/// whole number from 1 to [`super::MAX_MAX_STEPS`] (the message states that
/// domain and the value given), a temperature outside 0–2.
pub fn config_from_json(v: &Value) -> Result<AgentConfig> {
    let p = "options";
    let max_steps = match opt_num(v, "maxSteps", p)? {
        None => DEFAULT_MAX_STEPS,
        Some(n) if n.fract() == 0.0 && (1.0..=MAX_MAX_STEPS as f64).contains(&n) => n as u32,
        Some(n) => return Err(max_steps_error(n)),
    };
    let config = AgentConfig {
        system_prompt: opt_str(v, "systemPrompt", p)?.unwrap_or_else(|| DEFAULT_SYSTEM_PROMPT.to_owned()),
        temperature: opt_num(v, "temperature", p)?,
        max_steps,
        provider: opt_str(v, "provider", p)?,
        model: opt_str(v, "modelName", p)?,
        model_kind: match v.get("modelKind").and_then(Value::as_str) {
            Some("languageModel") => ModelKind::LanguageModel,
            _ => ModelKind::Function,
        },
    };
    config.validate()?;
    Ok(config)
}

/// Reads tool definitions `[{ name, description?, inputSchema? }]` (`path` names the list).
/// A missing schema is `{ "type": "object", "properties": {} }`. Errors:
/// `INVALID_OPTION` at `path[i].name` (not a string, or a name listed twice: the
/// model could not tell the two apart), `path[i].inputSchema` (not an object).
pub fn tools_from_json(v: &Value, path: &str) -> Result<Vec<ToolDefinition>> {
    let Some(list) = v.as_array() else {
        return Err(MatcherError::invalid_option(path, "tools must be a list"));
    };
    let mut out = Vec::with_capacity(list.len());
    let mut seen = rustc_hash::FxHashSet::default();
    for (i, t) in list.iter().enumerate() {
        let Some(name) = t.get("name").and_then(Value::as_str) else {
            return Err(MatcherError::invalid_option(
                format!("{path}[{i}].name"),
                "a tool's name must be a string",
            ));
        };
        if !seen.insert(name) {
            return Err(MatcherError::invalid_option(
                format!("{path}[{i}].name"),
                format!("a tool named {name:?} is listed twice"),
            ));
        }
        let schema = match t.get("inputSchema") {
            None | Some(Value::Null) => json!({ "type": "object", "properties": {} }),
            Some(s @ Value::Object(_)) => s.clone(),
            Some(_) => {
                return Err(MatcherError::invalid_option(
                    format!("{path}[{i}].inputSchema"),
                    "inputSchema must be a JSON Schema object",
                ))
            }
        };
        let description = opt_str(t, "description", &format!("{path}[{i}]"))?.unwrap_or_default();
        out.push(ToolDefinition::new(name, &description, schema));
    }
    Ok(out)
}

/// Reads the prompt options the glue prepared: `{ contextMessages?, stopWhen?:
/// [{ kind: "stepCountIs", n } | { kind: "hasToolCall", name } | { kind: "custom", index }],
/// stopAfterToolCall?: string | string[], timeout?: number | { totalMs?, stepMs?, chunkMs? }, timeoutMs? }`.
/// `timeout` wins over `timeoutMs` (as the reference resolves `timeout ?? timeoutMs`).
/// Errors: `INVALID_OPTION` at `options.stopWhen[i]`, `options.stopAfterToolCall[i]`,
/// `options.timeout…`, `options.timeoutMs` (a wrong type).
pub fn prompt_options_from_json(v: &Value) -> Result<PromptOptions> {
    let mut o = PromptOptions::default();
    if let Some(Value::Array(m)) = v.get("contextMessages") {
        o.context_messages = m.clone();
    }
    if let Some(Value::Array(list)) = v.get("stopWhen") {
        for (i, c) in list.iter().enumerate() {
            let path = format!("options.stopWhen[{i}]");
            o.stop_when.push(match c.get("kind").and_then(Value::as_str) {
                Some("stepCountIs") => match c.get("n") {
                    Some(Value::Number(n))
                        if n.as_f64()
                            .is_some_and(|n| n.fract() == 0.0 && (1.0..=MAX_MAX_STEPS as f64).contains(&n)) =>
                    {
                        StopCondition::StepCountIs(n.as_f64().unwrap_or_default() as u32)
                    }
                    other => {
                        return Err(step_count_error(
                            path,
                            &other.map_or_else(|| "nothing".to_owned(), Value::to_string),
                        ))
                    }
                },
                Some("hasToolCall") => match c.get("name").and_then(Value::as_str) {
                    Some(name) if !name.is_empty() => StopCondition::HasToolCall(name.to_owned()),
                    _ => {
                        return Err(MatcherError::invalid_option(
                            path,
                            "hasToolCall needs a tool name (a non-empty string)",
                        ))
                    }
                },
                _ => StopCondition::Custom(c.get("index").and_then(Value::as_u64).unwrap_or(i as u64) as usize),
            });
        }
    }
    match v.get("stopAfterToolCall") {
        None | Some(Value::Null) => {}
        Some(Value::String(s)) => o.stop_after_tool_call.push(s.clone()),
        Some(Value::Array(list)) => {
            for (i, s) in list.iter().enumerate() {
                let Some(s) = s.as_str() else {
                    return Err(MatcherError::invalid_option(
                        format!("options.stopAfterToolCall[{i}]"),
                        "a tool name must be a string",
                    ));
                };
                o.stop_after_tool_call.push(s.to_owned());
            }
        }
        Some(_) => {
            return Err(MatcherError::invalid_option(
                "options.stopAfterToolCall",
                "stopAfterToolCall must be a tool name or a list of names",
            ))
        }
    }
    o.timeouts = match v.get("timeout") {
        None | Some(Value::Null) => Timeouts {
            total_ms: opt_num(v, "timeoutMs", "options")?,
            ..Default::default()
        },
        Some(Value::Number(n)) => Timeouts {
            total_ms: n.as_f64(),
            ..Default::default()
        },
        Some(t @ Value::Object(_)) => Timeouts {
            total_ms: opt_num(t, "totalMs", "options.timeout")?,
            step_ms: opt_num(t, "stepMs", "options.timeout")?,
            chunk_ms: opt_num(t, "chunkMs", "options.timeout")?,
        },
        Some(_) => {
            return Err(MatcherError::invalid_option(
                "options.timeout",
                "timeout must be a number of ms or { totalMs, stepMs, chunkMs }",
            ))
        }
    };
    Ok(o)
}

/// Reads the glue's tool outcomes `[{ output, thrown?, startMs, endMs } | { unsupported, startMs, endMs }]`
/// (lenient: a missing member reads as `null`/`false`/0). `unsupported` is
/// the reason a tool's result has no JSON form (a `BigInt`, a cycle): that
/// call becomes an error result the model sees, [`unsupported_result`].
pub fn outcomes_from_json(v: &Value) -> Vec<ToolOutcome> {
    let num = |o: &Value, k: &str| o.get(k).and_then(Value::as_f64).unwrap_or(0.0);
    v.as_array()
        .map(|list| {
            list.iter()
                .map(|o| {
                    let mut out = match o.get("unsupported") {
                        Some(why) => ToolOutcome::error(&unsupported_result(why.as_str().unwrap_or("unknown"))),
                        None => ToolOutcome {
                            output: o.get("output").cloned().unwrap_or(Value::Null),
                            thrown: o.get("thrown") == Some(&Value::Bool(true)),
                            start_ms: 0.0,
                            end_ms: 0.0,
                        },
                    };
                    out.start_ms = num(o, "startMs");
                    out.end_ms = num(o, "endMs");
                    out
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The error result of a tool whose result has no JSON form (`why`: the
/// JSON encoder's reason): `UNSUPPORTED_VALUE: the tool's result has no JSON
/// form (<why>)`, the package's code for such values (README "Errors").
pub fn unsupported_result(why: &str) -> String {
    format!("UNSUPPORTED_VALUE: the tool's result has no JSON form ({why})")
}

/// The run error of a model answer that has no JSON form (`why`: the JSON
/// encoder's reason): `the model's answer is malformed: UNSUPPORTED_VALUE: it has no JSON form (<why>)`.
pub fn unsupported_answer(why: &str) -> String {
    format!("the model's answer is malformed: UNSUPPORTED_VALUE: it has no JSON form ({why})")
}

/// An action as the glue acts on it: `{ kind: "callModel", request, deadlineMs }`
/// (the request in the model's own shape, see [`super::ModelRequest`]),
/// `{ kind: "executeTools", calls: [{ toolCallId, toolName, input }], deadlineMs }`,
/// `{ kind: "checkStop", conditions, steps }`, `{ kind: "done", result }` (`PromptResultData` plus `stopReason`).
pub fn action_to_json(a: &Action, kind: ModelKind) -> Value {
    match a {
        Action::CallModel { request, deadline_ms } => json!({
            "kind": "callModel",
            "request": match kind {
                ModelKind::Function => request.to_function_json(),
                ModelKind::LanguageModel => request.to_language_model_json(),
            },
            "deadlineMs": deadline_ms,
        }),
        Action::ExecuteTools { calls, deadline_ms } => {
            json!({ "kind": "executeTools", "calls": calls, "deadlineMs": deadline_ms })
        }
        Action::CheckStop { conditions, steps } => {
            json!({ "kind": "checkStop", "conditions": conditions, "steps": steps })
        }
        Action::Done(record) => json!({ "kind": "done", "result": record }),
    }
}
