//! JavaScript's number printing: `Number.prototype.toString()` (what
//! `String(x)`, template literals and `JSON.stringify` write) and
//! `Number.prototype.toFixed(digits)`, for doubles.
//!
//! ECMAScript's `Number::toString` takes the shortest decimal digits that
//! read back as the same double and places the point by a fixed rule
//! (plain notation from 1e-7 to below 1e21, `1e+21` and `1.5e-7` outside).
//! The digits come from `zmij` (the shortest round-trip printer `serde_json`
//! already links, so this adds no float-formatting code to a WebAssembly
//! module: `core::fmt`'s would add ~15 KB). `toFixed` rounds the exact
//! binary value half away from zero, in integer arithmetic.

use std::fmt::Write;

/// `String(x)` for a double: `1`, `-4.5`, `0.30000000000000004`, `1e+21`,
/// `1.5e-7`, `5e-324`, `NaN`, `-Infinity`; `-0` prints as `0`.
pub(crate) fn to_string(x: f64) -> String {
    let mut out = String::new();
    write_to(x, &mut out);
    out
}

/// [`to_string`] appended to `out`.
pub(crate) fn write_to(x: f64, out: &mut String) {
    if x.is_nan() {
        return out.push_str("NaN");
    }
    if x == 0.0 {
        return out.push('0');
    }
    if x.is_infinite() {
        return out.push_str(if x > 0.0 { "Infinity" } else { "-Infinity" });
    }
    if x < 0.0 {
        out.push('-');
    }
    let mut buf = zmij::Buffer::new();
    let (digits, n) = shortest(buf.format_finite(x.abs()));
    place(&digits, n, out);
}

/// The shortest digits of a positive finite double as `zmij` prints it
/// (`123.45`, `1e21`, `1.5e-7`, `0.001`, `5e-324`, `1.0`): the significant
/// digits without leading or trailing zeros, and ECMAScript's *n* (the
/// value is `0.d1d2… × 10^n`).
fn shortest(printed: &str) -> (String, i32) {
    let (mantissa, exp) = match printed.split_once('e') {
        Some((m, e)) => (m, e.parse::<i32>().unwrap_or(0)),
        None => (printed, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut n = int.len() as i32 + exp;
    let all = format!("{int}{frac}");
    let lead = all.len() - all.trim_start_matches('0').len();
    n -= lead as i32;
    let digits = all[lead..].trim_end_matches('0').to_string();
    (digits, n)
}

/// ECMAScript `Number::toString` steps 6–12: the digits `d` (k of them)
/// with the point after the n-th.
fn place(d: &str, n: i32, out: &mut String) {
    let k = d.len() as i32;
    if k <= n && n <= 21 {
        out.push_str(d);
        (0..n - k).for_each(|_| out.push('0'));
    } else if 0 < n && n <= 21 {
        out.push_str(&d[..n as usize]);
        out.push('.');
        out.push_str(&d[n as usize..]);
    } else if -6 < n && n <= 0 {
        out.push_str("0.");
        (0..-n).for_each(|_| out.push('0'));
        out.push_str(d);
    } else {
        out.push_str(&d[..1]);
        if k > 1 {
            out.push('.');
            out.push_str(&d[1..]);
        }
        let e = n - 1;
        let _ = write!(out, "e{}{}", if e < 0 { '-' } else { '+' }, e.unsigned_abs());
    }
}

/// `x.toFixed(digits)` (`digits` at most 17): the exact binary value of `x`
/// rounded half away from zero to `digits` decimals (`1.25` → `1.3`, but
/// `1.005` → `1.00`: that double is below 1.005), `-` for any negative `x`
/// (`-0.04` → `-0.0`, `-0` → `0.0`); `NaN`, `±Infinity` and values of 1e21
/// and more print as [`to_string`].
pub(crate) fn to_fixed(x: f64, digits: u32) -> String {
    assert!(digits <= 17, "toFixed digits above 17");
    if !x.is_finite() || x.abs() >= 1e21 {
        return to_string(x);
    }
    let scale = 10u128.pow(digits);
    let units = scaled_round(x.abs(), scale);
    let mut out = String::new();
    if x < 0.0 {
        out.push('-');
    }
    let _ = write!(out, "{}", units / scale);
    if digits > 0 {
        let _ = write!(out, ".{:0width$}", units % scale, width = digits as usize);
    }
    out
}

/// `round_half_up(x × scale)` for `0 <= x < 1e21` and `scale <= 10^17`,
/// exactly: `x = m × 2^e` with `m < 2^53`, so `x × scale < 10^38 < 2^127`.
fn scaled_round(x: f64, scale: u128) -> u128 {
    let bits = x.to_bits();
    let (biased, fraction) = ((bits >> 52) as i32, bits & ((1 << 52) - 1));
    let (m, e) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, biased - 1075)
    };
    let v = u128::from(m) * scale; // < 2^53 × 10^17 < 2^110
    if e >= 0 {
        return v << e; // x × scale, an integer
    }
    let k = (-e) as u32;
    if k >= 128 {
        return 0; // v < 2^127 <= 2^(k-1): below one half
    }
    let (q, r) = (v >> k, v & ((1 << k) - 1));
    q + u128::from(r >= 1 << (k - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `tests/data/js-numbers.json`: `[bits, String(x), x.toFixed(1), x.toFixed(2)]` as V8 printed them.
    fn v8_numbers() -> Vec<(f64, [String; 3])> {
        let text = include_str!("../../tests/data/js-numbers.json");
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
}
