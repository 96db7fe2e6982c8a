//! Unit tests of `src/responses/assertions.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;

#[test]
fn format_bytes_as_reference() {
    // `formatBytes` of the reference (Node 20).
    assert_eq!(format_bytes(0.0), "0 bytes");
    assert_eq!(format_bytes(1023.0), "1023 bytes");
    assert_eq!(format_bytes(1024.0), "1.0 KB");
    assert_eq!(format_bytes(1280.0), "1.3 KB");
    assert_eq!(format_bytes(50_000.0), "48.8 KB");
    assert_eq!(format_bytes(1_048_576.0), "1.0 MB");
    assert_eq!(format_bytes(10.5), "10.5 bytes");
}

#[test]
fn text_messages() {
    let r = validate_text("Hello World", &["hello", "World", "x", "y"], true);
    assert!(!r.pass);
    assert_eq!(
        r.message,
        r#"Response is missing 3 expected substrings: "hello", "x", "y""#
    );
    let r = validate_text("Hello World", &["hello"], false);
    assert_eq!(r.message, "Response contains expected text");
    let r = validate_text("", &[], true);
    assert_eq!(r.message, "Response contains all 0 expected substrings");
}

#[test]
fn size_needs_a_bound() {
    let r = validate_size(3, &SizeOptions::default());
    assert_eq!(
        r,
        CheckResult::fail("Size validation requires at least one of maxBytes or minBytes", None)
    );
}
