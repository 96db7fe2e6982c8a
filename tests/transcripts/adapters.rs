//! Native tests of the transcript adapters on the real fixture files
//! (`tests/fixtures/transcripts/`, see its SOURCES.md). Every expected value
//! was written down by hand from the fixture files themselves (ids, names,
//! commands, paths, timestamps and the durations between them), never
//! pasted from this crate's output.
use crate::helpers::{fixture, row, summary};
use mcp_matchers::transcripts::*;
use serde_json::{json, Value};

fn run(path: &str) -> Run {
    normalize_text(&fixture(path), None, &NormalizeOptions::default()).unwrap()
}

fn run_in(path: &str, workspace: &str) -> Run {
    let opts = NormalizeOptions {
        workspace: Some(workspace.into()),
        ..Default::default()
    };
    normalize_text(&fixture(path), None, &opts).unwrap()
}

#[test]
fn claude_code_stored_session_line_with_an_mcp_tool() {
    let r = run("claude-code/agentcmd_session-line_tool-mcp__happy__change_title.jsonl");
    assert_eq!(r.harness, Some(Harness::ClaudeCode));
    assert_eq!(r.turns.len(), 1);
    let e = r.events()[0];
    assert_eq!(e.name.as_deref(), Some("mcp__happy__change_title"));
    assert_eq!(e.tool_call_id.as_deref(), Some("toolu_01VZ4mZBZtXjHzEgB2dFd6Bs"));
    assert_eq!(e.input, Some(json!({ "title": "New Chat Session" })));
    assert_eq!(e.ts.as_deref(), Some("2025-10-21T03:21:29.990Z"));
    assert_eq!(e.at_ms, Some(0.0));
    assert_eq!(e.ok, None);
}

#[test]
fn claude_code_session_write_read_and_a_rejected_edit() {
    let r = run("claude-code/claudeless_session_write-read-edit-denied.jsonl");
    assert_eq!(r.harness, Some(Harness::ClaudeCode));
    // Two prompts ("Create a file…", "Edit test.txt…"); the /exit echo lines are not turns.
    assert_eq!(r.turns.len(), 2);
    // file_path is the workspace itself (/tmp/workspace, the session's cwd).
    assert_eq!(
        summary(&r),
        vec![
            row(
                0,
                "file-edit",
                "Write",
                "toolu_01A8zBUjN2pwKxZWCqM5pmWe",
                ".",
                Some(true)
            ),
            row(1, "tool", "Read", "toolu_01LpVkwAWgLepm2PW1QMhg8V", ".", Some(true)),
            // Rejected by the user: is_error, so not a file-edit.
            row(1, "tool", "Edit", "toolu_019qKX6itoyneDV1XqZXkYNe", ".", Some(false)),
        ]
    );
    let w = r.events()[0];
    assert_eq!(w.ts.as_deref(), Some("2026-02-02T05:38:24.210Z"));
    assert_eq!(w.at_ms, Some(3013.0)); // 24.210 - 21.197 (the first prompt)
    assert_eq!(w.duration_ms, Some(453.0)); // result at 24.663
    assert_eq!(w.output, Some(json!("File created successfully at: /tmp/workspace")));
    assert_eq!(r.events()[1].duration_ms, Some(2.0)); // 28.090 -> 28.092
    assert_eq!(r.events()[2].duration_ms, Some(100.0)); // 29.680 -> 29.780
    assert_eq!(r.turns[1].events.len(), 2);
}

#[test]
fn claude_code_stream_json_pairs_a_bash_call_with_its_result() {
    let alone = run("claude-code/gleam-sdk_assistant_tool_use_bash.json");
    assert_eq!(
        summary(&alone),
        vec![row(0, "tool", "bash", "toolu_01BeipFBP3sUY3EAwVg3qQnE", "ls -la", None)]
    );
    assert_eq!(alone.events()[0].command(), Some("ls -la"));
    let a: Value = serde_json::from_str(&fixture("claude-code/gleam-sdk_assistant_tool_use_bash.json")).unwrap();
    let u: Value = serde_json::from_str(&fixture("claude-code/gleam-sdk_user_tool_result_bash.json")).unwrap();
    let both = normalize_transcript(&json!([a, u]), None, &NormalizeOptions::default()).unwrap();
    let e = both.events()[0];
    assert_eq!(e.ok, Some(true));
    assert_eq!(
        e.output,
        Some(json!(
            "total 1976\ndrwxrwxr-x  9 cyou cyou    4096 Jan 11 00:22 .\ndrwxr-x--- 54 cyou cyou    4096 Jan 11 00:26 .."
        ))
    );
}

