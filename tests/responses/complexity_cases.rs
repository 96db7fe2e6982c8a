//! Complexity tests (issue 16 items 1 and 3): each hostile input of the issue
//! scaled 10× costs at most about 10× (a ratio measured in one run, see
//! `tests/support/complexity.rs`), or is refused with a coded error naming
//! the limit. Expected outputs are JavaScript's answers for the same calls
//! (`"aaa".replace(/a*b|/g, "-")` is `"-a-a-a-"`), derived per size.

use crate::complexity::assert_linear;
use mcp_matchers::responses::*;
use mcp_matchers::ErrorCode;
use serde_json::json;
use std::time::Duration;

fn custom(pattern: &str, replacement: &str) -> Sanitizer {
    Sanitizer::Regex {
        pattern: JsPattern::Source(pattern.into()),
        replacement: Some(replacement.into()),
    }
}

fn response(text: &str) -> serde_json::Value {
    json!({ "content": [{ "type": "text", "text": text }] })
}

#[test]
fn sanitizer_replace_never_rescans() {
    // /a*b|/ on "a"×n: no b, so every position takes the empty match (JS:
    // "-a-a…a-"); a search that rescans the a's after each match is quadratic.
    let s = [custom("a*b|", "-")];
    assert_linear(
        "/a*b|/ on a×n",
        32_000,
        Duration::from_secs(20),
        |n| "a".repeat(n),
        |text| {
            let out = apply_sanitizers(text, &s).unwrap();
            assert_eq!(out.len(), 2 * text.len() + 1);
            assert!(out.starts_with("-a-a") && out.ends_with("a-"));
        },
    );
    // /[ab]*c|a/ on "ab"×n: no c; each a is replaced, each b kept.
    let s = [custom("[ab]*c|a", "-")];
    assert_linear(
        "/[ab]*c|a/ on ab×n",
        3_200,
        Duration::from_secs(20),
        |n| "ab".repeat(n),
        |text| assert_eq!(apply_sanitizers(text, &s).unwrap(), "-b".repeat(text.len() / 2)),
    );
}

#[test]
fn built_in_sanitizers_run_at_the_speed_of_a_scan() {
    // The five built-ins over text with none of their matches (2 bytes per
    // character) and with one of each every 200 bytes: a scan, not a
    // simulation from every start position. JavaScript's answer for the
    // second text is the same text with each value replaced.
    let all = [
        Sanitizer::Uuid,
        Sanitizer::IsoDate,
        Sanitizer::Timestamp,
        Sanitizer::ObjectId,
        Sanitizer::Jwt,
    ];
    let (_, large) = assert_linear(
        "built-in sanitizers on é×n",
        100_000,
        Duration::from_secs(5),
        |n| "é".repeat(n),
        |text| assert_eq!(apply_sanitizers(text, &all).unwrap().len(), text.len()),
    );
    eprintln!("five built-ins over 2 MB without a match: {large:?}");
    let unit = "é".repeat(60)
        + " 550e8400-e29b-41d4-a716-446655440000 2024-01-15T10:30:00Z 1700000000 507f1f77bcf86cd799439011 ";
    let want = "é".repeat(60) + " [UUID] [ISO_DATE] [TIMESTAMP] [OBJECT_ID] ";
    assert_linear(
        "built-in sanitizers with matches",
        500,
        Duration::from_secs(5),
        |n| unit.repeat(n),
        |text| {
            assert_eq!(
                apply_sanitizers(text, &all).unwrap(),
                want.repeat(text.len() / unit.len())
            )
        },
    );
}

#[test]
fn snapshot_diff_is_bounded() {
    // Two texts of n lines over three distinct lines: a minimal diff costs
    // O(n²) here; the bounded one stays linear and is still a correct diff.
    let lines = ["alpha\n", "beta\n", "gamma\n"];
    let make = |n: usize| {
        let mut s = 7u64;
        let mut next = move || {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            lines[(s >> 33) as usize % 3]
        };
        let a: String = (0..n).map(|_| next()).collect();
        let b: String = (0..n).map(|_| next()).collect();
        (a, b)
    };
    assert_linear(
        "matchSnapshot of n lines over 3 distinct lines",
        10_000,
        Duration::from_secs(20),
        make,
        |(a, b)| {
            let r = match_snapshot(&response(b), Some(a), &[]).unwrap();
            assert!(!r.pass);
            assert!(r.diff.starts_with("--- expected\n+++ actual\n@@ -1"));
        },
    );
}

