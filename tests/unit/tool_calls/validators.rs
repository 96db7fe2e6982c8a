//! Unit tests of `src/tool_calls/validators.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;

#[test]
fn seed_examples_for_name_validators() {
    let called = ["add", "multiply"];
    assert!(match_tool_calls(&["add", "multiply"], &called));
    assert!(!match_tool_calls(&["multiply", "add"], &called));
    assert!(!match_tool_calls(&["add"], &called));
    assert!(match_tool_calls_subset(&["add"], &called));
    assert!(match_tool_calls_subset(&["multiply", "add"], &called));
    assert!(!match_tool_calls_subset(&["divide"], &called));
    assert!(match_any_tool_call(&["add", "subtract"], &["add"]));
    assert!(!match_any_tool_call(&["multiply", "divide"], &["add"]));
    assert!(!match_any_tool_call::<&str, &str>(&[], &["add"]));
    assert!(match_tool_call_count("add", &["add", "add", "add"], 3));
    assert!(!match_tool_call_count("add", &["add", "add", "add"], 2));
    assert!(match_no_tool_calls::<&str>(&[]));
}
