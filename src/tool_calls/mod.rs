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
pub(crate) use options::{assert_valid_match_options, assert_valid_max_extra, options_from_val};
pub use options::{
    resolve_match_options, ArgumentMatching, MatchOptions, MaxExtraToolCalls, ResolvedMatchOptions, ToolCallOrder,
    MATCH_OPTIONS_DEFAULTS,
};
pub use validators::*;

use crate::error::Result;
use crate::reader::Reader;
use crate::value::{Object, Val};

/// `{}`: the arguments of a call that gave none.
pub(crate) static NO_ARGUMENTS: Val<'static> = Val::Obj(Object::EMPTY);

/// A tool call as the engine sees it, borrowed from wherever it was read:
/// its name and its arguments object ([`NO_ARGUMENTS`] when it gave none).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Call<'v> {
    pub(crate) name: &'v str,
    pub(crate) args: &'v Val<'v>,
}

impl<'v> Call<'v> {
    /// A call from its name and arguments values (`name_key` names the name
    /// member in errors: `toolName` here, `name` for mcp-server-tester).
    /// Absent, `undefined` or `null` arguments are `{}`.
    ///
    /// Errors: `INVALID_ARGUMENT` at `….<name_key>` when the name is not a
    /// string, at `….arguments` when the arguments are neither an object
    /// nor absent/`null`.
    pub(crate) fn read(name: &Reader<'_, 'v>, args: &Reader<'_, 'v>) -> Result<Call<'v>> {
        let args: &'v Val<'v> = match args.given() {
            None => &NO_ARGUMENTS,
            Some(v @ Val::Obj(_)) => v,
            Some(_) => return Err(args.bad("an object")),
        };
        Ok(Call {
            name: name.str()?,
            args,
        })
    }
}

/// Reads a list of tool calls (`[{ <name_key>, arguments? }]`): `EvalToolCall[]`
/// with `toolName`, mcp-server-tester's `toolCalls` with `name`.
///
/// Errors: `INVALID_ARGUMENT` at the list when it is not an array, at
/// `list[i]` for an item that is not an object, and as [`Call::read`].
pub(crate) fn read_calls<'v>(list: &Reader<'_, 'v>, name_key: &'static str) -> Result<Vec<Call<'v>>> {
    let what = if name_key == "toolName" {
        "an array of tool calls { toolName, arguments? }"
    } else {
        "an array of tool calls { name, arguments? }"
    };
    list.items(what, |item| {
        item.object("an object")?;
        Call::read(&item.field(name_key), &item.field("arguments"))
    })
}

mod json_api;
pub use json_api::*;
