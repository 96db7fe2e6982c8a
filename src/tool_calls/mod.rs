//! Tool-call matchers of `@mcpjam/sdk@1.14.0`: `evaluateToolCalls`,
//! `resolveMatchOptions`, `MATCH_OPTIONS_DEFAULTS` (`dist/matchers.js`) and the
//! nine boolean validators (`dist/index.js`, `src/validators.ts`).
//!
//! A tool call is `{ toolName, arguments? }` (`EvalToolCall`). Absent or
//! `null` arguments count as `{}`, as the reference's `arguments || {}`.

mod align;
mod evaluate;
mod index;
mod options;
pub(crate) mod validators;

pub(crate) use align::align;
pub use align::{AlignedMismatch, IndexPair, ToolCallAlignment};
pub(crate) use evaluate::evaluate;
#[cfg(target_arch = "wasm32")]
pub(crate) use options::options_from_val;
pub use options::{
    resolve_match_options, ArgumentMatching, MatchOptions, MaxExtraToolCalls, ResolvedMatchOptions, ToolCallOrder,
    MATCH_OPTIONS_DEFAULTS,
};
pub use validators::*;

use crate::error::{MatcherError, Result};
use crate::value::Val;
use std::borrow::Cow;

/// A tool call as the engine sees it: its name and its arguments object
/// (`Val::Obj`; `{}` when the caller gave none).
#[derive(Clone, Debug, PartialEq)]
pub struct Call<'a> {
    pub(crate) name: Cow<'a, str>,
    pub(crate) args: Val<'a>,
}

impl<'a> Call<'a> {
    /// Reads one `{ toolName, arguments? }` from a parsed value.
    /// Errors: `INVALID_ARGUMENT` at `path` when it is not an object, at
    /// `path.toolName` when that is not a string, at `path.arguments` when
    /// that is neither an object nor absent/`null`.
    pub(crate) fn from_val(v: Val<'a>, path: &dyn Fn() -> String) -> Result<Call<'a>> {
        let Val::Obj(o) = &v else {
            return Err(MatcherError::invalid_argument(
                path(),
                format!(
                    "a tool call must be an object {{ toolName, arguments? }}, got {}",
                    v.type_name()
                ),
            ));
        };
        let name = o.get("toolName").cloned().unwrap_or(Val::Undefined);
        let args = o.get("arguments").cloned().unwrap_or(Val::Undefined);
        Self::from_parts(name, args, path)
    }

    /// Builds a call from its `toolName` and `arguments` values, checked as in [`Call::from_val`].
    pub(crate) fn from_parts(name: Val<'a>, args: Val<'a>, path: &dyn Fn() -> String) -> Result<Call<'a>> {
        let name = match name {
            Val::Str(s) => s,
            other => {
                return Err(MatcherError::invalid_argument(
                    format!("{}.toolName", path()),
                    format!("toolName must be a string, got {}", other.type_name()),
                ))
            }
        };
        let args = match args {
            Val::Undefined | Val::Null => Val::empty_object(),
            obj @ Val::Obj(_) => obj,
            other => {
                return Err(MatcherError::invalid_argument(
                    format!("{}.arguments", path()),
                    format!("arguments must be an object, got {}", other.type_name()),
                ))
            }
        };
        Ok(Call { name, args })
    }
}

/// Reads a list of tool calls (`EvalToolCall[]`) from a parsed value; `what`
/// names the list in error paths (`expected`, `actual`, `toolCalls`).
pub(crate) fn calls_from_val<'a>(v: Val<'a>, what: &str) -> Result<Vec<Call<'a>>> {
    let Val::Arr(items) = v else {
        return Err(MatcherError::invalid_argument(
            what,
            format!("{what} must be an array of tool calls, got {}", v.type_name()),
        ));
    };
    items
        .into_iter()
        .enumerate()
        .map(|(i, item)| Call::from_val(item, &|| format!("{what}[{i}]")))
        .collect()
}

#[cfg(feature = "native")]
mod native;
#[cfg(feature = "native")]
pub use native::*;
