//! Vercel AI SDK v4 data stream: what `streamText(…).toDataStreamResponse()`
//! sends, one part a line, `<code>:<json>` (cut into events by
//! `traces::input::EventIter`); as a document, an array of the
//! lines (strings) or of `[code, value]` pairs.
//!
//! Reference: `@ai-sdk/ui-utils` `data-stream-parts.ts` and the AI SDK v4
//! docs, "Stream Protocols": `0` text, `9` tool call `{ toolCallId,
//! toolName, args }`, `a` tool result `{ toolCallId, result }`, `b` / `c`
//! tool call streaming start `{ toolCallId, toolName }` / delta `{
//! toolCallId, argsTextDelta }` (the call itself still comes as a `9` part),
//! `f` start step, `e` finish step and `d` finish message (`{ finishReason,
//! usage?: { promptTokens, completionTokens } }`), `3` error, and parts read
//! but not recorded: `2` data, `8` message annotations, `g` reasoning, `h`
//! source, `i` / `j` redacted reasoning / its signature, `k` file. The parts
//! are rebuilt into the v4 steps they describe (`toolCalls`, `toolResults`,
//! `usage`) and read by [`super::vercel`].

use super::StreamReader;
use crate::traces::input::{data_part, Doc};
use crate::traces::record::TraceBuilder;
use rustc_hash::FxHashMap;
use serde_json::{Map, Value};

/// One v4 step as the parts describe it.
#[derive(Default)]
struct Step {
    text: String,
    tool_calls: Vec<Value>,
    tool_results: Vec<Value>,
    usage: Option<Value>,
    finish_reason: Option<Value>,
}

impl Step {
    fn is_empty(&self) -> bool {
        self.text.is_empty() && self.tool_calls.is_empty() && self.tool_results.is_empty()
    }

    fn into_value(self) -> Value {
        let mut m = Map::new();
        m.insert("text".into(), self.text.into());
        m.insert("toolCalls".into(), Value::Array(self.tool_calls));
        m.insert("toolResults".into(), Value::Array(self.tool_results));
        if let Some(u) = self.usage {
            m.insert("usage".into(), u);
        }
        m.insert("finishReason".into(), self.finish_reason.unwrap_or(Value::Null));
        Value::Object(m)
    }
}

/// Rebuilds the steps of a data stream and reads them. A tool call whose
/// arguments were still streaming (`b` / `c` without its `9`) is dropped
/// and reported; so is the end of a stream without its finish message (`d`).
#[derive(Default)]
pub(crate) struct DataStream {
    steps: Vec<Value>,
    step: Option<Step>,
    /// Calls started by `b`: (toolCallId, toolName, argument text so far).
    partial: Vec<(String, String, String)>,
    /// The tool name of each call, by `toolCallId` (a result does not name it).
    names: FxHashMap<String, String>,
    total_usage: Option<Value>,
    finished: bool,
}

/// An event as a part: the pair `[code, value]` (a line of text), or a line
/// as a string; `Err` says why it is not one.
fn part(ev: Value) -> Result<(char, Value), String> {
    match ev {
        Value::Array(pair) if pair.len() == 2 => {
            let mut it = pair.into_iter();
            let code = it.next().and_then(|c| c.as_str().and_then(|c| c.chars().next()));
            match (code, it.next()) {
                (Some(c), Some(v)) => Ok((c, v)),
                _ => Err("not a data stream part `[code, value]`; skipped".into()),
            }
        }
        Value::String(line) => match data_part(&line) {
            Some((code, json)) => serde_json::from_str(json)
                .map(|v| (code, v))
                .map_err(|e| format!("the value of a {code:?} part is not JSON ({e}); skipped")),
            None => Err("not a data stream line `<code>:<json>`; skipped".into()),
        },
        _ => Err("not a data stream part (`<code>:<json>`); skipped".into()),
    }
}

fn id_of(v: &Value) -> String {
    v.get("toolCallId").and_then(Value::as_str).unwrap_or("").to_owned()
}

impl StreamReader for DataStream {
    type Event<'e> = Value;

