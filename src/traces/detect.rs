//! Telling the format of a trace from its shape: which keys its objects
//! have and which `type`s its items and parts carry (see each format's
//! module for the reference it follows). A long list is told by a sample
//! of its items.

use super::format::TraceFormat;
use super::input::{is_data_part_line, read_text, sample, Doc, Member, DATA_STREAM_CODES};
use super::record::{arr, s};
use serde_json::{Map, Value};

/// Why a value's format could not be told.
pub(crate) type Why = String;

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn keys(v: &Value) -> String {
    let k: Vec<&str> = v
        .as_object()
        .map_or(Vec::new(), |m| m.keys().take(8).map(String::as_str).collect());
    format!("{k:?}")
}

const RESPONSES_ITEMS: [&str; 6] = [
    "function_call",
    "function_call_output",
    "mcp_call",
    "custom_tool_call",
    "reasoning",
    "mcp_list_tools",
];

fn is_responses_item(v: &Value) -> bool {
    let Some(t) = s(v, "type") else { return false };
    RESPONSES_ITEMS.contains(&t)
        || t.ends_with("_call")
        || t.ends_with("_call_output")
        || t.starts_with("mcp_")
        || (t == "message" && arr(v, "content").iter().any(|p| s(p, "type") == Some("output_text")))
}

const ANTHROPIC_EVENTS: [&str; 7] = [
    "message_start",
    "content_block_start",
    "content_block_delta",
    "content_block_stop",
    "message_delta",
    "message_stop",
    "ping",
];

const UI_CHUNKS: [&str; 9] = [
    "start",
    "start-step",
    "finish-step",
    "finish",
    "tool-input-start",
    "tool-input-delta",
    "tool-input-available",
    "tool-output-available",
    "text-delta",
];

/// An AI SDK v4 data stream part: a line `<code>:<json>` as a string, or the
/// pair `["<code>", value]` a data stream line is read as.
fn is_data_part(v: &Value) -> bool {
    match v {
        Value::String(line) => is_data_part_line(line),
        Value::Array(pair) => {
            pair.len() == 2
                && pair[0]
                    .as_str()
                    .is_some_and(|c| c.len() == 1 && DATA_STREAM_CODES.contains(c))
        }
        _ => false,
    }
}

/// The format of one JSON value, or why it cannot be told.
pub(crate) fn detect_value(v: &Value) -> Result<TraceFormat, Why> {
    match v {
        Value::Array(items) => detect_list(items),
        Value::Object(_) => detect_object(v),
        Value::String(text) => read_text(text).map_or(Ok(TraceFormat::McpJam), |inner| detect_value(&inner)),
        other => Err(format!("a trace is an object, an array or text, got {}", kind(other))),
    }
}

fn detect_object(v: &Value) -> Result<TraceFormat, Why> {
    let object = s(v, "object");
    let ty = s(v, "type");
    if object == Some("chat.completion.chunk") {
        return Ok(TraceFormat::OpenAiChatStream);
    }
    if object == Some("chat.completion") || arr(v, "choices").iter().any(|c| c.get("message").is_some()) {
        return Ok(TraceFormat::OpenAiChat);
    }
    if object == Some("response") || (v.get("output").is_some_and(Value::is_array) && v.get("model").is_some()) {
        return Ok(TraceFormat::OpenAiResponses);
    }
    if ty.is_some_and(|t| t.starts_with("response.")) {
        return Ok(TraceFormat::OpenAiResponsesStream);
    }
    if ty == Some("message") && v.get("content").is_some_and(Value::is_array) {
        if is_responses_item(v) {
            return Ok(TraceFormat::OpenAiResponses);
        }
        return Ok(TraceFormat::Anthropic);
    }
    if ty.is_some_and(|t| ANTHROPIC_EVENTS.contains(&t)) {
        return Ok(TraceFormat::AnthropicStream);
    }
    if is_responses_item(v) {
        return Ok(TraceFormat::OpenAiResponses);
    }
    if v.get("candidates").is_some_and(Value::is_array) {
        return Ok(TraceFormat::Gemini);
    }
    if let Some(Value::Array(contents)) = v.get("contents") {
        return detect_list(contents).or(Ok(TraceFormat::Gemini));
    }
    if v.get("steps").is_some_and(Value::is_array) {
        return Ok(TraceFormat::VercelAi);
    }
    if v.get("caseTitle").is_some() || v.get("spans").is_some() || v.get("prompts").is_some() {
        return Ok(TraceFormat::McpJam);
    }
    if let Some(Value::Array(messages)) = v.get("messages") {
        return detect_list(messages);
    }
    if let Some(Value::Array(input)) = v.get("input") {
        return detect_list(input);
    }
    // One message alone: told as the list of it would be.
    if v.get("role").is_some_and(Value::is_string) {
        return detect_list(std::slice::from_ref(v));
    }
    Err(format!(
        "an object with keys {} is none of: an OpenAI chat completion (choices[].message), an OpenAI response \
         (object \"response\", output[]), an Anthropic message (type \"message\", content[]), a Gemini response \
         (candidates[]), AI SDK steps (steps[]), an MCPJam trace ({{ messages, spans }})",
        keys(v)
    ))
}

