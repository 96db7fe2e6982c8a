//! OpenAI Codex `exec --json`: `turn.started` starts a turn; `item.started` /
//! `item.updated` / `item.completed` carry `command_execution`,
//! `file_change` (every changed file is a `file-edit` when the item
//! completed), `mcp_tool_call` (`server` + `tool` → `mcp__<server>__<tool>`)
//! and `web_search` (`action.type` `open_page` is a fetch) items. Item
//! types are also read in the app-server's camelCase (`commandExecution`).
//! A duplicate `id` key on the wire keeps its last value. Stored sessions
//! (rollout files, `{ timestamp, type, payload }` lines) are read by
//! [`super::codex_rollout`].

use super::codex_rollout;
use crate::transcripts::builder::{s, text_into, Kind, RunBuilder};
use crate::transcripts::paths::{argv_command, inner_command, mcp_name};
use serde_json::{json, Value};

/// Every `exec --json` record this adapter reads names one of these (the
/// text reader skips lines that name none of these or of
/// [`codex_rollout::NEEDED`] unparsed).
pub(crate) const NEEDED: &[&str] = &[
    "turn.started",
    "command_execution",
    "commandExecution",
    "file_change",
    "fileChange",
    "mcp_tool_call",
    "mcpToolCall",
    "web_search",
    "webSearch",
];

fn status_ok(item: &Value) -> Option<bool> {
    match s(item, "status") {
        Some("completed") => Some(true),
        Some("failed" | "declined" | "rejected") => Some(false),
        _ => None,
    }
}

/// Moves `key` out of an item (no copy of its value).
fn take(it: &mut Value, key: &str) -> Option<Value> {
    it.as_object_mut()?.remove(key)
}

/// Moves the first of `keys` that is present out of an item.
fn take_any(it: &mut Value, keys: &[&str]) -> Option<Value> {
    keys.iter().find_map(|k| take(it, k))
}

fn item(b: &mut RunBuilder, mut it: Value) {
    let id_value = take(&mut it, "id");
    let id = id_value.as_ref().and_then(Value::as_str);
    match s(&it, "type").unwrap_or("") {
        "command_execution" | "commandExecution" => {
            let cmd = match it.get("command") {
                Some(Value::Array(argv)) => argv_command(argv),
                Some(Value::String(c)) => inner_command(c).to_string(),
                _ => String::new(),
            };
            // The shell event's input (`{ command }`) is made from the command.
            b.call(id, "shell", None, Kind::Shell(cmd), None);
            let exit = it
                .get("exit_code")
                .or_else(|| it.get("exitCode"))
                .and_then(Value::as_i64);
            let ok = exit.map(|c| c == 0).or_else(|| status_ok(&it));
            let out = take_any(&mut it, &["aggregated_output", "aggregatedOutput"]);
            if let Some(id) = id {
                b.result(id, out, ok, None);
            }
        }
        "file_change" | "fileChange" => {
            let changes = take(&mut it, "changes").unwrap_or(Value::Null);
            let paths = changes
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|c| s(c, "path").map(str::to_string))
                .collect();
            let input = json!({ "changes": changes });
            b.call(id, "apply_patch", Some(input), Kind::Edit(paths), None);
            if let Some(id) = id {
                b.result(id, None, status_ok(&it), None);
            }
        }
        "mcp_tool_call" | "mcpToolCall" => {
            let name = mcp_name(s(&it, "server").unwrap_or(""), s(&it, "tool").unwrap_or(""));
            let ok = status_ok(&it);
            let args = take(&mut it, "arguments").filter(|a| !a.is_null());
            b.call(id, &name, args, Kind::Tool, None);
            let out = match (take(&mut it, "result"), take(&mut it, "error")) {
                (Some(mut r), _) if !r.is_null() => Some(match take(&mut r, "content") {
                    Some(c) => text_into(c),
                    None => r,
                }),
                (_, Some(mut e)) if !e.is_null() => Some(take(&mut e, "message").unwrap_or(e)),
                _ => None,
            };
            if let Some(id) = id {
                b.result(id, out, ok, None);
            }
        }
        "web_search" | "webSearch" => {
            let action = take(&mut it, "action");
            let aty = action.as_ref().and_then(|a| s(a, "type"));
            let k = match (aty, action.as_ref().and_then(|a| s(a, "url"))) {
                (Some("open_page" | "openPage" | "find_in_page" | "findInPage"), Some(url)) => {
                    Kind::WebFetch(url.to_string())
                }
                _ => {
                    let q = action.as_ref().and_then(|a| s(a, "query")).or_else(|| s(&it, "query"));
                    Kind::WebSearch(q.unwrap_or("").to_string())
                }
            };
            b.call(id, "web_search", action, k, None);
        }
        _ => {}
    }
}

pub(crate) fn adapt(records: &mut dyn Iterator<Item = Value>, b: &mut RunBuilder) {
    for mut v in records {
        match s(&v, "type") {
            Some("turn.started") => b.new_turn(),
            Some("item.started" | "item.updated" | "item.completed") => {
                if let Some(it) = v.get_mut("item") {
                    item(b, it.take());
                }
            }
            Some(t) if codex_rollout::is_rollout(t) => codex_rollout::record(b, v),
            _ => {}
        }
    }
}
