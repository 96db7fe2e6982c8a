// A unified diff checked against both texts it was printed from (a diff
// printed by `src/responses/snapshot.rs` `unified_diff`, `--- expected` and
// `+++ actual` first): included with `include!` by the unit tests of the diff
// (tests/unit/responses/snapshot.rs) and the `snapshots` fuzz target.

/// Rebuilds both texts from the diff's lines (context, `-`, `+`) between
/// hunks, checking them against `expected` and `actual` as they go.
fn check_diff(diff: &str, expected: &str, actual: &str) {
    let old: Vec<&str> = expected.split_inclusive('\n').collect();
    let new: Vec<&str> = actual.split_inclusive('\n').collect();
    let (mut i, mut j) = (0usize, 0usize);
    let mut lines = diff.split_inclusive('\n').skip(2).peekable();
    while let Some(header) = lines.next() {
        assert!(header.starts_with("@@ -"), "{header:?}");
        let nums: Vec<usize> = header
            .trim_start_matches("@@ -")
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        let (a0, b0) = (
            nums[0],
            nums[if header.split(' ').nth(1).unwrap().contains(',') {
                2
            } else {
                1
            }],
        );
        let start = |n: usize, len_zero: bool| if len_zero { n } else { n.saturating_sub(1) };
        let minus = header.split(' ').nth(1).unwrap();
        let plus = header.split(' ').nth(2).unwrap();
        let (ai, bj) = (start(a0, minus.ends_with(",0")), start(b0, plus.ends_with(",0")));
        // Between hunks the texts are equal line for line.
        assert!(ai >= i && bj >= j && ai - i == bj - j, "{header:?} after {i},{j}");
        for k in 0..ai - i {
            assert_eq!(old[i + k], new[j + k]);
        }
        (i, j) = (ai, bj);
        while let Some(l) = lines.peek() {
            if l.starts_with("@@") {
                break;
            }
            let l = lines.next().unwrap();
            let no_newline = lines.peek() == Some(&"\\ No newline at end of file\n");
            let body = if no_newline {
                lines.next();
                &l[1..l.len() - 1]
            } else {
                &l[1..]
            };
            match &l[..1] {
                " " => {
                    assert_eq!((old[i], new[j]), (body, body));
                    (i, j) = (i + 1, j + 1);
                }
                "-" => {
                    assert_eq!(old[i], body);
                    i += 1;
                }
                "+" => {
                    assert_eq!(new[j], body);
                    j += 1;
                }
                other => panic!("diff line {other:?}"),
            }
        }
    }
    assert_eq!(old.len() - i, new.len() - j);
    assert_eq!(old[i..], new[j..]);
}
