//! The per-format readers and what they share: the format names, and
//! handing a document to the reader of its format.
//!
//! Each format's module names the reference it follows. Every reader takes
//! a `Doc` (text or parsed value) and deserialises it into its lenient
//! structs (`traces::lenient`). A stream reader (`StreamReader`) is a
//! state struct fed one event at a time: events of SSE or JSON-lines text
//! (`EventIter`: one that is not JSON is skipped and reported as
//! `UNREADABLE_EVENT`, with its line) or of a document (an array of events,
//! or one); at the end it reads what it reassembled with its format's reader.

pub mod anthropic;
pub mod gemini;
pub mod mcpjam;
pub mod openai_chat;
pub mod openai_responses;
pub mod vercel;
pub mod vercel_data;
pub mod vercel_ui;

use super::detect::detect_doc;
use super::input::{read_text, unreadable, Doc, EventIter, DONE};
use super::record::{Diagnostic, TraceBuilder};
use serde::Deserialize;

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
    /// Vercel AI SDK v4 data stream (`toDataStreamResponse()`: `<code>:<json>`
    /// lines, or an array of them, each a string or a `[code, value]` pair).
    VercelAiDataStream,
    /// MCPJam eval trace (`EvalResultInput.trace`: a string, a message list, or
    /// `{ messages, spans }`), or a whole `EvalResultInput`.
    McpJam,
}

/// Each format's name, provider family (a format and its stream variant
/// share one) and whether it is a stream of events, in variant order.
const TABLE: [(TraceFormat, &str, &str, bool); 12] = [
    (TraceFormat::OpenAiChat, "openai-chat", "openai-chat", false),
    (TraceFormat::OpenAiChatStream, "openai-chat-stream", "openai-chat", true),
    (
        TraceFormat::OpenAiResponses,
        "openai-responses",
        "openai-responses",
        false,
    ),
    (
        TraceFormat::OpenAiResponsesStream,
        "openai-responses-stream",
        "openai-responses",
        true,
    ),
    (TraceFormat::Anthropic, "anthropic", "anthropic", false),
    (TraceFormat::AnthropicStream, "anthropic-stream", "anthropic", true),
    (TraceFormat::Gemini, "gemini", "gemini", false),
    (TraceFormat::GeminiStream, "gemini-stream", "gemini", true),
    (TraceFormat::VercelAi, "vercel-ai", "vercel-ai", false),
    (TraceFormat::VercelAiUiStream, "vercel-ai-ui-stream", "vercel-ai", true),
    (
        TraceFormat::VercelAiDataStream,
        "vercel-ai-data-stream",
        "vercel-ai",
        true,
    ),
    (TraceFormat::McpJam, "mcpjam", "vercel-ai", false),
];

const _: () = {
    let mut i = 0;
    while i < TABLE.len() {
        assert!(TABLE[i].0 as usize == i, "TABLE is in variant order");
        i += 1;
    }
};

impl TraceFormat {
    /// The stable name, e.g. `"openai-chat-stream"`.
    pub fn as_str(self) -> &'static str {
        TABLE[self as usize].1
    }

    /// The format named `name` (one of the `as_str` names).
    pub fn from_name(name: &str) -> Option<TraceFormat> {
        TABLE.iter().find(|row| row.1 == name).map(|row| row.0)
    }

    /// Whether the format is a stream of events.
    pub(crate) fn is_stream(self) -> bool {
        TABLE[self as usize].3
    }

    /// The provider family: a format and its stream variant share it.
    pub(crate) fn family(self) -> &'static str {
        TABLE[self as usize].2
    }
}

impl std::fmt::Display for TraceFormat {
    /// The stable name ([`TraceFormat::as_str`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for TraceFormat {
    type Err = crate::error::MatcherError;

    /// One of the [`TraceFormat::as_str`] names, exactly (`"anthropic"`).
    /// Errors: `INVALID_OPTION` at `format`, listing the names.
    fn from_str(name: &str) -> crate::error::Result<TraceFormat> {
        TraceFormat::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = TABLE.iter().map(|row| row.1).collect();
            crate::error::MatcherError::invalid_option(
                "format",
                format!("unknown trace format {name:?}: expected one of {}", names.join(", ")),
            )
        })
    }
}

