//! Stored sessions and the workspace a transcript records (issue 11, items 5
//! and 7): Codex rollout files, pi session files, ACP's `session/new` `cwd`,
//! and the `NOTHING_READ` diagnostic of an input of which nothing was read.
//! Every expected value was written down by hand from the fixture files
//! (`tests/fixtures/transcripts/`, see SOURCES.md): ids, names, commands,
//! paths, timestamps and the milliseconds between them.
use crate::helpers::{fixture, row, summary};
use mcp_matchers::transcripts::*;
use serde_json::{json, Value};

const ROLLOUT: &str = "codex/agtrace_codex-0.66-rollout_shell-command-apply-patch.jsonl";
const PI_SESSION: &str = "pi/pi-mono_session-file_before-compaction.jsonl";

fn opts(workspace: Option<&str>) -> NormalizeOptions {
    NormalizeOptions {
        workspace: workspace.map(str::to_string),
        ..Default::default()
    }
}

#[test]
fn a_codex_rollout_file_is_read_as_codex() {
    let text = fixture(ROLLOUT);
    let r = normalize_text(&text, None, &opts(None)).unwrap();
    assert_eq!(r.harness, Some(Harness::Codex));
    assert!(r.diagnostics.is_empty());
    // Two `user_message` events: "add myapp directory …" and "cd to myapp and run python hoge.py".
    assert_eq!(r.turns.len(), 2);
    assert_eq!(
        summary(&r),
        vec![
            // shell_command {"command":"mkdir -p myapp"}; output "Exit code: 0 …".
            row(
                0,
                "tool",
                "shell",
                "call_DyhFJrJJb2y0MiOOHVP7KaVG",
                "mkdir -p myapp",
                Some(true)
            ),
            // The apply_patch custom tool call: "*** Add File: myapp/hoge.py"; output metadata exit_code 0.
            row(
                0,
                "file-edit",
                "apply_patch",
                "call_pBXH93fl6ZXH2svDOFIlr8GA",
                "myapp/hoge.py",
                Some(true)
            ),
            // "Exit code: 1" twice (the python shim is missing), then python3 works.
            row(
                1,
                "tool",
                "shell",
                "call_5j2yJgrbOClvto1R8nvfSoJS",
                "python hoge.py",
                Some(false)
            ),
            row(
                1,
                "tool",
                "shell",
                "call_hm1XO5EQnKjpErxjNjpINQ2x",
                "python hoge.py",
                Some(false)
            ),
            row(
                1,
                "tool",
                "shell",
                "call_mI2n5JLETgVMNGApYPPAjEwD",
                "python3 hoge.py",
                Some(true)
            ),
        ]
    );
    let e = r.events();
    // The call's arguments (a JSON text in the file), parsed.
    assert_eq!(
        e[0].input,
        Some(json!({ "command": "mkdir -p myapp", "workdir": "/Users/test_user/agent-sample" }))
    );
    assert_eq!(e[3].input.as_ref().unwrap()["with_escalated_permissions"], json!(true));
    // The patch text as recorded, and the text of the `{ output, metadata }` result.
    assert_eq!(
        e[1].input,
        Some(json!(
            "*** Begin Patch\n*** Add File: myapp/hoge.py\n+print(1 + 1)\n*** End Patch"
        ))
    );
    assert_eq!(
        e[1].output,
        Some(json!("Success. Updated the following files:\nA myapp/hoge.py\n"))
    );
    assert_eq!(
        e[4].output,
        Some(json!("Exit code: 0\nWall time: 0.1 seconds\nOutput:\n/opt/homebrew/Library/Homebrew/cmd/shellenv.sh: line 18: /bin/ps: Operation not permitted\n2\n"))
    );
    // Times: session_meta at 19:55:16.336 is the run's first; each call's line, then its output's.
    assert_eq!(e[0].ts.as_deref(), Some("2025-12-09T19:55:30.116Z"));
    let timing: Vec<_> = e.iter().map(|e| (e.at_ms.unwrap(), e.duration_ms.unwrap())).collect();
    assert_eq!(
        timing,
        [
            (13780.0, 141.0),  // 30.116 -> 30.257
            (17811.0, 1057.0), // 34.147 -> 35.204
            (34217.0, 128.0),  // 50.553 -> 50.681
            (39111.0, 4050.0), // 55.447 -> 59.497
            (46282.0, 126.0),  // 19:56:02.618 -> 02.744
        ]
    );
    // Named, the text reader skips lines unparsed; parsed records give the same run.
    assert_eq!(normalize_text(&text, Some(Harness::Codex), &opts(None)).unwrap(), r);
    let records: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(
        normalize_records(records, Some(Harness::Codex), &opts(None)).unwrap(),
        r
    );
}

