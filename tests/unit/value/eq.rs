//! Unit tests of `src/value/eq.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;

fn s(x: &str) -> Val<'_> {
    Val::Str(x.into())
}

#[test]
fn json_eq_follows_stringify() {
    // NaN, Infinity and null all stringify to "null".
    assert!(json_eq(Some(&Val::Num(f64::NAN)), Some(&Val::Null)));
    assert!(json_eq(Some(&Val::Num(f64::INFINITY)), Some(&Val::Num(f64::NAN))));
    assert!(json_eq(Some(&Val::Num(-0.0)), Some(&Val::Num(0.0))));
    assert!(json_eq(Some(&Val::Num(10.0)), Some(&Val::Num(10.0))));
    // [undefined] -> "[]", [undefined, undefined] -> "[,]"
    assert!(json_eq(Some(&Val::Arr(vec![Val::Undefined])), Some(&Val::Arr(vec![]))));
    assert!(!json_eq(
        Some(&Val::Arr(vec![Val::Undefined, Val::Undefined])),
        Some(&Val::Arr(vec![]))
    ));
    assert!(!json_eq(
        Some(&Val::Arr(vec![Val::Undefined])),
        Some(&Val::Arr(vec![Val::Null]))
    ));
    // {a: undefined} -> '{"a":undefined}' differs from '{}'
    let a_undef = Val::object(vec![("a".into(), Val::Undefined)]);
    assert!(!json_eq(Some(&a_undef), Some(&Val::object(vec![]))));
    assert!(json_eq(None, Some(&Val::Undefined)));
    assert!(!json_eq(None, Some(&Val::Null)));
}

#[test]
fn hash_agrees_with_json_eq() {
    let pairs = [
        (Val::Num(f64::NAN), Val::Null),
        (Val::Num(-0.0), Val::Num(0.0)),
        (Val::Arr(vec![Val::Undefined]), Val::Arr(vec![])),
        (
            Val::object(vec![("b".into(), s("x")), ("a".into(), Val::Num(1.0))]),
            Val::object(vec![("a".into(), Val::Num(1.0)), ("b".into(), s("x"))]),
        ),
    ];
    for (a, b) in pairs {
        assert!(json_eq(Some(&a), Some(&b)));
        assert_eq!(json_hash(Some(&a)), json_hash(Some(&b)));
    }
}

#[test]
fn strict_eq_follows_triple_equals() {
    assert!(!strict_eq(Some(&Val::Num(f64::NAN)), Some(&Val::Num(f64::NAN))));
    assert!(!strict_eq(Some(&Val::Num(f64::NAN)), Some(&Val::Null)));
    assert!(strict_eq(Some(&Val::Num(-0.0)), Some(&Val::Num(0.0))));
    assert!(!strict_eq(
        Some(&Val::Arr(vec![Val::Undefined])),
        Some(&Val::Arr(vec![]))
    ));
    assert!(!strict_eq(Some(&Val::Null), None));
}

#[test]
fn json_eq_ignores_key_order_and_number_form() {
    use crate::wasm::wire::parse;
    let a = parse(r#"{"x":1,"y":[1.0,{"p":null,"q":-0}]}"#, false, "a").unwrap();
    let b = parse(r#"{"y":[1,{"q":0,"p":null}],"x":1.0}"#, false, "b").unwrap();
    assert!(json_eq(Some(&a), Some(&b)));
    let c = parse(r#"{"y":[1,{"q":0,"p":null}],"x":"1"}"#, false, "c").unwrap();
    assert!(!json_eq(Some(&a), Some(&c)));
    let (p, q) = (parse("[1,2]", false, "").unwrap(), parse("[2,1]", false, "").unwrap());
    assert!(!json_eq(Some(&p), Some(&q)));
}

#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    /// `bytes_eq` is `==`: equal strings of every length around the word
    /// size, and strings that differ in one byte anywhere.
    #[test]
    fn bytes_eq_is_equality(a in proptest::collection::vec(proptest::num::u8::ANY, 0..40), at in 0usize..40, by in 1u8..=255) {
        proptest::prop_assert!(bytes_eq(&a, &a.clone()));
        let mut b = a.clone();
        if let Some(x) = b.get_mut(at) {
            *x = x.wrapping_add(by);
        }
        proptest::prop_assert_eq!(bytes_eq(&a, &b), a == b);
        proptest::prop_assert!(!bytes_eq(&a, &a[..a.len().saturating_sub(1)]) || a.is_empty());
        let key = |s: &'static str| TextKey(s);
        proptest::prop_assert_eq!(key("tool_name_long"), key("tool_name_long"));
        proptest::prop_assert_ne!(key("tool_name_long"), key("tool_name_lonh"));
    }
}
