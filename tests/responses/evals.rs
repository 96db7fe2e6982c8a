//! Native tests of the judge (rubrics, prompt, verdict parser, scoring) and
//! of eval dataset validation. Expected values come from
//! `@gleanwork/mcp-server-tester@1.1.0` (`dist/index.js`: `buildJudgePrompt`'s
//! template, `validateJudge`'s messages and `computeStdDev`, the zod dataset
//! schema) and from the seed `mcp-server-tester-expectations.txt` (its
//! example datasets, the 5-point scale). `tests/js/evals.test.mjs` runs the
//! reference's own functions against the package.
use crate::helpers::fixture;
use mcp_matchers::responses::*;
use mcp_matchers::ErrorCode;
use serde_json::{json, Value};

#[test]
fn rubrics_are_the_five_names_on_the_5_point_scale() {
    let names: Vec<_> = BUILT_IN_RUBRICS.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        names,
        [
            "correctness",
            "completeness",
            "groundedness",
            "instruction-following",
            "conciseness"
        ]
    );
    for (name, text) in BUILT_IN_RUBRICS {
        for level in ["1.0", "0.75", "0.5", "0.25", "0.0"] {
            assert!(text.contains(&format!("Score {level}")), "{name} {level}");
        }
        assert_eq!(resolve_rubric(&json!(name), "rubric").unwrap(), text);
    }
    assert_eq!(
        resolve_rubric(&json!({ "text": "Score 0-1." }), "r").unwrap(),
        "Score 0-1."
    );
    assert_eq!(
        resolve_rubric(&json!("tone"), "r").unwrap_err().code,
        ErrorCode::InvalidOption
    );
    assert_eq!(resolve_rubric(&json!({ "text": "" }), "r").unwrap_err().path, "r.text");
}

#[test]
fn prompt_follows_the_reference_template() {
    // buildJudgePrompt("The sum is -4.5", null, "R") under Node 20.
    let want = "Rubric:\nR\n\n<candidate_response>\nThe sum is -4.5\n</candidate_response>\n\n<reference_answer>\nNo reference provided.\n</reference_answer>\n\nEvaluate and return JSON: {\"pass\": boolean, \"score\": number (0-1), \"reasoning\": string}";
    assert_eq!(build_judge_prompt("The sum is -4.5", None, "R"), want);
    assert!(build_judge_prompt("c", Some("-4.5"), "R").contains("<reference_answer>\n-4.5\n</reference_answer>"));
}

#[test]
fn verdicts_survive_fences_and_prose() {
    let want = JudgeVerdict {
        pass: true,
        score: 0.75,
        reasoning: "ok".into(),
    };
    for text in [
        r#"{"pass": true, "score": 0.75, "reasoning": "ok"}"#,
        "```json\n{\"pass\": true, \"score\": 0.75, \"reasoning\": \"ok\"}\n```",
        "Verdict below.\n```\n{\"pass\": true, \"score\": 0.75, \"reasoning\": \"ok\"}\n```\nDone.",
        r#"{oops} then {"pass": true, "score": 0.75, "reasoning": "ok"}"#,
    ] {
        assert_eq!(parse_verdict(text).unwrap(), want, "{text}");
    }
    // The reference's fallback `score ?? (pass ? 1 : 0)`.
    assert_eq!(parse_verdict(r#"{"pass": false}"#).unwrap().score, 0.0);
}

#[test]
fn verdict_scores_outside_0_to_1_are_coded_errors() {
    for text in [r#"{"score": 1.5}"#, r#"{"score": -0.25}"#, r#"{"score": "high"}"#] {
        let e = parse_verdict(text).unwrap_err();
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::InvalidArgument, "verdict.score"),
            "{text}"
        );
    }
    let e = parse_verdict("I cannot decide").unwrap_err();
    assert_eq!((e.code, e.path.as_str()), (ErrorCode::InvalidJson, "verdict"));
}

