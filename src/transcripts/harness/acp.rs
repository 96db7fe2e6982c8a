//! Agent Client Protocol: `session/update` notifications (JSON-RPC or bare
//! `update` objects) with `sessionUpdate` `tool_call` and
//! `tool_call_update`; each update's fields patch the earlier ones of the
//! same `toolCallId`. A `session/prompt` request starts a turn; the `cwd`
//! of a `session/new` (or `session/load`) request is the workspace. The tool's
//! name comes from `_meta` (`toolName`, at any of the first two levels),
//! else it is `acp_tool_<id>`; `kind` `execute` is a shell command,
//! `edit`/`delete`/`move` with `status: "completed"` are file edits (of
//! each `locations[].path`), `fetch` a web fetch (`rawInput.url`) or search
//! (`rawInput.query`).

use super::goose::name_kind;
use crate::transcripts::builder::{s, Kind, RunBuilder};
use crate::transcripts::paths::{argv_command, inner_command};
use rustc_hash::FxHashMap;
use serde_json::{Map, Value};

fn meta_name(meta: Option<&Value>) -> Option<String> {
    let meta = meta?;
    let direct = ["toolName", "tool_name"].iter().find_map(|k| s(meta, k));
    let nested = || {
        meta.as_object()?
            .values()
            .find_map(|v| ["toolName", "tool_name"].iter().find_map(|k| s(v, k)))
    };
    direct.or_else(nested).map(str::to_string)
}

fn finish_call(b: &mut RunBuilder, id: &str, c: &Map<String, Value>, turn_ts: Option<f64>) {
    let get = |k: &str| c.get(k);
    let raw = get("rawInput").cloned().unwrap_or(Value::Null);
    let (mut name, mut k) = match meta_name(get("_meta")) {
        Some(n) => name_kind(b, &n, &raw),
        None => (format!("acp_tool_{id}"), Kind::Tool),
    };
    let paths: Vec<String> = get("locations")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|l| s(l, "path").map(str::to_string))
        .collect();
    match get("kind").and_then(Value::as_str) {
        Some("execute") => {
            let cmd = match raw.get("command") {
                Some(Value::Array(argv)) => argv_command(argv),
                Some(Value::String(c)) => inner_command(c).to_string(),
                _ => String::new(),
            };
            name = "shell".into();
            k = Kind::Shell(cmd);
        }
        Some("edit" | "delete" | "move") if !paths.is_empty() => k = Kind::Edit(paths),
        Some("read") if !paths.is_empty() => k = Kind::Read(paths[0].clone()),
        Some("fetch") => {
            k = match (s(&raw, "url"), s(&raw, "query")) {
                (Some(u), _) => Kind::WebFetch(u.into()),
                (None, Some(q)) => Kind::WebSearch(q.into()),
                _ => k,
            }
        }
        _ => {}
    }
    b.call(Some(id), &name, Some(raw), k, turn_ts);
    let ok = match get("status").and_then(Value::as_str) {
        Some("completed") => Some(true),
        Some("failed") => Some(false),
        _ => None,
    };
    let out = get("rawOutput").cloned().or_else(|| {
        let text: Vec<&str> = get("content")?
            .as_array()?
            .iter()
            .filter_map(|c| c.get("content").and_then(|c| s(c, "text")))
            .collect();
        (!text.is_empty()).then(|| Value::String(text.join("\n")))
    });
    b.result(id, out, ok, None);
}

pub(crate) fn adapt(records: &mut dyn Iterator<Item = Value>, b: &mut RunBuilder) {
    let mut order: Vec<(String, u32)> = Vec::new();
    let mut calls: FxHashMap<String, Map<String, Value>> = FxHashMap::default();
    let mut turn = 0u32;
    let mut prompts = 0u32;
    for v in records {
        let v = &v;
        match s(v, "method") {
            Some("session/prompt") => {
                turn = prompts;
                prompts += 1;
                continue;
            }
            Some("session/new" | "session/load") => {
                b.note_cwd(v.get("params").and_then(|p| s(p, "cwd")));
                continue;
            }
            _ => {}
        }
        let u = v
            .get("params")
            .and_then(|p| p.get("update"))
            .or_else(|| v.get("update"))
            .unwrap_or(v);
        if !matches!(s(u, "sessionUpdate"), Some("tool_call" | "tool_call_update")) {
            continue;
        }
        let Some(id) = s(u, "toolCallId") else { continue };
        let Some(obj) = u.as_object() else { continue };
        let entry = calls.entry(id.to_string()).or_insert_with(|| {
            order.push((id.to_string(), turn));
            Map::new()
        });
        for (key, value) in obj {
            if !value.is_null() {
                entry.insert(key.clone(), value.clone());
            }
        }
    }
    let mut current = 0;
    b.open_turn();
    if prompts > 0 {
        b.mark_read();
    }
    for (id, t) in order {
        while current < t {
            b.new_turn();
            current += 1;
        }
        if let Some(c) = calls.get(&id) {
            finish_call(b, &id, c, None);
        }
    }
    while current + 1 < prompts {
        b.new_turn();
        current += 1;
    }
}
