//! Tool-call exports: `evaluateToolCalls`, `resolveMatchOptions` and the
//! nine validators (`@mcpjam/sdk@1.14.0`), one export per JS function (a
//! validator's export is its snake_case name with `_js`, beside the core
//! function of the same name).

use super::calls::{split_calls, verdict_indices};
use super::{parts, to_js};
use crate::error::{MatcherError, Result};
use crate::reader::Reader;
use crate::tool_calls::{
    match_any_tool_call, match_no_tool_calls, match_tool_call_count, match_tool_calls, match_tool_calls_subset,
    options_from_val, resolve_match_options, validators as v, Call, MaxExtraToolCalls, ResolvedMatchOptions,
};
use crate::value::Val;
use wasm_bindgen::prelude::*;

/// `evaluateToolCalls`: `payload` is `expected\nactual\noptions`, the lists
/// as `[names, arguments]`. Returns `[flags, nMissing, ...missing, nExtra,
/// ...extra, nMismatch, ...(e, a), nOutOfOrder, ...(e, a), nPairs, ...(e, a)]` where flags bit 1
/// is `passed`, bit 2 "extra is the whole actual list", bit 4 "missing is
/// the whole expected list".
#[wasm_bindgen(js_name = evaluateToolCalls)]
pub fn evaluate_tool_calls(payload: &[u8], ext: u32) -> std::result::Result<Vec<u32>, JsValue> {
    evaluate_impl(payload, ext).map_err(to_js)
}

fn evaluate_impl(payload: &[u8], ext: u32) -> Result<Vec<u32>> {
    let [expected, actual, options] = parts(payload, ext, ["expected", "actual", "options"])?;
    let layer = options_from_val(Some(&options), "options")?;
    let expected = split_calls(&Reader::new(Some(&expected), "expected"))?;
    let actual = split_calls(&Reader::new(Some(&actual), "actual"))?;
    Ok(verdict_indices(&expected, &actual, &layer))
}

/// The alignment of two read lists under `options` (a read options value), as JSON text.
fn align_json(expected: &[Call<'_>], actual: &[Call<'_>], options: &Val<'_>) -> Result<String> {
    let layer = options_from_val(Some(options), "options")?;
    let a = crate::tool_calls::align(
        expected,
        actual,
        &layer.resolve(),
        layer.is_negative_test.unwrap_or(false),
    );
    serde_json::to_string(&AlignmentWire::of(&a)).map_err(|e| MatcherError::invalid_argument("result", e.to_string()))
}

/// [`crate::tool_calls::ToolCallAlignment`] as it crosses: its fields, in its
/// order, with `pairs` flat (`[e0, a0, e1, a1, …]`), which the glue makes the
/// `{ expectedIndex, actualIndex }` objects again (50,000 pairs read as
/// 100,000 numbers instead of 50,000 objects of JSON).
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct AlignmentWire<'a> {
    passed: bool,
    pairs: Vec<usize>,
    argument_mismatches: &'a [crate::tool_calls::AlignedMismatch],
    out_of_order: &'a [crate::tool_calls::IndexPair],
    missing: &'a [usize],
    extra: &'a [usize],
}

impl<'a> AlignmentWire<'a> {
    fn of(a: &'a crate::tool_calls::ToolCallAlignment) -> Self {
        AlignmentWire {
            passed: a.passed,
            pairs: a
                .pairs
                .iter()
                .flat_map(|p| [p.expected_index, p.actual_index])
                .collect(),
            argument_mismatches: &a.argument_mismatches,
            out_of_order: &a.out_of_order,
            missing: &a.missing,
            extra: &a.extra,
        }
    }
}

/// `alignToolCalls`: `payload` as [`evaluate_tool_calls`]; returns the
/// [`crate::tool_calls::ToolCallAlignment`] as JSON text.
#[wasm_bindgen(js_name = alignToolCalls)]
pub fn align_tool_calls(payload: &[u8], ext: u32) -> std::result::Result<String, JsValue> {
    (|| -> Result<String> {
        let [expected, actual, options] = parts(payload, ext, ["expected", "actual", "options"])?;
        let expected = split_calls(&Reader::new(Some(&expected), "expected"))?;
        let actual = split_calls(&Reader::new(Some(&actual), "actual"))?;
        align_json(&expected, &actual, &options)
    })()
    .map_err(to_js)
}