struct Scripted(std::sync::Mutex<Vec<&'static str>>);

fn scripted(replies: Vec<&'static str>) -> Scripted {
    Scripted(std::sync::Mutex::new(replies))
}

impl JudgeModel for Scripted {
    fn complete(&self, prompt: &str) -> Result<String, mcp_matchers::error::BoxError> {
        assert!(prompt.starts_with("Rubric:\n"));
        let mut replies = self.0.lock().unwrap();
        if replies.is_empty() {
            return Err("out of replies".into());
        }
        Ok(replies.remove(0).to_string())
    }
}

fn judge(replies: Vec<&'static str>, config: Value) -> CheckResult {
    let response = json!({ "content": [{ "type": "text", "text": "The sum of 2.5 and -7 is -4.5." }] });
    validate_judge(&response, &config, &scripted(replies)).unwrap()
}

#[test]
fn judge_scores_as_the_reference() {
    // Messages from the reference's validateJudge with a stubbed model.
    let r = judge(
        vec![r#"{"pass":true,"score":0.75,"reasoning":"ok"}"#],
        json!({ "rubric": "correctness" }),
    );
    assert!(r.pass);
    assert_eq!(r.message, "Judge passed with score 0.75");
    let r = judge(
        vec![r#"{"pass":false,"score":0.5,"reasoning":"gaps"}"#],
        json!({ "rubric": "correctness" }),
    );
    assert!(!r.pass);
    assert_eq!(r.message, "Judge failed with score 0.50 (threshold: 0.7). gaps");
    let r = judge(
        vec![r#"{"score":0.25,"reasoning":"a"}"#, r#"{"score":0,"reasoning":"b"}"#],
        json!({ "rubric": { "text": "T" }, "reps": 2 }),
    );
    assert_eq!(
        r.message,
        "Judge failed with score 0.13 (threshold: 0.7) (mean of 2 reps: [0.25, 0.00]). b"
    );
    let d = r.details.unwrap();
    assert_eq!(d["score"], json!(0.125));
    assert_eq!(d["scoreStdDev"], json!(0.125));
    assert_eq!(d["highVariance"], json!(false));
    let r = judge(
        vec![r#"{"score":1}"#, r#"{"score":0.25}"#, r#"{"score":0.5}"#],
        json!({ "rubric": "conciseness", "reps": 3, "threshold": 0.5 }),
    );
    assert!(r.pass);
    assert_eq!(
        r.message,
        "Judge passed with score 0.58 (mean of 3 reps: [1.00, 0.25, 0.50])"
    );
    assert_eq!(r.details.unwrap()["highVariance"], json!(true));
}

#[test]
fn judge_failures_are_results_and_bad_configs_are_errors() {
    let r = judge(vec![], json!({ "rubric": "correctness" }));
    assert_eq!(r.message, "Judge evaluation error: out of replies");
    let r = judge(vec![r#"{"score": 3}"#], json!({ "rubric": "correctness" }));
    assert!(!r.pass && r.message.starts_with("Judge evaluation error: "));
    let response = json!("x");
    let e = validate_judge(
        &response,
        &json!({ "rubric": "correctness", "threshold": 1.2 }),
        &scripted(vec![]),
    )
    .unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (ErrorCode::InvalidOption, "config.threshold")
    );
    // Neither judge nor rubric: a failed result, as the reference's validateJudge (judge.test.ts).
    for config in [json!({}), json!({ "threshold": 0.5 })] {
        let r = validate_judge(&response, &config, &scripted(vec![])).unwrap();
        assert_eq!(
            (r.pass, r.message.as_str()),
            (
                false,
                "Judge evaluation failed: either \"judge\" or \"rubric\" must be provided"
            )
        );
    }
}

#[test]
fn judge_details_and_warnings_as_the_reference() {
    // The reference's judge.test.ts: judgeProvider defaults to anthropic; no rep fields for one rep.
    let r = judge(
        vec![r#"{"score":0.8,"reasoning":"Looks good"}"#],
        json!({ "rubric": { "text": "Is it good?" }, "reps": 1 }),
    );
    let d = r.details.clone().unwrap();
    assert_eq!(
        d,
        json!({ "score": 0.8, "reasoning": "Looks good", "judgeProvider": "anthropic" })
    );
    assert!(high_variance_warnings(&r).is_empty());
    let r = judge(
        vec![r#"{"score":0.1}"#, r#"{"score":0.9}"#],
        json!({ "rubric": "correctness", "reps": 2, "provider": "openai", "model": "gpt-4o" }),
    );
    let d = r.details.clone().unwrap();
    assert_eq!(
        (d["judgeProvider"].clone(), d["judgeModel"].clone()),
        (json!("openai"), json!("gpt-4o"))
    );
    assert_eq!(d["highVariance"], json!(true));
    let w = high_variance_warnings(&r);
    assert_eq!(w.len(), 1);
    assert!(
        w[0].contains("high variance") && w[0].contains("stdDev=0.40") && w[0].contains("[0.10, 0.90]"),
        "{}",
        w[0]
    );
    // isBuiltInRubric (rubrics.test.ts): the five names only, case-sensitive.
    for (name, _) in BUILT_IN_RUBRICS {
        assert!(is_built_in_rubric(name));
    }
    for s in ["my-custom-rubric", "", "CORRECTNESS", "toString", "constructor"] {
        assert!(!is_built_in_rubric(s), "{s}");
    }
}

#[test]
fn seed_datasets_are_valid() {
    // The "Testing Markdown Responses" dataset and cases of the seed.
    let d = json!({ "name": "city-info", "cases": [
        { "id": "city-info-text", "toolName": "get_city_info", "args": { "city": "London" },
          "expect": { "containsText": ["## City Information", "**City:** London", "### Features"] } },
        { "id": "get-user-profile", "toolName": "get_user", "args": { "id": "123" },
          "expect": { "snapshot": "user-profile", "snapshotSanitizers": ["uuid", "iso-date",
            { "pattern": "session_[a-zA-Z0-9]+", "replacement": "[SESSION]" },
            { "remove": ["lastLoginAt", "metrics.requestId"] }] } },
        { "id": "search-test", "toolName": "search_docs", "args": { "query": "authentication" },
          "expect": { "passesJudge": { "rubric": { "text": "Evaluate if relevant. Score 0-1." }, "threshold": 0.7 } } },
        { "id": "comprehensive-test", "toolName": "get_city_info", "args": { "city": "London" },
          "expect": { "schema": "city-info", "containsText": ["London", "Population"],
            "matchesPattern": ["^## City Information", "Population: [\\d.]+M"],
            "passesJudge": { "rubric": "correctness", "threshold": 0.7 } } }
    ]});
    validate_eval_dataset(&d).unwrap();
}

#[test]
fn dataset_errors_name_the_field() {
    // Paths and messages of the reference's zod schema (EvalDatasetSchema).
    let case = |expect: Value| json!({ "id": "a", "toolName": "t", "args": {}, "expect": expect });
    let mut cases = vec![case(json!({})); 3];
    cases.push(case(json!({ "responseSize": { "maxBytes": "10" } })));
    let e = validate_eval_dataset(&json!({ "name": "d", "cases": cases })).unwrap_err();
    assert_eq!(e.path, "cases[3].expect.responseSize.maxBytes");
    assert_eq!(e.message, "expected a number");
    assert_eq!(e.code, ErrorCode::InvalidArgument);
    let check = |d: Value, path: &str, message: &str| {
        let e = validate_eval_dataset(&d).unwrap_err();
        assert_eq!((e.path.as_str(), e.message.as_str()), (path, message));
    };
    check(json!({ "name": "", "cases": [] }), "name", "name must not be empty");
    check(
        json!({ "name": "d", "cases": [] }),
        "cases",
        "dataset must have at least one case",
    );
    check(
        json!({ "name": "d", "cases": [{ "id": "" }] }),
        "cases[0].id",
        "id must not be empty",
    );
    check(
        json!({ "name": "d", "cases": [{ "id": "a", "toolName": "" }] }),
        "cases[0].toolName",
        "toolName must not be empty",
    );
    check(
        json!({ "name": "d", "cases": [case(json!({ "passesJudge": { "threshold": 0.5 } }))] }),
        "cases[0].expect.passesJudge",
        "Either \"judge\" or \"rubric\" must be provided in passesJudge",
    );
    check(
        json!({ "name": "d", "cases": [case(json!({ "toolCallCount": { "min": 1.5 } }))] }),
        "cases[0].expect.toolCallCount.min",
        "expected an integer",
    );
}

#[test]
fn hostile_verdicts_do_not_panic() {
    let deep = "{\"a\":".repeat(5000);
    let open = format!("{{\"{}", "x".repeat(100_000));
    let braces = "{".repeat(100_000);
    for text in [
        deep.as_str(),
        open.as_str(),
        braces.as_str(),
        "",
        "{",
        "}{",
        "{\"score\": 1e400}",
        "\u{1F600}{\"score\":0.5}",
    ] {
        let _ = parse_verdict(text);
    }
    assert_eq!(parse_verdict("\u{1F600}{\"score\":0.5}").unwrap().score, 0.5);
    assert!(parse_verdict("{\"score\": 1e400}").is_err());
}

#[test]
fn evaluate_expectations_on_recorded_responses() {
    // Messages of the reference's validateError / validateText /
    // validatePattern / validateToolCallCount on the same fixtures (Node 20).
    let echo = fixture("everything/echo.result.json");
    let expect = json!({ "containsText": ["hello FROM", "Echo:"], "isError": true, "toolCallCount": { "min": 1 } });
    let r = evaluate_expectations(&expect, &echo, &EvaluateContext::default()).unwrap();
    let got: Vec<_> = r
        .iter()
        .map(|(k, v)| (k.as_str(), v.pass, v.message.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            (
                "textContains",
                false,
                "Response does not contain expected text: \"hello FROM\""
            ),
            ("error", false, "Expected an error response but got success"),
            (
                "toolCallCount",
                false,
                "toolCallCount expectation requires mcp_host mode — response must be an MCPHostSimulationResult"
            ),
        ]
    );
    let sum = fixture("everything/get-sum.result.json");
    let model = scripted(vec![
        "Sure.\n```json\n{\"pass\": true, \"score\": 1, \"reasoning\": \"right\"}\n```",
    ]);
    // `schemas` exists only with the `schema` feature.
    #[allow(clippy::needless_update)]
    let ctx = EvaluateContext {
        judge: Some(&model),
        snapshots: [("sum".to_string(), "The sum of 2.5 and -7 is -4.5.".to_string())].into(),
        ..Default::default()
    };
    let expect = json!({
        "matchesPattern": "^The sum of 2\\.5 and -7 is -4\\.5\\.$",
        "passesJudge": { "rubric": "correctness", "reference": "-4.5" },
        "snapshot": "sum",
        "schema": "sum-schema"
    });
    let r = evaluate_expectations(&expect, &sum, &ctx).unwrap();
    let got: Vec<_> = r.iter().map(|(k, v)| (k.as_str(), v.pass)).collect();
    assert_eq!(
        got,
        [("schema", false), ("regex", true), ("judge", true), ("snapshot", true)]
    );
    // The reference's message for a name missing from the registry.
    assert_eq!(r[0].1.message, "Schema \"sum-schema\" not found in schemas registry");
    assert_eq!(r[1].1.message, "Response matches pattern");
    assert_eq!(r[2].1.message, "Judge passed with score 1.00");
    let e = evaluate_expectations(
        &json!({ "matchesPattern": ["(?=x)"] }),
        &sum,
        &EvaluateContext::default(),
    );
    assert!(e.is_err());
}

/// `run_eval_dataset` against the reference's `runEvalDataset`
/// (`@gleanwork/mcp-server-tester@1.1.0` under Node 20) run on the same
/// dataset with the same scripted tool: the values below are the
/// reference's (counts, each case's pass and error, pass rates, `wilsonCI`,
/// infrastructure errors, expectation messages, `stopOnFailure`,
/// `filterTags`).
#[test]
fn run_eval_dataset_as_the_reference_runs_it() {
    let (echo, sum) = (
        fixture("everything/echo.result.json"),
        fixture("everything/get-sum.result.json"),
    );
    let dataset = json!({ "name": "native", "cases": [
        { "id": "echo", "toolName": "echo", "args": { "message": "hi" }, "tags": ["smoke"], "expect": { "containsText": "Echo:", "isError": false } },
        { "id": "flaky", "toolName": "flaky", "args": {}, "iterations": 5, "accuracyThreshold": 0.6, "expect": { "containsText": "Echo" } },
        { "id": "infra", "toolName": "infra", "args": {}, "iterations": 4, "expect": { "containsText": "sum" } },
        { "id": "down", "toolName": "down", "args": {}, "iterations": 3, "expect": { "containsText": "sum" } },
        { "id": "no-args", "toolName": "echo", "tags": ["smoke"] }
    ]});
    let err = |m: &str| Err::<Value, _>(ToolError::new(m));
    let run = |options: Value| {
        let mut seen = std::collections::HashMap::<String, usize>::new();
        let mut tool = |name: Option<&str>, _: &Value, _: &Value| {
            let name = name.unwrap_or_default().to_string();
            let n = *seen.entry(name.clone()).and_modify(|n| *n += 1).or_insert(0);
            match (name.as_str(), n) {
                ("echo", _) => Ok(echo.clone()),
                ("flaky", n) => Ok(if n % 2 == 0 { echo.clone() } else { sum.clone() }),
                ("infra", 1) => err("read ECONNRESET"),
                ("infra", 3) => err("429 Too Many Requests"),
                ("infra", _) => Ok(sum.clone()),
                _ => err("fetch failed: network unreachable"),
            }
        };
        run_eval_dataset(&dataset, &mut tool, &options, &EvaluateContext::default()).unwrap()
    };
    let r = run(json!({}));
    assert_eq!([&r["total"], &r["passed"], &r["failed"]], [5, 3, 2]);
    let cases = r["caseResults"].as_array().unwrap();
    let field = |k: &str| cases.iter().map(|c| c[k].clone()).collect::<Vec<_>>();
    assert_eq!(field("pass"), [true, true, true, false, false]);
    assert_eq!(
        field("error"),
        [
            Value::Null,
            Value::Null,
            json!("429 Too Many Requests"),
            json!("fetch failed: network unreachable"),
            json!("Eval case no-args: args is required for direct mode")
        ]
    );
    assert_eq!(
        field("assertionPassRate"),
        [Value::Null, json!(0.6), json!(1.0), json!(0.0), Value::Null]
    );
    assert_eq!(
        cases[1]["assertionPassRateCI"],
        json!({ "lower": 0.22908578299119853, "upper": 0.8840159180583853 })
    );
    assert_eq!(
        cases[2]["assertionPassRateCI"],
        json!({ "lower": 0.29021949554532234, "upper": 1.0 })
    );
    assert_eq!(cases[3].get("assertionPassRateCI"), None);
    assert_eq!(
        [
            &cases[2]["infrastructureErrorRate"],
            &cases[2]["infrastructureErrorCount"]
        ],
        [&json!(0.5), &json!(2)]
    );
    let infra: Vec<_> = cases[2]["iterationResults"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["pass"].clone(), i["isInfrastructureError"].clone()))
        .collect();
    assert_eq!(
        infra,
        [(true, false), (false, true), (true, false), (false, true)].map(|(a, b)| (json!(a), json!(b)))
    );
    assert_eq!(cases[3]["infrastructureErrorCount"], 3);
    assert_eq!(
        cases[0]["expectations"]["textContains"]["message"],
        "Response contains expected text"
    );
    assert_eq!(
        cases[0]["expectations"]["error"]["message"],
        "Response is not an error as expected"
    );
    assert_eq!(cases[0]["response"], echo);
    let stopped = run(json!({ "stopOnFailure": true }));
    assert_eq!([&stopped["total"], &stopped["passed"]], [4, 3]);
    let tagged = run(json!({ "filterTags": ["smoke"] }));
    let ids: Vec<_> = tagged["caseResults"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].clone())
        .collect();
    assert_eq!(ids, ["echo", "no-args"]);
    let e = run_eval_dataset(
        &dataset,
        &mut |_, _, _| err("x"),
        &json!({ "concurrency": 0 }),
        &EvaluateContext::default(),
    );
    assert_eq!(e.unwrap_err().path, "options.concurrency");
}

#[test]
fn dataset_issues_are_zods() {
    // Paths and codes of the reference's ZodError issues for the same datasets.
    let c = |x: Value| {
        let mut case = json!({ "id": "a" });
        case.as_object_mut().unwrap().extend(x.as_object().unwrap().clone());
        json!({ "name": "d", "cases": [case] })
    };
    for (d, path, code) in [
        (json!({}), json!(["name"]), "invalid_type"),
        (json!({ "name": "d", "cases": [] }), json!(["cases"]), "too_small"),
        (
            c(json!({ "iterations": 1.5 })),
            json!(["cases", 0, "iterations"]),
            "invalid_type",
        ),
        (
            c(json!({ "accuracyThreshold": 2 })),
            json!(["cases", 0, "accuracyThreshold"]),
            "too_big",
        ),
        (c(json!({ "mode": "x" })), json!(["cases", 0, "mode"]), "invalid_value"),
        (
            c(json!({ "expect": { "isError": 5 } })),
            json!(["cases", 0, "expect", "isError"]),
            "invalid_union",
        ),
        (
            c(json!({ "expect": { "passesJudge": {} } })),
            json!(["cases", 0, "expect", "passesJudge"]),
            "custom",
        ),
        (
            c(json!({ "mcpHostConfig": { "provider": "x" } })),
            json!(["cases", 0, "mcpHostConfig", "provider"]),
            "invalid_value",
        ),
        (json!(5), json!([]), "invalid_type"),
    ] {
        let issues = eval_dataset_issues(&d);
        assert_eq!(issues.len(), 1, "{d}");
        assert_eq!((json!(issues[0].path), issues[0].code), (path, code), "{d}");
        assert_eq!(validate_eval_dataset(&d).unwrap_err().message, issues[0].message);
    }
    assert!(eval_dataset_issues(&c(json!({ "toolName": "t" }))).is_empty());
    // A pattern that does not compile (the reference accepts ")4" and fails at run time).
    let d = c(json!({ "expect": { "matchesPattern": ")4" } }));
    let e = validate_eval_dataset(&d).unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (ErrorCode::InvalidArgument, "cases[0].expect.matchesPattern")
    );
    assert!(e.message.starts_with("invalid regex pattern \")4\": "), "{}", e.message);
    assert_eq!(eval_dataset_issues(&d)[0].code, "custom");
    let e = validate_eval_case(&json!({ "id": "" }), "").unwrap_err();
    assert_eq!(e.path, "id");
    assert_eq!(validate_eval_case(&json!(null), "").unwrap_err().path, "evalCase");
    assert_eq!(
        json!(eval_case_issues(&json!({ "tags": [1], "id": "a" }))[0].path),
        json!(["tags", 0])
    );
}

#[test]
fn utils_as_the_reference() {
    // getResponseSizeBytes and normalizeWhitespace of the reference (validators/utils.ts).
    assert_eq!(response_json_size_bytes(&json!(null)), 0);
    assert_eq!(response_json_size_bytes(&json!("héllo ✓")), 10);
    assert_eq!(response_json_size_bytes(&json!([1, { "b": [true] }])), 44);
    assert_eq!(response_json_size_bytes(&json!({})), 2);
    assert_eq!(
        normalize_whitespace("\u{feff} a\u{a0}\u{a0}b\n\u{2028}c \u{85}"),
        "a b c \u{85}"
    );
    assert_eq!(normalize_whitespace(" \t "), "");
}

#[test]
fn compare_eval_runs_as_the_reference() {
    // evalRunComparison.test.ts of the reference.
    let case = |id: &str, pass: bool| json!({ "id": id, "pass": pass, "datasetName": "comparison-test" });
    let run = |cases: Vec<Value>, extra: Value| {
        let passed = cases.iter().filter(|c| c["pass"] == true).count();
        let mut r =
            json!({ "total": cases.len(), "passed": passed, "failed": cases.len() - passed, "caseResults": cases });
        r.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        r
    };
    let baseline = run(
        vec![
            case("improved", false),
            case("regressed", true),
            case("unchanged-pass", true),
            case("unchanged-fail", false),
            case("missing-from-candidate", true),
        ],
        json!({}),
    );
    let candidate = run(
        vec![
            case("improved", true),
            case("regressed", false),
            case("unchanged-pass", true),
            case("unchanged-fail", false),
            case("missing-from-baseline", true),
        ],
        json!({}),
    );
    let r = compare_eval_runs(&json!({ "baseline": baseline, "candidate": candidate })).unwrap();
    let pairs: Vec<(&str, &str)> = r["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["id"].as_str().unwrap(), c["outcome"].as_str().unwrap()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("improved", "IMPROVED"),
            ("regressed", "REGRESSED"),
            ("unchanged-pass", "UNCHANGED_PASS"),
            ("unchanged-fail", "UNCHANGED_FAIL"),
            ("missing-from-candidate", "MISSING_FROM_CANDIDATE"),
            ("missing-from-baseline", "MISSING_FROM_BASELINE"),
        ]
    );
    for (key, id) in [
        ("improvedCases", "improved"),
        ("regressedCases", "regressed"),
        ("unchangedPasses", "unchanged-pass"),
        ("unchangedFailures", "unchanged-fail"),
        ("missingFromBaseline", "missing-from-baseline"),
        ("missingFromCandidate", "missing-from-candidate"),
    ] {
        assert_eq!(r[key].as_array().unwrap().len(), 1);
        assert_eq!(r[key][0]["id"], id);
    }
    assert!(r["missingFromCandidate"][0].get("candidate").is_none());
    let b = run(
        vec![case("a", true), case("b", false), case("c", false)],
        json!({ "datasetToolPrecision": 0.5 }),
    );
    let k = run(
        vec![case("a", true), case("b", true), case("c", false)],
        json!({ "datasetToolPrecision": 0.75, "datasetToolRecall": 0.5, "metadata": { "toolOverrideVariantId": "v2" } }),
    );
    let r = compare_eval_runs(&json!({ "baseline": b, "candidate": k })).unwrap();
    assert_eq!(r["deltaToolPrecision"], 0.25);
    assert_eq!(r["candidateToolRecall"], 0.5);
    assert!(r.get("baselineToolRecall").is_none() && r.get("deltaToolRecall").is_none());
    assert_eq!(
        (r["baselineLabel"].as_str(), r["candidateLabel"].as_str()),
        (Some("baseline"), Some("v2"))
    );
    let empty = run(vec![], json!({}));
    let r = compare_eval_runs(&json!({ "baseline": empty, "candidate": empty, "labels": { "baseline": "control" } }))
        .unwrap();
    assert_eq!(
        (r["deltaPassRate"].as_f64(), r["baselineLabel"].as_str()),
        (Some(0.0), Some("control"))
    );
    let e = compare_eval_runs(&json!({ "baseline": empty, "candidate": { "total": 1, "passed": 1, "caseResults": [{ "id": 1, "pass": true }] } })).unwrap_err();
    assert_eq!(e.path, "options.candidate.caseResults[0].id");
}

#[test]
fn run_eval_case_as_the_reference() {
    // evalRunner.test.ts of the reference: a single case, its refusals and its dataset name.
    let mut tool = |name: Option<&str>, _args: &Value, _case: &Value| match name {
        Some("test-tool") => Ok(json!({ "content": [{ "type": "text", "text": "hello world" }] })),
        _ => Err(ToolError::new("Tool failed")),
    };
    let ctx = EvaluateContext::default();
    let case = json!({ "id": "test-case", "toolName": "test-tool", "args": { "input": "test" }, "expect": { "containsText": "hello" } });
    let r = run_eval_case(&case, &mut tool, None, &ctx).unwrap();
    assert_eq!(
        (&r["id"], &r["toolName"], &r["source"], &r["datasetName"], &r["pass"]),
        (
            &json!("test-case"),
            &json!("test-tool"),
            &json!("eval"),
            &json!("single-case"),
            &json!(true)
        )
    );
    assert_eq!(r["expectations"]["textContains"]["pass"], true);
    let r = run_eval_case(
        &json!({ "id": "x", "toolName": "test-tool" }),
        &mut tool,
        Some("my-dataset"),
        &ctx,
    )
    .unwrap();
    assert_eq!(
        (&r["error"], &r["datasetName"]),
        (
            &json!("Eval case x: args is required for direct mode"),
            &json!("my-dataset")
        )
    );
    let host = json!({ "id": "h", "mode": "mcp_host", "mcpHostConfig": { "provider": "openai" } });
    let r = run_eval_case(&host, &mut tool, None, &ctx).unwrap();
    assert_eq!(r["error"], "Eval case h: scenario is required for mcp_host mode");
    let host = json!({ "id": "h", "mode": "mcp_host", "scenario": "s" });
    let r = run_eval_case(&host, &mut tool, None, &ctx).unwrap();
    assert_eq!(
        (&r["error"], &r["toolName"]),
        (
            &json!("Eval case h: mcpHostConfig is required for mcp_host mode"),
            &json!("mcp_host")
        )
    );
    let e = run_eval_case(&json!({ "id": "" }), &mut tool, None, &ctx).unwrap_err();
    assert_eq!(e.path, "id");
}

#[test]
fn the_evaluate_context_and_judge_models_are_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<EvaluateContext<'static>>();
    assert_send_sync::<&dyn JudgeModel>();
    assert_send_sync::<mcp_matchers::MatcherError>();
}

#[test]
fn a_closure_is_a_judge_model_and_its_error_a_failed_check() {
    let ok = |_: &str| -> Result<String, String> { Ok(r#"{"score": 0.75, "reasoning": "ok"}"#.into()) };
    let r = validate_judge(&json!("x"), &json!({ "rubric": "correctness" }), &ok).unwrap();
    assert_eq!((r.pass, r.message.as_str()), (true, "Judge passed with score 0.75"));
    let io = |_: &str| -> Result<String, std::io::Error> { Err(std::io::Error::other("offline")) };
    let r = validate_judge(&json!("x"), &json!({ "rubric": "correctness" }), &io).unwrap();
    assert!(!r.pass);
    assert!(r.message.contains("offline"), "{}", r.message);
    // One context shared by threads.
    let ctx = EvaluateContext {
        judge: Some(&ok),
        ..Default::default()
    };
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                let r = evaluate_expectations(&json!({ "containsText": "x" }), &json!("x"), &ctx).unwrap();
                assert_eq!(r.len(), 1);
            });
        }
    });
}
