//! The agent loop (`mcp_matchers::agent`) natively: the step state machine
//! through `run_agent` and step by step. Expected values come from the seed
//! (`mcpjam-testagent.txt`) and `@mcpjam/sdk@1.14.0`'s `HostRunner` (the
//! default system prompt, maxSteps 10, the stopAfterToolCall stub text,
//! `totalTokens` = input + output, stopWhen after the step) and AI SDK's
//! `generateText` (a step without tool calls ends the loop; tool-result
//! outputs `{ type: "json" | "text" | "error-text", value }`).
#![cfg(not(target_arch = "wasm32"))]

use mcp_matchers::agent::*;
use mcp_matchers::ErrorCode;
use serde_json::{json, Value};

fn defs() -> Vec<ToolDefinition> {
    vec![
        ToolDefinition::new(
            "add",
            "Adds two numbers",
            json!({ "type": "object", "properties": { "a": { "type": "number" }, "b": { "type": "number" } } }),
        ),
        ToolDefinition::new("echo", "Echoes", json!({ "type": "object" })),
    ]
}

/// The path of the error `AgentRun::new` gives for `opts` (which must be refused).
fn refused_at(opts: PromptOptions) -> String {
    AgentRun::new(AgentConfig::default(), defs(), "p", opts)
        .unwrap_err()
        .path
}

fn call(id: &str, name: &str, input: Value) -> ToolCallRequest {
    ToolCallRequest::new(id, name, input)
}

fn with_usage(mut r: ModelResponse, i: u64, o: u64) -> ModelResponse {
    r.usage = Usage {
        input_tokens: i,
        output_tokens: o,
    };
    r
}

/// Answers the scripted responses in order; records the requests.
struct Script {
    steps: Vec<ModelResponse>,
    seen: Vec<ModelRequest>,
}

impl Model for &mut Script {
    fn generate(&mut self, request: &ModelRequest) -> Result<ModelResponse, mcp_matchers::error::BoxError> {
        self.seen.push(request.clone());
        if self.steps.is_empty() {
            return Err("no more scripted steps".into());
        }
        Ok(self.steps.remove(0))
    }
}

fn script(steps: Vec<ModelResponse>) -> Script {
    Script {
        steps,
        seen: Vec::new(),
    }
}

fn mcp_text(t: &str) -> Value {
    json!({ "content": [{ "type": "text", "text": t }] })
}

fn tools(c: &ToolCallRequest) -> ToolOutcome {
    match c.tool_name.as_str() {
        "add" => ToolOutcome::ok(mcp_text(
            &(c.input["a"].as_f64().unwrap() + c.input["b"].as_f64().unwrap()).to_string(),
        )),
        "echo" => ToolOutcome::ok(mcp_text(c.input["message"].as_str().unwrap_or(""))),
        _ => unreachable!("unknown tools are never executed"),
    }
}

#[test]
fn two_steps_record_everything() {
    let mut s = script(vec![
        with_usage(
            ModelResponse::tool_calls(vec![call("c1", "add", json!({ "a": 2, "b": 3 }))]),
            10,
            5,
        ),
        with_usage(ModelResponse::text("The sum is 5."), 20, 7),
    ]);
    let r = run_agent(
        &AgentConfig::default(),
        defs(),
        "Add 2 and 3",
        &PromptOptions::default(),
        &mut s,
        tools,
    )
    .unwrap();
    assert_eq!(r.prompt, "Add 2 and 3");
    assert_eq!(r.text, "The sum is 5.");
    assert_eq!(r.stop_reason, "finished");
    assert_eq!(
        r.usage,
        TokenUsage {
            input_tokens: 30,
            output_tokens: 12,
            total_tokens: 42
        }
    );
    assert_eq!(r.tool_calls.len(), 1);
    let c = &r.tool_calls[0];
    assert_eq!(
        (c.tool_name.as_str(), c.id.as_deref(), c.step, c.index, c.kind),
        ("add", Some("c1"), 0, 0, CallKind::Function)
    );
    assert_eq!(Value::Object(c.arguments.clone()), json!({ "a": 2, "b": 3 }));
    assert_eq!(c.result, Some(mcp_text("5")));
    assert_eq!(c.is_error, Some(false));
    assert_eq!(
        r.messages,
        vec![
            json!({ "role": "user", "content": "Add 2 and 3" }),
            json!({ "role": "assistant", "content": [{ "type": "tool-call", "toolCallId": "c1", "toolName": "add", "input": { "a": 2, "b": 3 } }] }),
            json!({ "role": "tool", "content": [{ "type": "tool-result", "toolCallId": "c1", "toolName": "add", "output": { "type": "json", "value": mcp_text("5") } }] }),
            json!({ "role": "assistant", "content": [{ "type": "text", "text": "The sum is 5." }] }),
        ]
    );
    // The seed's system prompt default (the reference code's).
    assert_eq!(s.seen[0].system, "You are a helpful assistant.");
    assert_eq!(s.seen[1].messages.len(), 3);
    // Spans: step, model per step, one tool span.
    let cats: Vec<&Value> = r.spans.iter().map(|s| &s["category"]).collect();
    assert_eq!(cats, ["step", "llm", "tool", "step", "llm"]);
    assert_eq!(r.spans[0]["name"], "Step 1");
    assert_eq!(r.spans[1]["name"], "Model");
    assert_eq!(r.spans[2]["toolName"], "add");
    assert!(r.latency.e2e_ms >= r.latency.llm_ms + r.latency.mcp_ms - 1e-9);
}

