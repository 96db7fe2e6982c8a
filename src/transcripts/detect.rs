//! Which harness wrote a transcript, from the shapes of its records.

use super::normalize::Harness;
use serde_json::Value;

/// Whether `m` is a pi message no other harness writes: a `toolResult` or
/// `bashExecution` message, or one with a `toolCall` block.
fn is_pi_message(m: Option<&Value>) -> bool {
    let Some(m) = m else { return false };
    if matches!(
        m.get("role").and_then(Value::as_str),
        Some("toolResult" | "bashExecution")
    ) {
        return true;
    }
    m.get("content").and_then(Value::as_array).is_some_and(|c| {
        c.iter()
            .any(|b| b.get("type").and_then(Value::as_str) == Some("toolCall"))
    })
}

fn guess(v: &Value) -> Option<Harness> {
    let ty = v.get("type").and_then(Value::as_str).unwrap_or("");
    if v.get("sessionUpdate").is_some()
        || v.get("method")
            .and_then(Value::as_str)
            .is_some_and(|m| m.starts_with("session/"))
    {
        return Some(Harness::Acp);
    }
    if v.get("turn").is_some_and(Value::is_number) && matches!(ty, "tool" | "file-edit" | "web-search" | "web-fetch") {
        return Some(Harness::Reeval);
    }
    match ty {
        // A Codex rollout (`~/.codex/sessions/**/rollout-*.jsonl`): `{ timestamp, type, payload }`.
        "session_meta" | "response_item" | "event_msg" | "turn_context" | "compacted" if v.get("payload").is_some() => {
            return Some(Harness::Codex)
        }
        // A pi session file (`~/.pi/agent/sessions/**.jsonl`): its header and entries.
        "session" if v.get("cwd").is_some() => return Some(Harness::Pi),
        "model_change" | "thinking_level_change" if v.get("modelId").is_some() || v.get("thinkingLevel").is_some() => {
            return Some(Harness::Pi)
        }
        "message" if is_pi_message(v.get("message")) => return Some(Harness::Pi),
        "thread.started" | "turn.started" | "turn.completed" | "turn.failed" | "item.started" | "item.updated"
        | "item.completed" => return Some(Harness::Codex),
        "step_start" | "step_finish" => return Some(Harness::OpenCode),
        "tool_use" | "text" if v.get("part").is_some() => return Some(Harness::OpenCode),
        "agent_start"
        | "agent_end"
        | "turn_start"
        | "turn_end"
        | "message_start"
        | "message_end"
        | "message_update"
        | "tool_execution_start"
        | "tool_execution_end"
        | "auto_compaction_start"
        | "auto_retry_start" => return Some(Harness::Pi),
        "tool_call" | "thinking" if v.get("session_id").is_some() => return Some(Harness::Cursor),
        "gemini" => return Some(Harness::GeminiCli),
        // Cursor's init has no tool list; Claude Code's has `tools`.
        "system"
            if v.get("subtype").and_then(Value::as_str) == Some("init")
                && v.get("apiKeySource").is_some()
                && v.get("tools").is_none() =>
        {
            return Some(Harness::Cursor)
        }
        // Gemini CLI stream-json: `init` with `session_id` and `model`, `message` with `role`.
        "init" if v.get("session_id").is_some() && v.get("model").is_some() => return Some(Harness::GeminiCli),
        "message" if v.get("role").is_some() && v.get("message").is_none() => return Some(Harness::GeminiCli),
        "tool_use" | "tool_result" if v.get("tool_id").is_some() => return Some(Harness::GeminiCli),
        _ => {}
    }
    if v.get("toolCalls").is_some_and(Value::is_array) {
        return Some(Harness::GeminiCli);
    }
    let content = v.get("message").unwrap_or(v).get("content");
    if let Some(Value::Array(items)) = content {
        if items.iter().any(|i| {
            matches!(
                i.get("type").and_then(Value::as_str),
                Some("toolRequest" | "toolResponse")
            )
        }) {
            return Some(Harness::Goose);
        }
    }
    match ty {
        "assistant" | "user" | "system" | "result" | "file-history-snapshot" | "progress" | "summary" => {
            Some(Harness::ClaudeCode)
        }
        _ => None,
    }
}

/// The detection rule, one record at a time: the most specific format seen
/// in the first 500 records wins (Claude Code's shapes are the weakest clue,
/// since Cursor's stream shares them), and Cursor's own shapes settle it.
#[derive(Default)]
pub(crate) struct Detector {
    best: Option<Harness>,
    seen: usize,
    settled: bool,
}

impl Detector {
    /// Takes one record into account (records after the 500th are ignored).
    pub(crate) fn see(&mut self, v: &Value) {
        if self.settled || self.seen >= 500 {
            return;
        }
        self.seen += 1;
        match guess(v) {
            Some(Harness::ClaudeCode) => self.best = self.best.or(Some(Harness::ClaudeCode)),
            Some(Harness::Cursor) => {
                self.best = Some(Harness::Cursor);
                self.settled = true;
            }
            Some(h) if self.best.is_none() || self.best == Some(Harness::ClaudeCode) => self.best = Some(h),
            _ => {}
        }
    }

    /// The harness so far, `None` when nothing was recognised.
    pub(crate) fn harness(&self) -> Option<Harness> {
        self.best
    }
}

/// Detects the harness of parsed records: the most specific format seen in
/// the first 500 records wins (Claude Code's shapes are the weakest clue,
/// since Cursor's stream shares them). `None` when nothing is recognised.
pub fn detect_harness(records: &[Value]) -> Option<Harness> {
    let mut d = Detector::default();
    for v in records.iter().take(500) {
        d.see(v);
    }
    d.harness()
}
