//! Native tests of the snapshot sanitizers and `match_snapshot`. Expected
//! values are what `@gleanwork/mcp-server-tester@1.1.0`'s `applySanitizers`
//! (read from its `dist/index.js`) returned for the same inputs under Node 20,
//! the seed's replacements (`mcp-server-tester-expectations.txt`: "[UUID]"
//! for UUIDs, …) for the known faults the reference has, and GNU `diff -u`
//! for diffs. `tests/js/responses-sanitize.test.mjs` compares the two on
//! generated texts.
use mcp_matchers::responses::*;
use mcp_matchers::ErrorCode;
use serde_json::json;

fn custom(pattern: &str, replacement: &str) -> Sanitizer {
    Sanitizer::Regex {
        pattern: JsPattern::Source(pattern.into()),
        replacement: Some(replacement.into()),
    }
}

#[test]
fn the_seeds_example_as_the_reference_sanitizes_it() {
    let text = r#"{"user":{"id":"550e8400-e29b-41d4-a716-446655440000","name":"Alice","lastLogin":"2025-01-15T10:30:00Z","sessionToken":"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIn0.abc123"}}"#;
    let out = apply_sanitizers(text, &[Sanitizer::Uuid, Sanitizer::IsoDate, Sanitizer::Jwt]).unwrap();
    assert_eq!(
        out,
        r#"{"user":{"id":"[UUID]","name":"Alice","lastLogin":"[ISO_DATE]","sessionToken":"[JWT]"}}"#
    );
    let out = apply_sanitizers(
        "at 1732960000 id 507f1f77bcf86cd799439011",
        &[Sanitizer::Timestamp, Sanitizer::ObjectId],
    )
    .unwrap();
    assert_eq!(out, "at [TIMESTAMP] id [OBJECT_ID]");
}

#[test]
fn javascript_replacement_syntax() {
    let out = apply_sanitizers(
        "token_abc9 and token_x",
        &[custom(r"(token)_(\w+)", "$2-$1 [$&] $$ $0 $3 $10")],
    )
    .unwrap();
    assert_eq!(
        out,
        "abc9-token [token_abc9] $ $0 $3 token0 and x-token [token_x] $ $0 $3 token0"
    );
    let out = apply_sanitizers(
        "k_v1 k2_v2",
        &[custom(r"(?<k>[a-z0-9]+)_(?<v>\w+)", "$<v>=$<k> $<nope>|$<k")],
    )
    .unwrap();
    assert_eq!(out, "v1=k |$<k v2=k2 |$<k");
    assert_eq!(apply_sanitizers("abc", &[custom("x*", "-")]).unwrap(), "-a-b-c-");
    assert_eq!(apply_sanitizers("baaa", &[custom("a*", "-")]).unwrap(), "-b--");
}

#[test]
fn removal_keeps_member_order_and_javascript_numbers() {
    let out = apply_sanitizers(
        r#"{"b":1,"a":{"x":1,"y":[1,2]},"c":1e21}"#,
        &[Sanitizer::Remove(vec!["a.x".into(), "c".into()])],
    )
    .unwrap();
    assert_eq!(
        out,
        "{\n  \"b\": 1,\n  \"a\": {\n    \"y\": [\n      1,\n      2\n    ]\n  }\n}"
    );
}

#[test]
fn known_faults_are_fixed() {
    for id in [
        "01932c07-209c-7f3a-b8f4-3e5a9c0d1e2f",
        "1ef21d2f-1207-6660-8c4f-419efbd44d48",
    ] {
        let text = format!("GET https://x.test/items/{id}?full=1\nid: {id}");
        let out = apply_sanitizers(&text, &[Sanitizer::Uuid]).unwrap();
        assert_eq!(out, "GET https://x.test/items/[UUID]?full=1\nid: [UUID]");
    }
    let out = apply_sanitizers(
        r#"{"items":[{"id":1,"n":"a"},{"id":2,"n":"b"}]}"#,
        &[Sanitizer::Remove(vec!["items.id".into()])],
    )
    .unwrap();
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&out).unwrap(),
        json!({ "items": [{ "n": "a" }, { "n": "b" }] })
    );
    let e = apply_sanitizers("x", &[Sanitizer::Jwt, custom("session_(?=x)", "[S]")]).unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (ErrorCode::InvalidArgument, "sanitizers[1].pattern")
    );
    // The reference's words first (its tests match on them), then which sanitizer.
    assert!(
        e.message
            .starts_with("invalid regex pattern \"session_(?=x)\" in sanitizer 1: "),
        "{}",
        e.message
    );
    let e = apply_sanitizers("x", &[custom("[unclosed", "[S]")]).unwrap_err();
    assert!(
        e.message.starts_with("invalid regex pattern \"[unclosed\""),
        "{}",
        e.message
    );
    let e = sanitizers_from_json(&json!(["uuid", "uuids"])).unwrap_err();
    assert_eq!(e.path, "sanitizers[1]");
    let list =
        sanitizers_from_json(&json!(["uuid", { "pattern": "a", "replacement": "b" }, { "remove": ["x.y"] }])).unwrap();
    assert_eq!(list.len(), 3);
}

#[test]
fn match_snapshot_diffs_as_gnu_diff() {
    let result = json!({ "content": [{ "type": "text", "text": "a\nB\nc\n" }] });
    let r = match_snapshot(&result, Some("a\nb\nc\n"), &[]).unwrap();
    assert!(!r.pass);
    assert_eq!(r.diff, "--- expected\n+++ actual\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
    let r = match_snapshot(&result, None, &[]).unwrap();
    assert_eq!((r.pass, r.expected), (false, None));
    assert_eq!(r.diff, "--- expected\n+++ actual\n@@ -0,0 +1,3 @@\n+a\n+B\n+c\n");
}