/// A tool-call list read once and kept in the module (`prepareToolCalls`,
/// an extension of `@mcpjam/sdk@1.14.0`'s API): `evaluateToolCalls` and
/// `alignToolCalls` over two prepared lists read neither again, so judging
/// one pair of long lists under several options costs only the judging.
#[wasm_bindgen]
pub struct PreparedToolCalls {
    /// The list as the glue sent it, `[names, arguments]`, owning its strings
    /// (checked once by `split_calls` when prepared).
    list: Val<'static>,
}

#[wasm_bindgen]
impl PreparedToolCalls {
    /// Reads `payload` (one part, the list as `[names, arguments]`), named
    /// `what` in errors. Errors as `evaluateToolCalls`' lists, at
    /// `<what>[i].toolName` or `<what>[i].arguments`.
    #[wasm_bindgen(constructor)]
    pub fn new(payload: &[u8], ext: u32, what: &str) -> std::result::Result<PreparedToolCalls, JsValue> {
        (|| -> Result<PreparedToolCalls> {
            let [list] = parts(payload, ext, [what])?;
            split_calls(&Reader::new(Some(&list), what))?;
            Ok(PreparedToolCalls {
                list: list.into_owned(),
            })
        })()
        .map_err(to_js)
    }

    /// The list's calls (checked when it was prepared).
    fn calls(&self) -> Result<Vec<Call<'_>>> {
        split_calls(&Reader::new(Some(&self.list), "calls"))
    }

    /// `evaluateToolCalls(this, actual, options)`: `payload` is the options;
    /// returns the verdict as [`evaluate_tool_calls`] does.
    #[wasm_bindgen(js_name = evaluateToolCalls)]
    pub fn evaluate(
        &self,
        actual: &PreparedToolCalls,
        payload: &[u8],
        ext: u32,
    ) -> std::result::Result<Vec<u32>, JsValue> {
        (|| -> Result<Vec<u32>> {
            let [options] = parts(payload, ext, ["options"])?;
            let layer = options_from_val(Some(&options), "options")?;
            Ok(verdict_indices(&self.calls()?, &actual.calls()?, &layer))
        })()
        .map_err(to_js)
    }

    /// `alignToolCalls(this, actual, options)`: `payload` is the options;
    /// returns the alignment as [`align_tool_calls`] does.
    #[wasm_bindgen(js_name = alignToolCalls)]
    pub fn align(&self, actual: &PreparedToolCalls, payload: &[u8], ext: u32) -> std::result::Result<String, JsValue> {
        (|| -> Result<String> {
            let [options] = parts(payload, ext, ["options"])?;
            align_json(&self.calls()?, &actual.calls()?, &options)
        })()
        .map_err(to_js)
    }
}

/// `assertValidMatchOptions(options)`: `payload` is the options (read as
/// the glue reads options); throws the reference's error or returns.
#[wasm_bindgen(js_name = assertValidMatchOptions)]
pub fn assert_valid_match_options(payload: &[u8], ext: u32) -> std::result::Result<(), JsValue> {
    (|| -> Result<()> {
        let [options] = parts(payload, ext, ["options"])?;
        crate::tool_calls::assert_valid_match_options(&Reader::new(Some(&options), "options"))
    })()
    .map_err(to_js)
}

/// `assertValidMaxExtra(value)`: `payload` is the value.
#[wasm_bindgen(js_name = assertValidMaxExtra)]
pub fn assert_valid_max_extra(payload: &[u8], ext: u32) -> std::result::Result<(), JsValue> {
    (|| -> Result<()> {
        let [value] = parts(payload, ext, ["maxExtraToolCalls"])?;
        crate::tool_calls::assert_valid_max_extra(&Reader::new(Some(&value), "maxExtraToolCalls").as_option())
    })()
    .map_err(to_js)
}

