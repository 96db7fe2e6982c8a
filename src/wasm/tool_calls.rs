//! Tool-call exports: `evaluateToolCalls`, `resolveMatchOptions` and the
//! nine validators (`@mcpjam/sdk@1.14.0`).

use super::{parts, to_js};
use crate::error::{MatcherError, Result};
use crate::reader::Reader;
use crate::tool_calls::{
    match_any_tool_call, match_no_tool_calls, match_tool_call_count, match_tool_calls, match_tool_calls_subset,
    options_from_val, resolve_match_options, validators as v, Call, MaxExtraToolCalls, ResolvedMatchOptions,
};
use crate::value::Val;
use wasm_bindgen::prelude::*;

/// Reads a tool-call list as the glue sends it, `[names, arguments]`
/// (`r` names the list in error paths: `expected[3].toolName`).
fn split_calls<'v>(r: &Reader<'_, 'v>) -> Result<Vec<Call<'v>>> {
    let columns = r.array("an array of tool calls")?;
    let (Some(Val::Arr(names)), Some(Val::Arr(args))) = (columns.first(), columns.get(1)) else {
        return Err(r.error("malformed tool-call list"));
    };
    names
        .iter()
        .zip(args)
        .enumerate()
        .map(|(i, (name, args))| {
            let item = r.item(i, name);
            Call::read(&item.at("toolName", name), &item.at("arguments", args))
        })
        .collect()
}

/// `evaluateToolCalls`: `payload` is `expected\nactual\noptions`, the lists
/// as `[names, arguments]`. Returns `[flags, nMissing, ...missing, nExtra,
/// ...extra, nMismatch, ...(e, a), nOutOfOrder, ...(e, a), nPairs, ...(e, a)]` where flags bit 1
/// is `passed`, bit 2 "extra is the whole actual list", bit 4 "missing is
/// the whole expected list".
#[wasm_bindgen]
pub fn evaluate_tool_calls(payload: &[u8], ext: u32) -> std::result::Result<Vec<u32>, JsValue> {
    evaluate_impl(payload, ext).map_err(to_js)
}

fn evaluate_impl(payload: &[u8], ext: u32) -> Result<Vec<u32>> {
    let [expected, actual, options] = parts(payload, ext, ["expected", "actual", "options"])?;
    let layer = options_from_val(Some(&options), "options")?;
    let expected = split_calls(&Reader::new(Some(&expected), "expected"))?;
    let actual = split_calls(&Reader::new(Some(&actual), "actual"))?;
    let negative = layer.is_negative_test.unwrap_or(false);
    let r = crate::tool_calls::evaluate(&expected, &actual, &layer.resolve(), negative);
    let mut out = Vec::with_capacity(
        4 + r.missing.len() + r.extra.len() + 2 * (r.argument_mismatches.len() + r.out_of_order.len()),
    );
    let whole_extra = negative;
    let whole_missing = !negative && actual.is_empty();
    out.push(r.passed as u32 | (whole_extra as u32) << 1 | (whole_missing as u32) << 2);
    for list in [&r.missing, &r.extra] {
        out.push(list.len() as u32);
        out.extend(list.iter().map(|&i| i as u32));
    }
    for pairs in [&r.argument_mismatches, &r.out_of_order, &r.pairs] {
        out.push(pairs.len() as u32);
        for &(i, j) in pairs.iter() {
            out.push(i as u32);
            out.push(j as u32);
        }
    }
    Ok(out)
}

/// `alignToolCalls`: `payload` as [`evaluate_tool_calls`]; returns the
/// [`crate::tool_calls::ToolCallAlignment`] as JSON text.
#[wasm_bindgen]
pub fn align_tool_calls(payload: &[u8], ext: u32) -> std::result::Result<String, JsValue> {
    (|| -> Result<String> {
        let [expected, actual, options] = parts(payload, ext, ["expected", "actual", "options"])?;
        let layer = options_from_val(Some(&options), "options")?;
        let expected = split_calls(&Reader::new(Some(&expected), "expected"))?;
        let actual = split_calls(&Reader::new(Some(&actual), "actual"))?;
        let a = crate::tool_calls::align(
            &expected,
            &actual,
            &layer.resolve(),
            layer.is_negative_test.unwrap_or(false),
        );
        serde_json::to_string(&a).map_err(|e| MatcherError::invalid_argument("result", e.to_string()))
    })()
    .map_err(to_js)
}

