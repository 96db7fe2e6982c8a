//! Tool-call lists at the boundary, shared by the exports of the tool-call
//! module (`evaluateToolCalls` over two lists) and of the trace module
//! (`evaluateToolCalls` over a run kept there): how the glue sends a list,
//! and how a verdict goes back as indices into the caller's lists.

use crate::error::Result;
use crate::reader::Reader;
use crate::tool_calls::{evaluate, Call, MatchOptions};
use crate::value::Val;

/// Reads a tool-call list as the glue sends it, `[names, arguments]`
/// (`r` names the list in error paths: `expected[3].toolName`).
pub(crate) fn split_calls<'v>(r: &Reader<'_, 'v>) -> Result<Vec<Call<'v>>> {
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

/// `evaluateToolCalls(expected, actual, options)` (`@mcpjam/sdk@1.14.0`) as
/// the glue reads it back: `[flags, nMissing, ...missing, nExtra, ...extra,
/// nMismatch, ...(e, a), nOutOfOrder, ...(e, a), nPairs, ...(e, a)]`, indices
/// into the two lists, where flags bit 1 is `passed`, bit 2 "extra is the
/// whole actual list", bit 4 "missing is the whole expected list".
pub(crate) fn verdict_indices(expected: &[Call<'_>], actual: &[Call<'_>], layer: &MatchOptions) -> Vec<u32> {
    let negative = layer.is_negative_test.unwrap_or(false);
    let r = evaluate(expected, actual, &layer.resolve(), negative);
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
    out
}
