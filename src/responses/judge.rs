//! LLM-as-a-judge without a network: the built-in rubrics, the judge prompt,
//! a verdict parser and the scoring of repeated verdicts, following
//! `@gleanwork/mcp-server-tester@1.1.0` (`dist/index.js`: `BUILT_IN_RUBRICS`,
//! `resolveRubric`, `buildJudgePrompt`, `parseJudgeResponse`,
//! `validateJudge`, `computeStdDev`).
//!
//! The model call is the caller's: a JS async function in the package, the
//! `JudgeModel` trait natively. Both ask for a `JudgeStep` and hand what
//! the judge said back as a `JudgeOutcome`; `judges_result` gives the
//! reference's result. Rubric texts are our own wording on the seed's
//! 5-point scale (0.0 / 0.25 / 0.5 / 0.75 / 1.0).

use super::assertions::CheckResult;
use crate::error::{ErrorCode, MatcherError, Result};
use crate::js::number::{to_fixed, to_string as js_number};
use crate::reader::Reader;
use crate::value::print::stringify_pretty;
use crate::value::Val;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The five built-in rubrics, `(name, text)`, names as the reference's
/// `BUILT_IN_RUBRICS`; every text scores on the seed's 5-point scale.
pub const BUILT_IN_RUBRICS: [(&str, &str); 5] = [
    (
        "correctness",
        "Judge whether the response is factually right and answers what was asked; when a reference answer is given, compare with it. \
Score 1.0 when it is entirely right with no errors; Score 0.75 when it is right apart from one small inaccuracy or omission; \
Score 0.5 when it answers only part of the question and misses key facts; Score 0.25 when it is on topic but mostly wrong or missing most key facts; \
Score 0.0 when it is wrong, irrelevant, or contradicts the reference.",
    ),
    (
        "completeness",
        "Judge whether the response covers every part of what was asked. \
Score 1.0 when every key point is covered; Score 0.75 when one minor point is missing; \
Score 0.5 when some parts are covered and others are missing; Score 0.25 when it touches the topic but leaves out most key parts; \
Score 0.0 when the main parts are missing or the response is off topic.",
    ),
    (
        "groundedness",
        "Judge whether every claim in the response is backed by the provided context or reference; penalise invented or unsupported facts. \
Score 1.0 when every claim can be traced to the context; Score 0.75 when one minor detail is unsupported; \
Score 0.5 when some claims are supported but notable invented facts are present; Score 0.25 when most claims are unsupported or invented; \
Score 0.0 when the response is invented throughout or contradicts the context.",
    ),
    (
        "instruction-following",
        "Judge whether the response follows the instructions it was given: format, tone, constraints and the task itself. \
Score 1.0 when every instruction is followed exactly; Score 0.75 when there is one minor deviation; \
Score 0.5 when some instructions are followed but key constraints are broken; Score 0.25 when the task is loosely addressed but most instructions are ignored; \
Score 0.0 when the instructions are disregarded.",
    ),
    (
        "conciseness",
        "Judge whether the response is as short as it can be without losing needed information; penalise padding, verbosity and repetition. \
Score 1.0 when it is complete and has no needless content; Score 0.75 when it is slightly wordy but loses and repeats nothing; \
Score 0.5 when padding or repetition noticeably hurts clarity; Score 0.25 when it is far longer than needed with much filler; \
Score 0.0 when the answer is buried under padding or repetition.",
    ),
];

/// The judge providers a `passesJudge` entry may name (`provider` of the
/// reference's `JudgeExpectConfigSchema`).
pub(crate) const JUDGE_PROVIDERS: [&str; 5] = [
    "anthropic",
    "vertex-anthropic",
    "anthropic-agent-sdk",
    "openai",
    "google",
];

/// The reference's `validateJudge` default threshold (the seed's guide says
/// 1.0; the code, which we follow, says 0.7).
const DEFAULT_THRESHOLD: f64 = 0.7;

/// Mean scores whose population standard deviation exceeds this are flagged
/// `highVariance` (as the reference).
const HIGH_VARIANCE: f64 = 0.2;

