//! Trace and `PromptResult` exports: `PromptResult.fromTrace`,
//! `detectTraceFormat`, `new PromptResult(data)`, `PromptResult.error` and
//! `toEvalResult`, over [`crate::traces`]. A trace crosses as UTF-8 text: a
//! JS string as given (JSON, SSE, JSON lines or plain text), anything else
//! as its `JSON.stringify` text; data and options cross as payload parts
//! ([`super::wire`]). Results come back as JSON text: the run's facts once
//! (the glue keeps them; no accessor crosses again).

use super::to_js;
use super::wire::parts;
use crate::error::{ErrorCode, MatcherError, Result};
use crate::reader::Reader;
use crate::traces::{
    detect_trace_format_text, read_data, read_error, read_eval_options, LatencyBreakdown, PromptResult, TokenUsage,
    TraceFormat,
};
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn text(payload: &[u8]) -> Result<&str> {
    std::str::from_utf8(payload).map_err(|_| MatcherError::new(ErrorCode::InvalidJson, "trace", "payload is not UTF-8"))
}

fn to_json(v: &impl Serialize) -> Result<String> {
    serde_json::to_string(v).map_err(|e| MatcherError::new(ErrorCode::UnsupportedValue, "trace", e.to_string()))
}

/// What the glue keeps of a run: its facts (normalised: defaults filled
/// in), the indices of its user, assistant and tool messages, and whether
/// its trace shows a failed tool.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Facts<'a> {
    prompt: &'a str,
    text: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    provider: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    model: Option<&'a str>,
    usage: TokenUsage,
    latency: LatencyBreakdown,
    tool_failure: bool,
    user_messages: Vec<usize>,
    assistant_messages: Vec<usize>,
    tool_messages: Vec<usize>,
}

impl<'a> Facts<'a> {
    fn of(r: &'a PromptResult) -> Facts<'a> {
        Facts {
            prompt: &r.prompt,
            text: &r.text,
            error: r.error(),
            provider: r.provider(),
            model: r.model(),
            usage: r.usage,
            latency: r.latency,
            tool_failure: r.trace_shows_tool_failure(),
            user_messages: r.role_indices("user"),
            assistant_messages: r.role_indices("assistant"),
            tool_messages: r.role_indices("tool"),
        }
    }
}

/// A run read from a trace: its facts and its lists.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TraceRun<'a> {
    #[serde(flatten)]
    facts: Facts<'a>,
    format: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tool_calls: Option<&'a [crate::traces::TraceToolCall]>,
    messages: &'a [serde_json::Value],
    spans: &'a [serde_json::Value],
    widget_snapshots: &'a [serde_json::Value],
    diagnostics: &'a [crate::traces::Diagnostic],
}

/// A format name, or `""` to detect it.
fn format_named(format: &str) -> Result<Option<TraceFormat>> {
    match format {
        "" => Ok(None),
        name => TraceFormat::from_name(name)
            .map(Some)
            .ok_or_else(|| MatcherError::invalid_option("options.format", format!("unknown trace format {name:?}"))),
    }
}

/// `PromptResult.fromTrace(trace)` with the run kept in this module (issue 13
/// item 3, "a run read once stays in wasm"): the glue asks it for the run's
/// facts at once, for the calls only when the caller reads them
/// (`getToolCalls()`), and `evaluateToolCalls(expected, result)` judges the
/// kept calls here instead of receiving them again.
#[wasm_bindgen]
pub struct KeptTrace {
    run: PromptResult,
}

#[wasm_bindgen]
impl KeptTrace {
    /// Reads a trace without its conversation: `payload` is its text,
    /// `format` as [`trace_read`] (same errors).
    #[wasm_bindgen(constructor)]
    pub fn new(payload: &[u8], format: &str) -> std::result::Result<KeptTrace, JsValue> {
        (|| -> Result<KeptTrace> {
            let format = format_named(format)?;
            Ok(KeptTrace {
                run: PromptResult::calls_from_trace_text(text(payload)?, format)?,
            })
        })()
        .map_err(to_js)
    }

    /// The run as [`trace_read`] returns it, without `toolCalls` and `messages`.
    pub fn head(&self) -> std::result::Result<String, JsValue> {
        let r = &self.run;
        to_json(&TraceRun {
            facts: Facts::of(r),
            format: r.format,
            tool_calls: None,
            messages: &[],
            spans: &r.spans,
            widget_snapshots: &r.widget_snapshots,
            diagnostics: &r.diagnostics,
        })
        .map_err(to_js)
    }

    /// The calls as JSON text: `[{ toolName, arguments, id?, result?, isError?, step, index, … }]`.
    #[wasm_bindgen(js_name = toolCalls)]
    pub fn tool_calls(&self) -> std::result::Result<String, JsValue> {
        to_json(&self.run.tool_calls).map_err(to_js)
    }

