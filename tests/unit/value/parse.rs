//! Unit tests of `src/value/parse.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;
use crate::error::ErrorCode;

#[test]
fn plain_json() {
    let v = parse(r#"{"b":[1,2.5,null],"a":"x"}"#, "v").unwrap();
    assert_eq!(v.get("a"), Some(&Val::Str("x".into())));
    assert_eq!(
        v.get("b"),
        Some(&Val::Arr(vec![Val::Num(1.0), Val::Num(2.5), Val::Null]))
    );
    // Without markers a NUL key is an ordinary key.
    let v = parse(r#"{"\u0000":"u"}"#, "v").unwrap();
    assert_eq!(v.get("\0"), Some(&Val::Str("u".into())));
}

#[test]
fn errors_are_coded() {
    assert_eq!(parse("{", "expected").unwrap_err().code, ErrorCode::InvalidJson);
    assert_eq!(
        parse(r#""\ud800""#, "expected").unwrap_err().code,
        ErrorCode::UnsupportedValue
    );
    assert_eq!(
        parse(r#""\udc00x""#, "expected").unwrap_err().code,
        ErrorCode::UnsupportedValue
    );
    let deep = "[".repeat(200) + &"]".repeat(200);
    assert_eq!(parse(&deep, "expected").unwrap_err().code, ErrorCode::UnsupportedValue);
}

#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    #[test]
    fn any_text_parses_or_errors_without_panic(text in "\\PC{0,40}") {
        let _ = parse(&text, "x");
    }
}