#[test]
fn max_steps_reached() {
    let looping: Vec<ModelResponse> = (0..20)
        .map(|i| ModelResponse::tool_calls(vec![call(&format!("c{i}"), "echo", json!({ "message": "again" }))]))
        .collect();
    let mut s = script(looping);
    let config = AgentConfig {
        max_steps: 3,
        ..Default::default()
    };
    let r = run_agent(&config, defs(), "loop", &PromptOptions::default(), &mut s, tools).unwrap();
    assert_eq!(s.seen.len(), 3);
    assert_eq!(r.tool_calls.len(), 3);
    assert_eq!(r.stop_reason, "max-steps");
    assert!(r.error.is_none());
}

#[test]
fn default_max_steps_is_ten() {
    let mut s = script(
        (0..20)
            .map(|i| ModelResponse::tool_calls(vec![call(&format!("c{i}"), "echo", json!({}))]))
            .collect(),
    );
    run_agent(
        &AgentConfig::default(),
        defs(),
        "loop",
        &PromptOptions::default(),
        &mut s,
        tools,
    )
    .unwrap();
    assert_eq!(s.seen.len(), 10);
}

#[test]
fn stop_when_one_and_several_conditions() {
    let steps = || {
        vec![
            ModelResponse::tool_calls(vec![call("c1", "echo", json!({ "message": "x" }))]),
            ModelResponse::tool_calls(vec![call("c2", "add", json!({ "a": 1, "b": 1 }))]),
            ModelResponse::text("done"),
        ]
    };
    let opts = |c: Vec<StopCondition>| PromptOptions {
        stop_when: c,
        ..Default::default()
    };
    let mut s = script(steps());
    let r = run_agent(
        &AgentConfig::default(),
        defs(),
        "p",
        &opts(vec![StopCondition::HasToolCall("add".into())]),
        &mut s,
        tools,
    )
    .unwrap();
    assert_eq!((s.seen.len(), r.stop_reason), (2, "stop-condition"));
    // The tool still ran (stopWhen never skips execution).
    assert_eq!(r.tool_calls[1].result, Some(mcp_text("2")));
    let mut s = script(steps());
    let several = vec![StopCondition::HasToolCall("nope".into()), StopCondition::StepCountIs(1)];
    let r = run_agent(&AgentConfig::default(), defs(), "p", &opts(several), &mut s, tools).unwrap();
    assert_eq!((s.seen.len(), r.tool_calls.len()), (1, 1));
}

#[test]
fn stop_after_tool_call_stubs_the_tool_and_runs_its_sibling() {
    let mut s = script(vec![
        ModelResponse::tool_calls(vec![
            call("c1", "add", json!({ "a": 1, "b": 2 })),
            call("c2", "echo", json!({ "message": "hi" })),
        ]),
        ModelResponse::text("never asked"),
    ]);
    let options = PromptOptions {
        stop_after_tool_call: vec!["add".into()],
        ..Default::default()
    };
    let mut ran = Vec::new();
    let r = run_agent(
        &AgentConfig::default(),
        defs(),
        "p",
        &options,
        &mut s,
        |c: &ToolCallRequest| {
            ran.push(c.tool_name.clone());
            tools(c)
        },
    )
    .unwrap();
    assert_eq!(ran, ["echo"]);
    assert_eq!(s.seen.len(), 1);
    assert_eq!(r.stop_reason, "stop-after-tool-call");
    assert_eq!(r.tool_calls[0].result, Some(mcp_text("[skipped by stopAfterToolCall]")));
    assert_eq!(
        Value::Object(r.tool_calls[0].arguments.clone()),
        json!({ "a": 1, "b": 2 })
    );
    assert_eq!(r.tool_calls[1].result, Some(mcp_text("hi")));
}