#[test]
fn patterns_stay_linear_or_are_refused_naming_the_limit() {
    // The issue's two patterns: their automata are too large for a bounded
    // cost per character, so they are refused before any text is read.
    for p in [".{3000}$", r"(?:\w{1,100}){30}x"] {
        let e = validate_pattern(&response("x"), &[JsPattern::Source(p.into())], &TextOptions::default()).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidArgument, "{p}");
        assert_eq!(e.path, "patterns[0]");
        assert!(e.message.contains("limit"), "{p}: {}", e.message);
    }
    // Accepted patterns stay linear, on texts built against a lazy DFA.
    // `.{190}$` on lines one character short; `(?:\w{1,10}){30}x` on runs of
    // 299 word characters and an x; `(?:\w{1,100}){10}x` (about 1,990 states) on
    // runs of 999: the lazy DFA cannot keep its states and the regex crate
    // simulates the automaton, the worst cost per character the limit allows.
    let cases = [
        (".{190}$", "w".repeat(189), false, 10_000),
        (r"(?:\w{1,10}){30}x", "w".repeat(299) + "x", true, 10_000),
        (r"(?:\w{1,100}){10}x", "w".repeat(999) + "x", true, 2_000),
    ];
    for (p, line, pass, n) in cases {
        let patterns = [JsPattern::Source(p.into())];
        assert_linear(
            p,
            n,
            Duration::from_secs(20),
            |n| {
                let mut text = String::new();
                while text.len() < n {
                    text.push_str(&line);
                    text.push('\n');
                }
                text
            },
            |text| {
                let r = validate_pattern(&response(text), &patterns, &TextOptions::default()).unwrap();
                assert_eq!(r.pass, pass, "{p}");
            },
        );
    }
}

#[test]
fn tool_call_expectations_do_not_compare_every_pair() {
    // n expected calls against n actual calls, all of one name with
    // different arguments: the first call of a name with matching arguments
    // is found through an index, not by scanning every actual call.
    let make = |n: usize| {
        let calls: Vec<_> = (0..n)
            .map(|i| json!({ "name": "t", "arguments": { "i": i } }))
            .collect();
        let actual: Vec<_> = (0..n)
            .rev()
            .map(|i| json!({ "name": "t", "arguments": { "i": i } }))
            .collect();
        // n optional calls no actual call has (each a miss the in-order scan
        // skips), then one that is there.
        let mut names: Vec<_> = (0..n)
            .map(|i| json!({ "name": format!("n{i}"), "required": false }))
            .collect();
        names.push(json!({ "name": "t", "arguments": { "i": 0 } }));
        (
            json!({ "success": true, "toolCalls": actual }),
            json!({ "calls": calls, "exclusive": true }),
            json!({ "calls": names, "order": "strict" }),
        )
    };
    assert_linear(
        "validateToolCalls, n calls of one name",
        1_600,
        Duration::from_secs(20),
        make,
        |(response, any, strict)| {
            let r = validate_tool_calls(response, any).unwrap();
            assert!(r.pass, "{}", r.message);
            let r = validate_tool_calls(response, strict).unwrap();
            assert!(r.pass, "{}", r.message);
            assert_eq!(r.metrics.unwrap().precision, 1.0);
        },
    );
}

#[test]
fn pattern_only_expectations_are_bounded_by_a_comparison_budget() {
    // Distinct expected calls whose arguments require only a pattern cannot
    // use an index: each compares with every actual call of its name. n·m
    // pairs are the work; 1,024 × 1,024 (2^20, the budget) still runs, one
    // more expected call is refused before any comparison.
    let make = |expected: usize, actual: usize| {
        let calls: Vec<_> = (0..expected)
            .map(|i| json!({ "name": "t", "arguments": { "q": { "$pattern": format!("^x{i}$") } } }))
            .collect();
        let actual: Vec<_> = (0..actual)
            .map(|i| json!({ "name": "t", "arguments": { "q": format!("x{i}") } }))
            .collect();
        (
            json!({ "success": true, "toolCalls": actual }),
            json!({ "calls": calls }),
        )
    };
    let (response, expectation) = make(1_024, 1_024);
    let start = std::time::Instant::now();
    let r = validate_tool_calls(&response, &expectation).unwrap();
    assert!(r.pass, "{}", r.message);
    let at_budget = start.elapsed();
    assert!(at_budget < Duration::from_secs(10), "{at_budget:?} at the budget");
    let (response, expectation) = make(1_025, 1_024);
    let start = std::time::Instant::now();
    let e = validate_tool_calls(&response, &expectation).unwrap_err();
    assert_eq!(e.code.as_str(), "INVALID_ARGUMENT");
    assert_eq!(e.path, "expectation.calls");
    assert!(e.message.contains("1048576 comparisons"), "{}", e.message);
    // Refused before comparing: far less than the run at the budget.
    assert!(start.elapsed() < at_budget, "{:?} vs {at_budget:?}", start.elapsed());
    // Identical expected calls share one scan and count once.
    let same: Vec<_> = (0..100_000)
        .map(|_| json!({ "name": "t", "arguments": { "q": { "$pattern": "^x1$" } } }))
        .collect();
    let r = validate_tool_calls(&make(0, 1_024).0, &json!({ "calls": same })).unwrap();
    assert!(r.pass, "{}", r.message);
    eprintln!("validateToolCalls at the comparison budget: {at_budget:?}");
}

