//! Unit tests of `src/js/regex/replace.rs` (crate-private items; included by
//! its `#[cfg(test)] mod tests`). The oracle is the search-after-each-match
//! loop the sanitizers used before (regex-lite's `captures_at`, quadratic on
//! some inputs but plainly JavaScript's `replace` with `g`), run on small
//! generated patterns and texts: both must find the same matches and groups.

use super::*;

/// A match: start, end, and each group's span (`None`: it took no part).
type Found = (usize, usize, Vec<Option<(usize, usize)>>);

/// Every match as `(start, end, [groups])`, one search per match.
fn oracle(source: &str, flags: &str, text: &str) -> Vec<Found> {
    let re = crate::js::regex::compile(source, flags, "p").unwrap();
    let mut out = Vec::new();
    let mut pos = 0;
    while pos <= text.len() {
        let Some(caps) = re.captures_at(text, pos) else { break };
        let m = caps.get(0).unwrap();
        let groups = (1..caps.len())
            .map(|i| caps.get(i).map(|g| (g.start(), g.end())))
            .collect();
        out.push((m.start(), m.end(), groups));
        pos = if m.is_empty() {
            m.end() + text[m.end()..].chars().next().map_or(1, char::len_utf8)
        } else {
            m.end()
        };
    }
    out
}

fn ours(source: &str, flags: &str, text: &str) -> Vec<Found> {
    let re = compile_replacer(source, flags, "p").unwrap();
    let mut out = Vec::new();
    re.for_each_match(text, |caps| {
        let m = caps.get_match().unwrap();
        let groups = (1..caps.group_len())
            .map(|i| caps.get_group(i).map(|g| (g.start, g.end)))
            .collect();
        out.push((m.start(), m.end(), groups));
    })
    .unwrap();
    out
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

const PIECES: &[&str] = &[
    "a",
    "b",
    "c",
    "a*",
    "b?",
    "a+?",
    "(a|b)",
    "(a*)",
    "[ab]*c",
    "|",
    "x+",
    r"\b",
    "^",
    "$",
    ".",
    "(?:ab)*",
    "(b|)",
    "[^a]",
    r"\s",
    "é",
    "(?<n>a|bc)",
    "a{2,3}",
    "(a?)*",
    "(?:a|ab)(c|bcd)",
    r"\d",
];
const CHARS: &[&str] = &["a", "b", "c", "x", " ", "\n", "é", "1", "d"];

#[test]
fn matches_and_groups_are_those_of_one_search_per_match() {
    let mut r = Rng(0x51a7_e5ee_d000_0001);
    for case in 0..4000 {
        let source: String = (0..1 + r.below(4)).map(|_| PIECES[r.below(PIECES.len())]).collect();
        let flags = ["g", "gm", "gi", "gs"][r.below(4)];
        let text: String = (0..r.below(30)).map(|_| CHARS[r.below(CHARS.len())]).collect();
        let (lite, full) = (
            crate::js::regex::compile(&source, flags, "p"),
            compile_replacer(&source, flags, "p"),
        );
        assert_eq!(
            lite.is_ok(),
            full.is_ok(),
            "case {case}: /{source}/{flags}: {:?}",
            full.err()
        );
        if lite.is_err() {
            continue;
        }
        assert_eq!(
            ours(&source, flags, &text),
            oracle(&source, flags, &text),
            "case {case}: /{source}/{flags} on {text:?}"
        );
    }
}

#[test]
fn the_quadratic_cases_of_the_issue() {
    // JavaScript: "aaa".replace(/a*b|/g, "-") is "-a-a-a-".
    let spans = ours("a*b|", "g", &"a".repeat(3));
    assert_eq!(
        spans.iter().map(|m| (m.0, m.1)).collect::<Vec<_>>(),
        [(0, 0), (1, 1), (2, 2), (3, 3)]
    );
    let spans = ours("[ab]*c|a", "g", "abab");
    assert_eq!(spans.iter().map(|m| (m.0, m.1)).collect::<Vec<_>>(), [(0, 1), (2, 3)]);
    // A long match still reads to its end once.
    assert_eq!(
        ours("a*b|", "g", "aab").iter().map(|m| (m.0, m.1)).collect::<Vec<_>>(),
        [(0, 3), (3, 3)]
    );
}
