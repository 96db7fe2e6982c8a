//! `PromptResult` from `PromptResultData`, `PromptResult::from_error` and
//! `to_eval_result`: the behaviour `@mcpjam/sdk@1.14.0`'s `PromptResult`
//! shows (its `dist/index.js`, section `src/PromptResult.ts`, and the
//! behaviours MCPJam's own tests assert), and the round trip through
//! `from_trace`. Expected values are the reference's, worked out by hand
//! from its code.

use super::helpers::{calls, read};
use mcp_matchers::traces::{ErrorMetadata, EvalResultOptions, LatencyBreakdown, PromptResult, TokenUsage};
use mcp_matchers::ErrorCode;
use serde_json::{json, Value};

/// A run as a test would mock it (the shape of `PromptResultData`).
fn data() -> Value {
    json!({
        "prompt": "Test prompt",
        "messages": [
            { "role": "user", "content": "Test prompt" },
            { "role": "assistant", "content": "Test response" }
        ],
        "text": "Test response",
        "toolCalls": [
            { "toolName": "add", "arguments": { "a": 1, "b": 2 } },
            { "toolName": "multiply", "arguments": { "x": 3, "y": 4 } }
        ],
        "usage": { "inputTokens": 100, "outputTokens": 50, "totalTokens": 150 },
        "latency": { "e2eMs": 1234, "llmMs": 800, "mcpMs": 400 }
    })
}

fn with(extra: Value) -> PromptResult {
    let mut d = data();
    d.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    PromptResult::from_data(&d).unwrap()
}

fn tool_error_span() -> Value {
    json!([{ "id": "t1", "name": "create_view", "category": "tool", "startMs": 0, "endMs": 1, "status": "error" }])
}

#[test]
fn data_accessors() {
    let r = PromptResult::from_data(&data()).unwrap();
    assert_eq!((r.prompt(), r.text()), ("Test prompt", "Test response"));
    assert_eq!(r.tools_called(), ["add", "multiply"]);
    assert!(r.has_tool_call("add") && !r.has_tool_call("Add") && !r.has_tool_call("subtract"));
    assert_eq!(
        Value::Object(r.tool_arguments("multiply").unwrap().clone()),
        json!({ "x": 3, "y": 4 })
    );
    assert_eq!(r.tool_arguments("subtract"), None);
    assert_eq!((r.input_tokens(), r.output_tokens(), r.total_tokens()), (100, 50, 150));
    assert_eq!(
        r.usage(),
        TokenUsage {
            input_tokens: 100,
            output_tokens: 50,
            total_tokens: 150
        }
    );
    assert_eq!(
        (r.e2e_latency_ms(), r.llm_latency_ms(), r.mcp_latency_ms()),
        (1234.0, 800.0, 400.0)
    );
    assert_eq!(
        r.latency(),
        LatencyBreakdown {
            e2e_ms: 1234.0,
            llm_ms: 800.0,
            mcp_ms: 400.0
        }
    );
    assert!(!r.has_error() && r.error().is_none());
    assert_eq!((r.provider(), r.model()), (None, None));
    assert_eq!(
        r.user_messages(),
        [&json!({ "role": "user", "content": "Test prompt" })]
    );
    assert_eq!(r.assistant_messages().len(), 1);
    assert!(r.tool_messages().is_empty());
    assert!(r.spans().is_empty() && r.widget_snapshots().is_empty());
    assert_eq!(r.format, None);
    // JSON.stringify(messages, null, 2)
    assert_eq!(
        r.format_trace(),
        "[\n  {\n    \"content\": \"Test prompt\",\n    \"role\": \"user\"\n  },\n  {\n    \"content\": \"Test response\",\n    \"role\": \"assistant\"\n  }\n]"
    );
    let r = with(json!({ "error": "Something went wrong", "provider": "openai", "model": "gpt-4o" }));
    assert_eq!((r.has_error(), r.error()), (true, Some("Something went wrong")));
    assert_eq!((r.provider(), r.model()), (Some("openai"), Some("gpt-4o")));
    // The first call's arguments when a tool is called twice.
    let r = with(json!({ "toolCalls": [
        { "toolName": "add", "arguments": { "a": 1, "b": 2 } }, { "toolName": "add", "arguments": { "a": 10, "b": 20 } } ] }));
    assert_eq!(
        Value::Object(r.tool_arguments("add").unwrap().clone()),
        json!({ "a": 1, "b": 2 })
    );
    assert!(with(json!({ "toolCalls": [] })).tools_called().is_empty());
}

