//! Transcript exports (`mcp-matchers/transcripts`, reeval's matchers): a
//! real Claude Code stream-json line (tests/fixtures/transcripts/claude-code,
//! see its SOURCES.md) normalised and judged across the boundary.

use super::error_parts;
use mcp_matchers::wasm::{transcript_check, transcript_normalize};
use serde_json::{json, Value};
use wasm_bindgen_test::wasm_bindgen_test;

const BASH: &str = include_str!("../fixtures/transcripts/claude-code/gleam-sdk_assistant_tool_use_bash.json");

fn turn() -> Value {
    let run: Value = serde_json::from_str(&transcript_normalize(BASH, true, "{}").unwrap()).unwrap();
    assert_eq!(run["harness"], json!("claude-code"));
    assert_eq!(run["diagnostics"], json!([]));
    run["turns"][0].clone()
}

#[wasm_bindgen_test]
fn reading_nothing_crosses_as_a_diagnostic() {
    let run: Value = serde_json::from_str(&transcript_normalize("no JSON here", true, "{}").unwrap()).unwrap();
    assert_eq!(run["harness"], json!("unknown"));
    assert_eq!(
        run["diagnostics"],
        json!([{ "code": "NOTHING_READ", "path": "input", "message": "read nothing: no line of the input is a JSON record" }])
    );
}

fn check(matcher: &str, args: Value) -> Result<Value, wasm_bindgen::JsValue> {
    transcript_check(matcher, &args.to_string()).map(|t| serde_json::from_str(&t).unwrap())
}

#[wasm_bindgen_test]
fn a_recorded_turn_is_normalised_and_judged() {
    let t = turn();
    // The fixture's one call is Bash with the command `ls -la`.
    assert_eq!(t["events"][0]["name"], json!("bash"));
    assert_eq!(t["events"][0]["input"]["command"], json!("ls -la"));
    assert_eq!(
        check("toHaveRun", json!([t, false, "ls"])).unwrap()["pass"],
        json!(true)
    );
    let re = json!({ "source": "^ls\\s+-la$", "flags": "" });
    assert_eq!(check("toHaveRun", json!([t, false, re])).unwrap()["pass"], json!(true));
    assert_eq!(
        check("toHaveRun", json!([t, true, "ls"])).unwrap()["pass"],
        json!(false)
    );
    assert_eq!(
        check("toHaveCalledTool", json!([t, false, "bash"])).unwrap()["pass"],
        json!(true)
    );
}

#[wasm_bindgen_test]
fn transcript_errors_are_coded_and_the_module_keeps_answering() {
    let e = transcript_normalize(BASH, true, r#"{"harness":"claude-desktop"}"#).unwrap_err();
    assert_eq!(error_parts(e), ("INVALID_OPTION".into(), "options.harness".into()));
    let e = transcript_normalize(BASH, true, r#"{"workspace":7}"#).unwrap_err();
    assert_eq!(error_parts(e), ("INVALID_OPTION".into(), "options.workspace".into()));
    let e = check("toHaveRun", json!([{ "turns": 1 }, false, "ls"])).unwrap_err();
    assert_eq!(error_parts(e), ("INVALID_ARGUMENT".into(), "actual".into()));
    let e = check(
        "toHaveCalledTool",
        json!([turn(), false, { "source": "(", "flags": "" }]),
    )
    .unwrap_err();
    assert_eq!(error_parts(e).1, "name");
    assert_eq!(check("toHaveRun", json!([turn(), false])).unwrap()["pass"], json!(true));
}
