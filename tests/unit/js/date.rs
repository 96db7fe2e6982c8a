//! Unit tests of `src/js/date.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;

#[test]
fn iso_strings_as_v8_prints_and_parses_them() {
    // new Date(x).toISOString() and Date.parse(s) in V8:
    let ms = parse_iso("2025-10-21T03:21:29.990Z").unwrap();
    assert_eq!(to_iso_string(ms).unwrap(), "2025-10-21T03:21:29.990Z");
    assert_eq!(parse_iso("1970-01-01T00:00:01Z"), Some(1000.0));
    assert_eq!(parse_iso("1970-01-01T01:00:00+01:00"), Some(0.0));
    assert_eq!(parse_iso("nonsense"), None);
    assert_eq!(parse_iso("2025-10-21T03:21:29+"), None);
    assert_eq!(to_iso_string(1767036061123.0).unwrap(), "2025-12-29T19:21:01.123Z");
    assert_eq!(to_iso_string(-62198755200000.0).unwrap(), "-000001-01-01T00:00:00.000Z");
    assert_eq!(to_iso_string(253402300800000.0).unwrap(), "+010000-01-01T00:00:00.000Z");
    assert_eq!(to_iso_string(f64::NAN), None);
}
