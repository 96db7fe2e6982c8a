//! Native tests of the transcript matchers: each against events of the real
//! fixtures (written down by hand from the files) and the seed's message
//! texts (`reeval-matchers.txt`), passing, failing and negated.
use crate::helpers::{diff_turn, fixture_run};
use mcp_matchers::transcripts::*;
use serde_json::json;

fn re(source: &str, flags: &str) -> TextOrRegex {
    TextOrRegex::regex(source, flags, "pattern").unwrap()
}

fn t(s: &str) -> TextOrRegex {
    TextOrRegex::text(s)
}

/// The seed's activation example as a turn: a house-greeting skill read,
/// an MCP call, a shell command and an edit of greet.js.
fn seed_turn() -> Subject<'static> {
    let events: Vec<Event> = serde_json::from_value(json!([
        { "turn": 0, "type": "tool", "name": "Read", "target": ".claude/skills/house-greeting/SKILL.md" },
        { "turn": 0, "type": "tool", "name": "mcp__stamp__house_stamp", "input": { "text": "Ahoy" } },
        { "turn": 0, "type": "tool", "name": "bash", "input": { "command": "echo contract" }, "target": "echo contract" },
        { "turn": 0, "type": "file-edit", "name": "Write", "path": "greet.js", "ok": true },
        { "turn": 0, "type": "tool", "name": "Skill", "input": { "skill": "other" } }
    ]))
    .unwrap();
    Subject {
        events: events.into(),
        ..Default::default()
    }
}

#[test]
fn skills_opened_or_loaded() {
    let s = seed_turn();
    assert!(to_have_called_skill(&s, "house-greeting").pass);
    assert!(to_have_called_skill(&s, "other").pass);
    let r = to_have_called_skill(&s, "house-greeting").not();
    assert!(!r.pass);
    assert_eq!(
        r.message,
        r#"expected no skill-like calls matching house-greeting, got ["skill:house-greeting"]"#
    );
    // The seed's failure text: only the "other" skill was loaded.
    let only_other = Subject {
        events: vec![s.events[4].clone()].into(),
        ..Default::default()
    };
    let r = to_have_called_skill(&only_other, "house-greeting");
    assert!(!r.pass);
    assert_eq!(
        r.message,
        r#"expected skill-like calls matching house-greeting, got ["skill:other"]"#
    );
}

#[test]
fn to_have_called_mcp_and_tool_with_the_seed_messages() {
    let s = seed_turn();
    assert!(to_have_called_mcp(&s, "stamp", "house_stamp", None).pass);
    let r = to_have_called_mcp(&s, "stamp", "other", None);
    assert!(!r.pass);
    assert_eq!(
        r.message,
        r#"expected MCP calls matching stamp/other, got ["stamp/house_stamp"]"#
    );
    let input = InputMatch::Object(json!({ "text": "Ahoy" }));
    assert!(to_have_called_mcp(&s, "stamp", "house_stamp", Some(&input)).pass);
    let wrong = InputMatch::Object(json!({ "text": "Hello" }));
    assert!(!to_have_called_mcp(&s, "stamp", "house_stamp", Some(&wrong)).pass);

    assert!(to_have_called_tool(&s, &t("mcp__stamp__house_stamp"), None).pass);
    assert!(to_have_called_tool(&s, &re("^mcp__stamp__", ""), None).pass);
    let only_mcp = Subject {
        events: vec![s.events[1].clone()].into(),
        ..Default::default()
    };
    let r = to_have_called_tool(&only_mcp, &t("mcp__stamp__other"), None);
    assert!(!r.pass);
    assert_eq!(
        r.message,
        r#"expected tool calls matching mcp__stamp__other, got ["mcp__stamp__house_stamp"]"#
    );
    // toHaveCalledTool looks at tool events only: a real edit is a file-edit.
    assert!(!to_have_called_tool(&s, &t("Write"), None).pass);
    // Negated.
    let r = to_have_called_tool(&only_mcp, &re("^mcp__", ""), None).not();
    assert!(!r.pass);
    assert_eq!(
        r.message,
        r#"expected no tool calls matching /^mcp__/, got ["mcp__stamp__house_stamp"]"#
    );
}

