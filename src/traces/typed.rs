//! The fast path for list traces given as text (a JSON array of messages,
//! items, contents or steps): the array is split into its items as raw JSON
//! slices (no tree of values is built), the format is told from a sample of
//! items, and each item is deserialised into the format's typed, borrowing
//! structs (unknown fields skipped). Only arguments and results, which the
//! call records hold as values, become [`Value`]s.
//!
//! The typed readers follow the value readers field for field. An item whose
//! shape the typed structs do not take (a field of an unexpected type, a
//! duplicate key) makes the whole list fall back to the value reader, so the
//! diagnostics for odd input are the value reader's, unchanged.

use super::detect::{detect_list, detect_value};
use super::record::{Builder, Trace};
use super::{dispatch, resolve, TraceFormat};
use crate::error::Result;
use serde::de::{Error, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

/// Reads `text` when it is a JSON array; `None` when it is not (the caller
/// reads it another way).
pub(crate) fn read_list_text(
    text: &str,
    format: Option<TraceFormat>,
    messages: bool,
) -> Option<Result<(TraceFormat, Trace)>> {
    if !text.starts_with('[') {
        return None;
    }
    let items = split_array(text)?;
    let format = match resolve(format, detect_list(&sample(&items)?)) {
        Ok(f) => f,
        Err(e) => return Some(Err(e)),
    };
    let mut b = Builder::new(messages);
    if read_typed(format, &items, &mut b).is_none() {
        b = Builder::new(messages);
        dispatch(format, &Value::Array(values(&items)?), &mut b);
    }
    Some(Ok((format, b.finish())))
}

/// Items as values; `None` when one is not JSON (then neither is the list).
fn values(items: &[&str]) -> Option<Vec<Value>> {
    items.iter().map(|t| serde_json::from_str(t).ok()).collect()
}

/// The text of each item of a JSON array, found by brackets and quotes
/// alone; `None` when `text` is not one array. Each item is checked as JSON
/// when it is deserialised.
fn split_array(text: &str) -> Option<Vec<&str>> {
    let b = text.as_bytes();
    if b.first() != Some(&b'[') {
        return None;
    }
    let mut items = Vec::new();
    let mut i = ws(b, 1);
    if b.get(i) == Some(&b']') {
        return text[i + 1..].trim().is_empty().then_some(items);
    }
    loop {
        let start = ws(b, i);
        i = scan_value(b, start)?;
        items.push(item(text, start, i)?);
        i += 1;
        match b[i - 1] {
            b',' => {}
            b']' => return text[i..].trim().is_empty().then_some(items),
            _ => return None,
        }
    }
}

/// The members of a JSON object as (key, value text), the same way; `None`
/// when `text` is not one object or a key has escapes.
fn split_object(text: &str) -> Option<Vec<(&str, &str)>> {
    let b = text.as_bytes();
    if b.first() != Some(&b'{') {
        return None;
    }
    let mut members = Vec::new();
    let mut i = 1;
    loop {
        i = ws(b, i);
        if b.get(i) != Some(&b'"') {
            return None;
        }
        let end = i + 1 + b.get(i + 1..)?.iter().position(|&c| c == b'"' || c == b'\\')?;
        let key = text.get(i + 1..end).filter(|_| b[end] == b'"')?;
        i = ws(b, end + 1);
        if b.get(i) != Some(&b':') {
            return None;
        }
        let start = ws(b, i + 1);
        i = scan_value(b, start)?;
        members.push((key, item(text, start, i)?));
        i += 1;
        match b[i - 1] {
            b',' => {}
            b'}' => return text[i..].trim().is_empty().then_some(members),
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

/// The index of the `,` or closing bracket that ends the value at `i`.
fn scan_value(b: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 0usize;
    loop {
        match *b.get(i)? {
            b'"' => loop {
                i += 1;
                i += b.get(i..)?.iter().position(|&c| c == b'"' || c == b'\\')?;
                if b[i] == b'"' {
                    break;
                }
                i += 1; // the escaped byte
            },
            b'[' | b'{' => depth += 1,
            b']' | b'}' if depth == 0 => return Some(i),
            b']' | b'}' => depth -= 1,
            b',' if depth == 0 => return Some(i),
            _ => {}
        }
        i += 1;
    }
}

/// The value text between `start` and `end`; `None` when empty.
fn item(text: &str, start: usize, end: usize) -> Option<&str> {
    Some(text.get(start..end)?.trim_end()).filter(|t| !t.is_empty())
}

/// Reads `text` when it is a JSON object with a `messages` array (an MCPJam
/// trace `{ messages, spans }`, a chat request body): the messages are read
/// like a list, the other members as values. `None` for other text.
pub(crate) fn read_object_text(
    text: &str,
    format: Option<TraceFormat>,
    messages: bool,
) -> Option<Result<(TraceFormat, Trace)>> {
    if !text.starts_with('{') {
        return None;
    }
    let members = split_object(text)?;
    let mut list = None;
    let mut stub = Map::new();
    for (key, value) in members {
        let v = if key == "messages" && value.starts_with('[') {
            let items = split_array(value)?;
            let v = Value::Array(sample(&items)?);
            list = Some(items);
            v
        } else {
            serde_json::from_str(value).ok()?
        };
        if stub.insert(key.to_owned(), v).is_some() {
            return None; // a duplicate key: the value reader decides
        }
    }
    let items = list.filter(|items| !items.is_empty())?;
    let mut stub = Value::Object(stub);
    let format = match resolve(format, detect_value(&stub)) {
        Ok(f) => f,
        Err(e) => return Some(Err(e)),
    };
    let mut b = Builder::new(messages);
    let plain = format == TraceFormat::McpJam && stub.get("caseTitle").is_none() && stub.get("trace").is_none();
    let inner = detect_list(stub["messages"].as_array().map_or(&[], Vec::as_slice));
    let typed = match inner {
        Ok(f) if plain && f != TraceFormat::McpJam => read_typed(f, &items, &mut b),
        _ => None,
    };
    if typed.is_some() {
        super::mcpjam::spans(&stub, &mut b);
    } else {
        b = Builder::new(messages);
        stub["messages"] = Value::Array(values(&items)?);
        dispatch(format, &stub, &mut b);
    }
    Some(Ok((format, b.finish())))
}

/// The items `detect_list` looks at: the first 64 and the last 16.
fn sample(items: &[&str]) -> Option<Vec<Value>> {
    if items.len() <= 80 {
        values(items)
    } else {
        values(&[&items[..64], &items[items.len() - 16..]].concat())
    }
}

/// The typed reader of `format`; `None` when the format has none or an item
/// does not fit its structs (nothing has been given to `b` then).
fn read_typed(format: TraceFormat, items: &[&str], b: &mut Builder) -> Option<()> {
    match format {
        TraceFormat::OpenAiChat => each(items, |it| super::openai_chat::read_messages_typed(it, b)),
        TraceFormat::OpenAiResponses => each(items, |it| super::openai_responses::read_items_typed(it, b)),
        TraceFormat::Anthropic => each(items, |it| super::anthropic::read_messages_typed(it, b)),
        TraceFormat::Gemini => each(items, |it| super::gemini::read_contents_typed(it, b)),
        TraceFormat::VercelAi => super::vercel::read_messages_typed(parse_all(items)?, b).then_some(()),
        _ => None,
    }
}

/// Hands `read` the items as `T`s, one at a time; `None` when one does not
/// fit (`read` has then seen only the items before it).
fn each<'a, T: Deserialize<'a>>(items: &[&'a str], read: impl FnOnce(&mut dyn Iterator<Item = T>)) -> Option<()> {
    let mut failed = false;
    let mut it = items.iter().map_while(|t| match serde_json::from_str(t) {
        Ok(v) => Some(v),
        Err(_) => {
            failed = true;
            None
        }
    });
    read(&mut it);
    drop(it);
    (!failed).then_some(())
}

/// Every item as a `T`, or `None` when one does not fit.
fn parse_all<'a, T: Deserialize<'a>>(items: &[&'a str]) -> Option<Vec<T>> {
    let mut out = Vec::with_capacity(items.len());
    for t in items {
        out.push(serde_json::from_str(t).ok()?);
    }
    Some(out)
}

/// For `#[serde(default, deserialize_with = "present")]`: a field that is
/// there, even as `null`, is `Some` (absent is `None`), as `v.get(key)` tells;
/// `null` for a `T` that does not take it does not fit.
pub(crate) fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> std::result::Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// A JSON string, borrowed from the input when it has no escapes
/// (`Option<Cow<str>>` fields never borrow).
pub(crate) struct Str<'a>(pub(crate) Cow<'a, str>);

impl std::ops::Deref for Str<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Str<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Str<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: Error>(self, v: &'de str) -> std::result::Result<Str<'de>, E> {
                Ok(Str(Cow::Borrowed(v)))
            }
            fn visit_str<E: Error>(self, v: &str) -> std::result::Result<Str<'de>, E> {
                Ok(Str(Cow::Owned(v.to_owned())))
            }
        }
        d.deserialize_str(V)
    }
}

/// A content field that is text or a list of parts.
pub(crate) enum TextOr<'a, T> {
    Text(Str<'a>),
    List(Vec<T>),
}

impl<'de: 'a, 'a, T: Deserialize<'de>> Deserialize<'de> for TextOr<'a, T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct V<'a, T>(PhantomData<(Str<'a>, T)>);
        impl<'de: 'a, 'a, T: Deserialize<'de>> Visitor<'de> for V<'a, T> {
            type Value = TextOr<'a, T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string or an array")
            }
            fn visit_borrowed_str<E: Error>(self, v: &'de str) -> std::result::Result<Self::Value, E> {
                Ok(TextOr::Text(Str(Cow::Borrowed(v))))
            }
            fn visit_str<E: Error>(self, v: &str) -> std::result::Result<Self::Value, E> {
                Ok(TextOr::Text(Str(Cow::Owned(v.to_owned()))))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Self::Value, A::Error> {
                let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0));
                while let Some(x) = seq.next_element()? {
                    out.push(x);
                }
                Ok(TextOr::List(out))
            }
        }
        d.deserialize_any(V(PhantomData))
    }
}
