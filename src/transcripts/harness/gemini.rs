//! Gemini CLI: stored chats (`~/.gemini/tmp/<hash>/chats/session-*.json`,
//! a `{ messages }` document or single messages: `type: "user"` starts a
//! turn, `type: "gemini"` messages carry `toolCalls[]` with `status`
//! `success`/`error`/`cancelled`) and `--output-format stream-json`
//! (`message` with `role: "user"`, `tool_use`, `tool_result`).

use crate::transcripts::builder::{s, Kind, RunBuilder};
use crate::transcripts::paths::{inner_command, split_known};
use serde_json::Value;

fn kind(b: &RunBuilder, name: &str, args: &Value) -> (String, Kind) {
    let f = |k: &str| s(args, k).unwrap_or("").to_string();
    let path = || {
        ["file_path", "absolute_path", "path"]
            .iter()
            .find_map(|k| s(args, k))
            .unwrap_or("")
            .to_string()
    };
    let k = match name {
        "run_shell_command" => return ("shell".into(), Kind::Shell(inner_command(&f("command")).to_string())),
        "write_file" | "replace" | "edit" => Kind::Edit(vec![path()]),
        "read_file" => Kind::Read(path()),
        "google_web_search" | "web_search" => Kind::WebSearch(f("query")),
        "web_fetch" => {
            let url = s(args, "url").map(str::to_string).or_else(|| {
                let p = s(args, "prompt")?;
                let start = p.find("https://").or_else(|| p.find("http://"))?;
                let end = p[start..].find(char::is_whitespace).map_or(p.len(), |e| start + e);
                Some(p[start..end].to_string())
            });
            Kind::WebFetch(url.unwrap_or_default())
        }
        _ => {
            if let Some((server, tool)) = split_known(name, "__", &b.opts.mcp_servers, false) {
                return (crate::transcripts::paths::mcp_name(server, tool), Kind::Tool);
            }
            Kind::Tool
        }
    };
    (name.to_string(), k)
}

fn response_text(result: &Value) -> (Option<Value>, bool) {
    let mut text = Vec::new();
    let mut error = false;
    for r in result.as_array().into_iter().flatten() {
        let resp = r.get("functionResponse").and_then(|f| f.get("response"));
        if let Some(o) = resp.and_then(|r| r.get("output")).and_then(Value::as_str) {
            text.push(o.to_string());
        }
        if let Some(e) = resp.and_then(|r| r.get("error")).and_then(Value::as_str) {
            text.push(e.to_string());
            error = true;
        }
    }
    ((!text.is_empty()).then(|| Value::String(text.join("\n"))), error)
}

pub(crate) fn adapt(records: &mut dyn Iterator<Item = Value>, b: &mut RunBuilder) {
    for v in records {
        let v = &v;
        let ts = b.time(v.get("timestamp"));
        match s(v, "type") {
            Some("user") => b.new_turn(),
            Some("message") if s(v, "role") == Some("user") => b.new_turn(),
            Some("init") => b.note_cwd(s(v, "cwd")),
            Some("tool_use") => {
                let args = v.get("parameters").cloned().unwrap_or(Value::Null);
                let (name, k) = kind(b, s(v, "tool_name").unwrap_or(""), &args);
                b.call(s(v, "tool_id"), &name, Some(args), k, ts);
            }
            Some("tool_result") => {
                let Some(id) = s(v, "tool_id") else { continue };
                let ok = s(v, "status").map(|st| st == "success");
                let out = v
                    .get("output")
                    .cloned()
                    .or_else(|| v.get("error").and_then(|e| e.get("message")).cloned());
                b.result(id, out, ok, ts);
            }
            _ => {}
        }
        for call in v.get("toolCalls").and_then(Value::as_array).into_iter().flatten() {
            let args = call.get("args").cloned().unwrap_or(Value::Null);
            let (name, k) = kind(b, s(call, "name").unwrap_or(""), &args);
            let id = s(call, "id");
            let call_ts = b.time(call.get("timestamp")).or(ts);
            b.call(id, &name, Some(args), k, ts.or(call_ts));
            let (out, error) = call.get("result").map(response_text).unwrap_or((None, false));
            let ok = s(call, "status").map(|st| st == "success" && !error);
            if let Some(id) = id {
                b.result(id, out, ok, call_ts);
            }
        }
    }
}
