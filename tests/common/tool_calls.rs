//! Tool-call exports (`mcp-matchers/matchers`, @mcpjam/sdk@1.14.0).

use super::{error_parts, evaluate3, resolve3};
use wasm_bindgen_test::wasm_bindgen_test;

const CALLS: &str = r#"[["createTask"],[{"name":"Deploy","priority":"high","project":"default"}]]"#;

#[wasm_bindgen_test]
fn seed_example_passes_across_the_boundary() {
    // Seed (mcpjam-validators.txt): expected createTask {priority:"high"}, partial → passed.
    let expected = r#"[["createTask"],[{"priority":"high"}]]"#;
    let r = evaluate3(
        expected,
        false,
        CALLS,
        false,
        r#"{"argumentMatching":"partial"}"#,
        false,
    )
    .unwrap();
    // passed; no missing, extra, mismatch or out-of-order; one pair (0 → 0).
    assert_eq!(r, vec![1, 0, 0, 0, 0, 1, 0, 0]);
}

#[wasm_bindgen_test]
fn strict_order_reports_out_of_order_indices() {
    let expected = r#"[["a","b"],[null,null]]"#;
    let actual = r#"[["b","a"],[null,null]]"#;
    let r = evaluate3(expected, false, actual, false, r#"{"toolCallOrder":"strict"}"#, false).unwrap();
    // not passed; missing [0,1]; extra [0,1]; no mismatches; outOfOrder by
    // relative order: a stays on the longest common subsequence, so only b
    // (expected 1, found at 0) is out of order; no pairs
    assert_eq!(r, vec![0, 2, 0, 1, 2, 0, 1, 0, 1, 1, 0, 0]);
}

#[wasm_bindgen_test]
fn extended_form_keeps_undefined_and_nan() {
    // exact mode: {a: undefined} differs from {} (the reference's '{"a":undefined}' vs '{}').
    let expected = r#"[["t"],[{"a":{"\u0000":"u"}}]]"#;
    let actual = r#"[["t"],[{}]]"#;
    let r = evaluate3(expected, true, actual, false, r#"{"argumentMatching":"exact"}"#, false).unwrap();
    assert_eq!(r[0] & 1, 0);
    // partial mode: "number" accepts NaN (typeof NaN === "number").
    let expected = r#"[["t"],[{"n":"number"}]]"#;
    let actual = r#"[["t"],[{"n":{"\u0000":"NaN"}}]]"#;
    let r = evaluate3(expected, false, actual, true, "null", false).unwrap();
    assert_eq!(r[0] & 1, 1);
}

#[wasm_bindgen_test]
fn errors_are_coded_and_the_module_keeps_answering() {
    let bad_name = r#"[["ok",5],[null,null]]"#;
    let e = evaluate3(CALLS, false, bad_name, false, "null", false).unwrap_err();
    assert_eq!(error_parts(e), ("INVALID_ARGUMENT".into(), "actual[1].toolName".into()));
    let e = evaluate3(CALLS, false, CALLS, false, r#"{"maxExtraToolCalls":-1}"#, false).unwrap_err();
    assert_eq!(
        error_parts(e),
        ("INVALID_OPTION".into(), "options.maxExtraToolCalls".into())
    );
    let e = evaluate3("[[", false, CALLS, false, "null", false).unwrap_err();
    assert_eq!(error_parts(e).0, "INVALID_JSON");
    let deep = "[".repeat(300) + &"]".repeat(300);
    let e = evaluate3(&deep, false, CALLS, false, "null", false).unwrap_err();
    assert_eq!(error_parts(e).0, "UNSUPPORTED_VALUE");
    // Still answering after every error above.
    assert_eq!(evaluate3(CALLS, false, CALLS, false, "null", false).unwrap()[0], 1);
}

#[wasm_bindgen_test]
fn resolve_returns_the_reference_shape() {
    // Seed: resolveMatchOptions({allowExtraToolCalls:false}, {argumentMatching:"exact"}, undefined);
    // @mcpjam/sdk@1.14.0 returns { toolCallOrder: "ignore", maxExtraToolCalls: 0, argumentMatching: "exact" }.
    let r = resolve3(
        r#"{"allowExtraToolCalls":false}"#,
        r#"{"argumentMatching":"exact"}"#,
        "null",
    )
    .unwrap();
    assert_eq!(
        r,
        r#"{"toolCallOrder":"ignore","maxExtraToolCalls":0,"argumentMatching":"exact"}"#
    );
}

#[wasm_bindgen_test]
fn validators_cross_the_boundary() {
    use mcp_matchers::wasm::{
        match_tool_argument_with_js, match_tool_call_count_js, match_tool_call_with_partial_args_js,
        match_tool_calls_js,
    };
    // Seed: matchToolCalls(["add","multiply"], toolsCalled = ["add","multiply"]) → true; reversed → false.
    assert!(match_tool_calls_js(br#"[["add","multiply"],["add","multiply"]]"#, 0).unwrap());
    assert!(!match_tool_calls_js(br#"[["multiply","add"],["add","multiply"]]"#, 0).unwrap());
    // Seed: matchToolCallWithPartialArgs("createTask", {status:"open"}, calls) → false.
    let args = format!(r#"["createTask",{{"status":"open"}},{CALLS}]"#);
    assert!(!match_tool_call_with_partial_args_js(args.as_bytes(), 0).unwrap());
    // matchToolArgumentWith hands over the calls that have the argument.
    let args = format!(r#"["createTask","name",{CALLS}]"#);
    assert_eq!(match_tool_argument_with_js(args.as_bytes(), 0).unwrap(), vec![0]);
    let e = match_tool_call_count_js(br#"["add",["add"],"3"]"#, 0).unwrap_err();
    assert_eq!(error_parts(e), ("INVALID_ARGUMENT".into(), "count".into()));
}

// Trace exports (issue 4): the trace crosses as UTF-8 text, the result comes
// back as JSON text; errors as `[code, path, message]`.

#[wasm_bindgen_test]
fn prepared_lists_judge_as_the_plain_ones() {
    use mcp_matchers::wasm::PreparedToolCalls;
    // Seed (mcpjam-validators.txt): expected createTask {priority:"high"}, partial → passed.
    let expected = PreparedToolCalls::new(br#"[["createTask"],[{"priority":"high"}]]"#, 0, "expected").unwrap();
    let actual = PreparedToolCalls::new(CALLS.as_bytes(), 0, "actual").unwrap();
    // The same indices as the plain lists give (seed_example_passes_across_the_boundary).
    let r = expected
        .evaluate(&actual, br#"{"argumentMatching":"partial"}"#, 0)
        .unwrap();
    assert_eq!(r, vec![1, 0, 0, 0, 0, 1, 0, 0]);
    // The same lists again under exact matching: the extra keys now differ (one mismatch 0 → 0).
    let r = expected
        .evaluate(&actual, br#"{"argumentMatching":"exact"}"#, 0)
        .unwrap();
    assert_eq!(r, vec![0, 0, 0, 1, 0, 0, 0, 0]);
    // The alignment's pairs cross flat.
    let a = expected.align(&actual, b"null", 0).unwrap();
    assert!(a.contains(r#""pairs":[0,0]"#), "{a}");
    // A malformed list is refused at its path, when prepared.
    let e = PreparedToolCalls::new(br#"[["ok",5],[null,null]]"#, 0, "calls")
        .err()
        .unwrap();
    assert_eq!(error_parts(e), ("INVALID_ARGUMENT".into(), "calls[1].toolName".into()));
    let e = expected
        .evaluate(&actual, br#"{"toolCallOrder":"sideways"}"#, 0)
        .err()
        .unwrap();
    assert_eq!(error_parts(e).0, "INVALID_OPTION");
}
