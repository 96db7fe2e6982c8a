//! The tool-call expectations of `@gleanwork/mcp-server-tester@1.1.0`
//! (`dist/index.js`, section `src/assertions/validators/toolCalls.ts`):
//! `validateToolCalls` (`expect.toolsTriggered`) and `validateToolCallCount`
//! (`expect.toolCallCount`), over an `MCPHostSimulationResult`
//! `{ success, toolCalls: [{ name, arguments }] }`.
//!
//! Calls are the tool-call family's [`Call`] and argument values its
//! [`Val`]; a leaf is compared with [`json_eq`] (the reference compares
//! `JSON.stringify` texts). What this module adds is the reference's own
//! argument rule, which the tool-call family does not have: an expected
//! object or array matches any object (or array) holding at least its keys,
//! recursively, and `{ $pattern, $flags? }` matches a string by a regular
//! expression ([`crate::js::regex::compile`]: JavaScript syntax and `^`/`$`
//! meaning, linear time, compiled when the expectation is read, so a bad
//! pattern throws at once instead of being skipped).

use crate::error::Result;
use crate::js::number::to_string as js_number;
use crate::matching::sequence::{first_from, in_order, ratio, Miss};
use crate::matching::{Matcher, Policy};
use crate::reader::Reader;
use crate::tool_calls::{read_calls, Call};
use crate::value::print::json_number;
use crate::value::Val;
use serde::Serialize;
use serde_json::{json, Value};

/// `expect.toolsTriggered.order`: `"any"` (the default) or `"strict"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CallOrder {
    Any,
    Strict,
}

/// One `calls[i]` of the expectation.
#[derive(Clone, Debug)]
pub(crate) struct ExpectedCall<'a> {
    pub name: &'a str,
    /// `None`: any arguments.
    pub arguments: Option<Matcher<'a>>,
    /// `JSON.stringify(arguments)` as the failure message prints it.
    pub arguments_text: Option<String>,
    /// `required !== false`.
    pub required: bool,
}

/// `expect.toolsTriggered`: `{ calls, order?, exclusive? }`.
#[derive(Clone, Debug)]
pub(crate) struct ToolsTriggered<'a> {
    pub calls: Vec<ExpectedCall<'a>>,
    pub order: CallOrder,
    pub exclusive: bool,
}

/// `metrics` of a `validateToolCalls` result: `precision` is the share of
/// actual calls whose name is one of the expected names (1 when there are
/// none); `recall` the share of required expected calls that some actual
/// call matches, in any order (1 when none is required).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ToolCallMetrics {
    /// Share of actual calls whose name is expected (0 to 1).
    pub precision: f64,
    /// Share of required expected calls found (0 to 1).
    pub recall: f64,
}

/// What `validateToolCalls` returns: `{ pass, message, details?, metrics? }`.
/// `metrics` is absent only when the response is not a simulation result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ToolCallsResult {
    /// Whether every expectation was met.
    pub pass: bool,
    /// The reference's message for the outcome.
    pub message: String,
    /// `{ actual: names, expected: name }` for a missing call,
    /// `{ actual: names, unexpected: names }` for calls `exclusive` forbids.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// Precision and recall of the calls.
    pub metrics: Option<ToolCallMetrics>,
}

/// The reference's message for a response that is not an `MCPHostSimulationResult`.
pub(crate) fn not_simulation(what: &str) -> String {
    format!("{what} expectation requires mcp_host mode \u{2014} response must be an MCPHostSimulationResult")
}