/// `isBuiltInRubric(s)` of the reference (`src/judge/rubrics.ts`): whether
/// `name` is one of the five built-in rubric names (case-sensitive; only
/// the table's own names, so `toString` is not one, where the reference's
/// `in` check says it is).
pub fn is_built_in_rubric(name: &str) -> bool {
    BUILT_IN_RUBRICS.iter().any(|(n, _)| *n == name)
}

/// The message `validateJudge` gives a config with neither `judge` nor
/// `rubric` (a failed result, not an error, as the reference).
pub(crate) const NO_JUDGE_OR_RUBRIC: &str = "Judge evaluation failed: either \"judge\" or \"rubric\" must be provided";

/// `validateJudge`'s answer before any judge is asked: a failed result for
/// an object config without `judge` and `rubric`, else `None`.
pub(crate) fn missing_judge(r: &Reader<'_, '_>) -> Option<CheckResult> {
    let absent = |k: &str| r.field(k).value().is_none();
    (matches!(r.value(), Some(Val::Obj(_))) && absent("judge") && absent("rubric"))
        .then(|| CheckResult::fail(NO_JUDGE_OR_RUBRIC, None))
}

/// The high-variance warnings of a judge result: one per model judge whose
/// verdicts were flagged `highVariance` (`details.judgeResults` read for
/// several judges). `validateJudge` of the reference logs the same fact
/// with `console.warn`; the package hands each text to `onWarning`.
pub fn high_variance_warnings(result: &CheckResult) -> Vec<String> {
    let one = |d: &Value| -> Option<String> {
        if d.get("highVariance") != Some(&Value::Bool(true)) {
            return None;
        }
        let std = d.get("scoreStdDev")?.as_f64()?;
        let scores: Vec<String> = d
            .get("scores")?
            .as_array()?
            .iter()
            .filter_map(Value::as_f64)
            .map(|s| to_fixed(s, 2))
            .collect();
        Some(format!(
            "[mcp-matchers] judge scores show high variance (stdDev={}, scores=[{}]): the rubric may be ambiguous",
            to_fixed(std, 2),
            scores.join(", ")
        ))
    };
    let Some(details) = &result.details else {
        return Vec::new();
    };
    match details.get("judgeResults").and_then(Value::as_array) {
        Some(results) => results.iter().filter_map(|r| r.get("details").and_then(one)).collect(),
        None => one(details).into_iter().collect(),
    }
}

/// `resolveRubric(rubric)`: a built-in name or `{ text }` (non-empty string)
/// to the rubric text.
///
/// Errors: `INVALID_OPTION` at `path` for an unknown name;
/// `INVALID_ARGUMENT` at `path` (or `path.text`) for any other shape.
pub fn resolve_rubric(rubric: &Value, path: &str) -> Result<String> {
    read_rubric(&Reader::new(Some(&Val::from(rubric)), path)).map(str::to_string)
}

/// [`resolve_rubric`] over a reader.
pub(crate) fn read_rubric<'v>(r: &Reader<'_, 'v>) -> Result<&'v str> {
    match r.value() {
        Some(Val::Str(name)) => BUILT_IN_RUBRICS
            .iter()
            .find(|(n, _)| *n == name.as_ref())
            .map(|(_, t)| *t)
            .ok_or_else(|| {
                let names: Vec<&str> = BUILT_IN_RUBRICS.iter().map(|(n, _)| *n).collect();
                let message = format!(
                    "unknown rubric \"{name}\" (expected one of {}, or {{ text }})",
                    names.join(", ")
                );
                MatcherError::invalid_option(r.path(), message)
            }),
        Some(Val::Obj(_)) => match r.field("text").value() {
            Some(Val::Str(t)) if !t.is_empty() => Ok(t.as_ref()),
            _ => Err(MatcherError::invalid_argument(
                r.field("text").path(),
                "expected a non-empty string",
            )),
        },
        _ => Err(MatcherError::invalid_argument(
            r.path(),
            "expected a built-in rubric name or { text }",
        )),
    }
}

