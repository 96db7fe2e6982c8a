//! Trace input: a document as the readers take it (JSON text or a parsed
//! value), and stream text cut into its events.
//!
//! Text is never built into a tree of values. An array is split into its
//! items' texts by brackets and quotes alone, an object into its members'
//! texts; each item is then deserialised into a reader's lenient structs
//! (see [`super::lenient`]), which also checks it is JSON. Detection looks
//! at a sample of items parsed as values. A parsed value is read by the same
//! structs, deserialised from `&Value`. Stream text is SSE (`event:` /
//! `data:` lines, events separated by blank lines, LF or CRLF; the WHATWG
//! HTML standard, "Server-sent events", event stream interpretation), JSON
//! lines, or the AI SDK v4 data stream (`<code>:<json>` lines, see
//! [`data_part`]).

use super::record::{Diagnostic, TraceBuilder};
use serde::Deserialize;
use serde_json::Value;
use std::borrow::Cow;

/// A member of an object given as text: its key and value text, and when
/// it is one of the [`LISTS`], its array's items.
pub(crate) struct Member<'a> {
    pub(crate) key: &'a str,
    pub(crate) text: &'a str,
    pub(crate) items: Option<Vec<&'a str>>,
}

/// The members split into items when they are arrays: the lists the
/// readers read item by item (and detection samples), and the nested
/// traces of MCPJam traces.
const LISTS: [&str; 6] = ["messages", "contents", "input", "output", "steps", "trace"];

/// A trace document.
#[derive(Clone, Copy)]
pub(crate) enum Doc<'a> {
    /// An array given as text, split into its items' texts (read item by item).
    Texts(&'a [&'a str]),
    /// An object given as text, with its members split out.
    Object(&'a str, &'a [Member<'a>]),
    /// One JSON value's text (an object only when not split; an array only
    /// as an item or event, never as a document handed to a reader).
    Text(&'a str),
    /// A parsed value.
    Value(&'a Value),
}

impl<'a> Doc<'a> {
    /// Whether the document is an array.
    pub(crate) fn is_list(self) -> bool {
        matches!(self, Doc::Texts(_) | Doc::Value(Value::Array(_)))
    }

    /// The items of an array, or the document itself as the one item.
    pub(crate) fn nodes(self) -> impl Iterator<Item = Doc<'a>> {
        let (texts, values, one): (&[&str], &[Value], _) = match self {
            Doc::Texts(items) => (items, &[], None),
            Doc::Value(Value::Array(items)) => (&[], items, None),
            other => (&[], &[], Some(other)),
        };
        texts
            .iter()
            .map(|t| Doc::Text(t))
            .chain(values.iter().map(Doc::Value))
            .chain(one)
    }

    /// Deserialises the document (a split array, read item by item, is
    /// `T::default()`); from text, an error means it is not JSON.
    pub(crate) fn try_parse<T: Deserialize<'a> + Default>(self) -> serde_json::Result<T> {
        match self {
            Doc::Texts(_) => Ok(T::default()),
            Doc::Object(text, _) | Doc::Text(text) => serde_json::from_str(text),
            Doc::Value(v) => T::deserialize(v),
        }
    }

    /// [`Doc::try_parse`], text that is not JSON marking `b` (see
    /// [`TraceBuilder::not_json`]) and giving `T::default()`.
    pub(crate) fn parse<T: Deserialize<'a> + Default>(self, b: &mut TraceBuilder) -> T {
        self.try_parse().unwrap_or_else(|_| {
            b.not_json();
            T::default()
        })
    }

    /// The document as a value (parsed or copied); `None` when not JSON.
    pub(crate) fn to_value(self) -> Option<Value> {
        match self {
            Doc::Value(v) => Some(v.clone()),
            Doc::Object(text, _) | Doc::Text(text) => serde_json::from_str(text).ok(),
            Doc::Texts(items) => items.iter().map(|t| serde_json::from_str::<Value>(t).ok()).collect(),
        }
    }

    /// The string, when the document is a JSON string.
    pub(crate) fn as_string(self) -> Option<Cow<'a, str>> {
        match self {
            Doc::Text(t) if t.trim_start().starts_with('"') => serde_json::from_str::<Cow<str>>(t).ok(),
            Doc::Value(v) => v.as_str().map(Cow::Borrowed),
            _ => None,
        }
    }

    /// The member `key` of an object given split or as a value (the last of
    /// duplicate keys); an array text is split only for the [`LISTS`].
    pub(crate) fn member(self, key: &str) -> Option<Doc<'a>> {
        match self {
            Doc::Object(_, members) => members.iter().rev().find(|m| m.key == key).map(|m| match &m.items {
                Some(items) => Doc::Texts(items),
                None => Doc::Text(m.text),
            }),
            Doc::Value(v) => v.get(key).map(Doc::Value),
            _ => None,
        }
    }

    /// The member `key` when it is an array.
    pub(crate) fn list(self, key: &str) -> Option<Doc<'a>> {
        self.member(key).filter(|d| d.is_list())
    }
}

