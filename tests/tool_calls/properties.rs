//! Property tests: for any input the matchers return a consistent verdict and
//! never panic (a panic that reached wasm would trap the module).
use mcp_matchers::*;
use proptest::prelude::*;
use serde_json::{json, Value};

fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-3i64..4).prop_map(Value::from),
        Just(json!(2.5)),
        prop::sample::select(vec!["a", "b", "string", " Number ", "any", "object", "array", "null"])
            .prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 16, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(Value::from),
            prop::collection::btree_map(prop::sample::select(vec!["x", "y", "z"]), inner, 0..3)
                .prop_map(|m| Value::Object(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())),
        ]
    })
}

fn call() -> impl Strategy<Value = ToolCall> {
    (
        prop::sample::select(vec!["a", "b", "c"]),
        prop::option::of(prop::collection::btree_map(
            prop::sample::select(vec!["p", "q", "r"]),
            value(),
            0..3,
        )),
    )
        .prop_map(|(name, args)| ToolCall {
            tool_name: name.to_string(),
            arguments: args.map(|m| m.into_iter().map(|(k, v)| (k.to_string(), v)).collect()),
        })
}

fn options() -> impl Strategy<Value = MatchOptions> {
    (
        prop::option::of(prop::sample::select(vec![
            ToolCallOrder::Ignore,
            ToolCallOrder::Strict,
            ToolCallOrder::Superset,
        ])),
        prop::option::of(prop::sample::select(vec![
            ArgumentMatching::Partial,
            ArgumentMatching::Exact,
            ArgumentMatching::Ignore,
        ])),
        prop::option::of(prop_oneof![
            Just(MaxExtraToolCalls::Unlimited),
            (0u64..3).prop_map(MaxExtraToolCalls::AtMost)
        ]),
        prop::option::of(any::<bool>()),
    )
        .prop_map(|(order, args, max, negative)| MatchOptions {
            tool_call_order: order,
            argument_matching: args,
            max_extra_tool_calls: max,
            allow_extra_tool_calls: None,
            is_negative_test: negative,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn verdicts_are_consistent(expected in prop::collection::vec(call(), 0..6), actual in prop::collection::vec(call(), 0..6), opts in options()) {
        let r = evaluate_tool_calls(&expected, &actual, &opts);
        let resolved = opts.resolve();
        if opts.is_negative_test == Some(true) {
            prop_assert_eq!(r.passed, actual.is_empty());
            prop_assert_eq!(r.extra.len(), actual.len());
            return Ok(());
        }
        if actual.is_empty() {
            prop_assert!(!r.passed);
            prop_assert_eq!(r.missing.len(), expected.len());
            return Ok(());
        }
        // Every expected call is paired, mismatched or missing; every actual
        // call is paired, mismatched or extra; the two counts of pairs agree.
        prop_assert_eq!(expected.len() - r.missing.len(), actual.len() - r.extra.len());
        for m in &r.argument_mismatches {
            prop_assert_eq!(&expected[m.expected_index].tool_name, &actual[m.actual_index].tool_name);
            prop_assert_ne!(resolved.argument_matching, ArgumentMatching::Ignore);
        }
        let extra_ok = match resolved.max_extra_tool_calls {
            MaxExtraToolCalls::Unlimited => true,
            MaxExtraToolCalls::AtMost(k) => r.extra.len() as u64 <= k,
        };
        prop_assert_eq!(r.passed, r.missing.is_empty() && r.argument_mismatches.is_empty() && extra_ok);
        // outOfOrder: only where order is checked; each names a missing
        // expected call and a distinct extra actual call of the same tool.
        if resolved.tool_call_order == ToolCallOrder::Ignore {
            prop_assert!(r.out_of_order.is_empty());
        }
        let mut seen = std::collections::HashSet::new();
        for o in &r.out_of_order {
            prop_assert!(r.missing.contains(&expected[o.expected_index]));
            prop_assert!(r.extra.contains(&actual[o.actual_index]));
            prop_assert_eq!(&o.tool_name, &actual[o.actual_index].tool_name);
            prop_assert!(seen.insert(o.actual_index));
        }
        // In "ignore" order with "ignore" arguments, pairing is by name count alone.
        if resolved.tool_call_order == ToolCallOrder::Ignore && resolved.argument_matching == ArgumentMatching::Ignore {
            for name in ["a", "b", "c"] {
                let e = expected.iter().filter(|c| c.tool_name == name).count();
                let a = actual.iter().filter(|c| c.tool_name == name).count();
                let missing = r.missing.iter().filter(|c| c.tool_name == name).count();
                prop_assert_eq!(missing, e.saturating_sub(a));
            }
        }
    }

    #[test]
    fn identical_lists_pass_in_every_order_with_exact_arguments(calls in prop::collection::vec(call(), 1..6)) {
        let reordered = calls.clone();
        for order in [ToolCallOrder::Ignore, ToolCallOrder::Strict, ToolCallOrder::Superset] {
            let opts = MatchOptions { tool_call_order: Some(order), argument_matching: Some(ArgumentMatching::Exact), max_extra_tool_calls: Some(MaxExtraToolCalls::AtMost(0)), ..Default::default() };
            prop_assert!(evaluate_tool_calls(&calls, &reordered, &opts).passed);
        }
    }

    #[test]
    fn malformed_json_lists_are_errors_not_panics(v in value()) {
        let wrapped = json!([{ "toolName": v.clone(), "arguments": v }]);
        match ToolCall::list_from_json(&wrapped, "actual") {
            Ok(calls) => prop_assert_eq!(calls.len(), 1),
            Err(e) => prop_assert!(e.path.starts_with("actual[0].")),
        }
    }
}
