//! The `i` flag: which characters match each other (ECMAScript
//! *Canonicalize*, `RegExp` section 22.2.2.7.3).
//!
//! Two characters match under `i` when they canonicalise alike. Without the
//! `u` flag that is `toUpperCase` of one UTF-16 code unit, never mapping a
//! non-ASCII character to ASCII (`/ſ/i` misses `s`, `/k/i` misses U+212A
//! KELVIN SIGN, astral characters have no case); with `u` it is Unicode
//! simple case folding (`/ſ/iu` matches `s`, `/k/iu` matches U+212A). The
//! mappings are std's (`char::to_uppercase`/`to_lowercase`, the Unicode
//! version of the Rust toolchain); [`EXTRAS`] lists the characters those
//! mappings do not reach from a canonical form (titlecase letters, Greek
//! symbol variants, …) and [`FOLD_EXCEPTIONS`] where simple case folding
//! differs from upper-then-lower case. Both tables are checked against std
//! and against V8's own orbits (`tests/data/js-case-orbits.json`).

/// The one character of a case mapping, if it maps to exactly one.
fn single(mut it: impl Iterator<Item = char>) -> Option<char> {
    match (it.next(), it.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
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
    match single(c.to_uppercase()) {
        Some(u) if (u as u32) <= 0xFFFF && (c.is_ascii() || !u.is_ascii()) => u,
        _ => c,
    }
}

fn fold(c: char) -> char {
    if let Ok(i) = FOLD_EXCEPTIONS.binary_search_by_key(&c, |&(x, _)| x) {
        return FOLD_EXCEPTIONS[i].1;
    }
    let upper = single(c.to_uppercase()).unwrap_or(c);
    single(upper.to_lowercase()).unwrap_or(upper)
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
    if let Some(l) = single(t.to_lowercase()) {
        push(l);
    }
    if let Some(u) = single(t.to_uppercase()) {
        push(u);
    }
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
mod tests {
    use super::*;

    fn all_chars() -> impl Iterator<Item = char> {
        (0..=0x10FFFF).filter_map(char::from_u32)
    }

    #[test]
    fn orbits_match_v8() {
        #[derive(serde::Deserialize)]
        struct Data {
            unassigned: Vec<(u32, u32)>,
            i: Vec<Vec<u32>>,
            iu: Vec<Vec<u32>>,
        }
        let data: Data = serde_json::from_str(include_str!("../../../tests/data/js-case-orbits.json")).unwrap();
        let assigned = |c: u32| !data.unassigned.iter().any(|&(lo, hi)| lo <= c && c <= hi);
        let mut bad = Vec::new();
        for (unicode, orbits) in [(false, &data.i), (true, &data.iu)] {
            let mut want: std::collections::HashMap<u32, &Vec<u32>> = std::collections::HashMap::new();
            for o in orbits {
                for &c in o {
                    want.insert(c, o);
                }
            }
            assert!(orbits.iter().flatten().all(|&c| cased(c)), "a V8 orbit outside CASED");
            for x in all_chars().filter(|&x| cased(x as u32) && assigned(x as u32)) {
                let mut got = Vec::new();
                orbit(x, unicode, &mut got);
                let mut got: Vec<u32> = got.into_iter().map(|c| c as u32).collect();
                got.sort_unstable();
                let v8 = want.get(&(x as u32)).map_or_else(|| vec![x as u32], |o| o.to_vec());
                if got != v8 {
                    bad.push(format!(
                        "{} U+{:04X}: ours {got:X?}, V8 {v8:X?}",
                        if unicode { "iu" } else { "i" },
                        x as u32
                    ));
                }
            }
        }
        assert!(
            bad.is_empty(),
            "{} differences:\n{}",
            bad.len(),
            bad[..bad.len().min(60)].join("\n")
        );
    }

    fn cased(c: u32) -> bool {
        CASED.iter().any(|&(lo, hi)| lo <= c && c <= hi)
    }

    #[test]
    fn tables_are_complete() {
        // EXTRAS is exactly what std's mappings do not reach from a canonical form, and
        // outside CASED no character has a case mapping (so its orbit is itself).
        let mut extras = Vec::new();
        for x in all_chars() {
            let unreached = [false, true].into_iter().any(|unicode| {
                let t = canonicalize(x, unicode);
                ![Some(t), single(t.to_lowercase()), single(t.to_uppercase())].contains(&Some(x))
            });
            if unreached {
                extras.push((x, canonicalize(x, false), canonicalize(x, true)));
            }
            if !cased(x as u32) {
                let same = |m: Option<char>| m.is_none_or(|m| m == x);
                assert!(canonicalize(x, false) == x && canonicalize(x, true) == x, "{x:?}");
                assert!(
                    same(single(x.to_lowercase())) && same(single(x.to_uppercase())),
                    "{x:?}"
                );
            }
        }
        assert_eq!(extras, EXTRAS);
        assert!(EXTRAS.iter().all(|&(_, a, b)| cased(a as u32) && cased(b as u32)));
        assert!(FOLD_EXCEPTIONS.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
