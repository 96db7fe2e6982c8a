//! The two equalities the references use, and a hash consistent with the first.
//!
//! * [`json_eq`] follows `deepEqual` of `@mcpjam/sdk@1.14.0` `dist/matchers.js`
//!   (used by `evaluateToolCalls`): two values are equal when their
//!   key-sorted `JSON.stringify` texts are equal. Hence `NaN`, `±Infinity` and
//!   `null` are equal, `-0` equals `0`, an `undefined` member differs from an
//!   absent one, and `[undefined]` equals `[]`. `@gleanwork/mcp-server-tester@1.1.0`
//!   compares leaves by `JSON.stringify` too (`partialMatch`).
//! * [`strict_eq`] follows `deepEqual` of `@mcpjam/sdk@1.14.0` `dist/index.js`
//!   (used by the nine validators): `===` on primitives (`NaN` differs from
//!   itself), own keys counted, key order ignored.
//!
//! Where both references are plainly wrong we do the right thing: a `Date`
//! equals only a `Date` of the same time (the references find every `Date`
//! equal to every other and to `{}`).

use super::Val;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

/// Whether two byte strings are equal: `a == b`, compared eight bytes at a
/// time. In WebAssembly `==` on slices calls `memcmp`, which on
/// `wasm32-unknown-unknown` is compiler-builtins' portable byte-at-a-time
/// loop (its `mem` module); this loop is several times faster there on
/// texts longer than a word, and the same natively.
#[inline(never)]
pub(crate) fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let (mut x, mut y) = (a.chunks_exact(8), b.chunks_exact(8));
    for (p, q) in (&mut x).zip(&mut y) {
        let same = match (<[u8; 8]>::try_from(p), <[u8; 8]>::try_from(q)) {
            (Ok(p), Ok(q)) => u64::from_ne_bytes(p) == u64::from_ne_bytes(q),
            _ => p == q,
        };
        if !same {
            return false;
        }
    }
    x.remainder().iter().zip(y.remainder()).all(|(p, q)| p == q)
}

/// `text.starts_with(part)` by [`bytes_eq`].
pub(crate) fn starts_with(text: &[u8], part: &[u8]) -> bool {
    text.get(..part.len()).is_some_and(|p| bytes_eq(p, part))
}

/// `text.ends_with(part)` by [`bytes_eq`].
pub(crate) fn ends_with(text: &[u8], part: &[u8]) -> bool {
    text.len()
        .checked_sub(part.len())
        .and_then(|at| text.get(at..))
        .is_some_and(|p| bytes_eq(p, part))
}

/// Whether two texts are equal ([`bytes_eq`]).
pub(crate) fn text_eq(a: &str, b: &str) -> bool {
    bytes_eq(a.as_bytes(), b.as_bytes())
}

/// A text as a hash-set or map key compared by [`text_eq`] (hashed as the `&str`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct TextKey<'a>(pub(crate) &'a str);

impl PartialEq for TextKey<'_> {
    fn eq(&self, other: &Self) -> bool {
        text_eq(self.0, other.0)
    }
}

impl Eq for TextKey<'_> {}

impl Hash for TextKey<'_> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.0.hash(h);
    }
}

/// Equality of key-sorted `JSON.stringify` texts (with `Date`s by time value).
/// `None` stands for an absent member and equals `undefined`.
pub(crate) fn json_eq(a: Option<&Val<'_>>, b: Option<&Val<'_>>) -> bool {
    json_eq_val(a.unwrap_or(&Val::Undefined), b.unwrap_or(&Val::Undefined))
}

fn is_json_null(v: &Val<'_>) -> bool {
    matches!(v, Val::Null) || matches!(v, Val::Num(n) if !n.is_finite())
}

fn json_eq_val(a: &Val<'_>, b: &Val<'_>) -> bool {
    match (a, b) {
        (Val::Num(x), Val::Num(y)) if x.is_finite() && y.is_finite() => x == y,
        _ if is_json_null(a) || is_json_null(b) => is_json_null(a) && is_json_null(b),
        (Val::Arr(x), Val::Arr(y)) => {
            // `[undefined].join(",")` is "" like `[].join(",")`.
            let lone_undefined = |v: &[Val<'_>]| v.len() == 1 && matches!(v[0], Val::Undefined);
            if (x.is_empty() && lone_undefined(y)) || (y.is_empty() && lone_undefined(x)) {
                return true;
            }
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_eq_val(p, q))
        }
        (Val::Obj(x), Val::Obj(y)) => {
            x.len() == y.len()
                && x.members()
                    .iter()
                    .zip(y.members())
                    .all(|(p, q)| text_eq(&p.key, &q.key) && json_eq_val(&p.value, &q.value))
        }
        _ => same_scalar(a, b),
    }
}

/// Equality of two non-container values, `===` with `Date`s by time value.
fn same_scalar(a: &Val<'_>, b: &Val<'_>) -> bool {
    match (a, b) {
        (Val::Undefined, Val::Undefined) | (Val::Null, Val::Null) => true,
        (Val::Bool(x), Val::Bool(y)) => x == y,
        (Val::Num(x), Val::Num(y)) => x == y,
        (Val::Str(x), Val::Str(y)) => text_eq(x, y),
        (Val::BigInt(x), Val::BigInt(y)) => x == y,
        (Val::Date(x), Val::Date(y)) => x == y || (x.is_nan() && y.is_nan()),
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
            if items.len() == 1 && matches!(items[0], Val::Undefined) {
                h.write_usize(0);
            } else {
                h.write_usize(items.len());
                items.iter().for_each(|item| hash_into(item, h));
            }
        }
        Val::Obj(o) => {
            h.write_u8(10);
            h.write_usize(o.len());
            for m in o.members() {
                h.write(m.key.as_bytes());
                h.write_u8(0xff);
                hash_into(&m.value, h);
            }
        }
    }
}

/// Equality as `deepEqual` of `@mcpjam/sdk@1.14.0` `dist/index.js` (the
/// validators): `===` on primitives (`NaN !== NaN`), arrays by length and
/// items, objects by own keys (an `undefined` member counts as a key).
/// `None` stands for an absent value and equals `undefined`.
pub(crate) fn strict_eq(a: Option<&Val<'_>>, b: Option<&Val<'_>>) -> bool {
    strict_eq_val(a.unwrap_or(&Val::Undefined), b.unwrap_or(&Val::Undefined))
}

fn strict_eq_val(a: &Val<'_>, b: &Val<'_>) -> bool {
    match (a, b) {
        (Val::Arr(x), Val::Arr(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| strict_eq_val(p, q)),
        (Val::Obj(x), Val::Obj(y)) => {
            x.len() == y.len()
                && x.members()
                    .iter()
                    .zip(y.members())
                    .all(|(p, q)| text_eq(&p.key, &q.key) && strict_eq_val(&p.value, &q.value))
        }
        _ => same_scalar(a, b),
    }
}

#[cfg(test)]
#[path = "../../tests/unit/value/eq.rs"]
mod tests;