#[test]
fn unknown_tool_and_malformed_arguments_are_answered_not_executed() {
    let mut s = script(vec![
        ModelResponse::tool_calls(vec![
            call("c1", "nope", json!({})),
            call("c2", "add", json!("{\"a\": 1, \"b\"")),
        ]),
        ModelResponse::text("sorry"),
    ]);
    let r = run_agent(
        &AgentConfig::default(),
        defs(),
        "p",
        &PromptOptions::default(),
        &mut s,
        tools,
    )
    .unwrap();
    assert_eq!(r.text, "sorry");
    let (a, b) = (&r.tool_calls[0], &r.tool_calls[1]);
    assert_eq!(a.is_error, Some(true));
    assert_eq!(
        a.result,
        Some(json!(
            "Model tried to call unavailable tool 'nope'. Available tools: add, echo."
        ))
    );
    assert_eq!(b.arguments_error.map(|e| e.as_str()), Some("NOT_JSON"));
    assert_eq!(b.raw_arguments.as_deref(), Some("{\"a\": 1, \"b\""));
    assert!(b.arguments.is_empty());
    assert_eq!(b.is_error, Some(true));
    // The model saw both errors as error-text outputs.
    let tool_msg = &s.seen[1].messages[2];
    assert_eq!(tool_msg["content"][0]["output"]["type"], "error-text");
    assert_eq!(tool_msg["content"][1]["output"]["type"], "error-text");
    // Arguments given as JSON text that is an object are read.
    let mut s = script(vec![
        ModelResponse::tool_calls(vec![call("c1", "add", json!("{\"a\":1,\"b\":2}"))]),
        ModelResponse::text("3"),
    ]);
    let r = run_agent(
        &AgentConfig::default(),
        defs(),
        "p",
        &PromptOptions::default(),
        &mut s,
        tools,
    )
    .unwrap();
    assert_eq!(r.tool_calls[0].result, Some(mcp_text("3")));
}

#[test]
fn tool_error_results() {
    let mut s = script(vec![
        ModelResponse::tool_calls(vec![
            call("c1", "echo", json!({})),
            call("c2", "add", json!({ "a": 1, "b": 1 })),
        ]),
        ModelResponse::text("ok"),
    ]);
    let r = run_agent(
        &AgentConfig::default(),
        defs(),
        "p",
        &PromptOptions::default(),
        &mut s,
        |c: &ToolCallRequest| {
            if c.tool_name == "echo" {
                ToolOutcome::error("boom")
            } else {
                ToolOutcome::ok(json!({ "content": [], "isError": true }))
            }
        },
    )
    .unwrap();
    assert_eq!(r.tool_calls[0].result, Some(json!("boom")));
    assert_eq!(r.tool_calls[0].is_error, Some(true));
    assert_eq!(r.tool_calls[1].is_error, Some(true));
    assert_eq!(
        s.seen[1].messages[2]["content"][0]["output"],
        json!({ "type": "error-text", "value": "boom" })
    );
    assert!(r.error.is_none());
}

#[test]
fn model_error_keeps_the_partial_run() {
    let mut s = script(vec![with_usage(
        ModelResponse::tool_calls(vec![call("c1", "add", json!({ "a": 2, "b": 2 }))]),
        11,
        4,
    )]);
    let r = run_agent(
        &AgentConfig::default(),
        defs(),
        "p",
        &PromptOptions::default(),
        &mut s,
        tools,
    )
    .unwrap();
    assert_eq!(r.error.as_deref(), Some("no more scripted steps"));
    assert_eq!(r.stop_reason, "error");
    assert_eq!(r.messages.len(), 3);
    assert_eq!(r.tool_calls.len(), 1);
    assert_eq!(r.usage.total_tokens, 15);
    let last = r.spans.last().unwrap();
    assert_eq!(
        [&last["category"], &last["name"], &last["status"]],
        ["error", "no more scripted steps", "error"]
    );
    assert!(r
        .spans
        .iter()
        .any(|s| s["category"] == "step" && s["stepIndex"] == 1 && s["status"] == "error"));
}

