//! Trace formats, reading trace *text* (JSON, SSE, JSON lines), and telling
//! the format of an unknown input from its shape.

use super::record::{arr, s, Diagnostic};
use serde_json::Value;

/// The trace formats the readers know. String forms (`as_str`) are stable
/// and are what `detectTraceFormat` returns and `fromTrace(…, { format })` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TraceFormat {
    /// OpenAI Chat Completions: a `chat.completion` response or a message list.
    OpenAiChat,
    /// OpenAI Chat Completions stream: `chat.completion.chunk`s (SSE, JSON lines or an array).
    OpenAiChatStream,
    /// OpenAI Responses API: a `response`, an input/output item list, or one item.
    OpenAiResponses,
    /// OpenAI Responses stream events (`response.output_item.added`, …).
    OpenAiResponsesStream,
    /// Anthropic Messages: a `message` response or a message list.
    Anthropic,
    /// Anthropic Messages stream events (`message_start`, `content_block_delta`, …).
    AnthropicStream,
    /// Google Gemini: a `generateContent` response or a `contents` list.
    Gemini,
    /// Gemini `streamGenerateContent` chunks.
    GeminiStream,
    /// Vercel AI SDK v4/v5/v6: steps, model messages, UI messages, a chat request body.
    VercelAi,
    /// Vercel AI SDK v5/v6 UI message stream chunks.
    VercelAiUiStream,
    /// MCPJam eval trace (`EvalResultInput.trace`: a string, a message list, or
    /// `{ messages, spans }`), or a whole `EvalResultInput`.
    McpJam,
}

const ALL: [TraceFormat; 11] = [
    TraceFormat::OpenAiChat,
    TraceFormat::OpenAiChatStream,
    TraceFormat::OpenAiResponses,
    TraceFormat::OpenAiResponsesStream,
    TraceFormat::Anthropic,
    TraceFormat::AnthropicStream,
    TraceFormat::Gemini,
    TraceFormat::GeminiStream,
    TraceFormat::VercelAi,
    TraceFormat::VercelAiUiStream,
    TraceFormat::McpJam,
];

impl TraceFormat {
    /// The stable name, e.g. `"openai-chat-stream"`.
    pub fn as_str(self) -> &'static str {
        match self {
            TraceFormat::OpenAiChat => "openai-chat",
            TraceFormat::OpenAiChatStream => "openai-chat-stream",
            TraceFormat::OpenAiResponses => "openai-responses",
            TraceFormat::OpenAiResponsesStream => "openai-responses-stream",
            TraceFormat::Anthropic => "anthropic",
            TraceFormat::AnthropicStream => "anthropic-stream",
            TraceFormat::Gemini => "gemini",
            TraceFormat::GeminiStream => "gemini-stream",
            TraceFormat::VercelAi => "vercel-ai",
            TraceFormat::VercelAiUiStream => "vercel-ai-ui-stream",
            TraceFormat::McpJam => "mcpjam",
        }
    }

    /// The format named `name` (one of the `as_str` names).
    pub fn from_name(name: &str) -> Option<TraceFormat> {
        ALL.into_iter().find(|f| f.as_str() == name)
    }

    /// Whether the format is a stream of events.
    pub(crate) fn is_stream(self) -> bool {
        matches!(
            self,
            TraceFormat::OpenAiChatStream
                | TraceFormat::OpenAiResponsesStream
                | TraceFormat::AnthropicStream
                | TraceFormat::GeminiStream
                | TraceFormat::VercelAiUiStream
        )
    }

    /// The provider family: a format and its stream variant share it.
    pub(crate) fn family(self) -> &'static str {
        match self {
            TraceFormat::OpenAiChat | TraceFormat::OpenAiChatStream => "openai-chat",
            TraceFormat::OpenAiResponses | TraceFormat::OpenAiResponsesStream => "openai-responses",
            TraceFormat::Anthropic | TraceFormat::AnthropicStream => "anthropic",
            TraceFormat::Gemini | TraceFormat::GeminiStream => "gemini",
            TraceFormat::VercelAi | TraceFormat::VercelAiUiStream | TraceFormat::McpJam => "vercel-ai",
        }
    }
}

/// A trace input after reading its text.
pub(crate) enum Input {
    /// One JSON document.
    Json(Value),
    /// Stream events (SSE `data:` payloads or JSON lines); SSE's `[DONE]` is
    /// kept as the string `"[DONE]"`. Unreadable events become diagnostics.
    Events(Vec<Value>, Vec<Diagnostic>),
    /// Text that is neither (an MCPJam string trace).
    Plain(String),
}

/// Reads trace text: one JSON document, else SSE (`event:`/`data:` lines,
/// events separated by blank lines, LF or CRLF), else JSON lines, else plain text.
pub(crate) fn read_text(text: &str) -> Input {
    let trimmed = text.trim();
    if let Ok(v) = serde_json::from_str::<Value>(trimmed) {
        return Input::Json(v);
    }
    let is_sse = trimmed
        .lines()
        .any(|l| l.starts_with("data:") || l.starts_with("event:"));
    if is_sse {
        return sse_events(trimmed);
    }
    let mut events = Vec::new();
    let mut diags = Vec::new();
    for (i, line) in trimmed.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Value>(line) {
            Ok(v) => events.push(v),
            Err(e) if events.is_empty() && i == 0 => {
                let _ = e;
                return Input::Plain(text.to_owned());
            }
            Err(e) => diags.push(unreadable(format!("line {}", i + 1), &e)),
        }
    }
    Input::Events(events, diags)
}

