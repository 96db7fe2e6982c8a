//! The typed fast path for list traces given as text (`src/traces/typed.rs`)
//! against the value reader: for every fixture and for a table of odd lists,
//! reading the text must give exactly what reading its parsed value gives
//! (calls, text, error, diagnostics and messages), for every format asked.
#![cfg(not(target_arch = "wasm32"))]

use mcp_matchers::traces::{PromptResult, TraceFormat};
use serde_json::Value;

const FORMATS: [Option<&str>; 7] = [
    None,
    Some("openai-chat"),
    Some("openai-responses"),
    Some("anthropic"),
    Some("gemini"),
    Some("vercel-ai"),
    Some("mcpjam"),
];

/// Text and value read alike, for every format asked (errors alike too).
fn same(text: &str) {
    let value: Value = serde_json::from_str(text).unwrap();
    for name in FORMATS {
        let format = name.map(|n| TraceFormat::from_name(n).unwrap());
        let by_text = PromptResult::from_trace_text(text, format);
        let by_value = PromptResult::from_trace(&value, format);
        assert_eq!(by_text, by_value, "format {name:?} of {text}");
        let calls_only = PromptResult::calls_from_trace_text(text, format);
        match (calls_only, by_value) {
            (Ok(c), Ok(v)) => {
                assert_eq!(c.get_tool_calls(), v.get_tool_calls(), "{name:?} {text}");
                assert_eq!(c.diagnostics(), v.diagnostics(), "{name:?} {text}");
                assert_eq!((c.text(), c.get_error()), (v.text(), v.get_error()), "{name:?} {text}");
            }
            (c, v) => assert_eq!(c.is_ok(), v.is_ok(), "{name:?} {text}"),
        }
    }
}

#[test]
fn every_json_fixture_reads_the_same_as_text_and_as_value() {
    let mut n = 0;
    for dir in std::fs::read_dir("tests/fixtures/traces").unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(dir).unwrap() {
            let path = f.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            if serde_json::from_str::<Value>(&text).is_ok() {
                same(&text);
                n += 1;
            }
        }
    }
    assert!(n >= 30, "{n} JSON fixtures");
}