/// `resolveMatchOptions(suite, testCase, runOverride)`: `payload` is the
/// three layers joined by `\n`; returns the resolved options as JSON text.
#[wasm_bindgen(js_name = resolveMatchOptions)]
pub fn resolve(payload: &[u8], ext: u32) -> std::result::Result<String, JsValue> {
    let (r, raw_max) = (|| -> Result<(ResolvedMatchOptions, Option<f64>)> {
        let layers = parts(payload, ext, ["suite", "testCase", "runOverride"])?;
        let [s, c, o] =
            [("suite", 0), ("testCase", 1), ("runOverride", 2)].map(|(p, i)| options_from_val(Some(&layers[i]), p));
        let (s, c, o) = (s?, c?, o?);
        // The reference hands `maxExtraToolCalls` back as given (-0 stays -0,
        // 1e21 stays 1e21): keep the winning layer's own number.
        fn set<'v>(v: &'v Val<'v>, key: &str) -> Option<&'v Val<'v>> {
            v.get(key).filter(|x| !matches!(x, Val::Undefined))
        }
        let mut raw_max = None;
        for layer in &layers {
            match (set(layer, "maxExtraToolCalls"), set(layer, "allowExtraToolCalls")) {
                (Some(Val::Num(n)), _) => raw_max = Some(*n),
                (Some(_), _) | (None, Some(_)) => raw_max = None,
                (None, None) => {}
            }
        }
        Ok((resolve_match_options(Some(&s), Some(&c), Some(&o)), raw_max))
    })()
    .map_err(to_js)?;
    let max = match (r.max_extra_tool_calls, raw_max.and_then(serde_json::Number::from_f64)) {
        (MaxExtraToolCalls::AtMost(_), Some(raw)) => raw.to_string(),
        (MaxExtraToolCalls::Unlimited, _) => "null".to_string(),
        (MaxExtraToolCalls::AtMost(n), None) => n.to_string(),
    };
    Ok(format!(
        r#"{{"toolCallOrder":"{}","maxExtraToolCalls":{},"argumentMatching":"{}"}}"#,
        r.tool_call_order.as_str(),
        max,
        r.argument_matching.as_str()
    ))
}

fn names<'v>(r: &Reader<'_, 'v>) -> Result<Vec<&'v str>> {
    r.items("an array of tool names", |n| n.str())
}

/// Runs a validator: `payload` is the JSON array of its arguments in the
/// reference's order (tool-call lists as `[names, arguments]`), read as
/// `names` (the parameter names of `@mcpjam/sdk@1.14.0`'s signature, for
/// error paths). Errors cross as `[code, path, message]`.
fn validator<R>(
    payload: &[u8],
    ext: u32,
    names: &[&'static str],
    f: impl FnOnce(&[Reader<'_, '_>]) -> Result<R>,
) -> std::result::Result<R, JsValue> {
    (|| {
        let [args] = parts(payload, ext, ["arguments"])?;
        let list = Reader::new(Some(&args), "arguments");
        let list = list.array("the arguments")?;
        let arg: Vec<Reader<'_, '_>> = names
            .iter()
            .enumerate()
            .map(|(i, n)| Reader::new(list.get(i), n))
            .collect();
        f(&arg)
    })()
    .map_err(to_js)
}

/// `matchToolCalls(expected, actual)`: both lists of tool names.
#[wasm_bindgen(js_name = matchToolCalls)]
pub fn match_tool_calls_js(payload: &[u8], ext: u32) -> std::result::Result<bool, JsValue> {
    validator(payload, ext, &["expected", "actual"], |a| {
        Ok(match_tool_calls(&names(&a[0])?, &names(&a[1])?))
    })
}

/// `matchToolCallsSubset(expected, actual)`.
#[wasm_bindgen(js_name = matchToolCallsSubset)]
pub fn match_tool_calls_subset_js(payload: &[u8], ext: u32) -> std::result::Result<bool, JsValue> {
    validator(payload, ext, &["expected", "actual"], |a| {
        Ok(match_tool_calls_subset(&names(&a[0])?, &names(&a[1])?))
    })
}

/// `matchAnyToolCall(expected, actual)`.
#[wasm_bindgen(js_name = matchAnyToolCall)]
pub fn match_any_tool_call_js(payload: &[u8], ext: u32) -> std::result::Result<bool, JsValue> {
    validator(payload, ext, &["expected", "actual"], |a| {
        Ok(match_any_tool_call(&names(&a[0])?, &names(&a[1])?))
    })
}

/// `matchToolCallCount(toolName, actual, count)`: a count that is not a
/// whole number never matches (as `===` in the reference).
#[wasm_bindgen(js_name = matchToolCallCount)]
pub fn match_tool_call_count_js(payload: &[u8], ext: u32) -> std::result::Result<bool, JsValue> {
    validator(payload, ext, &["toolName", "actual", "count"], |a| {
        let (tool, actual) = (a[0].str()?, names(&a[1])?);
        match a[2].value() {
            Some(Val::Num(n)) => Ok(n.fract() == 0.0
                && *n >= 0.0
                && *n <= usize::MAX as f64
                && match_tool_call_count(tool, &actual, *n as usize)),
            _ => Err(a[2].bad("a number")),
        }
    })
}

/// `matchNoToolCalls(actual)`.
#[wasm_bindgen(js_name = matchNoToolCalls)]
pub fn match_no_tool_calls_js(payload: &[u8], ext: u32) -> std::result::Result<bool, JsValue> {
    validator(payload, ext, &["actual"], |a| Ok(match_no_tool_calls(&names(&a[0])?)))
}

/// The expected arguments of `matchToolCallWithArgs` / `…PartialArgs`: an object.
fn expected_args<'v>(r: &Reader<'_, 'v>) -> Result<&'v Val<'v>> {
    r.required("an object").and_then(|v| r.object("an object").map(|_| v))
}