#[test]
fn context_is_sent_but_not_recorded() {
    let ctx = vec![
        json!({ "role": "user", "content": "Create a task called 'Test'" }),
        json!({ "role": "assistant", "content": "Created." }),
    ];
    let mut s = script(vec![ModelResponse::text("Marked complete.")]);
    let options = PromptOptions {
        context_messages: ctx.clone(),
        ..Default::default()
    };
    let r = run_agent(
        &AgentConfig::default(),
        defs(),
        "Mark it complete",
        &options,
        &mut s,
        tools,
    )
    .unwrap();
    assert_eq!(s.seen[0].messages[..2], ctx[..]);
    assert_eq!(
        s.seen[0].messages[2],
        json!({ "role": "user", "content": "Mark it complete" })
    );
    assert_eq!(r.messages.len(), 2);
}

#[test]
fn bad_settings_are_refused_with_paths() {
    let e = AgentRun::new(
        AgentConfig {
            max_steps: 0,
            ..Default::default()
        },
        defs(),
        "p",
        PromptOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (ErrorCode::InvalidOption, "options.maxSteps")
    );
    let e = AgentRun::new(
        AgentConfig {
            temperature: Some(3.0),
            ..Default::default()
        },
        defs(),
        "p",
        PromptOptions::default(),
    )
    .unwrap_err();
    assert_eq!(e.path, "options.temperature");
    let opts = PromptOptions {
        stop_when: vec![StopCondition::HasToolCall("a".into()), StopCondition::StepCountIs(0)],
        ..Default::default()
    };
    assert_eq!(refused_at(opts), "options.stopWhen[1]");
    let opts = PromptOptions {
        timeouts: Timeouts {
            step_ms: Some(-1.0),
            ..Default::default()
        },
        ..Default::default()
    };
    assert_eq!(refused_at(opts), "options.timeout.stepMs");
}

#[test]
fn deadlines_and_timeouts_step_by_step() {
    let opts = PromptOptions {
        timeouts: Timeouts {
            total_ms: Some(1000.0),
            step_ms: Some(300.0),
            chunk_ms: None,
        },
        ..Default::default()
    };
    let mut run = AgentRun::new(AgentConfig::default(), defs(), "p", opts).unwrap();
    let Action::CallModel { deadline_ms, .. } = run.start(0.0) else {
        panic!()
    };
    assert_eq!(deadline_ms, Some(300.0));
    let a = run.model_responded(ModelResponse::tool_calls(vec![call("c1", "echo", json!({}))]), 100.0);
    let Action::ExecuteTools { calls, .. } = a else {
        panic!("{a:?}")
    };
    let mut o = ToolOutcome::ok(mcp_text("x"));
    (o.start_ms, o.end_ms) = (100.0, 250.0);
    let Action::CallModel { deadline_ms, request } = run.tools_finished(vec![o], 260.0) else {
        panic!()
    };
    assert_eq!((calls.len(), request.step_index, deadline_ms), (1, 1, Some(560.0)));
    let Action::Done(r) = run.timed_out(560.0) else {
        panic!()
    };
    assert_eq!(
        r.error.as_deref(),
        Some("Step 2 timed out after 300 ms (timeout.stepMs)")
    );
    assert_eq!(r.latency.mcp_ms, 150.0);
    assert_eq!(r.latency.llm_ms, 110.0 + 300.0);
    assert_eq!(r.latency.e2e_ms, 560.0);
    assert_eq!(r.messages.len(), 3);
}

#[test]
fn custom_stop_conditions_are_asked() {
    let opts = PromptOptions {
        stop_when: vec![StopCondition::Custom(0)],
        ..Default::default()
    };
    let mut run = AgentRun::new(AgentConfig::default(), defs(), "p", opts).unwrap();
    run.start(0.0);
    run.model_responded(
        ModelResponse::tool_calls(vec![call("c1", "echo", json!({ "message": "m" }))]),
        1.0,
    );
    let Action::CheckStop { conditions, steps } = run.tools_finished(vec![ToolOutcome::ok(mcp_text("m"))], 2.0) else {
        panic!()
    };
    assert_eq!(conditions, [0]);
    assert_eq!(steps[0]["toolCalls"][0]["toolName"], "echo");
    assert_eq!(steps[0]["toolResults"][0]["output"]["type"], "json");
    let Action::Done(r) = run.stop_checked(true, 3.0) else {
        panic!()
    };
    assert_eq!(r.stop_reason, "stop-condition");
}

