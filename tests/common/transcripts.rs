//! Transcript exports (`mcp-matchers/transcripts`, reeval's matchers): a
//! real Claude Code stream-json line (tests/fixtures/transcripts/claude-code,
//! see its SOURCES.md) normalised and judged across the boundary.

use super::error_parts;
use mcp_matchers::wasm::{to_have_called_tool_js, to_have_run_js, TranscriptRun};
use serde_json::{json, Value};
use wasm_bindgen_test::wasm_bindgen_test;

const BASH: &str = include_str!("../fixtures/transcripts/claude-code/gleam-sdk_assistant_tool_use_bash.json");

/// `normalizeTranscript` as the glue makes it: the kept run's head and turns.
fn normalize(input: &str, options: &str) -> Result<(TranscriptRun, Value), wasm_bindgen::JsValue> {
    let run = TranscriptRun::new(&wasm_bindgen::JsValue::from_str(input), true, options)?;
    let mut v: Value = serde_json::from_str(&run.head()).unwrap();
    v["turns"] = serde_json::from_str(&run.turns()).unwrap();
    Ok((run, v))
}

fn turn() -> Value {
    let (_, run) = normalize(BASH, "{}").unwrap();
    assert_eq!(run["harness"], json!("claude-code"));
    assert_eq!(run["diagnostics"], json!([]));
    run["turns"][0].clone()
}

#[wasm_bindgen_test]
fn reading_nothing_crosses_as_a_diagnostic() {
    let (_, run) = normalize("no JSON here", "{}").unwrap();
    assert_eq!(run["harness"], json!("unknown"));
    assert_eq!(
        run["diagnostics"],
        json!([{ "code": "NOTHING_READ", "path": "input", "message": "read nothing: no line of the input is a JSON record" }])
    );
}

type JsResult = Result<String, wasm_bindgen::JsValue>;

/// One matcher's export (one per matcher, named as the JS function) on `[actual, negated, ...args]`.
fn check(matcher: fn(&str) -> JsResult, args: Value) -> Result<Value, wasm_bindgen::JsValue> {
    matcher(&args.to_string()).map(|t| serde_json::from_str(&t).unwrap())
}

#[wasm_bindgen_test]
fn a_recorded_turn_is_normalised_and_judged() {
    let t = turn();
    // The fixture's one call is Bash with the command `ls -la`.
    assert_eq!(t["events"][0]["name"], json!("bash"));
    assert_eq!(t["events"][0]["input"]["command"], json!("ls -la"));
    assert_eq!(
        check(to_have_run_js, json!([t, false, "ls"])).unwrap()["pass"],
        json!(true)
    );
    let re = json!({ "source": "^ls\\s+-la$", "flags": "" });
    assert_eq!(
        check(to_have_run_js, json!([t, false, re])).unwrap()["pass"],
        json!(true)
    );
    assert_eq!(
        check(to_have_run_js, json!([t, true, "ls"])).unwrap()["pass"],
        json!(false)
    );
    assert_eq!(
        check(to_have_called_tool_js, json!([t, false, "bash"])).unwrap()["pass"],
        json!(true)
    );
}

#[wasm_bindgen_test]
fn transcript_errors_are_coded_and_the_module_keeps_answering() {
    let e = normalize(BASH, r#"{"harness":"claude-desktop"}"#).err().unwrap();
    assert_eq!(error_parts(e), ("INVALID_OPTION".into(), "options.harness".into()));
    let e = normalize(BASH, r#"{"workspace":7}"#).err().unwrap();
    assert_eq!(error_parts(e), ("INVALID_OPTION".into(), "options.workspace".into()));
    let e = check(to_have_run_js, json!([{ "turns": 1 }, false, "ls"])).unwrap_err();
    assert_eq!(error_parts(e), ("INVALID_ARGUMENT".into(), "actual".into()));
    let e = check(
        to_have_called_tool_js,
        json!([turn(), false, { "source": "(", "flags": "" }]),
    )
    .unwrap_err();
    assert_eq!(error_parts(e).1, "name");
    assert_eq!(
        check(to_have_run_js, json!([turn(), false])).unwrap()["pass"],
        json!(true)
    );
}

#[wasm_bindgen_test]
fn a_kept_run_is_judged_in_place_with_what_the_caller_set() {
    let (run, _) = normalize(BASH, "{}").unwrap();
    type Method = fn(&TranscriptRun, i32, bool, &str, &str) -> JsResult;
    let ask = |m: Method, turn: i32, negated: bool, subject: Value, args: Value| {
        m(&run, turn, negated, &subject.to_string(), &args.to_string())
            .map(|t| serde_json::from_str::<Value>(&t).unwrap())
    };
    // The fixture's one call is Bash with the command `ls -la`, in turn 0.
    for turn in [-1, 0] {
        assert_eq!(
            ask(TranscriptRun::to_have_run_js, turn, false, json!({}), json!(["ls"])).unwrap()["pass"],
            json!(true)
        );
        assert_eq!(
            ask(TranscriptRun::to_have_run_js, turn, true, json!({}), json!(["ls"])).unwrap()["pass"],
            json!(false)
        );
        assert_eq!(
            ask(TranscriptRun::to_have_run_js, turn, false, json!({}), json!(["rm"])).unwrap()["pass"],
            json!(false)
        );
    }
    // A diff the caller set on the run object is the one toHaveChanged reads.
    let diff = json!({ "diff": { "files": [{ "path": "src/a.ts", "status": "modified" }] } });
    assert_eq!(
        ask(TranscriptRun::to_have_changed_js, -1, false, diff, json!(["src/*.ts"])).unwrap()["pass"],
        json!(true)
    );
    assert_eq!(
        ask(
            TranscriptRun::to_have_changed_js,
            -1,
            false,
            json!({}),
            json!(["src/*.ts"])
        )
        .unwrap()["pass"],
        json!(false)
    );
    // A turn the run does not have, and a bad argument, are coded errors.
    let e = ask(TranscriptRun::to_have_run_js, 1, false, json!({}), json!(["ls"])).unwrap_err();
    assert_eq!(error_parts(e), ("INVALID_ARGUMENT".into(), "actual".into()));
    let e = ask(
        TranscriptRun::to_have_called_tool_js,
        0,
        false,
        json!({}),
        json!([{ "source": "(", "flags": "" }]),
    )
    .unwrap_err();
    assert_eq!(error_parts(e).1, "name");
}
