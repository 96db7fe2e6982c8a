//! What the trace tests share: reading fixtures and looking at results.

use mcp_matchers::traces::PromptResult;
use serde_json::Value;

/// A fixture's text (tests/fixtures/traces/, see its SOURCES.md).
pub fn text_of(path: &str) -> String {
    let full = format!("{}/tests/fixtures/traces/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

pub fn json_of(path: &str) -> Value {
    serde_json::from_str(&text_of(path)).unwrap()
}

/// A fixture read as text, its format detected.
pub fn read(path: &str) -> PromptResult {
    PromptResult::from_trace_text(&text_of(path), None).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// (toolName, arguments, id) of every call.
pub fn calls(r: &PromptResult) -> Vec<(String, Value, Option<String>)> {
    r.tool_calls()
        .iter()
        .map(|c| (c.tool_name.clone(), Value::Object(c.arguments.clone()), c.id.clone()))
        .collect()
}

/// A call with an id.
pub fn call(name: &str, args: Value, id: &str) -> (String, Value, Option<String>) {
    (name.to_owned(), args, Some(id.to_owned()))
}

/// A call with an id or none.
pub fn call_opt(name: &str, args: Value, id: Option<&str>) -> (String, Value, Option<String>) {
    (name.to_owned(), args, id.map(str::to_owned))
}

/// (toolName, arguments) of every call.
pub fn named(r: &PromptResult) -> Vec<(String, Value)> {
    calls(r).into_iter().map(|(n, a, _)| (n, a)).collect()
}

/// (step, index) of every call.
pub fn positions(r: &PromptResult) -> Vec<(usize, usize)> {
    r.tool_calls().iter().map(|c| (c.step, c.index)).collect()
}

pub fn codes(r: &PromptResult) -> Vec<&'static str> {
    r.diagnostics().iter().map(|d| d.code).collect()
}

/// (result, isError) of every call.
pub fn results(r: &PromptResult) -> Vec<(Option<Value>, Option<bool>)> {
    r.tool_calls().iter().map(|c| (c.result.clone(), c.is_error)).collect()
}
