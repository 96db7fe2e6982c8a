//! Snapshots (`matchSnapshot`): a received text against a stored one, with
//! sanitizers. Input: `received \0 stored`. Invariants: `pass` exactly
//! when the texts are equal; the unified diff is empty exactly then, and
//! every line it keeps or removes is the stored text's, every line it keeps
//! or adds the received text's, in order.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_matchers::responses::{match_snapshot, Sanitizer};
use mcp_matchers_fuzz::{fields, text_response};

// `check_diff(diff, expected, actual)`, shared with the unit tests of the diff.
include!("../../tests/support/unified_diff.rs");

fuzz_target!(|data: &[u8]| {
    let [received, stored] = fields::<2>(data);
    let r = match_snapshot(&text_response(&received), Some(&stored), &[]).unwrap();
    assert_eq!(r.pass, r.actual == stored);
    assert_eq!(r.diff.is_empty(), r.pass);
    if !r.pass {
        check_diff(&r.diff, &stored, &r.actual);
    }
    let _ = match_snapshot(
        &text_response(&received),
        None,
        &[Sanitizer::Uuid, Sanitizer::Timestamp],
    );
});
