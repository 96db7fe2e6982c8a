//! Goose: `run --output-format stream-json` lines (`{ type: "message",
//! message }`) and session files (one message per line). A user message
//! with text starts a turn; `toolRequest` content items are calls
//! (`toolCall.value.name` as `<extension>__<tool>`), `toolResponse` items
//! their results (`toolResult.status`). The built-in `developer` extension's
//! `shell` and `text_editor` become shell and file-edit events; any other
//! `ext__tool` is `mcp__ext__tool` (split at a known server, else the last
//! `__`); a request with no name is `acp_tool_<id>`.

use crate::transcripts::builder::{s, text_of, Kind, RunBuilder};
use crate::transcripts::paths::{inner_command, mcp_name, split_known};
use serde_json::Value;

pub(crate) fn name_kind(b: &RunBuilder, name: &str, args: &Value) -> (String, Kind) {
    let path = || s(args, "path").unwrap_or("").to_string();
    match name {
        "developer__shell" | "shell" => (
            "shell".into(),
            Kind::Shell(inner_command(s(args, "command").unwrap_or("")).to_string()),
        ),
        "developer__text_editor" | "text_editor" => {
            let k = match s(args, "command") {
                Some("view") => Kind::Read(path()),
                Some(_) => Kind::Edit(vec![path()]),
                None => Kind::Tool,
            };
            ("text_editor".into(), k)
        }
        _ if name.starts_with("mcp__") => (name.into(), Kind::Tool),
        _ => match split_known(name, "__", &b.opts.mcp_servers, false) {
            Some((server, tool)) => (mcp_name(server, tool), Kind::Tool),
            None => (name.into(), Kind::Tool),
        },
    }
}

pub(crate) fn adapt(records: &mut dyn Iterator<Item = Value>, b: &mut RunBuilder) {
    for v in records {
        let v = &v;
        let m = if s(v, "type") == Some("message") {
            v.get("message").unwrap_or(v)
        } else {
            v
        };
        let ts = b.time_secs(m.get("created"));
        let Some(items) = m.get("content").and_then(Value::as_array) else {
            continue;
        };
        if s(m, "role") == Some("user") && items.iter().any(|i| s(i, "type") == Some("text")) {
            b.new_turn();
        }
        for item in items {
            let id = s(item, "id");
            match s(item, "type") {
                Some("toolRequest") => {
                    let value = item.get("toolCall").and_then(|t| t.get("value"));
                    let args = value.and_then(|v| v.get("arguments")).cloned().unwrap_or(Value::Null);
                    let (name, k) = match value.and_then(|v| s(v, "name")) {
                        Some(n) => name_kind(b, n, &args),
                        None => (format!("acp_tool_{}", id.unwrap_or("")), Kind::Tool),
                    };
                    b.call(id, &name, Some(args), k, ts);
                }
                Some("toolResponse") => {
                    let Some(id) = id else { continue };
                    let r = item.get("toolResult");
                    let ok = r.and_then(|r| s(r, "status")).map(|st| st == "success");
                    let out = r.and_then(|r| r.get("value").or_else(|| r.get("error"))).map(text_of);
                    b.result(id, out, ok, ts);
                }
                _ => {}
            }
        }
    }
}