#[test]
fn tool_input_as_substring_regex_or_nested_partial_object() {
    let r = fixture_run("codex/untether_SYNTHETIC_all_item_types.jsonl");
    let s = Subject::from(&r);
    let name = t("mcp__github__search_issues");
    let sub = InputMatch::Pattern(t("--json"));
    assert!(to_have_called_tool(&s, &name, Some(&sub)).pass);
    let rx = InputMatch::Pattern(re("^exec\\b", ""));
    assert!(to_have_called_tool(&s, &name, Some(&rx)).pass);
    let obj = InputMatch::Object(json!({ "q": "exec --json" }));
    assert!(to_have_called_tool(&s, &name, Some(&obj)).pass);
    let miss = InputMatch::Object(json!({ "q": "exec" }));
    let v = to_have_called_tool(&s, &name, Some(&miss));
    assert!(!v.pass);
    assert_eq!(
        v.message,
        r#"expected tool calls matching mcp__github__search_issues with input {"q":"exec"}, got ["shell", "apply_patch", "mcp__github__search_issues"]"#
    );
    // Nested partial: extra keys allowed, arrays item by item, numbers by value.
    let partial = |want: serde_json::Value, got: serde_json::Value| InputMatch::Object(want).matches(Some(&got));
    assert!(partial(
        json!({ "a": { "b": [1, { "c": 2 }] } }),
        json!({ "a": { "b": [1.0, { "c": 2, "d": 3 }], "x": 0 } })
    ));
    assert!(!partial(json!({ "a": [1] }), json!({ "a": [1, 2] })));
}

#[test]
fn to_have_run_on_codex_and_cursor() {
    let codex = Subject::from(&fixture_run("codex/untether_SYNTHETIC_all_item_types.jsonl"));
    assert!(to_have_run(&codex, None).pass);
    assert!(to_have_run(&codex, Some(&t("pytest"))).pass);
    let r = to_have_run(&codex, Some(&t("npm test")));
    assert_eq!(
        r.message,
        r#"expected shell commands matching npm test, got ["pytest -q"]"#
    );
    let cursor = Subject::from(&fixture_run("cursor/cursor-hack_parallel-sleep.jsonl"));
    assert!(to_have_run(&cursor, Some(&re("^sleep [46]$", ""))).pass);
    let r = to_have_run(&cursor, Some(&re("sleep", ""))).not();
    assert!(!r.pass);
    assert_eq!(
        r.message,
        r#"expected no shell commands matching /sleep/, got ["sleep 6", "sleep 4"]"#
    );
    let none = Subject::default();
    assert_eq!(to_have_run(&none, None).message, "expected shell commands, got none");
}

