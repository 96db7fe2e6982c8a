//! Tool-call lists and options (`evaluateToolCalls`, `alignToolCalls`,
//! `resolveMatchOptions`): structured lists of `{ toolName, arguments }`
//! and option layers, or JSON text `[expected, actual, options]`.
//! Invariants: `alignToolCalls` gives `evaluateToolCalls`' verdict; a
//! non-empty list matches itself under `"exact"` and `"ignore"` in every order.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_matchers::{
    align_tool_calls, evaluate_tool_calls, resolve_match_options, ArgumentMatching, MatchOptions, ToolCall,
    ToolCallOrder,
};
use mcp_matchers_fuzz::{input, Input};
use serde_json::{json, Value};

fn run(v: &Value, selector: u8) {
    let part = |i: usize| v.get(i).cloned().unwrap_or(Value::Null);
    let (Ok(expected), Ok(actual)) = (
        ToolCall::list_from_json(&part(0), "expected"),
        ToolCall::list_from_json(&part(1), "actual"),
    ) else {
        return;
    };
    let options = MatchOptions::from_json(&part(2)).unwrap_or_default();
    let _ = resolve_match_options(Some(&options), MatchOptions::from_json(&part(3)).ok().as_ref(), None);
    let r = evaluate_tool_calls(&expected, &actual, &options);
    let a = align_tool_calls(&expected, &actual, &options);
    assert_eq!(r.passed, a.passed);
    let order = [ToolCallOrder::Ignore, ToolCallOrder::Strict, ToolCallOrder::Superset][selector as usize % 3];
    for matching in [ArgumentMatching::Exact, ArgumentMatching::Ignore] {
        let same = MatchOptions {
            tool_call_order: Some(order),
            argument_matching: Some(matching),
            ..Default::default()
        };
        let r = evaluate_tool_calls(&actual, &actual, &same);
        assert_eq!(
            r.passed,
            !actual.is_empty(),
            "{actual:?} against itself ({order:?}, {matching:?})"
        );
    }
}

fuzz_target!(|data: &[u8]| match input(data) {
    Input::Raw { bytes, selector, .. } => {
        if let Ok(v) = serde_json::from_slice::<Value>(bytes) {
            run(&v, selector);
        }
    }
    Input::Structured { selector, value } => {
        // Lists of calls: the value's items as arguments, names from a few.
        let calls = |v: &Value| -> Value {
            let items = v.as_array().cloned().unwrap_or_else(|| vec![v.clone()]);
            let names = ["a", "b", "search", "a"];
            Value::Array(
                items
                    .into_iter()
                    .enumerate()
                    .map(|(i, args)| json!({ "toolName": names[i % 4], "arguments": if args.is_object() { args } else { json!({ "x": args }) } }))
                    .collect(),
            )
        };
        run(
            &json!([
                calls(&value),
                calls(&value),
                value.get("options").cloned().unwrap_or(Value::Null)
            ]),
            selector,
        );
        run(&value, selector);
    }
});
