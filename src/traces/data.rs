//! `PromptResult` from the reference's own inputs: `new PromptResult(data)` /
//! `PromptResult.from(data)` over `PromptResultData`, `PromptResult.error(error,
//! latency?, prompt?, metadata?)`, and `toEvalResult(options)` (its options
//! and the `EvalResultInput` it builds), all of `@mcpjam/sdk@1.14.0`
//! (`dist/index.js`, section `src/PromptResult.ts`).
//!
//! Everything is read through the one argument [`Reader`]: a member of the
//! wrong type is refused with its path (`INVALID_ARGUMENT` at
//! `data.usage.inputTokens`; `INVALID_OPTION` at `options.passed`), never
//! coerced. An absent, `undefined` or `null` member reads as the reference's
//! default (what `PromptResult.error` fills in): `""`, `[]`, zero counts and
//! latencies, no error/provider/model.

use super::eval::{eval_verdict, EvalExpectedToolCall, EvalResultInput, EvalResultOptions, EvalTokens, EvalTrace};
use super::prompt_result::{LatencyBreakdown, PromptResult, TokenUsage};
use super::record::{Args, CallKind, TraceToolCall};
use crate::error::Result;
use crate::reader::Reader;
use crate::value::Val;
use serde_json::{Map, Value};

/// The largest whole number a JS number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE: u64 = (1 << 53) - 1;

/// `metadata` of [`PromptResult::from_error`]: `{ provider?, model?, spans? }`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ErrorMetadata {
    /// The LLM provider.
    pub provider: Option<String>,
    /// The model.
    pub model: Option<String>,
    /// Timeline spans (`EvalTraceSpanInput` objects).
    pub spans: Vec<Value>,
}

impl PromptResult {
    /// `new PromptResult(data)` / `PromptResult.from(data)`: a result from
    /// `PromptResultData` (`{ prompt, messages, text, toolCalls, usage,
    /// latency, error?, provider?, model?, widgetSnapshots?, spans? }`; token
    /// counts are whole numbers, latencies ms). A missing member reads as the
    /// reference's default; a missing `usage.totalTokens` as input + output.
    ///
    /// Errors: `INVALID_ARGUMENT` at `data` when it is not an object, and at
    /// the member of the wrong type (`data.toolCalls[1].toolName`,
    /// `data.usage.inputTokens`, `data.messages[0]`).
    ///
    /// ```
    /// use mcp_matchers::traces::PromptResult;
    /// let r = PromptResult::from_data(&serde_json::json!({
    ///     "prompt": "Add 2 and 3", "text": "5",
    ///     "messages": [{ "role": "user", "content": "Add 2 and 3" }],
    ///     "toolCalls": [{ "toolName": "add", "arguments": { "a": 2, "b": 3 } }],
    ///     "usage": { "inputTokens": 10, "outputTokens": 4, "totalTokens": 14 },
    ///     "latency": { "e2eMs": 900, "llmMs": 700, "mcpMs": 150 } }))?;
    /// assert_eq!((r.total_tokens(), r.e2e_latency_ms()), (14, 900.0));
    /// assert_eq!(r.user_messages().len(), 1);
    /// let e = PromptResult::from_data(&serde_json::json!({ "usage": { "inputTokens": "10" } })).unwrap_err();
    /// assert_eq!(e.path, "data.usage.inputTokens");
    /// # Ok::<(), mcp_matchers::MatcherError>(())
    /// ```
    pub fn from_data(data: &Value) -> Result<PromptResult> {
        let v = Val::from(data);
        read_data(&Reader::new(Some(&v), "data"))
    }

    /// `PromptResult.error(error, latency, prompt, metadata)`: a failed run
    /// with no messages, calls or tokens. `latency` is a breakdown, or (as
    /// the reference's number form) `LatencyBreakdown::from(e2e_ms)`. Named
    /// `from_error` in Rust, since [`PromptResult::error`] is the accessor.
    pub fn from_error(error: &str, latency: LatencyBreakdown, prompt: &str, metadata: ErrorMetadata) -> PromptResult {
        PromptResult {
            prompt: prompt.to_owned(),
            latency,
            error: Some(error.to_owned()),
            provider: metadata.provider,
            model: metadata.model,
            spans: metadata.spans,
            ..Default::default()
        }
    }

