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

use super::assertions::{Bound, Limits};
use crate::error::{MatcherError, Result};
use crate::matching::sequence::{in_order, ratio, Miss};
use crate::matching::{Matcher, Node, Policy};
use crate::reader::Reader;
use crate::tool_calls::{read_calls, Call};
use crate::value::eq::{json_eq, json_hash};
use crate::value::Val;
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::hash::Hasher;

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
    /// The expected arguments value (`None`: any arguments).
    pub arguments_value: Option<&'a Val<'a>>,
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
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToolCallMetrics {
    /// Share of actual calls whose name is expected (0 to 1).
    pub precision: f64,
    /// Share of required expected calls found (0 to 1).
    pub recall: f64,
}

/// What `validateToolCalls` returns: `{ pass, message, details?, metrics? }`.
/// `metrics` is absent only when the response is not a simulation result.
#[must_use]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
        let (arguments, arguments_text, arguments_value) = match args.opt_object("an object")? {
            None => (None, None, None),
            Some(_) => {
                let v = args.required("an object")?;
                (
                    Some(Matcher::compile(v, Policy::SERVER_TESTER, &args.path())?),
                    Some(arguments_text(c.index(), v)),
                    Some(v),
                )
            }
        };
        let required = c.field("required").as_option().opt_bool()?.unwrap_or(true);
        Ok(ExpectedCall {
            name: c.field("name").str()?,
            arguments,
            arguments_text,
            arguments_value,
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

/// `findMatchingCall` for every expected call without comparing every pair:
/// each expected call looks at the actual calls of its name only (through
/// one required top-level value's hash when it has one), and expected calls
/// with the same name and arguments share one cursor into that list, so no
/// list is scanned twice for them (the in-order scan only moves forward).
/// Cost: linear in the calls, plus, for distinct expected calls of one name
/// whose arguments require no plain value (only patterns or nested
/// objects), the actual calls of that name each.
struct Finder<'a, 'v> {
    actual: &'a [Call<'v>],
    by_name: FxHashMap<&'v str, Vec<u32>>,
    /// (name, key, value) hashes of every top-level argument member, built on first use.
    by_entry: Option<EntryIndex>,
    /// Per expected call: its class (same name and arguments text).
    class_of: Vec<usize>,
    /// Per class: where its scan of its candidate list stopped.
    cursor: Vec<usize>,
}

const NONE: &[u32] = &[];

/// The most (distinct expected call, candidate actual call) pairs one
/// `validateToolCalls` may compare (2^20). Past it the call is refused rather
/// than left to run for seconds: a candidate is an actual call of the
/// expected call's name (and of its first plain top-level argument value,
/// when it has one), and identical expected calls count once.
pub const COMPARISON_BUDGET: usize = 1 << 20;

/// Ascending actual indices by (name, key, value) hashes of their top-level argument members.
type EntryIndex = FxHashMap<(u64, u64, u64), Vec<u32>>;

impl<'a, 'v> Finder<'a, 'v> {
    /// Errors: `INVALID_ARGUMENT` at `expectation.calls` when the distinct
    /// expected calls would compare with more than [`COMPARISON_BUDGET`]
    /// actual calls together (counted before any comparison).
    fn new(actual: &'a [Call<'v>], calls: &[ExpectedCall<'_>]) -> Result<Self> {
        let mut by_name: FxHashMap<&'v str, Vec<u32>> = FxHashMap::default();
        for (j, c) in actual.iter().enumerate() {
            by_name.entry(c.name).or_default().push(j as u32);
        }
        // Classes: the same name and deep-equal arguments (a hash, confirmed).
        let mut by_key: FxHashMap<(&str, u64), Vec<usize>> = FxHashMap::default();
        let mut first_of: Vec<usize> = Vec::new();
        let class_of = calls
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let same = by_key
                    .entry((c.name, c.arguments_value.map_or(0, |v| json_hash(Some(v)))))
                    .or_default();
                let found = same.iter().copied().find(|&k| {
                    let rep = &calls[first_of[k]];
                    match (rep.arguments_value, c.arguments_value) {
                        (None, None) => true,
                        (Some(a), Some(b)) => json_eq(Some(a), Some(b)),
                        _ => false,
                    }
                });
                found.unwrap_or_else(|| {
                    first_of.push(i);
                    same.push(first_of.len() - 1);
                    first_of.len() - 1
                })
            })
            .collect();
        let mut finder = Finder {
            actual,
            by_name,
            by_entry: None,
            class_of,
            cursor: vec![0; first_of.len()],
        };
        // Each class scans its candidate list at most once (its cursor only
        // moves forward), so this sum bounds the comparisons of the whole call.
        let mut work = 0usize;
        for &i in &first_of {
            work += candidates(actual, &finder.by_name, &mut finder.by_entry, &calls[i]).len();
            if work > COMPARISON_BUDGET {
                return Err(MatcherError::invalid_argument(
                    "expectation.calls",
                    format!(
                        "expected calls that must each be compared with the actual calls of their name \
                         (arguments with only patterns or nested objects) would make more than \
                         {COMPARISON_BUDGET} comparisons; give each a plain argument value or split the expectation"
                    ),
                ));
            }
        }
        Ok(finder)
    }

    /// The first actual call at or after `start` that expected call `i` matches.
    fn find(&mut self, i: usize, expected: &ExpectedCall<'_>, start: usize) -> Option<usize> {
        let class = self.class_of[i];
        let actual = self.actual;
        let list = candidates(actual, &self.by_name, &mut self.by_entry, expected);
        let pos = self.cursor[class].max(list.partition_point(|&j| (j as usize) < start));
        let found = list[pos..].iter().position(|&j| {
            let call = &actual[j as usize];
            call.name == expected.name && expected.arguments.as_ref().is_none_or(|m| m.accepts(Some(call.args)))
        });
        // Candidates before the one found (or all) do not match: later scans skip them.
        self.cursor[class] = pos + found.unwrap_or(list.len() - pos);
        found.map(|k| list[pos + k] as usize)
    }
}