#[test]
fn rollout_matchers_see_the_shell_commands_and_the_patch() {
    let r = normalize_text(&fixture(ROLLOUT), Some(Harness::Codex), &opts(None)).unwrap();
    let c = Subject::from(&r);
    assert!(to_have_run(&c, Some(&TextOrRegex::text("mkdir -p myapp"))).pass);
    assert!(to_have_edited(&Subject::from(&r.turns[0]), Some(&TextOrRegex::text("myapp/hoge.py"))).pass);
    let second = Subject::from(&r.turns[1]);
    assert!(to_have_edited(&second, None).not().pass);
    // Three shell calls in the second turn (two `python`, one `python3`).
    assert!(to_have_called_times(&second, &TextOrRegex::text("shell"), 3).pass);
    assert!(!to_have_called_times(&second, &TextOrRegex::text("shell"), 2).pass);
}

#[test]
fn a_pi_session_file_reads_its_workspace_from_the_header() {
    let r = normalize_text(&fixture(PI_SESSION), None, &opts(None)).unwrap();
    assert_eq!(r.harness, Some(Harness::Pi));
    assert!(r.diagnostics.is_empty());
    // 55 user messages; 454 toolCall blocks (206 bash, 125 edit, 107 read, 16 write), each
    // its own event; the three `bashExecution` messages (the user's `!ls`, `!find .`) are not.
    assert_eq!(r.turns.len(), 55);
    assert_eq!(r.event_count(), 454);
    // 120 edits and 16 writes have `isError: false`: file-edits; 4 failed edits and one
    // without a result are `tool` events.
    let edits = r.iter_events().filter(|e| e.kind == EventType::FileEdit).count();
    assert_eq!(edits, 136);
    let e = r.events();
    // The header's cwd is /Users/badlogic/workspaces/pi-mono: the read paths under it are relative.
    assert_eq!(
        summary(&r)[..3],
        [
            row(
                0,
                "tool",
                "read",
                "toolu_012yuiPP1VAfh196GXaAmT8D",
                "packages/coding-agent/src/main.ts",
                Some(true)
            ),
            row(
                0,
                "tool",
                "read",
                "toolu_018AGG1WjGWVfUR2Sibzkh2Q",
                "packages/coding-agent/src/tui/tui-renderer.ts",
                Some(true)
            ),
            // Still the first turn: the second user message is the file's 13th line.
            row(
                0,
                "tool",
                "read",
                "toolu_01KgRZiUs86jzrwZs41sAvEs",
                "packages/coding-agent/src/tui/tui-renderer.ts",
                Some(true)
            ),
        ]
    );
    // The first user message is at 22:41:05.306 (the header's own time is the file's, not an event's).
    assert_eq!(e[0].ts.as_deref(), Some("2025-12-08T22:41:09.389Z"));
    assert_eq!((e[0].at_ms, e[0].duration_ms), (Some(4083.0), Some(5.0)));
    assert_eq!(e[1].duration_ms, Some(14.0)); // its result at 09.403
    let branch = e
        .iter()
        .find(|e| e.tool_call_id.as_deref() == Some("toolu_01GDop9s8DBp8sZnT9Wpy9Cy"))
        .unwrap();
    assert_eq!((branch.turn, branch.name.as_deref()), (2, Some("bash")));
    assert_eq!(
        branch.command(),
        Some("cd /Users/badlogic/workspaces/pi-mono && git checkout -b refactor")
    );
    assert_eq!(branch.output, Some(json!("Switched to a new branch 'refactor'\n")));
    let write = e
        .iter()
        .find(|e| e.tool_call_id.as_deref() == Some("toolu_01Xt4pFeRqFqxri1aV3XLAmF"))
        .unwrap();
    assert_eq!(
        (write.turn, write.kind, write.path.as_deref()),
        (5, EventType::FileEdit, Some("packages/coding-agent/docs/refactor.md"))
    );
    let failed = e
        .iter()
        .find(|e| e.tool_call_id.as_deref() == Some("toolu_01Kae6sJBexjQUHEpDA9f5Uh"))
        .unwrap();
    assert_eq!((failed.kind, failed.ok), (EventType::Tool, Some(false)));
}

