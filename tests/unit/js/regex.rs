//! The translator's tests. Expected values are V8's answers (Node 20,
//! `new RegExp(source, flags).test(text)`), never our own output.

use super::*;
use crate::error::ErrorCode;

/// `new RegExp(source, flags).test(text)` here.
fn js(source: &str, flags: &str, text: &str) -> bool {
    compile(source, flags, "p").unwrap().is_match(text)
}

/// validatePattern's form (`^`/`$` per line, the regex crate).
fn lines(source: &str, flags: &str, text: &str) -> bool {
    compile_lines(source, flags, false, "/p/", "p").unwrap().is_match(text)
}

/// The translation on regex-lite with validatePattern's line anchors.
fn lite_lines(source: &str, flags: &str, fold: bool) -> Result<regex_lite::Regex> {
    let mut f = Flags::parse(flags, "p")?;
    f.fold |= fold;
    lite(&translate(source, &f, Engine::Lite, "/p/", "p")?, true, "/p/", "p")
}

#[test]
fn translation_follows_v8() {
    // Each row is V8's answer. Anchored rows differ in validatePattern (always per line).
    for (source, flags, text, expected) in [
        (r"a{", "", "a{", true),
        (r"a{1", "", "a{1", true),
        (r"a{1,", "", "a{1,", true),
        (r"a{1}", "", "a{1}", true),
        (r"[^]", "", "\n", true),
        (r"[]", "", "", false),
        (r"\s", "", "\u{A0}", true),
        (r"\s", "", "\u{FEFF}", true),
        (r"\s", "", "\u{2028}", true),
        (r"\s", "", "\u{85}", false),
        (r"\S", "", "\u{180E}", true),
        (r"ä", "i", "\u{C4}", true),
        (r"k", "i", "\u{212A}", false),
        (r"k", "iu", "\u{212A}", true),
        (r"ſ", "iu", "S", true),
        (r"\w", "iu", "\u{17F}", true),
        (r"\W", "iu", "\u{212A}", false),
        (r"\W", "i", "\u{212A}", true),
        (r"ß", "iu", "\u{1E9E}", true),
        (r"ß", "i", "\u{1E9E}", false),
        (r"[à-ö]", "i", "\u{D7}", false),
        (r"[à-ö]", "i", "\u{D6}", true),
        (r"[à-ö]", "i", "\u{F7}", false),
        (r"[^à-ö]", "i", "\u{C0}", false),
        (r"[^à-ö]", "i", "\u{D7}", true),
        (r"[k]", "iu", "\u{212A}", true),
        (r"[^k]", "iu", "\u{212A}", false),
        (r"[a-z]", "iu", "\u{17F}", true),
        (r"[a-z]", "iu", "\u{212A}", true),
        (r"[a-z]", "i", "\u{212A}", false),
        (r"^\w+$", "u", "\u{17F}", false),
        (r"µ", "i", "\u{3BC}", true),
        (r"ς", "i", "\u{3A3}", true),
        (r"ǅ", "i", "\u{1C6}", true),
        (r"^b$", "", "a\nb", false),
        (r"^b$", "m", "a\nb", true),
        (r"^b$", "m", "a\r\nb\r\nc", true),
        (r"a$", "", "a\n", false),
        (r"a$", "m", "a\nb", true),
        (r"^a", "", "ba", false),
        (r"a", "y", "ba", false),
        (r"a", "y", "ab", true),
        (r"a.b", "s", "a\u{2028}b", true),
        (r"a.b", "", "a\u{2028}b", false),
        (r"a.b", "", "a\rb", false),
        (r"\u{41}", "", "A", false),
        (r"\u{2}", "", "uu", true),
        (r"\u{41}", "u", "A", true),
        (r"\u{1F600}", "u", "\u{1F600}", true),
        (r"\x41", "", "A", true),
        (r"\x4", "", "x4", true),
        (r"\101", "", "A", true),
        (r"[\101]", "", "A", true),
        (r"\8", "", "8", true),
        (r"\1", "", "\u{1}", true),
        (r"(a)\2", "", "a\u{2}", true),
        (r"\0", "", "\u{0}", true),
        (r"\01", "", "\u{1}", true),
        (r"\c", "", "\\c", true),
        (r"\cJ", "", "\n", true),
        (r"[\c1]", "", "\u{11}", true),
        (r"[\c]", "", "\\", true),
        (r"[\c]", "", "c", true),
        (r"\k", "", "k", true),
        (r"\k<a>", "", "k<a>", true),
        (r"\uD83D\uDE00", "", "\u{1F600}", true),
        (r"\uD83D\uDE00", "u", "\u{1F600}", true),
        (r"[\uD83D\uDE00]", "u", "\u{1F600}", true),
        (r"\uD800", "", "x", false),
        (r"[^\uD800]", "", "x", true),
        (r"[a-\d]", "", "-", true),
        (r"[a-\d]", "", "5", true),
        (r"[a-\d]", "", "b", false),
        (r"[\d-z]", "", "-", true),
        (r"[\d-z]", "", "y", false),
        (r"[--a]", "", "0", true),
        (r"[\b]", "", "\u{8}", true),
        (r"\B", "", "\u{E9}", true),
        (r"\d", "", "\u{663}", false),
        (r"\w", "", "\u{E9}", false),
        (r"a\b", "", "a\u{E9}", true),
        (r"\/\a\z", "", "/az", true),
        (r"[\]]", "", "]", true),
        (r"]", "", "]", true),
        (r"}", "", "}", true),
        (r"x{2,}", "", "xx", true),
        (r"x{2,}?", "", "xxx", true),
        (r"\u004B", "i", "k", true),
        (r"\u212A", "i", "k", false),
        (r"\u212A", "iu", "k", true),
        (r"[\u212A]", "iu", "K", true),
        (r"[^\W]", "iu", "\u{17F}", true),
        (r"(?:a|b)+c", "", "abac", true),
        (r"(?<y>\d{4})", "", "2026", true),
    ] {
        assert_eq!(js(source, flags, text), expected, "/{source}/{flags} on {text:?}");
        if !source.contains(['^', '$']) {
            assert_eq!(
                lines(source, flags, text),
                expected,
                "lines: /{source}/{flags} on {text:?}"
            );
        }
    }
}

