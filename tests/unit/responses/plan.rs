//! Unit tests of `src/responses/plan.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;
use crate::wasm::wire::parse;

#[test]
fn the_plan_the_glue_sees() {
    // Messages of runExpectBlockValidations / validateJudge of the reference.
    let expect = r#"{"predicateDescription":"p","snapshot":"s","passesJudge":[{"judge":"j"},{"rubric":{"text":"R"},"reps":2}],
        "schema":"w","containsText":"Echo","snapshotSanitizers":["uuid"]}"#;
    let response = r#"{"content":[{"type":"text","text":"Echo: 550e8400-e29b-41d4-a716-446655440000"}]}"#;
    let (e, r) = (
        parse(expect, false, "expect").unwrap(),
        parse(response, false, "response").unwrap(),
    );
    let options = PlanOptions {
        judge_reps: Some(3),
        predicate: true,
        ..Default::default()
    };
    let steps = plan(&Reader::new(Some(&e), "expect"), &r, &options).unwrap();
    let json = serde_json::to_value(&steps).unwrap();
    let keys: Vec<&str> = steps.iter().map(|(k, _)| *k).collect();
    assert_eq!(keys, ["schema", "textContains", "judge", "snapshot", "predicate"]);
    assert_eq!(
        json[0][1]["schema"]["missing"]["message"],
        "Schema \"w\" not found in schemas registry"
    );
    assert_eq!(json[0][1]["schema"]["target"], "response");
    assert_eq!(json[1][1]["done"]["message"], "Response contains expected text");
    assert_eq!(
        json[2][1]["judge"][0],
        serde_json::json!({ "named": { "name": "j", "threshold": 0.7 } })
    );
    assert_eq!(json[2][1]["judge"][1]["model"]["reps"], 2);
    assert!(json[2][1]["judge"][1]["model"]["prompt"]
        .as_str()
        .unwrap()
        .starts_with("Rubric:\nR\n\n<candidate_response>\n{\n  \"content\": ["));
    assert_eq!(
        json[3][1]["snapshot"],
        serde_json::json!({ "name": "s", "actual": "Echo: [UUID]" })
    );
    assert_eq!(json[4][1]["predicate"]["description"], "p");
    let e = plan(
        &Reader::new(Some(&parse(r#"{"schema":5}"#, false, "e").unwrap()), "expect"),
        &r,
        &options,
    );
    assert_eq!(e.unwrap_err().path, "expect.schema");
}

#[test]
fn finishing_steps() {
    let stored = snapshot_result("s", "a\n".into(), Some("b\n"));
    assert_eq!(
        stored.message,
        "Snapshot \"s\" differs:\n--- expected\n+++ actual\n@@ -1 +1 @@\n-b\n+a"
    );
    assert_eq!(
        snapshot_result("s", "a".into(), None).message,
        "No stored snapshot \"s\""
    );
    let returned = parse(r#"{"pass":false}"#, false, "r").unwrap();
    let r = predicate_result("p", None, &Reader::new(Some(&returned), "returned"));
    assert_eq!(r.message, "p: Expected response to satisfy p");
    let issues = parse(
        r#"[{"message":"Required","path":["a",0]},{"message":"Bad"}]"#,
        false,
        "i",
    )
    .unwrap();
    let v = schema_verdict(&Reader::new(Some(&issues), "issues"), &Val::Str("x".into())).unwrap();
    assert_eq!(v.message, "Response does not match schema: a.0: Required; root: Bad");
}
