//! The nine boolean validators of `@mcpjam/sdk@1.14.0` (`dist/index.js`,
//! section `src/validators.ts`), over tool names and engine [`Call`]s.
//!
//! Argument comparisons use the matching engine's validator policies
//! ([`Policy::MCPJAM_VALIDATOR_EXACT`], [`Policy::MCPJAM_VALIDATOR_PARTIAL`]:
//! the validators' own `deepEqual`, where `NaN` differs from itself and an
//! `undefined` member counts as a key), with
//! two fixes listed in the README: only *own* argument keys count (the
//! reference's `key in` also finds inherited ones such as `toString`), and a
//! call without `arguments` has `{}` (the reference throws a `TypeError`).

use super::Call;
use crate::matching::{Matcher, Policy};
use crate::value::eq::{text_eq, TextKey};
use crate::value::Val;
use rustc_hash::FxHashSet;
use std::borrow::Cow;

/// `matchToolCalls(expected, actual)`: the same tool names in the same order.
#[must_use]
pub fn match_tool_calls<S: AsRef<str>, T: AsRef<str>>(expected: &[S], actual: &[T]) -> bool {
    expected.len() == actual.len() && expected.iter().zip(actual).all(|(e, a)| e.as_ref() == a.as_ref())
}

/// `matchToolCallsSubset(expected, actual)`: every expected name was called
/// (any order, extras allowed; `[]` passes).
#[must_use]
pub fn match_tool_calls_subset<S: AsRef<str>, T: AsRef<str>>(expected: &[S], actual: &[T]) -> bool {
    let called = Called::of(actual, expected.len());
    expected.iter().all(|e| called.has(e.as_ref()))
}

/// Whether a name was called, in time linear in the lists: the reference's
/// `actual.includes(name)` per expected name is quadratic (3,000 expected
/// names against 30,000 calls took 0.7 s); a set of the called names past a
/// few comparisons, a scan below.
enum Called<'a, T> {
    Scan(&'a [T]),
    Set(FxHashSet<TextKey<'a>>),
}

impl<'a, T: AsRef<str>> Called<'a, T> {
    fn of(actual: &'a [T], asked: usize) -> Self {
        if asked.saturating_mul(actual.len()) <= 256 {
            return Called::Scan(actual);
        }
        Called::Set(actual.iter().map(|a| TextKey(a.as_ref())).collect())
    }

    fn has(&self, name: &str) -> bool {
        match self {
            Called::Scan(actual) => actual.iter().any(|a| text_eq(a.as_ref(), name)),
            Called::Set(set) => set.contains(&TextKey(name)),
        }
    }
}

/// `matchAnyToolCall(expected, actual)`: at least one expected name was
/// called (`[]` fails).
#[must_use]
pub fn match_any_tool_call<S: AsRef<str>, T: AsRef<str>>(expected: &[S], actual: &[T]) -> bool {
    let called = Called::of(actual, expected.len());
    expected.iter().any(|e| called.has(e.as_ref()))
}

/// `matchToolCallCount(toolName, actual, count)`: `tool_name` was called
/// exactly `count` times.
#[must_use]
pub fn match_tool_call_count<T: AsRef<str>>(tool_name: &str, actual: &[T], count: usize) -> bool {
    actual.iter().filter(|a| a.as_ref() == tool_name).count() == count
}

/// `matchNoToolCalls(actual)`: no tool was called.
#[must_use]
pub fn match_no_tool_calls<T: AsRef<str>>(actual: &[T]) -> bool {
    actual.is_empty()
}

/// `matchToolCallWithArgs`: some call of `tool_name` has exactly `expected_args`.
pub(crate) fn with_args(tool_name: &str, expected_args: &Val<'_>, calls: &[Call<'_>]) -> bool {
    any_call(tool_name, expected_args, Policy::MCPJAM_VALIDATOR_EXACT, calls)
}

/// `matchToolCallWithPartialArgs`: some call of `tool_name` has every
/// expected key as an own key with an equal value.
pub(crate) fn with_partial_args(tool_name: &str, expected_args: &Val<'_>, calls: &[Call<'_>]) -> bool {
    any_call(tool_name, expected_args, Policy::MCPJAM_VALIDATOR_PARTIAL, calls)
}

/// `matchToolArgument`: some call of `tool_name` has own key `arg_key` equal to `expected`.
pub(crate) fn argument(tool_name: &str, arg_key: &str, expected: &Val<'_>, calls: &[Call<'_>]) -> bool {
    let want = Val::object(vec![(Cow::Borrowed(arg_key), expected.clone())]);
    any_call(tool_name, &want, Policy::MCPJAM_VALIDATOR_PARTIAL, calls)
}

fn any_call(tool_name: &str, expected_args: &Val<'_>, policy: Policy, calls: &[Call<'_>]) -> bool {
    // These policies compile no patterns: compiling cannot fail.
    let Ok(m) = Matcher::compile(expected_args, policy, "expectedArgs") else {
        return false;
    };
    calls.iter().any(|c| c.name == tool_name && m.accepts(Some(c.args)))
}

/// The calls `matchToolArgumentWith` hands to its predicate, in order: those
/// of `tool_name` that have own key `arg_key`.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) fn argument_candidates<'c>(
    tool_name: &'c str,
    arg_key: &'c str,
    calls: &'c [Call<'c>],
) -> impl Iterator<Item = (usize, &'c Val<'c>)> + 'c {
    calls
        .iter()
        .enumerate()
        .filter(move |(_, c)| c.name == tool_name)
        .filter_map(move |(i, c)| c.args.get(arg_key).map(|v| (i, v)))
}

#[cfg(test)]
#[path = "../../tests/unit/tool_calls/validators.rs"]
mod tests;
