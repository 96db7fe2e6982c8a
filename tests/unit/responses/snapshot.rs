//! Unit tests of `src/responses/snapshot.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;

#[test]
fn diff_follows_gnu_diff_u() {
    // Bodies printed by GNU diffutils 3.x `diff -u` for the same two files
    // (its `---`/`+++` lines replaced by ours).
    let cases = [
        ("a\nb\nc\n", "a\nB\nc\n", "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"),
        ("", "x\n", "@@ -0,0 +1 @@\n+x\n"),
        ("x\n", "x", "@@ -1 +1 @@\n-x\n+x\n\\ No newline at end of file\n"),
        (
            "1\n2\n3\n4\n5\n6\n7\n8\n9\n",
            "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n",
            "@@ -7,3 +7,4 @@\n 7\n 8\n 9\n+10\n",
        ),
    ];
    for (a, b, body) in cases {
        assert_eq!(
            unified_diff(a, b),
            format!("--- expected\n+++ actual\n{body}"),
            "{a:?} -> {b:?}"
        );
    }
}
