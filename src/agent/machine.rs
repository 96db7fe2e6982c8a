//! The step state machine: one prompt's loop, fed the model's and the tools'
//! answers, telling the driver what to await next.
//!
//! Decisions follow AI SDK `generateText` as `@mcpjam/sdk@1.14.0 HostRunner.run`
//! configures it: a step is one model call plus the calls it asked for; the
//! loop goes on while the step called tools and no stop condition holds
//! (`stepCountIs(maxSteps)` always, then `stopWhen`, then `hasToolCall` for
//! each `stopAfterToolCall` name); a call of a tool that does not exist or
//! with unreadable arguments is answered with an error result without
//! executing anything (the model sees it next step); a `stopAfterToolCall`
//! tool gets the stub result; a call the provider already ran
//! (`providerExecuted`, e.g. a provider's web search) is recorded with the
//! provider's result when the answer carries one, and is neither executed
//! nor answered in a tool message (AI SDK `ai@6` `generateText`: only the
//! client's calls are executed, and only they keep the loop going).

use super::model::{ModelRequest, ModelResponse, ToolCallRequest, ToolDefinition, ToolOutcome};
use super::record::RunRecord;
use super::{AgentConfig, PromptOptions, StopCondition, STOP_AFTER_TOOL_CALL_STUB};
use crate::error::{MatcherError, Result};
use crate::traces::record::Args;
use crate::traces::{CallKind, PromptResult, TraceToolCall};
use serde_json::{json, Value};

/// What the driver does next.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Call the model with `request`, giving up at `deadline_ms` (ms from the start), then [`AgentRun::model_responded`].
    CallModel {
        /// The model call.
        request: ModelRequest,
        /// When to give up (then [`AgentRun::timed_out`]).
        deadline_ms: Option<f64>,
    },
    /// Execute these calls (in any order or together) and hand back one outcome each, in this order, to [`AgentRun::tools_finished`].
    ExecuteTools {
        /// The calls to run (`input` is the arguments object).
        calls: Vec<ToolCallRequest>,
        /// When to give up.
        deadline_ms: Option<f64>,
    },
    /// Ask the caller's stop conditions listed (their positions in `stopWhen`) of
    /// `steps` (AI SDK `StepResult`-like values), then [`AgentRun::stop_checked`].
    CheckStop {
        /// The positions of the caller's conditions in `stopWhen`.
        conditions: Vec<usize>,
        /// `[{ stepNumber, text, toolCalls, toolResults, finishReason, usage }]`.
        steps: Value,
    },
    /// The run is over.
    Done(Box<RunRecord>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Start,
    Model,
    Tools,
    Stop,
    Done,
}

/// One call of the current step and, unless it is executed, its answer.
#[derive(Clone, Debug)]
struct Pending {
    call: usize,
    request: ToolCallRequest,
    answer: Option<ToolOutcome>,
}

/// One prompt's loop. Times are ms from the prompt's start, given by the driver.
#[derive(Clone, Debug)]
pub struct AgentRun {
    config: AgentConfig,
    tools: Vec<ToolDefinition>,
    options: PromptOptions,
    state: State,
    result: PromptResult,
    stop_reason: &'static str,
    step: usize,
    step_start: f64,
    step_mcp: f64,
    pending: Vec<Pending>,
    steps: Vec<Value>,
    /// Messages of completed steps' end (the partial run keeps these).
    completed_messages: usize,
    /// The last completed step's text.
    completed_text: String,
}