#[test]
fn to_have_edited_on_real_edits_and_rejections() {
    let pi = Subject::from(&fixture_run("pi/untether_pi-mode-json_bash-write.jsonl"));
    assert!(to_have_edited(&pi, None).pass);
    assert!(to_have_edited(&pi, Some(&t("notes.md"))).pass);
    assert!(to_have_edited(&pi, Some(&t("./notes.md"))).pass);
    let r = to_have_edited(&pi, Some(&t("greet.js")));
    assert_eq!(r.message, r#"expected file edits matching greet.js, got ["notes.md"]"#);
    // Codex wrote an absolute path: a relative path matches its end.
    let codex = Subject::from(&fixture_run("codex/agentcmd_codex-exec_file_change.jsonl"));
    assert!(to_have_edited(&codex, Some(&t("hello.txt"))).pass);
    // Claude's rejected Edit is no file-edit; only the Write of turn 0 is.
    let run = fixture_run("claude-code/claudeless_session_write-read-edit-denied.jsonl");
    assert!(!to_have_edited(&Subject::from(&run.turns[1]), None).pass);
    assert!(to_have_edited(&Subject::from(&run.turns[0]), None).pass);
    // A shell edit: a tool whose target mentions the path.
    let shell = Subject {
        events: serde_json::from_value(
            json!([{ "turn": 0, "type": "tool", "name": "bash", "target": "sed -i s/a/b/ src/x.ts" }]),
        )
        .unwrap(),
        ..Default::default()
    };
    assert!(to_have_edited(&shell, Some(&t("src/x.ts"))).pass);
}

#[test]
fn to_have_searched_and_fetched_with_the_seed_messages() {
    let codex = Subject::from(&fixture_run("codex/untether_codex-0.157_web_search.jsonl"));
    assert!(to_have_searched(&codex, Some(&re("codex-cli", "i"))).unwrap().pass);
    let r = to_have_searched(&codex, Some(&re("node", "i"))).unwrap();
    assert!(!r.pass);
    assert_eq!(
        r.message,
        r#"expected web searches matching /node/i, got ["codex-cli latest version npm GitHub", ""]"#
    );
    let r = to_have_fetched(&codex, Some(&t("example.com")))
        .map(MatchResult::not)
        .unwrap();
    assert!(r.pass);
    let gemini = Subject::from(&fixture_run(
        "gemini-cli/agentcmd_gemini-session-msg_tool-google_web_search.json",
    ));
    assert!(to_have_searched(&gemini, Some(&t("restrictedpy"))).unwrap().pass);
    let r = to_have_searched(&Subject::default(), Some(&re("node", "i"))).unwrap();
    assert_eq!(r.message, "expected web searches matching /node/i, got none");
    let fetched = Subject {
        events: serde_json::from_value(json!([{ "turn": 0, "type": "web-fetch", "url": "https://example.com/" }]))
            .unwrap(),
        ..Default::default()
    };
    let r = to_have_fetched(&fetched, Some(&t("example.com")))
        .map(MatchResult::not)
        .unwrap();
    assert!(!r.pass);
    assert_eq!(
        r.message,
        r#"expected no web fetches matching example.com, got ["https://example.com/"]"#
    );
}

#[test]
fn unreported_web_events_throw_harness_capability_errors_negated_or_not() {
    let cursor = Subject::from(&fixture_run("cursor/cursor-hack_full_session.jsonl"));
    for negated in [false, true] {
        let e = to_have_fetched(&cursor, Some(&t("example.com")))
            .map(|r| if negated { r.not() } else { r })
            .unwrap_err();
        assert_eq!(
            e.message,
            "toHaveFetched() can't check this turn: its harness doesn't report web fetches ('web-fetch' is in turn.unreported), so the agent may have made them with no event. Check the reply or files instead, or use a harness that reports them."
        );
        let e = to_have_searched(&cursor, None)
            .map(|r| if negated { r.not() } else { r })
            .unwrap_err();
        assert_eq!((e.matcher, e.kind), ("toHaveSearched", "web-search"));
    }
}

#[test]
fn order_times_and_trajectory_f1() {
    let codex = Subject::from(&fixture_run("codex/untether_SYNTHETIC_all_item_types.jsonl"));
    assert!(to_have_called_in_order(&codex, &[t("shell"), re("^mcp__github__", "")]).pass);
    let r = to_have_called_in_order(&codex, &[t("mcp__github__search_issues"), t("apply_patch")]);
    // The only tool-type apply_patch (item_4, failed) comes before the MCP calls.
    assert!(!r.pass);
    assert_eq!(
        r.message,
        r#"expected tool calls in order [mcp__github__search_issues, apply_patch], got ["shell", "shell", "apply_patch", "mcp__github__search_issues", "mcp__github__search_issues"]"#
    );
    let cursor = Subject::from(&fixture_run("cursor/cursor-hack_full_session.jsonl"));
    let r = to_have_called_in_order(&cursor, &[t("shell"), t("shell")]);
    assert!(!r.pass);
    assert_eq!(
        r.message,
        r#"expected tool calls in order [shell, shell], got ["shell"]"#
    );

    assert!(to_have_called_times(&codex, &t("shell"), 2).pass);
    let r = to_have_called_times(&codex, &t("mcp__github__search_issues"), 1);
    assert_eq!(
        r.message,
        "expected 1 tool calls matching mcp__github__search_issues, got 2"
    );
    assert!(to_have_called_times(&codex, &t("shell"), 3).not().pass);

    // Codex synthetic: shell, shell, apply_patch (2 files, one call), apply_patch, mcp, mcp, web_search = 7 calls.
    let expected: Vec<String> = ["shell", "apply_patch", "web_search", "read_file"]
        .map(String::from)
        .to_vec();
    let f = trajectory_f1(&codex, &expected, 0.5);
    // matched 3; precision 3/7, recall 3/4; F1 = 2·(3/7)(3/4)/((3/7)+(3/4)) = 6/11.
    assert!((f.precision - 3.0 / 7.0).abs() < 1e-12);
    assert!((f.recall - 0.75).abs() < 1e-12);
    assert!((f.f1 - 6.0 / 11.0).abs() < 1e-12);
    assert!(f.pass);
    let f = trajectory_f1(&cursor, &["shell".to_string()], 1.0);
    assert!(f.pass);
    assert_eq!(f.f1, 1.0);
    let f = trajectory_f1(&cursor, &["bash".to_string()], 1.0);
    assert!(!f.pass);
    assert_eq!(
        f.message,
        r#"expected trajectory F1 ≥ 1 against ["bash"], got 0 (precision 0, recall 0) from ["shell"]"#
    );
}

fn g(glob: &str) -> PathPattern {
    PathPattern::glob(glob, Some("/w"), "paths").unwrap()
}

#[test]
fn to_have_changed_with_the_seed_messages() {
    let s = diff_turn(&[("test/greet.test.js", "modified"), ("src/greet.ts", "modified")]);
    let r = to_have_changed(&s, &[g("tsconfig.json"), g("biome.json"), g("test/**")], &[], None).not();
    assert!(!r.pass);
    assert_eq!(
        r.message,
        r#"expected no changes to tsconfig.json, biome.json, test/**, got ["test/greet.test.js" (modified)]"#
    );
    assert!(to_have_changed(&s, &[g("src/greet.ts")], &[], None).pass);
    let none = diff_turn(&[]);
    let r = to_have_changed(&none, &[g("src/greet.ts")], &[], None);
    assert_eq!(r.message, "expected changes to src/greet.ts, got none");
    assert!(!to_have_changed(&none, &[], &[], None).pass);
    assert!(to_have_changed(&Subject::default(), &[], &[], None).not().pass);
}

#[test]
fn the_workspace_strips_absolute_diff_paths_as_it_strips_globs() {
    // A diff listing absolute paths (issue 11, item 7): the workspace prefix goes from both sides.
    let s = diff_turn(&[
        ("/w/test/greet.test.js", "modified"),
        ("/w/src/greet.ts", "modified"),
        ("/elsewhere/notes.md", "added"),
        ("C:\\w2\\lib\\x.js", "deleted"),
    ]);
    let r = to_have_changed(&s, &[g("test/**")], &[], Some("/w")).not();
    assert!(!r.pass);
    assert_eq!(
        r.message,
        r#"expected no changes to test/**, got ["test/greet.test.js" (modified)]"#
    );
    assert!(to_have_changed(&s, &[g("/w/src/greet.ts")], &[], Some("/w/")).pass);
    assert!(to_have_changed(&s, &[g("src")], &[], Some("/w")).pass);
    // A path outside the workspace keeps its absolute form (with `/` separators).
    let r = to_have_changed(&s, &[g("docs/**")], &[], Some("/w"));
    assert_eq!(
        r.message,
        r#"expected changes to docs/**, got ["test/greet.test.js" (modified), "src/greet.ts" (modified), "/elsewhere/notes.md" (added), "C:/w2/lib/x.js" (deleted)]"#
    );
    // Windows separators in both.
    let r = to_have_changed(
        &s,
        &[PathPattern::glob("lib\\*.js", Some("C:\\w2"), "paths").unwrap()],
        &[],
        Some("C:\\w2"),
    );
    assert!(r.pass);
    // .gitignore rules see the workspace-relative path too.
    let ignore = vec!["test/".to_string()];
    assert!(to_have_changed(&s, &[g("test/**")], &ignore, Some("/w")).not().pass);
    // Without a workspace, absolute diff paths only match absolute-looking globs.
    assert!(!to_have_changed(&s, &[g("src/greet.ts")], &[], None).pass);
}

#[test]
fn globs_dotfiles_double_stars_braces_dirs_and_absolute_paths() {
    let s = diff_turn(&[
        (".github/workflows/ci.yml", "added"),
        ("src/a/b/c.ts", "modified"),
        ("docs/readme.md", "deleted"),
        (".env", "added"),
    ]);
    let hit = |glob: &str| to_have_changed(&s, &[g(glob)], &[], None).pass;
    assert!(hit(".github/**")); // dot-directory
    assert!(hit("**/*.yml")); // ** at the start crosses a dot-directory
    assert!(hit("src/**")); // ** at the end
    assert!(hit("**/b/**")); // ** at both ends
    assert!(hit("src/**/*.{ts,tsx}")); // braces
    assert!(hit("{docs,lib}/*.md"));
    assert!(hit("src")); // a directory names everything under it
    assert!(hit("src/a/")); // trailing slash
    assert!(hit("./docs/readme.md")); // ./ prefix
    assert!(hit("/w/src/a/b/c.ts")); // absolute, under the workspace
    assert!(hit("*")); // dotfiles included: .env
    assert!(!hit("lib/**"));
    assert!(!hit("src/*.ts")); // * stays within one directory
    assert!(to_have_changed(&s, &[PathPattern::Regex(re("\\.ya?ml$", ""))], &[], None).pass);
    // Status in the list; .gitignore'd files are not in the diff.
    let ignore = vec![
        "# comment".to_string(),
        ".env".into(),
        "docs/".into(),
        "!docs/readme.md".into(),
    ];
    let r = to_have_changed(&s, &[g("lib/**")], &ignore, None);
    assert_eq!(
        r.message,
        r#"expected changes to lib/**, got [".github/workflows/ci.yml" (added), "src/a/b/c.ts" (modified), "docs/readme.md" (deleted)]"#
    );
    assert!(gitignored("node_modules/x/y.js", &["node_modules".to_string()]));
    assert!(gitignored("a/b/dist/z", &["dist/".to_string()]));
    assert!(!gitignored("src/dist.ts", &["/dist".to_string()]));
}

#[test]
fn a_glob_counts_what_it_expands_to() {
    // Brace expansion as bash and fast-glob read it: alternatives add, a sequence multiplies.
    for (glob, n) in [
        ("src/**/*.ts", 1),
        ("**/*.{ts,tsx,js,jsx}", 4),
        ("{src,test}/**/*.{ts,js}", 4),
        ("{a,b{c,d,e}}", 4),
        ("{a,b}{c,d}{e,f}", 8),
        ("{*,*,*,*}x", 4),
        (r"\{a,b}", 1),
        ("[{]a,b}", 1),
        ("a{b", 1),
    ] {
        assert_eq!(expansion_count(glob), n, "{glob}");
    }
    assert_eq!(expansion_count(&"{a,b}".repeat(70)), u64::MAX);
    assert!(PathPattern::glob(&"{a,b}".repeat(8), None, "p").is_ok());
    assert!(PathPattern::glob(&"{a,b}".repeat(9), None, "p").is_err());
}

#[test]
fn hostile_globs_are_bounded() {
    let hostile = "{a,b}*".repeat(30);
    let e = PathPattern::glob(&hostile, None, "paths[0]").unwrap_err();
    assert_eq!((e.code.as_str(), e.path.as_str()), ("INVALID_ARGUMENT", "paths[0]"));
    let long = "a/".repeat(400);
    assert!(PathPattern::glob(&long, None, "paths").is_err());
    // Issue 16's glob: 8^8 alternatives, refused at once with the count.
    let issue = "{*,*,*,*,*,*,*,*}".repeat(8) + "x";
    let e = PathPattern::glob(&issue, None, "paths[0]").unwrap_err();
    assert!(e.message.contains("16777216 alternatives"), "{}", e.message);
    assert!(!gitignored(&"a".repeat(30), std::slice::from_ref(&issue)));
    // The most alternatives allowed (256) still answer at once on a long path.
    let worst = "{a,b}*".repeat(8);
    let p = PathPattern::glob(&worst, None, "paths").unwrap();
    let start = std::time::Instant::now();
    let path = "ab".repeat(40) + "c";
    let _ = p.matches(&path);
    assert!(start.elapsed().as_secs() < 2);
    // A .gitignore rule of the same shape is skipped, not run.
    assert!(!gitignored(&path, &[hostile]));
}

#[test]
fn files_exist_and_match() {
    let r = to_have_file("greet.js", None, None);
    assert!(!r.pass);
    assert_eq!(r.message, "expected file greet.js to exist");
    let content = "export function greet(name) { return `Ahoy ${name}`; }\n";
    assert!(to_have_file("greet.js", Some(&re("Ahoy", "")), Some(content)).pass);
    assert!(to_have_file("greet.js", Some(&t("export")), Some(content)).pass);
    let r = to_have_file("greet.js", Some(&re("welcome", "")), Some(content));
    assert!(!r.pass);
    assert_eq!(
        r.message,
        format!("expected greet.js to match /welcome/\n--- greet.js ---\n{content}")
    );
    assert!(!to_have_file("greet.js", None, Some("")).not().pass);
    assert_eq!(
        to_have_file("greet.js", None, Some("")).not().message,
        "expected file greet.js not to exist"
    );
}

#[test]
fn to_succeed_tail_rules_and_the_16_kb_cap() {
    assert!(to_succeed(0, "", "").pass);
    let r = to_succeed(1, "out\n", "boom\n");
    assert!(!r.pass);
    assert_eq!(
        r.message,
        "expected command to succeed, exit code 1\n--- stderr ---\nboom\n--- stdout ---\nout"
    );
    // Last 20 lines.
    let lines: String = (1..=30).map(|i| format!("line {i}\n")).collect();
    let r = to_succeed(2, "", &lines);
    let want: Vec<String> = (11..=30).map(|i| format!("line {i}")).collect();
    assert_eq!(
        r.message,
        format!(
            "expected command to succeed, exit code 2\n--- stderr ---\n{}",
            want.join("\n")
        )
    );
    // At most 2,000 characters of them.
    let r = to_succeed(1, "", &"é".repeat(5000));
    assert_eq!(
        r.message.split("--- stderr ---\n").nth(1).unwrap().chars().count(),
        2000
    );
    // Any failure's text is capped at 16 KB, keeping its start and its end.
    let files: Vec<(String, &str)> = (0..2000).map(|i| (format!("src/file-{i:04}.ts"), "modified")).collect();
    let many: Vec<(&str, &str)> = files.iter().map(|(p, s)| (p.as_str(), *s)).collect();
    let r = to_have_changed(&diff_turn(&many), &[g("src/**")], &[], None).not();
    assert!(!r.pass && r.message.len() <= 16 * 1024, "{} bytes", r.message.len());
    assert!(r.message.starts_with("expected no changes to src/**, got [") && r.message.contains("\n…\n"));
    assert!(
        r.message.ends_with("\"src/file-1999.ts\" (modified)]"),
        "{}",
        &r.message[r.message.len() - 60..]
    );
    let r = to_succeed(0, "", "").not();
    assert_eq!(r.message, "expected command to fail, exit code 0");
    let e = exec_from_value(&json!({ "stdout": "" })).unwrap_err();
    assert_eq!(e.message, "toSucceed() expects run.exec(...)");
}

#[test]
fn to_pass_judge_verdicts() {
    let v = json!({ "question": "Is greet.js small and readable?", "model": "fake", "score": 0.95, "threshold": 0.99 });
    let r = to_pass(&v).unwrap();
    assert!(!r.pass);
    assert_eq!(
        r.message,
        r#"judge score 0.95 is below 0.99 for "Is greet.js small and readable?" (fake)"#
    );
    let ok = json!({ "question": "q", "model": "fake", "score": 0.95, "threshold": 0.9, "verdict": "pass" });
    assert!(to_pass(&ok).unwrap().pass);
    let r = to_pass(&ok).map(MatchResult::not).unwrap();
    assert!(!r.pass);
    assert_eq!(r.message, "expected judge to fail: score 0.95 ≥ 0.9");
    let failed = json!({ "question": "q", "model": "m", "error": "timeout" });
    for negated in [false, true] {
        let r = to_pass(&failed).map(|r| if negated { r.not() } else { r }).unwrap();
        assert!(!r.pass);
        assert_eq!(r.message, r#"judge failed for "q" (m): timeout"#);
    }
    assert_eq!(
        to_pass(&json!(3)).unwrap_err().message,
        "toPass() expects a c.judge() verdict"
    );
}

#[test]
fn subjects_from_json_turns_and_runs() {
    let run = fixture_run("cursor/cursor-hack_full_session.jsonl");
    let v = serde_json::to_value(&run).unwrap();
    let s = Subject::from_value(&v, "toHaveRun").unwrap();
    assert_eq!(s.events.len(), 1);
    assert_eq!(s.unreported, ["web-search", "web-fetch"]);
    // A run without its harness, and a caller-made turn without a number.
    let s = Subject::from_value(
        &json!({ "events": [], "turns": [{ "unreported": ["web-fetch"] }] }),
        "x",
    )
    .unwrap();
    assert_eq!(s.unreported, ["web-fetch"]);
    let s = Subject::from_value(
        &json!({ "events": [{ "turn": 0, "type": "tool", "name": "bash" }] }),
        "x",
    )
    .unwrap();
    assert_eq!(s.events[0].name.as_deref(), Some("bash"));
    for bad in [
        json!(3),
        json!({}),
        json!({ "events": [{ "type": "nope" }] }),
        json!({ "events": {} }),
    ] {
        let e = Subject::from_value(&bad, "toHaveCalledSkill").unwrap_err();
        assert_eq!((e.code.as_str(), e.path.as_str()), ("INVALID_ARGUMENT", "actual"));
        assert_eq!(e.message, "toHaveCalledSkill() expects a turn from c.send(), or c");
    }
}

#[test]
fn detection_of_streams_without_tool_calls() {
    let opts = NormalizeOptions::default();
    let cursor = r#"{"type":"system","subtype":"init","apiKeySource":"login","cwd":"/p","session_id":"s","model":"Auto","permissionMode":"default"}"#;
    assert_eq!(
        normalize_text(cursor, None, &opts).unwrap().harness,
        Some(Harness::Cursor)
    );
    let claude = r#"{"type":"system","subtype":"init","apiKeySource":"none","cwd":"/p","session_id":"s","tools":["Bash"],"model":"m"}"#;
    assert_eq!(
        normalize_text(claude, None, &opts).unwrap().harness,
        Some(Harness::ClaudeCode)
    );
    let gemini = r#"{"type":"init","timestamp":"2025-10-10T12:00:00.000Z","session_id":"s","model":"gemini-2.5-pro"}
{"type":"message","role":"user","content":"hi","timestamp":"2025-10-10T12:00:00.000Z"}
{"type":"tool_use","tool_name":"read_file","tool_id":"r1","parameters":{"file_path":"a.txt"},"timestamp":"2025-10-10T12:00:01.000Z"}
{"type":"tool_result","tool_id":"r1","status":"success","output":"x","timestamp":"2025-10-10T12:00:01.500Z"}"#;
    let r = normalize_text(gemini, None, &opts).unwrap();
    assert_eq!(r.harness, Some(Harness::GeminiCli));
    assert_eq!(r.events()[0].target.as_deref(), Some("a.txt"));
    assert_eq!(r.events()[0].duration_ms, Some(500.0));
    assert_eq!(r.events()[0].at_ms, Some(1000.0));
}

#[test]
fn labels_and_records_follow_the_seed_table() {
    let mut rec = Recorder::new();
    let fail = to_succeed(1, "", "");
    let pass = MatchResult::new(true, "");
    assert_eq!(
        rec.label(Some("exports greet"), "toHaveFile", "greet.js"),
        "exports greet"
    );
    assert_eq!(rec.label(None, "toHaveFile", "greet.js"), "toHaveFile greet.js");
    assert_eq!(rec.label(None, "not.toBe", "3"), "not.toBe 3");
    assert_eq!(rec.label(None, "toSucceed", ""), "toSucceed ");
    assert_eq!(rec.label(None, "toPass", ""), "toPass ");
    assert_eq!(rec.label(None, "toHaveFile", "greet.js"), "toHaveFile greet.js #2");
    let long = "x".repeat(100);
    assert_eq!(rec.label(None, "toHaveRun", &long).chars().count(), LABEL_MAX);

    let mut rec = Recorder::new();
    let r = rec
        .record(Some("house greeting"), "toSucceed", "", false, Ok(&fail))
        .clone();
    assert_eq!(
        r.message.as_deref(),
        Some("house greeting: expected command to succeed, exit code 1")
    );
    assert_eq!(r.status, CheckStatus::Fail);
    rec.record(Some("keeps the flow"), "toHaveRun", "", true, Ok(&pass));
    let r = rec
        .record(Some("keeps the flow"), "not.toHaveEdited", "", true, Ok(&pass))
        .clone();
    assert_eq!(r.label, "keeps the flow #2");
    assert_eq!(r.matcher, "not.toHaveEdited");
    let r = rec
        .record(None, "toHaveFetched", "example.com", true, Err("boom"))
        .clone();
    assert_eq!(
        (r.status, r.label.as_str(), r.soft),
        (CheckStatus::Error, "toHaveFetched example.com", true)
    );
    assert_eq!(
        serde_json::to_value(&rec.records()[1]).unwrap(),
        json!({ "label": "keeps the flow", "matcher": "toHaveRun", "status": "pass", "soft": true })
    );
    assert!(!rec.attempt_passed());
}

#[test]
fn a_harness_capability_error_is_a_matcher_error_through_question_mark() {
    fn fetched(s: &Subject) -> Result<bool, mcp_matchers::MatcherError> {
        Ok(to_have_fetched(s, None)?.pass)
    }
    let cursor = Subject::from(&fixture_run("cursor/cursor-hack_full_session.jsonl"));
    let e = fetched(&cursor).unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (mcp_matchers::ErrorCode::HarnessCapability, "actual")
    );
    assert_eq!(e.code.as_str(), "HARNESS_CAPABILITY");
    assert!(e.message.starts_with("toHaveFetched() can't check this turn"));
    let boxed: Box<dyn std::error::Error> = Box::new(to_have_fetched(&cursor, None).unwrap_err());
    assert_eq!(boxed.to_string(), e.message);
}

#[test]
fn a_verdict_negates_twice_back_and_round_trips_through_serde() {
    let codex = Subject::from(&fixture_run("codex/untether_SYNTHETIC_all_item_types.jsonl"));
    let r = to_have_run(&codex, Some(&t("no-such-command")));
    let back: MatchResult = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
    assert_eq!(back, r);
    assert_eq!(back.clone().not(), r.clone().not());
    assert_eq!(!r.clone(), r.clone().not());
    assert_eq!(r.clone().not().not(), r);
    let f = trajectory_f1(&codex, &["shell".to_string()], 0.5);
    let back: TrajectoryScore = serde_json::from_str(&serde_json::to_string(&f).unwrap()).unwrap();
    assert_eq!(back.clone().not(), f.clone().not());
    assert_eq!(f.clone().not().not(), f);
    // A hand-made verdict negates to the other outcome, its text kept.
    let plain = MatchResult::new(false, "why");
    assert_eq!(plain.clone().not(), MatchResult::new(true, "why"));
    assert_eq!(
        serde_json::to_string(&plain).unwrap(),
        r#"{"pass":false,"message":"why"}"#
    );
}

#[test]
fn harness_names_parse_and_print() {
    let h: Harness = "Claude".parse().unwrap();
    assert_eq!((h, h.to_string()), (Harness::ClaudeCode, "claude-code".to_string()));
    let e = "vim".parse::<Harness>().unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (mcp_matchers::ErrorCode::InvalidOption, "options.harness")
    );
}
