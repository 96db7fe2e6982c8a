//! Native tests of the response checks on the recorded `CallToolResult`s in
//! `tests/fixtures/responses/` (see its SOURCES.md). Expected values are the
//! fixtures' own texts or what `@gleanwork/mcp-server-tester@1.1.0` returned
//! for the same inputs under Node 20 (its `extractText`, `validate*`);
//! where we differ on purpose (README compatibility table) the value is the
//! one the seed (`mcp-server-tester-expectations.txt`) defines.
use crate::helpers::fixture;
use mcp_matchers::responses::*;
use mcp_matchers::ErrorCode;
use serde_json::{json, Value};
use std::time::Instant;

fn all_results() -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for dir in ["everything", "filesystem"] {
        let full = format!("{}/tests/fixtures/responses/{dir}", env!("CARGO_MANIFEST_DIR"));
        for entry in std::fs::read_dir(full).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            if name.ends_with(".result.json") {
                out.push((name.clone(), fixture(&format!("{dir}/{name}"))));
            }
        }
    }
    let stream = fixture("everything/simulate-research-query.task-stream.json");
    let last = stream["messages"].as_array().unwrap().last().unwrap()["result"].clone();
    out.push(("simulate-research-query (task stream)".into(), last));
    out
}

#[test]
fn fifty_three_results_normalise_without_error() {
    let all = all_results();
    assert_eq!(all.len(), 53);
    for (name, r) in &all {
        let n = normalize_tool_response(r).unwrap();
        assert_eq!(n.text, extract_text(r), "{name}");
        assert_eq!(&n.raw, r);
        let blocks = r["content"].as_array().unwrap();
        assert_eq!(n.content_blocks.len(), blocks.len(), "{name}");
        for (b, raw) in n.content_blocks.iter().zip(blocks) {
            assert_eq!(b.kind, raw["type"].as_str().unwrap());
            assert_eq!(b.text.as_deref(), raw["text"].as_str());
            assert_eq!(b.data.as_ref(), raw.get("data"));
        }
        assert_eq!(n.is_error, r.get("isError").cloned().unwrap_or(json!(false)), "{name}");
        assert_eq!(
            n.structured_content,
            r.get("structuredContent").cloned().unwrap_or(Value::Null)
        );
    }
}