impl AgentRun {
    /// A run of `prompt`. Errors: `INVALID_OPTION` for settings out of their domain
    /// ([`AgentConfig::validate`]), `options.stopWhen[i]` for `stepCountIs(0)` or `hasToolCall("")`,
    /// `options.timeout…` for a negative or non-finite timeout.
    pub fn new(
        config: AgentConfig,
        tools: Vec<ToolDefinition>,
        prompt: &str,
        options: PromptOptions,
    ) -> Result<AgentRun> {
        config.validate()?;
        for (i, c) in options.stop_when.iter().enumerate() {
            if *c == StopCondition::StepCountIs(0) {
                return Err(super::step_count_error(format!("options.stopWhen[{i}]"), "0"));
            }
            if *c == StopCondition::HasToolCall(String::new()) {
                return Err(MatcherError::invalid_option(
                    format!("options.stopWhen[{i}]"),
                    "hasToolCall needs a tool name (a non-empty string)",
                ));
            }
        }
        let t = options.timeouts;
        for (v, p) in [
            (t.total_ms, "options.timeout.totalMs"),
            (t.step_ms, "options.timeout.stepMs"),
            (t.chunk_ms, "options.timeout.chunkMs"),
        ] {
            if v.is_some_and(|v| !v.is_finite() || v < 0.0) {
                return Err(MatcherError::invalid_option(p, "a timeout is a number of ms ≥ 0"));
            }
        }
        let result = PromptResult {
            prompt: prompt.to_owned(),
            messages: vec![json!({ "role": "user", "content": prompt })],
            provider: config.provider.clone(),
            model: config.model.clone(),
            ..Default::default()
        };
        Ok(AgentRun {
            config,
            tools,
            options,
            state: State::Start,
            result,
            stop_reason: "",
            step: 0,
            step_start: 0.0,
            step_mcp: 0.0,
            pending: Vec::new(),
            steps: Vec::new(),
            completed_messages: 1,
            completed_text: String::new(),
        })
    }

    /// The settings this run uses.
    pub fn config(&self) -> &AgentConfig {
        &self.config
    }

    /// The current step, 0-based.
    pub fn step_index(&self) -> usize {
        self.step
    }

    /// The first action: the first model call.
    pub fn start(&mut self, now_ms: f64) -> Action {
        self.begin_step(now_ms)
    }