fn str_hash(s: &str) -> u64 {
    let mut h = FxHasher::default();
    h.write(s.as_bytes());
    h.finish()
}

/// Ascending actual indices that may match `expected` (a superset of those
/// that do: the ones with its name, or with its name and the value one
/// top-level member requires; hashes only, every candidate is checked).
fn candidates<'l>(
    actual: &[Call<'_>],
    by_name: &'l FxHashMap<&str, Vec<u32>>,
    by_entry: &'l mut Option<EntryIndex>,
    expected: &ExpectedCall<'_>,
) -> &'l [u32] {
    let required = expected.arguments.as_ref().and_then(|m| match &m.root {
        Node::Fields(fields) => fields.iter().find_map(|f| match &f.node {
            Node::Equal(v, h) if !matches!(v, Val::Undefined) => Some((str_hash(&f.key), *h)),
            _ => None,
        }),
        _ => None,
    });
    let Some((key, hash)) = required else {
        return by_name.get(expected.name).map_or(NONE, Vec::as_slice);
    };
    let index = by_entry.get_or_insert_with(|| {
        let mut index = EntryIndex::default();
        for (j, c) in actual.iter().enumerate() {
            let name = str_hash(c.name);
            for m in c.args.members() {
                index
                    .entry((name, str_hash(&m.key), json_hash(Some(&m.value))))
                    .or_default()
                    .push(j as u32);
            }
        }
        index
    });
    index
        .get(&(str_hash(expected.name), key, hash))
        .map_or(NONE, Vec::as_slice)
}

