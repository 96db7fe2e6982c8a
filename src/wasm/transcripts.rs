//! Transcript exports (issue 5): `normalizeTranscript`, the transcript
//! matchers and the workspace, exec and judge checks. Values cross as JSON
//! text; results come back as JSON text; errors as `[code, path, message]`
//! (code `HARNESS_CAPABILITY` for a [`HarnessCapabilityError`]).

use super::to_js;
use crate::error::{ErrorCode, MatcherError, Result};
use crate::transcripts::*;
use serde_json::Value;
use wasm_bindgen::prelude::*;

fn json(text: &str, path: &str) -> Result<Value> {
    serde_json::from_str(text).map_err(|e| MatcherError::new(ErrorCode::InvalidJson, path, e.to_string()))
}

/// `normalizeTranscript`: `input` is raw transcript text when `is_text`, else
/// the JSON text of parsed records; `options` is `{ harness?, workspace?,
/// mcpServers? }` as JSON. Returns `{ harness, turns }` as JSON text (the
/// glue adds the run-level `events`).
#[wasm_bindgen]
pub fn transcript_normalize(input: &str, is_text: bool, options: &str) -> std::result::Result<String, JsValue> {
    (|| -> Result<String> {
        let o = json(options, "options")?;
        let harness = match o.get("harness") {
            None | Some(Value::Null) => None,
            Some(Value::String(h)) => Some(Harness::parse(h)?),
            Some(_) => {
                return Err(MatcherError::invalid_option(
                    "options.harness",
                    "harness must be a string",
                ))
            }
        };
        let opts = NormalizeOptions {
            workspace: o.get("workspace").and_then(Value::as_str).map(str::to_string),
            mcp_servers: o
                .get("mcpServers")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect(),
        };
        let run = if is_text {
            normalize_text(input, harness, &opts)?
        } else {
            normalize_transcript(&json(input, "input")?, harness, &opts)?
        };
        // `{ harness, turns }` only: the JS glue makes `events` from the turns'
        // events (the same objects), so no event crosses twice.
        let view = RunTurns {
            harness: &run.harness,
            turns: &run.turns,
        };
        Ok(serde_json::to_string(&view).unwrap_or_default())
    })()
    .map_err(to_js)
}

#[derive(serde::Serialize)]
struct RunTurns<'r> {
    harness: &'r str,
    turns: &'r [Turn],
}

/// reeval's `transcript.jsonl` from a JSON array of events.
#[wasm_bindgen]
pub fn transcript_write_jsonl(events: &str) -> std::result::Result<String, JsValue> {
    (|| -> Result<String> {
        let v = json(events, "events")?;
        let Value::Array(items) = v else {
            return Err(MatcherError::invalid_argument("events", "events must be an array"));
        };
        let events = items
            .into_iter()
            .enumerate()
            .map(|(i, e)| event_from_value(e, &format!("events[{i}]")))
            .collect::<Result<Vec<_>>>()?;
        Ok(write_transcript_jsonl(&events))
    })()
    .map_err(to_js)
}

fn capability(e: HarnessCapabilityError) -> JsValue {
    let arr = js_sys::Array::new();
    arr.push(&JsValue::from_str("HARNESS_CAPABILITY"));
    arr.push(&JsValue::from_str("actual"));
    arr.push(&JsValue::from_str(&e.message));
    arr.into()
}

fn pattern(v: Option<&Value>, path: &str) -> Result<Option<Pattern>> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(v) => Pattern::from_value(v, path).map(Some),
    }
}

fn input_match(v: Option<&Value>) -> Result<Option<InputMatch>> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(v) => InputMatch::from_value(v, "input").map(Some),
    }
}

fn string<'v>(v: Option<&'v Value>, path: &str) -> Result<&'v str> {
    v.and_then(Value::as_str)
        .ok_or_else(|| MatcherError::invalid_argument(path, format!("{path} must be a string")))
}

fn path_patterns(v: Option<&Value>, workspace: Option<&str>) -> Result<Vec<PathPattern>> {
    let one = |v: &Value, path: &str| -> Result<PathPattern> {
        match v {
            Value::String(g) => PathPattern::glob(g, workspace, path),
            other => Ok(PathPattern::Regex(Pattern::from_value(other, path)?)),
        }
    };
    match v {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, g)| one(g, &format!("paths[{i}]")))
            .collect(),
        Some(v) => Ok(vec![one(v, "paths")?]),
    }
}

/// One matcher call: `payload` is the JSON array `[actual, negated, ...args]`
/// in the JS signature's order (patterns as strings or `{ source, flags }`,
/// object inputs as `{ object }`). Returns `{ pass, message }` as JSON text.
#[wasm_bindgen]
pub fn transcript_check(matcher: &str, payload: &str) -> std::result::Result<String, JsValue> {
    let args = match json(payload, "arguments") {
        Ok(Value::Array(a)) => a,
        Ok(_) => return Err(to_js(MatcherError::invalid_argument("arguments", "malformed payload"))),
        Err(e) => return Err(to_js(e)),
    };
    let negated = args.get(1).and_then(Value::as_bool).unwrap_or(false);
    let actual = args.first().unwrap_or(&Value::Null);
    let arg = |i: usize| args.get(i + 2);
    let out = check(matcher, actual, negated, &arg);
    match out {
        Ok(Ok(text)) => Ok(text),
        Ok(Err(cap)) => Err(capability(cap)),
        Err(e) => Err(to_js(e)),
    }
}

