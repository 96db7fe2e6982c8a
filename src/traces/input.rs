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
            Node::Text(t) if t.trim_start().starts_with('"') => serde_json::from_str::<Cow<str>>(t).ok(),
            Node::Text(_) => None,
            Node::Value(v) => v.as_str().map(Cow::Borrowed),
        }
    }
}

/// A member of an object given as text: its key and value text, and when
/// it is one of the [`LISTS`], its array's items.
pub(crate) struct Member<'a> {
    pub(crate) key: &'a str,
    pub(crate) text: &'a str,
    pub(crate) items: Option<Vec<&'a str>>,
}

/// The members split into items when they are arrays: the lists detection
/// samples, and the nested traces of MCPJam traces.
const LISTS: [&str; 4] = ["messages", "contents", "input", "trace"];

/// A trace document.
#[derive(Clone, Copy)]
pub(crate) enum Doc<'a> {
    /// An array given as text, split into its items' texts (read item by item).
    Texts(&'a [&'a str]),
    /// An object given as text, with its members split out.
    Object(&'a str, &'a [Member<'a>]),
    /// Any other JSON text (an object only when not split, never an array).
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
    pub(crate) fn nodes(self) -> NodeIter<'a> {
        match self {
            Doc::Texts(items) => NodeIter::Texts(items.iter()),
            Doc::Value(Value::Array(items)) => NodeIter::Values(items.iter()),
            Doc::Object(text, _) | Doc::Text(text) => NodeIter::One(Some(Node::Text(text))),
            Doc::Value(v) => NodeIter::One(Some(Node::Value(v))),
        }
    }

    /// The document as one `T` (a split array, read item by item, is
    /// `T::default()`); text that is not JSON marks `b` (see
    /// [`TraceBuilder::not_json`]).
    pub(crate) fn parse<T: Deserialize<'a> + Default>(self, b: &mut TraceBuilder) -> T {
        match self {
            Doc::Texts(_) => T::default(),
            Doc::Object(text, _) | Doc::Text(text) => b.parse(Node::Text(text)),
            Doc::Value(v) => b.parse(Node::Value(v)),
        }
    }

    /// The string, when the document is a JSON string.
    pub(crate) fn as_string(self) -> Option<Cow<'a, str>> {
        match self {
            Doc::Text(t) => Node::Text(t).as_string(),
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

    /// Whether the document is JSON `null`.
    pub(crate) fn is_null(self) -> bool {
        matches!(self, Doc::Text("null") | Doc::Value(Value::Null))
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

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            NodeIter::Texts(it) => it.size_hint(),
            NodeIter::Values(it) => it.size_hint(),
            NodeIter::One(one) => (one.iter().len(), Some(one.iter().len())),
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
        self.each_while(b, |i, item, b| {
            f(i, item, b);
            true
        });
    }

    /// [`Items::each`] while `f` returns `true`; `false` when `f` stopped it.
    pub(crate) fn each_while(
        self,
        b: &mut TraceBuilder,
        mut f: impl FnMut(usize, T, &mut TraceBuilder) -> bool,
    ) -> bool {
        match self {
            Items::Nodes(nodes) => {
                for (i, node) in nodes.enumerate() {
                    let Ok(item) = node.parse() else {
                        b.not_json();
                        return true;
                    };
                    if !f(i, item, b) {
                        return false;
                    }
                }
                true
            }
            Items::Parsed(items) => items.enumerate().all(|(i, item)| f(i, item, b)),
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
        let end = quote_or_escape(b, i + 1)?;
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
                i = quote_or_escape(b, i + 1)?;
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
