//! JavaScript string semantics: white space (`String.prototype.trim`,
//! `RegExp`'s `\s`), `length` in UTF-16 code units and `slice(0, n)`.
//!
//! ECMAScript's white space is *WhiteSpace* (TAB, VT, FF, U+FEFF and the
//! `Zs` spaces) plus *LineTerminator* (LF, CR, U+2028, U+2029): Unicode's
//! `White_Space` without U+0085, plus U+FEFF.

/// JavaScript's white space and line terminators, as sorted inclusive ranges.
pub(crate) const SPACE: &[(char, char)] = &[
    ('\t', '\r'),
    (' ', ' '),
    ('\u{A0}', '\u{A0}'),
    ('\u{1680}', '\u{1680}'),
    ('\u{2000}', '\u{200A}'),
    ('\u{2028}', '\u{2029}'),
    ('\u{202F}', '\u{202F}'),
    ('\u{205F}', '\u{205F}'),
    ('\u{3000}', '\u{3000}'),
    ('\u{FEFF}', '\u{FEFF}'),
];

/// Whether `c` is JavaScript white space or a line terminator (what `trim`
/// removes and `/\s/` matches).
pub(crate) fn is_space(c: char) -> bool {
    SPACE.iter().any(|&(lo, hi)| lo <= c && c <= hi)
}

/// `String.prototype.trim`: `"\u{feff} a b\u{2028}"` → `"a b"`; U+0085
/// (NEL) is not JavaScript white space and stays.
pub(crate) fn trim(s: &str) -> &str {
    s.trim_matches(is_space)
}

/// The length of `s` in UTF-16 code units (JavaScript's `string.length`).
pub(crate) fn utf16_len(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

/// `s.slice(0, max)`: the longest prefix of at most `max` UTF-16 code units.
/// A surrogate pair cut in half is dropped whole (JavaScript would keep its
/// lone first half, which a Rust string cannot hold).
pub(crate) fn slice_utf16(s: &str, max: usize) -> &str {
    let mut units = 0;
    for (i, c) in s.char_indices() {
        units += c.len_utf16();
        if units > max {
            return &s[..i];
        }
    }
    s
}

#[cfg(test)]
mod tests {
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
}
