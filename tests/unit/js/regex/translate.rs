//! Unit tests of `src/js/regex/translate.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;

#[test]
fn groups_are_counted() {
    let count = |p: &str| count_groups(&p.chars().collect::<Vec<_>>());
    assert_eq!(count(r"(a)(?:b)(?<n>c)(?=d)(?<!e)\(["), (2, true));
    assert_eq!(count(r"[(](a)"), (1, false));
    assert_eq!(count(r"[\]](a)"), (1, false));
}

#[test]
fn octal_escapes_stop_at_377() {
    let o = |p: &str| octal(&p.chars().collect::<Vec<_>>(), 0);
    assert_eq!(o("12"), (0o12, 2));
    assert_eq!(o("377"), (0o377, 3));
    assert_eq!(o("400"), (0o40, 2));
    assert_eq!(o("08"), (0, 1));
}
