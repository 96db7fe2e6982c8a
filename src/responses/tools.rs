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

use super::json::{js_number, json_number, stringify, Json};
use crate::error::{MatcherError, Result};
use crate::tool_calls::Call;
use crate::value::{json_eq, Val};
use regex_lite::Regex;
use serde::Serialize;
use serde_json::{json, Value};
use std::borrow::Cow;

/// `expect.toolsTriggered.order`: `"any"` (the default) or `"strict"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CallOrder {
    Any,
    Strict,
}

/// What an expected argument value requires of the actual value.
#[derive(Clone, Debug)]
pub(crate) enum ArgMatcher<'a> {
    /// `{ $pattern, $flags? }`: a string the regular expression finds a match in.
    Pattern(Regex),
    /// An object or array: an object or array (`typeof` `"object"`) whose
    /// member at each key matches (array items by their index as key).
    Fields(Vec<(Cow<'a, str>, ArgMatcher<'a>)>),
    /// Anything else: equal `JSON.stringify` texts ([`json_eq`]).
    Equal(Val<'a>),
}

/// One `calls[i]` of the expectation.
#[derive(Clone, Debug)]
pub(crate) struct ExpectedCall<'a> {
    pub name: Cow<'a, str>,
    /// `None`: any arguments.
    pub arguments: Option<ArgMatcher<'a>>,
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
    pub precision: f64,
    pub recall: f64,
}

/// What `validateToolCalls` returns: `{ pass, message, details?, metrics? }`.
/// `metrics` is absent only when the response is not a simulation result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ToolCallsResult {
    pub pass: bool,
    pub message: String,
    /// `{ actual: names, expected: name }` for a missing call,
    /// `{ actual: names, unexpected: names }` for calls `exclusive` forbids.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metrics: Option<ToolCallMetrics>,
}

/// The reference's message for a response that is not an `MCPHostSimulationResult`.
pub(crate) fn not_simulation(what: &str) -> String {
    format!("{what} expectation requires mcp_host mode \u{2014} response must be an MCPHostSimulationResult")
}

fn invalid(path: String, what: &str, got: &Val<'_>) -> MatcherError {
    MatcherError::invalid_argument(path.clone(), format!("{path} must be {what}, got {}", got.type_name()))
}

/// A `true`/`false` member; absent, `undefined` and `null` are `None`.
fn flag(v: Option<&Val<'_>>, path: &str) -> Result<Option<bool>> {
    match v {
        None | Some(Val::Undefined | Val::Null) => Ok(None),
        Some(Val::Bool(b)) => Ok(Some(*b)),
        Some(other) => Err(MatcherError::invalid_option(
            path,
            format!("{path} must be a boolean, got {}", other.type_name()),
        )),
    }
}

/// Reads an expected argument value. `{ $pattern: string, $flags? }` is a
/// pattern (other members are ignored, as in the reference).
fn matcher<'a>(v: &Val<'a>, path: &str) -> Result<ArgMatcher<'a>> {
    if let Some(Val::Str(source)) = v.get("$pattern") {
        let flags = match v.get("$flags") {
            None | Some(Val::Undefined) => "",
            Some(Val::Str(f)) => f,
            Some(other) => return Err(invalid(format!("{path}.$flags"), "a string of flags", other)),
        };
        return crate::js::regex::compile(source, flags, &format!("{path}.$pattern")).map(ArgMatcher::Pattern);
    }
    fields(v, path).map(|f| f.unwrap_or_else(|| ArgMatcher::Equal(v.clone())))
}