#[test]
fn an_explicit_workspace_wins_over_the_recorded_one() {
    let r = normalize_text(&fixture(PI_SESSION), None, &opts(Some("/Users/badlogic"))).unwrap();
    let write = r
        .iter_events()
        .find(|e| e.tool_call_id.as_deref() == Some("toolu_01Xt4pFeRqFqxri1aV3XLAmF"))
        .unwrap();
    assert_eq!(
        write.path.as_deref(),
        Some("workspaces/pi-mono/packages/coding-agent/docs/refactor.md")
    );
    let c = Subject::from(&r);
    assert!(
        to_have_edited(
            &c,
            Some(&TextOrRegex::text(
                "workspaces/pi-mono/packages/coding-agent/docs/refactor.md"
            ))
        )
        .pass
    );
}

#[test]
fn acp_reads_the_workspace_from_session_new() {
    // The shapes of the Agent Client Protocol's `session/new` request and
    // `session/update` notifications (agentclientprotocol.com); no public
    // recording with a `session/new` was found (see SOURCES.md).
    let text = r#"{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":"/home/user/project","mcpServers":[]}}
{"jsonrpc":"2.0","id":2,"method":"session/prompt","params":{"sessionId":"s","prompt":[{"type":"text","text":"fix it"}]}}
{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"tool_call","toolCallId":"e1","title":"Edit","kind":"edit","status":"completed","locations":[{"path":"/home/user/project/src/a.ts"}]}}}"#;
    let r = normalize_text(text, None, &opts(None)).unwrap();
    assert_eq!(r.harness, Some(Harness::Acp));
    assert_eq!(
        summary(&r),
        vec![row(0, "file-edit", "acp_tool_e1", "e1", "src/a.ts", Some(true))]
    );
    let r = normalize_text(text, None, &opts(Some("/home"))).unwrap();
    assert_eq!(r.events()[0].path.as_deref(), Some("user/project/src/a.ts"));
    // A prompt alone is read (one turn, no call): no diagnostic.
    let prompt_only = text.lines().take(2).collect::<Vec<_>>().join("\n");
    let r = normalize_text(&prompt_only, None, &opts(None)).unwrap();
    assert_eq!((r.turns.len(), r.event_count(), r.diagnostics.len()), (1, 0, 0));
}

fn nothing_read(r: &Run) -> &str {
    assert_eq!(r.event_count(), 0);
    assert_eq!(r.diagnostics.len(), 1, "{:?}", r.diagnostics);
    let d = &r.diagnostics[0];
    assert_eq!((d.code.as_str(), d.path.as_str()), ("NOTHING_READ", "input"));
    &d.message
}

#[test]
fn reading_nothing_from_a_non_empty_input_is_a_diagnostic() {
    // The issue's case: a rollout read as something else says so, and what it looks like.
    let r = normalize_text(&fixture(ROLLOUT), Some(Harness::ClaudeCode), &opts(None)).unwrap();
    assert_eq!(
        nothing_read(&r),
        r#"read nothing from 55 records: none is a claude-code turn or tool call (they look like codex's: pass options.harness "codex")"#
    );
    // A Claude Code session (23 lines) named Codex: its lines are skipped unparsed.
    let claude = fixture("claude-code/claudeless_session_write-read-edit-denied.jsonl");
    let r = normalize_text(&claude, Some(Harness::Codex), &opts(None)).unwrap();
    assert_eq!(
        nothing_read(&r),
        "read nothing from 23 records: none is a codex turn or tool call"
    );
    // No JSON line at all.
    let r = normalize_text("Codex v0.66\nnothing here\n", None, &opts(None)).unwrap();
    assert_eq!((r.harness, r.harness_name()), (None, "unknown"));
    assert_eq!(nothing_read(&r), "read nothing: no line of the input is a JSON record");
    let r = normalize_text("banner\n", Some(Harness::Pi), &opts(None)).unwrap();
    assert_eq!(
        (r.harness_name(), nothing_read(&r)),
        ("pi", "read nothing: no line of the input is a JSON record")
    );
    // One record, parsed.
    let r = normalize_transcript(&json!({ "type": "token_count" }), Some(Harness::GeminiCli), &opts(None)).unwrap();
    assert_eq!(
        nothing_read(&r),
        "read nothing from 1 record: none is a gemini-cli turn or tool call"
    );
    // An empty input is an empty run, without a diagnostic.
    for empty in ["", "  \n", "\u{feff}", "[]"] {
        assert!(normalize_text(empty, Some(Harness::Codex), &opts(None))
            .unwrap()
            .diagnostics
            .is_empty());
    }
    assert!(normalize_records(Vec::new(), Some(Harness::Pi), &opts(None))
        .unwrap()
        .diagnostics
        .is_empty());
}

