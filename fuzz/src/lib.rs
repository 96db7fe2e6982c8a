//! Shared pieces of the fuzz targets: structure-aware JSON (byte mutation of
//! JSON text mostly yields invalid JSON, so the structured half of each
//! target builds values from `arbitrary` input, with keys drawn from the
//! formats' own vocabulary), and the split of an input into a mode and a body.
//!
//! Every target takes raw bytes: the first byte picks what to do (a format,
//! a harness, raw text or a structured value), so the corpora seeded from
//! `tests/fixtures/` stay plain files.

use arbitrary::{Arbitrary, Result, Unstructured};
use serde_json::{Map, Number, Value};

/// Keys the readers look for (traces, transcripts, responses, datasets):
/// a structured value uses them far more often than random strings.
pub const KEYS: &[&str] = &[
    "role",
    "content",
    "type",
    "text",
    "id",
    "name",
    "arguments",
    "input",
    "output",
    "tool_calls",
    "function",
    "tool_use",
    "tool_result",
    "tool_use_id",
    "call_id",
    "function_call",
    "functionCall",
    "functionResponse",
    "args",
    "parts",
    "candidates",
    "messages",
    "choices",
    "delta",
    "message",
    "index",
    "item",
    "output_index",
    "content_block",
    "partial_json",
    "event",
    "data",
    "steps",
    "toolCalls",
    "toolName",
    "toolCallId",
    "result",
    "isError",
    "structuredContent",
    "success",
    "cases",
    "expect",
    "exact",
    "textContains",
    "regex",
    "error",
    "size",
    "toolsTriggered",
    "toolCallCount",
    "judge",
    "snapshot",
    "schema",
    "calls",
    "order",
    "exclusive",
    "required",
    "$pattern",
    "$flags",
    "score",
    "pass",
    "reasoning",
    "session_id",
    "sessionId",
    "msg",
    "payload",
    "changes",
    "path",
    "kind",
    "command",
    "status",
    "turn",
    "events",
    "diff",
    "files",
    "thread_id",
    "tool",
    "server",
    "mcp_call",
    "response",
    "model",
    "usage",
    "stop_reason",
    "finish_reason",
    "subtype",
    "uuid",
    "timestamp",
    "tool_call",
    "tool_call_update",
    "update",
    "sessionUpdate",
    "rawInput",
    "locations",
    "part",
    "state",
    "toolInvocation",
    "toolInvocations",
    "mode",
    "sanitizers",
    "pattern",
    "replacement",
    "remove",
    "minBytes",
    "maxBytes",
    "min",
    "max",
    "iterations",
    "accuracyThreshold",
    "tags",
    "rubric",
    "reps",
];

/// Strings worth finding in values: format markers, paths, patches, globs.
pub const STRINGS: &[&str] = &[
    "assistant",
    "user",
    "tool",
    "system",
    "function",
    "tool_use",
    "tool_result",
    "text",
    "function_call",
    "function_call_output",
    "mcp_call",
    "message",
    "response.output_item.added",
    "content_block_delta",
    "input_json_delta",
    "message_start",
    "chat.completion",
    "chat.completion.chunk",
    "item.completed",
    "file_change",
    "command_execution",
    "apply_patch",
    "*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch",
    "src/**/*.rs",
    "{a,b}/*",
    "**",
    "mcp__srv__tool",
    "{\"a\":1}",
    "[1,2]",
    "",
    "\u{0}",
    "\u{d7ff}",
    "é",
    "2025-01-15T10:30:00Z",
    "550e8400-e29b-41d4-a716-446655440000",
    "Bash",
    "Edit",
    "Write",
    "WebSearch",
    "added",
    "modified",
    "deleted",
    "strict",
    "any",
    "ignore",
    "partial",
    "exact",
    "superset",
];

/// A JSON value generated from fuzz input (depth-bounded by `arbitrary`'s
/// own recursion through `Unstructured` running out).
#[derive(Debug)]
pub struct Json(pub Value);

