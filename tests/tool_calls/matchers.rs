//! Native tests of the tool-call matchers against values recorded from the
//! reference (`tests/data/reference-cases.json`, made by
//! `tests/data/gen-reference-cases.mjs` running @mcpjam/sdk@1.14.0) and the
//! seed's examples (`mcpjam-validators.txt`).
use mcp_matchers::*;
use serde_json::{json, Value};

fn reference_cases() -> Vec<Value> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/reference-cases.json")).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    doc["cases"].as_array().unwrap().clone()
}

#[test]
fn evaluate_tool_calls_agrees_with_recorded_reference_results() {
    let cases = reference_cases();
    assert!(cases.len() >= 30);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let expected = ToolCall::list_from_json(&case["expected"], "expected").unwrap();
        let actual = ToolCall::list_from_json(&case["actual"], "actual").unwrap();
        let options = MatchOptions::from_json(&case["options"]).unwrap();
        let r = evaluate_tool_calls(&expected, &actual, &options);
        let want = &case["result"];
        assert_eq!(r.passed, want["passed"].as_bool().unwrap(), "{name}: passed");
        let idx = |v: &Value| -> Vec<usize> {
            v.as_array()
                .unwrap()
                .iter()
                .map(|i| i.as_u64().unwrap() as usize)
                .collect()
        };
        let missing: Vec<ToolCall> = idx(&want["missing"]).into_iter().map(|i| expected[i].clone()).collect();
        let extra: Vec<ToolCall> = idx(&want["extra"]).into_iter().map(|j| actual[j].clone()).collect();
        assert_eq!(r.missing, missing, "{name}: missing");
        assert_eq!(r.extra, extra, "{name}: extra");
        let pairs: Vec<(usize, usize)> = r
            .argument_mismatches
            .iter()
            .map(|m| (m.expected_index, m.actual_index))
            .collect();
        let want_pairs: Vec<(usize, usize)> = want["argumentMismatches"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p[0].as_u64().unwrap() as usize, p[1].as_u64().unwrap() as usize))
            .collect();
        assert_eq!(pairs, want_pairs, "{name}: argumentMismatches");
    }
}

#[test]
fn a_call_shifted_by_an_absence_is_not_out_of_order() {
    // @mcpjam/sdk sdk/tests/matchers.test.ts (1.14.0): "does not flag absences as out-of-order".
    let c = |n: &str| ToolCall::named(n);
    let strict = MatchOptions {
        tool_call_order: Some(ToolCallOrder::Strict),
        ..Default::default()
    };
    let r = evaluate_tool_calls(&[c("a"), c("b"), c("c")], &[c("a"), c("c")], &strict);
    let missing: Vec<&str> = r.missing.iter().map(|m| m.tool_name.as_str()).collect();
    assert_eq!(missing, ["b", "c"]);
    assert!(r.out_of_order.is_empty());
    // A call that really moved is.
    let r = evaluate_tool_calls(&[c("a"), c("b"), c("c")], &[c("c"), c("a"), c("b")], &strict);
    let moved: Vec<(&str, usize, usize)> = r
        .out_of_order
        .iter()
        .map(|o| (o.tool_name.as_str(), o.expected_index, o.actual_index))
        .collect();
    assert_eq!(moved, [("c", 2, 0)]);
}

#[test]
fn out_of_order_is_filled_in_strict_and_superset_only() {
    let a = ToolCall::named("a");
    let b = ToolCall::named("b");
    let strict = MatchOptions {
        tool_call_order: Some(ToolCallOrder::Strict),
        ..Default::default()
    };
    let r = evaluate_tool_calls(&[a.clone(), b.clone()], &[b.clone(), a.clone()], &strict);
    let got: Vec<(String, usize, usize)> = r
        .out_of_order
        .iter()
        .map(|o| (o.tool_name.clone(), o.expected_index, o.actual_index))
        .collect();
    // By relative order: one of the two is on a longest common subsequence
    // of the name lists (`a`, found first), the other is out of order.
    assert_eq!(got, vec![("b".into(), 1, 0)]);
    // The reference's own fields are unchanged (see reference case "strict: swapped order").
    assert_eq!((r.passed, r.missing.len(), r.extra.len()), (false, 2, 2));
    let superset = MatchOptions {
        tool_call_order: Some(ToolCallOrder::Superset),
        ..Default::default()
    };
    let r = evaluate_tool_calls(&[a.clone(), b.clone()], &[b.clone(), a.clone()], &superset);
    assert_eq!(
        r.out_of_order,
        vec![OutOfOrderToolCall {
            tool_name: "b".into(),
            expected_index: 1,
            actual_index: 0
        }]
    );
    let r = evaluate_tool_calls(&[a.clone(), b.clone()], &[b, a], &MatchOptions::default());
    assert!(r.out_of_order.is_empty() && r.passed);
}