/// Calls `f` with each item of the list `doc` (as a `T`) and its index;
/// stops at an item that is not JSON (`b` is marked).
pub(crate) fn each<'a, T: Deserialize<'a> + Default>(
    doc: Doc<'a>,
    b: &mut TraceBuilder,
    mut f: impl FnMut(usize, T, &mut TraceBuilder),
) {
    each_while(doc, b, |i, item, b| {
        f(i, item, b);
        true
    });
}

/// [`each`] while `f` returns `true`; `false` when `f` stopped it.
pub(crate) fn each_while<'a, T: Deserialize<'a> + Default>(
    doc: Doc<'a>,
    b: &mut TraceBuilder,
    mut f: impl FnMut(usize, T, &mut TraceBuilder) -> bool,
) -> bool {
    for (i, node) in doc.nodes().enumerate() {
        let Ok(item) = node.try_parse() else {
            b.not_json();
            return true;
        };
        if !f(i, item, b) {
            return false;
        }
    }
    true
}

/// The text of each item of a JSON array; `None` when `text` is not one
/// array. Each item is checked as JSON when it is deserialised.
pub(crate) fn split_array(text: &str) -> Option<Vec<&str>> {
    Some(split(text, false)?.into_iter().map(|(_, item)| item).collect())
}

/// The members of a JSON object as (key, value text), the same way; `None`
/// when `text` is not one object or a key has escapes.
pub(crate) fn split_object(text: &str) -> Option<Vec<(&str, &str)>> {
    split(text, true)
}

/// The items of an array, or (`keyed`) the members of an object, found by
/// brackets and quotes alone.
fn split(text: &str, keyed: bool) -> Option<Vec<(&str, &str)>> {
    let b = text.as_bytes();
    let (open, close) = if keyed { (b'{', b'}') } else { (b'[', b']') };
    if b.first() != Some(&open) {
        return None;
    }
    let mut out = Vec::new();
    let mut i = ws(b, 1);
    if b.get(i) == Some(&close) {
        return text[i + 1..].trim().is_empty().then_some(out);
    }
    loop {
        let mut key = "";
        i = ws(b, i);
        if keyed {
            if b.get(i) != Some(&b'"') {
                return None;
            }
            let end = quote_or_escape(b, i + 1)?;
            key = text.get(i + 1..end).filter(|_| b[end] == b'"')?;
            i = ws(b, end + 1);
            if b.get(i) != Some(&b':') {
                return None;
            }
            i = ws(b, i + 1);
        }
        let start = i;
        i = scan_value(b, start)?;
        out.push((key, item(text, start, i)?));
        i += 1;
        match b[i - 1] {
            b',' => {}
            c if c == close => return text[i..].trim().is_empty().then_some(out),
            _ => return None,
        }
    }
}

fn ws(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(|c| matches!(c, b' ' | b'\t' | b'\n' | b'\r')) {
        i += 1;
    }
    i
}