#[test]
fn claude_code_stream_json_turns_end_at_result() {
    let text = r#"{"type":"system","subtype":"init","cwd":"/w","tools":["Bash"]}
{"type":"assistant","message":{"content":[{"type":"tool_use","id":"a","name":"Bash","input":{"command":"ls"}}]}}
{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"a","content":"x"}]}}
{"type":"result","subtype":"success","is_error":false}
{"type":"assistant","message":{"content":[{"type":"tool_use","id":"b","name":"Read","input":{"file_path":"/w/x"}}]}}
{"type":"result","subtype":"success","is_error":false}
{"type":"system","subtype":"init","cwd":"/w","tools":["Bash"]}
{"type":"user","message":{"content":"next"}}
{"type":"assistant","message":{"content":[{"type":"tool_use","id":"c","name":"Bash","input":{"command":"pwd"}}]}}"#;
    let r = normalize_text(text, None, &NormalizeOptions::default()).unwrap();
    assert_eq!(r.turns.len(), 3);
    assert_eq!(
        summary(&r),
        vec![
            row(0, "tool", "bash", "a", "ls", Some(true)),
            row(1, "tool", "Read", "b", "x", None),
            row(2, "tool", "bash", "c", "pwd", None),
        ]
    );
}

#[test]
fn codex_file_change_is_a_file_edit() {
    let r = run("codex/agentcmd_codex-exec_file_change.jsonl");
    assert_eq!(r.harness, Some(Harness::Codex));
    assert_eq!(
        summary(&r),
        vec![row(
            0,
            "file-edit",
            "apply_patch",
            "item_1",
            "/private/tmp/codex-research-test/hello.txt",
            Some(true)
        )]
    );
    let r = run_in(
        "codex/agentcmd_codex-exec_file_change.jsonl",
        "/private/tmp/codex-research-test",
    );
    assert_eq!(r.events()[0].path.as_deref(), Some("hello.txt"));
}

#[test]
fn codex_every_item_type() {
    let r = run("codex/untether_SYNTHETIC_all_item_types.jsonl");
    assert_eq!(r.turns.len(), 2);
    assert_eq!(
        summary(&r),
        vec![
            row(0, "tool", "shell", "item_1", "pytest -q", Some(true)),
            row(0, "tool", "shell", "item_2", "pytest -q", Some(false)),
            row(
                0,
                "file-edit",
                "apply_patch",
                "item_3",
                "src/compute_answer.py",
                Some(true)
            ),
            row(0, "file-edit", "apply_patch", "item_3", "README.md", Some(true)),
            row(0, "tool", "apply_patch", "item_4", "src/compute_answer.py", Some(false)),
            row(0, "tool", "mcp__github__search_issues", "item_5", "", Some(true)),
            row(0, "tool", "mcp__github__search_issues", "item_6", "", Some(false)),
            row(
                0,
                "web-search",
                "web_search",
                "item_7",
                "codex exec --json schema",
                None
            ),
        ]
    );
    assert_eq!(r.events()[0].output, Some(json!("....\n")));
    assert_eq!(r.events()[5].input, Some(json!({ "q": "exec --json" })));
    assert_eq!(r.events()[5].output, Some(json!("Found 3 matches.")));
    assert_eq!(r.events()[6].input, None);
    assert_eq!(r.events()[6].output, Some(json!("tool timeout")));
    assert!(r.turns[1].events.is_empty());
}