/// `assertValidMatchOptions(options)`: `payload` is the options (read as
/// the glue reads options); throws the reference's error or returns.
#[wasm_bindgen]
pub fn assert_valid_match_options(payload: &[u8], ext: u32) -> std::result::Result<(), JsValue> {
    (|| -> Result<()> {
        let [options] = parts(payload, ext, ["options"])?;
        crate::tool_calls::assert_valid_match_options(&Reader::new(Some(&options), "options"))
    })()
    .map_err(to_js)
}

/// `assertValidMaxExtra(value)`: `payload` is the value.
#[wasm_bindgen]
pub fn assert_valid_max_extra(payload: &[u8], ext: u32) -> std::result::Result<(), JsValue> {
    (|| -> Result<()> {
        let [value] = parts(payload, ext, ["maxExtraToolCalls"])?;
        crate::tool_calls::assert_valid_max_extra(&Reader::new(Some(&value), "maxExtraToolCalls").as_option())
    })()
    .map_err(to_js)
}

/// `resolveMatchOptions(suite, testCase, runOverride)`: `payload` is the
/// three layers joined by `\n`; returns the resolved options as JSON text.
#[wasm_bindgen]
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

/// The nine validators. `kind` picks one; `payload` is the JSON array of its
/// arguments in the reference's order, with tool-call lists as
/// `[names, arguments]`. Returns `[0|1]`, or for `matchToolArgumentWith`
/// (kind 8) the indices of the calls to hand to the predicate.
#[wasm_bindgen]
pub fn validate(kind: u32, payload: &[u8], ext: u32) -> std::result::Result<Vec<u32>, JsValue> {
    validate_impl(kind, payload, ext).map_err(to_js)
}

fn validate_impl(kind: u32, payload: &[u8], ext: u32) -> Result<Vec<u32>> {
    let [args] = parts(payload, ext, ["arguments"])?;
    let args = Reader::new(Some(&args), "arguments");
    let args = args.array("the arguments")?;
    const NAMES: [[&str; 4]; 9] = [
        ["expected", "actual", "", ""],
        ["expected", "actual", "", ""],
        ["expected", "actual", "", ""],
        ["toolName", "actual", "count", ""],
        ["actual", "", "", ""],
        ["toolName", "expectedArgs", "toolCalls", ""],
        ["toolName", "expectedArgs", "toolCalls", ""],
        ["toolName", "argName", "expectedValue", "toolCalls"],
        ["toolName", "argName", "toolCalls", ""],
    ];
    let names_of = NAMES
        .get(kind as usize)
        .ok_or_else(|| MatcherError::invalid_argument("kind", "unknown validator"))?;
    let arg: [Reader<'_, '_>; 4] = std::array::from_fn(|i| Reader::new(args.get(i), names_of[i]));
    let yes = |b: bool| Ok(vec![b as u32]);
    match kind {
        0..=2 => {
            let (expected, actual) = (names(&arg[0])?, names(&arg[1])?);
            yes(match kind {
                0 => match_tool_calls(&expected, &actual),
                1 => match_tool_calls_subset(&expected, &actual),
                _ => match_any_tool_call(&expected, &actual),
            })
        }
        3 => {
            let (tool, actual) = (arg[0].str()?, names(&arg[1])?);
            // A count that is not a whole number never matches (as `===` in the reference).
            match arg[2].value() {
                Some(Val::Num(n)) => yes(n.fract() == 0.0
                    && *n >= 0.0
                    && *n <= usize::MAX as f64
                    && match_tool_call_count(tool, &actual, *n as usize)),
                _ => Err(arg[2].bad("a number")),
            }
        }
        4 => yes(match_no_tool_calls(&names(&arg[0])?)),
        5 | 6 => {
            let tool = arg[0].str()?;
            let want = arg[1]
                .required("an object")
                .and_then(|v| arg[1].object("an object").map(|_| v))?;
            let calls = split_calls(&arg[2])?;
            yes(if kind == 5 {
                v::with_args(tool, want, &calls)
            } else {
                v::with_partial_args(tool, want, &calls)
            })
        }
        7 => {
            let (tool, key) = (arg[0].str()?, arg[1].str()?);
            let want = arg[2].value().unwrap_or(&Val::Undefined);
            let calls = split_calls(&arg[3])?;
            yes(v::argument(tool, key, want, &calls))
        }
        _ => {
            let (tool, key) = (arg[0].str()?, arg[1].str()?);
            let calls = split_calls(&arg[2])?;
            Ok(v::argument_candidates(tool, key, &calls)
                .map(|(i, _)| i as u32)
                .collect())
        }
    }
}
