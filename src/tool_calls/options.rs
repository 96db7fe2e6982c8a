//! Match options: `EvalMatchOptions`, `resolveMatchOptions` and
//! `MATCH_OPTIONS_DEFAULTS` of `@mcpjam/sdk@1.14.0` (`dist/matchers.js`).

use crate::error::Result;
use crate::reader::{js_string, Reader};
use crate::value::Val;

/// How expected calls are paired with actual calls (`toolCallOrder`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToolCallOrder {
    /// `"ignore"` (default): each expected call takes the first unused
    /// compatible actual call, in any order.
    Ignore,
    /// `"strict"`: expected call `i` must be compatible with actual call `i`.
    Strict,
    /// `"superset"`: expected calls must appear in order, with other calls
    /// allowed between them (a forward cursor over the actual calls).
    Superset,
}

/// How arguments are compared (`argumentMatching`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArgumentMatching {
    /// `"partial"` (default): only the expected top-level keys are compared;
    /// the strings `any`, `string`, `number`, `boolean`, `object`, `array`,
    /// `null` (trimmed, any case) are type checks; `{}` matches anything.
    Partial,
    /// `"exact"`: deep equality of the whole arguments object, key order ignored.
    Exact,
    /// `"ignore"`: arguments are not compared.
    Ignore,
}

/// How many actual calls beyond the expected ones are allowed
/// (`maxExtraToolCalls`: `null` = unlimited, or a non-negative integer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MaxExtraToolCalls {
    /// `null`: any number.
    Unlimited,
    /// At most this many.
    AtMost(u64),
}

impl ToolCallOrder {
    /// The option's JS spelling: `"ignore"`, `"strict"` or `"superset"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ToolCallOrder::Ignore => "ignore",
            ToolCallOrder::Strict => "strict",
            ToolCallOrder::Superset => "superset",
        }
    }
}

impl ArgumentMatching {
    /// The option's JS spelling: `"partial"`, `"exact"` or `"ignore"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ArgumentMatching::Partial => "partial",
            ArgumentMatching::Exact => "exact",
            ArgumentMatching::Ignore => "ignore",
        }
    }
}

/// One layer of match options (`EvalMatchOptions`, plus `isNegativeTest`
/// which only [`evaluate_tool_calls`](crate::evaluate_tool_calls) reads).
/// `None` means "not set on this layer".
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchOptions {
    /// `toolCallOrder`.
    pub tool_call_order: Option<ToolCallOrder>,
    /// `maxExtraToolCalls`.
    pub max_extra_tool_calls: Option<MaxExtraToolCalls>,
    /// Legacy shim: `true` → unlimited, `false` → 0; read only when
    /// `max_extra_tool_calls` is not set on the same layer.
    pub allow_extra_tool_calls: Option<bool>,
    /// `argumentMatching`.
    pub argument_matching: Option<ArgumentMatching>,
    /// `isNegativeTest`: passes only when no tool was called.
    pub is_negative_test: Option<bool>,
}

impl From<ResolvedMatchOptions> for MatchOptions {
    /// A layer that sets every option to the resolved value, e.g. to pass the
    /// result of [`resolve_match_options`] to
    /// [`evaluate_tool_calls`](crate::evaluate_tool_calls).
    fn from(r: ResolvedMatchOptions) -> Self {
        MatchOptions {
            tool_call_order: Some(r.tool_call_order),
            max_extra_tool_calls: Some(r.max_extra_tool_calls),
            allow_extra_tool_calls: None,
            argument_matching: Some(r.argument_matching),
            is_negative_test: None,
        }
    }
}

/// Fully resolved options, as `resolveMatchOptions` returns them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResolvedMatchOptions {
    /// `toolCallOrder`.
    pub tool_call_order: ToolCallOrder,
    /// `maxExtraToolCalls`.
    pub max_extra_tool_calls: MaxExtraToolCalls,
    /// `argumentMatching`.
    pub argument_matching: ArgumentMatching,
}