    /// `toEvalResult(options)`: the result as an `EvalResultInput` for
    /// MCPJam's report ingestion. Each given option replaces what the result
    /// would report; `caseTitle` defaults to the prompt (or `"PromptResult"`
    /// when it is blank); `passed` is `options.passed` (default: no error),
    /// then failed by the tool-failure gate (see [`super::eval`]) unless
    /// `fail_on_tool_error` is `Some(false)`; `trace` is `{ messages, spans? }`.
    ///
    /// ```
    /// use mcp_matchers::traces::{EvalResultOptions, PromptResult};
    /// let r = PromptResult::from_data(&serde_json::json!({ "prompt": "hi",
    ///     "spans": [{ "id": "t1", "name": "x", "category": "tool", "startMs": 0, "endMs": 1, "status": "error" }] }))?;
    /// assert!(!r.to_eval_result(&EvalResultOptions { passed: Some(true), ..Default::default() }).passed);
    /// let lenient = EvalResultOptions { passed: Some(true), fail_on_tool_error: Some(false), ..Default::default() };
    /// assert!(r.to_eval_result(&lenient).passed);
    /// assert_eq!(r.to_eval_result(&lenient).case_title, "hi");
    /// # Ok::<(), mcp_matchers::MatcherError>(())
    /// ```
    pub fn to_eval_result(&self, o: &EvalResultOptions) -> EvalResultInput {
        let (case_title, passed) = eval_verdict(&self.prompt, self.error(), self.trace_shows_tool_failure(), o);
        let or = |given: &Option<String>, own: &Option<String>| given.clone().or_else(|| own.clone());
        EvalResultInput {
            case_title,
            query: o.query.clone().unwrap_or_else(|| self.prompt.clone()),
            passed,
            duration_ms: o.duration_ms.unwrap_or(self.latency.e2e_ms),
            provider: or(&o.provider, &self.provider),
            model: or(&o.model, &self.model),
            expected_tool_calls: o.expected_tool_calls.clone(),
            actual_tool_calls: self
                .tool_calls
                .iter()
                .map(|c| EvalExpectedToolCall {
                    tool_name: c.tool_name.clone(),
                    arguments: Some(c.arguments.clone()),
                })
                .collect(),
            tokens: EvalTokens {
                input: self.usage.input_tokens,
                output: self.usage.output_tokens,
                total: self.usage.total_tokens,
            },
            error: or(&o.error, &self.error),
            error_details: o.error_details.clone(),
            trace: EvalTrace {
                messages: self.messages.clone(),
                spans: self.spans.clone(),
            },
            external_iteration_id: o.external_iteration_id.clone(),
            external_case_id: o.external_case_id.clone(),
            metadata: o.metadata.clone(),
            is_negative_test: o.is_negative_test,
            advanced_config: o.advanced_config.clone(),
            widget_snapshots: o
                .widget_snapshots
                .clone()
                .unwrap_or_else(|| self.widget_snapshots.clone()),
        }
    }
}

impl EvalResultOptions {
    /// The options of `toEvalResult` from their JSON form (`{ caseTitle?,
    /// passed?, failOnToolError?, … }`; `null` or absent members are not
    /// given; unknown members are ignored, as the reference ignores them).
    ///
    /// Errors: `INVALID_ARGUMENT` at `options` for a non-object,
    /// `INVALID_OPTION` at the member of the wrong type (`options.passed`,
    /// `options.metadata.tag`, `options.expectedToolCalls[0].toolName`).
    pub fn from_json(options: &Value) -> Result<EvalResultOptions> {
        let v = Val::from(options);
        read_eval_options(&Reader::new(Some(&v), "options").options())
    }
}