    /// `evaluateToolCalls(expected, result, options)` on the kept calls:
    /// `payload` is `expected\noptions` (the list as `[names, arguments]`);
    /// returns the verdict as indices into `expected` and the run's calls
    /// (`super::calls::verdict_indices`). Errors as the tool-call module's
    /// `evaluateToolCalls`.
    #[wasm_bindgen(js_name = evaluateToolCalls)]
    pub fn evaluate_tool_calls(&self, payload: &[u8], ext: u32) -> std::result::Result<Vec<u32>, JsValue> {
        (|| -> Result<Vec<u32>> {
            let [expected, options] = parts(payload, ext, ["expected", "options"])?;
            let layer = crate::tool_calls::options_from_val(Some(&options), "options")?;
            let expected = super::calls::split_calls(&Reader::new(Some(&expected), "expected"))?;
            Ok(crate::tool_calls::with_calls(&self.run.tool_calls, |actual| {
                super::calls::verdict_indices(&expected, actual, &layer)
            }))
        })()
        .map_err(to_js)
    }
}

/// Reads a trace: `payload` is its text, `format` a format name or `""` to
/// detect it, `messages` whether to build the conversation too (the glue
/// asks for it only when the messages are first needed). Returns the run
/// as JSON text: its facts (`prompt`, `text`, `error?`, `provider?`,
/// `model?`, `usage`, `latency`, `toolFailure`, `userMessages`,
/// `assistantMessages`, `toolMessages`) and lists (`format`, `toolCalls`,
/// `messages`, `spans`, `widgetSnapshots`, `diagnostics`). Errors:
/// `INVALID_OPTION` at `options.format` for an unknown name;
/// `INVALID_ARGUMENT` at `trace` for an input whose format cannot be told
/// or does not fit `format`.
#[wasm_bindgen(js_name = fromTrace)]
pub fn trace_read(payload: &[u8], format: &str, messages: bool) -> std::result::Result<String, JsValue> {
    (|| -> Result<String> {
        let format = format_named(format)?;
        let text = text(payload)?;
        let r = if messages {
            PromptResult::from_trace_text(text, format)?
        } else {
            PromptResult::calls_from_trace_text(text, format)?
        };
        to_json(&TraceRun {
            facts: Facts::of(&r),
            format: r.format,
            tool_calls: Some(&r.tool_calls),
            messages: &r.messages,
            spans: &r.spans,
            widget_snapshots: &r.widget_snapshots,
            diagnostics: &r.diagnostics,
        })
    })()
    .map_err(to_js)
}

/// `new PromptResult(data)`: reads the one part, `PromptResultData`, and
/// returns the run's facts as JSON text (see [`trace_read`]; the glue keeps
/// the caller's own lists). Errors: `INVALID_ARGUMENT` at `data` or at the
/// member of the wrong type (`data.usage.inputTokens`).
#[wasm_bindgen]
pub fn prompt_from_data(payload: &[u8], ext: u32) -> std::result::Result<String, JsValue> {
    (|| -> Result<String> {
        let [data] = parts(payload, ext, ["data"])?;
        let r = read_data(&Reader::new(Some(&data), "data"))?;
        to_json(&Facts::of(&r))
    })()
    .map_err(to_js)
}

/// `PromptResult.error(error, latency, prompt, metadata)`: the four parts;
/// returns the run's facts as JSON text. Errors: `INVALID_ARGUMENT` at
/// `error` (not a string), `latency`, `prompt`, `metadata`;
/// `INVALID_OPTION` at `metadata.provider` and the other members.
#[wasm_bindgen]
pub fn prompt_error(payload: &[u8], ext: u32) -> std::result::Result<String, JsValue> {
    (|| -> Result<String> {
        let [error, latency, prompt, metadata] = parts(payload, ext, ["error", "latency", "prompt", "metadata"])?;
        let r = read_error(
            &Reader::new(Some(&error), "error"),
            &Reader::new(Some(&latency), "latency"),
            &Reader::new(Some(&prompt), "prompt"),
            &Reader::new(Some(&metadata), "metadata"),
        )?;
        to_json(&Facts::of(&r))
    })()
    .map_err(to_js)
}