/// Reads `expect.toolsTriggered` from `v` (`path` names it in errors);
/// `arguments_text(i)` is `JSON.stringify(calls[i].arguments)` for messages.
///
/// Errors: `INVALID_ARGUMENT` when `v` is not an object, `calls` not an
/// array, a call not an object, its `name` not a string, its `arguments`
/// neither an object nor absent/`null`, a `$flags` not a string, or a
/// `$pattern` that does not compile or uses a construct regex-lite does not
/// have (path `….arguments.key.$pattern`); `INVALID_OPTION` for an `order`
/// other than `"strict"`/`"any"` and a non-boolean `exclusive`/`required`.
pub(crate) fn read_tools_triggered<'v>(
    r: &Reader<'_, 'v>,
    arguments_text: &dyn Fn(usize, &Val<'v>) -> String,
) -> Result<ToolsTriggered<'v>> {
    r.object("an object { calls, order?, exclusive? }")?;
    let calls = r.field("calls");
    let calls = calls.items("an array of { name, arguments?, required? }", |c| {
        c.object("an object { name, arguments?, required? }")?;
        let args = c.field("arguments");
        let (arguments, arguments_text) = match args.opt_object("an object")? {
            None => (None, None),
            Some(_) => {
                let v = args.required("an object")?;
                (
                    Some(Matcher::compile(v, Policy::SERVER_TESTER, &args.path())?),
                    Some(arguments_text(c.index(), v)),
                )
            }
        };
        let required = c.field("required").as_option().opt_bool()?.unwrap_or(true);
        Ok(ExpectedCall {
            name: c.field("name").str()?,
            arguments,
            arguments_text,
            required,
        })
    })?;
    let o = r.field("order").as_option();
    let order = o
        .opt_one_of(&[("strict", CallOrder::Strict), ("any", CallOrder::Any)])?
        .unwrap_or(CallOrder::Any);
    let exclusive = r.field("exclusive").as_option().opt_bool()?.unwrap_or(false);
    Ok(ToolsTriggered {
        calls,
        order,
        exclusive,
    })
}

/// `findMatchingCall`: the first call at or after `start` with the expected
/// name and (when given) matching arguments.
fn find(actual: &[Call<'_>], expected: &ExpectedCall<'_>, start: usize) -> Option<usize> {
    first_from(actual.len(), start, |i| {
        let call = &actual[i];
        call.name == expected.name && expected.arguments.as_ref().is_none_or(|m| m.accepts(Some(call.args)))
    })
}

/// `validateToolCalls(response, expectation)`; `actual` is the simulation
/// result's `toolCalls` (`None` when the response is not a simulation result).
pub(crate) fn validate_tool_calls(actual: Option<&[Call<'_>]>, expectation: &ToolsTriggered<'_>) -> ToolCallsResult {
    let Some(actual) = actual else {
        return ToolCallsResult {
            pass: false,
            message: not_simulation("toolsTriggered"),
            details: None,
            metrics: None,
        };
    };
    let calls = &expectation.calls;
    let required = || calls.iter().filter(|c| c.required);
    let n_required = required().count();
    let found = required().filter(|c| find(actual, c, 0).is_some()).count();
    let recall = ratio(found, n_required, 1.0);
    let mut allowed: Vec<&str> = Vec::new();
    for c in calls {
        if !allowed.contains(&c.name) {
            allowed.push(c.name);
        }
    }
    let is_allowed = |c: &Call<'_>| allowed.contains(&c.name);
    let precision = ratio(actual.iter().filter(|c| is_allowed(c)).count(), actual.len(), 1.0);
    let metrics = Some(ToolCallMetrics { precision, recall });
    let names: Vec<&str> = actual.iter().map(|c| c.name).collect();
    let fail = |message: String, details: Value| ToolCallsResult {
        pass: false,
        message,
        details: Some(details),
        metrics,
    };
    match expectation.order {
        CallOrder::Strict => {
            let miss = |i: usize| if calls[i].required { Miss::Stop } else { Miss::Skip };
            let steps = in_order(calls.len(), actual.len(), |i, k| find(actual, &calls[i], k), miss);
            if let Some((i, step)) = steps
                .iter()
                .enumerate()
                .find(|(i, s)| s.at.is_none() && calls[*i].required)
            {
                return fail(
                    format!(
                        "Expected tool '{}' to be called in sequence (starting from position {}), but it was not found",
                        calls[i].name, step.from
                    ),
                    json!({ "actual": names, "expected": calls[i].name }),
                );
            }
        }
        CallOrder::Any => {
            if let Some(expected) = required().find(|c| find(actual, c, 0).is_none()) {
                let note = expected
                    .arguments_text
                    .as_ref()
                    .map_or(String::new(), |t| format!(" with args {t}"));
                return fail(
                    format!("Expected tool '{}'{note} to be called, but it was not", expected.name),
                    json!({ "actual": names, "expected": expected.name }),
                );
            }
        }
    }
    if expectation.exclusive {
        let unexpected: Vec<&str> = actual.iter().filter(|c| !is_allowed(c)).map(|c| c.name).collect();
        if !unexpected.is_empty() {
            let quote = |list: &[&str]| list.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", ");
            return fail(
                format!(
                    "Unexpected tool calls: {}. Only {} are allowed",
                    quote(&unexpected),
                    quote(&allowed)
                ),
                json!({ "actual": names, "unexpected": unexpected }),
            );
        }
    }
    ToolCallsResult {
        pass: true,
        message: "All tool call expectations met".into(),
        details: None,
        metrics,
    }
}

/// `expect.toolCallCount`: `{ min?, max?, exact? }`, numbers of calls.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CountOptions {
    /// At least this many calls.
    pub min: Option<f64>,
    /// At most this many.
    pub max: Option<f64>,
    /// Exactly this many (checked first).
    pub exact: Option<f64>,
}

