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
//!
//! Strings out of band (bit 31 of `ext`, [`RAW_STRINGS`]): long strings of
//! a part (a tool response's text blocks) cross as their UTF-8 bytes after
//! the parts instead of inside the JSON, so that neither side escapes,
//! scans or copies them as JSON: the payload is `parts 0x01 strings 0x01
//! table`, where the table is the JSON array `[[part, path, bytes], ...]`
//! (`path` the keys and indices of the string in its part, where the JSON
//! holds a placeholder; `bytes` its length, the strings in table order).
//! `JSON.stringify` never emits a raw U+0001, so the first one ends the
//! parts and the last one starts the table.
//!
//! Strings that stay in JavaScript (bit 30 as well, [`HOST_STRINGS`]): the
//! same table, where each of the first [`MAX_HOST_STRINGS`] rows whose
//! `bytes` is 0 has no text after the parts (the other rows cross as
//! above); each is put in place as a marker ([`host_index`] gives its row), and
//! the export that reads it asks the glue for it (`validateText` searches the
//! long text blocks of a `CallToolResult` by `String#includes` where they are,
//! `extractText` joins them there; neither copies them into the module).

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

/// Bit 31 of `ext`: the payload ends with strings sent out of band (module docs).
pub(crate) const RAW_STRINGS: u32 = 1 << 31;

/// Bit 30 of `ext`, with [`RAW_STRINGS`]: the table's first rows with no
/// bytes stay in JavaScript, each in place as a marker (module docs).
pub(crate) const HOST_STRINGS: u32 = 1 << 30;

/// The most strings one call may leave in JavaScript: the table's first rows
/// (the glue sends the others as bytes).
pub(crate) const MAX_HOST_STRINGS: usize = 256;

/// The markers: marker `i` is the one-byte slice at `i`, told apart from any
/// other string by its address (a string of the caller never points here).
static HOST_MARKS: &str = match std::str::from_utf8(&[0; MAX_HOST_STRINGS]) {
    Ok(s) => s,
    Err(_) => "",
};

/// The index in the table of the string that `s` marks, `None` when `s` is
/// not a marker.
pub(crate) fn host_index(s: &str) -> Option<usize> {
    let offset = (s.as_ptr() as usize).wrapping_sub(HOST_MARKS.as_ptr() as usize);
    (s.len() == 1 && offset < HOST_MARKS.len()).then_some(offset)
}

/// Splits a payload of `N` parts and parses each (`names[i]` names part `i`
/// in errors); a missing part is `null`. With [`RAW_STRINGS`], the strings
/// after the parts are put in place (borrowed, not copied).
///
/// Errors: `INVALID_JSON` for a payload that is not UTF-8, a part that does
/// not parse, or a malformed table of strings.
pub(crate) fn parts<'a, const N: usize>(payload: &'a [u8], ext: u32, names: [&str; N]) -> Result<[Val<'a>; N]> {
    let text = std::str::from_utf8(payload)
        .map_err(|_| MatcherError::new(ErrorCode::InvalidJson, names[0], "payload is not UTF-8"))?;
    // Only the responses module's glue sends strings out of band: the other
    // modules leave the reader out (`cfg!` is a constant, so it is dropped).
    let (text, raws) = if cfg!(feature = "wasm-responses") && ext & RAW_STRINGS != 0 {
        raw_strings(text, names[0])?
    } else {
        (text, Vec::new())
    };
    let mut pieces = text.splitn(N, '\n');
    let mut out: [Val<'a>; N] = std::array::from_fn(|_| Val::Undefined);
    for (i, slot) in out.iter_mut().enumerate() {
        let piece = pieces.next().unwrap_or("null");
        *slot = parse(piece, ext & (1 << i) != 0, names[i])?;
    }
    let host = ext & HOST_STRINGS != 0;
    for (i, (part, path, s)) in raws.into_iter().enumerate() {
        let slot = out
            .get_mut(part)
            .and_then(|v| place(v, &path))
            .ok_or_else(|| malformed(names[0]))?;
        *slot = match HOST_MARKS.get(i..=i) {
            Some(marker) if host && s.is_empty() => Val::Str(Cow::Borrowed(marker)),
            _ => Val::Str(Cow::Borrowed(s)),
        };
    }
    Ok(out)
}

fn malformed(path: &str) -> MatcherError {
    MatcherError::new(ErrorCode::InvalidJson, path, "malformed table of out-of-band strings")
}

/// One string out of band: its part, its path in the part (keys and
/// indices, as parsed from the table), its text.
type Raw<'a> = (usize, Vec<Val<'a>>, &'a str);

/// The parts' text and the strings after it (module docs). The table is read
/// with the crate's own JSON reader (no second one in every module).
fn raw_strings<'a>(text: &'a str, path: &str) -> Result<(&'a str, Vec<Raw<'a>>)> {
    let (Some(first), Some(last)) = (text.find('\u{1}'), text.rfind('\u{1}')) else {
        return Err(malformed(path));
    };
    if first == last {
        return Err(malformed(path));
    }
    let Ok(Val::Arr(table)) = crate::value::parse::parse(&text[last + 1..], path) else {
        return Err(malformed(path));
    };
    let count = |v: &Val<'_>| match v {
        Val::Num(n) if n.fract() == 0.0 && *n >= 0.0 && *n <= u32::MAX as f64 => Some(*n as usize),
        _ => None,
    };
    let mut at = first + 1;
    let mut raws = Vec::with_capacity(table.len());
    for row in table {
        let Val::Arr(mut row) = row else {
            return Err(malformed(path));
        };
        let (Some(len), Some(Val::Arr(keys)), Some(part)) = (row.pop(), row.pop(), row.pop()) else {
            return Err(malformed(path));
        };
        let (Some(part), Some(len), true) = (count(&part), count(&len), row.is_empty()) else {
            return Err(malformed(path));
        };
        let end = at
            .checked_add(len)
            .filter(|&e| e <= last && text.is_char_boundary(e))
            .ok_or_else(|| malformed(path))?;
        raws.push((part, keys, &text[at..end]));
        at = end;
    }
    if at != last {
        return Err(malformed(path));
    }
    Ok((&text[..first], raws))
}