/// `buildJudgePrompt(candidate, reference, rubric)` with the reference's
/// template. `candidate` and `reference` are already text (the package
/// stringifies non-strings with `JSON.stringify(v, null, 2)`, as the
/// reference); `None` reference prints `No reference provided.`.
pub fn build_judge_prompt(candidate: &str, reference: Option<&str>, rubric: &str) -> String {
    format!(
        "Rubric:\n{rubric}\n\n<candidate_response>\n{candidate}\n</candidate_response>\n\n<reference_answer>\n{}\n</reference_answer>\n\nEvaluate and return JSON: {{\"pass\": boolean, \"score\": number (0-1), \"reasoning\": string}}",
        reference.unwrap_or("No reference provided.")
    )
}

/// A candidate or reference as the reference's prompt prints it (a template
/// literal of `typeof v === "string" ? v : JSON.stringify(v, null, 2)`).
pub(crate) fn judge_text(v: &Val<'_>) -> String {
    match v {
        Val::Str(s) => s.to_string(),
        Val::Undefined => "undefined".into(),
        other => stringify_pretty(other),
    }
}

/// A parsed judge verdict `{ pass, score, reasoning }`; `score` in 0–1.
#[must_use]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JudgeVerdict {
    /// The model's own `pass` when it gave a boolean, else `score >= 0.5`
    /// (informative only: the judge result is decided by the threshold).
    pub pass: bool,
    /// The score, 0 to 1.
    pub score: f64,
    /// `reasoning` when a string, else `""`.
    pub reasoning: String,
}

/// Parses a model's verdict text. Accepts the bare JSON object, one inside
/// a code fence (```` ```json ````) or inside surrounding prose: the first
/// JSON object in the text holding `score` (or, as the reference's fallback,
/// a boolean `pass`: score 1 or 0) is taken.
///
/// The text is read once (every `{` is considered, none parsed twice), so a
/// reply of any size costs time linear in its length.
///
/// Errors: `INVALID_JSON` (path `verdict`) when no such object is found;
/// `INVALID_ARGUMENT` (path `verdict.score`) when `score` is not a number in
/// 0–1 (the reference's `z.number().min(0).max(1)`).
pub fn parse_verdict(text: &str) -> Result<JudgeVerdict> {
    // serde_json refuses a few objects the scan accepts (deeper than 128
    // levels, a number past f64, a lone surrogate escape): the next candidate
    // after such a one is looked for, at most this many times.
    let mut from = 0;
    for _ in 0..64 {
        let Some((start, end)) = find_verdict_object(text, from) else {
            break;
        };
        if let Ok(Value::Object(o)) = serde_json::from_str::<Value>(&text[start..end]) {
            return verdict_from(&o);
        }
        from = start + 1;
    }
    Err(MatcherError::new(
        ErrorCode::InvalidJson,
        "verdict",
        format!(
            "no JSON verdict {{\"pass\", \"score\", \"reasoning\"}} found in: {}",
            text.chars().take(200).collect::<String>()
        ),
    ))
}