/// Reads `doc` as `format`.
pub(crate) fn dispatch(format: TraceFormat, doc: Doc, b: &mut TraceBuilder) {
    match format {
        TraceFormat::OpenAiChat => openai_chat::read(doc, b),
        TraceFormat::OpenAiResponses => openai_responses::read(doc, b),
        TraceFormat::Anthropic => anthropic::read(doc, b),
        TraceFormat::Gemini => gemini::read(doc, b),
        TraceFormat::VercelAi => vercel::read(doc, b),
        TraceFormat::McpJam => mcpjam::read(doc, b),
        // A document's events are JSON: none is unreadable.
        stream => _ = read_stream(stream, Source::Doc(doc), b),
    }
}

/// A trace nested in an MCPJam trace: text (a JSON string: read whole) or a
/// document of any format, told by its shape.
pub(crate) fn read_nested(doc: Doc, b: &mut TraceBuilder) {
    let Some(text) = doc.as_string() else {
        return read_detected(doc, b);
    };
    let Some(v) = read_text(&text) else {
        return b.text(&text);
    };
    read_detected(Doc::Value(&v), b);
}

fn read_detected(doc: Doc, b: &mut TraceBuilder) {
    let Some(detected) = detect_doc(doc) else {
        return b.not_json();
    };
    match detected {
        Ok(TraceFormat::McpJam) if doc.as_string().is_none() => mcpjam::read(doc, b),
        Ok(TraceFormat::McpJam) => {}
        Ok(f) => dispatch(f, doc, b),
        Err(why) => b.diag("UNKNOWN_FORMAT", "trace", why),
    }
}

/// A stream format's reader: its state between events.
pub(crate) trait StreamReader: Default {
    /// One event as the reader reads it.
    type Event<'e>: Deserialize<'e> + Default;

    /// Event number `at`; `raw` is the event as given.
    fn event(&mut self, at: usize, ev: Self::Event<'_>, raw: Doc<'_>, b: &mut TraceBuilder);

    /// SSE's `[DONE]`.
    fn done(&mut self) {}

    /// The stream ended: read what it reassembled.
    fn end(self, b: &mut TraceBuilder);
}

/// Where the events come from: a document (an array of events, or one), or
/// stream text.
pub(crate) enum Source<'a, 't> {
    Doc(Doc<'a>),
    Text(EventIter<'t>),
}

/// Reads the events as `format`, one at a time (an event's index counts
/// the events handed on, `[DONE]` included); returns the diagnostics of
/// unreadable events (they go first).
pub(crate) fn read_stream(format: TraceFormat, src: Source, b: &mut TraceBuilder) -> Vec<Diagnostic> {
    match format {
        TraceFormat::OpenAiChatStream => run::<openai_chat::ChatStream>(src, b),
        TraceFormat::OpenAiResponsesStream => run::<openai_responses::ResponsesStream>(src, b),
        TraceFormat::AnthropicStream => run::<anthropic::AnthropicStream>(src, b),
        TraceFormat::GeminiStream => run::<gemini::GeminiStream>(src, b),
        TraceFormat::VercelAiUiStream => run::<vercel_ui::UiStream>(src, b),
        TraceFormat::VercelAiDataStream => run::<vercel_data::DataStream>(src, b),
        _ => Vec::new(),
    }
}

fn run<S: StreamReader>(src: Source, b: &mut TraceBuilder) -> Vec<Diagnostic> {
    let mut s = S::default();
    let mut at = 0;
    let mut diags = Vec::new();
    match src {
        Source::Doc(doc) => {
            for node in doc.nodes() {
                if feed(&mut s, at, node, b).is_err() {
                    b.not_json();
                    return diags;
                }
                at += 1;
            }
        }
        Source::Text(events) => {
            for (text, line) in events {
                match feed(&mut s, at, Doc::Text(&text), b) {
                    Ok(()) => at += 1,
                    // The message of the value parser, as for any unreadable event.
                    Err(e) => diags.push(unreadable(
                        line,
                        &serde_json::from_str::<serde_json::Value>(&text).err().unwrap_or(e),
                    )),
                }
            }
        }
    }
    s.end(b);
    diags
}

fn feed<S: StreamReader>(s: &mut S, at: usize, node: Doc, b: &mut TraceBuilder) -> serde_json::Result<()> {
    if is_done(node) {
        s.done();
        return Ok(());
    }
    let ev = node.try_parse::<S::Event<'_>>()?;
    s.event(at, ev, node, b);
    Ok(())
}

fn is_done(node: Doc) -> bool {
    matches!(node, Doc::Text(DONE)) || node.as_string().as_deref() == Some("[DONE]")
}
