//! The agent loop of `TestAgent` (the seed `mcpjam-testagent.txt`; in
//! `@mcpjam/sdk@1.14.0` the class `HostRunner`, `dist/index.js` section
//! `src/HostRunner.ts`, over AI SDK's `generateText`): a prompt goes to a
//! model with tools, the tool calls the model asks for are executed, their
//! results go back, until the model stops calling tools or a stop condition
//! holds; the run is recorded as a [`crate::traces::PromptResult`] (`PromptResultData`).
//!
//! The loop's decisions are one step state machine, [`AgentRun`]: what to
//! send to the model next, which calls to execute (unknown tools, unreadable
//! arguments and `stopAfterToolCall` tools are answered without executing;
//! calls the provider already ran, `providerExecuted`, are only recorded),
//! when to stop, what deadline the next wait has, and what to record
//! (messages, calls with results, usage, latency, spans). It never waits:
//! the caller awaits the model and the tools and feeds the answers back
//! ([`AgentRun::model_responded`], [`AgentRun::tools_finished`], …). The
//! package's JS `TestAgent` drives it from `pkg-template/agent.js`; natively,
//! [`run_agent`] drives it over a [`Model`] and a [`ToolExecutor`].
//!
//! ```
//! use mcp_matchers::agent::{run_agent, AgentConfig, ModelRequest, ModelResponse, PromptOptions,
//!     ToolCallRequest, ToolDefinition, ToolOutcome};
//! use serde_json::json;
//! // A model that calls `add` once, then answers with text.
//! let model = |req: &ModelRequest| -> Result<ModelResponse, String> {
//!     Ok(if req.step_index == 0 {
//!         ModelResponse::tool_calls(vec![ToolCallRequest::new("c1", "add", json!({ "a": 2, "b": 3 }))])
//!     } else {
//!         ModelResponse::text("5")
//!     })
//! };
//! let tools = |call: &ToolCallRequest| -> ToolOutcome {
//!     let sum = call.input["a"].as_f64().unwrap() + call.input["b"].as_f64().unwrap();
//!     ToolOutcome::ok(json!({ "content": [{ "type": "text", "text": sum.to_string() }] }))
//! };
//! let defs = vec![ToolDefinition::new("add", "Adds", json!({ "type": "object" }))];
//! let run = run_agent(&AgentConfig::default(), defs, "Add 2 and 3", &PromptOptions::default(), model, tools).unwrap();
//! assert_eq!(run.text, "5");
//! assert_eq!(run.tools_called(), ["add"]); // a traces PromptResult, plus run.stop_reason
//! assert_eq!(run.messages.len(), 4); // user, assistant (call), tool (result), assistant (text)
//! ```

pub mod eval;
pub mod json;
mod machine;
mod model;
// Natively only: times steps with std::time::Instant (which panics on wasm32-unknown-unknown).
#[cfg(not(target_arch = "wasm32"))]
mod native;
mod record;
mod replay;

pub use crate::traces::{CallKind, LatencyBreakdown, PromptResult, TokenUsage, TraceToolCall};
pub use machine::{Action, AgentRun};
pub use model::{
    ModelKind, ModelRequest, ModelResponse, ProviderToolResult, ToolCallRequest, ToolDefinition, ToolOutcome, Usage,
    MAX_TOKEN_COUNT,
};
#[cfg(not(target_arch = "wasm32"))]
pub use native::{run_agent, Model, ToolExecutor};
pub use record::RunRecord;
pub use replay::replay_steps;

use crate::error::{MatcherError, Result};

/// The system prompt when none is given: `"You are a helpful assistant."`,
/// as `@mcpjam/sdk@1.14.0 HostRunner`'s constructor sets it (the seed's table
/// says `undefined`; the code is followed).
pub const DEFAULT_SYSTEM_PROMPT: &str = "You are a helpful assistant.";

/// The step limit when none is given (`HostRunner.maxSteps`: 10).
pub const DEFAULT_MAX_STEPS: u32 = 10;

/// The largest `maxSteps` (and `stepCountIs(n)`): `2^32 − 1`. The reference
/// (`@mcpjam/sdk@1.14.0`, AI SDK `stepCountIs`) takes any number; a bound
/// keeps the step count exact, and no run gets near it.
pub const MAX_MAX_STEPS: u32 = u32::MAX;