/// The verdict parser as it was (issue 16's "re-parses nested objects"):
/// a JSON parse from every `{` in turn, the first verdict object wins. It
/// defines which object `parse_verdict` must pick; the one-pass scan must
/// agree with it on every text.
fn verdict_by_reparsing(text: &str) -> Option<(bool, f64)> {
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        let mut stream = serde_json::Deserializer::from_str(&rest[i..]).into_iter::<serde_json::Value>();
        if let Some(Ok(serde_json::Value::Object(o))) = stream.next() {
            if o.contains_key("score") || o.get("pass").is_some_and(serde_json::Value::is_boolean) {
                let pass = o.get("pass").and_then(serde_json::Value::as_bool);
                let score = o
                    .get("score")
                    .and_then(serde_json::Value::as_f64)
                    .or(pass.map(|p| f64::from(u8::from(p))));
                return score
                    .filter(|s| (0.0..=1.0).contains(s))
                    .map(|s| (pass.unwrap_or(s >= 0.5), s));
            }
        }
        rest = &rest[i + 1..];
    }
    None
}

#[test]
fn verdict_scan_agrees_with_reparsing_at_every_brace() {
    // Texts from JSON-ish tokens, prose and broken pieces (a fixed LCG, so failures replay).
    let tokens = [
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        " ",
        "\"score\"",
        "\"pass\"",
        "\"s\\u0063ore\"",
        "\"x\"",
        "0.5",
        "1",
        "true",
        "false",
        "null",
        "-",
        "01",
        "1e400",
        "\"\\ud800\"",
        "\"a\\\"b\"",
        "oops",
        "\n",
        "\"{\\\"score\\\":1}\"",
    ];
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize
    };
    for case in 0..20_000 {
        let len = 1 + next() % 40;
        let text: String = (0..len).map(|_| tokens[next() % tokens.len()]).collect();
        let got = parse_verdict(&text).ok().map(|v| (v.pass, v.score));
        assert_eq!(got, verdict_by_reparsing(&text), "case {case}: {text}");
    }
}

#[test]
fn verdict_parsing_reads_the_reply_once() {
    // Issue 16's crafted reply: objects nested 1,000 deep (past serde_json's
    // 128 levels), each with filler, and no verdict; each `{` parsed anew
    // read the filler of up to 128 levels below it.
    let reply = |n: usize| {
        let filler = format!("[{}0]", "0,".repeat(200));
        let mut s = String::from("Here is my verdict: ");
        for _ in 0..n {
            s.push_str(&format!("{{\"a\":{filler},\"b\":"));
        }
        s + "1" + &"}".repeat(n) + " and {\"pass\": true, \"score\": 0.75, \"reasoning\": \"ok\"}"
    };
    assert_linear("parse_verdict nested", 500, Duration::from_secs(2), reply, |t| {
        let v = parse_verdict(t).unwrap();
        assert_eq!((v.pass, v.score, v.reasoning.as_str()), (true, 0.75, "ok"));
    });
    // Many `{` of prose that are not JSON: each is one step.
    assert_linear(
        "parse_verdict braces",
        200_000,
        Duration::from_secs(2),
        |n| "{oops} ".repeat(n) + "{\"score\": 1}",
        |t| {
            assert_eq!(parse_verdict(t).unwrap().score, 1.0);
        },
    );
}
