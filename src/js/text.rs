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

/// A text file's content as the readers take it: a leading byte order mark
/// dropped (the WHATWG Encoding standard's UTF-8 decode drops one; a
/// `readFileSync(path, "utf8")` keeps it as U+FEFF), then [`str::trim`].
/// `"\u{feff} {}\n"` → `"{}"`.
pub(crate) fn document(text: &str) -> &str {
    text.trim_start_matches('\u{feff}').trim()
}

/// `s.replace(/\s+/g, " ").trim()`: every run of JavaScript white space
/// becomes one space, none at either end (`normalizeWhitespace` of
/// `@gleanwork/mcp-server-tester@1.1.0`).
pub(crate) fn collapse_space(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut gap = false;
    for c in s.chars() {
        if is_space(c) {
            gap = true;
            continue;
        }
        if gap && !out.is_empty() {
            out.push(' ');
        }
        gap = false;
        out.push(c);
    }
    out
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
#[path = "../../tests/unit/js/text.rs"]
mod tests;
