//! Small normalisers shared by the adapters: workspace-relative paths, MCP
//! tool names, shell commands wrapped in `bash -lc`, the files of a
//! Codex-style `apply_patch` envelope (`*** Begin Patch` … `*** Add File:
//! <path>` / `*** Update File:` / `*** Delete File:` / `*** Move to:` …
//! `*** End Patch`), and timestamps.

/// Makes `p` workspace-relative: `\` becomes `/`, a leading `./` goes, and
/// an absolute path under `workspace` loses that prefix (the workspace
/// itself becomes `.`). Other paths are returned with separators fixed.
pub fn relative_path(p: &str, workspace: Option<&str>) -> String {
    let p = p.replace('\\', "/");
    let mut s = p.as_str();
    if let Some(ws) = workspace {
        let ws = ws.replace('\\', "/");
        let ws = ws.trim_end_matches('/');
        if !ws.is_empty() {
            if s == ws {
                return ".".to_string();
            }
            if let Some(rest) = s.strip_prefix(ws) {
                if let Some(rest) = rest.strip_prefix('/') {
                    s = rest;
                }
            }
        }
    }
    while let Some(rest) = s.strip_prefix("./") {
        s = rest;
    }
    if s.is_empty() {
        ".".to_string()
    } else {
        s.to_string()
    }
}

/// `mcp__<server>__<tool>`.
pub fn mcp_name(server: &str, tool: &str) -> String {
    format!("mcp__{server}__{tool}")
}

/// Splits `mcp__<server>__<tool>` into server and tool at the *last* `__`,
/// so a server name containing `__` stays whole. `None` for other names.
pub fn split_mcp(name: &str) -> Option<(&str, &str)> {
    let rest = name.strip_prefix("mcp__")?;
    let (server, tool) = rest.rsplit_once("__")?;
    (!server.is_empty() && !tool.is_empty()).then_some((server, tool))
}

/// Splits `<server><sep><tool>` using the caller's known server names when one
/// of them is a prefix (the longest wins), else at the first `sep`
/// (`first == true`) or the last one.
pub fn split_known<'a>(name: &'a str, sep: &str, servers: &[String], first: bool) -> Option<(&'a str, &'a str)> {
    let known = servers
        .iter()
        .filter(|s| {
            name.len() > s.len() + sep.len() && name.starts_with(s.as_str()) && name[s.len()..].starts_with(sep)
        })
        .max_by_key(|s| s.len());
    if let Some(s) = known {
        return Some((&name[..s.len()], &name[s.len() + sep.len()..]));
    }
    let split = if first {
        name.split_once(sep)
    } else {
        name.rsplit_once(sep)
    };
    split.filter(|(a, b)| !a.is_empty() && !b.is_empty())
}

/// The command inside `bash -lc '<cmd>'` (also `sh -c`, `zsh -lc`, with or
/// without a `/bin/` prefix); any other command is returned unchanged.
pub fn inner_command(cmd: &str) -> &str {
    let t = cmd.trim();
    let Some((prog, rest)) = t.split_once(' ') else {
        return cmd;
    };
    let base = prog.rsplit('/').next().unwrap_or(prog);
    if !matches!(base, "bash" | "sh" | "zsh") {
        return cmd;
    }
    let rest = rest.trim_start();
    let Some((flag, body)) = rest.split_once(' ') else {
        return cmd;
    };
    if !matches!(flag, "-c" | "-lc" | "-cl") {
        return cmd;
    }
    let body = body.trim();
    for q in ['\'', '"'] {
        if body.len() >= 2 && body.starts_with(q) && body.ends_with(q) && !body[1..body.len() - 1].contains(q) {
            return &body[1..body.len() - 1];
        }
    }
    body
}

/// The command of a Codex argv (`["bash","-lc","<cmd>"]` gives `<cmd>`;
/// other argvs are joined with spaces).
pub fn argv_command(argv: &[serde_json::Value]) -> String {
    let words: Vec<&str> = argv.iter().filter_map(|v| v.as_str()).collect();
    if words.len() == 3 {
        let base = words[0].rsplit('/').next().unwrap_or(words[0]);
        if matches!(base, "bash" | "sh" | "zsh") && matches!(words[1], "-c" | "-lc" | "-cl") {
            return words[2].to_string();
        }
    }
    words.join(" ")
}

/// Every file the patch adds, updates, deletes or moves to, in order, once
/// each (linear time: the files seen are kept in a hash set).
pub fn patch_files(patch: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut seen: rustc_hash::FxHashSet<&str> = rustc_hash::FxHashSet::default();
    for line in patch.lines() {
        let line = line.trim_end_matches('\r');
        let path = [
            "*** Add File: ",
            "*** Update File: ",
            "*** Delete File: ",
            "*** Move to: ",
        ]
        .iter()
        .find_map(|p| line.strip_prefix(p));
        if let Some(p) = path.map(str::trim).filter(|p| !p.is_empty()) {
            if seen.insert(p) {
                out.push(p.to_string());
            }
        }
    }
    out
}

#[cfg(test)]
#[path = "../../tests/unit/transcripts/paths.rs"]
mod tests;