#[test]
fn data_of_the_wrong_type_is_refused_with_its_path() {
    let bad = |extra: Value| {
        let mut d = data();
        d.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        let e = PromptResult::from_data(&d).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidArgument);
        e.path
    };
    assert_eq!(
        bad(json!({ "usage": { "inputTokens": "100" } })),
        "data.usage.inputTokens"
    );
    assert_eq!(
        bad(json!({ "usage": { "outputTokens": 1.5 } })),
        "data.usage.outputTokens"
    );
    assert_eq!(bad(json!({ "latency": { "llmMs": "fast" } })), "data.latency.llmMs");
    assert_eq!(
        bad(json!({ "toolCalls": [{ "toolName": 7 }] })),
        "data.toolCalls[0].toolName"
    );
    assert_eq!(bad(json!({ "toolCalls": {} })), "data.toolCalls");
    assert_eq!(bad(json!({ "messages": ["hi"] })), "data.messages[0]");
    assert_eq!(bad(json!({ "spans": {} })), "data.spans");
    assert_eq!(bad(json!({ "prompt": 1 })), "data.prompt");
    assert_eq!(bad(json!({ "error": false })), "data.error");
    assert_eq!(PromptResult::from_data(&json!([])).unwrap_err().path, "data");
    // Missing members read as the reference's defaults.
    let r = PromptResult::from_data(&json!({ "usage": { "inputTokens": 3, "outputTokens": 4 } })).unwrap();
    assert_eq!((r.prompt(), r.total_tokens(), r.e2e_latency_ms()), ("", 7, 0.0));
}

#[test]
fn error_results() {
    let r = PromptResult::from_error(
        "Network error",
        LatencyBreakdown::default(),
        "",
        ErrorMetadata::default(),
    );
    assert_eq!((r.has_error(), r.error(), r.text()), (true, Some("Network error"), ""));
    assert_eq!(
        (r.e2e_latency_ms(), r.llm_latency_ms(), r.mcp_latency_ms()),
        (0.0, 0.0, 0.0)
    );
    assert!(r.tools_called().is_empty());
    assert_eq!(r.total_tokens(), 0);
    let r = PromptResult::from_error("Timeout", 5000.0.into(), "", ErrorMetadata::default());
    assert_eq!(
        (r.e2e_latency_ms(), r.llm_latency_ms(), r.mcp_latency_ms()),
        (5000.0, 0.0, 0.0)
    );
    let full = LatencyBreakdown {
        e2e_ms: 5000.0,
        llm_ms: 3000.0,
        mcp_ms: 1500.0,
    };
    let meta = ErrorMetadata {
        provider: Some("openai".into()),
        model: Some("gpt-4o".into()),
        ..Default::default()
    };
    let r = PromptResult::from_error("fail", full, "test", meta);
    assert_eq!((r.llm_latency_ms(), r.mcp_latency_ms()), (3000.0, 1500.0));
    assert_eq!(
        (r.provider(), r.model(), r.prompt()),
        (Some("openai"), Some("gpt-4o"), "test")
    );
}

#[test]
fn to_eval_result_fields() {
    let r = with(json!({ "provider": "anthropic", "model": "claude-3-5-sonnet-20241022" }));
    let opts = |v: Value| EvalResultOptions::from_json(&v).unwrap();
    let e = r.to_eval_result(&opts(json!({ "caseTitle": "test", "passed": true })));
    assert_eq!(
        (e.provider.as_deref(), e.model.as_deref()),
        (Some("anthropic"), Some("claude-3-5-sonnet-20241022"))
    );
    let e = r.to_eval_result(&opts(
        json!({ "caseTitle": "test", "passed": true, "provider": "openai", "model": "gpt-4o" }),
    ));
    assert_eq!(
        (e.provider.as_deref(), e.model.as_deref()),
        (Some("openai"), Some("gpt-4o"))
    );
    // Defaults: the prompt as title and query, the e2e latency, no error.
    let e = r.to_eval_result(&EvalResultOptions::default());
    let v = serde_json::to_value(&e).unwrap();
    assert_eq!(
        v,
        json!({
            "caseTitle": "Test prompt", "query": "Test prompt", "passed": true, "durationMs": 1234,
            "provider": "anthropic", "model": "claude-3-5-sonnet-20241022",
            "actualToolCalls": [
                { "toolName": "add", "arguments": { "a": 1, "b": 2 } },
                { "toolName": "multiply", "arguments": { "x": 3, "y": 4 } }
            ],
            "tokens": { "input": 100, "output": 50, "total": 150 },
            "trace": { "messages": data()["messages"] },
            "widgetSnapshots": []
        })
    );
    // A blank prompt titles the case "PromptResult"; an error fails it.
    let r = with(json!({ "prompt": " \n", "error": "boom" }));
    let e = r.to_eval_result(&EvalResultOptions::default());
    assert_eq!(
        (e.case_title.as_str(), e.passed, e.error.as_deref()),
        ("PromptResult", false, Some("boom"))
    );
    // passed: true is still failed by the run's non-blank error, unless the gate is off.
    assert!(!r.to_eval_result(&opts(json!({ "passed": true }))).passed);
    assert!(
        r.to_eval_result(&opts(json!({ "passed": true, "failOnToolError": false })))
            .passed
    );
    // An empty error: hasError() (so not passed by default), but the gate ignores blank text.
    let r = with(json!({ "error": "" }));
    assert!(!r.to_eval_result(&EvalResultOptions::default()).passed);
    assert!(r.to_eval_result(&opts(json!({ "passed": true }))).passed);
}