/// Finds, in one pass, the JSON object that starts first in `text` among
/// those that hold a verdict (a `score` member, or a boolean `pass` as the
/// last `pass` member): its byte range. A JSON parse is started at each `{`
/// outside a parse; an object completed inside it is a candidate, and when the
/// outermost object completes or the text stops being JSON, the earliest
/// candidate is the answer, else the scan goes on from there (a `{` inside
/// the part already read is never parsed again, so each byte is read once).
/// The grammar is JSON's (RFC 8259) as serde_json reads it, without its depth
/// limit (the caller parses the winner with serde_json).
fn find_verdict_object(text: &str, from: usize) -> Option<(usize, usize)> {
    #[derive(Clone, Copy)]
    enum Want {
        KeyOrEnd,
        Key,
        Colon,
        Value,
        ValueOrEnd,
        CommaOrEnd,
    }
    #[derive(PartialEq)]
    enum Key {
        Score,
        Pass,
        Other,
    }
    struct Frame {
        start: usize,
        object: bool,
        want: Want,
        key: Key,
        has_score: bool,
        pass_bool: bool,
    }
    let b = text.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    let mut best: Option<(usize, usize)> = None;
    let mut p = from;
    // A value of the innermost frame ended: `bool_value` tells whether it was `true`/`false`.
    fn value_done(stack: &mut [Frame], bool_value: bool) {
        if let Some(f) = stack.last_mut() {
            if f.object && f.key == Key::Pass {
                f.pass_bool = bool_value;
            }
            f.want = Want::CommaOrEnd;
        }
    }
    loop {
        if stack.is_empty() {
            if best.is_some() {
                return best;
            }
            let i = p + b.get(p..)?.iter().position(|&c| c == b'{')?;
            stack.push(Frame {
                start: i,
                object: true,
                want: Want::KeyOrEnd,
                key: Key::Other,
                has_score: false,
                pass_bool: false,
            });
            p = i + 1;
            continue;
        }
        while p < b.len() && matches!(b[p], b' ' | b'\t' | b'\n' | b'\r') {
            p += 1;
        }
        let Some(&c) = b.get(p) else {
            return best;
        };
        let top = stack.last_mut().expect("not empty");
        let ok = match (top.want, c) {
            (Want::KeyOrEnd | Want::CommaOrEnd, b'}') if top.object => {
                let f = stack.pop().expect("not empty");
                p += 1;
                if f.has_score || f.pass_bool {
                    best = Some(best.map_or((f.start, p), |b| if b.0 < f.start { b } else { (f.start, p) }));
                }
                value_done(&mut stack, false);
                true
            }
            (Want::ValueOrEnd | Want::CommaOrEnd, b']') if !top.object => {
                stack.pop();
                p += 1;
                value_done(&mut stack, false);
                true
            }
            (Want::CommaOrEnd, b',') => {
                top.want = if top.object { Want::Key } else { Want::Value };
                p += 1;
                true
            }
            (Want::Colon, b':') => {
                top.want = Want::Value;
                p += 1;
                true
            }
            (Want::KeyOrEnd | Want::Key, b'"') => match string_end(b, p) {
                Some(end) => {
                    top.key = match key_text(&text[p + 1..end - 1]).as_deref() {
                        Some("score") => {
                            top.has_score = true;
                            Key::Score
                        }
                        Some("pass") => Key::Pass,
                        _ => Key::Other,
                    };
                    top.want = Want::Colon;
                    p = end;
                    true
                }
                None => false,
            },
            (Want::Value | Want::ValueOrEnd, _) => match c {
                b'{' | b'[' => {
                    stack.push(Frame {
                        start: p,
                        object: c == b'{',
                        want: if c == b'{' { Want::KeyOrEnd } else { Want::ValueOrEnd },
                        key: Key::Other,
                        has_score: false,
                        pass_bool: false,
                    });
                    p += 1;
                    true
                }
                b'"' => match string_end(b, p) {
                    Some(end) => {
                        p = end;
                        value_done(&mut stack, false);
                        true
                    }
                    None => false,
                },
                b't' | b'f' | b'n' => {
                    let word: &[u8] = match c {
                        b't' => b"true",
                        b'f' => b"false",
                        _ => b"null",
                    };
                    if b[p..].starts_with(word) {
                        p += word.len();
                        value_done(&mut stack, c != b'n');
                        true
                    } else {
                        false
                    }
                }
                b'-' | b'0'..=b'9' => match number_end(b, p) {
                    Some(end) => {
                        p = end;
                        value_done(&mut stack, false);
                        true
                    }
                    None => false,
                },
                _ => false,
            },
            _ => false,
        };
        if !ok {
            // Not JSON from the outermost `{` on: what completed inside it stands; the scan goes on here.
            stack.clear();
        }
    }
}

/// The end (one past the closing quote) of the JSON string opening at `b[p]`.
fn string_end(b: &[u8], p: usize) -> Option<usize> {
    let mut i = p + 1;
    while i < b.len() {
        match b[i] {
            b'"' => return Some(i + 1),
            b'\\' => match b.get(i + 1)? {
                b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => i += 2,
                b'u' if b.get(i + 2..i + 6)?.iter().all(u8::is_ascii_hexdigit) => i += 6,
                _ => return None,
            },
            0..=0x1f => return None,
            _ => i += 1,
        }
    }
    None
}

