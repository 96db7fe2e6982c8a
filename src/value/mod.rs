//! The one value model of the core: [`Val`], what every matcher compares.
//!
//! Values come from JSON text (the JavaScript binding, [`parse`]) or from a
//! `serde_json::Value` (the Rust API, `From<&serde_json::Value>`); strings
//! borrow from either. A JavaScript caller can also hand over `undefined`
//! members, `NaN`, `±Infinity`, `Date`s and `BigInt`s (the binding's
//! extended form), and [`Val`] keeps them, so that each matcher compares
//! exactly as its reference does ([`eq`]).
//!
//! An object keeps its members sorted by key (lookups and comparisons ignore
//! key order) *and* remembers each member's position in the document, so
//! that printing ([`print`]: `JSON.stringify`, messages, snapshots) keeps the
//! caller's order, as JavaScript does.

pub(crate) mod eq;
pub(crate) mod parse;
pub(crate) mod print;

use std::borrow::Cow;

/// One value as the matchers see it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Val<'a> {
    Undefined,
    Null,
    Bool(bool),
    Num(f64),
    Str(Cow<'a, str>),
    /// A JS `BigInt`, as its decimal digits.
    BigInt(Cow<'a, str>),
    /// A JS `Date`, as its time value in ms since the epoch (`NaN` when invalid).
    Date(f64),
    Arr(Vec<Val<'a>>),
    Obj(Object<'a>),
}

/// One member of an [`Object`]: its key, value and position in the document.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Member<'a> {
    pub(crate) key: Cow<'a, str>,
    pub(crate) value: Val<'a>,
    pos: u32,
}

/// An object's members, sorted by key and unique, each with its document
/// position (a repeated key keeps its first position and its last value, as
/// `JSON.parse` does).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Object<'a>(Vec<Member<'a>>);

/// Builds an [`Object`] member by member, in document order.
pub(crate) struct ObjectBuilder<'a>(Vec<Member<'a>>);

impl<'a> ObjectBuilder<'a> {
    pub(crate) fn with_capacity(n: usize) -> Self {
        ObjectBuilder(Vec::with_capacity(n))
    }

    pub(crate) fn push(&mut self, key: Cow<'a, str>, value: Val<'a>) {
        let pos = self.0.len() as u32;
        self.0.push(Member { key, value, pos });
    }

    /// The object: members sorted by key in place; of a repeated key the
    /// first position and the last value stay (as `JSON.parse`).
    pub(crate) fn finish(self) -> Object<'a> {
        let mut members = self.0;
        if members.windows(2).all(|w| w[0].key < w[1].key) {
            return Object(members);
        }
        // Stable: equal keys stay in document order.
        members.sort_by(|a, b| a.key.cmp(&b.key));
        members.dedup_by(|later, kept| {
            let same = later.key == kept.key;
            if same {
                std::mem::swap(&mut later.value, &mut kept.value);
            }
            same
        });
        Object(members)
    }
}

impl<'a> Object<'a> {
    /// `{}`.
    pub(crate) const EMPTY: Object<'static> = Object(Vec::new());

    /// The same object owning its keys and strings (kept past the input it was read from).
    pub(crate) fn into_owned(self) -> Object<'static> {
        Object(
            self.0
                .into_iter()
                .map(|m| Member {
                    key: Cow::Owned(m.key.into_owned()),
                    value: m.value.into_owned(),
                    pos: m.pos,
                })
                .collect(),
        )
    }

    /// An object from members in document order.
    pub(crate) fn new(entries: Vec<(Cow<'a, str>, Val<'a>)>) -> Object<'a> {
        let mut b = ObjectBuilder::with_capacity(entries.len());
        entries.into_iter().for_each(|(k, v)| b.push(k, v));
        b.finish()
    }

    /// The member `key` (`None` when absent).
    pub(crate) fn get(&self, key: &str) -> Option<&Val<'a>> {
        self.0
            .binary_search_by(|m| (*m.key).cmp(key))
            .ok()
            .map(|i| &self.0[i].value)
    }

    /// The member `key`, mutable.
    pub(crate) fn get_mut(&mut self, key: &str) -> Option<&mut Val<'a>> {
        match self.0.binary_search_by(|m| (*m.key).cmp(key)) {
            Ok(i) => Some(&mut self.0[i].value),
            Err(_) => None,
        }
    }

    /// Removes the member `key`; `true` when there was one.
    pub(crate) fn remove(&mut self, key: &str) -> bool {
        match self.0.binary_search_by(|m| (*m.key).cmp(key)) {
            Ok(i) => {
                self.0.remove(i);
                true
            }
            Err(_) => false,
        }
    }

    /// The members sorted by key.
    pub(crate) fn members(&self) -> &[Member<'a>] {
        &self.0
    }

    /// The members in document order.
    pub(crate) fn in_document_order(&self) -> Vec<&Member<'a>> {
        let mut order: Vec<&Member<'a>> = self.0.iter().collect();
        if order.windows(2).any(|w| w[0].pos > w[1].pos) {
            order.sort_unstable_by_key(|m| m.pos);
        }
        order
    }

    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }
}

