//! Unit tests of `src/js/text.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;

#[test]
fn white_space_is_javascripts() {
    // `"\t\n\v\f\r \u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff".trim()` is "" in V8;
    // U+0085, U+180E and U+200B are not white space there.
    assert_eq!(
        trim("\t\n\u{B}\u{C}\r \u{A0}\u{1680}\u{2000}\u{200A}\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}\u{FEFF}"),
        ""
    );
    for c in ['\u{85}', '\u{180E}', '\u{200B}', 'a'] {
        assert!(!is_space(c), "{c:?}");
    }
    assert_eq!(trim("  NUMBER \u{FEFF}"), "NUMBER");
    // Rust's own white space is JavaScript's without U+FEFF and with U+0085.
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        assert_eq!(
            is_space(c),
            (c.is_whitespace() && c != '\u{85}') || c == '\u{FEFF}',
            "{c:?}"
        );
    }
}

#[test]
fn lengths_and_slices_count_utf16_units() {
    assert_eq!(utf16_len("é😀"), 3);
    assert_eq!(slice_utf16("abcd", 3), "abc");
    assert_eq!(slice_utf16("abc", 3), "abc");
    assert_eq!(slice_utf16("ab😀", 3), "ab");
    assert_eq!(slice_utf16("ab😀c", 4), "ab😀");
    assert_eq!(slice_utf16("", 0), "");
}
