//! Trace text that is not one JSON document: a stream of events as SSE
//! (`event:` / `data:` lines, events separated by blank lines, LF or CRLF;
//! the WHATWG HTML standard, "Server-sent events", event stream
//! interpretation) or as JSON lines, else plain text.

use super::record::Diagnostic;
use serde_json::Value;
use std::borrow::Cow;

/// SSE's end-of-stream payload `[DONE]` (OpenAI), handed on as this JSON string.
pub(crate) const DONE: &str = "\"[DONE]\"";

/// The events of SSE or JSON-lines text, one at a time, as each event's
/// JSON text and the line it starts on; a long stream is never held as one
/// tree of values.
#[derive(Clone)]
pub(crate) struct EventIter<'t> {
    rest: &'t str,
    line: usize,
    sse: bool,
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

    /// The `data:` lines of one SSE event, up to a blank line (one line, the
    /// usual case, is handed on where it stands).
    fn next_sse(&mut self) -> Option<(Cow<'t, str>, usize)> {
        let mut data: Option<(Cow<'t, str>, usize)> = None;
        while let Some(line) = self.next_line() {
            if line.trim().is_empty() {
                if data.is_some() {
                    break;
                }
                continue;
            }
            let Some(d) = line.strip_prefix("data:") else { continue };
            let d = d.strip_prefix(' ').unwrap_or(d);
            match &mut data {
                None => data = Some((Cow::Borrowed(d), self.line)),
                Some((text, _)) => {
                    let text = text.to_mut();
                    text.push('\n');
                    text.push_str(d);
                }
            }
        }
        let (text, line) = data?;
        Some(match text.trim() == "[DONE]" {
            true => (Cow::Borrowed(DONE), line),
            false => (text, line),
        })
    }

    /// Every event as a value; unreadable ones are diagnostics.
    pub(crate) fn values(self) -> (Vec<Value>, Vec<Diagnostic>) {
        let mut events = Vec::new();
        let mut diags = Vec::new();
        for (text, line) in self {
            match serde_json::from_str(&text) {
                Ok(v) => events.push(v),
                Err(e) => diags.push(unreadable(line, &e)),
            }
        }
        (events, diags)
    }

    /// The first `n` readable events as values (what detection looks at).
    pub(crate) fn sample(&self, n: usize) -> Vec<Value> {
        self.clone()
            .filter_map(|(text, _)| serde_json::from_str(&text).ok())
            .take(n)
            .collect()
    }
}

impl<'t> Iterator for EventIter<'t> {
    type Item = (Cow<'t, str>, usize);

    fn next(&mut self) -> Option<Self::Item> {
        if self.sse {
            return self.next_sse();
        }
        loop {
            let line = self.next_line()?;
            if !line.trim().is_empty() {
                return Some((Cow::Borrowed(line), self.line));
            }
        }
    }
}

/// The diagnostic for an event at `line` that is not JSON.
pub(crate) fn unreadable(line: usize, e: &serde_json::Error) -> Diagnostic {
    Diagnostic {
        code: "UNREADABLE_EVENT",
        path: format!("line {line}"),
        message: format!("not JSON ({e}); skipped"),
    }
}

/// Trace text read whole: one JSON document, else the events of SSE or
/// JSON lines (unreadable ones left out; SSE's `[DONE]` is the string
/// `"[DONE]"`) as an array; `None` for plain text (an MCPJam string trace).
pub(crate) fn read_text(text: &str) -> Option<Value> {
    let trimmed = text.trim();
    if let Ok(v) = serde_json::from_str::<Value>(trimmed) {
        return Some(v);
    }
    if trimmed.is_empty() {
        return Some(Value::Array(Vec::new()));
    }
    EventIter::new(trimmed).map(|events| Value::Array(events.values().0))
}