    fn event(&mut self, at: usize, ev: Value, _: Doc, b: &mut TraceBuilder) {
        let (code, value) = match part(ev) {
            Ok(p) => p,
            Err(why) => return b.diag("IGNORED", format!("[{at}]"), why),
        };
        let object = value.is_object();
        match code {
            '0' => {
                if let Some(t) = value.as_str() {
                    self.open().text.push_str(t);
                }
            }
            '9' if object => self.tool_call(value),
            'a' if object => {
                let mut result = value;
                let id = id_of(&result);
                if result.get("toolName").is_none() {
                    if let Some(name) = self.names.get(&id) {
                        result["toolName"] = name.clone().into();
                    }
                }
                result["type"] = "tool-result".into();
                self.open().tool_results.push(result);
            }
            'b' if object => {
                let id = id_of(&value);
                let name = value.get("toolName").and_then(Value::as_str).unwrap_or("").to_owned();
                self.names.insert(id.clone(), name.clone());
                self.partial.push((id, name, String::new()));
            }
            'c' if object => {
                let id = id_of(&value);
                let delta = value.get("argsTextDelta").and_then(Value::as_str).unwrap_or("");
                match self.partial.iter_mut().find(|p| p.0 == id) {
                    Some(p) => p.2.push_str(delta),
                    None => b.diag(
                        "IGNORED",
                        format!("[{at}]"),
                        format!("an argument delta of tool call {id:?}, which was not started; skipped"),
                    ),
                }
            }
            'e' if object => {
                let step = self.open();
                step.usage = value.get("usage").cloned();
                step.finish_reason = value.get("finishReason").cloned();
                self.close();
            }
            'f' => self.close(),
            'd' if object => {
                self.total_usage = value.get("usage").cloned();
                self.finished = true;
                self.close();
            }
            '3' => b.error(value.as_str().map_or_else(|| value.to_string(), str::to_owned)),
            '2' | '8' | 'g' | 'h' | 'i' | 'j' | 'k' => {}
            '9' | 'a' | 'b' | 'c' | 'd' | 'e' => b.diag(
                "IGNORED",
                format!("[{at}]"),
                format!("a {code:?} part whose value is not an object; skipped"),
            ),
            other => b.diag(
                "IGNORED",
                format!("[{at}]"),
                format!("data stream part code {other:?} is not read; skipped"),
            ),
        }
    }

    fn end(mut self, b: &mut TraceBuilder) {
        self.close();
        let open: Vec<&str> = self.partial.iter().map(|p| p.1.as_str()).collect();
        if !self.finished {
            let msg =
                format!("the stream ended before its finish message (d:); unfinished tool calls dropped: {open:?}");
            b.incomplete(msg);
        } else {
            for name in &open {
                let msg = format!("{name} arguments were still streaming when the stream finished; skipped");
                b.diag("CALL_INCOMPLETE", "steps", msg);
            }
        }
        let mut doc = Map::new();
        doc.insert("steps".into(), Value::Array(self.steps));
        if let Some(u) = self.total_usage.filter(Value::is_object) {
            doc.insert("totalUsage".into(), u);
        }
        super::vercel::read(Doc::Value(&Value::Object(doc)), b);
    }
}

impl DataStream {
    fn open(&mut self) -> &mut Step {
        self.step.get_or_insert_with(Step::default)
    }

    /// Ends the open step (a step with nothing in it and no finish is left out).
    fn close(&mut self) {
        if let Some(step) = self.step.take() {
            if !step.is_empty() || step.finish_reason.is_some() {
                self.steps.push(step.into_value());
            }
        }
    }

    /// A `9` part: the whole call (any streamed arguments of it are done).
    fn tool_call(&mut self, mut call: Value) {
        let id = id_of(&call);
        self.partial.retain(|p| p.0 != id);
        if let Some(name) = call.get("toolName").and_then(Value::as_str) {
            self.names.insert(id, name.to_owned());
        }
        call["type"] = "tool-call".into();
        self.open().tool_calls.push(call);
    }
}