/// `PromptResult.merge(results)`: one part, an array with per result
/// `{ facts, steps, toolFailure, format }` (its facts as the glue keeps them,
/// the steps its calls span, whether its trace shows a failed tool, its
/// format name or `null`). Returns `{ ...facts, format, offsets }` as JSON
/// text: the merged run's facts ([`PromptResult::merge`]'s rules) and each
/// result's step offset; the glue concatenates the caller's own lists.
/// Errors: `INVALID_ARGUMENT` at `results[i]…` for a malformed entry.
#[wasm_bindgen(js_name = merge)]
pub fn prompt_merge(payload: &[u8], ext: u32) -> std::result::Result<String, JsValue> {
    #[derive(Serialize)]
    struct Merged<'a> {
        #[serde(flatten)]
        facts: Facts<'a>,
        format: Option<&'static str>,
        offsets: Vec<usize>,
    }
    (|| -> Result<String> {
        let [list] = parts(payload, ext, ["results"])?;
        let runs = Reader::new(Some(&list), "results").items("an array of results", |item| {
            item.object("a result { facts, steps, toolFailure, format }")?;
            let mut r = read_data(&item.field("facts"))?;
            r.tool_failed = item.field("toolFailure").opt_bool()?.unwrap_or(false);
            r.format = match item.field("format").opt_str()? {
                Some(name) => Some(
                    TraceFormat::from_name(name)
                        .ok_or_else(|| item.field("format").bad("a trace format name"))?
                        .as_str(),
                ),
                None => None,
            };
            let steps = item
                .field("steps")
                .opt_count(0, u32::MAX.into(), "a step count")?
                .unwrap_or(0);
            Ok((r, steps as usize))
        })?;
        let (out, offsets) = PromptResult::merge_facts(runs.iter().map(|(r, n)| (r, *n)));
        to_json(&Merged {
            facts: Facts::of(&out),
            format: out.format,
            offsets,
        })
    })()
    .map_err(to_js)
}

/// `toEvalResult(options)`: parts `[facts, toolFailure, options]`, the facts
/// as [`prompt_from_data`] returned them. Returns the `EvalResultInput` the
/// core builds from them as JSON text; the glue replaces its lists
/// (`trace`, `actualToolCalls`, `widgetSnapshots`, …) with the caller's own
/// objects. Errors: `INVALID_ARGUMENT` at `options` (not an object),
/// `INVALID_OPTION` at its member of the wrong type (`options.passed`).
#[wasm_bindgen(js_name = toEvalResult)]
pub fn prompt_eval(payload: &[u8], ext: u32) -> std::result::Result<String, JsValue> {
    (|| -> Result<String> {
        let [facts, tool_failure, options] = parts(payload, ext, ["result", "result", "options"])?;
        let mut r = read_data(&Reader::new(Some(&facts), "result"))?;
        r.tool_failed = matches!(tool_failure, crate::value::Val::Bool(true));
        let o = read_eval_options(&Reader::new(Some(&options), "options").options())?;
        to_json(&r.to_eval_result(&o))
    })()
    .map_err(to_js)
}

/// `detectTraceFormat`: returns `{"format":"…"}` or `{"format":null,"reason":"…"}` as JSON text.
#[wasm_bindgen(js_name = detectTraceFormat)]
pub fn trace_detect(payload: &[u8]) -> std::result::Result<String, JsValue> {
    let text = text(payload).map_err(to_js)?;
    let out = match detect_trace_format_text(text) {
        Ok(f) => serde_json::json!({ "format": f.as_str() }),
        Err(e) => serde_json::json!({ "format": null, "reason": e.message }),
    };
    Ok(out.to_string())
}

/// Benchmark (not part of the API; bench/traces.mjs): parses `payload` with
/// plain `serde_json` inside WebAssembly (the whole text, or each `data: ` /
/// JSON line of a stream) and returns how many values parsed: the practical
/// limit the readers are measured against, as tests/traces_bench.rs does
/// natively.
#[doc(hidden)]
#[cfg(feature = "bench-exports")]
#[wasm_bindgen]
pub fn trace_parse_only(payload: &[u8]) -> u32 {
    if let Ok(v) = serde_json::from_slice::<serde_json::Value>(payload) {
        return u32::from(!v.is_null());
    }
    let Ok(text) = std::str::from_utf8(payload) else {
        return 0;
    };
    text.lines()
        .map(|l| l.strip_prefix("data: ").unwrap_or(l))
        .filter(|l| l.starts_with('{'))
        .filter(|l| serde_json::from_str::<serde_json::Value>(l).is_ok())
        .count() as u32
}

/// Benchmark (not part of the API; bench/traces.mjs): reads the trace's
/// calls as `PromptResult.fromTrace` does first (no messages) and returns
/// how many, without printing them for JS.
#[doc(hidden)]
#[cfg(feature = "bench-exports")]
#[wasm_bindgen]
pub fn trace_read_count(payload: &[u8]) -> u32 {
    text(payload)
        .and_then(|t| PromptResult::calls_from_trace_text(t, None))
        .map_or(0, |r| r.tool_calls.len() as u32)
}