#[test]
fn codex_web_search_with_duplicate_ids_and_comment_lines() {
    let r = run("codex/untether_codex-0.157_web_search.jsonl");
    assert_eq!(r.harness, Some(Harness::Codex));
    // The duplicate "id" key keeps its last value, the raw exec id.
    assert_eq!(
        summary(&r),
        vec![
            row(
                0,
                "web-search",
                "web_search",
                "exec-8c5b2cf1-1a6d-4c0f-a221-922c684c3c82",
                "codex-cli latest version npm GitHub",
                None
            ),
            row(
                0,
                "web-search",
                "web_search",
                "exec-a632e1b9-dc6e-42db-9384-0d6349805f01",
                "",
                None
            ),
        ]
    );
}

#[test]
fn gemini_stored_chat_messages() {
    let r = run("gemini-cli/agentcmd_gemini-session-msg_tool-google_web_search.json");
    assert_eq!(r.harness, Some(Harness::GeminiCli));
    assert_eq!(
        summary(&r),
        vec![row(
            0,
            "web-search",
            "google_web_search",
            "google_web_search-1761596577727-8c9723009e181",
            "restrictedpy",
            Some(true)
        )]
    );
    assert_eq!(r.events()[0].ts.as_deref(), Some("2025-10-27T20:22:57.727Z"));
    assert_eq!(r.events()[0].duration_ms, Some(4385.0)); // call result at 20:23:02.112

    let r = run_in(
        "gemini-cli/agentcmd_gemini-session-msg_tool-replace.json",
        "/private/tmp/gemini-test",
    );
    assert_eq!(
        summary(&r),
        vec![row(
            0,
            "file-edit",
            "replace",
            "replace-1761734228885-7a63ed9561c45",
            "created.txt",
            Some(true)
        )]
    );

    let r = run("gemini-cli/agentcmd_gemini-session-msg_tool-run_shell_command.json");
    assert_eq!(
        summary(&r),
        vec![row(
            0,
            "tool",
            "shell",
            "run_shell_command-1761595916500-521fefbd026d5",
            "python3",
            Some(false)
        )]
    );
    assert_eq!(
        r.events()[0].output,
        Some(json!("[Operation Cancelled] Reason: User cancelled the operation."))
    );
}

#[test]
fn opencode_bash_and_error_runs() {
    let r = run("opencode/untether_opencode-run-json_bash.jsonl");
    assert_eq!(r.harness, Some(Harness::OpenCode));
    assert_eq!(
        summary(&r),
        vec![row(0, "tool", "bash", "r9bQWsNLvOrJGIOz", "echo hello", Some(true))]
    );
    let e = r.events()[0];
    assert_eq!(e.output, Some(json!("hello\n")));
    assert_eq!(e.ts.as_deref(), Some("2025-12-29T19:21:01.123Z")); // 1767036061123 ms
    assert_eq!(e.duration_ms, Some(50.0)); // time.end 1767036061173
    assert_eq!(e.at_ms, Some(1785.0)); // first line at 1767036059338
    let r = run("opencode/untether_opencode-run-json_error.jsonl");
    assert_eq!(r.harness, Some(Harness::OpenCode));
    assert!(r.events().is_empty());
    assert_eq!(r.turns.len(), 1);
}

#[test]
fn pi_bash_and_write() {
    let r = run("pi/untether_pi-mode-json_bash-write.jsonl");
    assert_eq!(r.harness, Some(Harness::Pi));
    assert_eq!(
        summary(&r),
        vec![
            row(0, "tool", "bash", "tool_1", "ls -la", Some(true)),
            row(0, "file-edit", "write", "tool_2", "notes.md", Some(true)),
        ]
    );
    assert_eq!(r.events()[0].output, Some(json!("ok")));
    assert_eq!(r.events()[1].output, Some(json!("done")));
}

#[test]
fn pi_print_events_with_a_retry() {
    let r = run("pi/untether_pi-mode-json_print_events.jsonl");
    // Two user prompts; the retried second prompt stays in its turn.
    assert_eq!(r.turns.len(), 2);
    assert_eq!(
        summary(&r),
        vec![row(0, "tool", "read", "toolu_01HXYZREAD", "README.md", Some(true))]
    );
    assert_eq!(r.events()[0].input, Some(json!({ "path": "README.md" })));
    assert_eq!(r.events()[0].at_ms, Some(1500.0)); // 1767401001500 - 1767401000000
}

