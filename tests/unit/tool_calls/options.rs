//! Unit tests of `src/tool_calls/options.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;
use crate::error::ErrorCode;
use crate::wasm::wire::parse;

fn layer(json: &str) -> MatchOptions {
    options_from_val(Some(&parse(json, true, "options").unwrap()), "options").unwrap()
}

#[test]
fn seed_example_resolves_as_the_package_does() {
    // Seed: resolveMatchOptions({ allowExtraToolCalls: false }, { argumentMatching: "exact" }, undefined).
    // @mcpjam/sdk@1.14.0 returns { toolCallOrder: "ignore", maxExtraToolCalls: 0, argumentMatching: "exact" }.
    let r = resolve_match_options(
        Some(&layer(r#"{"allowExtraToolCalls":false}"#)),
        Some(&layer(r#"{"argumentMatching":"exact"}"#)),
        None,
    );
    assert_eq!(r.tool_call_order, ToolCallOrder::Ignore);
    assert_eq!(r.max_extra_tool_calls, MaxExtraToolCalls::AtMost(0));
    assert_eq!(r.argument_matching, ArgumentMatching::Exact);
}

#[test]
fn max_extra_wins_over_allow_on_the_same_layer_only() {
    let r = resolve_match_options(
        Some(&layer(r#"{"maxExtraToolCalls":2,"allowExtraToolCalls":false}"#)),
        Some(&layer(r#"{"allowExtraToolCalls":true}"#)),
        None,
    );
    assert_eq!(r.max_extra_tool_calls, MaxExtraToolCalls::Unlimited);
    let r = layer(r#"{"maxExtraToolCalls":2,"allowExtraToolCalls":false}"#).resolve();
    assert_eq!(r.max_extra_tool_calls, MaxExtraToolCalls::AtMost(2));
}

#[test]
fn out_of_domain_values_throw_with_paths() {
    let bad = |json: &str| options_from_val(Some(&parse(json, true, "o").unwrap()), "options").unwrap_err();
    let e = bad(r#"{"toolCallOrder":"sorted"}"#);
    assert_eq!(
        (e.code, e.path.as_str()),
        (ErrorCode::InvalidOption, "options.toolCallOrder")
    );
    assert_eq!(bad(r#"{"maxExtraToolCalls":-1}"#).path, "options.maxExtraToolCalls");
    assert_eq!(bad(r#"{"maxExtraToolCalls":1.5}"#).code, ErrorCode::InvalidOption);
    assert_eq!(
        bad(r#"{"maxExtraToolCalls":{"\u0000":"NaN"}}"#).code,
        ErrorCode::InvalidOption
    );
    assert_eq!(
        bad(r#"{"allowExtraToolCalls":"yes"}"#).path,
        "options.allowExtraToolCalls"
    );
    assert_eq!(bad(r#"[]"#).code, ErrorCode::InvalidArgument);
}