#[test]
fn language_model_shapes() {
    let req = ModelRequest {
        step_index: 0,
        system: "S".into(),
        messages: vec![json!({ "role": "user", "content": "hi" })],
        tools: defs(),
        temperature: Some(0.3),
    };
    let v = req.to_language_model_json();
    assert_eq!(v["prompt"][0], json!({ "role": "system", "content": "S" }));
    assert_eq!(
        v["prompt"][1],
        json!({ "role": "user", "content": [{ "type": "text", "text": "hi" }] })
    );
    assert_eq!(v["tools"][0]["type"], "function");
    assert_eq!(v["temperature"], 0.3);
    // A LanguageModelV3 doGenerate result (usage and finishReason as ai@6's MockLanguageModelV3 documents them).
    let v3 = json!({ "content": [{ "type": "text", "text": "a" }, { "type": "tool-call", "toolCallId": "t1", "toolName": "add", "input": "{\"a\":1}" }],
        "finishReason": { "unified": "tool-calls", "raw": "tool_use" },
        "usage": { "inputTokens": { "total": 7, "noCache": 7 }, "outputTokens": { "total": 3, "text": 3 } } });
    let r = ModelResponse::from_json(&v3, 0, "response").unwrap();
    assert_eq!(
        (r.text.as_str(), r.usage.input_tokens, r.usage.output_tokens),
        ("a", 7, 3)
    );
    assert_eq!(r.finish_reason.as_deref(), Some("tool-calls"));
    assert_eq!(r.tool_calls[0].input, json!("{\"a\":1}"));
    let v2 = json!({ "content": [], "finishReason": "stop", "usage": { "inputTokens": 5, "outputTokens": 2, "totalTokens": 7 } });
    let r = ModelResponse::from_json(&v2, 0, "response").unwrap();
    assert_eq!((r.usage.input_tokens, r.finish_reason.as_deref()), (5, Some("stop")));
    let e = ModelResponse::from_json(&json!({ "toolCalls": [{ "input": {} }] }), 2, "response").unwrap_err();
    assert_eq!(e.path, "response.toolCalls[0].toolName");
    let r = ModelResponse::from_json(&json!({ "toolCalls": [{ "toolName": "x" }] }), 2, "response").unwrap();
    assert_eq!(r.tool_calls[0].tool_call_id, "call-2-0");
}

#[test]
fn eval_test_aggregates_follow_the_reference_formulas() {
    use mcp_matchers::agent::eval::{aggregate, latency_stats, IterationSummary, Tokens};
    // calculatePercentile: rank p/100·(n−1), linear interpolation (values worked by hand).
    let s = latency_stats(&[40.0, 10.0, 30.0, 20.0]);
    assert_eq!(
        (s.min, s.max, s.mean, s.p50, s.p95, s.count),
        (10.0, 40.0, 25.0, 25.0, 38.5, 4)
    );
    assert_eq!(latency_stats(&[]).count, 0);
    let lat = |e| LatencyBreakdown {
        e2e_ms: e,
        llm_ms: e / 2.0,
        mcp_ms: 1.0,
    };
    let its = [
        IterationSummary {
            passed: true,
            latencies: vec![lat(100.0), lat(300.0)],
            tokens: Tokens {
                total: 30,
                input: 20,
                output: 10,
            },
        },
        IterationSummary {
            passed: false,
            latencies: vec![lat(200.0)],
            tokens: Tokens {
                total: 5,
                input: 4,
                output: 1,
            },
        },
    ];
    let a = aggregate(&its);
    assert_eq!(
        (a.iterations, a.successes, a.failures, a.results.clone()),
        (2, 1, 1, vec![true, false])
    );
    assert_eq!(a.token_usage["total"], 35);
    assert_eq!(a.token_usage["perIteration"][1]["input"], 4);
    assert_eq!(a.latency["e2e"]["p50"], 200.0);
    assert_eq!(a.latency["e2e"]["count"], 3);
    assert_eq!(a.latency["llm"]["max"], 150.0);
}

