//! The `i` flag: which characters match each other (ECMAScript
//! *Canonicalize*, `RegExp` section 22.2.2.7.3).
//!
//! Two characters match under `i` when they canonicalise alike. Without the
//! `u` flag that is `toUpperCase` of one UTF-16 code unit, never mapping a
//! non-ASCII character to ASCII (`/ſ/i` misses `s`, `/k/i` misses U+212A
//! KELVIN SIGN, astral characters have no case); with `u` it is Unicode
//! simple case folding (`/ſ/iu` matches `s`, `/k/iu` matches U+212A). The
//! mappings are std's one-character `to_uppercase`/`to_lowercase` (Unicode
//! 17), kept here as runs ([`UPPER`], [`LOWER`]: 3 KB, where linking std's
//! own tables costs a WebAssembly module 27 KB); [`EXTRAS`] lists the
//! characters those mappings do not reach from a canonical form (titlecase
//! letters, Greek symbol variants, …) and [`FOLD_EXCEPTIONS`] where simple
//! case folding differs from upper-then-lower case. Every table is checked
//! against std and against V8's own orbits (`tests/data/js-case-orbits.json`).

/// std's one-character upper-case mappings as runs: `key, delta` pairs,
/// `key = start | (stride - 1) << 21 | count << 22`; the run maps `start`,
/// `start + stride`, … (`count` of them) to themselves plus `delta`.
#[rustfmt::skip]
const UPPER: &[i32] = &[
    0x6800061, -32, 0x4000B5, 743, 0x5C000E0, -32, 0x1C000F8, -32, 0x4000FF, 121, 0x6200101, -1,
    0x400131, -232, 0xE00133, -1, 0x220013A, -1, 0x5E0014B, -1, 0xE0017A, -1, 0x40017F, -300,
    0x400180, 195, 0xA00183, -1, 0x400188, -1, 0x40018C, -1, 0x400192, -1, 0x400195, 97, 0x400199,
    -1, 0x40019A, 163, 0x40019B, 42561, 0x40019E, 130, 0xE001A1, -1, 0x4001A8, -1, 0x4001AD, -1,
    0x4001B0, -1, 0xA001B4, -1, 0x4001B9, -1, 0x4001BD, -1, 0x4001BF, 56, 0x4001C5, -1, 0x4001C6,
    -2, 0x4001C8, -1, 0x4001C9, -2, 0x4001CB, -1, 0x4001CC, -2, 0x22001CE, -1, 0x4001DD, -79,
    0x26001DF, -1, 0x4001F2, -1, 0x4001F3, -2, 0x4001F5, -1, 0x52001F9, -1, 0x2600223, -1, 0x40023C,
    -1, 0x80023F, 10815, 0x400242, -1, 0x1600247, -1, 0x400250, 10783, 0x400251, 10780, 0x400252,
    10782, 0x400253, -210, 0x400254, -206, 0x800256, -205, 0x400259, -202, 0x40025B, -203, 0x40025C,
    42319, 0x400260, -205, 0x400261, 42315, 0x400263, -207, 0x400264, 42343, 0x400265, 42280,
    0x400266, 42308, 0x400268, -209, 0x400269, -211, 0x40026A, 42308, 0x40026B, 10743, 0x40026C,
    42305, 0x40026F, -211, 0x400271, 10749, 0x400272, -213, 0x400275, -214, 0x40027D, 10727,
    0x400280, -218, 0x400282, 42307, 0x400283, -218, 0x400287, 42282, 0x400288, -218, 0x400289, -69,
    0x80028A, -217, 0x40028C, -71, 0x400292, -219, 0x40029D, 42261, 0x40029E, 42258, 0x400345, 84,
    0xA00371, -1, 0x400377, -1, 0xC0037B, 130, 0x4003AC, -38, 0xC003AD, -37, 0x44003B1, -32,
    0x4003C2, -31, 0x24003C3, -32, 0x4003CC, -64, 0x8003CD, -63, 0x4003D0, -62, 0x4003D1, -57,
    0x4003D5, -47, 0x4003D6, -54, 0x4003D7, -8, 0x32003D9, -1, 0x4003F0, -86, 0x4003F1, -80,
    0x4003F2, 7, 0x4003F3, -116, 0x4003F5, -96, 0x4003F8, -1, 0x4003FB, -1, 0x8000430, -32,
    0x4000450, -80, 0x4600461, -1, 0x6E0048B, -1, 0x1E004C2, -1, 0x4004CF, -15, 0xC2004D1, -1,
    0x9800561, -48, 0xAC010D0, 3008, 0xC010FD, 3008, 0x18013F8, -8, 0x401C80, -6254, 0x401C81,
    -6253, 0x401C82, -6244, 0x801C83, -6242, 0x401C85, -6243, 0x401C86, -6236, 0x401C87, -6181,
    0x401C88, 35266, 0x401C8A, -1, 0x401D79, 35332, 0x401D7D, 3814, 0x401D8E, 35384, 0x12E01E01, -1,
    0x401E9B, -59, 0xC201EA1, -1, 0x2001F00, 8, 0x1801F10, 8, 0x2001F20, 8, 0x2001F30, 8, 0x1801F40,
    8, 0x1201F51, 8, 0x2001F60, 8, 0x801F70, 74, 0x1001F72, 86, 0x801F76, 100, 0x801F78, 128,
    0x801F7A, 112, 0x801F7C, 126, 0x801FB0, 8, 0x401FBE, -7205, 0x801FD0, 8, 0x801FE0, 8, 0x401FE5,
    7, 0x40214E, -28, 0x4002170, -16, 0x402184, -1, 0x68024D0, -26, 0xC002C30, -48, 0x402C61, -1,
    0x402C65, -10795, 0x402C66, -10792, 0xE02C68, -1, 0x402C73, -1, 0x402C76, -1, 0xCA02C81, -1,
    0xA02CEC, -1, 0x402CF3, -1, 0x9802D00, -7264, 0x402D27, -7264, 0x402D2D, -7264, 0x5E0A641, -1,
    0x3A0A681, -1, 0x1E0A723, -1, 0x7E0A733, -1, 0xA0A77A, -1, 0x160A77F, -1, 0x40A78C, -1,
    0xA0A791, -1, 0x40A794, 48, 0x2A0A797, -1, 0x220A7B5, -1, 0xA0A7C8, -1, 0x220A7CD, -1, 0x40A7F6,
    -1, 0x40AB53, -928, 0x1400AB70, -38864, 0x680FF41, -32, 0xA010428, -40, 0x90104D8, -40,
    0x2C10597, -39, 0x3C105A3, -39, 0x1C105B3, -39, 0x8105BB, -39, 0xCC10CC0, -64, 0x5810D70, -32,
    0x80118C0, -32, 0x8016E60, -32, 0x6416EBB, -27, 0x881E922, -34,
];

