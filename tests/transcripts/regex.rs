//! The transcript matchers read a RegExp as JavaScript does (through the
//! crate's JS front end): each expected value is V8's answer for
//! `new RegExp(source, flags).test(text)` (Node 20), written down by hand.
//! The Node test `tests/js/js-semantics.test.mjs` asks V8 itself.
use mcp_matchers::transcripts::*;
use mcp_matchers::ErrorCode;
use serde_json::json;

fn shell(command: &str) -> Subject<'static> {
    let events: Vec<Event> = serde_json::from_value(json!([
        { "turn": 0, "type": "tool", "name": "bash", "input": { "command": command } }
    ]))
    .unwrap();
    Subject {
        events: events.into(),
        ..Default::default()
    }
}

fn ran(source: &str, flags: &str, command: &str) -> bool {
    let p = TextOrRegex::regex(source, flags, "command").unwrap();
    to_have_run(&shell(command), Some(&p)).pass
}

#[test]
fn javascript_syntax_and_flags() {
    for (source, flags, command, v8) in [
        ("a{", "", "a{", true),
        ("a{1", "", "echo a{1", true),
        ("[^]", "", "\n", true),
        (r"\s", "", "a\u{A0}b", true),
        (r"\s", "", "\u{FEFF}", true),
        (r"\s", "", "\u{2028}", true),
        ("ä", "i", "Ä", true),
        ("k", "i", "\u{212A}", false),
        ("k", "iu", "\u{212A}", true),
        (r"\d", "", "\u{663}", false),
        (r"\w", "", "é", false),
        (r"a\b", "", "aé", true),
        ("^b$", "", "a\nb", false),
        ("^b$", "m", "a\nb", true),
        ("a.b", "", "a\nb", false),
        ("a.b", "s", "a\nb", true),
        (r"\u{41}", "", "A", false),
        (r"\u{41}", "u", "A", true),
        ("b", "y", "ab", false),
        ("b", "g", "ab", true),
    ] {
        assert_eq!(ran(source, flags, command), v8, "/{source}/{flags} on {command:?}");
    }
}

#[test]
fn tool_names_and_counts() {
    let s = Subject {
        events: serde_json::from_value(json!([
            { "turn": 0, "type": "tool", "name": "mcp__a__x" },
            { "turn": 0, "type": "tool", "name": "mcp__a__y" }
        ]))
        .unwrap(),
        ..Default::default()
    };
    let any = TextOrRegex::regex("[^]", "", "name").unwrap();
    assert!(to_have_called_tool(&s, &any, None).pass);
    let upper = TextOrRegex::regex(r"^MCP__A__\w$", "i", "name").unwrap();
    assert!(to_have_called_times(&s, &upper, 2).pass);
}

#[test]
fn refused_constructs_throw_at_the_path() {
    for (source, flags, word) in [
        ("a(?=b)", "", "look-ahead"),
        (r"(a)\1", "", "back-reference"),
        (r"\p{L}", "u", "property"),
        ("a", "v", "v flag"),
        ("(a", "", "does not compile"),
    ] {
        let e = TextOrRegex::regex(source, flags, "names[1]").unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (ErrorCode::InvalidArgument, "names[1]"));
        assert!(e.message.contains(word), "/{source}/{flags}: {}", e.message);
    }
    let long = "a".repeat(4097);
    assert!(TextOrRegex::regex(&long, "", "p").unwrap_err().message.contains("4096"));
}