/// `MATCH_OPTIONS_DEFAULTS`: `{ toolCallOrder: "ignore", maxExtraToolCalls: null, argumentMatching: "partial" }`.
pub const MATCH_OPTIONS_DEFAULTS: ResolvedMatchOptions = ResolvedMatchOptions {
    tool_call_order: ToolCallOrder::Ignore,
    max_extra_tool_calls: MaxExtraToolCalls::Unlimited,
    argument_matching: ArgumentMatching::Partial,
};

impl MatchOptions {
    /// The extra-call budget this layer sets, if any: `maxExtraToolCalls`,
    /// else the `allowExtraToolCalls` shim.
    fn extra_budget(&self) -> Option<MaxExtraToolCalls> {
        self.max_extra_tool_calls.or(self.allow_extra_tool_calls.map(|allow| {
            if allow {
                MaxExtraToolCalls::Unlimited
            } else {
                MaxExtraToolCalls::AtMost(0)
            }
        }))
    }

    /// This layer on top of the defaults (what `evaluateToolCalls` uses).
    pub fn resolve(&self) -> ResolvedMatchOptions {
        resolve_match_options(Some(self), None, None)
    }

    /// Reads a layer from JSON, e.g. `{"toolCallOrder":"strict","maxExtraToolCalls":0}`.
    /// `null` or an absent value means "not set"; unknown keys are ignored.
    ///
    /// Errors: `INVALID_ARGUMENT` when `value` is not an object or null;
    /// `INVALID_OPTION` (path `options.<key>`) for a value outside the
    /// option's domain.
    pub fn from_json(value: &serde_json::Value) -> Result<MatchOptions> {
        options_from_val(Some(&Val::from(value)), "options")
    }
}

/// Merges option layers suite → case → run on top of
/// [`MATCH_OPTIONS_DEFAULTS`], as `resolveMatchOptions(suite, testCase,
/// runOverride)` of `@mcpjam/sdk@1.14.0`: a later layer's set value wins; a
/// layer's `max_extra_tool_calls` wins over its own `allow_extra_tool_calls`.
pub fn resolve_match_options(
    suite: Option<&MatchOptions>,
    test_case: Option<&MatchOptions>,
    run_override: Option<&MatchOptions>,
) -> ResolvedMatchOptions {
    let mut merged = MATCH_OPTIONS_DEFAULTS;
    for layer in [suite, test_case, run_override].into_iter().flatten() {
        if let Some(order) = layer.tool_call_order {
            merged.tool_call_order = order;
        }
        if let Some(matching) = layer.argument_matching {
            merged.argument_matching = matching;
        }
        if let Some(budget) = layer.extra_budget() {
            merged.max_extra_tool_calls = budget;
        }
    }
    merged
}

/// Reads a layer from a [`Val`] (absent, `undefined` or `null` = empty layer).
/// A `null` option resets to the default, as the reference's later `??` does.
pub(crate) fn options_from_val(v: Option<&Val>, path: &str) -> Result<MatchOptions> {
    let r = Reader::new(v, path);
    if r.given().is_none() {
        return Ok(MatchOptions::default());
    }
    r.object("an object (match options)")?;
    let o = r.options();
    let max = o.field("maxExtraToolCalls");
    Ok(MatchOptions {
        tool_call_order: order(o.field("toolCallOrder"))?,
        argument_matching: matching(o.field("argumentMatching"))?,
        max_extra_tool_calls: max_extra(&max)?,
        allow_extra_tool_calls: match o.field("allowExtraToolCalls") {
            f if matches!(f.value(), Some(Val::Null)) => return Err(f.bad("a boolean")),
            f => f.opt_bool()?,
        },
        is_negative_test: o.field("isNegativeTest").opt_bool()?,
    })
}

