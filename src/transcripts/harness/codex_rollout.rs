//! OpenAI Codex stored sessions: the rollout files under
//! `~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`, one `{ timestamp, type,
//! payload }` record per line (`codex-rs/protocol`'s `RolloutLine`), a
//! different record format from `codex exec --json`.
//!
//! - `session_meta` (and `turn_context`) carry the session's `cwd`, the
//!   workspace when the caller gives none.
//! - `event_msg` `user_message` starts a turn (the `response_item` user
//!   messages also hold the injected `<environment_context>`, so they are not used).
//! - `response_item` `function_call` (`arguments` a JSON text), `custom_tool_call`
//!   (`input` a free-form text), `local_shell_call` (`action.command` an argv) and
//!   `web_search_call` (`action.type` `search` with `query`, `open_page` with
//!   `url`) are calls; `function_call_output` / `custom_tool_call_output` their
//!   results, joined by `call_id`.
//! - Shell tools (`shell` / `container.exec` with an argv `command`,
//!   `shell_command` with a text `command`, `exec_command` with `cmd`,
//!   `local_shell_call`) are `shell` events with the inner command of
//!   `bash -lc '…'`. `apply_patch` (a custom tool whose `input` is the patch,
//!   a function with `input`, or a shell command `apply_patch <<'EOF' … EOF`)
//!   edits every file its `*** Add File:` / `*** Update File:` / `*** Delete
//!   File:` / `*** Move to:` lines name.
//! - A result's `ok`: the `metadata.exit_code` of a `{ output, metadata }`
//!   output (the text becomes `output`), or the `Exit code: N` first line of
//!   a text output; `event_msg` `exec_command_end` (`exit_code`,
//!   `aggregated_output`) and `patch_apply_end` (`success`) say it too when
//!   the rollout keeps them. `mcp_tool_call_begin` / `_end` name an MCP call
//!   `mcp__<server>__<tool>`; a function named `<server>__<tool>` is read so
//!   too (split at a known server, else at the first `__`).

use crate::transcripts::builder::{s, text_into, Kind, RunBuilder};
use crate::transcripts::paths::{argv_command, inner_command, mcp_name, patch_files, split_known};
use serde_json::Value;

/// The record and payload types this reader uses (the text reader skips
/// other lines unparsed).
pub(crate) const NEEDED: &[&str] = &[
    "session_meta",
    "turn_context",
    "user_message",
    "function_call",
    "custom_tool_call",
    "local_shell_call",
    "web_search_call",
    "function_call_output",
    "custom_tool_call_output",
    "exec_command_end",
    "patch_apply_end",
    "mcp_tool_call_begin",
    "mcp_tool_call_end",
];

/// Whether a record's `type` is one of a rollout's.
pub(crate) fn is_rollout(ty: &str) -> bool {
    matches!(
        ty,
        "session_meta" | "response_item" | "event_msg" | "turn_context" | "compacted"
    )
}

/// Moves `key` out of an object (no copy of its value).
fn take(v: &mut Value, key: &str) -> Option<Value> {
    v.as_object_mut()?.remove(key)
}

/// Reads one rollout record.
pub(crate) fn record(b: &mut RunBuilder, mut v: Value) {
    let Some(mut p) = take(&mut v, "payload") else {
        return;
    };
    let ty = s(&p, "type").unwrap_or("").to_string();
    if !matches!(s(&v, "type"), Some("session_meta" | "turn_context")) && !NEEDED.contains(&ty.as_str()) {
        return;
    }
    let ts = b.time(v.get("timestamp"));
    match (s(&v, "type").unwrap_or(""), ty.as_str()) {
        ("session_meta" | "turn_context", _) => b.note_cwd(s(&p, "cwd")),
        ("event_msg", "user_message") => b.new_turn(),
        ("event_msg", "exec_command_end") => {
            let ok = p.get("exit_code").and_then(Value::as_i64).map(|c| c == 0);
            let out = take(&mut p, "aggregated_output").or_else(|| take(&mut p, "stdout"));
            if let Some(id) = s(&p, "call_id") {
                b.result(id, out, ok, ts);
            }
        }
        ("event_msg", "patch_apply_end") => {
            let ok = p.get("success").and_then(Value::as_bool);
            if let Some(id) = s(&p, "call_id") {
                b.result(id, None, ok, ts);
            }
        }
        ("event_msg", "mcp_tool_call_begin" | "mcp_tool_call_end") => mcp_event(b, &ty, p, ts),
        ("response_item", "function_call_output" | "custom_tool_call_output") => {
            let (out, ok) = output(take(&mut p, "output"));
            if let Some(id) = s(&p, "call_id") {
                b.result(id, out, ok, ts);
            }
        }
        ("response_item", "function_call") => {
            let name = s(&p, "name").unwrap_or("").to_string();
            let args = take(&mut p, "arguments").map(parse_arguments);
            let (name, kind) = function_kind(b, &name, args.as_ref());
            b.call(s(&p, "call_id"), &name, args, kind, ts);
        }
        ("response_item", "custom_tool_call") => {
            let name = s(&p, "name").unwrap_or("").to_string();
            let input = take(&mut p, "input");
            let kind = match (name.as_str(), input.as_ref().and_then(Value::as_str)) {
                ("apply_patch", Some(patch)) => Kind::Edit(patch_files(patch)),
                _ => Kind::Tool,
            };
            b.call(s(&p, "call_id"), &name, input, kind, ts);
        }
        ("response_item", "local_shell_call") => {
            let action = take(&mut p, "action");
            let cmd = match action.as_ref().and_then(|a| a.get("command")) {
                Some(Value::Array(argv)) => argv_command(argv),
                Some(Value::String(c)) => inner_command(c).to_string(),
                _ => String::new(),
            };
            let (name, kind) = shell(cmd);
            let id = s(&p, "call_id").or_else(|| s(&p, "id"));
            b.call(id, name, action, kind, ts);
        }
        ("response_item", "web_search_call") => {
            let action = take(&mut p, "action");
            let get = |k: &str| action.as_ref().and_then(|a| s(a, k)).map(str::to_string);
            let kind = match (get("type").as_deref(), get("url")) {
                (Some("open_page" | "find_in_page"), Some(url)) => Kind::WebFetch(url),
                _ => Kind::WebSearch(get("query").unwrap_or_default()),
            };
            let ok = match s(&p, "status") {
                Some("completed") => Some(true),
                Some("failed") => Some(false),
                _ => None,
            };
            let id = s(&p, "id").or_else(|| s(&p, "call_id")).map(str::to_string);
            b.call(id.as_deref(), "web_search", action, kind, ts);
            if let Some(id) = id {
                b.result(&id, None, ok, ts);
            }
        }
        _ => {}
    }
}

