//! Unit tests of `src/responses/matches_pattern.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;

fn is_match(source: &str, text: &str) -> bool {
    let c = CompiledPatterns::new(&[JsPattern::Source(source.into())], true, "patterns").unwrap();
    c.check(text).pass
}

#[test]
fn anchors_match_at_every_line() {
    assert!(is_match(r"^b$", "a\nb\nc"));
    assert!(is_match(r"^b$", "a\r\nb\r\nc"));
    let p = JsPattern::RegExp {
        source: "^b$".into(),
        flags: "".into(),
    };
    assert!(CompiledPatterns::new(&[p], true, "p").unwrap().check("a\nb").pass);
}

#[test]
fn case_sensitive_false_adds_the_i_flag() {
    let re = |flags: &str| JsPattern::RegExp {
        source: "café".into(),
        flags: flags.into(),
    };
    let c = CompiledPatterns::new(&[re("i")], true, "p").unwrap();
    assert!(c.check("CAFÉ").pass);
    let c = CompiledPatterns::new(&[re("")], false, "p").unwrap();
    assert!(c.check("CAFÉ").pass);
    let c = CompiledPatterns::new(&[re("")], true, "p").unwrap();
    assert!(!c.check("CAFÉ").pass);
    // The cache keys on the fold too.
    let c = CompiledPatterns::new(&[re("")], true, "p").unwrap();
    assert!(!c.check("CAFÉ").pass);
}

#[test]
fn errors_name_the_pattern_and_its_index() {
    for (src, word) in [
        ("a(?=b)", "look-ahead"),
        ("(?<!a)b", "look-behind"),
        (r"(a)\1", "back-reference"),
        (r"(?<x>a)\k<x>", "back-reference"),
        (r"\p{L}", "property"),
    ] {
        let e = CompiledPatterns::new(
            &[JsPattern::Source("ok".into()), JsPattern::Source(src.into())],
            true,
            "patterns",
        )
        .unwrap_err();
        assert_eq!(e.code, crate::error::ErrorCode::InvalidArgument);
        assert_eq!(e.path, "patterns[1]");
        assert!(e.message.contains(word), "{src}: {}", e.message);
    }
    let e = CompiledPatterns::new(&[JsPattern::Source("(a".into())], true, "patterns").unwrap_err();
    assert!(e.message.contains("/(a/"), "{}", e.message);
    let v = JsPattern::RegExp {
        source: "a".into(),
        flags: "v".into(),
    };
    assert_eq!(CompiledPatterns::new(&[v], true, "p").unwrap_err().path, "p[0]");
}