/// Whether `text` opens more than 128 brackets at once outside strings:
/// JSON nested deeper than serde_json (and `src/value/parse.rs`) reads. One
/// pass, stopping at the first bracket past the limit.
pub(crate) fn too_deep(text: &str) -> bool {
    let b = text.as_bytes();
    let (mut depth, mut i) = (0usize, 0);
    while let Some(&c) = b.get(i) {
        match c {
            b'"' => match string_end(b, i) {
                Some(end) => i = end,
                None => return false,
            },
            b'[' | b'{' => {
                depth += 1;
                if depth > 128 {
                    return true;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    false
}

/// The index of the quote that closes the string opened at `i`; `None` when
/// the text ends first.
fn string_end(b: &[u8], mut i: usize) -> Option<usize> {
    loop {
        i = quote_or_escape(b, i + 1)?;
        if b[i] == b'"' {
            return Some(i);
        }
        i += 1; // the escaped byte
    }
}

/// The index of the `,` or closing bracket that ends the value at `i`.
fn scan_value(b: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 0usize;
    loop {
        match *b.get(i)? {
            b'"' => i = string_end(b, i)?,
            b'[' | b'{' => depth += 1,
            b']' | b'}' if depth == 0 => return Some(i),
            b']' | b'}' => depth -= 1,
            b',' if depth == 0 => return Some(i),
            _ => {}
        }
        i += 1;
    }
}

/// The index of the first `"` or `\` at or after `i`, eight bytes at a
/// time (the zero-byte test of "Bit Twiddling Hacks", S. E. Anderson,
/// "Determine if a word has a zero byte": exact for the lowest byte found).
fn quote_or_escape(b: &[u8], mut i: usize) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGH;
    while let Some(chunk) = b.get(i..i + 8) {
        let w = u64::from_le_bytes(chunk.try_into().ok()?);
        let found = zero(w ^ (ONES * u64::from(b'"'))) | zero(w ^ (ONES * u64::from(b'\\')));
        if found != 0 {
            return Some(i + (found.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    Some(i + b.get(i..)?.iter().position(|&c| c == b'"' || c == b'\\')?)
}

/// The value text between `start` and `end`; `None` when empty.
fn item(text: &str, start: usize, end: usize) -> Option<&str> {
    Some(text.get(start..end)?.trim_end()).filter(|t| !t.is_empty())
}

/// The items detection looks at (the first 64 and the last 16) as values;
/// `None` when one is not JSON.
pub(crate) fn sample(items: &[&str]) -> Option<Vec<Value>> {
    let parse = |t: &&str| serde_json::from_str(t).ok();
    if items.len() <= 80 {
        items.iter().map(parse).collect()
    } else {
        items[..64]
            .iter()
            .chain(&items[items.len() - 16..])
            .map(parse)
            .collect()
    }
}

/// Document text split for reading: an array's items, or an object's members.
pub(crate) enum Split<'a> {
    Items(Vec<&'a str>),
    Members(&'a str, Vec<Member<'a>>),
}

impl<'a> Split<'a> {
    /// `text` split when it is an array or an object; `None` otherwise or
    /// when it is not one JSON value by its brackets.
    pub(crate) fn of(text: &'a str) -> Option<Split<'a>> {
        if text.starts_with('[') {
            return split_array(text).map(Split::Items);
        }
        let mut members = Vec::new();
        for (key, text) in split_object(text)? {
            let items = match LISTS.contains(&key) && text.starts_with('[') {
                true => Some(split_array(text)?),
                false => None,
            };
            members.push(Member { key, text, items });
        }
        Some(Split::Members(text, members))
    }

    pub(crate) fn doc(&self) -> Doc<'_> {
        match self {
            Split::Items(items) => Doc::Texts(items),
            Split::Members(text, members) => Doc::Object(text, members),
        }
    }
}

/// SSE's end-of-stream payload `[DONE]` (OpenAI), handed on as this JSON string.
pub(crate) const DONE: &str = "\"[DONE]\"";

/// The events of SSE or JSON-lines text, one at a time, as each event's
/// JSON text and the line it starts on; a long stream is never held as one
/// tree of values.
#[derive(Clone)]
pub(crate) struct EventIter<'t> {
    rest: &'t str,
    line: usize,
    mode: Mode,
}

/// How stream text is cut into events.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    /// SSE: the `data:` lines of each event.
    Sse,
    /// JSON lines: each non-blank line.
    Lines,
    /// AI SDK v4 data stream: each `<code>:<json>` line, handed on as the
    /// JSON pair `["<code>", <json>]`.
    DataStream,
}

/// The codes of the AI SDK v4 data stream parts (`@ai-sdk/ui-utils`
/// `data-stream-parts.ts`: `0` text, `2` data, `3` error, `8` message
/// annotations, `9` tool call, `a` tool result, `b` / `c` tool call streaming
/// start / delta, `d` finish message, `e` finish step, `f` start step, `g`
/// reasoning, `h` source, `i` redacted reasoning, `j` reasoning signature,
/// `k` file; `1`, `4`–`7` are the codes of older SDKs).
pub(crate) const DATA_STREAM_CODES: &str = "0123456789abcdefghijk";

/// A data stream line split into its code and its value's text; `None` when
/// it is not `<code>:<text>` with a code of [`DATA_STREAM_CODES`]. The text is
/// not checked to be JSON.
pub(crate) fn data_part(line: &str) -> Option<(char, &str)> {
    let mut chars = line.chars();
    let code = chars.next().filter(|c| DATA_STREAM_CODES.contains(*c))?;
    let rest = chars.as_str().strip_prefix(':')?.trim();
    (!rest.is_empty()).then_some((code, rest))
}

/// Whether `line` is a data stream part whose value is JSON.
pub(crate) fn is_data_part_line(line: &str) -> bool {
    data_part(line).is_some_and(|(_, json)| serde_json::from_str::<serde::de::IgnoredAny>(json).is_ok())
}

impl<'t> EventIter<'t> {
    /// Events of `text` when it is SSE, JSON lines (its first non-empty
    /// line is JSON) or a data stream (its first non-empty line is a part);
    /// `None` for other text.
    pub(crate) fn new(text: &'t str) -> Option<EventIter<'t>> {
        let sse = text.lines().any(|l| l.starts_with("data:") || l.starts_with("event:"));
        let mode = match sse {
            true => Mode::Sse,
            false => {
                let first = text.lines().find(|l| !l.trim().is_empty())?;
                if serde_json::from_str::<serde::de::IgnoredAny>(first).is_ok() {
                    Mode::Lines
                } else if is_data_part_line(first) {
                    Mode::DataStream
                } else {
                    return None;
                }
            }
        };
        Some(EventIter {
            rest: text,
            line: 0,
            mode,
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
}

impl<'t> Iterator for EventIter<'t> {
    type Item = (Cow<'t, str>, usize);

    fn next(&mut self) -> Option<Self::Item> {
        if self.mode == Mode::Sse {
            return self.next_sse();
        }
        loop {
            let line = self.next_line()?;
            if line.trim().is_empty() {
                continue;
            }
            // A line that is not a part is handed on as it stands (not JSON:
            // reported as unreadable).
            let event = match (self.mode, data_part(line)) {
                (Mode::DataStream, Some((code, json))) => Cow::Owned(format!("[\"{code}\",{json}]")),
                _ => Cow::Borrowed(line),
            };
            return Some((event, self.line));
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
    let trimmed = crate::js::text::document(text);
    if let Ok(v) = serde_json::from_str::<Value>(trimmed) {
        return Some(v);
    }
    if trimmed.is_empty() {
        return Some(Value::Array(Vec::new()));
    }
    EventIter::new(trimmed).map(|events| Value::Array(events.values().0))
}