    /// When the current wait times out, ms from the start (the sooner of the total and the step deadline).
    pub fn deadline_ms(&self) -> Option<f64> {
        let t = self.options.timeouts;
        let step = t.step_ms.map(|s| self.step_start + s);
        match (t.total_ms, step) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn begin_step(&mut self, now_ms: f64) -> Action {
        self.state = State::Model;
        self.step_start = now_ms;
        self.step_mcp = 0.0;
        let n = self.step;
        let step = format!("step-{n}");
        self.result
            .spans
            .push(span(step.clone(), None, &format!("Step {}", n + 1), "step", now_ms, n));
        self.result
            .spans
            .push(span(format!("llm-{n}"), Some(step), "Model", "llm", now_ms, n));
        let mut messages = self.options.context_messages.clone();
        messages.extend(self.result.messages.iter().cloned());
        Action::CallModel {
            request: ModelRequest {
                step_index: n,
                system: self.config.system_prompt.clone(),
                messages,
                tools: self.tools.clone(),
                temperature: self.config.temperature,
            },
            deadline_ms: self.deadline_ms(),
        }
    }

    fn span_mut(&mut self, id: &str) -> &mut Value {
        let found = self.result.spans.iter_mut().rev().find(|s| s["id"] == id);
        found.expect("opened before")
    }

    /// The model's answer to the last [`Action::CallModel`]. A response out of turn is ignored (the same action again is not repeated: `Done` if finished).
    pub fn model_responded(&mut self, response: ModelResponse, now_ms: f64) -> Action {
        if self.state != State::Model {
            return self.out_of_turn();
        }
        let n = self.step;
        let u = response.usage;
        self.result.usage.input_tokens += u.input_tokens;
        self.result.usage.output_tokens += u.output_tokens;
        self.result.usage.total_tokens = self.result.usage.input_tokens + self.result.usage.output_tokens;
        if self.result.model.is_none() {
            self.result.model = response.model_id.clone();
        }
        for id in [format!("step-{n}"), format!("llm-{n}")] {
            let s = self.span_mut(&id);
            s["inputTokens"] = u.input_tokens.into();
            s["outputTokens"] = u.output_tokens.into();
            s["totalTokens"] = (u.input_tokens + u.output_tokens).into();
        }
        self.span_mut(&format!("llm-{n}"))["endMs"] = now_ms.into();
        let mut content = Vec::new();
        if !response.text.is_empty() {
            content.push(json!({ "type": "text", "text": response.text }));
        }
        self.pending.clear();
        let mut step_calls = Vec::new();
        let mut provider_results = Vec::new();
        for (i, c) in response.tool_calls.iter().enumerate() {
            let args = Args::from_value(Some(c.input.clone()));
            let input = if args.error.is_some() {
                c.input.clone()
            } else {
                Value::Object(args.map.clone())
            };
            let mut part =
                json!({ "type": "tool-call", "toolCallId": c.tool_call_id, "toolName": c.tool_name, "input": input });
            // A call the provider ran (AI SDK `ai@6` generateText: not executed by
            // the client, no tool message; kept in the assistant message with its
            // provider result after it, as `toResponseMessages` writes them).
            let provided = if c.provider_executed {
                part["providerExecuted"] = json!(true);
                // The call's last result wins (a V3 `preliminary` result is replaced by the final one).
                let result = response
                    .provider_results
                    .iter()
                    .rev()
                    .find(|r| r.tool_call_id == c.tool_call_id);
                content.push(part);
                if let Some(r) = result {
                    let out = json!({ "type": "tool-result", "toolCallId": c.tool_call_id, "toolName": c.tool_name, "output": r.output_part() });
                    content.push(out.clone());
                    provider_results.push(out);
                }
                Some(result)
            } else {
                content.push(part);
                None
            };
            let answer = if provided.is_some() {
                None
            } else if !self.tools.iter().any(|t| t.name == c.tool_name) {
                let names: Vec<&str> = self.tools.iter().map(|t| t.name.as_str()).collect();
                Some(ToolOutcome::error(&format!(
                    "Model tried to call unavailable tool '{}'. Available tools: {}.",
                    c.tool_name,
                    names.join(", ")
                )))
            } else if let Some((code, _)) = &args.error {
                Some(ToolOutcome::error(&format!(
                    "Invalid input for tool {}: arguments {}",
                    c.tool_name,
                    code.as_str()
                )))
            } else if self.options.stop_after_tool_call.contains(&c.tool_name) {
                Some(ToolOutcome::ok(
                    json!({ "content": [{ "type": "text", "text": STOP_AFTER_TOOL_CALL_STUB }] }),
                ))
            } else {
                None
            };
            // A call the provider ran is a `server` call, as the traces record Anthropic's `server_tool_use`.
            let kind = if c.provider_executed {
                CallKind::Server
            } else {
                CallKind::Function
            };
            let mut call = TraceToolCall::new(c.tool_name.clone(), args, Some(c.tool_call_id.clone()), kind, n, i);
            if let Some(r) = provided.flatten() {
                (call.result, call.is_error) = (Some(r.result.clone()), Some(r.is_error));
            }
            self.result.tool_calls.push(call);
            let request = ToolCallRequest { input, ..c.clone() };
            step_calls.push(request.clone());
            if provided.is_none() {
                self.pending.push(Pending {
                    call: self.result.tool_calls.len() - 1,
                    request,
                    answer,
                });
            }
        }
        self.result
            .messages
            .push(json!({ "role": "assistant", "content": content }));
        self.steps.push(json!({
            "stepNumber": n, "text": response.text, "finishReason": response.finish_reason,
            "usage": { "inputTokens": u.input_tokens, "outputTokens": u.output_tokens, "totalTokens": u.input_tokens + u.output_tokens },
            "toolCalls": step_calls, "toolResults": provider_results,
        }));
        self.result.text = response.text;
        let calls: Vec<ToolCallRequest> = self
            .pending
            .iter()
            .filter(|p| p.answer.is_none())
            .map(|p| p.request.clone())
            .collect();
        self.state = State::Tools;
        if calls.is_empty() {
            return self.tools_finished(Vec::new(), now_ms);
        }
        for c in &calls {
            let mut s = span(
                format!("tool-{}", c.tool_call_id),
                Some(format!("step-{n}")),
                &c.tool_name,
                "tool",
                now_ms,
                n,
            );
            (s["toolCallId"], s["toolName"]) = (c.tool_call_id.clone().into(), c.tool_name.clone().into());
            self.result.spans.push(s);
        }
        Action::ExecuteTools {
            calls,
            deadline_ms: self.deadline_ms(),
        }
    }

    /// The outcomes of the last [`Action::ExecuteTools`], in its order (missing ones count as thrown).
    pub fn tools_finished(&mut self, outcomes: Vec<ToolOutcome>, now_ms: f64) -> Action {
        if self.state != State::Tools {
            return self.out_of_turn();
        }
        let n = self.step;
        let mut given = outcomes.into_iter();
        let mut results = Vec::new();
        for p in std::mem::take(&mut self.pending) {
            let outcome = match p.answer {
                Some(a) => a,
                None => {
                    let o = given
                        .next()
                        .unwrap_or_else(|| ToolOutcome::error("the tool gave no outcome"));
                    self.step_mcp += (o.end_ms - o.start_ms).max(0.0);
                    self.result.latency.mcp_ms += (o.end_ms - o.start_ms).max(0.0);
                    let id = format!("tool-{}", p.request.tool_call_id);
                    let s = self.span_mut(&id);
                    (s["startMs"], s["endMs"]) = (o.start_ms.into(), o.end_ms.max(o.start_ms).into());
                    s["status"] = if o.is_error() { "error" } else { "ok" }.into();
                    o
                }
            };
            let call = &mut self.result.tool_calls[p.call];
            call.result = Some(outcome.output.clone());
            call.is_error = Some(outcome.is_error());
            results.push(json!({ "type": "tool-result", "toolCallId": p.request.tool_call_id, "toolName": p.request.tool_name, "output": outcome.output_part() }));
        }
        let called: Vec<String> = self
            .result
            .tool_calls
            .iter()
            .filter(|c| c.step == n)
            .map(|c| c.tool_name.clone())
            .collect();
        if !results.is_empty() {
            if let Some(Value::Array(r)) = self.steps.last_mut().map(|s| &mut s["toolResults"]) {
                r.extend(results.iter().cloned());
            }
            self.result.messages.push(json!({ "role": "tool", "content": results }));
        }
        self.completed_messages = self.result.messages.len();
        self.completed_text = self.result.text.clone();
        let step_time = (now_ms - self.step_start).max(0.0);
        self.result.latency.llm_ms += (step_time - self.step_mcp).max(0.0);
        self.span_mut(&format!("step-{n}"))["endMs"] = now_ms.into();
        self.step += 1;
        let done = self.step as u32;
        // AI SDK generateText goes on only when the step had calls the client ran.
        let reason = if results.is_empty() {
            Some("finished")
        } else if called.iter().any(|c| self.options.stop_after_tool_call.contains(c)) {
            Some("stop-after-tool-call")
        } else if done >= self.config.max_steps {
            Some("max-steps")
        } else if self.options.stop_when.iter().any(|c| match c {
            StopCondition::StepCountIs(k) => done >= *k,
            StopCondition::HasToolCall(name) => called.contains(name),
            StopCondition::Custom(_) => false,
        }) {
            Some("stop-condition")
        } else {
            None
        };
        if let Some(r) = reason {
            return self.finish(r, now_ms);
        }
        let conditions: Vec<usize> = self
            .options
            .stop_when
            .iter()
            .filter_map(|c| {
                if let StopCondition::Custom(i) = c {
                    Some(*i)
                } else {
                    None
                }
            })
            .collect();
        if conditions.is_empty() {
            return self.begin_step(now_ms);
        }
        self.state = State::Stop;
        Action::CheckStop {
            conditions,
            steps: Value::Array(self.steps.clone()),
        }
    }

    /// The caller's stop conditions' answer: `true` when any holds.
    pub fn stop_checked(&mut self, stop: bool, now_ms: f64) -> Action {
        if self.state != State::Stop {
            return self.out_of_turn();
        }
        if stop {
            self.finish("stop-condition", now_ms)
        } else {
            self.begin_step(now_ms)
        }
    }

    /// The wait ran past [`AgentRun::deadline_ms`]: the run ends with a timeout error naming which limit.
    pub fn timed_out(&mut self, now_ms: f64) -> Action {
        let t = self.options.timeouts;
        let message = match (t.total_ms, t.step_ms) {
            (Some(total), _) if now_ms >= total => format!("Prompt timed out after {total} ms (timeout.totalMs)"),
            (_, Some(step)) => format!("Step {} timed out after {step} ms (timeout.stepMs)", self.step + 1),
            (Some(total), None) => format!("Prompt timed out after {total} ms (timeout.totalMs)"),
            (None, None) => "Prompt timed out".to_owned(),
        };
        self.failed(&message, now_ms)
    }

    /// The model threw, the prompt was aborted, or a wait failed: the run ends
    /// with `message` as its error, keeping messages up to the last completed
    /// step plus the current step's assistant message, every recorded call and the tokens so far.
    pub fn failed(&mut self, message: &str, now_ms: f64) -> Action {
        if self.state == State::Done {
            return self.out_of_turn();
        }
        if self.state == State::Tools {
            // Keep the assistant message of the calls (its results never came).
            self.completed_messages = self.result.messages.len();
        }
        self.result.messages.truncate(self.completed_messages);
        self.result.text = self.completed_text.clone();
        let n = self.step;
        let open: Vec<String> = self
            .pending
            .iter()
            .filter(|p| p.answer.is_none())
            .map(|p| format!("tool-{}", p.request.tool_call_id))
            .collect();
        if matches!(self.state, State::Model | State::Tools) {
            let llm_open = self.state == State::Model;
            let step_time = (now_ms - self.step_start).max(0.0);
            self.result.latency.llm_ms += (step_time - self.step_mcp).max(0.0);
            for s in self.result.spans.iter_mut() {
                let open_here = s["category"] == "step"
                    || (s["category"] == "llm" && llm_open)
                    || open.iter().any(|id| s["id"] == id.as_str());
                if s["stepIndex"] == n && open_here {
                    (s["endMs"], s["status"]) = (now_ms.into(), "error".into());
                }
            }
        }
        self.pending.clear();
        let name = if message.trim().is_empty() { "error" } else { message };
        let mut e = span("error".into(), None, name, "error", now_ms, 0);
        e["status"] = "error".into();
        e.as_object_mut().expect("an object").remove("stepIndex");
        self.result.spans.push(e);
        self.result.error = Some(message.to_owned());
        self.finish("error", now_ms)
    }

    fn finish(&mut self, reason: &'static str, now_ms: f64) -> Action {
        self.state = State::Done;
        self.stop_reason = reason;
        self.result.latency.e2e_ms = now_ms;
        self.done()
    }

    fn done(&self) -> Action {
        Action::Done(Box::new(RunRecord {
            result: self.result.clone(),
            stop_reason: self.stop_reason,
        }))
    }

    fn out_of_turn(&mut self) -> Action {
        if self.state == State::Done {
            self.done()
        } else {
            self.failed("the agent loop was fed out of turn", self.result.latency.e2e_ms)
        }
    }
}

/// An `EvalTraceSpanInput` (`@mcpjam/sdk@1.14.0`) of step `step`, opened at `at` ms: `{ id, parentId?, name,
/// category, startMs, endMs, promptIndex: 0, stepIndex, status: "ok" }`.
fn span(id: String, parent: Option<String>, name: &str, category: &str, at: f64, step: usize) -> Value {
    let mut s = json!({ "id": id, "name": name, "category": category, "startMs": at, "endMs": at,
        "promptIndex": 0, "stepIndex": step, "status": "ok" });
    if let Some(p) = parent {
        s["parentId"] = p.into();
    }
    s
}
