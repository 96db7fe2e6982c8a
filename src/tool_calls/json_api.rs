//! The Rust API of the tool-call matchers over `serde_json` values.

use super::{evaluate, read_calls, validators, Call, MatchOptions, NO_ARGUMENTS};
use crate::error::Result;
use crate::reader::Reader;
use crate::value::Val;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// A tool call, `EvalToolCall` of `@mcpjam/sdk@1.14.0`:
/// `{ "toolName": string, "arguments"?: object }`. Absent or `null`
/// arguments count as `{}`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolCall {
    /// The tool's name.
    pub tool_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The arguments object (`None`: none given, read as `{}`).
    pub arguments: Option<Map<String, Value>>,
}

impl ToolCall {
    /// A call of `tool_name` with `arguments`: a JSON object, or `null` for
    /// none (read as `{}`, as the reference does).
    ///
    /// Errors: `INVALID_ARGUMENT` at `arguments` for any other JSON value (a
    /// string, number, array or boolean is never silently taken as "no
    /// arguments", which would let an expectation pass against any call).
    ///
    /// ```
    /// use mcp_matchers::tool_calls::ToolCall;
    /// use serde_json::json;
    /// let call = ToolCall::new("add", json!({ "a": 2 }))?;
    /// assert_eq!(call.arguments.unwrap()["a"], 2);
    /// assert!(ToolCall::new("add", json!("oops")).is_err());
    /// # Ok::<(), mcp_matchers::MatcherError>(())
    /// ```
    pub fn new(tool_name: impl Into<String>, arguments: Value) -> Result<Self> {
        let arguments = match arguments {
            Value::Object(map) => Some(map),
            Value::Null => None,
            other => {
                return Err(crate::error::MatcherError::invalid_argument(
                    "arguments",
                    format!(
                        "arguments must be an object or null, got {}",
                        Val::from(&other).type_name()
                    ),
                ))
            }
        };
        Ok(ToolCall {
            tool_name: tool_name.into(),
            arguments,
        })
    }

    /// A call of `tool_name` without arguments (read as `{}`).
    pub fn named(tool_name: impl Into<String>) -> Self {
        ToolCall {
            tool_name: tool_name.into(),
            arguments: None,
        }
    }

    /// Reads `EvalToolCall[]` from untyped JSON, checking every field.
    /// `what` names the list in error paths (`"expected"` gives `expected[3].toolName`).
    ///
    /// Errors: `INVALID_ARGUMENT` when `value` is not an array, an item is
    /// not an object, a `toolName` is not a string, or `arguments` is neither
    /// an object nor `null`/absent.
    pub fn list_from_json(value: &Value, what: &str) -> Result<Vec<ToolCall>> {
        let v = Val::from(value);
        let calls = read_calls(&Reader::new(Some(&v), what), "toolName")?;
        Ok(value
            .as_array()
            .into_iter()
            .flatten()
            .zip(calls)
            .map(|(v, c)| ToolCall {
                tool_name: c.name.to_owned(),
                arguments: v.get("arguments").and_then(Value::as_object).cloned(),
            })
            .collect())
    }
}

/// A tool call as the matchers read it, in place: `EvalToolCall` of
/// `@mcpjam/sdk@1.14.0` (`{ toolName, arguments? }`). Implemented by
/// [`ToolCall`], by a trace's [`TraceToolCall`](crate::traces::TraceToolCall)
/// (so a [`PromptResult`](crate::traces::PromptResult)'s `tool_calls()` is
/// judged without building `ToolCall`s) and by references to either, so the
/// matchers take `&[ToolCall]`, `&[TraceToolCall]`, `&Vec<_>`, arrays, or any
/// iterator of `&ToolCall`-likes without cloning a call.
///
/// ```
/// use mcp_matchers::{evaluate_tool_calls, AsToolCall, MatchOptions, ToolCall};
/// use serde_json::json;
/// let expected = [ToolCall::new("add", json!({ "a": 2 }))?];
/// let actual = vec![ToolCall::named("log"), ToolCall::new("add", json!({ "a": 2 }))?];
/// // Any iterator of calls: here only the `add` ones, borrowed.
/// let adds = actual.iter().filter(|c| c.tool_name() == "add");
/// assert!(evaluate_tool_calls(&expected, adds, &MatchOptions::default()).passed);
/// # Ok::<(), mcp_matchers::MatcherError>(())
/// ```
pub trait AsToolCall {
    /// The tool's name (`toolName`), compared exactly.
    fn tool_name(&self) -> &str;