#[test]
fn ascii_classes_and_case_as_javascript() {
    // Each row is V8's answer: without the `u` flag `\d`, `\w`, `\b`, `\B` are ASCII-only,
    // also inside classes, and `i` (Canonicalize by toUpperCase) never maps a non-ASCII
    // character to an ASCII one.
    for (source, flags, text, expected) in [
        (r"\d", "", "\u{663}", false),
        (r"\w", "", "é", false),
        (r"\w", "i", "\u{17F}", false),
        (r"\w", "i", "\u{212A}", false),
        (r"\W", "i", "\u{212A}", true),
        (r"\W", "i", "k", false),
        (r"a\b", "", "aé", true),
        (r"é\b", "", "éa", true),
        (r"\bé", "", "é", false),
        (r"a\B", "", "aé", false),
        (r"\Bb", "", "ab", true),
        (r"[\w]", "", "é", false),
        (r"[^\W]", "", "é", false),
        (r"[\D]", "", "\u{663}", true),
        (r"[^\d]", "", "\u{663}", true),
        (r"[\d-z]", "", "-", true),
        (r"[\d-z]", "", "y", false),
        (r"[\w-]", "", "-", true),
        ("k", "i", "\u{212A}", false),
        ("s", "i", "\u{17F}", false),
        (r"\u212A", "i", "k", false),
        ("\u{17F}", "i", "S", false),
        ("[a-z]", "i", "\u{212A}", false),
        ("[a-z]", "i", "\u{17F}", false),
        ("[^k]", "i", "\u{212A}", true),
        ("[k]", "i", "K", true),
        ("[k]", "", "K", false),
        ("[^k]", "i", "K", false),
        ("[^a-z]", "i", "Q", false),
        ("[X-c]", "i", "x", true),
        ("[X-c]", "i", "C", true),
        ("[X-c]", "", "x", false),
        ("é", "i", "É", true),
        ("[é]", "i", "É", true),
        ("[^é]", "i", "É", false),
        ("K", "i", "k", true),
        (r"\x4b", "i", "k", true),
        (r"\u004B", "i", "k", true),
        (r"[\x41-\x43]", "i", "b", true),
        (r"[\x41-\x43]", "", "b", false),
    ] {
        assert_eq!(js(source, flags, text), expected, "/{source}/{flags} on {text:?}");
        assert_eq!(
            lines(source, flags, text),
            expected,
            "lines: /{source}/{flags} on {text:?}"
        );
    }
}