#[test]
fn cursor_shell_calls_and_unreported_web_events() {
    let r = run("cursor/cursor-hack_full_session.jsonl");
    assert_eq!(r.harness, Some(Harness::Cursor));
    assert_eq!(
        summary(&r),
        vec![row(0, "tool", "shell", "call_1", "sleep 5", Some(true))]
    );
    let e = r.events()[0];
    assert_eq!(e.duration_ms, Some(5409.0)); // 1770823850766 - 1770823845357
    assert_eq!(e.at_ms, Some(3815.0)); // first thinking delta at 1770823841542
    assert_eq!(r.turns[0].unreported, ["web-search", "web-fetch"]);

    let r = run("cursor/cursor-hack_parallel-sleep.jsonl");
    assert_eq!(
        summary(&r),
        vec![
            row(
                0,
                "tool",
                "shell",
                "call_MZSwjBaQcdosfHhvJfsQqWdm\nfc_05e0124e90bd688f01698ca1281b3081939144eaa3db48daf5",
                "sleep 6",
                Some(true)
            ),
            row(
                0,
                "tool",
                "shell",
                "call_UAP6HeqGG8TYMm2vKIkuFk8e\nfc_05e0124e90bd688f01698ca1281b4481938c56405c6066ae8d",
                "sleep 4",
                Some(true)
            ),
        ]
    );
    assert_eq!(r.events()[1].duration_ms, Some(4162.0)); // completed 1770823980492 - started 1770823976330

    let r = run("cursor/cursor-hack_direct-sleep.jsonl");
    let cmds: Vec<_> = r.events().iter().map(|e| e.command().unwrap()).collect();
    assert_eq!(cmds, ["sleep 5", "sleep 3"]);
}

#[test]
fn harness_names_and_detection() {
    assert_eq!(Harness::parse("claude").unwrap(), Harness::ClaudeCode);
    assert_eq!(Harness::parse("Gemini").unwrap(), Harness::GeminiCli);
    assert_eq!(Harness::parse("cursor-agent").unwrap(), Harness::Cursor);
    let e = Harness::parse("copilot").unwrap_err();
    assert_eq!(
        (e.code.as_str(), e.path.as_str()),
        ("INVALID_OPTION", "options.harness")
    );
    let e = normalize_text("{\"hello\":1}", None, &NormalizeOptions::default()).unwrap_err();
    assert_eq!((e.code.as_str(), e.path.as_str()), ("INVALID_ARGUMENT", "input"));
    let empty = normalize_text("banner line\n", None, &NormalizeOptions::default()).unwrap();
    assert!(empty.events().is_empty());
    assert_eq!(empty.diagnostics[0].code, "NOTHING_READ");
    // Named harness wins over detection.
    let r = normalize_text(
        &fixture("opencode/untether_opencode-run-json_bash.jsonl"),
        Some(Harness::OpenCode),
        &NormalizeOptions::default(),
    )
    .unwrap();
    assert_eq!(r.events().len(), 1);
}