/// A function call's arguments: the JSON text parsed (kept as text when it is not JSON).
fn parse_arguments(a: Value) -> Value {
    match a {
        Value::String(text) => serde_json::from_str(&text).unwrap_or(Value::String(text)),
        other => other,
    }
}

/// The event name and kind of a shell command (`apply_patch` through the shell is an edit).
fn shell(cmd: String) -> (&'static str, Kind) {
    let t = cmd.trim_start();
    if (t.starts_with("apply_patch") || t.starts_with("applypatch")) && t.contains("*** Begin Patch") {
        return ("apply_patch", Kind::Edit(patch_files(t)));
    }
    ("shell", Kind::Shell(cmd))
}

fn function_kind(b: &RunBuilder, name: &str, args: Option<&Value>) -> (String, Kind) {
    let arg = |k: &str| args.and_then(|a| a.get(k));
    let command = |k: &str| match arg(k) {
        Some(Value::Array(argv)) => Some(argv_command(argv)),
        Some(Value::String(c)) => Some(inner_command(c).to_string()),
        _ => None,
    };
    let cmd = match name {
        "shell" | "container.exec" | "local_shell" | "shell_command" => command("command"),
        "exec_command" => command("cmd").or_else(|| command("command")),
        _ => None,
    };
    if let Some(cmd) = cmd {
        let (n, k) = shell(cmd);
        return (n.to_string(), k);
    }
    if name == "apply_patch" {
        let patch = arg("input").or_else(|| arg("patch")).and_then(Value::as_str);
        return (name.to_string(), Kind::Edit(patch.map(patch_files).unwrap_or_default()));
    }
    if !name.starts_with("mcp__") {
        if let Some((server, tool)) = split_known(name, "__", &b.opts.mcp_servers, true) {
            return (mcp_name(server, tool), Kind::Tool);
        }
    }
    (name.to_string(), Kind::Tool)
}

/// A tool output: `{ output, metadata: { exit_code } }` (as text or an
/// object) gives its text and the exit code's verdict; a text starting
/// `Exit code: N` gives N's; content items are joined; `success` is read.
fn output(out: Option<Value>) -> (Option<Value>, Option<bool>) {
    let Some(out) = out else { return (None, None) };
    let mut parsed = match &out {
        Value::String(t) if t.starts_with('{') => serde_json::from_str::<Value>(t).ok(),
        Value::Object(_) => Some(out.clone()),
        _ => None,
    };
    if let Some(Value::Object(o)) = parsed.as_mut() {
        let code = o
            .get("metadata")
            .and_then(|m| m.get("exit_code"))
            .and_then(Value::as_i64);
        let success = o.get("success").and_then(Value::as_bool);
        let text = o.remove("output").or_else(|| o.remove("content")).map(text_into);
        if code.is_some() || success.is_some() || text.is_some() {
            return (text.or(Some(out)), code.map(|c| c == 0).or(success));
        }
    }
    let ok = match &out {
        Value::String(t) => t
            .strip_prefix("Exit code: ")
            .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|n| n.parse::<i64>().ok())
            .map(|c| c == 0),
        _ => None,
    };
    (Some(text_into(out)), ok)
}

/// `mcp_tool_call_begin` / `_end`: `invocation { server, tool, arguments }`
/// names the call; the end's `result` is `{ Ok: { content, isError? } }` or `{ Err: text }`.
fn mcp_event(b: &mut RunBuilder, ty: &str, mut p: Value, ts: Option<f64>) {
    let Some(id) = s(&p, "call_id").map(str::to_string) else {
        return;
    };
    let mut inv = take(&mut p, "invocation").unwrap_or(Value::Null);
    let name = mcp_name(s(&inv, "server").unwrap_or(""), s(&inv, "tool").unwrap_or(""));
    let args = take(&mut inv, "arguments").filter(|a| !a.is_null());
    b.call(Some(&id), &name, args, Kind::Tool, ts);
    if ty != "mcp_tool_call_end" {
        return;
    }
    let mut result = take(&mut p, "result").unwrap_or(Value::Null);
    let (out, ok) = match (take(&mut result, "Ok"), take(&mut result, "Err")) {
        (Some(mut r), _) => {
            let failed = r.get("isError").and_then(Value::as_bool).unwrap_or(false);
            (take(&mut r, "content").map(text_into), Some(!failed))
        }
        (None, Some(e)) => (Some(e), Some(false)),
        _ => (None, None),
    };
    b.result(&id, out, ok, ts);
}