/// `INVALID_OPTION` at `options.maxSteps` for `got` (the value given, as text).
pub(crate) fn max_steps_error(got: impl std::fmt::Display) -> MatcherError {
    MatcherError::invalid_option(
        "options.maxSteps",
        format!("maxSteps must be a whole number from 1 to {MAX_MAX_STEPS} (2^32 - 1), got {got}"),
    )
}

/// `INVALID_OPTION` at `path` for a `stepCountIs(n)` with `n` = `got` out of its domain.
pub(crate) fn step_count_error(path: impl Into<String>, got: &str) -> MatcherError {
    MatcherError::invalid_option(
        path,
        format!("stepCountIs needs a whole number from 1 to {MAX_MAX_STEPS} (2^32 - 1), got {got}"),
    )
}

/// The text a `stopAfterToolCall` tool gets as its result instead of being
/// executed (the reference's stub: one text content item).
pub const STOP_AFTER_TOOL_CALL_STUB: &str = "[skipped by stopAfterToolCall]";

/// The agent's settings (`new TestAgent({ systemPrompt, temperature, maxSteps })`).
#[derive(Clone, Debug, PartialEq)]
pub struct AgentConfig {
    /// Sent as the system message of every model call ([`DEFAULT_SYSTEM_PROMPT`] by default).
    pub system_prompt: String,
    /// Sampling temperature (0–2); `None` leaves the model's default.
    pub temperature: Option<f64>,
    /// Most model calls per prompt (`stepCountIs(maxSteps)` always applies); ≥ 1.
    pub max_steps: u32,
    /// The provider named by the model object (`"openai"`), recorded in the result.
    pub provider: Option<String>,
    /// The model named by the model object (`"gpt-4o"`), recorded in the result.
    pub model: Option<String>,
    /// What shape the model's requests take and its responses have.
    pub model_kind: ModelKind,
}

impl Default for AgentConfig {
    fn default() -> Self {
        AgentConfig {
            system_prompt: DEFAULT_SYSTEM_PROMPT.to_owned(),
            temperature: None,
            max_steps: DEFAULT_MAX_STEPS,
            provider: None,
            model: None,
            model_kind: ModelKind::Function,
        }
    }
}

impl AgentConfig {
    /// Checks the settings: `INVALID_OPTION` at `options.maxSteps` (0: the
    /// domain is 1 to [`MAX_MAX_STEPS`]) or `options.temperature` (outside 0–2,
    /// or not finite).
    pub fn validate(&self) -> Result<()> {
        if self.max_steps == 0 {
            return Err(max_steps_error(0));
        }
        if let Some(t) = self.temperature {
            if !(0.0..=2.0).contains(&t) {
                return Err(MatcherError::invalid_option(
                    "options.temperature",
                    "temperature must be a number from 0 to 2",
                ));
            }
        }
        Ok(())
    }
}

/// A condition checked after each step that executed tools (AI SDK's
/// `StopCondition`): the loop stops when any holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StopCondition {
    /// `stepCountIs(n)`: `n` steps have run.
    StepCountIs(u32),
    /// `hasToolCall(name)`: the last step called `name`.
    HasToolCall(String),
    /// A caller's predicate, asked through [`Action::CheckStop`] (the number
    /// is its position in the caller's list).
    Custom(usize),
}

/// Timeouts of one prompt, in ms (`timeout: number | { totalMs, stepMs, chunkMs }`, `timeoutMs`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Timeouts {
    /// The whole prompt, ms.
    pub total_ms: Option<f64>,
    /// Each step (model call plus its tools), ms.
    pub step_ms: Option<f64>,
    /// Accepted for parity (streaming only); unused by the non-streaming loop.
    pub chunk_ms: Option<f64>,
}

/// Options of one prompt (`agent.prompt(message, options)`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PromptOptions {
    /// Earlier messages (of `context` results), sent before the prompt but not recorded in the result.
    pub context_messages: Vec<serde_json::Value>,
    /// Extra stop conditions (`stopWhen`).
    pub stop_when: Vec<StopCondition>,
    /// Tools answered with [`STOP_AFTER_TOOL_CALL_STUB`] instead of executed; the loop stops after their step.
    pub stop_after_tool_call: Vec<String>,
    /// Deadlines.
    pub timeouts: Timeouts,
}