    /// The arguments object; `None` when the call has none (read as `{}`,
    /// as the reference does).
    fn arguments(&self) -> Option<&Map<String, Value>>;

    /// An owned [`ToolCall`] with the same name and arguments (what a
    /// verdict's `missing` and `extra` hold).
    fn to_tool_call(&self) -> ToolCall {
        ToolCall {
            tool_name: self.tool_name().to_owned(),
            arguments: self.arguments().cloned(),
        }
    }
}

impl AsToolCall for ToolCall {
    fn tool_name(&self) -> &str {
        &self.tool_name
    }

    fn arguments(&self) -> Option<&Map<String, Value>> {
        self.arguments.as_ref()
    }
}

impl<T: AsToolCall + ?Sized> AsToolCall for &T {
    fn tool_name(&self) -> &str {
        (**self).tool_name()
    }

    fn arguments(&self) -> Option<&Map<String, Value>> {
        (**self).arguments()
    }
}

/// Calls `f` with `list` as the engine's calls (names and arguments borrowed, not copied).
pub(crate) fn with_calls<C: AsToolCall, R>(list: &[C], f: impl FnOnce(&[Call<'_>]) -> R) -> R {
    let args: Vec<Option<Val<'_>>> = list.iter().map(|c| c.arguments().map(Val::from_map)).collect();
    let calls: Vec<Call<'_>> = list
        .iter()
        .zip(&args)
        .map(|(c, a)| Call {
            name: c.tool_name(),
            args: a.as_ref().unwrap_or(&NO_ARGUMENTS),
        })
        .collect();
    f(&calls)
}

/// [`with_calls`] over any list of calls (from a slice, only references are collected).
fn with_listed<C: AsToolCall, R>(list: impl IntoIterator<Item = C>, f: impl FnOnce(&[Call<'_>]) -> R) -> R {
    let list: Vec<C> = list.into_iter().collect();
    with_calls(&list, f)
}

/// A copy of a call's arguments, `{}` when it has none.
fn owned_arguments(c: &impl AsToolCall) -> Map<String, Value> {
    c.arguments().cloned().unwrap_or_default()
}

/// `EvalArgumentMismatch`: an expected and an actual call of the same tool
/// whose arguments did not match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ArgumentMismatch {
    /// The tool both calls name.
    pub tool_name: String,
    /// The expected call's arguments.
    pub expected_args: Map<String, Value>,
    /// The actual call's arguments.
    pub actual_args: Map<String, Value>,
    /// Index into the expected list (not serialised: the reference has no such field; 0 when deserialised).
    #[serde(skip)]
    pub expected_index: usize,
    /// Index into the actual list (not serialised; 0 when deserialised).
    #[serde(skip)]
    pub actual_index: usize,
}

/// `EvalOutOfOrderToolCall`: an expected call whose compatible actual call
/// sits at another index (`"strict"` and `"superset"` only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OutOfOrderToolCall {
    /// The tool's name.
    pub tool_name: String,
    /// Index into the expected calls.
    pub expected_index: usize,
    /// Index into the actual calls.
    pub actual_index: usize,
}

/// `EvalToolCallMatchResult`; serialises to the reference's JSON shape
/// `{ missing, extra, outOfOrder, argumentMismatches, passed }`.
#[must_use]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolCallMatchResult {
    /// Expected calls no actual call paired with.
    pub missing: Vec<ToolCall>,
    /// Actual calls no expected call paired with.
    pub extra: Vec<ToolCall>,
    /// Expected calls whose compatible call sits elsewhere (ours; the reference leaves it empty).
    pub out_of_order: Vec<OutOfOrderToolCall>,
    /// Calls of the same tool with arguments that do not match.
    pub argument_mismatches: Vec<ArgumentMismatch>,
    /// Nothing missing, no mismatch, extras within `maxExtraToolCalls`.
    pub passed: bool,
}

/// `evaluateToolCalls(expected, actual, options)` of `@mcpjam/sdk@1.14.0`
/// (`dist/matchers.js`): pairs expected with actual calls under
/// `options.resolve()` and says what is missing, extra, out of order or has
/// mismatched arguments. `options.is_negative_test = Some(true)` passes only
/// when `actual` is empty. An empty `actual` never passes otherwise.
///
/// `expected` and `actual` are lists of [`AsToolCall`]s (`&[ToolCall]`, a
/// [`PromptResult`](crate::traces::PromptResult)'s `tool_calls()`, any
/// iterator of `&ToolCall`-likes), read in place; the result's `missing`,
/// `extra` and argument maps are owned copies of the calls they name.
///
/// Never fails: a mismatch is the result. Cost: near-linear in the total
/// size of both lists (see the module docs of the engine). Numbers compare
/// by value as JavaScript numbers (f64): `10` equals `10.0`, and integers
/// beyond 2^53 compare as their nearest f64, as they do in the reference.
///
/// ```
/// use mcp_matchers::{evaluate_tool_calls, MatchOptions, ToolCall};
/// use serde_json::json;
/// let expected = [ToolCall::new("createTask", json!({ "priority": "high" }))?];
/// let actual = [ToolCall::new("createTask", json!({ "name": "Deploy", "priority": "high" }))?];
/// assert!(evaluate_tool_calls(&expected, &actual, &MatchOptions::default()).passed);
/// # Ok::<(), mcp_matchers::MatcherError>(())
/// ```
pub fn evaluate_tool_calls<E: AsToolCall, A: AsToolCall>(
    expected: impl IntoIterator<Item = E>,
    actual: impl IntoIterator<Item = A>,
    options: &MatchOptions,
) -> ToolCallMatchResult {
    let expected: Vec<E> = expected.into_iter().collect();
    let actual: Vec<A> = actual.into_iter().collect();
    let r = with_calls(&expected, |e| {
        with_calls(&actual, |a| {
            evaluate(e, a, &options.resolve(), options.is_negative_test.unwrap_or(false))
        })
    });
    ToolCallMatchResult {
        missing: r.missing.iter().map(|&i| expected[i].to_tool_call()).collect(),
        extra: r.extra.iter().map(|&j| actual[j].to_tool_call()).collect(),
        out_of_order: r
            .out_of_order
            .iter()
            .map(|&(i, j)| OutOfOrderToolCall {
                tool_name: expected[i].tool_name().to_owned(),
                expected_index: i,
                actual_index: j,
            })
            .collect(),
        argument_mismatches: r
            .argument_mismatches
            .iter()
            .map(|&(i, j)| ArgumentMismatch {
                tool_name: expected[i].tool_name().to_owned(),
                expected_args: owned_arguments(&expected[i]),
                actual_args: owned_arguments(&actual[j]),
                expected_index: i,
                actual_index: j,
            })
            .collect(),
        passed: r.passed,
    }
}

/// `matchToolCallWithArgs(toolName, expectedArgs, toolCalls)`: some call of
/// `tool_name` has arguments deep-equal to `expected_args` (key order ignored).
///
/// ```
/// use mcp_matchers::tool_calls::{match_tool_call_with_args, ToolCall};
/// use serde_json::json;
/// let calls = ToolCall::list_from_json(&json!([{ "toolName": "createTask", "arguments": { "name": "x", "status": "open" } }]), "calls").unwrap();
/// let args = |v: serde_json::Value| v.as_object().unwrap().clone();
/// assert!(match_tool_call_with_args("createTask", &args(json!({ "status": "open", "name": "x" })), &calls));
/// assert!(!match_tool_call_with_args("createTask", &args(json!({ "status": "open" })), &calls));
/// ```
#[must_use]
pub fn match_tool_call_with_args<C: AsToolCall>(
    tool_name: &str,
    expected_args: &Map<String, Value>,
    tool_calls: impl IntoIterator<Item = C>,
) -> bool {
    with_listed(tool_calls, |c| {
        validators::with_args(tool_name, &Val::from_map(expected_args), c)
    })
}

/// `matchToolCallWithPartialArgs(toolName, expectedArgs, toolCalls)`: some
/// call of `tool_name` has every key of `expected_args` with an equal value.
///
/// ```
/// use mcp_matchers::tool_calls::{match_tool_call_with_partial_args, ToolCall};
/// use serde_json::json;
/// let calls = ToolCall::list_from_json(&json!([{ "toolName": "createTask", "arguments": { "name": "x", "status": "open" } }]), "calls").unwrap();
/// let args = |v: serde_json::Value| v.as_object().unwrap().clone();
/// assert!(match_tool_call_with_partial_args("createTask", &args(json!({ "status": "open" })), &calls));
/// assert!(!match_tool_call_with_partial_args("createTask", &args(json!({ "status": "done" })), &calls));
/// ```
#[must_use]
pub fn match_tool_call_with_partial_args<C: AsToolCall>(
    tool_name: &str,
    expected_args: &Map<String, Value>,
    tool_calls: impl IntoIterator<Item = C>,
) -> bool {
    with_listed(tool_calls, |c| {
        validators::with_partial_args(tool_name, &Val::from_map(expected_args), c)
    })
}

/// `matchToolArgument(toolName, argName, expectedValue, toolCalls)`: some
/// call of `tool_name` has argument `arg_name` equal to `expected_value`.
///
/// ```
/// use mcp_matchers::tool_calls::{match_tool_argument, ToolCall};
/// use serde_json::json;
/// let calls = ToolCall::list_from_json(&json!([{ "toolName": "search", "arguments": { "query": "rust", "limit": 5 } }]), "calls").unwrap();
/// assert!(match_tool_argument("search", "limit", &json!(5), &calls));
/// assert!(!match_tool_argument("search", "limit", &json!("5"), &calls));
/// ```
#[must_use]
pub fn match_tool_argument<C: AsToolCall>(
    tool_name: &str,
    arg_name: &str,
    expected_value: &Value,
    tool_calls: impl IntoIterator<Item = C>,
) -> bool {
    with_listed(tool_calls, |c| {
        validators::argument(tool_name, arg_name, &Val::from(expected_value), c)
    })
}

/// `matchToolArgumentWith(toolName, argName, predicate, toolCalls)`: some
/// call of `tool_name` has argument `arg_name` and `predicate` accepts it.
/// The predicate sees the calls in order and is not called after it first
/// returns `true`.
///
/// ```
/// use mcp_matchers::tool_calls::{match_tool_argument_with, ToolCall};
/// use serde_json::json;
/// let calls = ToolCall::list_from_json(&json!([{ "toolName": "search", "arguments": { "limit": 5 } }]), "calls").unwrap();
/// assert!(match_tool_argument_with("search", "limit", |v| v.as_f64().is_some_and(|n| n <= 10.0), &calls));
/// assert!(!match_tool_argument_with("search", "query", |_| true, &calls));
/// ```
#[must_use]
pub fn match_tool_argument_with<C: AsToolCall>(
    tool_name: &str,
    arg_name: &str,
    mut predicate: impl FnMut(&Value) -> bool,
    tool_calls: impl IntoIterator<Item = C>,
) -> bool {
    tool_calls
        .into_iter()
        .filter(|c| c.tool_name() == tool_name)
        .any(|c| c.arguments().and_then(|a| a.get(arg_name)).is_some_and(&mut predicate))
}

/// `alignToolCalls(expected, actual, options)` (ours, no counterpart in
/// `@mcpjam/sdk@1.14.0`): the verdict of [`evaluate_tool_calls`] by index,
/// with the pairs and, for each argument mismatch, the engine's per-key
/// verdicts.
///
/// ```
/// use mcp_matchers::{align_tool_calls, MatchOptions, ToolCall, Verdict};
/// use serde_json::json;
/// let expected = [ToolCall::new("get_weather", json!({ "city": "Paris", "units": "metric" }))?];
/// let actual = [ToolCall::new("get_weather", json!({ "city": "Lyon" }))?];
/// let a = align_tool_calls(&expected, &actual, &MatchOptions::default());
/// let verdicts: Vec<Verdict> = a.argument_mismatches[0].differences.iter().map(|d| d.verdict).collect();
/// assert_eq!(verdicts, [Verdict::Differs, Verdict::Missing]); // city, units
/// # Ok::<(), mcp_matchers::MatcherError>(())
/// ```
pub fn align_tool_calls<E: AsToolCall, A: AsToolCall>(
    expected: impl IntoIterator<Item = E>,
    actual: impl IntoIterator<Item = A>,
    options: &MatchOptions,
) -> super::ToolCallAlignment {
    with_listed(expected, |e| {
        with_listed(actual, |a| {
            super::align(e, a, &options.resolve(), options.is_negative_test.unwrap_or(false))
        })
    })
}
