//! Unit tests of `src/transcripts/paths.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;

#[test]
fn every_file_of_a_patch() {
    let p = "*** Begin Patch\n*** Add File: a.txt\n+hi\n*** Update File: src/b.rs\n*** Move to: src/c.rs\n@@\n-x\n+y\n*** Delete File: d.md\n*** End Patch\n";
    assert_eq!(patch_files(p), ["a.txt", "src/b.rs", "src/c.rs", "d.md"]);
}

#[test]
fn paths_become_workspace_relative() {
    assert_eq!(relative_path("/tmp/ws/src/a.ts", Some("/tmp/ws")), "src/a.ts");
    assert_eq!(relative_path("/tmp/ws", Some("/tmp/ws/")), ".");
    assert_eq!(relative_path("./src/a.ts", None), "src/a.ts");
    assert_eq!(relative_path("C:\\work\\src\\a.ts", Some("C:\\work")), "src/a.ts");
    assert_eq!(relative_path("/tmp/wsx/a", Some("/tmp/ws")), "/tmp/wsx/a");
}

#[test]
fn mcp_names_split_at_the_last_separator() {
    assert_eq!(split_mcp("mcp__stamp__house_stamp"), Some(("stamp", "house_stamp")));
    assert_eq!(split_mcp("mcp__my__srv__tool"), Some(("my__srv", "tool")));
    assert_eq!(split_mcp("Bash"), None);
    let servers = vec!["my_srv".to_string()];
    assert_eq!(
        split_known("my_srv_get_x", "_", &servers, true),
        Some(("my_srv", "get_x"))
    );
    assert_eq!(split_known("gh_search", "_", &[], true), Some(("gh", "search")));
}

#[test]
fn shell_wrappers_unwrap() {
    assert_eq!(inner_command("bash -lc 'npm test'"), "npm test");
    assert_eq!(inner_command("/bin/zsh -c \"ls -la\""), "ls -la");
    assert_eq!(inner_command("pytest -q"), "pytest -q");
    let argv = serde_json::json!(["bash", "-lc", "echo hi"]);
    assert_eq!(argv_command(argv.as_array().unwrap()), "echo hi");
}

#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    #[test]
    fn helpers_never_panic(s in "\\PC{0,40}", ws in "\\PC{0,8}") {
        let _ = crate::js::date::parse_iso(&s);
        let _ = crate::js::date::parse_iso(&format!("2025-10-21T03:21:29{s}"));
        let _ = relative_path(&s, Some(&ws));
        let _ = inner_command(&s);
        let _ = split_mcp(&s);
        let _ = split_known(&s, "__", std::slice::from_ref(&ws), false);
    }
}