/// A `serde_json` copy of a value read.
fn json(v: &Val) -> Value {
    Value::from(v)
}

fn json_map(v: &Val) -> Map<String, Value> {
    match json(v) {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

fn opt_string(r: &Reader) -> Result<Option<String>> {
    Ok(r.opt_str()?.map(str::to_owned))
}

/// An array of objects (`what` names the items), `[]` when not given.
fn objects(r: &Reader, what: &str, item: &str) -> Result<Vec<Value>> {
    if r.given().is_none() {
        return Ok(Vec::new());
    }
    r.items(what, |i| i.object(item).map(|_| json(i.value().unwrap_or(&Val::Null))))
}

/// `usage`: `{ inputTokens, outputTokens, totalTokens }` of whole numbers.
fn read_usage(r: &Reader) -> Result<TokenUsage> {
    r.opt_object("an object { inputTokens, outputTokens, totalTokens }")?;
    let count = |k: &str| {
        r.field(k)
            .opt_count(0, MAX_SAFE, "a token count (a whole number, 0 or more)")
    };
    let (input, output) = (count("inputTokens")?.unwrap_or(0), count("outputTokens")?.unwrap_or(0));
    Ok(TokenUsage {
        input_tokens: input,
        output_tokens: output,
        total_tokens: count("totalTokens")?.unwrap_or(input.saturating_add(output)),
    })
}

/// `latency`: `{ e2eMs, llmMs, mcpMs }` of finite numbers (ms).
fn read_latency(r: &Reader) -> Result<LatencyBreakdown> {
    r.opt_object("an object { e2eMs, llmMs, mcpMs }")?;
    let ms = |k: &str| r.field(k).opt_number("a duration in ms (a finite number)");
    Ok(LatencyBreakdown {
        e2e_ms: ms("e2eMs")?.unwrap_or(0.0),
        llm_ms: ms("llmMs")?.unwrap_or(0.0),
        mcp_ms: ms("mcpMs")?.unwrap_or(0.0),
    })
}

/// `data.toolCalls`: `[{ toolName, arguments? }]` (absent arguments are `{}`).
fn read_tool_calls(r: &Reader) -> Result<Vec<TraceToolCall>> {
    if r.given().is_none() {
        return Ok(Vec::new());
    }
    let calls = crate::tool_calls::read_calls(r, "toolName")?;
    Ok(calls
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            TraceToolCall::new(
                c.name.to_owned(),
                Args::ok(json_map(c.args)),
                None,
                CallKind::Function,
                0,
                i,
            )
        })
        .collect())
}

/// `PromptResultData` read at `r` (see [`PromptResult::from_data`]).
pub(crate) fn read_data(r: &Reader) -> Result<PromptResult> {
    r.object("a PromptResultData object { prompt, messages, text, toolCalls, usage, latency, … }")?;
    Ok(PromptResult {
        format: None,
        prompt: opt_string(&r.field("prompt"))?.unwrap_or_default(),
        text: opt_string(&r.field("text"))?.unwrap_or_default(),
        messages: objects(
            &r.field("messages"),
            "an array of messages { role, content }",
            "a message object { role, content }",
        )?,
        tool_calls: read_tool_calls(&r.field("toolCalls"))?,
        usage: read_usage(&r.field("usage"))?,
        latency: read_latency(&r.field("latency"))?,
        error: opt_string(&r.field("error"))?,
        provider: opt_string(&r.field("provider"))?,
        model: opt_string(&r.field("model"))?,
        widget_snapshots: objects(
            &r.field("widgetSnapshots"),
            "an array of widget snapshots",
            "a widget snapshot object",
        )?,
        spans: objects(
            &r.field("spans"),
            "an array of spans",
            "a span object { id, name, category, … }",
        )?,
        diagnostics: Vec::new(),
        tool_failed: false,
    })
}

