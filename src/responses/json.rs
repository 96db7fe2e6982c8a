//! JavaScript number printing and UTF-16 text helpers of the response checks
//! (`Number.prototype.toString`, `toFixed(1)`, `string.length`,
//! `truncateForDisplay` of `@gleanwork/mcp-server-tester@1.1.0`).

use std::fmt::Write;

/// `String(n)` / `Number.prototype.toString()` for a double.
pub(crate) fn js_number(n: f64) -> String {
    let mut out = String::new();
    js_number_into(n, &mut out);
    out
}

pub(crate) fn js_number_into(n: f64, out: &mut String) {
    if n.is_nan() {
        return out.push_str("NaN");
    }
    if n == 0.0 {
        return out.push('0');
    }
    if n.is_infinite() {
        return out.push_str(if n > 0.0 { "Infinity" } else { "-Infinity" });
    }
    if n < 0.0 {
        out.push('-');
    }
    // Shortest round-trip digits, as ECMAScript's Number::toString picks them.
    let sci = format!("{:e}", n.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let k = digits.len() as i32;
    let n_exp = exp.parse::<i32>().unwrap_or(0) + 1;
    if k <= n_exp && n_exp <= 21 {
        out.push_str(&digits);
        (0..n_exp - k).for_each(|_| out.push('0'));
    } else if 0 < n_exp && n_exp <= 21 {
        out.push_str(&digits[..n_exp as usize]);
        out.push('.');
        out.push_str(&digits[n_exp as usize..]);
    } else if -6 < n_exp && n_exp <= 0 {
        out.push_str("0.");
        (0..-n_exp).for_each(|_| out.push('0'));
        out.push_str(&digits);
    } else {
        out.push_str(&digits[..1]);
        if k > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        let e = n_exp - 1;
        let _ = write!(out, "e{}{}", if e < 0 { '-' } else { '+' }, e.abs());
    }
}

/// `x.toFixed(1)`: the exact binary value rounded half away from zero at
/// one decimal, a `-` for any negative `x` (Rust's `{:.1}` rounds exact ties to even: `0.25` → `0.2`,
/// where JS gives `0.3`). Values of 1e21 and more print as `String(x)`.
pub(crate) fn to_fixed_1(x: f64) -> String {
    if !x.is_finite() || x.abs() >= 1e21 {
        return js_number(x);
    }
    // The exact decimal expansion of a double has at most 1074 fraction digits.
    let exact = format!("{:.1100}", x.abs());
    let (int, frac) = exact.split_once('.').unwrap_or((&exact, "0"));
    let frac = frac.as_bytes();
    let mut tenths = int.parse::<u128>().unwrap_or(0) * 10 + u128::from(frac[0] - b'0');
    if frac[1] >= b'5' {
        tenths += 1;
    }
    let neg = x < 0.0;
    format!("{}{}.{}", if neg { "-" } else { "" }, tenths / 10, tenths % 10)
}

/// The length of `s` in UTF-16 code units (JavaScript's `string.length`).
pub(crate) fn utf16_len(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

/// The reference's `truncateForDisplay(str, max)`: the first `max` UTF-16
/// code units and `... (truncated)` when longer. A surrogate pair cut in
/// half is dropped whole (JS would keep a lone surrogate).
pub(crate) fn truncate_for_display(s: &str, max: usize) -> String {
    if utf16_len(s) <= max {
        return s.to_string();
    }
    let mut units = 0;
    let mut end = 0;
    for (i, c) in s.char_indices() {
        if units + c.len_utf16() > max {
            break;
        }
        units += c.len_utf16();
        end = i + c.len_utf8();
    }
    format!("{}... (truncated)", &s[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_javascript() {
        // Values of `String(n)` in Node 20.
        let cases = [
            (1.0, "1"),
            (-7.0, "-7"),
            (2.5, "2.5"),
            (-4.5, "-4.5"),
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (1.5e-7, "1.5e-7"),
            (0.000001, "0.000001"),
            (123.456, "123.456"),
            (0.1 + 0.2, "0.30000000000000004"),
            (-0.0, "0"),
            (f64::NAN, "NaN"),
            (5e-324, "5e-324"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
        ];
        for (n, want) in cases {
            assert_eq!(js_number(n), want, "{n}");
        }
    }

    #[test]
    fn to_fixed_rounds_ties_away_from_zero() {
        // Values of `x.toFixed(1)` in Node 20.
        let cases = [
            (1.25, "1.3"),
            (0.25, "0.3"),
            (1.05, "1.1"),
            (9.95, "9.9"),
            (0.04, "0.0"),
            (-0.04, "-0.0"),
            (-0.0, "0.0"),
            (-1.25, "-1.3"),
            (1000.0, "1000.0"),
        ];
        for (x, want) in cases {
            assert_eq!(to_fixed_1(x), want, "{x}");
        }
    }

    #[test]
    fn truncation_counts_utf16_units() {
        assert_eq!(truncate_for_display("abc", 3), "abc");
        assert_eq!(truncate_for_display("abcd", 3), "abc... (truncated)");
        // "😀" is two UTF-16 units: cut in half, it is dropped.
        assert_eq!(truncate_for_display("ab😀", 3), "ab... (truncated)");
        assert_eq!(utf16_len("é😀"), 3);
    }
}