fn unreadable(path: String, e: &serde_json::Error) -> Diagnostic {
    Diagnostic {
        code: "UNREADABLE_EVENT",
        path,
        message: format!("not JSON ({e}); skipped"),
    }
}

fn sse_events(text: &str) -> Input {
    let mut events = Vec::new();
    let mut diags = Vec::new();
    let mut data = String::new();
    let mut start = 0;
    let mut flush = |data: &mut String, line: usize, events: &mut Vec<Value>| {
        if data.is_empty() {
            return;
        }
        if data.trim() == "[DONE]" {
            events.push(Value::String("[DONE]".into()));
        } else {
            match serde_json::from_str::<Value>(data) {
                Ok(v) => events.push(v),
                Err(e) => diags.push(unreadable(format!("line {line}"), &e)),
            }
        }
        data.clear();
    };
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            flush(&mut data, start + 1, &mut events);
            continue;
        }
        if let Some(rest) = line.strip_prefix("data:") {
            if data.is_empty() {
                start = i;
            } else {
                data.push('\n');
            }
            data.push_str(rest.strip_prefix(' ').unwrap_or(rest));
        }
    }
    flush(&mut data, start + 1, &mut events);
    Input::Events(events, diags)
}

/// Stream events read one at a time from SSE or JSON-lines text, so that a
/// long stream is never held as one tree of values. Unreadable events are
/// skipped and collected in `diags`.
#[derive(Clone)]
pub(crate) struct EventIter<'t> {
    rest: &'t str,
    line: usize,
    sse: bool,
    pub(crate) diags: Vec<Diagnostic>,
}

impl<'t> EventIter<'t> {
    /// Events of `text` when it is SSE or JSON lines (its first non-empty
    /// line is JSON); `None` for other text.
    pub(crate) fn new(text: &'t str) -> Option<EventIter<'t>> {
        let sse = text.lines().any(|l| l.starts_with("data:") || l.starts_with("event:"));
        if !sse {
            let first = text.lines().find(|l| !l.trim().is_empty())?;
            serde_json::from_str::<Value>(first).ok()?;
        }
        Some(EventIter {
            rest: text,
            line: 0,
            sse,
            diags: Vec::new(),
        })
    }

    fn next_line(&mut self) -> Option<&'t str> {
        if self.rest.is_empty() {
            return None;
        }
        let (line, rest) = self.rest.split_once('\n').unwrap_or((self.rest, ""));
        self.rest = rest;
        self.line += 1;
        Some(line.strip_suffix('\r').unwrap_or(line))
    }

    fn parse(&mut self, text: &str, line: usize) -> Option<Value> {
        if self.sse && text.trim() == "[DONE]" {
            return Some(Value::String("[DONE]".into()));
        }
        match serde_json::from_str::<Value>(text) {
            Ok(v) => Some(v),
            Err(e) => {
                self.diags.push(unreadable(format!("line {line}"), &e));
                None
            }
        }
    }
}

impl<'t> Iterator for EventIter<'t> {
    type Item = Value;

    fn next(&mut self) -> Option<Value> {
        loop {
            if !self.sse {
                let line = self.next_line()?;
                if line.trim().is_empty() {
                    continue;
                }
                let at = self.line;
                match self.parse(line, at) {
                    Some(v) => return Some(v),
                    None => continue,
                }
            }
            // SSE: the `data:` lines of one event, up to a blank line (one
            // line, the usual case, is parsed where it stands).
            let mut first: Option<&'t str> = None;
            let mut more: Option<String> = None;
            let mut start = 0;
            while let Some(line) = self.next_line() {
                if line.trim().is_empty() {
                    if first.is_some() {
                        break;
                    }
                    continue;
                }
                if let Some(d) = line.strip_prefix("data:") {
                    let d = d.strip_prefix(' ').unwrap_or(d);
                    match (first, more.as_mut()) {
                        (None, _) => {
                            start = self.line;
                            first = Some(d);
                        }
                        (Some(f), None) => more = Some(format!("{f}\n{d}")),
                        (Some(_), Some(buf)) => {
                            buf.push('\n');
                            buf.push_str(d);
                        }
                    }
                }
            }
            let parsed = match &more {
                Some(buf) => self.parse(buf, start),
                None => self.parse(first?, start),
            };
            if let Some(v) = parsed {
                return Some(v);
            }
        }
    }
}

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

/// The format of one JSON value, or why it cannot be told.
pub(crate) fn detect_value(v: &Value) -> Result<TraceFormat, Why> {
    match v {
        Value::Array(items) => detect_list(items),
        Value::Object(_) => detect_object(v),
        Value::String(text) => match read_text(text) {
            Input::Json(inner) => detect_value(&inner),
            Input::Events(events, _) => detect_list(&events),
            Input::Plain(_) => Ok(TraceFormat::McpJam),
        },
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
         ({{ role, parts }}), OpenAI Responses items ({{ type }}), stream events or chunks, AI SDK steps",
        kind(&items[0]),
        keys(&items[0])
    ))
}
