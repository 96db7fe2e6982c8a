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

/// serde_json (with `float_roundtrip`, as the crate builds it) is the
/// reference these differential tests hold the hand-written reader to.
#[cfg(not(target_arch = "wasm32"))]
mod against_serde_json {
    use super::*;
    use proptest::prelude::*;
    use serde_json::Value as J;

    fn any_json() -> impl Strategy<Value = J> {
        let leaf = prop_oneof![
            Just(J::Null),
            any::<bool>().prop_map(J::Bool),
            any::<i64>().prop_map(J::from),
            any::<u64>().prop_map(J::from),
            any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(J::from),
            (-1e6f64..1e6).prop_map(J::from),
            "\\PC{0,12}".prop_map(J::String),
            "[\\u{0}-\\u{1f}\"\\\\/a\u{e9}\u{1f600}]{0,6}".prop_map(J::String),
        ];
        leaf.prop_recursive(4, 48, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(J::Array),
                prop::collection::vec(("[a-c\\u{0}\u{e9}]{0,3}", inner), 0..6)
                    .prop_map(|m| J::Object(m.into_iter().collect())),
            ]
        })
    }

    /// Equal as values, numbers compared bit for bit (so `-0` and `0` differ).
    fn same(a: &Val<'_>, b: &Val<'_>) -> bool {
        match (a, b) {
            (Val::Num(x), Val::Num(y)) => x.to_bits() == y.to_bits(),
            (Val::Arr(x), Val::Arr(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y)),
            (Val::Obj(x), Val::Obj(y)) => {
                x.len() == y.len()
                    && x.members()
                        .iter()
                        .zip(y.members())
                        .all(|(x, y)| x.key == y.key && same(&x.value, &y.value))
            }
            _ => a == b,
        }
    }

    proptest! {
        #[test]
        fn reads_what_serde_json_writes(v in any_json()) {
            let want = Val::from(&v);
            for text in [serde_json::to_string(&v).unwrap(), serde_json::to_string_pretty(&v).unwrap()] {
                let got = parse(&text, "v").unwrap();
                prop_assert!(same(&got, &want), "{text}: {got:?} vs {want:?}");
            }
        }

        #[test]
        fn accepts_and_refuses_what_serde_json_does(text in "[\\[\\]{}\",:0-9eE.+\\- \\n\\\\ufdabtrlsn\u{e9}]{0,24}") {
            let ours = parse(&text, "v");
            match serde_json::from_str::<J>(&text) {
                Ok(v) => {
                    let got = ours.map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
                    // serde_json's map keeps a repeated key's last value, as we do.
                    prop_assert!(crate::value::eq::json_eq(Some(&got), Some(&Val::from(&v))), "{text:?}");
                }
                Err(_) => prop_assert!(ours.is_err(), "{text:?} read as {ours:?}"),
            }
        }
    }

    #[test]
    fn numbers_as_serde_json_reads_them() {
        for text in [
            "-0",
            "0",
            "-0.0",
            "0e5",
            "-0e-5",
            "1e400",
            "-1e400",
            "1e-400",
            "123456789012345678901234567890",
            "9007199254740993",
            "-9223372036854775808",
            "18446744073709551616",
            "0.1",
            "2.5e-324",
            "1.7976931348623157e308",
            "1.7976931348623159e308",
            "4.9e-324",
            "01",
            "1.",
            ".5",
            "-",
            "1e",
            "1e+",
            "+1",
            "- 1",
            "1.5E+3",
            "999999999999999",
            "-999999999999999",
            "1000000000000000",
        ] {
            let ours = parse(text, "v");
            match serde_json::from_str::<J>(text) {
                Ok(v) => {
                    let got = ours.unwrap_or_else(|e| panic!("{text}: {e}"));
                    assert!(same(&got, &Val::from(&v)), "{text}: {got:?} vs {v:?}");
                }
                Err(_) => assert!(ours.is_err(), "{text} read as {ours:?}"),
            }
        }
    }

    #[test]
    fn errors_say_where() {
        let e = parse("{\"a\": [1,\n  2,,]}", "expected").unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidJson);
        assert_eq!(e.path, "expected");
        assert!(e.message.ends_with("at line 2 column 5"), "{}", e.message);
        // Exactly serde_json's limit: 127 levels read, 128 refused.
        let ok = "[".repeat(127) + &"]".repeat(127);
        assert!(parse(&ok, "v").is_ok() && serde_json::from_str::<J>(&ok).is_ok());
        let deep = "[".repeat(128) + &"]".repeat(128);
        assert!(serde_json::from_str::<J>(&deep).is_err());
        assert_eq!(parse(&deep, "v").unwrap_err().code, ErrorCode::UnsupportedValue);
    }
}