/// A key's text with its escapes read, when short enough to be `score` or `pass`.
fn key_text(raw: &str) -> Option<std::borrow::Cow<'_, str>> {
    if !raw.contains('\\') {
        return Some(raw.into());
    }
    if raw.len() > 64 {
        return None;
    }
    serde_json::from_str::<String>(&format!("\"{raw}\""))
        .ok()
        .map(Into::into)
}

/// The end of the JSON number starting at `b[p]` (`-`? int frac? exp?).
fn number_end(b: &[u8], p: usize) -> Option<usize> {
    let digits = |i: usize| b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut i = p + usize::from(b[p] == b'-');
    match b.get(i)? {
        b'0' => i += 1,
        b'1'..=b'9' => i += digits(i),
        _ => return None,
    }
    if b.get(i) == Some(&b'.') {
        let n = digits(i + 1);
        if n == 0 {
            return None;
        }
        i += 1 + n;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let n = digits(i);
        if n == 0 {
            return None;
        }
        i += n;
    }
    Some(i)
}

fn verdict_from(o: &serde_json::Map<String, Value>) -> Result<JudgeVerdict> {
    let pass = o.get("pass").and_then(Value::as_bool);
    let score = match o.get("score") {
        None | Some(Value::Null) => pass.map(|p| if p { 1.0 } else { 0.0 }),
        Some(v) => v.as_f64(),
    };
    let score = match score {
        Some(s) if (0.0..=1.0).contains(&s) => s,
        _ => {
            return Err(MatcherError::invalid_argument(
                "verdict.score",
                format!(
                    "expected a number from 0 to 1, got {}",
                    o.get("score").map_or("nothing".to_string(), Value::to_string)
                ),
            ))
        }
    };
    Ok(JudgeVerdict {
        pass: pass.unwrap_or(score >= 0.5),
        score,
        reasoning: o
            .get("reasoning")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
    })
}

/// Mean and population standard deviation (the reference's
/// `computeStdDev`: divides by n; 0 for fewer than two scores).
pub fn mean_std(scores: &[f64]) -> (f64, f64) {
    if scores.is_empty() {
        return (0.0, 0.0);
    }
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    if scores.len() == 1 {
        return (mean, 0.0);
    }
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    (mean, var.sqrt())
}

/// The judge result from the scores of `reps` verdicts, as `validateJudge`
/// builds it: pass when the mean is at least `threshold`; message
/// `Judge passed with score 0.75` / `Judge failed with score 0.50
/// (threshold: 0.7). <reasoning>`, with ` (mean of N reps: [..])` when N > 1;
/// `details: { score, reasoning, judgeProvider, judgeModel?, scores?,
/// scoreStdDev?, highVariance? }` (`judgeProvider` the config's `provider`,
/// else `anthropic`, as the reference reports it).
fn judge_result(scores: &[f64], who: &JudgeWho<'_>, last_reasoning: &str) -> CheckResult {
    let threshold = who.threshold;
    if scores.is_empty() {
        return CheckResult::fail("Judge evaluation failed: no scores collected", None);
    }
    let (mean, std) = mean_std(scores);
    let pass = mean >= threshold;
    let reps = scores.len();
    let list: Vec<String> = scores.iter().map(|s| to_fixed(*s, 2)).collect();
    let note = if reps > 1 {
        format!(" (mean of {reps} reps: [{}])", list.join(", "))
    } else {
        String::new()
    };
    let message = if pass {
        format!("Judge passed with score {}{note}", to_fixed(mean, 2))
    } else {
        format!(
            "Judge failed with score {} (threshold: {}){note}. {last_reasoning}",
            to_fixed(mean, 2),
            js_number(threshold)
        )
    };
    let mut details = json!({ "score": mean, "reasoning": last_reasoning, "judgeProvider": who.provider });
    if let Some(m) = who.model {
        details["judgeModel"] = json!(m);
    }
    if reps > 1 {
        details["scores"] = json!(scores);
        details["scoreStdDev"] = json!(std);
        details["highVariance"] = json!(std > HIGH_VARIANCE);
    }
    CheckResult {
        pass,
        message,
        details: Some(details),
    }
}

