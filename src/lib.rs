//! # mcp-matchers
//!
//! Matchers for judging AI agents and MCP servers: they compare what an agent
//! or tool *did* (tool calls, tool responses, transcripts) with what was
//! *expected*, and return a structured, explainable verdict. One Rust core,
//! usable natively and compiled to WebAssembly for JavaScript (the npm
//! package `mcp-matchers`).
//!
//! A mismatch is a result; only a malformed call is an error
//! ([`MatcherError`] with a stable [`ErrorCode`] and the `path` of the bad field).
//!
//! ## Families
//! - [`tool_calls`]: `evaluateToolCalls`, `resolveMatchOptions` and the nine
//!   validators of `@mcpjam/sdk@1.14.0`.
//!
//! ```
//! use mcp_matchers::{evaluate_tool_calls, MatchOptions, ToolCall, ToolCallOrder};
//! use serde_json::json;
//! let expected = [ToolCall::new("add", json!({ "a": 2, "b": 3 }))?];
//! let actual = [ToolCall::new("add", json!({ "b": 3, "a": 2.0 }))?];
//! let options = MatchOptions { tool_call_order: Some(ToolCallOrder::Strict), ..Default::default() };
//! let result = evaluate_tool_calls(&expected, &actual, &options);
//! assert!(result.passed);
//! # Ok::<(), mcp_matchers::MatcherError>(())
//! ```
//!
//! ## Features
//! Every family's Rust API is always compiled; `default-features = false`
//! removes nothing a native user calls.
//!
//! | feature | default | adds |
//! |---|---|---|
//! | `schema` | off | JSON Schema validation through boon (drafts 4 to 2020-12): `responses::schema::{JsonSchema, validate_schema}`, `EvaluateContext::schemas` and the `schema` expectation of [`responses::evaluate_expectations`] |
//! | `wasm-tool-calls`, `wasm-traces`, `wasm-transcripts`, `wasm-responses` | on (through `wasm-all`) | on `wasm32` only: that family's `#[wasm_bindgen]` exports for the npm package's JS glue; nothing on other targets |
//! | `wasm-all` | on | the four above |
//! | `test-preserve-order` | off | for this crate's tests only: turns on `serde_json/preserve_order` (no verdict depends on it) |
//!
//! [`agent::run_agent`] and the response evaluators that time their work
//! ([`responses::evaluate_expectations`], [`responses::run_eval_case`],
//! [`responses::run_eval_dataset`]) are not compiled on `wasm32`, where
//! `std::time::Instant` is unavailable; the JS package runs them there.
#![forbid(unsafe_code)]
// A one-family WebAssembly build (scripts/build.sh) leaves the other families'
// helpers unused.
#![cfg_attr(
    all(target_arch = "wasm32", not(feature = "wasm-all")),
    allow(dead_code, unused_imports)
)]

pub mod agent;
pub mod error;
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) mod js;
pub(crate) mod matching;
pub(crate) mod reader;
pub mod responses;
pub mod tool_calls;
pub mod traces;
pub mod transcripts;
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) mod value;

/// The WebAssembly exports (used by the package's JS glue and the wasm
/// tests); natively only its plain-Rust crossing, for the tests.
#[cfg(any(target_arch = "wasm32", test))]
#[doc(hidden)]
pub mod wasm;

pub use error::{ErrorCode, MatcherError};
pub use matching::{KeyVerdict, Seg, Verdict};
pub use tool_calls::*;

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