/// Reads `{ min?, max?, exact? }` (`undefined`/`null` = not set).
/// Errors: `INVALID_ARGUMENT` when `r` is not an object or a bound is not a
/// finite number (path `….min`, …).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) fn read_count_options(r: &Reader<'_, '_>) -> Result<CountOptions> {
    r.object("an object { min?, max?, exact? }")?;
    let bound = |key: &str| r.field(key).opt_number("a finite number of calls");
    Ok(CountOptions {
        min: bound("min")?,
        max: bound("max")?,
        exact: bound("exact")?,
    })
}

/// `validateToolCallCount(response, options)` with `count` the number of
/// the simulation result's tool calls (`None`: not a simulation result).
/// `exact` is checked first, then `min`, then `max`; with no bound it passes.
pub(crate) fn validate_tool_call_count(count: Option<usize>, options: &CountOptions) -> super::CheckResult {
    use super::CheckResult;
    let Some(count) = count else {
        return CheckResult::fail(not_simulation("toolCallCount"), None);
    };
    let n = count as f64;
    let checks = [
        (options.exact.filter(|&e| n != e), "exactly", "expected"),
        (options.min.filter(|&m| n < m), "at least", "min"),
        (options.max.filter(|&m| n > m), "at most", "max"),
    ];
    for (bound, words, key) in checks {
        if let Some(b) = bound {
            let mut details = serde_json::Map::new();
            details.insert("actual".into(), json!(count));
            details.insert(key.into(), json_number(b));
            return CheckResult::fail(
                format!("Expected {words} {} tool call(s), but got {count}", js_number(b)),
                Some(Value::Object(details)),
            );
        }
    }
    CheckResult::pass(format!("Tool call count ({count}) is within expected range"))
}

/// The tool calls of a simulation result `response` (`None`: not one).
///
/// Errors: as [`read_calls`] at `….toolCalls[i]`.
pub(crate) fn read_simulation_calls<'v>(response: &Reader<'_, 'v>) -> Result<Option<Vec<Call<'v>>>> {
    match response.value().and_then(simulation_calls) {
        Some(_) => read_calls(&response.field("toolCalls"), "name").map(Some),
        None => Ok(None),
    }
}

/// The `toolCalls` of an `MCPHostSimulationResult`, the reference's
/// `isSimulationResult`: an object with a `success` member (any value) and
/// an array `toolCalls`. `None` for any other response.
pub(crate) fn simulation_calls<'v, 'a>(response: &'v Val<'a>) -> Option<&'v [Val<'a>]> {
    match (response.get("success"), response.get("toolCalls")) {
        (Some(_), Some(Val::Arr(items))) => Some(items),
        _ => None,
    }
}