/// What the caller does for one `passesJudge` entry: serialised as
/// `{ "model": { prompt, rubric, reps, threshold, provider, model? } }` or
/// `{ "named": { name, threshold } }`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) enum JudgeStep {
    /// Ask the caller's model `reps` times with `prompt` (built from `rubric`).
    Model {
        prompt: String,
        rubric: String,
        reps: u32,
        threshold: f64,
        /// The entry's `provider` (a label; `anthropic` when not given).
        provider: String,
        /// The entry's `model`, when given.
        #[serde(skip_serializing_if = "Option::is_none")]
        model: Option<String>,
    },
    /// Call the caller's judge registered as `name` (`validateJudge`'s `judge`).
    Named { name: String, threshold: f64 },
}

/// What the caller's judge gave for one [`JudgeStep`].
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum JudgeOutcome {
    /// No judge function, or none registered under the name.
    Missing,
    /// The judge threw or replied unreadably: why.
    Error(String),
    /// `(score, reasoning)` of each verdict, in order (one for a named judge).
    Verdicts(Vec<(f64, String)>),
}

/// `reps` / `judgeReps`: an integer from 1 to 1000 (`None`: not given).
/// Errors: `INVALID_OPTION` at the reader's path.
pub(crate) fn read_reps(r: &Reader<'_, '_>) -> Result<Option<u32>> {
    let reps = |n: f64| (1.0..=1000.0).contains(&n) && n.fract() == 0.0;
    Ok(bounded(r, reps, "expected an integer from 1 to 1000")?.map(|n| n as u32))
}

fn bounded(r: &Reader<'_, '_>, ok: impl Fn(f64) -> bool, what: &str) -> Result<Option<f64>> {
    match r.given() {
        None => Ok(None),
        Some(Val::Num(n)) if ok(*n) => Ok(Some(*n)),
        Some(_) => Err(MatcherError::invalid_option(r.path(), what)),
    }
}

/// Reads a `passesJudge` entry `{ rubric? | judge?, reference?, threshold?,
/// reps? }` (the reference's `JudgeExpectConfigSchema`) into its step: a
/// named judge, or the prompt for `candidate` (the response as
/// [`judge_text`] prints it) with the entry's `reference`, else `canonical`
/// (the case's `canonicalAnswer`). `default_reps` is the case's `judgeReps`.
///
/// Errors (`INVALID_ARGUMENT`/`INVALID_OPTION` at the entry's path or
/// `….field`): not an object, a `judge` that is not a non-empty string, a
/// bad rubric, neither `judge` nor `rubric`, a threshold outside 0–1, reps
/// not an integer from 1 to 1000.
pub(crate) fn judge_step(
    r: &Reader<'_, '_>,
    candidate: &str,
    canonical: Option<&Val<'_>>,
    default_reps: Option<u32>,
) -> Result<JudgeStep> {
    if !matches!(r.value(), Some(Val::Obj(_))) {
        return Err(MatcherError::invalid_argument(
            r.path(),
            "expected an object { rubric | judge, threshold?, reps? }",
        ));
    }
    let judge = match r.field("judge").given() {
        None => None,
        Some(Val::Str(s)) if !s.is_empty() => Some(s.to_string()),
        Some(_) => {
            return Err(MatcherError::invalid_argument(
                r.field("judge").path(),
                "expected a non-empty string",
            ))
        }
    };
    let rubric = r.field("rubric");
    let rubric = rubric.given().map(|_| read_rubric(&rubric)).transpose()?;
    if judge.is_none() && rubric.is_none() {
        return Err(MatcherError::invalid_argument(
            r.path(),
            "Either \"judge\" or \"rubric\" must be provided in passesJudge",
        ));
    }
    let in_0_1 = |t: f64| (0.0..=1.0).contains(&t);
    let threshold =
        bounded(&r.field("threshold"), in_0_1, "expected a number from 0 to 1")?.unwrap_or(DEFAULT_THRESHOLD);
    let reps = read_reps(&r.field("reps"))?.or(default_reps).unwrap_or(1);
    if let Some(name) = judge {
        return Ok(JudgeStep::Named { name, threshold });
    }
    let rubric = rubric.unwrap_or_default();
    let reference = r
        .field("reference")
        .value()
        .or(canonical)
        .filter(|v| !matches!(v, Val::Null));
    let prompt = build_judge_prompt(candidate, reference.map(judge_text).as_deref(), rubric);
    Ok(JudgeStep::Model {
        prompt,
        rubric: rubric.into(),
        reps,
        threshold,
        provider: r.field("provider").opt_str()?.unwrap_or("anthropic").to_string(),
        model: r.field("model").opt_str()?.map(str::to_string),
    })
}

