//! Tool-response expectations of `@gleanwork/mcp-server-tester@1.1.0`
//! (`dist/index.js`, sections `src/mcp/response.ts` and
//! `src/assertions/validators/*.ts`): normalising a `CallToolResult`,
//! extracting its text, and the checks exact match (`validateResponse`),
//! contains text (`validateText`), pattern (`validatePattern`), error
//! (`validateError`) and size (`validateSize`), and the tool-call
//! expectations `validateToolCalls` / `validateToolCallCount`
//! ([`validate_tool_calls`], [`validate_tool_call_count`]), the snapshot
//! sanitizers (`applySanitizers`, [`apply_sanitizers`], [`Sanitizer`]) and
//! the snapshot comparison (`matchSnapshot`, [`match_snapshot`]). Each check returns a
//! [`CheckResult`] `{ pass, message, details? }` with the reference's
//! message texts; only a malformed call is a [`crate::MatcherError`].
//!
//! Where this differs from the reference on purpose (exact match ignores key
//! order; `^`/`$` match at every line; size is the UTF-8 length of the
//! extracted text), the README's compatibility table lists it.

// The JSON readers and the internal tree are used by the wasm exports.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) mod assertions;
pub(crate) mod compare;
pub mod dataset;
pub(crate) mod extract;
pub mod judge;
pub(crate) mod matches_pattern;
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) mod plan;
pub(crate) mod run;
pub(crate) mod sanitize;
pub(crate) mod snapshot;
pub(crate) mod tools;

pub use assertions::{CheckResult, ErrorExpectation, SizeOptions};
pub use matches_pattern::{CompiledPatterns, JsPattern};
pub use sanitize::{CompiledSanitizers, Sanitizer, BUILT_IN_SANITIZERS};
pub use snapshot::SnapshotResult;
pub use tools::{CountOptions, ToolCallMetrics, ToolCallsResult};

// Natively only: times cases with std::time::Instant (which panics on wasm32-unknown-unknown).
#[cfg(not(target_arch = "wasm32"))]
mod evaluate;
mod json_api;
#[cfg(feature = "schema")]
pub mod schema;
pub use dataset::{eval_case_issues, eval_dataset_issues, validate_eval_case, validate_eval_dataset, DatasetIssue};
#[cfg(not(target_arch = "wasm32"))]
pub use evaluate::{
    evaluate_expectations, run_eval_case, run_eval_dataset, validate_judge, CallTool, EvaluateContext, JudgeModel,
    ToolError,
};
pub use json_api::*;
pub use judge::{
    build_judge_prompt, high_variance_warnings, is_built_in_rubric, parse_verdict, resolve_rubric, JudgeVerdict,
    BUILT_IN_RUBRICS,
};
