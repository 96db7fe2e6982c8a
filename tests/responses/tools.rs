//! Native tests of the tool-call expectations (`validate_tool_calls`,
//! `validate_tool_call_count`). Expected values are what
//! `@gleanwork/mcp-server-tester@1.1.0` (`validateToolCalls`,
//! `validateToolCallCount`) returned for the same inputs under Node 20;
//! `tests/js/responses-tools.test.mjs` compares the two on generated inputs.
use mcp_matchers::responses::*;
use mcp_matchers::ErrorCode;
use serde_json::{json, Value};

fn response() -> Value {
    json!({ "success": true, "toolCalls": [
        { "name": "search", "arguments": { "query": "Rust wasm", "opts": { "limit": 5, "lang": "en" }, "tags": ["a", "b"] } },
        { "name": "fetch", "arguments": { "url": "https://example.com/550e8400" } },
        { "name": "search", "arguments": { "query": "second" } },
    ]})
}

fn metrics(r: &ToolCallsResult) -> (f64, f64) {
    let m = r.metrics.expect("metrics on a simulation result");
    (m.precision, m.recall)
}

#[test]
fn strict_order_reports_the_first_missing_call_and_its_position() {
    let e = json!({ "calls": [{ "name": "fetch" }, { "name": "read" }, { "name": "search", "arguments": { "query": "Rust wasm" } }], "order": "strict" });
    let r = validate_tool_calls(&response(), &e).unwrap();
    assert!(!r.pass);
    assert_eq!(
        r.message,
        "Expected tool 'read' to be called in sequence (starting from position 2), but it was not found"
    );
    assert_eq!(
        r.details,
        Some(json!({ "actual": ["search", "fetch", "search"], "expected": "read" }))
    );
    assert_eq!(metrics(&r), (1.0, 0.6666666666666666));
}

#[test]
fn strict_order_skips_optional_calls() {
    let e = json!({ "calls": [{ "name": "fetch" }, { "name": "read", "required": false }, { "name": "search" }], "order": "strict" });
    let r = validate_tool_calls(&response(), &e).unwrap();
    assert!(r.pass);
    assert_eq!(r.message, "All tool call expectations met");
    assert_eq!(r.details, None);
    assert_eq!(metrics(&r), (1.0, 1.0));
}

#[test]
fn any_order_names_the_missing_call_with_its_arguments() {
    let e = json!({ "calls": [{ "name": "x", "arguments": { "b": 1 } }, { "name": "fetch" }] });
    let r = validate_tool_calls(&response(), &e).unwrap();
    assert_eq!(
        r.message,
        r#"Expected tool 'x' with args {"b":1} to be called, but it was not"#
    );
    assert_eq!(metrics(&r), (0.3333333333333333, 0.5));
}

#[test]
fn exclusive_nested_partial_and_pattern_arguments() {
    let e = json!({ "calls": [
        { "name": "search", "arguments": { "tags": { "length": 2, "1": "b" }, "opts": { "lang": { "$pattern": "^EN$", "$flags": "i" } } } },
        { "name": "read", "required": false },
    ], "exclusive": true });
    let r = validate_tool_calls(&response(), &e).unwrap();
    assert_eq!(
        r.message,
        "Unexpected tool calls: 'fetch'. Only 'search', 'read' are allowed"
    );
    assert_eq!(
        r.details,
        Some(json!({ "actual": ["search", "fetch", "search"], "unexpected": ["fetch"] }))
    );
    assert_eq!(metrics(&r), (0.6666666666666666, 1.0));
}

#[test]
fn a_response_that_is_not_a_simulation_result_fails_without_metrics() {
    for r in [
        json!(null),
        json!("text"),
        json!({ "toolCalls": [] }),
        json!({ "success": true, "toolCalls": {} }),
    ] {
        let v = validate_tool_calls(&r, &json!({ "calls": [] })).unwrap();
        assert!(!v.pass);
        assert_eq!(
            v.message,
            "toolsTriggered expectation requires mcp_host mode \u{2014} response must be an MCPHostSimulationResult"
        );
        assert_eq!(v.metrics, None);
        let c = validate_tool_call_count(&r, &CountOptions::default());
        assert_eq!(
            c.message,
            "toolCallCount expectation requires mcp_host mode \u{2014} response must be an MCPHostSimulationResult"
        );
    }
}

#[test]
fn count_checks_exact_then_min_then_max() {
    let opts = CountOptions {
        exact: Some(2),
        min: Some(5),
        max: None,
    };
    let r = validate_tool_call_count(&response(), &opts);
    assert_eq!(r.message, "Expected exactly 2 tool call(s), but got 3");
    assert_eq!(r.details, Some(json!({ "actual": 3, "expected": 2 })));
    let opts = CountOptions {
        min: Some(1),
        max: Some(3),
        exact: None,
    };
    let r = validate_tool_call_count(&response(), &opts);
    assert!(r.pass);
    assert_eq!(r.message, "Tool call count (3) is within expected range");
    // The reference's `details: { actual: count, expected: exact }` for exact 0.
    let r = validate_tool_call_count(
        &response(),
        &CountOptions {
            exact: Some(0),
            ..Default::default()
        },
    );
    assert_eq!(r.message, "Expected exactly 0 tool call(s), but got 3");
    assert_eq!(r.details, Some(json!({ "actual": 3, "expected": 0 })));
}

#[test]
fn malformed_expectations_are_coded_errors_with_paths() {
    let cases = [
        (
            json!({ "calls": [{ "name": "a", "arguments": { "q": { "$pattern": "a(?=b)" } } }] }),
            ErrorCode::InvalidArgument,
            "expectation.calls[0].arguments.q.$pattern",
        ),
        (
            json!({ "calls": [{ "name": "a", "arguments": { "q": [{ "$pattern": "(" }] } }] }),
            ErrorCode::InvalidArgument,
            "expectation.calls[0].arguments.q[0].$pattern",
        ),
        (
            json!({ "calls": [{ "name": 1 }] }),
            ErrorCode::InvalidArgument,
            "expectation.calls[0].name",
        ),
        (json!({ "calls": {} }), ErrorCode::InvalidArgument, "expectation.calls"),
        (
            json!({ "calls": [], "order": "sorted" }),
            ErrorCode::InvalidOption,
            "expectation.order",
        ),
        (
            json!({ "calls": [], "exclusive": 1 }),
            ErrorCode::InvalidOption,
            "expectation.exclusive",
        ),
    ];
    for (e, code, path) in cases {
        let err = validate_tool_calls(&response(), &e).unwrap_err();
        assert_eq!((err.code, err.path.as_str()), (code, path), "{e}");
    }
    let bad = json!({ "success": true, "toolCalls": [{ "name": "a", "arguments": "x" }] });
    let err = validate_tool_calls(&bad, &json!({ "calls": [] })).unwrap_err();
    assert_eq!(err.path, "response.toolCalls[0].arguments");
}
