//! Unit tests of `src/js/regex/case.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;

/// The one character of a std case mapping, if it maps to exactly one.
fn single(mut it: impl Iterator<Item = char>) -> Option<char> {
    match (it.next(), it.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

#[test]
fn run_tables_are_stds_mappings() {
    // After a Unicode update of std this fails: print the runs of
    // `single(c.to_uppercase())` / `to_lowercase()` again (see UPPER's layout).
    for c in all_chars() {
        assert_eq!(upper(c), single(c.to_uppercase()).unwrap_or(c), "upper {c:?}");
        assert_eq!(lower(c), single(c.to_lowercase()).unwrap_or(c), "lower {c:?}");
    }
}

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
    let data: Data = serde_json::from_str(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/js-case-orbits.json"
    )))
    .unwrap();
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
