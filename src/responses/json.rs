//! An order-preserving JSON tree and the two `JSON.stringify` forms the
//! reference prints (compact, and pretty with two-space indent).
//!
//! `@gleanwork/mcp-server-tester@1.1.0` falls back to `JSON.stringify(value)`
//! in `extractText` and prints `JSON.stringify(value, null, 2)` in messages.
//! Those texts keep the caller's key order and JavaScript's number format, so
//! responses are read into [`Json`], which keeps object members in document
//! order (a `serde_json::Map` without `preserve_order` sorts them), and
//! printed by [`stringify`] / [`stringify_pretty`], which write numbers as
//! `Number.prototype.toString` does (`1e+21`, `1e-7`, `100`).

use crate::error::{MatcherError, Result};
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use std::borrow::Cow;
use std::fmt::{self, Write};

/// One JSON value with object members in document order. Strings borrow
/// from the parsed text when they have no escapes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Json<'a> {
    Null,
    Bool(bool),
    Num(f64),
    Str(Cow<'a, str>),
    Arr(Vec<Json<'a>>),
    Obj(Vec<(Cow<'a, str>, Json<'a>)>),
}

impl<'a> Json<'a> {
    /// The own member `key` of an object; `None` when absent or not an object.
    pub(crate) fn get(&self, key: &str) -> Option<&Json<'a>> {
        match self {
            Json::Obj(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The string value, if this is a string.
    pub(crate) fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The name of the value's type, for error messages.
    pub(crate) fn type_name(&self) -> &'static str {
        match self {
            Json::Null => "null",
            Json::Bool(_) => "a boolean",
            Json::Num(_) => "a number",
            Json::Str(_) => "a string",
            Json::Arr(_) => "an array",
            Json::Obj(_) => "an object",
        }
    }

    /// Parses JSON text (as `JSON.stringify` writes it), keeping member order;
    /// a repeated key keeps its first position and its last value, as `JSON.parse`.
    /// Errors: `INVALID_JSON` at `path` for text that is not JSON;
    /// `UNSUPPORTED_VALUE` for a lone UTF-16 surrogate or nesting deeper than 128.
    pub(crate) fn parse(text: &'a str, path: &str) -> Result<Json<'a>> {
        let mut de = serde_json::Deserializer::from_str(text);
        let v = Seed.deserialize(&mut de).and_then(|v| de.end().map(|_| v));
        // The one classification; the message stays serde_json's own here.
        v.map_err(|e| MatcherError {
            message: e.to_string(),
            ..MatcherError::from_json_error(&e, path)
        })
    }
}

#[cfg(feature = "native")]
impl<'a> From<&'a serde_json::Value> for Json<'a> {
    /// Borrows the strings of `v`; members in the map's own order.
    fn from(v: &'a serde_json::Value) -> Json<'a> {
        use serde_json::Value as J;
        match v {
            J::Null => Json::Null,
            J::Bool(b) => Json::Bool(*b),
            J::Number(n) => Json::Num(n.as_f64().unwrap_or(f64::NAN)),
            J::String(s) => Json::Str(Cow::Borrowed(s)),
            J::Array(items) => Json::Arr(items.iter().map(Json::from).collect()),
            J::Object(map) => Json::Obj(
                map.iter()
                    .map(|(k, v)| (Cow::Borrowed(k.as_str()), Json::from(v)))
                    .collect(),
            ),
        }
    }
}

impl From<&Json<'_>> for serde_json::Value {
    /// A `serde_json` copy (non-finite numbers become `null`, as in JSON).
    fn from(v: &Json<'_>) -> serde_json::Value {
        use serde_json::Value as J;
        match v {
            Json::Null => J::Null,
            Json::Bool(b) => J::Bool(*b),
            Json::Num(n) => json_number(*n),
            Json::Str(s) => J::String(s.to_string()),
            Json::Arr(items) => J::Array(items.iter().map(J::from).collect()),
            Json::Obj(entries) => J::Object(entries.iter().map(|(k, v)| (k.to_string(), J::from(v))).collect()),
        }
    }
}

/// A JSON number for `n`: an integer when `n` is one (as JS prints it), else a float.
pub(crate) fn json_number(n: f64) -> serde_json::Value {
    if n.fract() == 0.0 && n.abs() < 9.007_199_254_740_992e15 {
        serde_json::Value::from(n as i64)
    } else {
        serde_json::Number::from_f64(n).map_or(serde_json::Value::Null, serde_json::Value::Number)
    }
}

/// Deep equality of JSON values: object key order ignored, numbers by value
/// (`1` equals `1.0`, `-0` equals `0`).
pub(crate) fn json_equal(a: &Json<'_>, b: &Json<'_>) -> bool {
    match (a, b) {
        (Json::Null, Json::Null) => true,
        (Json::Bool(x), Json::Bool(y)) => x == y,
        (Json::Num(x), Json::Num(y)) => x == y,
        (Json::Str(x), Json::Str(y)) => x == y,
        (Json::Arr(x), Json::Arr(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_equal(p, q)),
        (Json::Obj(x), Json::Obj(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| b.get(k).is_some_and(|w| json_equal(v, w)))
        }
        _ => false,
    }
}

/// `JSON.stringify(v)`.
pub(crate) fn stringify(v: &Json<'_>) -> String {
    let mut out = String::new();
    write_json(v, None, &mut out);
    out
}

/// `JSON.stringify(v, null, 2)`.
pub(crate) fn stringify_pretty(v: &Json<'_>) -> String {
    let mut out = String::new();
    write_json(v, Some(0), &mut out);
    out
}

fn newline(out: &mut String, level: usize) {
    out.push('\n');
    for _ in 0..level {
        out.push_str("  ");
    }
}

/// `indent`: `None` for the compact form, `Some(level)` for the pretty form.
fn write_json(v: &Json<'_>, indent: Option<usize>, out: &mut String) {
    match v {
        Json::Null => out.push_str("null"),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Json::Num(n) if n.is_finite() => crate::js::number::write_to(*n, out),
        Json::Num(_) => out.push_str("null"),
        Json::Str(s) => write_str(s, out),
        Json::Arr(items) if items.is_empty() => out.push_str("[]"),
        Json::Obj(entries) if entries.is_empty() => out.push_str("{}"),
        Json::Arr(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if let Some(level) = indent {
                    newline(out, level + 1);
                }
                write_json(item, indent.map(|l| l + 1), out);
            }
            if let Some(level) = indent {
                newline(out, level);
            }
            out.push(']');
        }
        Json::Obj(entries) => {
            out.push('{');
            for (i, (k, item)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if let Some(level) = indent {
                    newline(out, level + 1);
                }
                write_str(k, out);
                out.push(':');
                if indent.is_some() {
                    out.push(' ');
                }
                write_json(item, indent.map(|l| l + 1), out);
            }
            if let Some(level) = indent {
                newline(out, level);
            }
            out.push('}');
        }
    }
}

/// A JSON string literal as `JSON.stringify` writes it: `"` and `\` escaped,
/// `\b \f \n \r \t`, other controls as `\u00xx`, everything else as is.
fn write_str(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `String(n)` / `Number.prototype.toString()` for a double.
pub(crate) use crate::js::number::to_string as js_number;
/// The length of `s` in UTF-16 code units (JavaScript's `string.length`).
pub(crate) use crate::js::text::utf16_len;

/// `x.toFixed(1)` (see [`crate::js::number::to_fixed`]).
pub(crate) fn to_fixed_1(x: f64) -> String {
    crate::js::number::to_fixed(x, 1)
}

/// The reference's `truncateForDisplay(str, max)`: `str.slice(0, max)` and
/// `... (truncated)` when longer than `max` UTF-16 code units.
pub(crate) fn truncate_for_display(s: &str, max: usize) -> String {
    if utf16_len(s) <= max {
        return s.to_string();
    }
    format!("{}... (truncated)", crate::js::text::slice_utf16(s, max))
}

#[derive(Clone, Copy)]
struct Seed;

impl<'de> DeserializeSeed<'de> for Seed {
    type Value = Json<'de>;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> std::result::Result<Json<'de>, D::Error> {
        d.deserialize_any(self)
    }
}

struct KeySeed;

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Cow<'de, str>;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> std::result::Result<Cow<'de, str>, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeySeed {
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

impl<'de> Visitor<'de> for Seed {
    type Value = Json<'de>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_unit<E>(self) -> std::result::Result<Json<'de>, E> {
        Ok(Json::Null)
    }
    fn visit_bool<E>(self, b: bool) -> std::result::Result<Json<'de>, E> {
        Ok(Json::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> std::result::Result<Json<'de>, E> {
        Ok(Json::Num(n as f64))
    }
    fn visit_u64<E>(self, n: u64) -> std::result::Result<Json<'de>, E> {
        Ok(Json::Num(n as f64))
    }
    fn visit_f64<E>(self, n: f64) -> std::result::Result<Json<'de>, E> {
        Ok(Json::Num(n))
    }
    fn visit_borrowed_str<E>(self, s: &'de str) -> std::result::Result<Json<'de>, E> {
        Ok(Json::Str(Cow::Borrowed(s)))
    }
    fn visit_str<E>(self, s: &str) -> std::result::Result<Json<'de>, E> {
        Ok(Json::Str(Cow::Owned(s.to_owned())))
    }
    fn visit_string<E>(self, s: String) -> std::result::Result<Json<'de>, E> {
        Ok(Json::Str(Cow::Owned(s)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Json<'de>, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(v) = seq.next_element_seed(self)? {
            items.push(v);
        }
        Ok(Json::Arr(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Json<'de>, A::Error> {
        let mut entries: Vec<(Cow<'de, str>, Json<'de>)> = Vec::new();
        while let Some(key) = map.next_key_seed(KeySeed)? {
            let value = map.next_value_seed(self)?;
            match entries.iter_mut().find(|(k, _)| *k == key) {
                Some(slot) => slot.1 = value,
                None => entries.push((key, value)),
            }
        }
        Ok(Json::Obj(entries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;

    #[test]
    fn numbers_print_as_javascript() {
        // Values of `String(n)` in Node 20.
        let cases = [
            (1.0, "1"),
            (-7.0, "-7"),
            (2.5, "2.5"),
            (-4.5, "-4.5"),
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (1.5e-7, "1.5e-7"),
            (0.000001, "0.000001"),
            (123.456, "123.456"),
            (0.1 + 0.2, "0.30000000000000004"),
            (-0.0, "0"),
            (f64::NAN, "NaN"),
            (5e-324, "5e-324"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
        ];
        for (n, want) in cases {
            assert_eq!(js_number(n), want, "{n}");
        }
    }

    #[test]
    fn to_fixed_rounds_ties_away_from_zero() {
        // Values of `x.toFixed(1)` in Node 20.
        let cases = [
            (1.25, "1.3"),
            (0.25, "0.3"),
            (1.05, "1.1"),
            (9.95, "9.9"),
            (0.04, "0.0"),
            (-0.04, "-0.0"),
            (-0.0, "0.0"),
            (-1.25, "-1.3"),
            (1000.0, "1000.0"),
        ];
        for (x, want) in cases {
            assert_eq!(to_fixed_1(x), want, "{x}");
        }
    }

    #[test]
    fn stringify_keeps_order_and_js_format() {
        let v = Json::parse(r#"{"b":[1,2.50,{}],"a":"x\u0001\"","c":{"d":[]},"e":1E21}"#, "v").unwrap();
        assert_eq!(
            stringify(&v),
            r#"{"b":[1,2.5,{}],"a":"x\u0001\"","c":{"d":[]},"e":1e+21}"#
        );
        assert_eq!(
            stringify_pretty(&v),
            "{\n  \"b\": [\n    1,\n    2.5,\n    {}\n  ],\n  \"a\": \"x\\u0001\\\"\",\n  \"c\": {\n    \"d\": []\n  },\n  \"e\": 1e+21\n}"
        );
        // A repeated key: first position, last value (JSON.parse).
        let v = Json::parse(r#"{"a":1,"b":2,"a":3}"#, "v").unwrap();
        assert_eq!(stringify(&v), r#"{"a":3,"b":2}"#);
    }

    #[test]
    fn equality_ignores_key_order_and_number_form() {
        let a = Json::parse(r#"{"x":1,"y":[1.0,{"p":null,"q":-0}]}"#, "a").unwrap();
        let b = Json::parse(r#"{"y":[1,{"q":0,"p":null}],"x":1.0}"#, "b").unwrap();
        assert!(json_equal(&a, &b));
        let c = Json::parse(r#"{"y":[1,{"q":0,"p":null}],"x":"1"}"#, "c").unwrap();
        assert!(!json_equal(&a, &c));
        assert!(!json_equal(
            &Json::parse("[1,2]", "").unwrap(),
            &Json::parse("[2,1]", "").unwrap()
        ));
    }

    #[test]
    fn truncation_counts_utf16_units() {
        assert_eq!(truncate_for_display("abc", 3), "abc");
        assert_eq!(truncate_for_display("abcd", 3), "abc... (truncated)");
        // "😀" is two UTF-16 units: cut in half, it is dropped.
        assert_eq!(truncate_for_display("ab😀", 3), "ab... (truncated)");
        assert_eq!(utf16_len("é😀"), 3);
    }

    #[test]
    fn parse_errors_are_coded() {
        assert_eq!(Json::parse("{", "r").unwrap_err().code, ErrorCode::InvalidJson);
        assert_eq!(
            Json::parse(r#""\ud800""#, "r").unwrap_err().code,
            ErrorCode::UnsupportedValue
        );
    }
}