/// The array index a property key names, as JavaScript reads one: `"0"`,
/// `"12"`, not `"01"`, `"-1"` or `""`.
pub(crate) fn array_index(key: &str) -> Option<usize> {
    let canonical = key == "0" || (!key.starts_with('0') && !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit()));
    key.parse().ok().filter(|_| canonical)
}

impl<'a> Val<'a> {
    /// An object from members in document order (see [`Object::new`]).
    pub(crate) fn object(entries: Vec<(Cow<'a, str>, Val<'a>)>) -> Val<'a> {
        Val::Obj(Object::new(entries))
    }

    /// The own member `key` of an object (`None` for an absent key or a non-object).
    pub(crate) fn get(&self, key: &str) -> Option<&Val<'a>> {
        match self {
            Val::Obj(o) => o.get(key),
            _ => None,
        }
    }

    /// An object's members sorted by key (none for a non-object).
    pub(crate) fn members(&self) -> &[Member<'a>] {
        match self {
            Val::Obj(o) => o.members(),
            _ => &[],
        }
    }

    /// The string, if this is one.
    pub(crate) fn as_str(&self) -> Option<&str> {
        match self {
            Val::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The same value owning its strings (kept past the input it was read from).
    pub(crate) fn into_owned(self) -> Val<'static> {
        match self {
            Val::Undefined => Val::Undefined,
            Val::Null => Val::Null,
            Val::Bool(b) => Val::Bool(b),
            Val::Num(n) => Val::Num(n),
            Val::Str(s) => Val::Str(Cow::Owned(s.into_owned())),
            Val::BigInt(s) => Val::BigInt(Cow::Owned(s.into_owned())),
            Val::Date(t) => Val::Date(t),
            Val::Arr(items) => Val::Arr(items.into_iter().map(Val::into_owned).collect()),
            Val::Obj(o) => Val::Obj(o.into_owned()),
        }
    }

    /// The name of the value's type, for error messages.
    pub(crate) fn type_name(&self) -> &'static str {
        match self {
            Val::Undefined => "undefined",
            Val::Null => "null",
            Val::Bool(_) => "a boolean",
            Val::Num(_) => "a number",
            Val::Str(_) => "a string",
            Val::BigInt(_) => "a bigint",
            Val::Date(_) => "a Date",
            Val::Arr(_) => "an array",
            Val::Obj(_) => "an object",
        }
    }
}

impl<'a> Val<'a> {
    /// An object borrowing the members of a `serde_json` map, in key order
    /// whatever the map's own order: a `serde_json::Map` is a `BTreeMap`
    /// (sorted keys) unless some crate of the build turns on serde_json's
    /// `preserve_order` feature (then an `IndexMap` in insertion order,
    /// <https://docs.rs/serde_json/1/serde_json/struct.Map.html>). Cargo unifies
    /// features across the build, so taking the map's order would make the
    /// verdicts (texts written from the value) depend on another crate.
    pub(crate) fn from_map(map: &'a serde_json::Map<String, serde_json::Value>) -> Val<'a> {
        let mut members: Vec<Member<'a>> = map
            .iter()
            .map(|(k, v)| Member {
                key: Cow::Borrowed(k.as_str()),
                value: Val::from(v),
                pos: 0,
            })
            .collect();
        // The keys of a map are unique: sorting is all `ObjectBuilder::finish` would do.
        if !members.windows(2).all(|w| w[0].key < w[1].key) {
            members.sort_unstable_by(|a, b| a.key.cmp(&b.key));
        }
        members.iter_mut().zip(0u32..).for_each(|(m, i)| m.pos = i);
        Val::Obj(Object(members))
    }
}

impl<'a> From<&'a serde_json::Value> for Val<'a> {
    /// Borrows the strings of `v`; object members in the map's own order.
    fn from(v: &'a serde_json::Value) -> Val<'a> {
        use serde_json::Value as J;
        match v {
            J::Null => Val::Null,
            J::Bool(b) => Val::Bool(*b),
            J::Number(n) => Val::Num(n.as_f64().unwrap_or(f64::NAN)),
            J::String(s) => Val::Str(Cow::Borrowed(s)),
            J::Array(items) => Val::Arr(items.iter().map(Val::from).collect()),
            J::Object(map) => Val::from_map(map),
        }
    }
}

impl From<&Val<'_>> for serde_json::Value {
    /// A `serde_json` copy in document order (what JSON cannot say becomes
    /// `null`, as `JSON.stringify` writes it in an array).
    fn from(v: &Val<'_>) -> serde_json::Value {
        use serde_json::Value as J;
        match v {
            Val::Null | Val::Undefined | Val::Date(_) | Val::BigInt(_) => J::Null,
            Val::Bool(b) => J::Bool(*b),
            Val::Num(n) => print::json_number(*n),
            Val::Str(s) => J::String(s.to_string()),
            Val::Arr(items) => J::Array(items.iter().map(J::from).collect()),
            Val::Obj(o) => J::Object(
                o.in_document_order()
                    .into_iter()
                    .map(|m| (m.key.to_string(), J::from(&m.value)))
                    .collect(),
            ),
        }
    }
}

#[cfg(test)]
#[path = "../../tests/unit/value.rs"]
mod tests;
