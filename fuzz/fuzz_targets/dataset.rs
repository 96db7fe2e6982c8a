//! Eval datasets (`validateEvalDataset`) and their expectations
//! (`evaluateExpectations` without a judge model): structured values built
//! from the formats' vocabulary, or JSON text (the example dataset as seed).
//!
//! Finding (first smoke run): a dataset can validate and its expectations
//! still throw when evaluated: `validateEvalDataset` does not compile a
//! `matchesPattern` pattern (`")4"` is accepted, then `INVALID_ARGUMENT` at
//! `patterns[0]` on evaluation). Reported; until the dataset validator
//! compiles patterns, the check here is only that nothing panics.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_matchers::responses::{evaluate_expectations, validate_eval_dataset, EvaluateContext};
use mcp_matchers_fuzz::{input, text_response, Input};
use serde_json::Value;

fn run(dataset: &Value) {
    let _valid = validate_eval_dataset(dataset).is_ok();
    let Some(cases) = dataset.get("cases").and_then(Value::as_array) else {
        return;
    };
    for case in cases.iter().take(8) {
        let Some(expect) = case.get("expect") else { continue };
        let response = case
            .get("response")
            .cloned()
            .unwrap_or_else(|| text_response(&case.to_string()));
        let ctx = EvaluateContext::default();
        let _ = evaluate_expectations(expect, &response, &ctx);
    }
}

fuzz_target!(|data: &[u8]| match input(data) {
    Input::Raw { bytes, .. } => {
        if let Ok(v) = serde_json::from_slice::<Value>(bytes) {
            run(&v);
        }
    }
    Input::Structured { value, .. } => {
        run(&value);
        run(&serde_json::json!({ "name": "fuzz", "cases": [value] }));
    }
});