#[test]
fn mcp_names_from_each_harness_form() {
    let opts = NormalizeOptions {
        mcp_servers: vec!["npm-registry".into(), "my__srv".into()],
        ..Default::default()
    };
    // Goose: ext__tool, a server containing "__" kept whole.
    let goose = r#"{"type":"message","message":{"role":"user","created":1,"content":[{"type":"text","text":"go"}]}}
{"type":"message","message":{"role":"assistant","created":2,"content":[{"type":"toolRequest","id":"t1","toolCall":{"status":"success","value":{"name":"my__srv__get","arguments":{"a":1}}}},{"type":"toolRequest","id":"t2","toolCall":{"status":"success","value":{"name":"developer__shell","arguments":{"command":"ls"}}}}]}}
{"type":"message","message":{"role":"user","created":3,"content":[{"type":"toolResponse","id":"t1","toolResult":{"status":"success","value":[{"type":"text","text":"ok"}]}}]}}"#;
    let r = normalize_text(goose, None, &opts).unwrap();
    assert_eq!(r.harness, Some(Harness::Goose));
    assert_eq!(
        summary(&r),
        vec![
            row(0, "tool", "mcp__my__srv__get", "t1", "", Some(true)),
            row(0, "tool", "shell", "t2", "ls", None)
        ]
    );
    // OpenCode: server_tool.
    let oc = r#"{"type":"tool_use","timestamp":1,"part":{"callID":"c1","tool":"stamp_house_stamp","state":{"status":"completed","input":{},"output":"x"}}}"#;
    let r = normalize_text(oc, None, &NormalizeOptions::default()).unwrap();
    assert_eq!(r.events()[0].name.as_deref(), Some("mcp__stamp__house_stamp"));
    // With known servers, a plugin tool that is not one of theirs keeps its name.
    let known = NormalizeOptions {
        mcp_servers: vec!["github".into()],
        ..Default::default()
    };
    let r = normalize_text(oc, None, &known).unwrap();
    assert_eq!(r.events()[0].name.as_deref(), Some("stamp_house_stamp"));
    // pi: "-" becomes "_", a hyphenated server restored when unambiguous.
    let pi =
        r#"{"type":"tool_execution_start","toolCallId":"p1","toolName":"mcp__npm-registry__latest-version","args":{}}"#;
    let r = normalize_text(pi, None, &opts).unwrap();
    assert_eq!(r.events()[0].name.as_deref(), Some("mcp__npm-registry__latest_version"));
    let r = normalize_text(pi, None, &NormalizeOptions::default()).unwrap();
    assert_eq!(r.events()[0].name.as_deref(), Some("mcp__npm_registry__latest_version"));
    // Cursor: mcpToolCall.
    let cu = r#"{"type":"tool_call","subtype":"completed","call_id":"k","session_id":"s","tool_call":{"mcpToolCall":{"args":{"providerIdentifier":"stamp","toolName":"house_stamp","args":{}},"result":{"success":{}}}}}"#;
    let r = normalize_text(cu, None, &NormalizeOptions::default()).unwrap();
    assert_eq!(r.events()[0].name.as_deref(), Some("mcp__stamp__house_stamp"));
}

#[test]
fn claude_multi_edit_notebook_edit_and_apply_patch_files() {
    let text = r#"{"type":"system","subtype":"init","cwd":"/w","tools":[]}
{"type":"assistant","message":{"content":[{"type":"tool_use","id":"a","name":"MultiEdit","input":{"file_path":"/w/src/a.ts","edits":[]}},{"type":"tool_use","id":"b","name":"NotebookEdit","input":{"notebook_path":"/w/nb.ipynb"}},{"type":"tool_use","id":"c","name":"WebFetch","input":{"url":"https://example.com/"}}]}}
{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"a","content":"ok"},{"type":"tool_result","tool_use_id":"b","content":"ok"},{"type":"tool_result","tool_use_id":"c","content":"page"}]}}"#;
    let r = normalize_text(text, None, &NormalizeOptions::default()).unwrap();
    assert_eq!(
        summary(&r),
        vec![
            row(0, "file-edit", "MultiEdit", "a", "src/a.ts", Some(true)),
            row(0, "file-edit", "NotebookEdit", "b", "nb.ipynb", Some(true)),
            row(0, "web-fetch", "WebFetch", "c", "https://example.com/", Some(true)),
        ]
    );
    // An OpenCode patch names every file of the envelope.
    let oc = r#"{"type":"tool_use","part":{"callID":"p","tool":"patch","state":{"status":"completed","input":{"patchText":"*** Begin Patch\n*** Add File: ./a.txt\n+x\n*** Delete File: b\\c.txt\n*** End Patch"}}}}"#;
    let r = normalize_text(oc, None, &NormalizeOptions::default()).unwrap();
    let paths: Vec<_> = r.events().iter().map(|e| e.path.clone().unwrap()).collect();
    assert_eq!(paths, ["a.txt", "b/c.txt"]);
}

