//! How values cross from the JS glue: one UTF-8 payload of JSON texts joined
//! by `\n` (which `JSON.stringify` never emits outside strings), part `i` in
//! the *extended* form when bit `i` of `ext` is set.
//!
//! The extended form carries what JSON cannot say (`undefined`, `NaN`,
//! `±Infinity`, a `Date`, a `BigInt`): each such value becomes a one-member
//! object whose key is a single NUL character, and a real key that starts
//! with NUL gets one more NUL in front (see `pkg-template/internal.js`
//! `encodeExtended`). The markers:
//!
//! | marker | value |
//! |---|---|
//! | `{"\u0000":"u"}` | `undefined` (also functions and symbols) |
//! | `{"\u0000":"NaN"}`, `"Infinity"`, `"-Infinity"` | the number |
//! | `{"\u0000":"D<ms>"}` / `"Dinvalid"` | a `Date` and its time value |
//! | `{"\u0000":"B<digits>"}` | a `BigInt` |
//!
//! Plain JSON text never needs the extended form.

use crate::error::{ErrorCode, MatcherError, Result};
use crate::value::parse::parse_with;
use crate::value::Val;
use std::borrow::Cow;

/// The value a marker stands for (`None`: not a marker).
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

/// Parses one part: plain JSON, or the extended form when `extended`.
/// Errors: as [`crate::value::parse::parse`]; an unknown marker is `INVALID_JSON`.
pub(crate) fn parse<'a>(text: &'a str, extended: bool, path: &str) -> Result<Val<'a>> {
    parse_with(text, extended.then_some(decode_marker as _), path)
}

/// Splits a payload of `N` parts and parses each (`names[i]` names part `i`
/// in errors); a missing part is `null`.
pub(crate) fn parts<'a, const N: usize>(payload: &'a [u8], ext: u32, names: [&str; N]) -> Result<[Val<'a>; N]> {
    let text = std::str::from_utf8(payload)
        .map_err(|_| MatcherError::new(ErrorCode::InvalidJson, names[0], "payload is not UTF-8"))?;
    let mut pieces = text.splitn(N, '\n');
    let mut out: [Val<'a>; N] = std::array::from_fn(|_| Val::Undefined);
    for (i, slot) in out.iter_mut().enumerate() {
        let piece = pieces.next().unwrap_or("null");
        *slot = parse(piece, ext & (1 << i) != 0, names[i])?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(
            parse(r#"{"\u0000":"?"}"#, true, "v").unwrap_err().code,
            ErrorCode::InvalidJson
        );
    }

    #[test]
    fn parts_split_at_newlines() {
        let [a, b, c] = parts(b"[1]\n{\"\\u0000\":\"u\"}", 2, ["a", "b", "c"]).unwrap();
        assert_eq!((a, b, c), (Val::Arr(vec![Val::Num(1.0)]), Val::Undefined, Val::Null));
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
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
