//! The value model the matchers compare, and the two equalities the
//! references use.
//!
//! Tool-call arguments are JSON, but a JavaScript caller can also hand over
//! `undefined` members, `NaN`, `±Infinity`, `Date`s and `BigInt`s. [`Val`]
//! keeps all of them so that each matcher can compare exactly as its reference
//! does:
//!
//! * [`json_eq`] follows `deepEqual` of `@mcpjam/sdk@1.14.0` `dist/matchers.js`
//!   (used by `evaluateToolCalls`): two values are equal when their
//!   key-sorted `JSON.stringify` texts are equal. Hence `NaN`, `±Infinity` and
//!   `null` are equal, `-0` equals `0`, an `undefined` member differs from an
//!   absent one, and `[undefined]` equals `[]`.
//! * [`strict_eq`] follows `deepEqual` of `@mcpjam/sdk@1.14.0` `dist/index.js`
//!   (used by the nine validators): `===` on primitives (`NaN` differs from
//!   itself), own keys counted, key order ignored.
//!
//! Where both references are plainly wrong we do the right thing: a `Date`
//! equals only a `Date` of the same time (the references find every `Date`
//! equal to every other and to `{}`).

use rustc_hash::FxHasher;
use std::borrow::Cow;
use std::hash::Hasher;

/// One value as the matchers see it. Object entries are kept sorted by key
/// and unique, so comparisons ignore key order.
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
    Obj(Vec<(Cow<'a, str>, Val<'a>)>),
}

