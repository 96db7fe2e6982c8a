//! Cursor `cursor-agent --print --output-format stream-json`: `user` starts
//! a turn; `tool_call` lines (`subtype` `started`/`completed`, paired by
//! `call_id`, which may hold a newline) carry one `<kind>ToolCall` object
//! with `args` and, when completed, `result.success` or `result.error`.
//! Cursor leaves web calls out of this stream, so every turn lists
//! `web-search` and `web-fetch` as unreported.

use crate::transcripts::builder::{s, Kind, RunBuilder};
use crate::transcripts::paths::{inner_command, mcp_name};
use serde_json::Value;

fn kind(key: &str, args: &Value) -> (String, Kind) {
    let f = |k: &str| s(args, k).unwrap_or("").to_string();
    let short = key.strip_suffix("ToolCall").unwrap_or(key);
    let k = match short {
        "shell" => Kind::Shell(inner_command(&f("command")).to_string()),
        "edit" | "write" | "delete" => Kind::Edit(vec![f("path")]),
        "read" => Kind::Read(f("path")),
        "webSearch" => Kind::WebSearch(s(args, "searchTerm").or_else(|| s(args, "query")).unwrap_or("").into()),
        "webFetch" => Kind::WebFetch(f("url")),
        "mcp" => {
            let tool = s(args, "toolName").or_else(|| s(args, "name")).unwrap_or("");
            let name = match s(args, "providerIdentifier").or_else(|| s(args, "serverName")) {
                Some(server) => mcp_name(server, tool),
                None => tool.to_string(),
            };
            return (name, Kind::Tool);
        }
        _ => Kind::Tool,
    };
    (short.to_string(), k)
}

pub(crate) fn adapt(records: &mut dyn Iterator<Item = Value>, b: &mut RunBuilder) {
    b.unreported = &["web-search", "web-fetch"];
    for v in records {
        let v = &v;
        let ts = b.time(v.get("timestamp_ms"));
        match s(v, "type") {
            Some("system") => b.note_cwd(s(v, "cwd")),
            Some("user") => b.new_turn(),
            Some("tool_call") => {
                let Some(Value::Object(call)) = v.get("tool_call") else {
                    continue;
                };
                let Some((key, body)) = call.iter().next() else {
                    continue;
                };
                let args = body.get("args").cloned().unwrap_or(Value::Null);
                let (name, k) = kind(key, &args);
                let id = s(v, "call_id");
                if s(v, "subtype") == Some("started") {
                    b.call(id, &name, Some(args), k, ts);
                    continue;
                }
                b.call(id, &name, Some(args), k, None);
                let result = body.get("result");
                let success = result.and_then(|r| r.get("success"));
                let ok = match (success, result) {
                    (Some(s), _) => Some(s.get("exitCode").and_then(Value::as_i64).is_none_or(|c| c == 0)),
                    (None, Some(_)) => Some(false),
                    (None, None) => None,
                };
                let out = match success {
                    Some(sv) if sv.get("stdout").is_some() => {
                        let (o, e) = (s(sv, "stdout").unwrap_or(""), s(sv, "stderr").unwrap_or(""));
                        Some(Value::String(format!("{o}{e}")))
                    }
                    Some(sv) => Some(sv.clone()),
                    None => result.and_then(|r| r.get("error").or(Some(r))).cloned(),
                };
                if let Some(id) = id {
                    b.result(id, out, ok, ts);
                }
            }
            _ => {}
        }
    }
}
