//! Unit tests of `src/matching/sequence.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;

fn scan(expected: &[&str], actual: &[&str], miss: Miss) -> Vec<Option<usize>> {
    in_order(
        expected.len(),
        actual.len(),
        |i, k| first_from(actual.len(), k, |j| actual[j] == expected[i]),
        |_| miss,
    )
    .iter()
    .map(|s| s.at)
    .collect()
}

#[test]
fn in_order_takes_the_first_position_after_the_cursor() {
    let actual = ["a", "x", "b", "a", "c"];
    assert_eq!(scan(&["a", "b", "c"], &actual, Miss::Stop), [Some(0), Some(2), Some(4)]);
    assert_eq!(scan(&["b", "a", "b"], &actual, Miss::Stop), [Some(2), Some(3), None]);
    assert_eq!(scan(&["z", "a"], &actual, Miss::Stop), [None]);
    assert_eq!(scan(&["z", "a"], &actual, Miss::Skip), [None, Some(0)]);
    assert_eq!(scan(&["z", "a"], &actual, Miss::Exhaust), [None, None]);
    let steps = in_order(2, 5, |_, _| None, |_| Miss::Exhaust);
    assert_eq!(steps[1], Step { from: 5, at: None });
}

#[test]
fn heaviest_increasing_marks_one_heaviest_chain() {
    let ones = |v: &[usize]| heaviest_increasing(&v.iter().map(|&x| (x, 1)).collect::<Vec<_>>());
    assert_eq!(ones(&[0, 1, 2]), [true, true, true]);
    assert_eq!(ones(&[1, 0]), [true, false]);
    assert_eq!(ones(&[2, 0, 1, 5, 3]), [false, true, true, true, false]);
    assert!(ones(&[]).is_empty());
    // A heavier item wins over a longer run through lighter ones.
    assert_eq!(heaviest_increasing(&[(1, 3), (0, 1), (2, 1)]), [true, false, true]);
    assert_eq!(heaviest_increasing(&[(1, 1), (0, 2)]), [false, true]);
}

#[test]
fn ratios_and_overlap() {
    assert_eq!(ratio(1, 4, 1.0), 0.25);
    assert_eq!(ratio(0, 0, 1.0), 1.0);
    assert_eq!(f1(0.0, 0.0), 0.0);
    assert_eq!(f1(1.0, 0.5), 2.0 / 3.0);
    assert_eq!(overlap(&["a", "a", "b"], &["a", "b", "b", "a", "a"]), 3);
    // Both sides past 16 items (counted in a map): 17 "x" against 20 "x" and 3 "y".
    let (xs, mut ys) = (vec!["x"; 17], vec!["x"; 20]);
    ys.extend(["y"; 3]);
    assert_eq!((overlap(&xs, &ys), overlap(&ys, &xs)), (17, 17));
}

/// The multiset intersection by its definition: the sum over distinct items
/// of the smaller of the two counts.
#[cfg(not(target_arch = "wasm32"))]
fn overlap_by_definition(a: &[&str], b: &[&str]) -> usize {
    let mut distinct: Vec<&str> = a.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    distinct
        .iter()
        .map(|x| {
            a.iter()
                .filter(|y| *y == x)
                .count()
                .min(b.iter().filter(|y| *y == x).count())
        })
        .sum()
}

#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    /// Both ways of counting (a scanned list for a short side, a map for a
    /// long one) and either order of the arguments give the definition's count.
    #[test]
    fn overlap_is_the_multiset_intersection(
        a in proptest::collection::vec(proptest::sample::select(vec!["a", "b", "c", "d", "ab"]), 0..40),
        b in proptest::collection::vec(proptest::sample::select(vec!["a", "b", "c", "e", ""]), 0..40),
    ) {
        let want = overlap_by_definition(&a, &b);
        proptest::prop_assert_eq!(overlap(&a, &b), want);
        proptest::prop_assert_eq!(overlap(&b, &a), want);
    }
}