#[test]
fn every_adapter_reports_reading_nothing() {
    // Records of no harness's format, given to each adapter by name.
    let foreign = "{\"foo\":1}\n{\"type\":\"unheard_of\",\"bar\":[]}\n";
    // Every adapter but reeval's own (its records are already events).
    for h in Harness::ALL.into_iter().filter(|&h| h != Harness::Reeval) {
        let r = normalize_text(foreign, Some(h), &opts(None)).unwrap();
        assert_eq!(r.harness, Some(h));
        let expected = format!(
            "read nothing from 2 records: none is a {} turn or tool call",
            h.as_str()
        );
        assert_eq!(nothing_read(&r), expected);
    }
    // reeval's own transcript.jsonl refuses a record that is not an event (a coded error).
    let e = normalize_text(foreign, Some(Harness::Reeval), &opts(None)).unwrap_err();
    assert_eq!((e.code.as_str(), e.path.as_str()), ("INVALID_ARGUMENT", "input[0]"));
    let r = normalize_text("# comment only\n", Some(Harness::Reeval), &opts(None)).unwrap();
    assert_eq!(nothing_read(&r), "read nothing: no line of the input is a JSON record");
}

#[test]
fn every_fixture_is_read_without_a_diagnostic() {
    let dir = format!("{}/tests/fixtures/transcripts", env!("CARGO_MANIFEST_DIR"));
    let mut n = 0;
    for harness in std::fs::read_dir(&dir).unwrap() {
        let harness = harness.unwrap().path();
        if !harness.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&harness).unwrap() {
            let path = f.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            let r = normalize_text(&text, None, &opts(None)).unwrap();
            n += 1;
            if path.ends_with("claude-code/gleam-sdk_user_tool_result_bash.json") {
                // One `user` line holding only the result of a call that is not in the file.
                assert_eq!(
                    nothing_read(&r),
                    "read nothing from 1 record: none is a claude-code turn or tool call"
                );
                continue;
            }
            assert!(r.diagnostics.is_empty(), "{}: {:?}", path.display(), r.diagnostics);
        }
    }
    assert_eq!(n, 19);
}

#[test]
fn a_patch_naming_many_files_is_read_in_linear_time() {
    // 200,000 distinct files in one apply_patch: deduplicating them pairwise
    // would take some 2e10 comparisons; a hash set takes a moment.
    let mut patch = String::from("*** Begin Patch\n");
    for i in 0..200_000 {
        patch.push_str(&format!("*** Add File: f{i}.txt\n+x\n"));
    }
    patch.push_str("*** End Patch");
    let call = json!({"timestamp":"2025-12-09T19:55:34.147Z","type":"response_item","payload":{"type":"custom_tool_call","status":"completed","call_id":"c","name":"apply_patch","input":patch}});
    let out = json!({"timestamp":"2025-12-09T19:55:35.204Z","type":"response_item","payload":{"type":"custom_tool_call_output","call_id":"c","output":"{\"output\":\"ok\",\"metadata\":{\"exit_code\":0}}"}});
    let start = std::time::Instant::now();
    let r = normalize_records(vec![call, out], None, &opts(None)).unwrap();
    assert_eq!(r.event_count(), 200_000);
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
}