#[test]
fn acp_updates_patch_earlier_fields() {
    let text = r#"{"jsonrpc":"2.0","id":1,"method":"session/prompt","params":{"sessionId":"s","prompt":[]}}
{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"tool_call","toolCallId":"e1","title":"Edit","kind":"edit","status":"pending","locations":[{"path":"/w/a.ts"}],"_meta":{"claudeCode":{"toolName":"Edit"}}}}}
{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"tool_call_update","toolCallId":"e1","status":"completed"}}}
{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"tool_call","toolCallId":"x2","kind":"execute","status":"failed","rawInput":{"command":["bash","-lc","npm test"]}}}}
{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"tool_call","toolCallId":"m3","status":"completed"}}}"#;
    let opts = NormalizeOptions {
        workspace: Some("/w".into()),
        ..Default::default()
    };
    let r = normalize_text(text, None, &opts).unwrap();
    assert_eq!(r.harness, Some(Harness::Acp));
    assert_eq!(
        summary(&r),
        vec![
            row(0, "file-edit", "Edit", "e1", "a.ts", Some(true)),
            row(0, "tool", "shell", "x2", "npm test", Some(false)),
            row(0, "tool", "acp_tool_m3", "m3", "", Some(true)),
        ]
    );
}

#[test]
fn reeval_transcript_jsonl_reads_and_writes() {
    // The seed's transcript.jsonl line (its extra "references" field is ignored).
    let line = r#"{"turn":0,"ts":"2026-09-26T18:01:03.610Z","atMs":4494,"durationMs":7096,"type":"web-search","toolCallId":"tool_25149535-3dd1-49a6-8027-0d896edbed2","query":"Node.js LTS release line 2025 2026 current","references":2}"#;
    let r = read_transcript_jsonl(line).unwrap();
    assert_eq!(r.harness, Some(Harness::Reeval));
    let e = r.events()[0];
    assert_eq!(e.kind, EventType::WebSearch);
    assert_eq!(e.at_ms, Some(4494.0));
    assert_eq!(e.query.as_deref(), Some("Node.js LTS release line 2025 2026 current"));
    let out = write_transcript_jsonl(r.iter_events());
    assert_eq!(
        out,
        "{\"turn\":0,\"ts\":\"2026-09-26T18:01:03.610Z\",\"atMs\":4494,\"durationMs\":7096,\"type\":\"web-search\",\"toolCallId\":\"tool_25149535-3dd1-49a6-8027-0d896edbed2\",\"query\":\"Node.js LTS release line 2025 2026 current\"}\n"
    );
    // Auto-detected too, and a normalised run round-trips.
    let again = normalize_text(line, None, &NormalizeOptions::default()).unwrap();
    assert_eq!(again.events(), r.events());
    let run = run("codex/untether_SYNTHETIC_all_item_types.jsonl");
    let back = read_transcript_jsonl(&write_transcript_jsonl(run.iter_events())).unwrap();
    assert_eq!(back.events(), run.events());
    let e = read_transcript_jsonl("{\"turn\":0}\n").unwrap_err();
    assert_eq!(
        (e.code.as_str(), e.path.as_str()),
        ("INVALID_ARGUMENT", "transcript[0]")
    );
}

#[test]
fn no_panic_on_hostile_text() {
    let opts = NormalizeOptions::default();
    for text in [
        "",
        "\u{feff}",
        "{",
        "[1,2,3]",
        "null",
        "{\"type\":\"item.completed\",\"item\":null}",
        "{\"type\":\"tool_call\",\"session_id\":1,\"tool_call\":{}}",
        "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"tool_use\"}]}}",
        "{\"sessionUpdate\":\"tool_call\"}",
        "{\"type\":\"gemini\",\"toolCalls\":[{\"timestamp\":\"9999-99-99T99:99:99Z\"}]}",
        "{\"type\":\"tool_use\",\"part\":{\"state\":{\"time\":{\"start\":1e308}}}}",
    ] {
        for h in [None, Some(Harness::ClaudeCode), Some(Harness::Acp), Some(Harness::Pi)] {
            let _ = normalize_text(text, h, &opts);
        }
    }
}