pub(crate) fn detect_list(items: &[Value]) -> Result<TraceFormat, Why> {
    if items.is_empty() {
        return Err("an array with no items: nothing tells its format".into());
    }
    // The shape is told by a sample: the first 64 and the last 16 items
    // (a long trace repeats the same kinds of items).
    let sample: Vec<&Value> = if items.len() <= 80 {
        items.iter().collect()
    } else {
        items[..64].iter().chain(&items[items.len() - 16..]).collect()
    };
    let any = |f: &dyn Fn(&Value) -> bool| sample.iter().any(|v| f(v));
    fn ty(v: &Value) -> &str {
        s(v, "type").unwrap_or("")
    }
    if any(&|v| s(v, "object") == Some("chat.completion.chunk")) {
        return Ok(TraceFormat::OpenAiChatStream);
    }
    if any(&is_data_part) {
        return Ok(TraceFormat::VercelAiDataStream);
    }
    if any(&|v| ty(v).starts_with("response.")) {
        return Ok(TraceFormat::OpenAiResponsesStream);
    }
    if any(&|v| ANTHROPIC_EVENTS.contains(&ty(v)) && ty(v) != "ping") {
        return Ok(TraceFormat::AnthropicStream);
    }
    if any(&|v| v.get("candidates").is_some()) {
        return Ok(TraceFormat::GeminiStream);
    }
    if any(&|v| v.get("role").is_none() && UI_CHUNKS.contains(&ty(v))) {
        return Ok(TraceFormat::VercelAiUiStream);
    }
    if any(&|v| v.get("toolCalls").is_some() || v.get("stepType").is_some() || v.get("finishReason").is_some()) {
        return Ok(TraceFormat::VercelAi);
    }
    if any(&|v| v.get("role").is_none() && is_responses_item(v)) || any(&|v| ty(v) == "function_call_output") {
        return Ok(TraceFormat::OpenAiResponses);
    }
    if any(&|v| v.get("parts").is_some_and(Value::is_array)) {
        let typed = any(&|v| arr(v, "parts").iter().any(|p| p.get("type").is_some()));
        return Ok(if typed {
            TraceFormat::VercelAi
        } else {
            TraceFormat::Gemini
        });
    }
    if any(&|v| v.get("toolInvocations").is_some()) {
        return Ok(TraceFormat::VercelAi);
    }
    let part_types = |v: &Value| -> Vec<String> {
        arr(v, "content")
            .iter()
            .filter_map(|p| s(p, "type").map(str::to_owned))
            .collect()
    };
    for v in &sample {
        for t in part_types(v) {
            match t.as_str() {
                "tool_use" | "tool_result" | "mcp_tool_use" | "server_tool_use" | "thinking" => {
                    return Ok(TraceFormat::Anthropic)
                }
                "tool-call" | "tool-result" | "reasoning" => return Ok(TraceFormat::VercelAi),
                "input_text" | "output_text" => return Ok(TraceFormat::OpenAiResponses),
                _ => {}
            }
        }
    }
    if any(&|v| v.get("tool_calls").is_some() || v.get("tool_call_id").is_some() || v.get("function_call").is_some()) {
        return Ok(TraceFormat::OpenAiChat);
    }
    if sample.iter().all(|v| v.get("role").is_some()) {
        // Text-only conversations read the same in every message reader.
        return Ok(TraceFormat::OpenAiChat);
    }
    Err(format!(
        "a list whose first item is {} (keys {}) is none of: chat messages ({{ role, content }}), Gemini contents \
         ({{ role, parts }}), OpenAI Responses items ({{ type }}), stream events or chunks, AI SDK steps, AI SDK \
         data stream parts (\"<code>:<json>\")",
        kind(&items[0]),
        keys(&items[0])
    ))
}

/// The format of a document; `None` when text in it is not JSON. An object
/// given as text is told by a stub: its members as values, its split lists
/// by their sample (detection only looks at a sample of `messages`,
/// `contents` and `input`, and only checks the others to be arrays).
pub(crate) fn detect_doc(doc: Doc) -> Option<Result<TraceFormat, Why>> {
    Some(match doc {
        Doc::Texts(items) => detect_list(&sample(items)?),
        Doc::Object(_, members) => detect_value(&stub(members)?),
        Doc::Text(text) => detect_value(&serde_json::from_str(text).ok()?),
        Doc::Value(v) => detect_value(v),
    })
}

fn stub(members: &[Member]) -> Option<Value> {
    let mut stub = Map::new();
    for m in members {
        let v = match &m.items {
            Some(items) => Value::Array(sample(items)?),
            None => serde_json::from_str(m.text).ok()?,
        };
        stub.insert(m.key.to_owned(), v);
    }
    Some(Value::Object(stub))
}