#[test]
fn javascript_syntax_is_translated() {
    for (source, text, expected) in [
        (r#"{"temperature":\d+"#, r#"{"temperature":36}"#, true),
        (r"a{2}", "aa", true),
        (r"a{2}", "a{2}", false),
        (r"a{,2}", "a{,2}", true),
        (r"\/path\/", "/path/", true),
        (r"a.b", "a\nb", false),
        (r"[[\]]", "[", true),
        (r"[\S]", "x", true),
        (r"^[\S]+$", "x y", false),
        (r"(?<year>\d{4})-(?:\d\d)", "2026-11", true),
        (r"^b$", "a\nb\nc", true),
        (r"^b$", "a\r\nb\r\nc", true),
    ] {
        assert_eq!(lines(source, "", text), expected, "/{source}/ on {text:?}");
    }
    // As JS: `/ſ|\u212A/i.test("sSkK")` is false, `/\u00e9\x2E/i.test("É.")` true.
    let folded = |source: &str, text: &str| compile_lines(source, "", true, "/p/", "p").unwrap().is_match(text);
    assert!(!folded(r"ſ|\u212A", "sSkK"));
    assert!(folded(r"\u00e9\x2E", "É."));
    assert!(!folded(r"\u00e9\x2E", "Éx"));
}

#[test]
fn inline_flags_are_scoped() {
    // Not JavaScript before ES2025's modifiers, kept for patterns written for the engines.
    assert!(js("(?i:a)b", "", "Ab"));
    assert!(!js("(?i:a)b", "", "AB"));
    assert!(js("a(?i)b", "", "aB"));
    assert!(!js("(?-i:k)", "i", "K"));
    assert!(js("(?s:.)", "", "\n"));
    assert!(js("(?i)é", "", "É"));
}

#[test]
fn refusals_and_errors_are_coded() {
    for (src, flags, word) in [
        ("a(?=b)", "", "look-ahead"),
        ("a(?!b)", "", "look-ahead"),
        ("(?<=a)b", "", "look-behind"),
        ("(?<!a)b", "", "look-behind"),
        (r"(a)\1", "", "back-reference"),
        (r"(?<x>a)\k<x>", "", "back-reference"),
        (r"\p{L}", "u", "property"),
        (r"[\P{L}]", "", "property"),
        ("a", "v", "v flag"),
        ("a", "gg", "repeated"),
        ("a", "x", "unknown"),
        ("(a", "", "does not compile"),
        ("[b-a]", "", "out of order"),
        ("[a", "", "unterminated"),
        ("a\\", "", "lone"),
    ] {
        let e = compile(src, flags, "at").unwrap_err();
        assert_eq!(
            (e.code, e.path.as_str()),
            (ErrorCode::InvalidArgument, "at"),
            "/{src}/{flags}"
        );
        assert!(e.message.contains(word), "/{src}/{flags}: {}", e.message);
    }
    let e = compile("(a", "i", "at").unwrap_err();
    assert!(
        e.message.starts_with("the pattern /(a/i does not compile"),
        "{}",
        e.message
    );
}

/// Small deterministic generator (xorshift) for the differential test.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

fn gen_pattern(r: &mut Rng, depth: u32) -> String {
    const ATOMS: &[&str] = &[
        "a",
        "A",
        "b",
        "k",
        "K",
        "s",
        "S",
        "x",
        "é",
        "É",
        "ſ",
        r"\u212A",
        r"\x4B",
        "1",
        r"\d",
        r"\D",
        r"\w",
        r"\W",
        r"\s",
        r"\S",
        r"\b",
        r"\B",
        ".",
        "[a-c]",
        "[^a]",
        "[A-Z]",
        r"[^\w]",
        r"[\d\s]",
        r"[^\D]",
        "[éÉ]",
        "[^é]",
        "[x-z0-3]",
        r"[\x41-\x43]",
        "[^k-m]",
        "[-a]",
        "[a-]",
        r"[\S]",
        r"[^\s_]",
        r"[\b]",
        r"\{",
        "-",
        ":",
        " ",
        r"\n",
        "^",
        "$",
        "(?i:a)",
        "(?-i:k)",
        "(?i)",
        "[]",
        "[^]",
        "(?:ab)",
        r"\cJ",
        r"\0",
        r"\z",
        "{2}",
    ];
    let mut out = String::new();
    for _ in 0..1 + r.below(3) {
        if depth < 2 && r.below(5) == 0 {
            let (a, b) = (gen_pattern(r, depth + 1), gen_pattern(r, depth + 1));
            out += &format!("({a}|{b}){}", r.pick(&["", "?", "*"]));
        } else {
            out += r.pick(ATOMS);
            out += r.pick(&["", "", "", "?", "*", "+", "{1,2}", "+?"]);
        }
    }
    out
}

#[test]
fn regex_crate_translation_matches_regex_lite() {
    // The regex crate runs validatePattern; regex-lite (which folds
    // ASCII and has ASCII `\d`/`\w`/`\b` of its own) ran it before and
    // still runs `$pattern` and sanitizers: both must agree.
    const CHARS: &[&str] = &[
        "a", "A", "b", "B", "k", "K", "\u{212A}", "s", "S", "\u{17F}", "x", "X", "é", "É", "1", "5", " ", "\n", "\r",
        "-", "_", ":", "{", "\u{663}", "\u{A0}", "\u{2028}", "c", "C", "y", "Y",
    ];
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut compared, mut refused) = (0, 0);
    for case in 0..1500 {
        let source = gen_pattern(&mut r, 0);
        let texts: Vec<String> = (0..16)
            .map(|_| (0..r.below(7)).map(|_| r.pick(CHARS)).collect())
            .collect();
        for (flags, fold) in [("", false), ("i", false), ("s", true), ("", true)] {
            let full = compile_lines(&source, flags, fold, "/p/", "p");
            let lite = lite_lines(&source, flags, fold);
            match (&full, &lite) {
                (Ok(full), Ok(lite)) => {
                    for t in &texts {
                        assert_eq!(
                            full.is_match(t),
                            lite.is_match(t),
                            "case {case}: /{source}/{flags} (fold {fold}) on {t:?}"
                        );
                    }
                    compared += 1;
                }
                (Err(_), Err(_)) => refused += 1,
                // Only the fast engine bounds the automaton's size.
                (Err(e), Ok(_)) if e.message.contains("automaton states") => refused += 1,
                _ => panic!(
                    "case {case}: /{source}/{flags} (fold {fold}): full {:?}, lite {:?}",
                    full.as_ref().err(),
                    lite.as_ref().err()
                ),
            }
        }
    }
    assert!(compared > 3000, "{compared} compared, {refused} refused by both");
}

