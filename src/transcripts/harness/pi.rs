//! pi `--mode json` and pi's session files (`~/.pi/agent/sessions/<dir>/
//! <time>_<id>.jsonl`, `packages/coding-agent` of badlogic/pi-mono). Both
//! start with the session header `{ type: "session", id, timestamp, cwd }`,
//! whose `cwd` is the workspace when the caller gives none. A `user` message
//! (`message_end` in `--mode json`, a `message` entry in a session file)
//! starts a turn (pi's own `turn_start` marks each model round, and a retry
//! after `auto_retry_start` stays in its turn); calls come from `toolCall`
//! blocks of assistant messages and `tool_execution_start`, results from
//! `toolResult` messages and `tool_execution_end` (`isError`). A session
//! file's entries are read in file order, every branch of its tree
//! included; `bashExecution` messages (the user's own `!` commands) and
//! `compaction`, `model_change`, `thinking_level_change` entries are not
//! the agent's calls. A `-` in a tool name becomes `_`; a hyphenated MCP
//! server is restored when exactly one known server (`options.mcpServers`)
//! maps to it.

use crate::transcripts::builder::{s, text_of, Kind, RunBuilder};
use crate::transcripts::paths::{inner_command, mcp_name, split_mcp};
use serde_json::Value;

fn kind(b: &RunBuilder, raw: &str, args: &Value) -> (String, Kind) {
    let name = raw.replace('-', "_");
    let path = || {
        s(args, "path")
            .or_else(|| s(args, "file_path"))
            .unwrap_or("")
            .to_string()
    };
    let k = match name.as_str() {
        "bash" => Kind::Shell(inner_command(s(args, "command").unwrap_or("")).to_string()),
        "write" | "edit" => Kind::Edit(vec![path()]),
        "read" => Kind::Read(path()),
        _ => {
            if let Some((server, tool)) = split_mcp(&name) {
                let known: Vec<&String> = b
                    .opts
                    .mcp_servers
                    .iter()
                    .filter(|k| k.replace('-', "_") == server)
                    .collect();
                if let [one] = known.as_slice() {
                    return (mcp_name(one, tool), Kind::Tool);
                }
            }
            Kind::Tool
        }
    };
    (name, k)
}

/// A message of `--mode json`'s `message_end` or of a session file's
/// `message` entry; `ts` is the entry's own time, else the message's.
fn message(b: &mut RunBuilder, m: &Value, entry_ts: Option<&Value>) {
    let ts = b.time(entry_ts.or_else(|| m.get("timestamp")));
    match s(m, "role") {
        Some("user") => b.new_turn(),
        Some("toolResult") => {
            let Some(id) = s(m, "toolCallId") else { return };
            let failed = m.get("isError").and_then(Value::as_bool);
            let out = m.get("content").map(text_of);
            b.result(id, out, failed.map(|f| !f), ts);
        }
        _ => {
            for c in m.get("content").and_then(Value::as_array).into_iter().flatten() {
                if s(c, "type") != Some("toolCall") {
                    continue;
                }
                let args = c.get("arguments").cloned().unwrap_or(Value::Null);
                let (name, k) = kind(b, s(c, "name").unwrap_or(""), &args);
                b.call(s(c, "id"), &name, Some(args), k, ts);
            }
        }
    }
}

pub(crate) fn adapt(records: &mut dyn Iterator<Item = Value>, b: &mut RunBuilder) {
    for v in records {
        let v = &v;
        match s(v, "type") {
            Some("session") => b.note_cwd(s(v, "cwd")),
            Some("message_end") => {
                if let Some(m) = v.get("message") {
                    message(b, m, None);
                }
            }
            Some("message") => {
                if let Some(m) = v.get("message") {
                    message(b, m, v.get("timestamp"));
                }
            }
            Some("tool_execution_start") => {
                let args = v.get("args").cloned().unwrap_or(Value::Null);
                let (name, k) = kind(b, s(v, "toolName").unwrap_or(""), &args);
                b.call(s(v, "toolCallId"), &name, Some(args), k, None);
            }
            Some("tool_execution_end") => {
                let Some(id) = s(v, "toolCallId") else { continue };
                let failed = v.get("isError").and_then(Value::as_bool);
                let out = v
                    .get("result")
                    .map(|r| r.get("content").map(text_of).unwrap_or_else(|| r.clone()));
                b.result(id, out, failed.map(|f| !f), None);
            }
            _ => {}
        }
    }
}
