//! Unit tests of `src/matching/placeholder.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;

fn s(x: &str) -> Val<'_> {
    Val::Str(x.into())
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