/// `PromptResult.error(error, latency = 0, prompt = "", metadata?)` read
/// from its four arguments (`latency` a number of ms or a breakdown).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) fn read_error(error: &Reader, latency: &Reader, prompt: &Reader, metadata: &Reader) -> Result<PromptResult> {
    let latency = match latency.given() {
        Some(Val::Num(_)) => LatencyBreakdown::from(
            latency
                .opt_number("a number of ms or { e2eMs, llmMs, mcpMs }")?
                .unwrap_or(0.0),
        ),
        Some(Val::Obj(_)) | None => read_latency(latency)?,
        Some(_) => return Err(latency.bad("a number of ms or { e2eMs, llmMs, mcpMs }")),
    };
    let m = metadata.options();
    m.opt_object("an object { provider?, model?, spans? }")?;
    let metadata = ErrorMetadata {
        provider: opt_string(&m.field("provider"))?,
        model: opt_string(&m.field("model"))?,
        spans: objects(&m.field("spans"), "an array of spans", "a span object")?,
    };
    let prompt = prompt.opt_str()?.unwrap_or("");
    Ok(PromptResult::from_error(error.str()?, latency, prompt, metadata))
}

/// The options of `toEvalResult` read at `r` (an options reader).
pub(crate) fn read_eval_options(r: &Reader) -> Result<EvalResultOptions> {
    r.opt_object("an object")?;
    let s = |k: &str| opt_string(&r.field(k));
    let map = |k: &str| -> Result<Option<Map<String, Value>>> {
        let f = r.field(k);
        Ok(f.opt_object("an object")?
            .map(|_| json_map(f.value().unwrap_or(&Val::Null))))
    };
    let snapshots = r.field("widgetSnapshots");
    Ok(EvalResultOptions {
        case_title: s("caseTitle")?,
        query: s("query")?,
        passed: r.field("passed").opt_bool()?,
        duration_ms: r.field("durationMs").opt_number("a duration in ms (a finite number)")?,
        provider: s("provider")?,
        model: s("model")?,
        expected_tool_calls: read_expected(&r.field("expectedToolCalls"))?,
        error: s("error")?,
        error_details: s("errorDetails")?,
        external_iteration_id: s("externalIterationId")?,
        external_case_id: s("externalCaseId")?,
        metadata: read_metadata(&r.field("metadata"))?,
        is_negative_test: r.field("isNegativeTest").opt_bool()?,
        advanced_config: map("advancedConfig")?,
        widget_snapshots: match snapshots.given() {
            Some(_) => Some(objects(
                &snapshots,
                "an array of widget snapshots",
                "a widget snapshot object",
            )?),
            None => None,
        },
        fail_on_tool_error: r.field("failOnToolError").opt_bool()?,
    })
}

/// `expectedToolCalls`: `[{ toolName, arguments? }]`.
fn read_expected(r: &Reader) -> Result<Option<Vec<EvalExpectedToolCall>>> {
    if r.given().is_none() {
        return Ok(None);
    }
    let calls = r.items("an array of tool calls { toolName, arguments? }", |item| {
        item.object("an object { toolName, arguments? }")?;
        let args = item.field("arguments");
        Ok(EvalExpectedToolCall {
            tool_name: item.field("toolName").str()?.to_owned(),
            arguments: args
                .opt_object("an object")?
                .map(|_| json_map(args.value().unwrap_or(&Val::Null))),
        })
    })?;
    Ok(Some(calls))
}

/// `metadata`: an object of strings, finite numbers and booleans.
fn read_metadata(r: &Reader) -> Result<Option<Map<String, Value>>> {
    let Some(o) = r.opt_object("an object of strings, numbers and booleans")? else {
        return Ok(None);
    };
    for m in o.members() {
        let f = r.field(&m.key);
        match &m.value {
            Val::Str(_) | Val::Bool(_) | Val::Undefined => {}
            Val::Num(n) if n.is_finite() => {}
            _ => return Err(f.bad("a string, a finite number or a boolean")),
        }
    }
    Ok(Some(json_map(r.value().unwrap_or(&Val::Null))))
}