/// A step the provider partly ran itself (AI SDK `ai@6` `generateText`,
/// `dist/index.mjs` `toResponseMessages` and the loop's `clientToolCalls`):
/// the provider's call stays in the assistant message marked
/// `providerExecuted: true` with its `tool-result` after it (output `json` for
/// a non-string result), only the client's call is executed and answered in
/// the tool message, and the recorded call keeps the provider's result.
#[test]
fn provider_executed_calls_are_recorded_never_executed() {
    let step0 = json!({ "content": [
        { "type": "text", "text": "Searching." },
        { "type": "tool-call", "toolCallId": "ws1", "toolName": "web_search", "input": "{\"query\":\"rust\"}", "providerExecuted": true },
        { "type": "tool-result", "toolCallId": "ws1", "toolName": "web_search", "result": [{ "url": "https://www.rust-lang.org" }] },
        { "type": "tool-call", "toolCallId": "e1", "toolName": "echo", "input": "{\"message\":\"x\"}" }
    ], "finishReason": { "unified": "tool-calls" }, "usage": { "inputTokens": { "total": 4 }, "outputTokens": { "total": 2 } } });
    let r0 = ModelResponse::from_json(&step0, 0, "response").unwrap();
    assert!(r0.tool_calls[0].provider_executed && !r0.tool_calls[1].provider_executed);
    let mut s = script(vec![r0, ModelResponse::text("done")]);
    let mut ran = Vec::new();
    let exec = |c: &ToolCallRequest| {
        ran.push(c.tool_name.clone());
        tools(c)
    };
    let r = run_agent(
        &AgentConfig::default(),
        defs(),
        "find rust",
        &PromptOptions::default(),
        &mut s,
        exec,
    )
    .unwrap();
    assert_eq!(ran, vec!["echo"]);
    assert_eq!(r.stop_reason, "finished");
    assert_eq!(r.tool_calls.len(), 2);
    let ws = &r.tool_calls[0];
    assert_eq!(
        (ws.tool_name.as_str(), ws.id.as_deref(), ws.kind),
        ("web_search", Some("ws1"), CallKind::Server)
    );
    assert_eq!(ws.arguments.get("query"), Some(&json!("rust")));
    assert_eq!(ws.result, Some(json!([{ "url": "https://www.rust-lang.org" }])));
    assert_eq!(ws.is_error, Some(false));
    assert_eq!(
        r.messages[1],
        json!({ "role": "assistant", "content": [
            { "type": "text", "text": "Searching." },
            { "type": "tool-call", "toolCallId": "ws1", "toolName": "web_search", "input": { "query": "rust" }, "providerExecuted": true },
            { "type": "tool-result", "toolCallId": "ws1", "toolName": "web_search", "output": { "type": "json", "value": [{ "url": "https://www.rust-lang.org" }] } },
            { "type": "tool-call", "toolCallId": "e1", "toolName": "echo", "input": { "message": "x" } }
        ] })
    );
    assert_eq!(
        r.messages[2],
        json!({ "role": "tool", "content": [
            { "type": "tool-result", "toolCallId": "e1", "toolName": "echo", "output": { "type": "json", "value": mcp_text("x") } }
        ] })
    );
    // The second model call sees the same conversation; no span for a call nobody here ran.
    assert_eq!(s.seen[1].messages[1..], r.messages[1..3]);
    assert!(r.spans.iter().all(|sp| sp["toolCallId"] != "ws1"));
}

/// A step whose only calls the provider ran ends the loop (AI SDK
/// `generateText` goes on only while the client executed calls), even under
/// `stopAfterToolCall` of that name; a provider's error result is `error-json`
/// (`createToolModelOutput` with `errorMode: "json"`), a call without a result
/// part is recorded without one.
#[test]
fn provider_executed_only_step_finishes() {
    let step0 = json!({ "content": [
        { "type": "tool-call", "toolCallId": "a", "toolName": "web_search", "input": "{}", "providerExecuted": true },
        { "type": "tool-result", "toolCallId": "a", "toolName": "web_search", "result": "quota exceeded", "isError": true },
        { "type": "tool-call", "toolCallId": "b", "toolName": "code_exec", "input": "{}", "providerExecuted": true },
        { "type": "text", "text": "No luck." }
    ], "finishReason": "stop" });
    let mut s = script(vec![ModelResponse::from_json(&step0, 0, "response").unwrap()]);
    let options = PromptOptions {
        stop_after_tool_call: vec!["web_search".into()],
        ..Default::default()
    };
    let never = |_: &ToolCallRequest| -> ToolOutcome { unreachable!("the provider ran these") };
    let r = run_agent(&AgentConfig::default(), defs(), "p", &options, &mut s, never).unwrap();
    assert_eq!(
        (r.stop_reason, s.seen.len(), r.text.as_str()),
        ("finished", 1, "No luck.")
    );
    assert_eq!(
        (r.tool_calls[0].result.clone(), r.tool_calls[0].is_error),
        (Some(json!("quota exceeded")), Some(true))
    );
    assert_eq!((r.tool_calls[1].result.clone(), r.tool_calls[1].is_error), (None, None));
    assert_eq!(r.messages.len(), 2); // user, assistant: no tool message
                                     // (The step's text is joined and goes first in the assistant message.)
    assert_eq!(
        r.messages[1]["content"][2]["output"],
        json!({ "type": "error-json", "value": "quota exceeded" })
    );
    // A result that answers no provider-executed call is a malformed answer.
    let orphan = json!({ "content": [{ "type": "tool-result", "toolCallId": "zz", "toolName": "x", "result": 1 }] });
    let e = ModelResponse::from_json(&orphan, 0, "response").unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (ErrorCode::InvalidArgument, "response.content[0].toolCallId")
    );
    // The function shape: the call carries its result; replaying the run keeps both.
    let f = json!({ "toolCalls": [{ "toolName": "web_search", "input": {}, "providerExecuted": true, "result": { "hits": 3 } }] });
    let fr = ModelResponse::from_json(&f, 1, "response").unwrap();
    assert_eq!(
        fr.provider_results,
        vec![ProviderToolResult::new("call-1-0", json!({ "hits": 3 }), false)]
    );
    let replayed = replay_steps(&r.messages);
    assert!(replayed[0].tool_calls.iter().all(|c| c.provider_executed));
    assert_eq!(
        replayed[0].provider_results,
        vec![ProviderToolResult::new("a", json!("quota exceeded"), true)]
    );
}