/// The value at `path` (object keys, array indices) inside `v`.
fn place<'v, 'a>(v: &'v mut Val<'a>, path: &[Val<'_>]) -> Option<&'v mut Val<'a>> {
    path.iter().try_fold(v, |cur, key| match (cur, key) {
        (Val::Obj(o), Val::Str(k)) => o.get_mut(k),
        (Val::Arr(items), Val::Num(n)) if n.fract() == 0.0 && *n >= 0.0 => items.get_mut(*n as usize),
        _ => None,
    })
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
    #[cfg(feature = "wasm-responses")]
    fn strings_out_of_band_are_put_in_place() {
        // `{"content":[{"type":"text","text":""}]}` with the text "a\u{1}b\nc é" after it.
        let raw = "a\u{1}b\nc é";
        let payload = format!(
            "{{\"content\":[{{\"type\":\"text\",\"text\":\"\"}}]}}\n[1]\u{1}{raw}\u{1}[[0,[\"content\",0,\"text\"],{}]]",
            raw.len()
        );
        let [r, b] = parts(payload.as_bytes(), RAW_STRINGS, ["response", "b"]).unwrap();
        let Val::Obj(o) = &r else { panic!("object expected") };
        let Some(Val::Arr(blocks)) = o.get("content") else {
            panic!("content expected")
        };
        assert_eq!(blocks[0].get("text").and_then(Val::as_str), Some(raw));
        assert_eq!(b, Val::Arr(vec![Val::Num(1.0)]));
        // Malformed tables are INVALID_JSON, never a panic.
        for bad in [
            "{}\u{1}x",
            "{}\u{1}x\u{1}[[0,[\"text\"],1]]",
            "{\"text\":\"\"}\u{1}x\u{1}[[0,[\"text\"],2]]",
            "{\"text\":\"\"}\u{1}é\u{1}[[0,[\"text\"],1]]",
            "{\"text\":\"\"}\u{1}x\u{1}[[3,[\"text\"],1]]",
            "[\"\"]\u{1}x\u{1}[[0,[9],1]]",
        ] {
            assert_eq!(
                parts(bad.as_bytes(), RAW_STRINGS, ["r"]).unwrap_err().code,
                ErrorCode::InvalidJson,
                "{bad:?}"
            );
        }
    }

    #[test]
    #[cfg(feature = "wasm-responses")]
    fn strings_left_in_javascript_are_marked() {
        // Two texts left in JavaScript: their paths in the table, no bytes after the parts.
        let payload = "{\"content\":[{\"text\":\"\"},{\"text\":\"\"},{\"text\":\"\\u0000\"}]}\u{1}\u{1}[[0,[\"content\",0,\"text\"],0],[0,[\"content\",1,\"text\"],0]]";
        let [r] = parts(payload.as_bytes(), RAW_STRINGS | HOST_STRINGS, ["response"]).unwrap();
        let Some(Val::Arr(blocks)) = r.get("content") else {
            panic!("content expected")
        };
        let text = |i: usize| blocks[i].get("text").and_then(Val::as_str).unwrap();
        assert_eq!((host_index(text(0)), host_index(text(1))), (Some(0), Some(1)));
        // A caller's own "\u0000" is text, not a marker.
        assert_eq!((text(2), host_index(text(2))), ("\0", None));
        // Rows with bytes cross as bytes beside them; past the first 256 rows nothing is a marker.
        let mixed = "[\"\",\"\"]\u{1}xy\u{1}[[0,[0],0],[0,[1],2]]";
        let [m] = parts(mixed.as_bytes(), RAW_STRINGS | HOST_STRINGS, ["r"]).unwrap();
        let Val::Arr(m) = m else { panic!("array expected") };
        assert_eq!(host_index(m[0].as_str().unwrap()), Some(0));
        assert_eq!((m[1].as_str(), host_index(m[1].as_str().unwrap())), (Some("xy"), None));
        let rows: Vec<String> = (0..=MAX_HOST_STRINGS).map(|i| format!("[0,[{i}],0]")).collect();
        let many = format!(
            "[{}]\u{1}\u{1}[{}]",
            vec!["\"\""; MAX_HOST_STRINGS + 1].join(","),
            rows.join(",")
        );
        let [v] = parts(many.as_bytes(), RAW_STRINGS | HOST_STRINGS, ["r"]).unwrap();
        let Val::Arr(v) = v else { panic!("array expected") };
        let marked: Vec<Option<usize>> = v.iter().map(|x| host_index(x.as_str().unwrap())).collect();
        assert_eq!(marked[MAX_HOST_STRINGS - 1], Some(MAX_HOST_STRINGS - 1));
        assert_eq!(
            (marked[MAX_HOST_STRINGS], v[MAX_HOST_STRINGS].as_str()),
            (None, Some(""))
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
