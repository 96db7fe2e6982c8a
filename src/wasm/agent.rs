//! Agent exports: the step state machine ([`crate::agent::AgentRun`]) behind a
//! handle the glue (`pkg-template/agent.js`) feeds. Values cross as JSON text;
//! each call returns the next action as JSON text ([`crate::agent::json::action_to_json`]).

use super::to_js;
use crate::agent::json::{
    action_to_json, config_from_json, outcomes_from_json, prompt_options_from_json, tools_from_json,
};
use crate::agent::{replay_steps, Action, AgentRun, ModelKind, ModelResponse};
use crate::error::{MatcherError, Result};
use serde_json::Value;
use wasm_bindgen::prelude::*;

fn parse(text: &str, path: &str) -> Result<Value> {
    serde_json::from_str(text).map_err(|e| MatcherError::invalid_argument(path, format!("not JSON: {e}")))
}

/// `new TestAgent(options)`'s settings check: `config` is
/// `{ systemPrompt?, temperature?, maxSteps? }` as JSON; throws
/// `[code, path, message]` (`INVALID_OPTION` at `options.maxSteps`, …).
#[wasm_bindgen]
pub fn agent_check_config(config: &str) -> std::result::Result<(), JsValue> {
    parse(config, "options")
        .and_then(|v| config_from_json(&v))
        .map(|_| ())
        .map_err(to_js)
}

/// Checks tool definitions `[{ name, description?, inputSchema? }]` as the
/// loop reads them ([`tools_from_json`]); throws `[code, path, message]`
/// (`INVALID_OPTION` at `options.tools[i].name`, …).
#[wasm_bindgen]
pub fn agent_check_tools(tools: &str) -> std::result::Result<(), JsValue> {
    parse(tools, "options.tools")
        .and_then(|v| tools_from_json(&v, "options.tools"))
        .map(|_| ())
        .map_err(to_js)
}

/// The whole prompt's time limit in ms from the prompt options (see
/// [`prompt_options_from_json`]; `timeout` wins over `timeoutMs`), or
/// `undefined` for none: what listing an MCP client's tools, before the
/// loop starts, must also keep to.
#[wasm_bindgen]
pub fn agent_total_ms(options: &str) -> std::result::Result<Option<f64>, JsValue> {
    parse(options, "options")
        .and_then(|v| prompt_options_from_json(&v))
        .map(|o| o.timeouts.total_ms)
        .map_err(to_js)
}

/// `replayModel(trace)`'s steps: `messages` is a conversation (JSON, AI SDK
/// `ModelMessage`s); returns `[{ text, toolCalls: [{ toolCallId, toolName, input }], finishReason }]` as JSON.
#[wasm_bindgen]
pub fn agent_replay_steps(messages: &str) -> std::result::Result<String, JsValue> {
    let v = parse(messages, "trace").map_err(to_js)?;
    let steps: Vec<Value> = replay_steps(v.as_array().map_or(&[][..], Vec::as_slice))
        .into_iter()
        .map(|s| serde_json::json!({ "text": s.text, "toolCalls": s.tool_calls, "finishReason": s.finish_reason }))
        .collect();
    Ok(Value::Array(steps).to_string())
}

/// `EvalTest`'s aggregates: `iterations` is `[{ passed, latencies, tokens }]`
/// (JSON); returns `{ iterations, successes, failures, results, tokenUsage, latency }` as JSON.
#[wasm_bindgen]
pub fn agent_aggregate(iterations: &str) -> String {
    let v = serde_json::from_str(iterations).unwrap_or(Value::Null);
    let a = crate::agent::eval::aggregate(&crate::agent::eval::iterations_from_json(&v));
    serde_json::to_value(a).map(|v| v.to_string()).unwrap_or_default()
}

/// One prompt's loop (`agent.prompt(message, options)`).
#[wasm_bindgen]
pub struct AgentLoop {
    run: AgentRun,
    kind: ModelKind,
}

#[wasm_bindgen]
impl AgentLoop {
    /// `config` (see [`agent_check_config`]), `tools` (`[{ name, description, inputSchema }]`),
    /// `prompt`, `options` (see [`crate::agent::json::prompt_options_from_json`]), all JSON but `prompt`.
    /// Throws `[code, path, message]` for a malformed option.
    #[wasm_bindgen(constructor)]
    pub fn new(config: &str, tools: &str, prompt: &str, options: &str) -> std::result::Result<AgentLoop, JsValue> {
        (|| -> Result<AgentLoop> {
            let config = config_from_json(&parse(config, "options")?)?;
            let tools = tools_from_json(&parse(tools, "options.tools")?, "options.tools")?;
            let options = prompt_options_from_json(&parse(options, "options")?)?;
            let kind = config.model_kind;
            Ok(AgentLoop {
                run: AgentRun::new(config, tools, prompt, options)?,
                kind,
            })
        })()
        .map_err(to_js)
    }

    fn out(&self, a: Action) -> String {
        action_to_json(&a, self.kind).to_string()
    }

    /// The first action. `now` is ms since the prompt started (for all methods).
    pub fn start(&mut self, now: f64) -> String {
        let a = self.run.start(now);
        self.out(a)
    }

    /// The model's answer (JSON of either response shape). An answer that cannot be read ends the run with an error.
    pub fn model_responded(&mut self, response: &str, now: f64) -> String {
        let step = self.run_step();
        let read = parse(response, "response").and_then(|v| ModelResponse::from_json(&v, step, "response"));
        let a = match read {
            Ok(r) => self.run.model_responded(r, now),
            Err(e) => self.run.failed(
                &format!("the model's answer is malformed at {}: {}", e.path, e.message),
                now,
            ),
        };
        self.out(a)
    }

    fn run_step(&self) -> usize {
        self.run.step_index()
    }

    /// The tool outcomes `[{ output, thrown, startMs, endMs } | { unsupported, startMs, endMs }]` (JSON),
    /// in the order of the `executeTools` calls (see [`crate::agent::json::outcomes_from_json`]).
    pub fn tools_finished(&mut self, outcomes: &str, now: f64) -> String {
        let v = parse(outcomes, "outcomes").unwrap_or(Value::Null);
        let a = self.run.tools_finished(outcomes_from_json(&v), now);
        self.out(a)
    }

    /// Whether any of the caller's stop conditions held.
    pub fn stop_checked(&mut self, stop: bool, now: f64) -> String {
        let a = self.run.stop_checked(stop, now);
        self.out(a)
    }

    /// The model's answer has no JSON form (`why`: `JSON.stringify`'s reason, e.g. a
    /// `BigInt`): ends the run with [`crate::agent::json::unsupported_answer`].
    pub fn model_unreadable(&mut self, why: &str, now: f64) -> String {
        let a = self.run.failed(&crate::agent::json::unsupported_answer(why), now);
        self.out(a)
    }

    /// The run failed (the model threw, the prompt was aborted): ends it with `message`.
    pub fn failed(&mut self, message: &str, now: f64) -> String {
        let a = self.run.failed(message, now);
        self.out(a)
    }

    /// A wait ran past its deadline: ends the run with the timeout error.
    pub fn timed_out(&mut self, now: f64) -> String {
        let a = self.run.timed_out(now);
        self.out(a)
    }
}