#[test]
fn patterns_past_the_state_limit_are_refused_naming_it() {
    // The issue's two patterns (7.6 s and 10.9 s on 100 KB on the fallback engine before).
    for source in [".{3000}$", r"(?:\w{1,100}){30}x", ".{5000}", r"^\S{3000}$"] {
        let e = compile_lines(source, "", false, "/p/", "p").unwrap_err();
        assert_eq!(e.path, "p");
        assert!(
            e.message
                .contains(&format!("more than {MAX_PATTERN_STATES} automaton states")),
            "{}",
            e.message
        );
    }
    // Below it, large repetitions still run on the fast engine, with JS's meaning.
    assert!(lines(r"^\S{100}$", "", &"x".repeat(100)));
    assert!(!lines(r"^\S{100}$", "", &"x".repeat(99)));
    assert!(lines(r"^\w{2}.{190}", "i", &"K".repeat(192)));
    assert!(!lines(r"^\w{2}.{190}", "i", &"\u{212A}".repeat(192)));
    assert!(lines(r"\d{1900}", "", &"7".repeat(1900)));
    // The limit counts states: `.{199}` is under it, `.{200}` over (10 each, and 3 more).
    assert!(compile_lines(".{199}", "", false, "/p/", "p").is_ok());
    assert!(compile_lines(".{200}", "", false, "/p/", "p").is_err());
}

#[test]
fn plain_text_patterns_of_any_length_are_substring_searches() {
    // A recorded response escaped as a pattern: thousands of literal characters.
    let text = "{\"a\":[1,2,3],\"b\":\"x.y\"}".repeat(400);
    let source: String = text
        .chars()
        .flat_map(|c| if "{}[].\\".contains(c) { vec!['\\', c] } else { vec![c] })
        .collect();
    let re = compile_lines(&source, "", false, "/p/", "p").unwrap();
    assert!(matches!(re, LineRegex::Literal(_)));
    assert!(re.is_match(&format!("before {text} after")));
    assert!(!re.is_match(&text[1..]));
    // With the i flag the translation is a chain of classes: counted as states.
    assert!(compile_lines(&source, "i", false, "/p/", "p").is_err());
}

