//! Unit tests of `src/responses/assertions.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;

#[test]
fn format_bytes_as_reference() {
    // `formatBytes` of the reference (Node 20).
    assert_eq!(format_bytes(0.0), "0 bytes");
    assert_eq!(format_bytes(1023.0), "1023 bytes");
    assert_eq!(format_bytes(1024.0), "1.0 KB");
    assert_eq!(format_bytes(1280.0), "1.3 KB");
    assert_eq!(format_bytes(50_000.0), "48.8 KB");
    assert_eq!(format_bytes(1_048_576.0), "1.0 MB");
    assert_eq!(format_bytes(10.5), "10.5 bytes");
}

#[test]
fn text_messages() {
    let r = validate_text("Hello World", &["hello", "World", "x", "y"], true);
    assert!(!r.pass);
    assert_eq!(
        r.message,
        r#"Response is missing 3 expected substrings: "hello", "x", "y""#
    );
    let r = validate_text("Hello World", &["hello"], false);
    assert_eq!(r.message, "Response contains expected text");
    let r = validate_text("", &[], true);
    assert_eq!(r.message, "Response contains all 0 expected substrings");
}

#[test]
fn size_needs_a_bound() {
    let r = validate_size(3, Limits::<u64>::default());
    assert_eq!(
        r,
        CheckResult::fail("Size validation requires at least one of maxBytes or minBytes", None)
    );
}

/// What the binding reads is a JavaScript number, compared and printed as
/// `@gleanwork/mcp-server-tester@1.1.0` `validateSize` does (`actualSize <
/// minBytes`, `formatBytes`: `${bytes} bytes` below 1024).
#[test]
fn size_bounds_from_js_keep_fractions_and_negatives() {
    let js = |min: Option<f64>, max: Option<f64>| Limits { min, max, exact: None };
    let r = validate_size(1, js(Some(1.5), None));
    assert_eq!(r.message, "Response size (1 bytes) is below minimum (1.5 bytes)");
    assert_eq!(
        r.details,
        Some(serde_json::json!({ "actualBytes": 1, "minBytes": 1.5 }))
    );
    let r = validate_size(0, js(None, Some(-1.0)));
    assert_eq!(r.message, "Response size (0 bytes) exceeds maximum (-1 bytes)");
    assert!(validate_size(2, js(Some(1.5), Some(2.5))).pass);
}

/// `validateToolCallCount` compares any number (`count !== exact` first):
/// `Expected exactly ${exact} tool call(s), but got ${count}`.
#[test]
fn count_bounds_from_js_keep_fractions() {
    use crate::responses::tools::validate_tool_call_count;
    let r = validate_tool_call_count(
        Some(1),
        Limits {
            exact: Some(1.5),
            min: None,
            max: None,
        },
    );
    assert_eq!(r.message, "Expected exactly 1.5 tool call(s), but got 1");
    assert_eq!(r.details, Some(serde_json::json!({ "actual": 1, "expected": 1.5 })));
    let r = validate_tool_call_count(
        Some(0),
        Limits {
            min: Some(0.5),
            max: None,
            exact: None,
        },
    );
    assert_eq!(r.message, "Expected at least 0.5 tool call(s), but got 0");
}
