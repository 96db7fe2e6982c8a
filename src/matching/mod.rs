//! The one argument-matching engine: an expected value is compiled once into
//! a [`Matcher`] under a [`Policy`], then asked of many actual values
//! ([`Matcher::accepts`]) and, for viewers and messages, explained key by key
//! ([`Matcher::explain`]).
//!
//! The references agree on the idea (compare what was expected with what a
//! tool was called with) and differ in the details; each difference is a
//! field of [`Policy`], and each reference a row of the table below.
//!
//! | policy | depth | arrays | leaves | placeholders | `$pattern` | absent member | follows |
//! |---|---|---|---|---|---|---|---|
//! | [`Policy::MCPJAM_PARTIAL`] | top-level keys | (whole values) | key-sorted `JSON.stringify` | yes | no | `undefined` | `@mcpjam/sdk@1.14.0` `dist/matchers.js` `partialArgumentsMatch` |
//! | [`Policy::MCPJAM_EXACT`] | whole value | (whole values) | key-sorted `JSON.stringify` | no | no | `undefined` | `exactArgumentsMatch` (same file) |
//! | [`Policy::MCPJAM_VALIDATOR_EXACT`] | whole value | (whole values) | `===`, own keys | no | no | `undefined` | `matchToolCallWithArgs` (`dist/index.js`, `deepEqual`) |
//! | [`Policy::MCPJAM_VALIDATOR_PARTIAL`] | top-level keys | (whole values) | `===`, own keys | no | no | fails | `matchToolCallWithPartialArgs`, `matchToolArgument` |
//! | [`Policy::SERVER_TESTER`] | nested | by index, extra items allowed | `JSON.stringify` | no | yes | `undefined` | `@gleanwork/mcp-server-tester@1.1.0` `partialMatch` (`validateToolCalls`) |
//! | [`Policy::REEVAL_INPUT`] | nested | same length | numbers by value | no | no | fails | reeval `toHaveCalledTool(name, input)` with an object |
//!
//! An expected `{}` matches any object where the policy compares member by
//! member (`argsCompatible`'s `Object.keys(expected).length === 0` of
//! `@mcpjam/sdk` at the top; any object for the nested policies), and only
//! `{}` under whole-value equality elsewhere: `{ a: {} }` does not match
//! `{ a: { x: 1 } }` under [`Policy::MCPJAM_PARTIAL`].
//!
//! [`sequence`] holds the list helpers every family shares: the in-order
//! subsequence, counts, and precision / recall / F1.

mod explain;
mod matcher;
mod placeholder;
pub(crate) mod sequence;

pub use explain::{KeyVerdict, Seg, Verdict};
pub(crate) use matcher::{Matcher, Node};
pub(crate) use placeholder::Placeholder;

/// How far member-by-member comparison reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Depth {
    /// The whole value by leaf equality.
    Whole,
    /// The expected object's own keys, each value whole.
    TopLevel,
    /// Objects and arrays member by member, all the way down.
    Nested,
}

/// How a nested expected array matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arrays {
    /// As an object keyed `"0"`, `"1"`, …: JavaScript property reads on any
    /// object-typed actual value, extra items allowed.
    ByIndex,
    /// An array of the same length, item by item.
    SameLength,
}

/// Equality of leaves (and of whole values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Leaf {
    /// Equal (key-sorted) `JSON.stringify` texts ([`crate::value::eq::json_eq`]).
    Stringify,
    /// `===` on primitives, objects by own keys ([`crate::value::eq::strict_eq`]).
    Strict,
}

/// What an actual value without an expected member counts as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Absent {
    /// `undefined` (a JavaScript property read).
    Undefined,
    /// A mismatch (`key in actual` is required).
    Fails,
}

/// Compiles a JavaScript `RegExp` source and flags (`path` names it in errors).
pub(crate) type PatternCompiler = fn(&str, &str, &str) -> crate::error::Result<regex_lite::Regex>;

/// What differs between the references' argument matching.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Policy {
    pub(crate) depth: Depth,
    pub(crate) arrays: Arrays,
    pub(crate) leaf: Leaf,
    /// `"string"`, `"number"`, … (after `trim()` and `toLowerCase()`) are type checks.
    pub(crate) placeholders: bool,
    /// `{ $pattern, $flags? }` matches a string by a JavaScript regular
    /// expression, compiled by this function (`source`, `flags`, error path).
    /// A function, not a flag, so that a WebAssembly module whose policies
    /// take no patterns carries no regex compiler.
    pub(crate) patterns: Option<PatternCompiler>,
    pub(crate) absent: Absent,
}

impl Policy {
    /// `evaluateToolCalls` with `argumentMatching: "partial"`.
    pub(crate) const MCPJAM_PARTIAL: Policy = Policy {
        depth: Depth::TopLevel,
        arrays: Arrays::ByIndex,
        leaf: Leaf::Stringify,
        placeholders: true,
        patterns: None,
        absent: Absent::Undefined,
    };
    /// `evaluateToolCalls` with `argumentMatching: "exact"`.
    pub(crate) const MCPJAM_EXACT: Policy = Policy {
        depth: Depth::Whole,
        placeholders: false,
        ..Policy::MCPJAM_PARTIAL
    };
    /// `matchToolCallWithArgs`.
    pub(crate) const MCPJAM_VALIDATOR_EXACT: Policy = Policy {
        leaf: Leaf::Strict,
        ..Policy::MCPJAM_EXACT
    };
    /// `matchToolCallWithPartialArgs` and `matchToolArgument`.
    pub(crate) const MCPJAM_VALIDATOR_PARTIAL: Policy = Policy {
        depth: Depth::TopLevel,
        absent: Absent::Fails,
        ..Policy::MCPJAM_VALIDATOR_EXACT
    };
    /// `validateToolCalls` (`expect.toolsTriggered`) of mcp-server-tester.
    pub(crate) const SERVER_TESTER: Policy = Policy {
        depth: Depth::Nested,
        arrays: Arrays::ByIndex,
        leaf: Leaf::Stringify,
        placeholders: false,
        patterns: Some(crate::js::regex::compile),
        absent: Absent::Undefined,
    };
    /// reeval's object `input` of `toHaveCalledTool` / `toHaveCalledMcp`.
    pub(crate) const REEVAL_INPUT: Policy = Policy {
        arrays: Arrays::SameLength,
        patterns: None,
        absent: Absent::Fails,
        ..Policy::SERVER_TESTER
    };
}
