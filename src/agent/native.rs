//! The loop natively: [`run_agent`] drives an [`AgentRun`] over a [`Model`]
//! and a [`ToolExecutor`], synchronously, timing steps and tools with
//! `std::time::Instant`.
//!
//! **Deadlines do not preempt a call.** [`Model::generate`] and
//! [`ToolExecutor::call`] are ordinary synchronous calls: the loop cannot
//! interrupt one that blocks, so `timeout.totalMs` / `timeout.stepMs` are
//! checked when each call returns (and between the tool calls of a step). A
//! call that returns after the deadline ends the run with the timeout error
//! (its answer is dropped), but only once it returns; a call that never
//! returns hangs the run. To bound a blocking model or tool, bound it inside
//! the implementation (an HTTP client's own timeout, a deadline passed to the
//! MCP client). The JS `TestAgent` differs here: it races each wait against
//! the deadline and aborts the call's `AbortSignal`.

use super::machine::{Action, AgentRun};
use super::model::{ModelRequest, ModelResponse, ToolCallRequest, ToolDefinition, ToolOutcome};
use super::record::RunRecord;
use super::{AgentConfig, PromptOptions, StopCondition};
use crate::error::{MatcherError, Result};
use std::time::Instant;

/// A model: answers one request. An `Err` ends the run with that error: the
/// record's `error` is its `to_string()` (`@mcpjam/sdk@1.14.0`
/// `HostRunner.run` reports a thrown model error by its message). The error
/// is a [`BoxError`](crate::error::BoxError): any `std::error::Error + Send +
/// Sync`, or a `String` through `.into()`.
///
/// `&mut self`: a model may keep state between calls (one run calls it
/// sequentially). A closure `FnMut(&ModelRequest) -> Result<ModelResponse, E>`
/// (with `E` a `String`, a `&'static str` or an error type) is a `Model`.
pub trait Model {
    /// One model call.
    fn generate(&mut self, request: &ModelRequest) -> std::result::Result<ModelResponse, crate::error::BoxError>;
}

impl<F, E> Model for F
where
    F: FnMut(&ModelRequest) -> std::result::Result<ModelResponse, E>,
    E: Into<crate::error::BoxError>,
{
    fn generate(&mut self, request: &ModelRequest) -> std::result::Result<ModelResponse, crate::error::BoxError> {
        self(request).map_err(Into::into)
    }
}

/// Runs tool calls (an MCP client, a table of functions).
pub trait ToolExecutor {
    /// Runs one call; a thrown error is [`ToolOutcome::error`].
    fn call(&mut self, call: &ToolCallRequest) -> ToolOutcome;
}

impl<F: FnMut(&ToolCallRequest) -> ToolOutcome> ToolExecutor for F {
    fn call(&mut self, call: &ToolCallRequest) -> ToolOutcome {
        self(call)
    }
}

/// Runs one prompt to its end: `@mcpjam/sdk@1.14.0 HostRunner.run` natively.
/// A model error or timeout is the record's `error` (with the partial run),
/// never an `Err`. Custom stop conditions ([`StopCondition::Custom`]) are not
/// available natively: use `StepCountIs`/`HasToolCall`.
///
/// Timeouts are checked when a call returns, never during one (see the module
/// docs): a model or tool that blocks past `options.timeouts` is not
/// interrupted; the run ends with `Prompt timed out after … ms
/// (timeout.totalMs)` / `Step n timed out …` as soon as it returns, and the
/// remaining tool calls of that step are not started.
///
/// Errors (before any model call): `INVALID_OPTION` as [`AgentRun::new`], and
/// at `options.stopWhen[i]` for a `Custom` condition.
pub fn run_agent(
    config: &AgentConfig,
    tools: Vec<ToolDefinition>,
    prompt: &str,
    options: &PromptOptions,
    mut model: impl Model,
    mut executor: impl ToolExecutor,
) -> Result<RunRecord> {
    if let Some(i) = options
        .stop_when
        .iter()
        .position(|c| matches!(c, StopCondition::Custom(_)))
    {
        return Err(MatcherError::invalid_option(
            format!("options.stopWhen[{i}]"),
            "custom stop conditions need the JS TestAgent",
        ));
    }
    let mut run = AgentRun::new(config.clone(), tools, prompt, options.clone())?;
    let t0 = Instant::now();
    let now = || t0.elapsed().as_secs_f64() * 1000.0;
    let late = |deadline: Option<f64>, at: f64| deadline.is_some_and(|d| at > d);
    let mut action = run.start(now());
    loop {
        action = match action {
            Action::Done(record) => return Ok(*record),
            Action::CallModel { request, deadline_ms } => {
                let answer = model.generate(&request);
                let at = now();
                match answer {
                    _ if late(deadline_ms, at) => run.timed_out(at),
                    Ok(r) => run.model_responded(r, at),
                    Err(e) => run.failed(&e.to_string(), at),
                }
            }
            Action::ExecuteTools { calls, deadline_ms } => {
                let mut outcomes = Vec::with_capacity(calls.len());
                for c in &calls {
                    if late(deadline_ms, now()) {
                        break; // timed out below; the rest are not started
                    }
                    let start = now();
                    let mut o = executor.call(c);
                    o.start_ms = start;
                    o.end_ms = now();
                    outcomes.push(o);
                }
                let at = now();
                if late(deadline_ms, at) {
                    run.timed_out(at)
                } else {
                    run.tools_finished(outcomes, at)
                }
            }
            Action::CheckStop { .. } => run.stop_checked(false, now()),
        };
    }
}
