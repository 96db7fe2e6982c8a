//! Unit tests of `src/matching/matcher.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;
use crate::wasm::wire::parse;

fn check(policy: Policy, expected: &str, actual: &str) -> bool {
    let e = parse(expected, true, "e").unwrap();
    let a = parse(actual, true, "a").unwrap();
    Matcher::compile(&e, policy, "expected").unwrap().accepts(Some(&a))
}

#[test]
fn mcpjam_partial_compares_top_level_keys_whole() {
    let p = Policy::MCPJAM_PARTIAL;
    assert!(check(p, r#"{}"#, r#"{"x":1}"#));
    assert!(check(p, r#"{"a":"string"}"#, r#"{"a":"x","b":2}"#));
    assert!(!check(p, r#"{"a":"number"}"#, r#"{"a":"x"}"#));
    // A nested {} is a value, not a wildcard.
    assert!(!check(p, r#"{"a":{}}"#, r#"{"a":{"x":1}}"#));
    assert!(check(p, r#"{"a":{"y":[1,{"z":2}]}}"#, r#"{"a":{"y":[1.0,{"z":2}]}}"#));
    // An absent key is `undefined`: JSON.stringify(undefined) === JSON.stringify(undefined).
    assert!(check(p, r#"{"a":{"\u0000":"u"}}"#, r#"{}"#));
    assert!(!check(p, r#"{"a":"any"}"#, r#"{}"#));
}

#[test]
fn validators_need_own_keys_and_triple_equals() {
    let p = Policy::MCPJAM_VALIDATOR_PARTIAL;
    assert!(!check(p, r#"{"a":{"\u0000":"u"}}"#, r#"{}"#));
    assert!(check(p, r#"{"a":{"\u0000":"u"}}"#, r#"{"a":{"\u0000":"u"}}"#));
    assert!(!check(p, r#"{"a":{"\u0000":"NaN"}}"#, r#"{"a":{"\u0000":"NaN"}}"#));
    assert!(check(
        Policy::MCPJAM_PARTIAL,
        r#"{"a":{"\u0000":"NaN"}}"#,
        r#"{"a":null}"#
    ));
}

#[test]
fn server_tester_recurses_with_patterns() {
    let p = Policy::SERVER_TESTER;
    assert!(check(p, r#"{"a":{}}"#, r#"{"a":{"x":1}}"#));
    assert!(check(p, r#"{"a":[1]}"#, r#"{"a":[1,2]}"#));
    assert!(check(p, r#"{"a":[1]}"#, r#"{"a":{"0":1}}"#));
    assert!(check(p, r#"{"a":{"length":2}}"#, r#"{"a":[5,6]}"#));
    assert!(check(
        p,
        r#"{"q":{"$pattern":"^we","$flags":"i"}}"#,
        r#"{"q":"Weather"}"#
    ));
    assert!(!check(p, r#"{"q":{"$pattern":"^we"}}"#, r#"{"q":3}"#));
    let e = parse(r#"{"q":{"$pattern":"("}}"#, false, "e").unwrap();
    let err = Matcher::compile(&e, p, "args").unwrap_err();
    assert_eq!(err.path, "args.q.$pattern");
}

#[test]
fn reeval_input_needs_same_length_arrays_and_present_keys() {
    let p = Policy::REEVAL_INPUT;
    assert!(check(p, r#"{"a":[1,{"b":2}]}"#, r#"{"a":[1.0,{"b":2,"c":3}],"d":4}"#));
    assert!(!check(p, r#"{"a":[1]}"#, r#"{"a":[1,2]}"#));
    assert!(!check(p, r#"{"a":null}"#, r#"{}"#));
    assert!(!check(p, r#"{"a":{}}"#, r#"{"a":[]}"#));
}
