//! OpenAI Codex `exec --json`: `turn.started` starts a turn; `item.started` /
//! `item.updated` / `item.completed` carry `command_execution`,
//! `file_change` (every changed file is a `file-edit` when the item
//! completed), `mcp_tool_call` (`server` + `tool` → `mcp__<server>__<tool>`)
//! and `web_search` (`action.type` `open_page` is a fetch) items. Item
//! types are also read in the app-server's camelCase (`commandExecution`).
//! A duplicate `id` key on the wire keeps its last value.

use super::builder::{s, text_of, Builder, Kind};
use super::paths::{argv_command, inner_command, mcp_name};
use serde_json::{json, Value};

fn status_ok(item: &Value) -> Option<bool> {
    match s(item, "status") {
        Some("completed") => Some(true),
        Some("failed" | "declined" | "rejected") => Some(false),
        _ => None,
    }
}

fn item(b: &mut Builder, mut owned: Value) {
    let changes = match owned.get_mut("changes") {
        Some(c) => c.take(),
        None => Value::Null,
    };
    let it = &owned;
    let id = s(it, "id");
    match s(it, "type").unwrap_or("") {
        "command_execution" | "commandExecution" => {
            let cmd = match it.get("command") {
                Some(Value::Array(argv)) => argv_command(argv),
                Some(Value::String(c)) => inner_command(c).to_string(),
                _ => String::new(),
            };
            b.call(
                id,
                "shell",
                Some(json!({ "command": cmd })),
                Kind::Shell(cmd.clone()),
                None,
            );
            let exit = it
                .get("exit_code")
                .or_else(|| it.get("exitCode"))
                .and_then(Value::as_i64);
            let ok = exit.map(|c| c == 0).or_else(|| status_ok(it));
            let out = it
                .get("aggregated_output")
                .or_else(|| it.get("aggregatedOutput"))
                .cloned();
            if let Some(id) = id {
                b.result(id, out, ok, None);
            }
        }
        "file_change" | "fileChange" => {
            let paths = changes
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|c| s(c, "path").map(str::to_string))
                .collect();
            let input = json!({ "changes": changes });
            b.call(id, "apply_patch", Some(input), Kind::Edit(paths), None);
            if let Some(id) = id {
                b.result(id, None, status_ok(it), None);
            }
        }
        "mcp_tool_call" | "mcpToolCall" => {
            let name = mcp_name(s(it, "server").unwrap_or(""), s(it, "tool").unwrap_or(""));
            let args = it.get("arguments").filter(|a| !a.is_null()).cloned();
            b.call(id, &name, args, Kind::Tool, None);
            let out = match (it.get("result"), it.get("error")) {
                (Some(r), _) if !r.is_null() => Some(r.get("content").map(text_of).unwrap_or_else(|| r.clone())),
                (_, Some(e)) if !e.is_null() => Some(e.get("message").cloned().unwrap_or_else(|| e.clone())),
                _ => None,
            };
            if let Some(id) = id {
                b.result(id, out, status_ok(it), None);
            }
        }
        "web_search" | "webSearch" => {
            let action = it.get("action");
            let aty = action.and_then(|a| s(a, "type"));
            let k = match (aty, action.and_then(|a| s(a, "url"))) {
                (Some("open_page" | "openPage" | "find_in_page" | "findInPage"), Some(url)) => {
                    Kind::WebFetch(url.to_string())
                }
                _ => {
                    let q = action.and_then(|a| s(a, "query")).or_else(|| s(it, "query"));
                    Kind::WebSearch(q.unwrap_or("").to_string())
                }
            };
            b.call(id, "web_search", action.cloned(), k, None);
        }
        _ => {}
    }
}

pub(crate) fn adapt(records: &mut dyn Iterator<Item = Value>, b: &mut Builder) {
    for mut v in records {
        match s(&v, "type") {
            Some("turn.started") => b.new_turn(),
            Some("item.started" | "item.updated" | "item.completed") => {
                if let Some(it) = v.get_mut("item") {
                    item(b, it.take());
                }
            }
            _ => {}
        }
    }
}