type Checked = std::result::Result<String, HarnessCapabilityError>;

fn text(r: &MatchResult) -> Checked {
    Ok(serde_json::to_string(r).unwrap_or_default())
}

fn check<'a>(m: &str, actual: &Value, negated: bool, arg: &dyn Fn(usize) -> Option<&'a Value>) -> Result<Checked> {
    let subject = || Subject::from_value(actual, m);
    Ok(match m {
        "toHaveCalledSkill" => text(&to_have_called_skill(&subject()?, string(arg(0), "name")?, negated)),
        "toHaveCalledMcp" => {
            let (server, tool) = (string(arg(0), "server")?, string(arg(1), "tool")?);
            let input = input_match(arg(2))?;
            text(&to_have_called_mcp(&subject()?, server, tool, input.as_ref(), negated))
        }
        "toHaveCalledTool" => {
            let name = pattern(arg(0), "name")?
                .ok_or_else(|| MatcherError::invalid_argument("name", "name must be a string or a RegExp"))?;
            let input = input_match(arg(1))?;
            text(&to_have_called_tool(&subject()?, &name, input.as_ref(), negated))
        }
        "toHaveRun" => text(&to_have_run(&subject()?, pattern(arg(0), "command")?.as_ref(), negated)),
        "toHaveEdited" => text(&to_have_edited(&subject()?, pattern(arg(0), "path")?.as_ref(), negated)),
        "toHaveSearched" => match to_have_searched(&subject()?, pattern(arg(0), "query")?.as_ref(), negated) {
            Ok(r) => text(&r),
            Err(e) => Err(e),
        },
        "toHaveFetched" => match to_have_fetched(&subject()?, pattern(arg(0), "url")?.as_ref(), negated) {
            Ok(r) => text(&r),
            Err(e) => Err(e),
        },
        "toHaveCalledInOrder" => {
            let Some(Value::Array(items)) = arg(0) else {
                return Err(MatcherError::invalid_argument("names", "names must be an array"));
            };
            let names = items
                .iter()
                .enumerate()
                .map(|(i, v)| Pattern::from_value(v, &format!("names[{i}]")))
                .collect::<Result<Vec<_>>>()?;
            text(&to_have_called_in_order(&subject()?, &names, negated))
        }
        "toHaveCalledTimes" => {
            let name = pattern(arg(0), "name")?
                .ok_or_else(|| MatcherError::invalid_argument("name", "name must be a string or a RegExp"))?;
            let times = arg(1)
                .and_then(Value::as_f64)
                .filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n < 1e15)
                .ok_or_else(|| MatcherError::invalid_argument("times", "times must be a non-negative integer"))?;
            text(&to_have_called_times(&subject()?, &name, times as usize, negated))
        }
        "trajectoryF1" => {
            let Some(Value::Array(items)) = arg(0) else {
                return Err(MatcherError::invalid_argument(
                    "expected",
                    "expected must be an array of tool names",
                ));
            };
            let expected = items
                .iter()
                .enumerate()
                .map(|(i, v)| string(Some(v), &format!("expected[{i}]")).map(str::to_string))
                .collect::<Result<Vec<_>>>()?;
            let threshold = arg(1).and_then(Value::as_f64).unwrap_or(1.0);
            Ok(serde_json::to_string(&trajectory_f1(&subject()?, &expected, threshold, negated)).unwrap_or_default())
        }
        "toHaveChanged" => {
            let opts = arg(1);
            let ws = opts.and_then(|o| o.get("workspace")).and_then(Value::as_str);
            let ignore: Vec<String> = opts
                .and_then(|o| o.get("ignore"))
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect();
            let patterns = path_patterns(arg(0), ws)?;
            text(&to_have_changed(&subject()?, &patterns, &ignore, negated))
        }
        "toHaveFile" => {
            let path = string(arg(0), "path")?;
            let p = pattern(arg(1), "pattern")?;
            text(&to_have_file(path, p.as_ref(), arg(2).and_then(Value::as_str), negated))
        }
        "toSucceed" => {
            let (code, out, err) = exec_from_value(actual)?;
            text(&to_succeed(code, &out, &err, negated))
        }
        "toPass" => text(&to_pass(actual, negated)?),
        _ => {
            return Err(MatcherError::invalid_argument(
                "matcher",
                format!("unknown matcher {m}"),
            ))
        }
    })
}

/// Benchmark baseline (not part of the API): parses every JSON line of
/// `text` with plain `serde_json` and returns how many parsed.
#[doc(hidden)]
#[wasm_bindgen]
pub fn transcript_parse_only(text: &str) -> u32 {
    text.lines()
        .filter(|l| serde_json::from_str::<Value>(l).is_ok())
        .count() as u32
}

/// Benchmark (not part of the API): normalises `text` and returns the
/// number of events, without serialising the run.
#[doc(hidden)]
#[wasm_bindgen]
pub fn transcript_normalize_count(text: &str) -> u32 {
    normalize_text(text, None, &NormalizeOptions::default()).map_or(0, |r| r.event_count() as u32)
}
