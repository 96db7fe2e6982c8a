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
    let digits = Digits::read(buf.format_finite(x.abs()).as_bytes());
    digits.place(out);
}

/// The shortest round-trip digits of a positive double: `d[..k]` without
/// leading or trailing zeros, and ECMAScript's *n* (the value is
/// `0.d1d2… × 10^n`). At most 17 digits are significant.
struct Digits {
    d: [u8; 17],
    k: usize,
    n: i32,
}

impl Digits {
    /// Reads `zmij`'s text (`123.45`, `1e21`, `1.5e-7`, `0.001`, `5e-324`,
    /// `1.0`, `3.4e+35`), byte by byte (no parsing or formatting code).
    fn read(printed: &[u8]) -> Digits {
        let mut out = Digits { d: [0; 17], k: 0, n: 0 };
        let (mut after_point, mut in_exp, mut exp_neg, mut exp) = (false, false, false, 0i32);
        for &b in printed {
            match b {
                b'.' => after_point = true,
                b'e' | b'E' => in_exp = true,
                b'-' => exp_neg = true,
                b'+' => {}
                _ if in_exp => exp = exp * 10 + i32::from(b - b'0'),
                // A leading zero: before the point it does not count, after it it shifts n.
                b'0' if out.k == 0 => out.n -= i32::from(after_point),
                _ => {
                    if out.k < out.d.len() {
                        out.d[out.k] = b;
                        out.k += 1;
                    }
                    out.n += i32::from(!after_point);
                }
            }
        }
        while out.k > 1 && out.d[out.k - 1] == b'0' {
            out.k -= 1;
        }
        out.n += if exp_neg { -exp } else { exp };
        out
    }

    /// ECMAScript `Number::toString` steps 6–12: the digits with the point
    /// after the n-th, or in exponent form. Written into one byte buffer
    /// (at most 24 bytes: `0.000001` and 17 digits, or `1.2345678901234567e-308`).
    fn place(&self, out: &mut String) {
        let (d, k, n) = (&self.d[..self.k], self.k as i32, self.n);
        let mut buf = [b'0'; 32];
        let mut len = 0;
        let mut put = |bytes: &[u8]| {
            buf[len..len + bytes.len()].copy_from_slice(bytes);
            len += bytes.len();
        };
        const ZEROS: &[u8; 21] = b"000000000000000000000";
        if k <= n && n <= 21 {
            put(d);
            put(&ZEROS[..(n - k) as usize]);
        } else if 0 < n && n <= 21 {
            put(&d[..n as usize]);
            put(b".");
            put(&d[n as usize..]);
        } else if -6 < n && n <= 0 {
            put(b"0.");
            put(&ZEROS[..(-n) as usize]);
            put(d);
        } else {
            put(&d[..1]);
            if k > 1 {
                put(b".");
                put(&d[1..]);
            }
            let e = n - 1;
            put(if e < 0 { b"e-" } else { b"e+" });
            let e = e.unsigned_abs(); // at most 324
            let digits = [
                b'0' + (e / 100) as u8,
                b'0' + (e / 10 % 10) as u8,
                b'0' + (e % 10) as u8,
            ];
            put(&digits[if e >= 100 {
                0
            } else if e >= 10 {
                1
            } else {
                2
            }..]);
        }
        out.push_str(std::str::from_utf8(&buf[..len]).unwrap_or(""));
    }
}

/// `v` in decimal, zero-padded to at least `width` digits.
fn push_decimal(mut v: u128, width: usize, out: &mut String) {
    let mut buf = [0u8; 40];
    let mut i = buf.len();
    while v > 0 || buf.len() - i < width {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
    }
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or(""));
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
    push_decimal(units / scale, 1, &mut out);
    if digits > 0 {
        out.push('.');
        push_decimal(units % scale, digits as usize, &mut out);
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
#[path = "../../tests/unit/js/number.rs"]
mod tests;
