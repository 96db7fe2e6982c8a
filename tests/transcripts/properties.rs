//! Property tests of the transcript family: any records through every
//! adapter, mutated real fixture lines, and random globs, regexes and check
//! inputs must give a run, a result or a coded error, never a panic.
use crate::helpers::{diff_turn, fixture};
use mcp_matchers::transcripts::*;
use serde_json::{json, Value};

mod records {
    use super::*;
    use proptest::prelude::*;

    const KEYS: &[&str] = &[
        "type",
        "subtype",
        "item",
        "message",
        "content",
        "id",
        "name",
        "input",
        "tool_call",
        "part",
        "state",
        "args",
        "toolCalls",
        "sessionUpdate",
        "toolCallId",
        "status",
        "command",
        "changes",
        "path",
        "timestamp",
        "cwd",
        "tool_use_id",
        "is_error",
        "result",
        "success",
        "kind",
        "locations",
        "rawInput",
        "_meta",
        "toolName",
        "messages",
        "turn",
        "call_id",
        "session_id",
        "role",
        "toolCall",
        "value",
        "arguments",
        "server",
        "tool",
    ];
    const WORDS: &[&str] = &[
        "tool_use",
        "tool_result",
        "assistant",
        "user",
        "system",
        "init",
        "item.completed",
        "item.started",
        "turn.started",
        "command_execution",
        "file_change",
        "mcp_tool_call",
        "web_search",
        "tool_call",
        "completed",
        "started",
        "shellToolCall",
        "editToolCall",
        "mcpToolCall",
        "tool_execution_start",
        "tool_execution_end",
        "message_end",
        "toolRequest",
        "toolResponse",
        "gemini",
        "Bash",
        "Write",
        "MultiEdit",
        "Skill",
        "execute",
        "edit",
        "fetch",
        "bash -lc 'x'",
        "/w/a",
        "2025-10-21T03:21:29.990Z",
        "mcp__a__b",
        "a__b",
        "session/update",
        "file-edit",
        "web-search",
    ];

    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(|n| json!(n)),
            proptest::sample::select(WORDS).prop_map(|w| json!(w)),
            "\\PC{0,6}".prop_map(Value::String),
        ];
        leaf.prop_recursive(5, 64, 6, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                proptest::collection::vec((proptest::sample::select(KEYS), inner), 0..6)
                    .prop_map(|kv| { Value::Object(kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect()) }),
            ]
        })
    }

    const HARNESSES: [Option<Harness>; 10] = [
        None,
        Some(Harness::ClaudeCode),
        Some(Harness::Codex),
        Some(Harness::GeminiCli),
        Some(Harness::OpenCode),
        Some(Harness::Cursor),
        Some(Harness::Pi),
        Some(Harness::Goose),
        Some(Harness::Acp),
        Some(Harness::Reeval),
    ];

    proptest! {
        #[test]
        fn any_records_normalise_or_error_without_panic(records in proptest::collection::vec(value(), 0..8)) {
            let opts = NormalizeOptions { workspace: Some("/w".into()), mcp_servers: vec!["a".into()] };
            for h in HARNESSES {
                if let Ok(run) = normalize_records(records.clone(), h, &opts) {
                    let subject = Subject::from(&run);
                    let _ = to_have_called_skill(&subject, "x");
                    let _ = to_have_edited(&subject, Some(&TextOrRegex::text("a"))).not();
                    let _ = read_transcript_jsonl(&write_transcript_jsonl(run.iter_events()));
                }
            }
        }

        #[test]
        fn mutated_fixture_lines_normalise_or_error_without_panic(cut in 0usize..400, at in 0usize..400, c in any::<char>()) {
            let text = fixture("codex/untether_SYNTHETIC_all_item_types.jsonl")
                + &fixture("codex/agtrace_codex-0.66-rollout_shell-command-apply-patch.jsonl")
                + &fixture("cursor/cursor-hack_parallel-sleep.jsonl")
                + &fixture("pi/untether_pi-mode-json_bash-write.jsonl");
            let mut chars: Vec<char> = text.chars().collect();
            let i = (at * 37) % chars.len();
            chars[i] = c;
            let j = (cut * 91) % chars.len();
            chars.remove(j);
            let mutated: String = chars.into_iter().collect();
            for h in HARNESSES {
                let _ = normalize_text(&mutated, h, &NormalizeOptions::default());
            }
        }
    }
}

mod checks {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn globs_and_regexes_compile_or_error_and_match_without_panic(
            glob in "[a-z*?/.{},\\[\\]!\\\\-]{0,24}",
            path in "[a-z./]{0,24}",
            source in "\\PC{0,12}",
        ) {
            if let Ok(p) = PathPattern::glob(&glob, Some("/w"), "paths") {
                let _ = p.matches(&path);
            }
            let _ = gitignored(&path, &[glob.clone(), format!("!{glob}"), format!("/{glob}/")]);
            if let Ok(p) = TextOrRegex::regex(&source, "ims", "name") {
                let _ = p.matches_sub(&path);
            }
            let s = diff_turn(&[(path.as_str(), "added")]);
            let _ = to_have_changed(&s, &[], &[glob], None).not();
            let _ = to_have_file(&path, Some(&TextOrRegex::text(source.clone())), Some(&source));
            let _ = to_succeed_number(f64::NAN, &source, &path);
            let _ = to_pass(&json!({ "score": source, "threshold": 1 }));
        }
    }
}

#[test]
fn a_far_out_turn_number_does_not_make_millions_of_turns() {
    let text = "{\"turn\":4294967295,\"type\":\"tool\",\"name\":\"bash\",\"input\":{\"command\":\"ls\"}}\n{\"turn\":0,\"type\":\"tool\",\"name\":\"read\"}\n";
    let run = mcp_matchers::transcripts::normalize_text(
        text,
        Some(mcp_matchers::transcripts::Harness::Reeval),
        &mcp_matchers::transcripts::NormalizeOptions::default(),
    )
    .expect("reads");
    let turns: Vec<u32> = run.turns.iter().map(|t| t.turn).collect();
    assert_eq!(turns, vec![0, 4294967295]);
}