/// std's one-character lower-case mappings, as [`UPPER`].
#[rustfmt::skip]
const LOWER: &[i32] = &[
    0x6800041, 32, 0x5C000C0, 32, 0x1C000D8, 32, 0x6200100, 1, 0xE00132, 1, 0x2200139, 1, 0x5E0014A,
    1, 0x400178, -121, 0xE00179, 1, 0x400181, 210, 0xA00182, 1, 0x400186, 206, 0x400187, 1,
    0x800189, 205, 0x40018B, 1, 0x40018E, 79, 0x40018F, 202, 0x400190, 203, 0x400191, 1, 0x400193,
    205, 0x400194, 207, 0x400196, 211, 0x400197, 209, 0x400198, 1, 0x40019C, 211, 0x40019D, 213,
    0x40019F, 214, 0xE001A0, 1, 0x4001A6, 218, 0x4001A7, 1, 0x4001A9, 218, 0x4001AC, 1, 0x4001AE,
    218, 0x4001AF, 1, 0x8001B1, 217, 0xA001B3, 1, 0x4001B7, 219, 0x4001B8, 1, 0x4001BC, 1, 0x4001C4,
    2, 0x4001C5, 1, 0x4001C7, 2, 0x4001C8, 1, 0x4001CA, 2, 0x26001CB, 1, 0x26001DE, 1, 0x4001F1, 2,
    0xA001F2, 1, 0x4001F6, -97, 0x4001F7, -56, 0x52001F8, 1, 0x400220, -130, 0x2600222, 1, 0x40023A,
    10795, 0x40023B, 1, 0x40023D, -163, 0x40023E, 10792, 0x400241, 1, 0x400243, -195, 0x400244, 69,
    0x400245, 71, 0x1600246, 1, 0xA00370, 1, 0x400376, 1, 0x40037F, 116, 0x400386, 38, 0xC00388, 37,
    0x40038C, 64, 0x80038E, 63, 0x4400391, 32, 0x24003A3, 32, 0x4003CF, 8, 0x32003D8, 1, 0x4003F4,
    -60, 0x4003F7, 1, 0x4003F9, -7, 0x4003FA, 1, 0xC003FD, -130, 0x4000400, 80, 0x8000410, 32,
    0x4600460, 1, 0x6E0048A, 1, 0x4004C0, 15, 0x1E004C1, 1, 0xC2004D0, 1, 0x9800531, 48, 0x98010A0,
    7264, 0x4010C7, 7264, 0x4010CD, 7264, 0x140013A0, 38864, 0x18013F0, 8, 0x401C89, 1, 0xAC01C90,
    -3008, 0xC01CBD, -3008, 0x12E01E00, 1, 0x401E9E, -7615, 0xC201EA0, 1, 0x2001F08, -8, 0x1801F18,
    -8, 0x2001F28, -8, 0x2001F38, -8, 0x1801F48, -8, 0x1201F59, -8, 0x2001F68, -8, 0x2001F88, -8,
    0x2001F98, -8, 0x2001FA8, -8, 0x801FB8, -8, 0x801FBA, -74, 0x401FBC, -9, 0x1001FC8, -86,
    0x401FCC, -9, 0x801FD8, -8, 0x801FDA, -100, 0x801FE8, -8, 0x801FEA, -112, 0x401FEC, -7,
    0x801FF8, -128, 0x801FFA, -126, 0x401FFC, -9, 0x402126, -7517, 0x40212A, -8383, 0x40212B, -8262,
    0x402132, 28, 0x4002160, 16, 0x402183, 1, 0x68024B6, 26, 0xC002C00, 48, 0x402C60, 1, 0x402C62,
    -10743, 0x402C63, -3814, 0x402C64, -10727, 0xE02C67, 1, 0x402C6D, -10780, 0x402C6E, -10749,
    0x402C6F, -10783, 0x402C70, -10782, 0x402C72, 1, 0x402C75, 1, 0x802C7E, -10815, 0xCA02C80, 1,
    0xA02CEB, 1, 0x402CF2, 1, 0x5E0A640, 1, 0x3A0A680, 1, 0x1E0A722, 1, 0x7E0A732, 1, 0xA0A779, 1,
    0x40A77D, -35332, 0x160A77E, 1, 0x40A78B, 1, 0x40A78D, -42280, 0xA0A790, 1, 0x2A0A796, 1,
    0x40A7AA, -42308, 0x40A7AB, -42319, 0x40A7AC, -42315, 0x40A7AD, -42305, 0x40A7AE, -42308,
    0x40A7B0, -42258, 0x40A7B1, -42282, 0x40A7B2, -42261, 0x40A7B3, 928, 0x220A7B4, 1, 0x40A7C4,
    -48, 0x40A7C5, -42307, 0x40A7C6, -35384, 0xA0A7C7, 1, 0x40A7CB, -42343, 0x220A7CC, 1, 0x40A7DC,
    -42561, 0x40A7F5, 1, 0x680FF21, 32, 0xA010400, 40, 0x90104B0, 40, 0x2C10570, 39, 0x3C1057C, 39,
    0x1C1058C, 39, 0x810594, 39, 0xCC10C80, 64, 0x5810D50, 32, 0x80118A0, 32, 0x8016E40, 32,
    0x6416EA0, 27, 0x881E900, 34,
];