#[test]
fn result_serialises_to_the_reference_shape() {
    let expected = [ToolCall::new("createTask", json!({ "priority": "high" })).unwrap()];
    let actual = [ToolCall::new("createTask", json!({ "priority": "low" })).unwrap()];
    let r = evaluate_tool_calls(&expected, &actual, &MatchOptions::default());
    assert_eq!(
        serde_json::to_value(&r).unwrap(),
        json!({
            "missing": [], "extra": [], "outOfOrder": [],
            "argumentMismatches": [{ "toolName": "createTask", "expectedArgs": { "priority": "high" }, "actualArgs": { "priority": "low" } }],
            "passed": false
        })
    );
}

#[test]
fn malformed_input_is_a_coded_error_with_a_path() {
    let e = ToolCall::list_from_json(&json!([{ "toolName": "a" }, { "toolName": 3 }]), "actual").unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (ErrorCode::InvalidArgument, "actual[1].toolName")
    );
    let e = ToolCall::list_from_json(&json!([{ "toolName": "a", "arguments": [1] }]), "expected").unwrap_err();
    assert_eq!(e.path, "expected[0].arguments");
    let e = ToolCall::list_from_json(&json!([7]), "expected").unwrap_err();
    assert_eq!(e.path, "expected[0]");
    let e = ToolCall::list_from_json(&json!({}), "expected").unwrap_err();
    assert_eq!(e.path, "expected");
    let e = MatchOptions::from_json(&json!({ "argumentMatching": "fuzzy" })).unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (ErrorCode::InvalidOption, "options.argumentMatching")
    );
    assert_eq!(e.code.as_str(), "INVALID_OPTION");
}

fn calls() -> Vec<ToolCall> {
    // Seed: "Tool called with { name: "Task", priority: "high", project: "default" }".
    vec![ToolCall::new(
        "createTask",
        json!({ "name": "Task", "priority": "high", "project": "default" }),
    )
    .unwrap()]
}

#[test]
fn argument_validators_follow_the_seed_examples() {
    let add = [ToolCall::new("add", json!({ "a": 2, "b": 3 })).unwrap()];
    let obj = |v: Value| v.as_object().unwrap().clone();
    assert!(match_tool_call_with_args("add", &obj(json!({ "a": 2, "b": 3 })), &add));
    assert!(!match_tool_call_with_args("add", &obj(json!({ "a": 2 })), &add));
    assert!(!match_tool_call_with_args("add", &obj(json!({ "a": 3, "b": 2 })), &add));
    assert!(match_tool_call_with_partial_args(
        "createTask",
        &obj(json!({ "name": "Task" })),
        calls()
    ));
    assert!(match_tool_call_with_partial_args(
        "createTask",
        &obj(json!({ "priority": "high" })),
        calls()
    ));
    assert!(!match_tool_call_with_partial_args(
        "createTask",
        &obj(json!({ "status": "open" })),
        calls()
    ));
    assert!(match_tool_argument("add", "a", &json!(2), &add));
    assert!(!match_tool_argument("add", "b", &json!(10), &add));
    assert!(match_tool_argument_with(
        "createTask",
        "name",
        |v| v.is_string(),
        calls()
    ));
    // Only own keys: the reference's `key in` would find `toString` on every object.
    assert!(!match_tool_argument_with("createTask", "toString", |_| true, calls()));
}

#[test]
fn verdicts_round_trip_through_serde() {
    let expected = [
        ToolCall::new("add", json!({ "a": 2 })).unwrap(),
        ToolCall::named("sub"),
        ToolCall::named("mul"),
    ];
    let actual = [
        ToolCall::named("mul"),
        ToolCall::new("add", json!({ "a": 3 })).unwrap(),
        ToolCall::named("div"),
    ];
    let options = MatchOptions {
        tool_call_order: Some(ToolCallOrder::Strict),
        ..Default::default()
    };
    let r = evaluate_tool_calls(&expected, &actual, &options);
    assert!(!r.passed);
    // The JSON form (the reference's) reads back to itself; the mismatches'
    // indices are not in it.
    let mismatch = evaluate_tool_calls(&expected[..1], &actual[1..2], &MatchOptions::default());
    assert_eq!(mismatch.argument_mismatches.len(), 1);
    let text = serde_json::to_string(&mismatch).unwrap();
    let back: ToolCallMatchResult = serde_json::from_str(&text).unwrap();
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
    let text = serde_json::to_string(&r).unwrap();
    let back: ToolCallMatchResult = serde_json::from_str(&text).unwrap();
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
    assert_eq!(
        (back.missing, back.extra, back.out_of_order),
        (r.missing, r.extra, r.out_of_order)
    );
    let a = align_tool_calls(&expected, &actual, &options);
    let back: ToolCallAlignment = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
    assert_eq!(back, a);
}
