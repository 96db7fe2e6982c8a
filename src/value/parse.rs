//! Reads JSON text into [`Val`] without an intermediate `serde_json::Value`.
//!
//! The JavaScript binding hands values over as one `JSON.stringify` text (the
//! cheapest crossing there is). When a value holds something JSON cannot say
//! (`undefined`, `NaN`, `±Infinity`, a `Date`, a `BigInt`), the binding sends
//! the *extended* form instead: each such value becomes a one-member object
//! whose key is a single NUL character, and a real key that starts with NUL
//! gets one more NUL in front. The markers are:
//!
//! | marker | value |
//! |---|---|
//! | `{"\u0000":"u"}` | `undefined` (also functions and symbols) |
//! | `{"\u0000":"NaN"}`, `"Infinity"`, `"-Infinity"` | the number |
//! | `{"\u0000":"D<ms>"}` / `"Dinvalid"` | a `Date` and its time value |
//! | `{"\u0000":"B<digits>"}` | a `BigInt` |
//!
//! Plain JSON text never needs the extended form.

use super::{ObjectBuilder, Val};
use crate::error::{MatcherError, Result};
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use std::borrow::Cow;
use std::fmt;

/// Parses JSON text (plain or, with `extended`, with the markers above).
/// Strings without escapes borrow from `text`.
/// Errors: `INVALID_JSON` for text that is not JSON; `UNSUPPORTED_VALUE` for a
/// string with a lone UTF-16 surrogate, or nesting deeper than 128 levels.
pub(crate) fn parse<'a>(text: &'a str, extended: bool, path: &str) -> Result<Val<'a>> {
    let mut de = serde_json::Deserializer::from_str(text);
    let v = ValSeed { extended }
        .deserialize(&mut de)
        .and_then(|v| de.end().map(|_| v));
    v.map_err(|e| MatcherError::from_json_error(&e, path))
}

#[derive(Clone, Copy)]
struct ValSeed {
    extended: bool,
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
            if self.extended && key.starts_with('\0') {
                if key.len() == 1 {
                    let marker = map.next_value_seed(StrSeed)?;
                    return decode_marker(&marker).ok_or_else(|| de::Error::custom("unknown value marker"));
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

fn decode_marker(m: &str) -> Option<Val<'static>> {
    Some(match m {
        "u" => Val::Undefined,
        "NaN" => Val::Num(f64::NAN),
        "Infinity" => Val::Num(f64::INFINITY),
        "-Infinity" => Val::Num(f64::NEG_INFINITY),
        "Dinvalid" => Val::Date(f64::NAN),
        _ if m.starts_with('D') => Val::Date(m[1..].parse().ok()?),
        _ if m.starts_with('B') => Val::BigInt(Cow::Owned(m[1..].to_owned())),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;

    #[test]
    fn plain_json() {
        let v = parse(r#"{"b":[1,2.5,null],"a":"x"}"#, false, "v").unwrap();
        assert_eq!(v.get("a"), Some(&Val::Str("x".into())));
        assert_eq!(
            v.get("b"),
            Some(&Val::Arr(vec![Val::Num(1.0), Val::Num(2.5), Val::Null]))
        );
        // Without the extended form a NUL key is an ordinary key.
        let v = parse(r#"{"\u0000":"u"}"#, false, "v").unwrap();
        assert_eq!(v.get("\0"), Some(&Val::Str("u".into())));
    }

    #[test]
    fn extended_markers() {
        let v = parse(
            r#"[{"\u0000":"u"},{"\u0000":"NaN"},{"\u0000":"D0"},{"\u0000\u0000k":1}]"#,
            true,
            "v",
        )
        .unwrap();
        let Val::Arr(items) = v else { panic!("array expected") };
        assert_eq!(items[0], Val::Undefined);
        assert!(matches!(items[1], Val::Num(n) if n.is_nan()));
        assert_eq!(items[2], Val::Date(0.0));
        assert_eq!(items[3].get("\0k"), Some(&Val::Num(1.0)));
    }

    #[test]
    fn errors_are_coded() {
        assert_eq!(parse("{", false, "expected").unwrap_err().code, ErrorCode::InvalidJson);
        assert_eq!(
            parse(r#""\ud800""#, false, "expected").unwrap_err().code,
            ErrorCode::UnsupportedValue
        );
        assert_eq!(
            parse(r#""\udc00x""#, false, "expected").unwrap_err().code,
            ErrorCode::UnsupportedValue
        );
        let deep = "[".repeat(200) + &"]".repeat(200);
        assert_eq!(
            parse(&deep, false, "expected").unwrap_err().code,
            ErrorCode::UnsupportedValue
        );
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #[test]
        fn any_text_parses_or_errors_without_panic(text in "\\PC{0,40}", ext in proptest::bool::ANY) {
            let _ = parse(&text, ext, "x");
        }

        #[test]
        fn marker_like_text_parses_or_errors_without_panic(
            parts in proptest::collection::vec(proptest::sample::select(vec![
                "{", "}", "[", "]", ",", ":", "\"\\u0000\"", "\"\\u0000\\u0000k\"", "\"u\"", "\"D12\"", "\"Dx\"",
                "\"B1\"", "\"NaN\"", "1", "null", "\"a\"",
            ]), 0..24),
        ) {
            let _ = parse(&parts.concat(), true, "x");
        }
    }
}