#[test]
fn to_eval_result_tool_failure_gate() {
    let r = with(json!({ "spans": tool_error_span() }));
    let opts = |v: Value| EvalResultOptions::from_json(&v).unwrap();
    assert!(
        !r.to_eval_result(&opts(json!({ "caseTitle": "test", "passed": true })))
            .passed
    );
    let lenient = opts(json!({ "caseTitle": "test", "passed": true, "failOnToolError": false }));
    assert!(r.to_eval_result(&lenient).passed);
    assert_eq!(
        serde_json::to_value(r.to_eval_result(&lenient).trace).unwrap()["spans"],
        tool_error_span()
    );
    // A failed tool in the messages (AI SDK v5+ error output) fails it too.
    let r = with(json!({ "messages": [{ "role": "tool", "content": [
        { "type": "tool-result", "toolCallId": "c1", "toolName": "add", "output": { "type": "error-text", "value": "bad" } } ] }] }));
    assert!(r.trace_shows_tool_failure());
    assert!(!r.to_eval_result(&opts(json!({ "passed": true }))).passed);
    // Captured widget snapshots are reported.
    let snapshot = json!({ "toolCallId": "call-1", "toolName": "create_view", "protocol": "mcp-apps", "serverId": "server-1",
        "resourceUri": "ui://widget/create-view.html", "toolMetadata": { "ui": { "resourceUri": "ui://widget/create-view.html" } },
        "widgetCsp": null, "widgetPermissions": null, "widgetPermissive": true, "prefersBorder": true,
        "widgetHtml": "<html>cached</html>" });
    let r = with(json!({ "widgetSnapshots": [snapshot.clone()] }));
    assert_eq!(
        r.to_eval_result(&opts(json!({ "caseTitle": "test", "passed": true })))
            .widget_snapshots,
        [snapshot]
    );
}

#[test]
fn eval_options_of_the_wrong_type_are_refused() {
    let bad = |v: Value| {
        let e = EvalResultOptions::from_json(&v).unwrap_err();
        (e.code, e.path)
    };
    let opt = |p: &str| (ErrorCode::InvalidOption, p.to_owned());
    assert_eq!(bad(json!({ "passed": "yes" })), opt("options.passed"));
    assert_eq!(bad(json!({ "failOnToolError": 0 })), opt("options.failOnToolError"));
    assert_eq!(bad(json!({ "caseTitle": 1 })), opt("options.caseTitle"));
    assert_eq!(bad(json!({ "durationMs": "1s" })), opt("options.durationMs"));
    assert_eq!(bad(json!({ "metadata": { "tag": [1] } })), opt("options.metadata.tag"));
    assert_eq!(
        bad(json!({ "expectedToolCalls": [{ "toolName": null }] })),
        opt("options.expectedToolCalls[0].toolName")
    );
    assert_eq!(bad(json!("strict")), (ErrorCode::InvalidArgument, "options".to_owned()));
    // null is not given (the reference's `??`); unknown members are ignored.
    assert_eq!(
        EvalResultOptions::from_json(&json!({ "passed": null, "whatever": 1 })).unwrap(),
        EvalResultOptions::default()
    );
}

