//! OpenCode `run --format json`: `tool_use` lines whose `part` holds
//! `callID`, `tool` and `state` (`status` `completed`/`error`, `input`,
//! `output`, `time.start`/`time.end` in epoch ms). A whole run is one turn.
//! MCP tools are named `<server>_<tool>`: split at a known server name
//! (`options.mcpServers`; when given, other names stay as they are), else at
//! the first `_`.

use crate::transcripts::builder::{s, Kind, RunBuilder};
use crate::transcripts::paths::{inner_command, mcp_name, patch_files, split_known};
use serde_json::Value;

const BUILTIN: &[&str] = &[
    "bash",
    "edit",
    "write",
    "read",
    "glob",
    "grep",
    "list",
    "ls",
    "patch",
    "apply_patch",
    "multiedit",
    "todowrite",
    "todoread",
    "webfetch",
    "websearch",
    "codesearch",
    "task",
    "skill",
    "invalid",
    "question",
    "batch",
    "lsp_diagnostics",
    "lsp_hover",
];

fn kind(b: &RunBuilder, name: &str, input: &Value) -> (String, Kind) {
    let f = |k: &str| s(input, k).unwrap_or("").to_string();
    let path = || {
        s(input, "filePath")
            .or_else(|| s(input, "path"))
            .unwrap_or("")
            .to_string()
    };
    let k = match name {
        "bash" => Kind::Shell(inner_command(&f("command")).to_string()),
        "edit" | "write" | "multiedit" => Kind::Edit(vec![path()]),
        "patch" | "apply_patch" => Kind::Edit(patch_files(
            s(input, "patchText").or_else(|| s(input, "patch")).unwrap_or(""),
        )),
        "read" => Kind::Read(path()),
        "webfetch" => Kind::WebFetch(f("url")),
        "websearch" => Kind::WebSearch(f("query")),
        _ if !BUILTIN.contains(&name) => {
            // With known servers, only their prefixes count; else guess at the first `_`.
            let split = split_known(name, "_", &b.opts.mcp_servers, true)
                .filter(|(server, _)| b.opts.mcp_servers.is_empty() || b.opts.mcp_servers.iter().any(|s| s == server));
            if let Some((server, tool)) = split {
                return (mcp_name(server, tool), Kind::Tool);
            }
            Kind::Tool
        }
        _ => Kind::Tool,
    };
    (name.to_string(), k)
}

pub(crate) fn adapt(records: &mut dyn Iterator<Item = Value>, b: &mut RunBuilder) {
    b.open_turn();
    for v in records {
        let v = &v;
        b.time(v.get("timestamp"));
        match s(v, "type") {
            Some("tool_use") => {}
            // The run's one turn, even when it made no call.
            Some("step_start" | "step_finish" | "text" | "reasoning" | "error") => {
                b.mark_read();
                continue;
            }
            _ => continue,
        }
        let Some(part) = v.get("part") else { continue };
        let state = part.get("state").cloned().unwrap_or(Value::Null);
        let input = state.get("input").cloned().unwrap_or(Value::Null);
        let (name, k) = kind(b, s(part, "tool").unwrap_or(""), &input);
        let time = state.get("time");
        let start = b.time(time.and_then(|t| t.get("start")));
        let end = b.time(time.and_then(|t| t.get("end")));
        let id = s(part, "callID").or_else(|| s(part, "id"));
        b.call(id, &name, Some(input), k, start);
        let ok = match s(&state, "status") {
            Some("completed") => Some(true),
            Some("error") => Some(false),
            _ => None,
        };
        let out = state.get("output").or_else(|| state.get("error")).cloned();
        if let Some(id) = id {
            b.result(id, out, ok, end);
        }
    }
}