/// Usage as AI SDK types it (`number | undefined`): left out is 0 (as
/// `@mcpjam/sdk@1.14.0 HostRunner` sums `usage?.inputTokens ?? 0`); a count
/// that is not a whole number ≥ 0 is never rounded or zeroed, it is an error
/// naming the field.
#[test]
fn malformed_usage_is_refused_not_coerced() {
    let ok =
        ModelResponse::from_json(&json!({ "text": "", "usage": { "outputTokens": null } }), 0, "response").unwrap();
    assert_eq!(ok.usage, Usage::default());
    let v3 = json!({ "content": [], "usage": { "inputTokens": { "total": null }, "outputTokens": { "total": 3 } } });
    assert_eq!(
        ModelResponse::from_json(&v3, 0, "response")
            .unwrap()
            .usage
            .output_tokens,
        3
    );
    let exact = json!({ "usage": { "inputTokens": 9_007_199_254_740_991_u64 } });
    assert_eq!(
        ModelResponse::from_json(&exact, 0, "response")
            .unwrap()
            .usage
            .input_tokens,
        MAX_TOKEN_COUNT
    );
    for (usage, path, got) in [
        (json!({ "inputTokens": -5 }), "response.usage.inputTokens", "got -5"),
        (json!({ "inputTokens": "a" }), "response.usage.inputTokens", "got \"a\""),
        (json!({ "outputTokens": 1.5 }), "response.usage.outputTokens", "got 1.5"),
        (
            json!({ "inputTokens": 9_007_199_254_740_992_u64 }),
            "response.usage.inputTokens",
            "got 9007199254740992",
        ),
        (
            json!({ "inputTokens": { "total": -1 } }),
            "response.usage.inputTokens.total",
            "got -1",
        ),
        (
            json!({ "inputTokens": { "total": { "total": 1 } } }),
            "response.usage.inputTokens.total",
            "got {\"total\":1}",
        ),
        (json!(5), "response.usage", "got 5"),
    ] {
        let e = ModelResponse::from_json(&json!({ "text": "", "usage": usage }), 0, "response").unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (ErrorCode::InvalidArgument, path), "{usage}");
        assert!(e.message.contains(got), "{}", e.message);
    }
}

