//! The WebAssembly boundary: thin exports over the core, called only by the
//! package's own glue (`pkg-template/*.js`), never by users directly. One
//! file per matcher family.
//!
//! Values cross as one UTF-8 payload of JSON texts (see [`crate::wire`]);
//! results come back as flat `u32` index arrays or JSON text, so the glue can
//! return the caller's own objects. Errors come back as
//! `[code, path, message]` arrays, which the glue turns into `MatcherError`s.

use crate::error::{MatcherError, Result};
use crate::value::parse::parse;
use crate::value::Val;
use wasm_bindgen::prelude::*;

#[cfg(feature = "wasm-responses")]
mod responses;
#[cfg(feature = "wasm-tool-calls")]
mod tool_calls;
#[cfg(feature = "wasm-traces")]
mod traces;
#[cfg(feature = "wasm-transcripts")]
mod transcripts;
#[cfg(feature = "wasm-responses")]
#[allow(unused_imports)]
pub use responses::*;
#[cfg(feature = "wasm-tool-calls")]
#[allow(unused_imports)]
pub use tool_calls::*;
#[cfg(feature = "wasm-traces")]
#[allow(unused_imports)]
pub use traces::*;
#[cfg(feature = "wasm-transcripts")]
#[allow(unused_imports)]
pub use transcripts::*;

pub(crate) fn to_js(e: MatcherError) -> JsValue {
    let arr = js_sys::Array::new();
    arr.push(&JsValue::from_str(e.code.as_str()));
    arr.push(&JsValue::from_str(&e.path));
    arr.push(&JsValue::from_str(&e.message));
    arr.into()
}

/// Splits a payload of `N` JSON texts joined by `\n` (which JSON.stringify
/// never emits outside strings) and parses part `i` in extended form when
/// bit `i` of `ext` is set.
pub(crate) fn parts<'a, const N: usize>(payload: &'a [u8], ext: u32, names: [&str; N]) -> Result<[Val<'a>; N]> {
    let text = std::str::from_utf8(payload)
        .map_err(|_| MatcherError::new(crate::error::ErrorCode::InvalidJson, names[0], "payload is not UTF-8"))?;
    let mut pieces = text.splitn(N, '\n');
    let mut out: [Val<'a>; N] = std::array::from_fn(|_| Val::Undefined);
    for (i, slot) in out.iter_mut().enumerate() {
        let piece = pieces.next().unwrap_or("null");
        *slot = parse(piece, ext & (1 << i) != 0, names[i])?;
    }
    Ok(out)
}