#[test]
fn a_run_stores_each_event_once_and_serialises_the_run_level_list() {
    let r = run("codex/untether_SYNTHETIC_all_item_types.jsonl");
    // Eight events, all in turn 0 (the second turn failed before any item).
    assert_eq!(r.event_count(), 8);
    assert_eq!(r.turns[0].events.len(), 8);
    let v = serde_json::to_value(&r).unwrap();
    // Sorted: a serde_json map keeps insertion order under `preserve_order`.
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["diagnostics", "events", "harness", "turns"]);
    assert_eq!(v["diagnostics"], json!([]));
    assert_eq!(v["events"], v["turns"][0]["events"]);
    assert_eq!(v["events"][0]["target"], json!("pytest -q"));
    // JSON in: the turns when present, else `events` grouped by turn.
    let back: Run = serde_json::from_value(v.clone()).unwrap();
    assert_eq!(back, r);
    let flat: Run = serde_json::from_value(json!({
        "harness": "reeval",
        "events": [{ "turn": 1, "type": "tool", "name": "b" }, { "turn": 0, "type": "tool", "name": "a" }]
    }))
    .unwrap();
    assert_eq!(flat.turns.len(), 2);
    let names: Vec<_> = flat.iter_events().map(|e| e.name.as_deref().unwrap()).collect();
    assert_eq!(names, ["a", "b"]); // run-level events are in turn order
}

#[test]
fn codex_lines_are_read_whatever_the_spacing_or_escapes_of_their_types() {
    // The reader skips Codex lines that name no type it reads; a `\u` escape
    // or spaces around the colon must not hide a command from it.
    let text = r#"{"type":"thread.started","thread_id":"t"}
{"type" : "turn.started"}
{"type":"item.completed","item":{"id":"a","type" :"command_execution","command":"ls","exit_code":0,"status":"completed"}}
{"type":"item.completed","item":{"id":"b","type":"command\u005fexecution","command":"pwd","exit_code":0,"status":"completed"}}
{"type":"item.completed","item":{"id":"c","type":"agent_message","text":"\"type\":\"command_execution\""}}
{"type":"turn.started"}
{"type":"item.completed","item":{"id":"d","type":"mcp_tool_call","server":"s","tool":"t","arguments":{},"status":"completed"}}"#;
    let r = normalize_text(text, None, &NormalizeOptions::default()).unwrap();
    assert_eq!(r.harness, Some(Harness::Codex));
    let names: Vec<_> = r
        .iter_events()
        .map(|e| (e.turn, e.name.clone().unwrap(), e.target.clone()))
        .collect();
    assert_eq!(
        names,
        [
            (0, "shell".to_string(), Some("ls".to_string())),
            (0, "shell".to_string(), Some("pwd".to_string())),
            (1, "mcp__s__t".to_string(), None),
        ]
    );
    // Named explicitly, the same lines give the same run.
    assert_eq!(
        normalize_text(text, Some(Harness::Codex), &NormalizeOptions::default()).unwrap(),
        r
    );
}

#[test]
fn a_run_without_a_harness_is_unknown_in_json_and_reads_back() {
    // An input with no record: no harness to tell, `"harness": "unknown"` in JSON.
    let r = normalize_text("", None, &NormalizeOptions::default()).unwrap();
    assert_eq!(r.harness, None);
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["harness"], json!("unknown"));
    assert_eq!(serde_json::from_value::<Run>(v).unwrap().harness, None);
    let back: Run = serde_json::from_value(json!({ "harness": "codex", "events": [] })).unwrap();
    assert_eq!(back.harness, Some(Harness::Codex));
    assert_eq!(serde_json::to_value(&back).unwrap()["harness"], json!("codex"));
    // Any other name is refused, not kept.
    let e = serde_json::from_value::<Run>(json!({ "harness": "vim", "events": [] })).unwrap_err();
    assert!(e.to_string().starts_with("unknown harness \"vim\""), "{e}");
}