/// Options out of their domain, read as the JS glue hands them over: the
/// messages state the domain (`maxSteps` 1 to 2^32 − 1) and the value given;
/// `hasToolCall("")` and wrongly typed `provider`/`modelName` are refused at
/// their paths (never silently ignored).
#[test]
fn option_domains_are_stated() {
    use mcp_matchers::agent::json::{config_from_json, prompt_options_from_json};
    for (v, got) in [
        (json!(4_294_967_296_u64), "4294967296"),
        (json!(0), "0"),
        (json!(2.5), "2.5"),
    ] {
        let e = config_from_json(&json!({ "maxSteps": v })).unwrap_err();
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::InvalidOption, "options.maxSteps")
        );
        assert_eq!(
            e.message,
            format!("maxSteps must be a whole number from 1 to 4294967295 (2^32 - 1), got {got}")
        );
    }
    assert_eq!(
        config_from_json(&json!({ "maxSteps": 4_294_967_295_u64 }))
            .unwrap()
            .max_steps,
        MAX_MAX_STEPS
    );
    for (key, v) in [("provider", json!(5)), ("modelName", json!({}))] {
        let e = config_from_json(&json!({ key: v })).unwrap_err();
        assert_eq!((e.code, e.path), (ErrorCode::InvalidOption, format!("options.{key}")));
    }
    let c = config_from_json(&json!({ "provider": "openai", "modelName": "gpt-4o" })).unwrap();
    assert_eq!(
        (c.provider.as_deref(), c.model.as_deref()),
        (Some("openai"), Some("gpt-4o"))
    );
    let e = prompt_options_from_json(&json!({ "stopWhen": [{ "kind": "hasToolCall", "name": "" }] })).unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (ErrorCode::InvalidOption, "options.stopWhen[0]")
    );
    let e = prompt_options_from_json(&json!({ "stopWhen": [{ "kind": "stepCountIs", "n": 4_294_967_296_u64 }] }))
        .unwrap_err();
    assert!(
        e.message.contains("from 1 to 4294967295") && e.message.ends_with("got 4294967296"),
        "{}",
        e.message
    );
    let opts = PromptOptions {
        stop_when: vec![StopCondition::HasToolCall(String::new())],
        ..Default::default()
    };
    assert_eq!(refused_at(opts), "options.stopWhen[0]");
}

/// A tool result with no JSON form (the glue's `{ unsupported }` outcome) is
/// an error result naming `UNSUPPORTED_VALUE`, never "gave no outcome".
#[test]
fn unsupported_tool_results_are_named() {
    use mcp_matchers::agent::json::outcomes_from_json;
    let o = outcomes_from_json(
        &json!([{ "unsupported": "Do not know how to serialize a BigInt", "startMs": 1, "endMs": 2 }]),
    );
    assert!(o[0].is_error());
    assert_eq!(
        o[0].output,
        json!("UNSUPPORTED_VALUE: the tool's result has no JSON form (Do not know how to serialize a BigInt)")
    );
    assert_eq!((o[0].start_ms, o[0].end_ms), (1.0, 2.0));
}

/// The native loop cannot preempt a synchronous call (documented on
/// `run_agent`): a tool that blocks past `stepMs` finishes, then the run ends
/// with the step timeout and the step's remaining calls are never started.
#[test]
fn native_deadlines_are_checked_between_calls() {
    let mut s = script(vec![ModelResponse::tool_calls(vec![
        call("slow", "echo", json!({ "message": "slow" })),
        call("next", "echo", json!({ "message": "next" })),
    ])]);
    let opts = PromptOptions {
        timeouts: Timeouts {
            step_ms: Some(20.0),
            ..Default::default()
        },
        ..Default::default()
    };
    let mut ran = Vec::new();
    let exec = |c: &ToolCallRequest| {
        ran.push(c.tool_call_id.clone());
        std::thread::sleep(std::time::Duration::from_millis(80));
        tools(c)
    };
    let t0 = std::time::Instant::now();
    let r = run_agent(&AgentConfig::default(), defs(), "p", &opts, &mut s, exec).unwrap();
    assert!(t0.elapsed().as_millis() >= 80, "the blocking call ran to its end");
    assert_eq!(ran, vec!["slow"]);
    assert_eq!(
        r.error.as_deref(),
        Some("Step 1 timed out after 20 ms (timeout.stepMs)")
    );
    assert_eq!(r.tool_calls.len(), 2); // both recorded, neither answered
}

/// `LanguageModelV3ToolResult.preliminary`: "preliminary tool results replace
/// each other … there always has to be a final" one: the last result of a
/// provider-executed call is the one recorded.
#[test]
fn the_final_provider_result_wins() {
    let v = json!({ "content": [
        { "type": "tool-call", "toolCallId": "a", "toolName": "render", "input": "{}", "providerExecuted": true },
        { "type": "tool-result", "toolCallId": "a", "toolName": "render", "result": "preview", "preliminary": true },
        { "type": "tool-result", "toolCallId": "a", "toolName": "render", "result": "final" }
    ] });
    let mut s = script(vec![ModelResponse::from_json(&v, 0, "response").unwrap()]);
    let never = |_: &ToolCallRequest| -> ToolOutcome { unreachable!() };
    let r = run_agent(
        &AgentConfig::default(),
        defs(),
        "p",
        &PromptOptions::default(),
        &mut s,
        never,
    )
    .unwrap();
    assert_eq!(r.tool_calls[0].result, Some(json!("final")));
}