/// One judge's result, as `validateJudge` words it: a model judge by
/// [`judge_result`] (`Judge evaluation error: …` when it threw or replied
/// unreadably), a named judge `Custom judge "x" passed with score 0.80` /
/// `… failed with score 0.50 (threshold: 0.7). <reasoning>` / `… error: …`.
fn judge_outcome_result(who: &JudgeWho<'_>, outcome: JudgeOutcome) -> CheckResult {
    let (named, threshold) = (who.named, who.threshold);
    let fail = |m: String| CheckResult::fail(m, None);
    let Some(name) = named else {
        return match outcome {
            JudgeOutcome::Missing => fail("Judge evaluation error: no judge function supplied".into()),
            JudgeOutcome::Error(e) => fail(format!("Judge evaluation error: {e}")),
            JudgeOutcome::Verdicts(v) => {
                let scores: Vec<f64> = v.iter().map(|(s, _)| *s).collect();
                judge_result(&scores, who, v.last().map_or("", |(_, r)| r.as_str()))
            }
        };
    };
    let (score, reasoning) = match outcome {
        JudgeOutcome::Missing => {
            return fail(format!(
                "Custom judge \"{name}\" error: Judge \"{name}\" is not registered."
            ))
        }
        JudgeOutcome::Error(e) => return fail(format!("Custom judge \"{name}\" error: {e}")),
        JudgeOutcome::Verdicts(v) => match v.into_iter().next() {
            Some(first) => first,
            None => return fail(format!("Custom judge \"{name}\" error: no score")),
        },
    };
    let (shown, t) = (to_fixed(score, 2), js_number(threshold));
    if score >= threshold {
        CheckResult::pass(format!("Custom judge \"{name}\" passed with score {shown}"))
    } else {
        fail(format!(
            "Custom judge \"{name}\" failed with score {shown} (threshold: {t}). {reasoning}"
        ))
    }
}

/// What a result needs of a [`JudgeStep`]: the named judge's name, the
/// threshold, and a model judge's provider and model (reported in `details`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct JudgeWho<'a> {
    pub named: Option<&'a str>,
    pub threshold: f64,
    pub provider: &'a str,
    pub model: Option<&'a str>,
}

impl JudgeStep {
    /// What a result needs of the step (natively; the wasm glue reads it from JS).
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn who(&self) -> JudgeWho<'_> {
        match self {
            JudgeStep::Model {
                threshold,
                provider,
                model,
                ..
            } => JudgeWho {
                named: None,
                threshold: *threshold,
                provider,
                model: model.as_deref(),
            },
            JudgeStep::Named { name, threshold } => JudgeWho {
                named: Some(name),
                threshold: *threshold,
                provider: "anthropic",
                model: None,
            },
        }
    }
}

/// `passesJudge`'s result, as `runExpectBlockValidations` combines it: one
/// judge's result as is; several: `{passed}/{n} judges passed`, `details: {
/// judgeResults }`. `judges[i]` is a step's [`JudgeStep::who`], `outcomes[i]`
/// what its judge gave.
pub(crate) fn judges_result(judges: &[JudgeWho<'_>], outcomes: Vec<JudgeOutcome>) -> CheckResult {
    let mut results: Vec<CheckResult> = judges
        .iter()
        .zip(outcomes)
        .map(|(who, o)| judge_outcome_result(who, o))
        .collect();
    if results.len() == 1 {
        return results.remove(0);
    }
    let passed = results.iter().filter(|r| r.pass).count();
    CheckResult {
        pass: passed == results.len(),
        message: format!("{passed}/{} judges passed", results.len()),
        details: Some(json!({ "judgeResults": results })),
    }
}
