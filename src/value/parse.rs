//! Reads JSON text into [`Val`] without an intermediate `serde_json::Value`:
//! the one serde visitor of the value model. Strings without escapes borrow
//! from the text; a repeated key keeps its first position and last value
//! (`JSON.parse`). The binding's extended form (values JSON cannot say, see
//! `src/wasm/wire.rs`) comes in through a [`Markers`] decoder.

use super::{ObjectBuilder, Val};
use crate::error::{MatcherError, Result};
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use std::borrow::Cow;
use std::fmt;

/// Decodes the marker of a one-member object keyed by a single NUL (the
/// binding's extended form); `None` for an unknown marker.
pub(crate) type Markers = fn(&str) -> Option<Val<'static>>;

/// Parses plain JSON text.
/// Errors: `INVALID_JSON` for text that is not JSON; `UNSUPPORTED_VALUE` for a
/// string with a lone UTF-16 surrogate, or nesting deeper than 128 levels.
pub(crate) fn parse<'a>(text: &'a str, path: &str) -> Result<Val<'a>> {
    parse_with(text, None, path)
}

/// Parses JSON text whose NUL-keyed objects `markers` decodes (a real key
/// that starts with NUL has one more NUL in front). Errors: as [`parse`].
pub(crate) fn parse_with<'a>(text: &'a str, markers: Option<Markers>, path: &str) -> Result<Val<'a>> {
    let mut de = serde_json::Deserializer::from_str(text);
    let v = ValSeed { markers }
        .deserialize(&mut de)
        .and_then(|v| de.end().map(|_| v));
    v.map_err(|e| MatcherError::from_json_error(&e, path))
}

#[derive(Clone, Copy)]
struct ValSeed {
    markers: Option<Markers>,
}

impl<'de> DeserializeSeed<'de> for ValSeed {
    type Value = Val<'de>;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> std::result::Result<Val<'de>, D::Error> {
        d.deserialize_any(self)
    }
}

/// A string that borrows from the input when it has no escapes.
struct StrSeed;

impl<'de> DeserializeSeed<'de> for StrSeed {
    type Value = Cow<'de, str>;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> std::result::Result<Cow<'de, str>, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for StrSeed {
    type Value = Cow<'de, str>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_borrowed_str<E>(self, s: &'de str) -> std::result::Result<Cow<'de, str>, E> {
        Ok(Cow::Borrowed(s))
    }
    fn visit_str<E>(self, s: &str) -> std::result::Result<Cow<'de, str>, E> {
        Ok(Cow::Owned(s.to_owned()))
    }
    fn visit_string<E>(self, s: String) -> std::result::Result<Cow<'de, str>, E> {
        Ok(Cow::Owned(s))
    }
}

impl<'de> Visitor<'de> for ValSeed {
    type Value = Val<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_unit<E>(self) -> std::result::Result<Val<'de>, E> {
        Ok(Val::Null)
    }
    fn visit_bool<E>(self, b: bool) -> std::result::Result<Val<'de>, E> {
        Ok(Val::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> std::result::Result<Val<'de>, E> {
        Ok(Val::Num(n as f64))
    }
    fn visit_u64<E>(self, n: u64) -> std::result::Result<Val<'de>, E> {
        Ok(Val::Num(n as f64))
    }
    fn visit_f64<E>(self, n: f64) -> std::result::Result<Val<'de>, E> {
        Ok(Val::Num(n))
    }
    fn visit_borrowed_str<E>(self, s: &'de str) -> std::result::Result<Val<'de>, E> {
        Ok(Val::Str(Cow::Borrowed(s)))
    }
    fn visit_str<E>(self, s: &str) -> std::result::Result<Val<'de>, E> {
        Ok(Val::Str(Cow::Owned(s.to_owned())))
    }
    fn visit_string<E>(self, s: String) -> std::result::Result<Val<'de>, E> {
        Ok(Val::Str(Cow::Owned(s)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Val<'de>, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(v) = seq.next_element_seed(self)? {
            items.push(v);
        }
        Ok(Val::Arr(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Val<'de>, A::Error> {
        let mut object = ObjectBuilder::with_capacity(map.size_hint().unwrap_or(0));
        while let Some(key) = map.next_key_seed(StrSeed)? {
            if let (Some(decode), true) = (self.markers, key.starts_with('\0')) {
                if key.len() == 1 {
                    let marker = map.next_value_seed(StrSeed)?;
                    return decode(&marker).ok_or_else(|| de::Error::custom("unknown value marker"));
                }
                let value = map.next_value_seed(self)?;
                let key = match key {
                    Cow::Borrowed(k) => Cow::Borrowed(&k[1..]),
                    Cow::Owned(k) => Cow::Owned(k[1..].to_owned()),
                };
                object.push(key, value);
                continue;
            }
            let value = map.next_value_seed(self)?;
            object.push(key, value);
        }
        Ok(Val::Obj(object.finish()))
    }
}

#[cfg(test)]
#[path = "../../tests/unit/value/parse.rs"]
mod tests;
