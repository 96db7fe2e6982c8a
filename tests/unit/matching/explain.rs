//! Unit tests of `src/matching/explain.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;
use crate::wasm::wire::parse;

fn explain(policy: Policy, expected: &str, actual: &str) -> Vec<(String, Verdict)> {
    let e = parse(expected, false, "e").unwrap();
    let a = parse(actual, false, "a").unwrap();
    let m = Matcher::compile(&e, policy, "expected").unwrap();
    let verdicts = m.explain(Some(&a));
    assert_eq!(
        m.accepts(Some(&a)),
        verdicts.iter().all(|v| v.verdict == Verdict::Match),
        "explain agrees with accepts"
    );
    verdicts
        .into_iter()
        .map(|v| (serde_json::to_string(&v.path).unwrap(), v.verdict))
        .collect()
}

#[test]
fn a_nested_empty_object_differs_under_mcpjam_partial() {
    // {a:{}} against {a:{x:1}}: the engine's mismatch, shown inside `a`.
    let v = explain(
        Policy::MCPJAM_PARTIAL,
        r#"{"a":{},"b":"string"}"#,
        r#"{"a":{"x":1},"b":"s"}"#,
    );
    assert_eq!(
        v,
        [
            (r#"["a"]"#.into(), Verdict::Differs),
            (r#"["a","x"]"#.into(), Verdict::Unexpected),
            (r#"["b"]"#.into(), Verdict::Match),
        ]
    );
}

#[test]
fn exact_lists_missing_unexpected_and_differing_members() {
    let v = explain(
        Policy::MCPJAM_EXACT,
        r#"{"a":1,"b":[1,2],"c":3}"#,
        r#"{"a":1,"b":[1,3,4],"d":0}"#,
    );
    assert_eq!(
        v,
        [
            ("[]".into(), Verdict::Differs),
            (r#"["b"]"#.into(), Verdict::Differs),
            (r#"["b",1]"#.into(), Verdict::Differs),
            (r#"["b",2]"#.into(), Verdict::Unexpected),
            (r#"["c"]"#.into(), Verdict::Missing),
            (r#"["d"]"#.into(), Verdict::Unexpected),
        ]
    );
}

#[test]
fn nested_policies_explain_each_leaf() {
    let v = explain(
        Policy::SERVER_TESTER,
        r#"{"a":{"b":[1,{"$pattern":"^x"}]}}"#,
        r#"{"a":{"b":[1,"y"]}}"#,
    );
    assert_eq!(
        v,
        [
            (r#"["a","b",0]"#.into(), Verdict::Match),
            (r#"["a","b",1]"#.into(), Verdict::Pattern),
        ]
    );
    let v = explain(Policy::REEVAL_INPUT, r#"{"a":1,"b":2}"#, r#"{"a":1}"#);
    assert_eq!(
        v,
        [
            (r#"["a"]"#.into(), Verdict::Match),
            (r#"["b"]"#.into(), Verdict::Missing)
        ]
    );
}