fn string(u: &mut Unstructured<'_>) -> Result<String> {
    Ok(match u.int_in_range(0..=3)? {
        0 => String::arbitrary(u)?,
        1 | 2 => (*u.choose(STRINGS)?).to_string(),
        _ => (*u.choose(KEYS)?).to_string(),
    })
}

fn value(u: &mut Unstructured<'_>, depth: u32) -> Result<Value> {
    let leaf = depth > 6 || u.is_empty();
    Ok(match u.int_in_range(0..=if leaf { 4 } else { 7 })? {
        0 => Value::Null,
        1 => Value::Bool(bool::arbitrary(u)?),
        2 => {
            let n = match u.int_in_range(0..=2)? {
                0 => f64::from(u.int_in_range(-3i32..=20)?),
                1 => f64::arbitrary(u)?,
                _ => i64::arbitrary(u)? as f64,
            };
            Number::from_f64(n).map_or(Value::Null, Value::Number)
        }
        3 | 4 => Value::String(string(u)?),
        5 => {
            let n = u.int_in_range(0..=6)?;
            Value::Array((0..n).map(|_| value(u, depth + 1)).collect::<Result<_>>()?)
        }
        _ => {
            let n = u.int_in_range(0..=6)?;
            let mut m = Map::new();
            for _ in 0..n {
                let key = if u.ratio(7, 8)? {
                    (*u.choose(KEYS)?).to_string()
                } else {
                    String::arbitrary(u)?
                };
                // A string holding JSON, as many formats nest arguments.
                let v = if u.ratio(1, 10)? {
                    Value::String(value(u, depth + 1)?.to_string())
                } else {
                    value(u, depth + 1)?
                };
                m.insert(key, v);
            }
            Value::Object(m)
        }
    })
}

impl<'a> Arbitrary<'a> for Json {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        value(u, 0).map(Json)
    }
}

/// A structured value from `data`, or `null` when the input runs out at once.
pub fn json(data: &[u8]) -> Value {
    Json::arbitrary(&mut Unstructured::new(data)).map_or(Value::Null, |j| j.0)
}

/// What a target reads from its input.
pub enum Input<'a> {
    /// The bytes as given (a fixture, a mutation of one): `selector` is
    /// derived from the length, so that mutations reach every choice.
    Raw {
        text: String,
        selector: u8,
        bytes: &'a [u8],
    },
    /// A structured value: the first byte below 8 says so, the second picks.
    Structured { selector: u8, value: Value },
}

/// Reads `data` as [`Input`]: structured when its first byte is below 8
/// (never the case for the text fixtures of the seed corpora).
pub fn input(data: &[u8]) -> Input<'_> {
    match data {
        [m, sel, rest @ ..] if *m < 8 => Input::Structured {
            selector: *sel,
            value: json(rest),
        },
        _ => Input::Raw {
            text: String::from_utf8_lossy(data).into_owned(),
            selector: (data.len() % 251) as u8,
            bytes: data,
        },
    }
}

/// A value as JSON lines when it is an array (each item a line), else as JSON text.
pub fn as_lines(v: &Value) -> String {
    match v {
        Value::Array(items) => items.iter().map(Value::to_string).collect::<Vec<_>>().join("\n"),
        v => v.to_string(),
    }
}

/// `data` cut at NUL bytes into `N` texts (lossy UTF-8; the last takes the
/// rest, NULs included; missing ones are empty): the framing of the
/// targets whose inputs are a few texts (a pattern, its flags, a text).
pub fn fields<const N: usize>(data: &[u8]) -> [String; N] {
    let mut parts = data.splitn(N, |&b| b == 0);
    std::array::from_fn(|_| String::from_utf8_lossy(parts.next().unwrap_or(&[])).into_owned())
}

/// A `CallToolResult` holding one text block.
pub fn text_response(text: &str) -> Value {
    serde_json::json!({ "content": [{ "type": "text", "text": text }] })
}
