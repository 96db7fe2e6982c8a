//! The judge natively: the model call is a [`JudgeModel`] the caller
//! implements (no network code in this crate), following
//! `validateJudge` of `@gleanwork/mcp-server-tester@1.1.0`.

use super::assertions::CheckResult;
use super::judge::{build_judge_prompt, judge_plan, judge_result, parse_verdict};
use crate::error::Result;
use serde_json::Value;

/// The caller's model: given the judge prompt, return the model's raw reply
/// text (parsed with [`parse_verdict`]) or an error message.
pub trait JudgeModel {
    /// The model's reply to `prompt`, or why there is none.
    fn complete(&mut self, prompt: &str) -> std::result::Result<String, String>;
}

/// `validateJudge(response, config)` with the caller's model.
///
/// `config`: `{ rubric: name | { text }, reference?, threshold? (default
/// 0.7), reps? (default 1) }`. The candidate is `response` (a string as is,
/// else pretty JSON text; keys sorted, as `serde_json` stores them). The
/// model is asked `reps` times; the mean score is compared with the
/// threshold (see [`super::judge::judge_result`] for messages and details).
/// A model error or an unreadable verdict is a failed result with message
/// `Judge evaluation error: …`, as in the reference.
///
/// Errors: `INVALID_ARGUMENT`/`INVALID_OPTION` (path `config…`) for a
/// malformed config; a `judge` name needs the JS package (its registry).
pub fn validate_judge(response: &Value, config: &Value, model: &mut dyn JudgeModel) -> Result<CheckResult> {
    let plan = judge_plan(config, None, "config")?;
    let Some(rubric) = plan.rubric else {
        return Ok(CheckResult::fail(
            "Judge evaluation failed: named judges are only available in the JS package",
            None,
        ));
    };
    let text = |v: &Value| match v {
        Value::String(s) => s.clone(),
        other => serde_json::to_string_pretty(other).unwrap_or_default(),
    };
    let reference = config.get("reference").filter(|v| !v.is_null()).map(text);
    let prompt = build_judge_prompt(&text(response), reference.as_deref(), &rubric);
    let mut scores = Vec::new();
    let mut reasoning = String::new();
    for _ in 0..plan.reps {
        let reply = match model.complete(&prompt) {
            Ok(r) => r,
            Err(e) => return Ok(CheckResult::fail(format!("Judge evaluation error: {e}"), None)),
        };
        match parse_verdict(&reply) {
            Ok(v) => {
                scores.push(v.score);
                reasoning = v.reasoning;
            }
            Err(e) => {
                return Ok(CheckResult::fail(
                    format!("Judge evaluation error: {}", e.message),
                    None,
                ))
            }
        }
    }
    Ok(judge_result(&scores, plan.threshold, &reasoning))
}