/// `assertValidMatchOptions(options)` of MCPJam/inspector `sdk/src/matchers.ts`
/// (the reference's later releases, which validate a merged value): a given
/// `toolCallOrder` or `argumentMatching` must be one of its words (`null`
/// included: it is no word), and `maxExtraToolCalls` as
/// [`assert_valid_max_extra`].
///
/// Errors: `INVALID_OPTION` with the reference's message
/// (`Invalid toolCallOrder: sorted`) at `options.<key>`; `INVALID_ARGUMENT`
/// when `options` is not an object.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) fn assert_valid_match_options(r: &Reader<'_, '_>) -> Result<()> {
    r.object("an object (match options)")?;
    let o = r.options();
    for (key, words) in [
        ("toolCallOrder", ["ignore", "strict", "superset"]),
        ("argumentMatching", ["partial", "exact", "ignore"]),
    ] {
        let f = o.field(key);
        match f.value() {
            None => {}
            Some(Val::Str(s)) if words.contains(&&**s) => {}
            Some(other) => return Err(f.error(format!("Invalid {key}: {}", js_string(other)))),
        }
    }
    assert_valid_max_extra(&o.field("maxExtraToolCalls"))
}

/// `assertValidMaxExtra(value)` of the same file: `undefined`, `null` or a
/// non-negative integer.
///
/// Errors: `INVALID_OPTION` with the reference's message
/// (`Invalid maxExtraToolCalls: -1. Must be null (unlimited) or a non-negative integer.`).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) fn assert_valid_max_extra(r: &Reader<'_, '_>) -> Result<()> {
    max_extra(r).map(|_| ())
}

// `null` is the default (the reference's `options?.x ?? DEFAULT`); the
// messages are `assertValidMatchOptions`' of MCPJam/inspector
// `sdk/src/matchers.ts` (the reference's later releases).
fn order(r: Reader<'_, '_>) -> Result<Option<ToolCallOrder>> {
    Ok(Some(match r.value() {
        None => return Ok(None),
        Some(Val::Null) => ToolCallOrder::Ignore,
        Some(Val::Str(s)) if s == "ignore" => ToolCallOrder::Ignore,
        Some(Val::Str(s)) if s == "strict" => ToolCallOrder::Strict,
        Some(Val::Str(s)) if s == "superset" => ToolCallOrder::Superset,
        Some(other) => return Err(r.error(format!("Invalid toolCallOrder: {}", js_string(other)))),
    }))
}

fn matching(r: Reader<'_, '_>) -> Result<Option<ArgumentMatching>> {
    Ok(Some(match r.value() {
        None => return Ok(None),
        Some(Val::Null) => ArgumentMatching::Partial,
        Some(Val::Str(s)) if s == "partial" => ArgumentMatching::Partial,
        Some(Val::Str(s)) if s == "exact" => ArgumentMatching::Exact,
        Some(Val::Str(s)) if s == "ignore" => ArgumentMatching::Ignore,
        Some(other) => return Err(r.error(format!("Invalid argumentMatching: {}", js_string(other)))),
    }))
}

/// `maxExtraToolCalls`: `null` is unlimited; else a non-negative integer
/// (`assertValidMaxExtra` of the reference, word for word).
fn max_extra(r: &Reader<'_, '_>) -> Result<Option<MaxExtraToolCalls>> {
    Ok(Some(match r.value() {
        None => return Ok(None),
        Some(Val::Null) => MaxExtraToolCalls::Unlimited,
        Some(Val::Num(n)) if n.is_finite() && n.fract() == 0.0 && *n >= 0.0 => {
            MaxExtraToolCalls::AtMost(if *n >= u64::MAX as f64 { u64::MAX } else { *n as u64 })
        }
        Some(other) => {
            return Err(r.error(format!(
                "Invalid maxExtraToolCalls: {}. Must be null (unlimited) or a non-negative integer.",
                js_string(other)
            )))
        }
    }))
}

#[cfg(test)]
#[path = "../../tests/unit/tool_calls/options.rs"]
mod tests;