#[test]
fn extract_text_matches_reference_on_fixtures() {
    // (fixture, extractText of the reference)
    let cases = [
        (
            "everything/echo-unicode.result.json",
            "Echo: naïve café — 日本語 \"quoted\" \\ backslash\nnewline",
        ),
        (
            "everything/get-structured-content.result.json",
            r#"{"temperature":36,"conditions":"Light rain / drizzle","humidity":82}"#,
        ),
        ("everything/gzip-file-as-resource-link.result.json", ""),
        (
            "everything/get-resource-links.result.json",
            "Here are 4 resource links to resources available in this server:",
        ),
        (
            "everything/get-tiny-image.result.json",
            "Here's the image you requested:\nThe image above is the MCP logo.",
        ),
        (
            "filesystem/list_allowed_directories.result.json",
            "Allowed directories:\n/srv/fs-sandbox/project",
        ),
    ];
    for (file, want) in cases {
        assert_eq!(extract_text(&fixture(file)), want, "{file}");
    }
    // An image-only result: the structuredContent's JSON text (5443 bytes in
    // the reference). A serde_json map's members are read in key order (with or
    // without serde_json's `preserve_order`), so the text has them in that order; the byte-exact text with the
    // fixture's own key order is checked in `src/responses/extract.rs` and
    // against the reference in `tests/js/responses.test.mjs`.
    let png = fixture("filesystem/read_media_file-png.result.json");
    let text = extract_text(&png);
    assert!(text.starts_with(r#"{"content":[{"data":"iVBORw0KGgo"#));
    assert_eq!(text.len(), 5443);
    // A bare content array without text blocks: its JSON text.
    let link = fixture("everything/gzip-file-as-resource-link.result.json");
    assert_eq!(
        extract_text(&link["content"]),
        r#"[{"mimeType":"application/gzip","name":"hello.txt.gz","type":"resource_link","uri":"demo://resource/session/hello.txt.gz"}]"#
    );
}

#[test]
fn text_and_pattern_messages_match_reference() {
    let echo = fixture("everything/echo.result.json");
    let r = validate_text(
        &echo,
        &["Echo:", "recorder", "Goodbye", "HELLO"],
        &TextOptions::default(),
    );
    assert_eq!(
        serde_json::to_value(&r).unwrap(),
        json!({"pass":false,"message":"Response is missing 2 expected substrings: \"Goodbye\", \"HELLO\"",
               "details":{"missing":["Goodbye","HELLO"],"textLength":29,"textPreview":"Echo: Hello from the recorder"}})
    );
    let r = validate_text(&echo, &["HELLO"], &TextOptions { case_sensitive: false });
    assert_eq!(
        serde_json::to_value(&r).unwrap(),
        json!({"pass":true,"message":"Response contains expected text"})
    );

    let p = |s: &str| JsPattern::Source(s.into());
    let r = validate_pattern(
        &echo,
        &[p(r"^Echo: \w+"), p("recorder$"), p("^from")],
        &TextOptions::default(),
    )
    .unwrap();
    assert_eq!(
        serde_json::to_value(&r).unwrap(),
        json!({"pass":false,"message":"Response does not match pattern: /^from/",
               "details":{"unmatched":["/^from/"],"textLength":29,"textPreview":"Echo: Hello from the recorder"}})
    );
    let re = JsPattern::RegExp {
        source: "hello".into(),
        flags: "i".into(),
    };
    let r = validate_pattern(&echo, &[re, p("HELLO")], &TextOptions::default()).unwrap();
    assert_eq!(r.message, "Response does not match pattern: /HELLO/");
}

#[test]
fn multiline_anchors_follow_the_seed() {
    // The seed: "Multiline matching - ^ and $ match line starts/ends". The
    // reference does not set the m flag, so it fails both (README difference).
    let tiny = fixture("everything/get-tiny-image.result.json");
    let p = |s: &str| JsPattern::Source(s.into());
    let r = validate_pattern(
        &tiny,
        &[p("^The image above"), p("requested:$")],
        &TextOptions::default(),
    )
    .unwrap();
    assert!(r.pass, "{}", r.message);
    assert_eq!(r.message, "Response matches all 2 patterns");
}

#[test]
fn error_checks_match_reference() {
    let enoent = fixture("filesystem/read_text_file-enoent.result.json");
    let any = |v: &[&str]| ErrorExpectation::AnyOf(v.iter().map(|s| s.to_string()).collect());
    let msg = "ENOENT: no such file or directory, open '/srv/fs-sandbox/project/nope.txt'";
    let r = validate_error(&enoent, &any(&["eacces", "enoent"])).unwrap();
    assert_eq!(
        serde_json::to_value(&r).unwrap(),
        json!({"pass":true,"message":"Error message contains expected text"})
    );
    let r = validate_error(&enoent, &any(&["eacces", "denied"])).unwrap();
    assert_eq!(
        serde_json::to_value(&r).unwrap(),
        json!({"pass":false,"message":"Error message does not contain any of: \"eacces\", \"denied\"",
               "details":{"actualErrorMessage":msg,"expectedToContain":["eacces","denied"]}})
    );
    let r = validate_error(&enoent, &ErrorExpectation::Is(false)).unwrap();
    assert_eq!(
        r.message,
        format!("Expected a success response but got error: \"{msg}\"")
    );
    let echo = fixture("everything/echo.result.json");
    let r = validate_error(&echo, &any(&["not found"])).unwrap();
    assert_eq!(
        serde_json::to_value(&r).unwrap(),
        json!({"pass":false,"message":"Expected an error containing \"not found\" but got success",
               "details":{"textPreview":"Echo: Hello from the recorder"}})
    );
    let r = validate_error(&echo, &ErrorExpectation::Is(true)).unwrap();
    assert_eq!(r.message, "Expected an error response but got success");
    // Every recorded result with isError: true is an error, every other is not.
    for (name, r) in all_results() {
        let want = r.get("isError") == Some(&json!(true));
        assert_eq!(
            validate_error(&r, &ErrorExpectation::Is(true)).unwrap().pass,
            want,
            "{name}"
        );
    }
    assert_eq!(
        validate_error(&echo, &any(&[])).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
}

#[test]
fn size_checks_match_reference_on_strings_and_seed_on_results() {
    let s = |t: &str| Value::String(t.into());
    let opts = |min: Option<u64>, max: Option<u64>| SizeOptions {
        min_bytes: min,
        max_bytes: max,
    };
    // Strings are measured alike by both: values from the reference.
    let r = validate_size(&s("naïve café"), &opts(Some(5), Some(11)));
    assert_eq!(
        serde_json::to_value(&r).unwrap(),
        json!({"pass":false,"message":"Response size (12 bytes) exceeds maximum (11 bytes)",
               "details":{"actualBytes":12,"minBytes":5,"maxBytes":11}})
    );
    let r = validate_size(&s(&"x".repeat(3000)), &opts(Some(1), Some(2048)));
    assert_eq!(r.message, "Response size (2.9 KB) exceeds maximum (2.0 KB)");
    // A CallToolResult: the seed's UTF-8 bytes of the extracted text (61 for
    // echo-unicode's text; the reference counts its pretty-printed JSON).
    let unicode = fixture("everything/echo-unicode.result.json");
    assert_eq!(response_size_bytes(&unicode), 61);
    let r = validate_size(&unicode, &opts(Some(61), Some(61)));
    assert_eq!(
        serde_json::to_value(&r).unwrap(),
        json!({"pass":true,"message":"Response size (61 bytes) is within bounds","details":{"actualBytes":61}})
    );
    let r = validate_size(&unicode, &opts(None, None));
    assert_eq!(
        serde_json::to_value(&r).unwrap(),
        json!({"pass":false,"message":"Size validation requires at least one of maxBytes or minBytes"})
    );
    // Whole bytes are compared exactly, past 2^53 too (2^53 + 1 is no f64).
    let r = validate_size(&unicode, &opts(Some((1 << 53) + 1), None));
    assert_eq!(r.details.unwrap()["minBytes"], json!(9_007_199_254_740_993_u64));
}

#[test]
fn exact_match_ignores_key_order() {
    let sc = fixture("everything/get-structured-content.result.json")["structuredContent"].clone();
    // The reference passes this one and fails the reordered one (README difference).
    let same = json!({"temperature":36,"conditions":"Light rain / drizzle","humidity":82});
    assert!(validate_response(&sc, &same).pass);
    let reordered = json!({"humidity":82,"temperature":36.0,"conditions":"Light rain / drizzle"});
    assert_eq!(
        serde_json::to_value(validate_response(&sc, &reordered)).unwrap(),
        json!({"pass":true,"message":"Response matches expected value"})
    );
    let other = json!({"humidity":81,"temperature":36,"conditions":"Light rain / drizzle"});
    let r = validate_response(&sc, &other);
    assert!(!r.pass);
    assert_eq!(r.message, "Response does not match expected value");
    // The reference's details: JSON.stringify(v, null, 2) (here in the map's key order).
    assert_eq!(
        r.details.unwrap()["expected"],
        "{\n  \"conditions\": \"Light rain / drizzle\",\n  \"humidity\": 81,\n  \"temperature\": 36\n}"
    );
}

#[test]
fn catastrophic_pattern_runs_in_linear_time() {
    // `(a+)+$` on 100 KB of `a` then `!`: exponential for a backtracking engine.
    let text = Value::String("a".repeat(100_000) + "!");
    let start = Instant::now();
    let r = validate_pattern(&text, &[JsPattern::Source("(a+)+$".into())], &TextOptions::default()).unwrap();
    let took = start.elapsed();
    assert!(!r.pass);
    assert!(took.as_secs_f64() < 5.0, "took {took:?}");
}

mod no_panic {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_pattern_compiles_or_errors(src in r#"[\\()\[\]{}^$.*+?|a-c0-9<>=!:,kpuxcsSdDwWbB -]{0,24}"#, flags in "[gimsuyvdz]{0,3}", cs in any::<bool>()) {
            let p = [JsPattern::RegExp { source: src.clone(), flags }, JsPattern::Source(src)];
            if let Ok(c) = CompiledPatterns::new(&p, cs, "patterns") {
                let _ = c.check("abc\n{1}[x]\r\né😀");
            }
        }

        #[test]
        fn any_json_text_is_read_without_panic(
            parts in proptest::collection::vec(proptest::sample::select(vec![
                "{", "}", "[", "]", ",", ":", "\"content\"", "\"text\"", "\"type\"", "\"structuredContent\"",
                "\"isError\"", "\"raw\"", "\"contentBlocks\"", "true", "1.5e300", "null", "\"é\"",
            ]), 0..24),
        ) {
            if let Ok(v) = serde_json::from_str::<Value>(&parts.concat()) {
                let _ = normalize_tool_response(&v);
                let _ = extract_text(&v);
                let _ = validate_error(&v, &ErrorExpectation::AnyOf(vec!["x".into()]));
                let _ = validate_size(&v, &SizeOptions { min_bytes: Some(u64::MAX), max_bytes: Some(0) });
                let _ = validate_response(&v, &v);
            }
        }
    }
}

/// The same verdicts whether or not some crate of the build turns on
/// serde_json's `preserve_order` (Cargo unifies features, so a user's build may
/// have it): a map's members are read in key order either way.
/// scripts/test.sh runs this file with and without `--features test-preserve-order`.
#[test]
fn verdicts_do_not_depend_on_serde_json_preserve_order() {
    // Keys out of order, as `json!` (and a parsed document) give them to a
    // preserve_order map.
    let response = json!({ "content": [], "structuredContent": { "z": 1, "b": [{ "y": 2, "x": 3 }], "a": "text" } });
    let text = r#"{"a":"text","b":[{"x":3,"y":2}],"z":1}"#;
    assert_eq!(extract_text(&response), text);
    assert_eq!(response_size_bytes(&response), text.len());
    let anchored = [JsPattern::Source(r#"^\{"a":"text","b""#.into())];
    assert!(
        validate_pattern(&response, &anchored, &TextOptions::default())
            .unwrap()
            .pass
    );
    let snapshot = match_snapshot(&response, Some(text), &[]).unwrap();
    assert!(snapshot.pass, "{}", snapshot.diff);
    let other = json!({ "z": 1, "a": "text", "b": [{ "x": 3, "y": 2 }] });
    let r = validate_response(&response["structuredContent"], &other);
    assert!(r.pass);
    let r = validate_response(&response["structuredContent"], &json!({ "z": 2, "a": "text" }));
    assert_eq!(r.details.unwrap()["expected"], "{\n  \"a\": \"text\",\n  \"z\": 2\n}");
}

#[test]
fn check_results_round_trip_through_serde() {
    let response = json!({ "content": [{ "type": "text", "text": "Echo: hi" }] });
    for r in [
        validate_text(&response, &["Echo"], &TextOptions::default()),
        validate_response(
            &response,
            &json!({ "content": [{ "type": "text", "text": "Echo: bye" }] }),
        ),
    ] {
        let back: CheckResult = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
        assert_eq!(back, r);
    }
}
