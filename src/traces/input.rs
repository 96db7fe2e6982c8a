//! A trace document as the readers take it: JSON text or a parsed value.
//!
//! Text is never built into a tree of values. An array is split into its
//! items' texts by brackets and quotes alone, an object into its members'
//! texts; each item is then deserialised into a reader's lenient structs
//! (see [`super::lenient`]), which also checks it is JSON. Detection looks
//! at a sample of items parsed as values. A parsed value is read by the same
//! structs, deserialised from `&Value`.

use super::record::TraceBuilder;
use serde::Deserialize;
use serde_json::Value;
use std::borrow::Cow;

/// One JSON value: its text, or a parsed value.
#[derive(Clone, Copy)]
pub(crate) enum Node<'a> {
    Text(&'a str),
    Value(&'a Value),
}

impl<'a> Node<'a> {
    /// Deserialises the node; from text, an error means it is not JSON.
    pub(crate) fn parse<T: Deserialize<'a>>(self) -> serde_json::Result<T> {
        match self {
            Node::Text(t) => serde_json::from_str(t),
            Node::Value(v) => T::deserialize(v),
        }
    }

    /// The node as a value (parsed or copied); `None` when not JSON.
    pub(crate) fn to_value(self) -> Option<Value> {
        match self {
            Node::Text(t) => serde_json::from_str(t).ok(),
            Node::Value(v) => Some(v.clone()),
        }
    }

    /// The string the node holds, when it is a JSON string.
    pub(crate) fn as_string(self) -> Option<Cow<'a, str>> {
        match self {
            Node::Text(t) if t.starts_with('"') => serde_json::from_str::<Cow<str>>(t).ok(),
            Node::Text(_) => None,
            Node::Value(v) => v.as_str().map(Cow::Borrowed),
        }
    }
}

/// A member of an object given as text: its key and value text, and for
/// the lists that detection samples, the value's items.
pub(crate) struct Member<'a> {
    pub(crate) key: &'a str,
    pub(crate) text: &'a str,
    pub(crate) items: Option<Vec<&'a str>>,
}

/// A trace document.
#[derive(Clone, Copy)]
pub(crate) enum Doc<'a> {
    /// An array given as text, split into its items' texts.
    Texts(&'a [&'a str]),
    /// A parsed array.
    Values(&'a [Value]),
    /// An object given as text, with its members split out.
    Object(&'a str, &'a [Member<'a>]),
    /// Any other JSON text (an array or object only when not split).
    Text(&'a str),
    /// Any other parsed value.
    Value(&'a Value),
}

impl<'a> Doc<'a> {
    /// A parsed value as a document.
    pub(crate) fn of_value(v: &'a Value) -> Doc<'a> {
        match v {
            Value::Array(items) => Doc::Values(items),
            other => Doc::Value(other),
        }
    }

    /// Whether the document is an array.
    pub(crate) fn is_list(self) -> bool {
        matches!(self, Doc::Texts(_) | Doc::Values(_))
    }

    /// The items of an array, or the document itself as the one item.
    pub(crate) fn nodes(self) -> NodeIter<'a> {
        match self {
            Doc::Texts(items) => NodeIter::Texts(items.iter()),
            Doc::Values(items) => NodeIter::Values(items.iter()),
            Doc::Object(text, _) | Doc::Text(text) => NodeIter::One(Some(Node::Text(text))),
            Doc::Value(v) => NodeIter::One(Some(Node::Value(v))),
        }
    }

    /// The document as one `T` (an array is no object: `T::default()`);
    /// text that is not JSON marks `b` (see [`TraceBuilder::not_json`]).
    pub(crate) fn parse<T: Deserialize<'a> + Default>(self, b: &mut TraceBuilder) -> T {
        match self {
            Doc::Texts(_) | Doc::Values(_) => T::default(),
            Doc::Object(text, _) | Doc::Text(text) => b.parse(Node::Text(text)),
            Doc::Value(v) => b.parse(Node::Value(v)),
        }
    }

    /// Whether the document is a JSON string.
    pub(crate) fn is_string(self) -> bool {
        match self {
            Doc::Text(t) => t.starts_with('"'),
            Doc::Value(v) => v.is_string(),
            _ => false,
        }
    }
}

/// The nodes of a [`Doc`].
pub(crate) enum NodeIter<'a> {
    Texts(std::slice::Iter<'a, &'a str>),
    Values(std::slice::Iter<'a, Value>),
    One(Option<Node<'a>>),
}

impl<'a> Iterator for NodeIter<'a> {
    type Item = Node<'a>;
    fn next(&mut self) -> Option<Node<'a>> {
        match self {
            NodeIter::Texts(it) => it.next().map(|t| Node::Text(t)),
            NodeIter::Values(it) => it.next().map(Node::Value),
            NodeIter::One(one) => one.take(),
        }
    }
}

/// The items of a list handed to a reader one at a time: parsed from a
/// document's nodes as they are asked for, or parsed before.
pub(crate) enum Items<'a, T> {
    Nodes(NodeIter<'a>),
    Parsed(std::vec::IntoIter<T>),
}

impl<'a, T: Deserialize<'a> + Default> Items<'a, T> {
    pub(crate) fn of(doc: Doc<'a>) -> Self {
        Items::Nodes(doc.nodes())
    }

    pub(crate) fn parsed(items: Vec<T>) -> Self {
        Items::Parsed(items.into_iter())
    }

    /// Calls `f` with each item and its index; stops at an item that is not
    /// JSON (`b` is marked).
    pub(crate) fn each(self, b: &mut TraceBuilder, mut f: impl FnMut(usize, T, &mut TraceBuilder)) {
        match self {
            Items::Nodes(nodes) => {
                for (i, node) in nodes.enumerate() {
                    let Ok(item) = node.parse() else {
                        return b.not_json();
                    };
                    f(i, item, b);
                }
            }
            Items::Parsed(items) => items.enumerate().for_each(|(i, item)| f(i, item, b)),
        }
    }
}

/// The text of each item of a JSON array; `None` when `text` is not one
/// array. Each item is checked as JSON when it is deserialised.
pub(crate) fn split_array(text: &str) -> Option<Vec<&str>> {
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
pub(crate) fn split_object(text: &str) -> Option<Vec<(&str, &str)>> {
    let b = text.as_bytes();
    if b.first() != Some(&b'{') {
        return None;
    }
    let mut members = Vec::new();
    let mut i = ws(b, 1);
    if b.get(i) == Some(&b'}') {
        return text[i + 1..].trim().is_empty().then_some(members);
    }
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

/// The list members that detection samples (see [`super::detect`]).
const SAMPLED: [&str; 3] = ["messages", "contents", "input"];

impl<'a> Split<'a> {
    /// `text` split when it is an array or an object; `None` otherwise or
    /// when it is not one JSON value by its brackets.
    pub(crate) fn of(text: &'a str) -> Option<Split<'a>> {
        if text.starts_with('[') {
            return split_array(text).map(Split::Items);
        }
        let mut members = Vec::new();
        for (key, text) in split_object(text)? {
            let items = match SAMPLED.contains(&key) && text.starts_with('[') {
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