/// The character `c` maps to in `table`, if any. (Not inlined: one copy
/// for the several mappings a canonical form takes.)
#[inline(never)]
fn map(table: &[i32], c: char) -> Option<char> {
    let cp = c as u32;
    let key = |i: usize| table[2 * i] as u32;
    // The last run starting at or before `cp`.
    let (mut lo, mut hi) = (0, table.len() / 2);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if key(mid) & 0x1F_FFFF <= cp {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    let i = lo.checked_sub(1)?;
    let (start, stride, count) = (key(i) & 0x1F_FFFF, (key(i) >> 21 & 1) + 1, key(i) >> 22);
    let off = cp - start;
    if off % stride != 0 || off / stride >= count {
        return None;
    }
    char::from_u32(cp.wrapping_add_signed(table[2 * i + 1]))
}

/// `c.to_uppercase()` when that is one character.
fn upper(c: char) -> char {
    map(UPPER, c).unwrap_or(c)
}

/// `c.to_lowercase()` when that is one character.
fn lower(c: char) -> char {
    map(LOWER, c).unwrap_or(c)
}

/// ECMAScript *Canonicalize*(`c`) under `i`, without (`unicode == false`)
/// or with the `u` flag. With `u` the result is a representative of the
/// simple-case-folding class (not always the folded form itself: only
/// equality of canonical forms matters).
pub(crate) fn canonicalize(c: char, unicode: bool) -> char {
    if unicode {
        fold(c)
    } else {
        upper_code_unit(c)
    }
}

fn upper_code_unit(c: char) -> char {
    if c as u32 > 0xFFFF {
        return c;
    }
    match upper(c) {
        u if (u as u32) <= 0xFFFF && (c.is_ascii() || !u.is_ascii()) => u,
        _ => c,
    }
}

fn fold(c: char) -> char {
    if let Ok(i) = FOLD_EXCEPTIONS.binary_search_by_key(&c, |&(x, _)| x) {
        return FOLD_EXCEPTIONS[i].1;
    }
    lower(upper(c))
}

/// Where simple case folding is not "upper case, then lower case" by std's
/// mappings: `(character, its class representative)`, sorted.
const FOLD_EXCEPTIONS: &[(char, char)] = &[
    // ı has no simple folding (its upper case I folds to i).
    ('\u{131}', '\u{131}'),
    // Folded to their older twins since Unicode 14/15 (upper case is several characters).
    ('\u{1FD3}', '\u{390}'),
    ('\u{1FE3}', '\u{3B0}'),
    ('\u{FB05}', '\u{FB06}'),
];

/// Characters not reached from their canonical form `t` by `t`,
/// `t.to_lowercase()` or `t.to_uppercase()`: `(character, canonical form
/// without u, with u)`.
const EXTRAS: &[(char, char, char)] = &[
    ('\u{B5}', '\u{39C}', '\u{3BC}'),
    ('\u{17F}', '\u{17F}', '\u{73}'),
    ('\u{1C5}', '\u{1C4}', '\u{1C6}'),
    ('\u{1C8}', '\u{1C7}', '\u{1C9}'),
    ('\u{1CB}', '\u{1CA}', '\u{1CC}'),
    ('\u{1F2}', '\u{1F1}', '\u{1F3}'),
    ('\u{345}', '\u{399}', '\u{3B9}'),
    ('\u{3C2}', '\u{3A3}', '\u{3C3}'),
    ('\u{3D0}', '\u{392}', '\u{3B2}'),
    ('\u{3D1}', '\u{398}', '\u{3B8}'),
    ('\u{3D5}', '\u{3A6}', '\u{3C6}'),
    ('\u{3D6}', '\u{3A0}', '\u{3C0}'),
    ('\u{3F0}', '\u{39A}', '\u{3BA}'),
    ('\u{3F1}', '\u{3A1}', '\u{3C1}'),
    ('\u{3F4}', '\u{3F4}', '\u{3B8}'),
    ('\u{3F5}', '\u{395}', '\u{3B5}'),
    ('\u{1C80}', '\u{412}', '\u{432}'),
    ('\u{1C81}', '\u{414}', '\u{434}'),
    ('\u{1C82}', '\u{41E}', '\u{43E}'),
    ('\u{1C83}', '\u{421}', '\u{441}'),
    ('\u{1C84}', '\u{422}', '\u{442}'),
    ('\u{1C85}', '\u{422}', '\u{442}'),
    ('\u{1C86}', '\u{42A}', '\u{44A}'),
    ('\u{1C87}', '\u{462}', '\u{463}'),
    ('\u{1C88}', '\u{A64A}', '\u{A64B}'),
    ('\u{1E9B}', '\u{1E60}', '\u{1E61}'),
    ('\u{1E9E}', '\u{1E9E}', '\u{DF}'),
    ('\u{1F88}', '\u{1F88}', '\u{1F80}'),
    ('\u{1F89}', '\u{1F89}', '\u{1F81}'),
    ('\u{1F8A}', '\u{1F8A}', '\u{1F82}'),
    ('\u{1F8B}', '\u{1F8B}', '\u{1F83}'),
    ('\u{1F8C}', '\u{1F8C}', '\u{1F84}'),
    ('\u{1F8D}', '\u{1F8D}', '\u{1F85}'),
    ('\u{1F8E}', '\u{1F8E}', '\u{1F86}'),
    ('\u{1F8F}', '\u{1F8F}', '\u{1F87}'),
    ('\u{1F98}', '\u{1F98}', '\u{1F90}'),
    ('\u{1F99}', '\u{1F99}', '\u{1F91}'),
    ('\u{1F9A}', '\u{1F9A}', '\u{1F92}'),
    ('\u{1F9B}', '\u{1F9B}', '\u{1F93}'),
    ('\u{1F9C}', '\u{1F9C}', '\u{1F94}'),
    ('\u{1F9D}', '\u{1F9D}', '\u{1F95}'),
    ('\u{1F9E}', '\u{1F9E}', '\u{1F96}'),
    ('\u{1F9F}', '\u{1F9F}', '\u{1F97}'),
    ('\u{1FA8}', '\u{1FA8}', '\u{1FA0}'),
    ('\u{1FA9}', '\u{1FA9}', '\u{1FA1}'),
    ('\u{1FAA}', '\u{1FAA}', '\u{1FA2}'),
    ('\u{1FAB}', '\u{1FAB}', '\u{1FA3}'),
    ('\u{1FAC}', '\u{1FAC}', '\u{1FA4}'),
    ('\u{1FAD}', '\u{1FAD}', '\u{1FA5}'),
    ('\u{1FAE}', '\u{1FAE}', '\u{1FA6}'),
    ('\u{1FAF}', '\u{1FAF}', '\u{1FA7}'),
    ('\u{1FBC}', '\u{1FBC}', '\u{1FB3}'),
    ('\u{1FBE}', '\u{399}', '\u{3B9}'),
    ('\u{1FCC}', '\u{1FCC}', '\u{1FC3}'),
    ('\u{1FD3}', '\u{1FD3}', '\u{390}'),
    ('\u{1FE3}', '\u{1FE3}', '\u{3B0}'),
    ('\u{1FFC}', '\u{1FFC}', '\u{1FF3}'),
    ('\u{2126}', '\u{2126}', '\u{3C9}'),
    ('\u{212A}', '\u{212A}', '\u{6B}'),
    ('\u{212B}', '\u{212B}', '\u{E5}'),
    ('\u{FB05}', '\u{FB05}', '\u{FB06}'),
];

/// Pushes onto `out` every character that matches `c` under `i` (`c`
/// first), none twice.
pub(crate) fn orbit(c: char, unicode: bool, out: &mut Vec<char>) {
    let t = canonicalize(c, unicode);
    let mut push = |x: char| {
        if !out.contains(&x) && canonicalize(x, unicode) == t {
            out.push(x);
        }
    };
    push(c);
    push(t);
    push(lower(t));
    push(upper(t));
    for &(x, plain, folded) in EXTRAS {
        if t == if unicode { folded } else { plain } {
            push(x);
        }
    }
}

/// The code point ranges outside which no character has a case partner
/// (checked against std by a test): a class closure skips the rest.
pub(crate) const CASED: &[(u32, u32)] = &[
    (0x41, 0x586),
    (0x10A0, 0x13FD),
    (0x1C80, 0x24E9),
    (0x2C00, 0x2D2D),
    (0xA640, 0xABBF),
    (0xFB05, 0xFB06),
    (0xFF21, 0xFF5A),
    (0x10400, 0x105BC),
    (0x10C80, 0x10D85),
    (0x118A0, 0x118DF),
    (0x16E40, 0x16ED3),
    (0x1E900, 0x1E943),
];

#[cfg(test)]
#[path = "../../../tests/unit/js/regex/case.rs"]
mod tests;
