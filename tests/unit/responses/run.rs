//! Unit tests of `src/responses/run.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`). The rules are those of `isInfrastructureError`,
//! `wilsonCI` and `runEvalDataset` of `@gleanwork/mcp-server-tester@1.1.0`;
//! tests/responses/evals.rs and tests/js/evals-run.test.mjs compare whole runs
//! with the reference's.

use super::*;
use crate::wasm::wire::parse;

#[test]
fn infrastructure_errors_as_the_reference_tells_them() {
    // Each needle of the reference's list, in any case, in the message.
    for m in [
        "read ECONNRESET",
        "Rate Limit reached",
        "HTTP 503",
        "prompt is too long: 210000 tokens > 200000 maximum",
    ] {
        assert!(is_infrastructure_error(None, m, None), "{m}");
    }
    assert!(is_infrastructure_error(
        Some("AbortError"),
        "This operation was aborted",
        None
    ));
    // A code counts for the three connection needles only.
    assert!(is_infrastructure_error(None, "failed", Some("ETIMEDOUT")));
    assert!(!is_infrastructure_error(None, "failed", Some("429")));
    assert!(!is_infrastructure_error(Some("TypeError"), "boom", None));
}

#[test]
fn wilson_interval_needs_two_runs() {
    assert_eq!(wilson_ci(1, 1), None);
    assert_eq!(wilson_ci(0, 0), None);
    let i = wilson_ci(2, 2).unwrap();
    assert_eq!(i.upper, 1.0);
    assert!(i.lower > 0.0 && i.lower < 1.0);
}

#[test]
fn the_plan_takes_the_run_defaults_where_a_case_sets_none() {
    let dataset = r#"{"name":"d","cases":[
        {"id":"host","mode":"mcp_host","scenario":"s"},
        {"id":"own","mode":"mcp_host","iterations":2,"judgeReps":3},
        {"id":"direct","toolName":"t","tags":["x"]}]}"#;
    let (d, o, k) = (
        parse(dataset, false, "dataset").unwrap(),
        parse(r#"{"defaultLlmIterations":10,"defaultJudgeReps":4}"#, false, "options").unwrap(),
        parse(
            r#"{"callTool":"function","onCaseComplete":"undefined"}"#,
            false,
            "kinds",
        )
        .unwrap(),
    );
    let plan = plan_run(
        &Reader::new(Some(&d), ""),
        &Reader::new(Some(&o), "options"),
        &Reader::new(Some(&k), "kinds"),
    )
    .unwrap();
    let json = serde_json::to_value(&plan).unwrap();
    assert_eq!(json["sequential"], true);
    assert_eq!(
        json["cases"][0]["set"],
        serde_json::json!({ "iterations": 10.0, "judgeReps": 4.0 })
    );
    assert_eq!(json["cases"][0]["toolName"], serde_json::Value::Null);
    // A case with a scenario is labelled mcp_host (the reference's runSingleIteration).
    assert_eq!(json["cases"][0]["label"], "mcp_host");
    // The reference's executeToolCall refusals of a host case.
    assert_eq!(
        json["cases"][0]["refuse"],
        "Eval case host: mcpHostConfig is required for mcp_host mode"
    );
    assert_eq!(
        json["cases"][1]["refuse"],
        "Eval case own: scenario is required for mcp_host mode"
    );
    assert_eq!(json["cases"][1]["label"], "unknown");
    assert_eq!(json["cases"][1].get("set"), None);
    assert_eq!(json["cases"][1]["iterations"], 2.0);
    // The direct case without args: the reference's runSingleIteration message.
    assert_eq!(
        json["cases"][2]["refuse"],
        "Eval case direct: args is required for direct mode"
    );
    let bad = parse(r#"{"callTool":"object"}"#, false, "kinds").unwrap();
    let e = plan_run(
        &Reader::new(Some(&d), ""),
        &Reader::new(Some(&o), "options"),
        &Reader::new(Some(&bad), "kinds"),
    );
    assert_eq!(e.unwrap_err().path, "callTool");
}
