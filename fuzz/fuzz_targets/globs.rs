//! Globs and `toHaveChanged`: path patterns (fast-glob through
//! `PathPattern::glob`), `.gitignore`-style `ignore` rules, a diff's files.
//! Input: `globs (one per line) \0 paths (one per line) \0 ignore rules`.
//! Invariant: a `toHaveChanged` verdict flips with `.not`.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_matchers::transcripts::{gitignored, to_have_changed, Diff, DiffFile, PathPattern, Subject};
use mcp_matchers_fuzz::fields;

fuzz_target!(|data: &[u8]| {
    let [globs, paths, ignore] = fields::<3>(data);
    let patterns: Vec<PathPattern> = globs
        .lines()
        .take(8)
        .filter_map(|g| PathPattern::glob(g, Some("/work"), "paths").ok())
        .collect();
    let rules: Vec<String> = ignore.lines().take(8).map(str::to_string).collect();
    let files: Vec<DiffFile> = paths
        .lines()
        .take(16)
        .map(|p| DiffFile {
            path: p.to_string(),
            status: "modified".into(),
        })
        .collect();
    for f in &files {
        for p in &patterns {
            let _ = p.matches(&f.path);
        }
        let _ = gitignored(&f.path, &rules);
    }
    let s = Subject {
        events: Default::default(),
        unreported: Vec::new(),
        diff: Some(Diff { files }),
    };
    // With and without a workspace prefix to strip from absolute diff paths.
    for workspace in [None, Some("/w")] {
        let yes = to_have_changed(&s, &patterns, &rules, workspace);
        let no = to_have_changed(&s, &patterns, &rules, workspace).not();
        assert_ne!(yes.pass, no.pass, "{} / {}", yes.message, no.message);
    }
});