/// An object or array as [`ArgMatcher::Fields`]; `None` for other values.
fn fields<'a>(v: &Val<'a>, path: &str) -> Result<Option<ArgMatcher<'a>>> {
    let out = match v {
        Val::Obj(entries) => entries
            .iter()
            .map(|(k, item)| Ok((k.clone(), matcher(item, &format!("{path}.{k}"))?)))
            .collect::<Result<Vec<_>>>()?,
        Val::Arr(items) => items
            .iter()
            .enumerate()
            .map(|(i, item)| Ok((Cow::Owned(i.to_string()), matcher(item, &format!("{path}[{i}]"))?)))
            .collect::<Result<Vec<_>>>()?,
        _ => return Ok(None),
    };
    Ok(Some(ArgMatcher::Fields(out)))
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
pub(crate) fn read_tools_triggered<'a>(
    v: &Val<'a>,
    path: &str,
    arguments_text: &dyn Fn(usize, &Val<'a>) -> String,
) -> Result<ToolsTriggered<'a>> {
    if !matches!(v, Val::Obj(_)) {
        return Err(invalid(path.into(), "an object { calls, order?, exclusive? }", v));
    }
    let calls = match v.get("calls") {
        Some(Val::Arr(items)) => items,
        other => {
            return Err(invalid(
                format!("{path}.calls"),
                "an array of { name, arguments?, required? }",
                other.unwrap_or(&Val::Undefined),
            ))
        }
    };
    let calls = calls
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let at = format!("{path}.calls[{i}]");
            if !matches!(c, Val::Obj(_)) {
                return Err(invalid(at, "an object { name, arguments?, required? }", c));
            }
            let name = match c.get("name") {
                Some(Val::Str(s)) => s.clone(),
                other => {
                    return Err(invalid(
                        format!("{at}.name"),
                        "a string",
                        other.unwrap_or(&Val::Undefined),
                    ))
                }
            };
            let (arguments, arguments_text) = match c.get("arguments") {
                None | Some(Val::Undefined | Val::Null) => (None, None),
                Some(args @ Val::Obj(_)) => (fields(args, &format!("{at}.arguments"))?, Some(arguments_text(i, args))),
                Some(other) => return Err(invalid(format!("{at}.arguments"), "an object", other)),
            };
            let required = flag(c.get("required"), &format!("{at}.required"))?.unwrap_or(true);
            Ok(ExpectedCall {
                name,
                arguments,
                arguments_text,
                required,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let order = match v.get("order") {
        None | Some(Val::Undefined | Val::Null) => CallOrder::Any,
        Some(Val::Str(s)) if s == "any" => CallOrder::Any,
        Some(Val::Str(s)) if s == "strict" => CallOrder::Strict,
        Some(other) => {
            return Err(MatcherError::invalid_option(
                format!("{path}.order"),
                format!("order must be \"strict\" or \"any\", got {}", describe(other)),
            ))
        }
    };
    let exclusive = flag(v.get("exclusive"), &format!("{path}.exclusive"))?.unwrap_or(false);
    Ok(ToolsTriggered {
        calls,
        order,
        exclusive,
    })
}

fn describe(v: &Val<'_>) -> String {
    match v {
        Val::Str(s) => format!("{s:?}"),
        other => other.type_name().to_string(),
    }
}

/// The member `key` of an object or array as JavaScript's `value[key]`
/// reads own members (an array's items by canonical index, and its `length`).
fn member<'v, 'a>(v: &'v Val<'a>, key: &str) -> Option<Cow<'v, Val<'a>>> {
    match v {
        Val::Arr(items) if key == "length" => Some(Cow::Owned(Val::Num(items.len() as f64))),
        Val::Arr(items) => {
            let canonical = key == "0" || (!key.starts_with('0') && key.bytes().all(|b| b.is_ascii_digit()));
            key.parse::<usize>()
                .ok()
                .filter(|_| canonical)
                .and_then(|i| items.get(i))
                .map(Cow::Borrowed)
        }
        _ => v.get(key).map(Cow::Borrowed),
    }
}

/// The reference's `partialMatch` for one value (`actual` absent = `undefined`).
fn accepts(m: &ArgMatcher<'_>, actual: Option<&Val<'_>>) -> bool {
    match m {
        ArgMatcher::Pattern(re) => matches!(actual, Some(Val::Str(s)) if re.is_match(s)),
        ArgMatcher::Fields(fields) => match actual {
            Some(v @ (Val::Obj(_) | Val::Arr(_) | Val::Date(_))) => {
                fields.iter().all(|(k, m)| accepts(m, member(v, k).as_deref()))
            }
            // `JSON.stringify` of an object never equals that of a non-object.
            _ => false,
        },
        ArgMatcher::Equal(want) => json_eq(actual, Some(want)),
    }
}

/// `findMatchingCall`: the first call at or after `start` with the expected
/// name and (when given) matching arguments.
fn find(actual: &[Call<'_>], expected: &ExpectedCall<'_>, start: usize) -> Option<usize> {
    (start..actual.len()).find(|&i| {
        let call = &actual[i];
        call.name == expected.name && expected.arguments.as_ref().is_none_or(|m| accepts(m, Some(&call.args)))
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
    let recall = if n_required > 0 {
        found as f64 / n_required as f64
    } else {
        1.0
    };
    let mut allowed: Vec<&str> = Vec::new();
    for c in calls {
        if !allowed.contains(&&*c.name) {
            allowed.push(&c.name);
        }
    }
    let is_allowed = |c: &Call<'_>| allowed.contains(&&*c.name);
    let precision = if actual.is_empty() {
        1.0
    } else {
        actual.iter().filter(|c| is_allowed(c)).count() as f64 / actual.len() as f64
    };
    let metrics = Some(ToolCallMetrics { precision, recall });
    let names: Vec<&str> = actual.iter().map(|c| &*c.name).collect();
    let fail = |message: String, details: Value| ToolCallsResult {
        pass: false,
        message,
        details: Some(details),
        metrics,
    };
    match expectation.order {
        CallOrder::Strict => {
            let mut from = 0;
            for expected in calls {
                match find(actual, expected, from) {
                    Some(i) => from = i + 1,
                    None if expected.required => {
                        return fail(
                            format!(
                                "Expected tool '{}' to be called in sequence (starting from position {from}), but it was not found",
                                expected.name
                            ),
                            json!({ "actual": names, "expected": expected.name }),
                        )
                    }
                    None => {}
                }
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
        let unexpected: Vec<&str> = actual.iter().filter(|c| !is_allowed(c)).map(|c| &*c.name).collect();
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

/// Reads a simulation result's `toolCalls` items `{ name, arguments? }`
/// (`path` names the list). Absent or `null` arguments are `{}`.
///
/// Errors: `INVALID_ARGUMENT` at `path[i]` for an item that is not an
/// object, `path[i].name` for a non-string name, `path[i].arguments` for
/// arguments that are not an object.
pub(crate) fn read_actual_calls<'a>(items: Vec<Val<'a>>, path: &str) -> Result<Vec<Call<'a>>> {
    items
        .into_iter()
        .enumerate()
        .map(|(i, item)| {
            let at = || format!("{path}[{i}]");
            let Val::Obj(entries) = item else {
                return Err(invalid(at(), "an object { name, arguments? }", &item));
            };
            let (mut name, mut args) = (Val::Undefined, Val::Undefined);
            for (k, v) in entries {
                match &*k {
                    "name" => name = v,
                    "arguments" => args = v,
                    _ => {}
                }
            }
            let name = match name {
                Val::Str(s) => s,
                other => return Err(invalid(format!("{}.name", at()), "a string", &other)),
            };
            let args = match args {
                Val::Undefined | Val::Null => Val::Obj(Vec::new()),
                obj @ Val::Obj(_) => obj,
                other => return Err(invalid(format!("{}.arguments", at()), "an object", &other)),
            };
            Ok(Call { name, args })
        })
        .collect()
}

/// `expect.toolCallCount`: `{ min?, max?, exact? }`, numbers of calls.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CountOptions {
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub exact: Option<f64>,
}

/// Reads `{ min?, max?, exact? }` (`undefined`/`null` = not set).
/// Errors: `INVALID_ARGUMENT` when `v` is not an object (path `path`) or a
/// bound is not a finite number (path `path.min`, …).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) fn read_count_options(v: &Val<'_>, path: &str) -> Result<CountOptions> {
    if !matches!(v, Val::Obj(_)) {
        return Err(invalid(path.into(), "an object { min?, max?, exact? }", v));
    }
    let bound = |key: &str| -> Result<Option<f64>> {
        match v.get(key) {
            None | Some(Val::Undefined | Val::Null) => Ok(None),
            Some(Val::Num(n)) if n.is_finite() => Ok(Some(*n)),
            Some(other) => Err(MatcherError::invalid_argument(
                format!("{path}.{key}"),
                format!("{key} must be a finite number of calls, got {}", other.type_name()),
            )),
        }
    };
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

/// The `toolCalls` of an `MCPHostSimulationResult`, the reference's
/// `isSimulationResult`: an object with a `success` member (any value) and
/// an array `toolCalls`. `None` for any other response.
pub(crate) fn simulation_calls<'v, 'a>(response: &'v Val<'a>) -> Option<&'v [Val<'a>]> {
    match (response.get("success"), response.get("toolCalls")) {
        (Some(_), Some(Val::Arr(items))) => Some(items),
        _ => None,
    }
}

/// `JSON.stringify` of a value (objects in the value's key order; values
/// JSON cannot say print as `null`).
pub(crate) fn print_val(v: &Val<'_>) -> String {
    fn to_json<'a>(v: &'a Val<'a>) -> Json<'a> {
        match v {
            Val::Bool(b) => Json::Bool(*b),
            Val::Num(n) => Json::Num(*n),
            Val::Str(s) => Json::Str(Cow::Borrowed(s)),
            Val::Arr(items) => Json::Arr(items.iter().map(to_json).collect()),
            Val::Obj(entries) => Json::Obj(entries.iter().map(|(k, v)| (Cow::Borrowed(&**k), to_json(v))).collect()),
            _ => Json::Null,
        }
    }
    stringify(&to_json(v))
}
