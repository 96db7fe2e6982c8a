//! Unit tests of `src/js/number.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;

/// `tests/data/js-numbers.json`: `[bits, String(x), x.toFixed(1), x.toFixed(2)]` as V8 printed them.
fn v8_numbers() -> Vec<(f64, [String; 3])> {
    let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/js-numbers.json"));
    let rows: Vec<(String, String, String, String)> = serde_json::from_str(text).unwrap();
    rows.into_iter()
        .map(|(bits, s, f1, f2)| (f64::from_bits(u64::from_str_radix(&bits, 16).unwrap()), [s, f1, f2]))
        .collect()
}

#[test]
fn to_string_matches_v8() {
    let rows = v8_numbers();
    assert!(rows.len() > 2000, "{} numbers", rows.len());
    for (x, [want, _, _]) in &rows {
        assert_eq!(&to_string(*x), want, "String({x:e}) (bits {:016x})", x.to_bits());
    }
}

#[test]
fn to_fixed_matches_v8() {
    for (x, [_, one, two]) in &v8_numbers() {
        assert_eq!(&to_fixed(*x, 1), one, "({x:e}).toFixed(1) (bits {:016x})", x.to_bits());
        assert_eq!(&to_fixed(*x, 2), two, "({x:e}).toFixed(2) (bits {:016x})", x.to_bits());
    }
}

#[test]
fn edge_cases_by_hand() {
    // Values of `String(x)` and `x.toFixed(d)` in Node 20.
    for (x, want) in [
        (1e21, "1e+21"),
        (1e-7, "1e-7"),
        (-0.0, "0"),
        (5e-324, "5e-324"),
        (1e20, "100000000000000000000"),
    ] {
        assert_eq!(to_string(x), want);
    }
    for (x, d, want) in [
        (0.25, 1, "0.3"),
        (1.005, 2, "1.00"),
        (-0.04, 1, "-0.0"),
        (2.5, 0, "3"),
        (1e21, 2, "1e+21"),
    ] {
        assert_eq!(to_fixed(x, d), want, "{x}.toFixed({d})");
    }
}
