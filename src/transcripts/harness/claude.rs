//! Claude Code: `-p --output-format stream-json --verbose` lines and stored
//! sessions (`~/.claude/projects/<dir>/<session>.jsonl`). Tool calls are
//! `tool_use` blocks of `assistant` messages; results are `tool_result`
//! blocks of `user` messages (`is_error` marks a failure or a rejection).
//! A user prompt (not `isMeta`, not a `<command-…>` echo, not an
//! interruption notice) starts a turn; so does `system`/`init`, and the
//! first assistant message after a `result` (stream-json without echoed prompts).

use crate::transcripts::builder::{s, text_of, Kind, RunBuilder};
use serde_json::Value;

fn kind(name: &str, input: &Value) -> (String, Kind) {
    let f = |k: &str| s(input, k).unwrap_or("").to_string();
    let k = match name {
        "Bash" => return ("bash".into(), Kind::Shell(f("command"))),
        "Write" | "Edit" | "MultiEdit" => Kind::Edit(vec![f("file_path")]),
        "NotebookEdit" => Kind::Edit(vec![f("notebook_path")]),
        "Read" => Kind::Read(f("file_path")),
        "NotebookRead" => Kind::Read(f("notebook_path")),
        "WebSearch" => Kind::WebSearch(f("query")),
        "WebFetch" => Kind::WebFetch(f("url")),
        _ => Kind::Tool,
    };
    (name.to_string(), k)
}

/// `content` is the message's array content (taken out of `v`), or null.
fn is_prompt(v: &Value, content: &Value) -> bool {
    if v.get("isMeta").and_then(Value::as_bool) == Some(true) {
        return false;
    }
    let content = match content {
        Value::Null => v.get("message").and_then(|m| m.get("content")),
        c => Some(c),
    };
    let text = match content {
        Some(Value::String(t)) => t.as_str(),
        Some(Value::Array(items)) => {
            if items.iter().any(|i| s(i, "type") == Some("tool_result")) {
                return false;
            }
            match items.iter().find_map(|i| s(i, "text")) {
                Some(t) => t,
                None => return false,
            }
        }
        _ => return false,
    };
    let t = text.trim_start();
    !(t.starts_with('<') || t.starts_with("[Request interrupted"))
}

pub(crate) fn adapt(records: &mut dyn Iterator<Item = Value>, b: &mut RunBuilder) {
    // `fresh_init`: an init just opened a turn with nothing in it yet.
    // `ended`: a `result` closed the turn; the next assistant message opens
    // one (stream-json does not echo prompts unless asked to).
    let (mut fresh_init, mut ended) = (false, false);
    for mut owned in records {
        let content = match owned.pointer_mut("/message/content") {
            Some(c) if c.is_array() => c.take(),
            _ => Value::Null,
        };
        let v = &owned;
        b.note_cwd(s(v, "cwd"));
        let ts = b.time(v.get("timestamp"));
        match s(v, "type") {
            Some("system") if s(v, "subtype") == Some("init") => {
                if !fresh_init {
                    b.new_turn();
                }
                fresh_init = true;
                ended = false;
            }
            Some("result") => ended = true,
            Some("user") => {
                if is_prompt(v, &content) {
                    if !fresh_init {
                        b.new_turn();
                    }
                    fresh_init = false;
                    ended = false;
                    continue;
                }
                let Value::Array(items) = content else { continue };
                for mut item in items.into_iter().filter(|i| s(i, "type") == Some("tool_result")) {
                    let failed = item.get("is_error").and_then(Value::as_bool).unwrap_or(false);
                    let output = item.get_mut("content").map(|c| match c {
                        Value::String(_) => c.take(),
                        other => text_of(other),
                    });
                    let Some(id) = s(&item, "tool_use_id") else { continue };
                    b.result(id, output, Some(!failed), ts);
                }
            }
            Some("assistant") => {
                if ended {
                    b.new_turn();
                    ended = false;
                }
                fresh_init = false;
                let Value::Array(items) = content else { continue };
                for mut item in items.into_iter().filter(|i| s(i, "type") == Some("tool_use")) {
                    let input = item.get_mut("input").map(Value::take).unwrap_or(Value::Null);
                    let (name, k) = kind(s(&item, "name").unwrap_or(""), &input);
                    b.call(s(&item, "id"), &name, Some(input), k, ts);
                }
            }
            _ => {}
        }
    }
}