/// The literal prefilter's answer for `source` under `flags`.
fn required(source: &str, flags: &str) -> Option<String> {
    literal::required_literal(source, &Flags::parse(flags, "p").unwrap())
}

#[test]
fn the_required_literal_is_what_every_match_contains() {
    // By JS semantics: each listed literal is in every string the pattern matches.
    assert_eq!(required("npm test", "").as_deref(), Some("npm test"));
    assert_eq!(required(r"\.rs$", "").as_deref(), Some(".rs"));
    assert_eq!(required("cargo (build|test)", "").as_deref(), Some("cargo "));
    assert_eq!(
        required(r"^git\s+status", "m").as_deref(),
        Some("status"),
        "both are required: the longest"
    );
    assert_eq!(required("ab*cd", "").as_deref(), Some("cd"));
    assert_eq!(
        required("xa{2}b", "").as_deref(),
        Some("x"),
        "a{{2}} is a quantifier: 2 is no literal"
    );
    assert_eq!(required("xa{2,}yz", "").as_deref(), Some("yz"));
    assert_eq!(
        required("a{x", "").as_deref(),
        Some("x"),
        "a literal {{ (non-u syntax) only ends a run"
    );
    assert_eq!(required(r"\x41bc", "").as_deref(), Some("bc"));
    assert_eq!(required(r"\u{1F600}ab", "u").as_deref(), Some("ab"));
    assert_eq!(required(r"\uD83D\uDE00q", "").as_deref(), Some("q"));
    assert_eq!(required(r"[abc]+def(?:g|h)", "").as_deref(), Some("def"));
    assert_eq!(required(r"a\.b\/c", "").as_deref(), Some("a.b/c"));
    assert_eq!(required("x+?y", "").as_deref(), Some("y"));
    // No literal, or not a safe one: alternation at the top, the i flag, only classes.
    assert_eq!(required("rm|del", ""), None);
    assert_eq!(required("npm test", "i"), None);
    assert_eq!(required(r"\d+\s*", ""), None);
    assert_eq!(required(".*", ""), None);
}

#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
    /// The prefilter never changes an answer: JsRegex agrees with the plain compiled pattern.
    #[test]
    fn the_prefilter_never_changes_a_verdict(
        atoms in proptest::collection::vec(proptest::sample::select(vec![
            "a", "b", "ab", "\\.", "\\d", "\\s", ".", "^", "$", "*", "+", "?", "{2}", "{1,3}", "{", "}", "|",
            "(a|b)", "(?:ab)", "[ab]", "[^a]", "\\x61", "\\u0062", "\\b", "x", "é", "-", "/", "]",
        ]), 0..8),
        flags in proptest::sample::select(vec!["", "m", "s", "u", "y"]),
        text in "[abx.é\\- 0-9]{0,12}",
    ) {
        let source: String = atoms.concat();
        if let Ok(plain) = compile(&source, flags, "p") {
            let filtered = JsRegex::new(&source, flags, "p").unwrap();
            proptest::prop_assert_eq!(filtered.is_match(&text), plain.is_match(&text), "/{}/{} on {:?}", source, flags, text);
        }
    }
}

#[test]
fn a_pattern_that_is_one_anchored_literal_is_told() {
    let anchored = |source: &str, flags: &str| literal::anchored_literal(source, &Flags::parse(flags, "p").unwrap());
    // ECMA-262: without the m flag `^` and `$` assert the text's ends.
    assert_eq!(anchored(r"\.rs$", ""), Some((literal::Anchor::End, ".rs".into())));
    assert_eq!(anchored(r"^src\/", "g"), Some((literal::Anchor::Start, "src/".into())));
    assert_eq!(anchored("^abc$", "s"), Some((literal::Anchor::Whole, "abc".into())));
    assert_eq!(anchored("^$", ""), Some((literal::Anchor::Whole, String::new())));
    // An escaped dollar is a literal; an escaped backslash before `$` is not.
    assert_eq!(anchored(r"a\$", ""), None);
    assert_eq!(anchored(r"a\\$", ""), Some((literal::Anchor::End, "a\\".into())));
    // Not one literal, or flags that move the anchors or fold case.
    for (source, flags) in [
        ("a.rs$", ""),
        ("^a|b$", ""),
        (r"^\d$", ""),
        ("a$", "m"),
        ("^a", "y"),
        ("^a$", "i"),
        ("abc", ""),
    ] {
        assert_eq!(anchored(source, flags), None, "/{source}/{flags}");
    }
}