/// `matchToolCallWithArgs(toolName, expectedArgs, toolCalls)`.
#[wasm_bindgen(js_name = matchToolCallWithArgs)]
pub fn match_tool_call_with_args_js(payload: &[u8], ext: u32) -> std::result::Result<bool, JsValue> {
    validator(payload, ext, &["toolName", "expectedArgs", "toolCalls"], |a| {
        let (tool, want) = (a[0].str()?, expected_args(&a[1])?);
        Ok(v::with_args(tool, want, &split_calls(&a[2])?))
    })
}

/// `matchToolCallWithPartialArgs(toolName, expectedArgs, toolCalls)`.
#[wasm_bindgen(js_name = matchToolCallWithPartialArgs)]
pub fn match_tool_call_with_partial_args_js(payload: &[u8], ext: u32) -> std::result::Result<bool, JsValue> {
    validator(payload, ext, &["toolName", "expectedArgs", "toolCalls"], |a| {
        let (tool, want) = (a[0].str()?, expected_args(&a[1])?);
        Ok(v::with_partial_args(tool, want, &split_calls(&a[2])?))
    })
}

/// `matchToolArgument(toolName, argName, expectedValue, toolCalls)`.
#[wasm_bindgen(js_name = matchToolArgument)]
pub fn match_tool_argument_js(payload: &[u8], ext: u32) -> std::result::Result<bool, JsValue> {
    validator(
        payload,
        ext,
        &["toolName", "argName", "expectedValue", "toolCalls"],
        |a| {
            let (tool, key) = (a[0].str()?, a[1].str()?);
            let want = a[2].value().unwrap_or(&Val::Undefined);
            Ok(v::argument(tool, key, want, &split_calls(&a[3])?))
        },
    )
}

/// `matchToolArgumentWith(toolName, argName, predicate, toolCalls)`: the
/// predicate is the caller's, so this returns the indices of the calls to
/// hand it (`toolName`'s calls that have `argName`), in order.
#[wasm_bindgen(js_name = matchToolArgumentWith)]
pub fn match_tool_argument_with_js(payload: &[u8], ext: u32) -> std::result::Result<Vec<u32>, JsValue> {
    validator(payload, ext, &["toolName", "argName", "toolCalls"], |a| {
        let (tool, key) = (a[0].str()?, a[1].str()?);
        let calls = split_calls(&a[2])?;
        Ok(v::argument_candidates(tool, key, &calls)
            .map(|(i, _)| i as u32)
            .collect())
    })
}