#[test]
fn a_jsonl_file_is_normalised_line_by_line_from_a_reader() {
    let dir = format!("{}/tests/fixtures/transcripts", env!("CARGO_MANIFEST_DIR"));
    let open = |path: &str| std::io::BufReader::new(std::fs::File::open(format!("{dir}/{path}")).unwrap());
    let opts = NormalizeOptions::default();
    // The fixture's eight events, the first its `pytest -q` command.
    let r = normalize_reader(open("codex/untether_SYNTHETIC_all_item_types.jsonl"), None, &opts).unwrap();
    assert_eq!(r.harness, Some(Harness::Codex));
    assert_eq!(r.event_count(), 8);
    assert_eq!(r.events()[0].target.as_deref(), Some("pytest -q"));
    // Every JSON-lines fixture reads as its whole text does.
    for path in [
        "claude-code/claudeless_session_write-read-edit-denied.jsonl",
        "codex/agtrace_codex-0.66-rollout_shell-command-apply-patch.jsonl",
        "cursor/cursor-hack_full_session.jsonl",
        "opencode/untether_opencode-run-json_bash.jsonl",
        "pi/pi-mono_session-file_before-compaction.jsonl",
    ] {
        let streamed = normalize_reader(open(path), None, &opts).unwrap();
        assert_eq!(streamed, normalize_text(&fixture(path), None, &opts).unwrap(), "{path}");
        assert!(streamed.event_count() > 0, "{path}");
    }
    // No JSON line: the seed's diagnostic, as for text.
    let r = normalize_reader("Codex v0.66\nnothing here\n".as_bytes(), None, &opts).unwrap();
    assert_eq!(r.harness, None);
    assert_eq!(
        r.diagnostics[0].message,
        "read nothing: no line of the input is a JSON record"
    );
    assert!(normalize_reader("".as_bytes(), None, &opts)
        .unwrap()
        .diagnostics
        .is_empty());
    // A line that is not UTF-8 is an error at its index, not skipped.
    let bytes: &[u8] = b"{\"type\":\"turn.started\"}\n\xff\xfe\n";
    let e = normalize_reader(bytes, Some(Harness::Codex), &opts).unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (mcp_matchers::ErrorCode::InvalidArgument, "input[1]")
    );
}

/// A record line cut short (a file truncated mid-write) is an
/// `UNREADABLE_RECORD` diagnostic naming its line, never a tool call gone
/// without a word; the other lines are read as before. The same through
/// `normalize_reader` (line by line) and for a line nested past 128 levels.
#[test]
fn a_damaged_record_line_is_said_not_dropped_in_silence() {
    let text = fixture("codex/agtrace_codex-0.66-rollout_shell-command-apply-patch.jsonl");
    let whole = normalize_text(&text, None, &NormalizeOptions::default()).unwrap();
    assert!(whole.diagnostics.is_empty(), "{:?}", whole.diagnostics);
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    // The line of the first event the run reads: cut in half.
    let at = (0..lines.len())
        .find(|&i| {
            let mut cut = lines.clone();
            let half = cut[i].len() / 2;
            cut[i].truncate(half);
            normalize_text(&cut.join("\n"), None, &NormalizeOptions::default())
                .unwrap()
                .event_count()
                < whole.event_count()
        })
        .expect("some line holds an event");
    let half = lines[at].len() / 2;
    lines[at].truncate(half);
    let damaged = lines.join("\n");
    for r in [
        normalize_text(&damaged, None, &NormalizeOptions::default()).unwrap(),
        normalize_reader(damaged.as_bytes(), None, &NormalizeOptions::default()).unwrap(),
    ] {
        let d: Vec<(&str, &str)> = r
            .diagnostics
            .iter()
            .map(|d| (d.code.as_str(), d.path.as_str()))
            .collect();
        assert_eq!(d, [("UNREADABLE_RECORD", format!("input[{at}]").as_str())]);
        assert_eq!(r.event_count(), whole.event_count() - 1);
    }
    // A line nested past the limit, and a banner line (not a record) that says nothing.
    let deep = "[".repeat(200) + &"]".repeat(200);
    let r = normalize_text(
        &format!("Codex v0.66\n{}\n{deep}\n", text.trim_end()),
        None,
        &NormalizeOptions::default(),
    )
    .unwrap();
    let d: Vec<&str> = r.diagnostics.iter().map(|d| d.path.as_str()).collect();
    assert_eq!(
        d,
        [format!("input[{}]", text.lines().count() + 1).as_str()],
        "{:?}",
        r.diagnostics
    );
    assert_eq!(r.event_count(), whole.event_count());
}