#[test]
fn to_eval_result_reads_back_with_the_same_calls() {
    // Data whose messages carry no calls: the eval result's actualToolCalls are the calls.
    let r = with(json!({ "provider": "openai", "model": "gpt-4o", "spans": tool_error_span() }));
    let e = serde_json::to_value(r.to_eval_result(&EvalResultOptions::default())).unwrap();
    // As text too (read member by member, not as a value).
    let text = PromptResult::from_trace_text(&e.to_string(), None).unwrap();
    assert_eq!((calls(&text), text.usage()), (calls(&r), r.usage()));
    let back = PromptResult::from_trace(&e, None).unwrap();
    assert_eq!(back.format, Some("mcpjam"));
    assert_eq!(calls(&back), calls(&r));
    assert_eq!(
        (back.prompt(), back.usage(), back.e2e_latency_ms()),
        ("Test prompt", r.usage(), 1234.0)
    );
    assert_eq!((back.provider(), back.model()), (Some("openai"), Some("gpt-4o")));
    assert_eq!(back.spans(), r.spans());
    assert!(back.trace_shows_tool_failure());
    assert!(back.diagnostics().is_empty());
    // The recorded messages come back as recorded: the eval result is the same.
    assert_eq!(back.messages(), r.messages());
    assert_eq!(
        back.to_eval_result(&EvalResultOptions::default()),
        r.to_eval_result(&EvalResultOptions::default())
    );
    // A trace read from a fixture: its calls come back from the messages, ids and results kept.
    for f in [
        "anthropic/messages.tool-result-is-error.json",
        "openai-responses/response.mcp-call-failed.json",
        "vercel-ai/v5.model-messages.json",
        "gemini/stream.partial-args.jsonl",
    ] {
        let r = read(f);
        let e = r.to_eval_result(&EvalResultOptions::default());
        let text = serde_json::to_string(&e).unwrap();
        let back = PromptResult::from_trace_text(&text, None).unwrap();
        // A call without an id is written with toolCallId "" (AI SDK parts need one).
        let ids = |r: &PromptResult| {
            calls(r)
                .into_iter()
                .map(|(n, a, id)| (n, a, id.unwrap_or_default()))
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(&back), ids(&r), "{f}");
        let results = |r: &PromptResult| {
            r.tool_calls()
                .iter()
                .map(|c| (c.result.clone(), c.is_error))
                .collect::<Vec<_>>()
        };
        assert_eq!(results(&back), results(&r), "{f}");
        assert_eq!(back.trace_shows_tool_failure(), r.trace_shows_tool_failure(), "{f}");
        assert_eq!(back.to_eval_result(&EvalResultOptions::default()), e, "{f}");
    }
    // Other calls in actualToolCalls than in the trace: actualToolCalls win, and it is said.
    let mut e = serde_json::to_value(
        read("anthropic/messages.tool-results.json").to_eval_result(&EvalResultOptions::default()),
    )
    .unwrap();
    e["actualToolCalls"] = json!([{ "toolName": "other", "arguments": {} }]);
    let back = PromptResult::from_trace(&e, None).unwrap();
    assert_eq!(back.tools_called(), ["other"]);
    assert_eq!(back.diagnostics()[0].code, "CALLS_DIFFER");
}

#[test]
fn an_mcpjam_trace_shows_a_failed_tool_alike_with_and_without_its_messages() {
    use mcp_matchers::traces::eval::messages_show_tool_failure;
    let r = |extra: Value| {
        let mut p = json!({ "type": "tool-result", "toolCallId": "c1", "toolName": "add" });
        p.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        p
    };
    let parts = [
        json!({ "type": "text", "text": "ok" }),
        json!({ "type": "tool-call", "toolCallId": "c1", "toolName": "add", "input": {}, "isError": true }),
        json!("not a part"),
        r(json!({ "output": { "type": "json", "value": { "n": 1 } } })),
        r(json!({ "output": { "type": "error-text", "value": "bad" } })),
        r(json!({ "output": { "type": "error-json", "value": { "code": 1 } } })),
        r(json!({ "output": { "type": "json", "value": { "isError": true } } })),
        r(json!({ "output": { "type": "json", "value": [1] } })),
        r(json!({ "output": { "value": { "isError": true } } })),
        r(json!({ "output": { "isError": true, "content": [] } })),
        r(json!({ "output": "text" })),
        r(json!({ "output": null })),
        r(json!({ "result": { "isError": true } })),
        r(json!({ "result": "x", "isError": "true" })),
        r(json!({ "isError": true })),
        r(json!({ "error": "boom" })),
        r(json!({ "error": " \t" })),
        r(json!({ "error": { "message": "x" } })),
        r(json!({ "error": { "message": "" } })),
        r(json!({ "error": null })),
    ];
    for role in [json!("tool"), json!("assistant"), json!(null), json!(1)] {
        for (i, p) in parts.iter().enumerate() {
            for q in [&parts[0], &parts[(i * 7 + 3) % parts.len()]] {
                let messages = json!([{ "role": role, "content": [q, p] }, { "role": "user", "content": "hi" }]);
                let text = json!({ "messages": messages, "spans": [] }).to_string();
                let want = messages_show_tool_failure(messages.as_array().unwrap());
                let full = PromptResult::from_trace_text(&text, None).unwrap();
                let lean = PromptResult::calls_from_trace_text(&text, None).unwrap();
                assert_eq!(full.trace_shows_tool_failure(), want, "{text}");
                assert_eq!(lean.trace_shows_tool_failure(), want, "{text}");
            }
        }
    }
}
