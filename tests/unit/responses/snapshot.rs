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

#[test]
fn first_hunk_context_starts_three_lines_before_it() {
    // GNU diffutils 3.8 `diff -u` of the same two files (imara-diff 0.2's own
    // printer says `@@ -2,6 +2,6 @@` and prints line 1 too).
    assert_eq!(
        unified_diff("1\n2\n3\n4\n5\n6\n", "1\n2\n3\n4\nX\n6\n"),
        "--- expected\n+++ actual\n@@ -2,5 +2,5 @@\n 2\n 3\n 4\n-5\n+X\n 6\n"
    );
    // Two changes 7 kept lines apart are two hunks; 6 apart, one (GNU the same).
    let a = "a\n1\n2\n3\n4\n5\n6\n7\nb\n";
    let b = "A\n1\n2\n3\n4\n5\n6\n7\nB\n";
    assert_eq!(
        unified_diff(a, b),
        "--- expected\n+++ actual\n@@ -1,4 +1,4 @@\n-a\n+A\n 1\n 2\n 3\n@@ -6,4 +6,4 @@\n 5\n 6\n 7\n-b\n+B\n"
    );
    let a = "a\n1\n2\n3\n4\n5\n6\nb\n";
    let b = "A\n1\n2\n3\n4\n5\n6\nB\n";
    assert_eq!(
        unified_diff(a, b),
        "--- expected\n+++ actual\n@@ -1,8 +1,8 @@\n-a\n+A\n 1\n 2\n 3\n 4\n 5\n 6\n-b\n+B\n"
    );
}

// `check_diff(diff, expected, actual)`, shared with the `snapshots` fuzz target.
include!("../../support/unified_diff.rs");

fn texts(seed: u64, lines: usize, alphabet: &[&str]) -> (String, String) {
    let mut s = seed;
    let mut next = || {
        s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (s >> 33) as usize
    };
    let mut a = String::new();
    let mut b = String::new();
    for _ in 0..lines {
        let line = alphabet[next() % alphabet.len()];
        match next() % 6 {
            0 => a.push_str(line),
            1 => b.push_str(line),
            2 => {
                a.push_str(line);
                b.push_str(alphabet[next() % alphabet.len()]);
            }
            _ => {
                a.push_str(line);
                b.push_str(line);
            }
        }
    }
    if next() % 2 == 0 {
        a.push_str("tail");
    }
    (a, b)
}

#[test]
fn every_diff_turns_expected_into_actual() {
    // Small texts (diffed exactly) and large ones (cut at anchors, regions
    // past the budget shown whole), over few and many distinct lines.
    let few = ["a\n", "b\n", "c\n"];
    let many: Vec<String> = (0..5000).map(|i| format!("line {i}\n")).collect();
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    for seed in 0..40 {
        for (lines, alphabet) in [
            (30, &few[..]),
            (200, &many[..]),
            (40_000, &few[..]),
            (40_000, &many[..]),
        ] {
            if lines > 1000 && seed % 10 != 0 {
                continue;
            }
            let (a, b) = texts(seed, lines, alphabet);
            let d = unified_diff(&a, &b);
            check_diff(&d, &a, &b);
        }
    }
}

#[test]
fn a_large_diff_of_mostly_unique_lines_stays_small() {
    // 50,000 numbered lines with every 1,000th changed: the anchors keep the
    // diff to the changed lines and their context, as an exact diff would.
    let a: String = (0..50_000).map(|i| format!("{i}\n")).collect();
    let b: String = (0..50_000)
        .map(|i| {
            if i % 1000 == 500 {
                format!("{i} changed\n")
            } else {
                format!("{i}\n")
            }
        })
        .collect();
    let d = unified_diff(&a, &b);
    assert_eq!(d.matches("\n-").count(), 50);
    assert_eq!(d.matches("\n+").count(), 50 + 1); // and the +++ header
    check_diff(&d, &a, &b);
}