/// `validateToolCalls(response, expectation)`; `actual` is the simulation
/// result's `toolCalls` (`None` when the response is not a simulation result).
///
/// Errors: `INVALID_ARGUMENT` at `expectation.calls` past [`COMPARISON_BUDGET`].
pub(crate) fn validate_tool_calls(
    actual: Option<&[Call<'_>]>,
    expectation: &ToolsTriggered<'_>,
) -> Result<ToolCallsResult> {
    let Some(actual) = actual else {
        return Ok(ToolCallsResult {
            pass: false,
            message: not_simulation("toolsTriggered"),
            details: None,
            metrics: None,
        });
    };
    let calls = &expectation.calls;
    let mut finder = Finder::new(actual, calls)?;
    let required = || calls.iter().enumerate().filter(|(_, c)| c.required);
    let n_required = required().count();
    let missing: Vec<usize> = required()
        .filter(|&(i, c)| finder.find(i, c, 0).is_none())
        .map(|(i, _)| i)
        .collect();
    let recall = ratio(n_required - missing.len(), n_required, 1.0);
    let mut allowed: Vec<&str> = Vec::new();
    let mut allowed_set: FxHashSet<&str> = FxHashSet::default();
    for c in calls {
        if allowed_set.insert(c.name) {
            allowed.push(c.name);
        }
    }
    let is_allowed = |c: &Call<'_>| allowed_set.contains(c.name);
    let precision = ratio(actual.iter().filter(|c| is_allowed(c)).count(), actual.len(), 1.0);
    let metrics = Some(ToolCallMetrics { precision, recall });
    let names: Vec<&str> = actual.iter().map(|c| c.name).collect();
    let fail = |message: String, details: Value| {
        Ok(ToolCallsResult {
            pass: false,
            message,
            details: Some(details),
            metrics,
        })
    };
    match expectation.order {
        CallOrder::Strict => {
            let miss = |i: usize| if calls[i].required { Miss::Stop } else { Miss::Skip };
            let steps = in_order(calls.len(), actual.len(), |i, k| finder.find(i, &calls[i], k), miss);
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
            if let Some(expected) = missing.first().map(|&i| &calls[i]) {
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
    Ok(ToolCallsResult {
        pass: true,
        message: "All tool call expectations met".into(),
        details: None,
        metrics,
    })
}

/// `expect.toolCallCount`: `{ min?, max?, exact? }`, numbers of calls
/// (inclusive).
///
/// The JS binding and an eval dataset's `toolCallCount` keep the reference's
/// JavaScript numbers (`@gleanwork/mcp-server-tester@1.1.0`
/// `validateToolCallCount` compares any number: `exact: 1.5` fails with
/// `Expected exactly 1.5 tool call(s)`); a Rust caller gives whole counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CountOptions {
    /// At least this many calls.
    pub min: Option<u64>,
    /// At most this many.
    pub max: Option<u64>,
    /// Exactly this many (checked first).
    pub exact: Option<u64>,
}

impl From<&CountOptions> for Limits<u64> {
    fn from(o: &CountOptions) -> Self {
        Limits {
            min: o.min,
            max: o.max,
            exact: o.exact,
        }
    }
}

/// Reads `{ min?, max?, exact? }` as JavaScript hands it over (`undefined`/`null`
/// = not set; any finite number, as the reference compares it).
/// Errors: `INVALID_ARGUMENT` when `r` is not an object or a bound is not a
/// finite number (path `….min`, …).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) fn read_count_options(r: &Reader<'_, '_>) -> Result<Limits<f64>> {
    r.object("an object { min?, max?, exact? }")?;
    let bound = |key: &str| r.field(key).opt_number("a finite number of calls");
    Ok(Limits {
        min: bound("min")?,
        max: bound("max")?,
        exact: bound("exact")?,
    })
}

/// `validateToolCallCount(response, options)` with `count` the number of
/// the simulation result's tool calls (`None`: not a simulation result).
/// `exact` is checked first, then `min`, then `max`; with no bound it passes.
pub(crate) fn validate_tool_call_count<B: Bound>(count: Option<usize>, limits: Limits<B>) -> super::CheckResult {
    use super::CheckResult;
    let Some(count) = count else {
        return CheckResult::fail(not_simulation("toolCallCount"), None);
    };
    let checks = [
        (limits.exact.filter(|e| e.differs(count)), "exactly", "expected"),
        (limits.min.filter(|m| m.above(count)), "at least", "min"),
        (limits.max.filter(|m| m.below(count)), "at most", "max"),
    ];
    for (bound, words, key) in checks {
        if let Some(b) = bound {
            let mut details = serde_json::Map::new();
            details.insert("actual".into(), json!(count));
            details.insert(key.into(), b.json());
            return CheckResult::fail(
                format!("Expected {words} {} tool call(s), but got {count}", b.text()),
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