/// Odd lists: each must read as its value reads (the typed structs either
/// take them alike or fall back).
const ODD: &[&str] = &[
    "[]",
    " [ ] ",
    "[1, 2]",
    "[null]",
    r#"["text"]"#,
    r#"[{"role":"user","content":"hi \"there\" \u00e9"}, {"role":"assistant","content":null}]"#,
    r#"[{"role":"assistant","tool_calls":[{"id":"a","function":null}]}]"#,
    r#"[{"role":"assistant","tool_calls":[{"id":"a","function":"f"}]}]"#,
    r#"[{"role":"assistant","tool_calls":[{"id":"a","function":{"name":5}}]}]"#,
    r#"[{"role":"assistant","tool_calls":[{"id":"a","function":{"name":"f"}}]}]"#,
    r#"[{"role":"assistant","tool_calls":[{"id":"a","function":{"name":"f","arguments":null}}]}]"#,
    r#"[{"role":"assistant","tool_calls":[{"id":"a","function":{"name":"f","arguments":{"x":1}}}]}]"#,
    r#"[{"role":"assistant","tool_calls":[{"id":"a","function":{"name":"f","arguments":"[1]"}}]}]"#,
    r#"[{"role":"assistant","tool_calls":[{"id":7,"type":"function","function":{"name":"f","arguments":"{}"}}]}]"#,
    r#"[{"role":"assistant","tool_calls":[{"type":"custom","custom":{"name":"c","input":"x"}}]}]"#,
    r#"[{"role":"assistant","tool_calls":[{"type":"custom","custom":null}]}]"#,
    r#"[{"role":"assistant","tool_calls":[{"type":"weird"}]}]"#,
    r#"[{"role":"assistant","tool_calls":{}}]"#,
    r#"[{"role":"assistant","tool_calls":null,"function_call":{"name":"old","arguments":"{\"a\":1}"}}]"#,
    r#"[{"role":"assistant","function_call":{"arguments":"{}"}}]"#,
    r#"[{"role":"assistant","role":"user","content":"dup"}]"#,
    r#"[{"role":"assistant","tool_calls":[{"id":"a","function":{"name":"f","arguments":"{}"}}]},
        {"role":"tool","tool_call_id":"a","content":[{"type":"text","text":"ok"}]},
        {"role":"tool","tool_call_id":"zz","content":"lost"},
        {"role":"function","name":"f","content":null},
        {"content":"no role"}]"#,
    r#"[{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"f","input":null}]},
        {"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":{"type":"x_error"}}]}]"#,
    r#"[{"role":"assistant","content":[{"type":"tool_use","id":"t","input":{}},{"type":"odd"},{"type":"thinking","thinking":"…"}]}]"#,
    r#"[{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"f"},"str"]}]"#,
    r#"[{"role":"assistant","content":[{"type":"mcp_tool_use","id":"m","name":"g","server_name":"s","input":"{\"a\":1}"}]},
        {"role":"user","content":[{"type":"text","text":"q"},{"type":"mcp_tool_result","tool_use_id":"m","is_error":true}]},
        {"role":"user","content":[{"type":"tool_result","tool_use_id":"m","is_error":"yes"}]},
        {"role":"assistant","content":"plain"},{"role":"user","content":{"a":1}},{"role":"user"}]"#,
    r#"[{"role":"model","parts":[{"functionCall":{"name":"f"}},{"functionCall":null},{"thought":true,"text":"x"},{"text":"hi"}]},
        {"role":"user","parts":[{"text":null},{"functionResponse":{"name":"f","response":{"error":1}}}]}]"#,
    r#"[{"role":"model","parts":[{"functionCall":{"args":"{\"a\":1}"}},{"functionCall":{"name":"g","args":[1]}}]},
        {"parts":[{"functionResponse":{"id":"x","response":null}}]},{"role":"model","parts":{}},"text"]"#,
    r#"[{"role":"assistant","content":[{"type":"text","text":"a"},{"type":"tool-call","toolCallId":"c","toolName":"f","input":null,"args":{"x":1}},
        {"type":"tool-call","toolCallId":"d","toolName":"g","args":"{\"y\":2}"},{"type":"tool-call","toolCallId":"e"},{"type":"reasoning","text":"r"}]},
        {"role":"tool","content":[{"type":"tool-result","toolCallId":"c","toolName":"f","output":{"type":"error-text","value":"bad"}},
        {"type":"tool-result","toolCallId":"d","toolName":"g","result":null,"isError":true},
        {"type":"tool-result","toolCallId":"q","output":{"type":"json"}},{"type":"tool-error","toolCallId":"e","error":"x"}]},
        {"role":"tool","content":"t"},{"role":"system","content":[{"type":"text","text":"s"}]},{"role":"","content":"x"},{"role":"assistant"}]"#,
    r#"[{"role":"assistant","content":"hi","toolInvocations":null},{"role":"user","parts":[{"type":"text","text":"u"}]}]"#,
    r#"[{"role":"assistant","content":[{"type":"tool-call","toolCallId":"c","toolName":"f","input":{}}]},{"stepType":"initial"}]"#,
    r#"[{"role":"assistant","content":[{"type":"tool-result","toolCallId":"c","isError":"no"}]}]"#,
    r#"[{"role":"developer","content":"d"},{"type":"message","role":null,"content":[{"type":"output_text","text":"o"}]},
        {"type":"function_call","call_id":"a","name":"parallel","arguments":"{\"tool_uses\":[{\"recipient_name\":\"f\"}]}","status":"in_progress"},
        {"type":"function_call","call_id":"b","name":"g"},{"type":"function_call","call_id":"c","arguments":"{}"},
        {"type":"function_call","call_id":"d","name":"h","arguments":null},
        {"type":"function_call_output","call_id":"a","output":null,"tools":[1]},{"type":"tool_search_output","tools":[]},
        {"type":"custom_tool_call","call_id":"e","name":"c","input":{"x":1}},
        {"type":"mcp_call","id":"m","name":"n","server_label":"s","arguments":"{}","status":"failed","error":null},
        {"type":"mcp_call","id":"m2","name":"n","arguments":{"a":1},"error":{"message":"x"},"output":"o"},
        {"type":"mcp_call","id":"m3","name":"n","output":null},{"type":"mcp_approval_request","name":"n"},
        {"type":"web_search_call","id":"w","action":null,"arguments":"{}","results":null,"result":"r","status":"failed"},
        {"type":"tool_search_call","call_id":"t","arguments":{"q":1},"outputs":[1]},
        {"type":"code_interpreter_call","id":"ci","status":"failed"},{"type":"reasoning"},{"type":"odd"},{"x":1},
        {"type":"custom_tool_call_output","call_id":"e","output":"done"}]"#,
    r#"[{"type":"function_call","call_id":"a","name":"f","arguments":"{}","id":5}]"#,
];

#[test]
fn odd_lists_read_the_same_as_text_and_as_value() {
    for text in ODD {
        same(text);
    }
}

/// The same lists inside objects (MCPJam `{ messages, spans }`, request
/// bodies): the messages are read like a list, the rest as values.
#[test]
fn objects_with_messages_read_the_same_as_text_and_as_value() {
    let spans = r#"[{"category":"tool","status":"error","toolCallId":"a"},{"category":"error","name":"boom"}]"#;
    for list in ODD {
        same(&format!(r#"{{"messages": {list}, "spans": {spans}}}"#));
        same(&format!(r#"{{ "messages" : {list} }}"#));
        same(&format!(r#"{{"caseTitle":"t","messages":{list}}}"#));
        same(&format!(r#"{{"messages":{list},"messages":[]}}"#));
        same(&format!(r#"{{"model":"m","messages":{list},"spans":null}}"#));
    }
    same(r#"{"messages":[],"spans":[]}"#);
    same(r#"{"messages":"text","spans":[]}"#);
    same(r#"{"mess\u0061ges":[{"role":"user","content":"x"}]}"#);
}

#[test]
fn text_that_is_not_one_array_is_read_as_before() {
    let odd = [
        "[1, 2] [3]",
        "[1,]",
        "[,1]",
        "[{\"a\":1}",
        "[\"\\\"]\"]",
        "[1]\n[2]",
        "{}",
        "{\"messages\":[1,]}",
    ];
    for text in odd
        .into_iter()
        .chain(["{\"messages\":[{}]} {}", "{\"messages\":[{}],}", "{\"a\" 1}"])
    {
        let value = serde_json::from_str::<Value>(text);
        let by_text = PromptResult::from_trace_text(text, None);
        match value {
            Ok(v) => assert_eq!(by_text, PromptResult::from_trace(&v, None), "{text}"),
            Err(_) => assert!(
                by_text.is_err() || by_text.unwrap().get_tool_calls().is_empty(),
                "{text}"
            ),
        }
    }
}
