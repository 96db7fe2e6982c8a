//! Tool-response expectations of `@gleanwork/mcp-server-tester@1.1.0`
//! (`dist/index.js`, sections `src/mcp/response.ts` and
//! `src/assertions/validators/*.ts`): normalising a `CallToolResult`,
//! extracting its text, and the checks exact match (`validateResponse`),
//! contains text (`validateText`), pattern (`validatePattern`), error
//! (`validateError`) and size (`validateSize`). Each check returns a
//! [`CheckResult`] `{ pass, message, details? }` with the reference's
//! message texts; only a malformed call is a [`crate::MatcherError`].
//!
//! Where this differs from the reference on purpose (exact match ignores key
//! order; `^`/`$` match at every line; size is the UTF-8 length of the
//! extracted text), the README's compatibility table lists it.

// The JSON readers and the internal tree are used by the wasm exports.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) mod checks;
pub(crate) mod extract;
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) mod json;
pub(crate) mod pattern;

pub use checks::{CheckResult, ErrorExpectation, SizeOptions};
pub use pattern::{CompiledPatterns, Pattern};

#[cfg(feature = "native")]
mod native;
#[cfg(feature = "native")]
pub use native::*;
