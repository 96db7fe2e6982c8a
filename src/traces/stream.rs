//! Feeding stream events to a stream reader: each event is deserialised into
//! the reader's lenient event struct and handed to it in order; at the end
//! the reader reads what it reassembled with its format's reader.
//!
//! Events come from SSE or JSON-lines text ([`EventIter`]: an event that is
//! not JSON is skipped and reported as `UNREADABLE_EVENT`, with its line) or
//! from a document (an array of events, or one event). An event's index
//! counts the events handed on, `[DONE]` included.

use super::format::{anthropic, gemini, openai_chat, openai_responses, vercel_ui, TraceFormat};
use super::input::Doc;
use super::record::{Diagnostic, TraceBuilder};
use super::text::{unreadable, EventIter, DONE};
use serde::Deserialize;

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

/// Reads the events as `format`; returns the diagnostics of unreadable
/// events (they go first).
pub(crate) fn read(format: TraceFormat, src: Source, b: &mut TraceBuilder) -> Vec<Diagnostic> {
    match format {
        TraceFormat::OpenAiChatStream => run::<openai_chat::ChatStream>(src, b),
        TraceFormat::OpenAiResponsesStream => run::<openai_responses::ResponsesStream>(src, b),
        TraceFormat::AnthropicStream => run::<anthropic::AnthropicStream>(src, b),
        TraceFormat::GeminiStream => run::<gemini::GeminiStream>(src, b),
        TraceFormat::VercelAiUiStream => run::<vercel_ui::UiStream>(src, b),
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