impl<'a> Val<'a> {
    /// Builds an object from entries in any order; a later duplicate key wins,
    /// as in `JSON.parse`.
    pub(crate) fn object(mut entries: Vec<(Cow<'a, str>, Val<'a>)>) -> Val<'a> {
        entries.reverse();
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        entries.dedup_by(|later, earlier| later.0 == earlier.0);
        Val::Obj(entries)
    }

    /// The own member `key` of an object (`None` for an absent key or a non-object).
    pub(crate) fn get(&self, key: &str) -> Option<&Val<'a>> {
        match self {
            Val::Obj(entries) => entries
                .binary_search_by(|(k, _)| (**k).cmp(key))
                .ok()
                .map(|i| &entries[i].1),
            _ => None,
        }
    }

    pub(crate) fn entries(&self) -> &[(Cow<'a, str>, Val<'a>)] {
        match self {
            Val::Obj(entries) => entries,
            _ => &[],
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

#[cfg(feature = "native")]
impl<'a> From<&'a serde_json::Value> for Val<'a> {
    /// Borrows the strings of `v`.
    fn from(v: &'a serde_json::Value) -> Val<'a> {
        use serde_json::Value as J;
        match v {
            J::Null => Val::Null,
            J::Bool(b) => Val::Bool(*b),
            J::Number(n) => Val::Num(n.as_f64().unwrap_or(f64::NAN)),
            J::String(s) => Val::Str(Cow::Borrowed(s)),
            J::Array(items) => Val::Arr(items.iter().map(Val::from).collect()),
            J::Object(map) => Val::object(
                map.iter()
                    .map(|(k, v)| (Cow::Borrowed(k.as_str()), Val::from(v)))
                    .collect(),
            ),
        }
    }
}

/// Equality of key-sorted `JSON.stringify` texts, as `@mcpjam/sdk@1.14.0`
/// `dist/matchers.js` `deepEqual` computes it (with `Date`s by time value).
/// `None` stands for an absent member and equals `undefined`.
pub(crate) fn json_eq(a: Option<&Val<'_>>, b: Option<&Val<'_>>) -> bool {
    let a = a.unwrap_or(&Val::Undefined);
    let b = b.unwrap_or(&Val::Undefined);
    json_eq_val(a, b)
}

fn is_json_null(v: &Val<'_>) -> bool {
    matches!(v, Val::Null) || matches!(v, Val::Num(n) if !n.is_finite())
}

fn json_eq_val(a: &Val<'_>, b: &Val<'_>) -> bool {
    match (a, b) {
        (Val::Num(x), Val::Num(y)) if x.is_finite() && y.is_finite() => x == y,
        _ if is_json_null(a) || is_json_null(b) => is_json_null(a) && is_json_null(b),
        (Val::Undefined, Val::Undefined) => true,
        (Val::Bool(x), Val::Bool(y)) => x == y,
        (Val::Str(x), Val::Str(y)) => x == y,
        (Val::BigInt(x), Val::BigInt(y)) => x == y,
        (Val::Date(x), Val::Date(y)) => x == y || (x.is_nan() && y.is_nan()),
        (Val::Arr(x), Val::Arr(y)) => {
            // `[undefined].join(",")` is "" like `[].join(",")`.
            let lone_undefined = |v: &[Val<'_>]| v.len() == 1 && matches!(v[0], Val::Undefined);
            if (x.is_empty() && lone_undefined(y)) || (y.is_empty() && lone_undefined(x)) {
                return true;
            }
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_eq_val(p, q))
        }
        (Val::Obj(x), Val::Obj(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|((kp, p), (kq, q))| kp == kq && json_eq_val(p, q))
        }
        _ => false,
    }
}

/// A hash consistent with [`json_eq`]: equal values hash equal.
pub(crate) fn json_hash(v: Option<&Val<'_>>) -> u64 {
    let mut h = FxHasher::default();
    hash_into(v.unwrap_or(&Val::Undefined), &mut h);
    h.finish()
}

fn hash_into(v: &Val<'_>, h: &mut FxHasher) {
    match v {
        Val::Num(n) if n.is_finite() => {
            h.write_u8(3);
            h.write_u64(if *n == 0.0 { 0 } else { n.to_bits() });
        }
        Val::Null | Val::Num(_) => h.write_u8(1),
        Val::Undefined => h.write_u8(0),
        Val::Bool(b) => h.write_u8(if *b { 5 } else { 4 }),
        Val::Str(s) => {
            h.write_u8(6);
            h.write(s.as_bytes());
            h.write_u8(0xff);
        }
        Val::BigInt(s) => {
            h.write_u8(7);
            h.write(s.as_bytes());
        }
        Val::Date(t) => {
            h.write_u8(8);
            h.write_u64(if t.is_nan() { 0 } else { t.to_bits() });
        }
        Val::Arr(items) => {
            h.write_u8(9);
            if !(items.len() == 1 && matches!(items[0], Val::Undefined)) {
                h.write_usize(items.len());
                for item in items {
                    hash_into(item, h);
                }
            } else {
                h.write_usize(0);
            }
        }
        Val::Obj(entries) => {
            h.write_u8(10);
            h.write_usize(entries.len());
            for (k, item) in entries {
                h.write(k.as_bytes());
                h.write_u8(0xff);
                hash_into(item, h);
            }
        }
    }
}

/// Equality as `@mcpjam/sdk@1.14.0` `dist/index.js` `deepEqual` computes it
/// for the validators: `===` on primitives (`NaN !== NaN`), arrays by length
/// and items, objects by own keys (an `undefined` member counts as a key).
/// `None` stands for an absent value and equals `undefined`.
pub(crate) fn strict_eq(a: Option<&Val<'_>>, b: Option<&Val<'_>>) -> bool {
    strict_eq_val(a.unwrap_or(&Val::Undefined), b.unwrap_or(&Val::Undefined))
}

fn strict_eq_val(a: &Val<'_>, b: &Val<'_>) -> bool {
    match (a, b) {
        (Val::Undefined, Val::Undefined) | (Val::Null, Val::Null) => true,
        (Val::Bool(x), Val::Bool(y)) => x == y,
        (Val::Num(x), Val::Num(y)) => x == y,
        (Val::Str(x), Val::Str(y)) => x == y,
        (Val::BigInt(x), Val::BigInt(y)) => x == y,
        (Val::Date(x), Val::Date(y)) => x == y || (x.is_nan() && y.is_nan()),
        (Val::Arr(x), Val::Arr(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| strict_eq_val(p, q)),
        (Val::Obj(x), Val::Obj(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((kp, p), (kq, q))| kp == kq && strict_eq_val(p, q))
        }
        _ => false,
    }
}

/// A type-placeholder word of partial argument matching, as
/// `matchArgumentPlaceholder` of `@mcpjam/sdk@1.14.0` `dist/matchers.js`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Placeholder {
    Any,
    String,
    Number,
    Boolean,
    Object,
    Array,
    Null,
}

impl Placeholder {
    /// The placeholder an expected value stands for: a string that is one of
    /// the seven words after JS `trim()` and `toLowerCase()`.
    pub(crate) fn parse(expected: &Val<'_>) -> Option<Placeholder> {
        let Val::Str(s) = expected else { return None };
        let word = crate::js::text::trim(s);
        // JS `toLowerCase()` then equality with an ASCII word is ASCII
        // case-folding here: the only non-ASCII letter that lowercases to
        // ASCII is KELVIN SIGN (to `k`), and no word has a `k`.
        const WORDS: [(&str, Placeholder); 7] = [
            ("any", Placeholder::Any),
            ("string", Placeholder::String),
            ("number", Placeholder::Number),
            ("boolean", Placeholder::Boolean),
            ("object", Placeholder::Object),
            ("array", Placeholder::Array),
            ("null", Placeholder::Null),
        ];
        WORDS
            .iter()
            .find(|(w, _)| w.eq_ignore_ascii_case(word))
            .map(|&(_, p)| p)
    }

    /// Whether `actual` (absent = `undefined`) passes the type check.
    pub(crate) fn accepts(self, actual: Option<&Val<'_>>) -> bool {
        let v = actual.unwrap_or(&Val::Undefined);
        match self {
            Placeholder::Any => !matches!(v, Val::Undefined),
            Placeholder::String => matches!(v, Val::Str(_)),
            Placeholder::Number => matches!(v, Val::Num(_)),
            Placeholder::Boolean => matches!(v, Val::Bool(_)),
            Placeholder::Object => matches!(v, Val::Obj(_) | Val::Date(_)),
            Placeholder::Array => matches!(v, Val::Arr(_)),
            Placeholder::Null => matches!(v, Val::Null),
        }
    }
}

#[cfg(test)]
mod tests {
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
    fn placeholders_trim_and_lowercase() {
        assert_eq!(Placeholder::parse(&s("  String \n")), Some(Placeholder::String));
        assert_eq!(Placeholder::parse(&s("\u{feff}ANY")), Some(Placeholder::Any));
        assert_eq!(Placeholder::parse(&s("\u{85}any")), None);
        assert_eq!(Placeholder::parse(&s("strings")), None);
        assert!(Placeholder::Number.accepts(Some(&Val::Num(f64::NAN))));
        assert!(!Placeholder::Any.accepts(None));
        assert!(Placeholder::Object.accepts(Some(&Val::Date(0.0))));
        assert!(!Placeholder::Object.accepts(Some(&Val::Arr(vec![]))));
    }
}
