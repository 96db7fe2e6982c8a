//! The WebAssembly boundary: thin exports over the core, called only by the
//! package's own glue (`pkg-template/*.js`), never by users directly. One
//! file per matcher family.
//!
//! Values cross as one UTF-8 payload of JSON texts (see [`wire`]);
//! results come back as flat `u32` index arrays or JSON text, so the glue can
//! return the caller's own objects. Errors come back as
//! `[code, path, message]` arrays, which the glue turns into `MatcherError`s.

// The crossing is plain Rust, also built for the native tests.
pub(crate) mod wire;
#[cfg(target_arch = "wasm32")]
pub(crate) use wire::parts;

#[cfg(target_arch = "wasm32")]
use crate::error::MatcherError;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

// Tool-call lists and verdicts at the boundary: both modules evaluate calls.
#[cfg(all(target_arch = "wasm32", any(feature = "wasm-tool-calls", feature = "wasm-traces")))]
mod calls;
// The agent loop rides in the traces module (replayModel reads traces).
#[cfg(all(target_arch = "wasm32", feature = "wasm-traces"))]
mod agent;
#[cfg(all(target_arch = "wasm32", feature = "wasm-responses"))]
mod responses;
#[cfg(all(target_arch = "wasm32", feature = "wasm-tool-calls"))]
mod tool_calls;
#[cfg(all(target_arch = "wasm32", feature = "wasm-traces"))]
mod traces;
#[cfg(all(target_arch = "wasm32", feature = "wasm-transcripts"))]
mod transcripts;
#[cfg(all(target_arch = "wasm32", feature = "wasm-traces"))]
#[allow(unused_imports)]
pub use agent::*;
#[cfg(all(target_arch = "wasm32", feature = "wasm-responses"))]
#[allow(unused_imports)]
pub use responses::*;
#[cfg(all(target_arch = "wasm32", feature = "wasm-tool-calls"))]
#[allow(unused_imports)]
pub use tool_calls::*;
#[cfg(all(target_arch = "wasm32", feature = "wasm-traces"))]
#[allow(unused_imports)]
pub use traces::*;
#[cfg(all(target_arch = "wasm32", feature = "wasm-transcripts"))]
#[allow(unused_imports)]
pub use transcripts::*;

#[cfg(target_arch = "wasm32")]
pub(crate) fn to_js(e: MatcherError) -> JsValue {
    let arr = js_sys::Array::new();
    arr.push(&JsValue::from_str(e.code.as_str()));
    arr.push(&JsValue::from_str(&e.path));
    arr.push(&JsValue::from_str(&e.message));
    arr.into()
}

/// Test-only (not part of the API; `tests/js/trap-recovery.test.mjs`): traps
/// the module on purpose, so that the glue's recovery (`pkg-template/errors.js`
/// `guard`: a trap becomes a `MatcherError` `INTERNAL` and the module is
/// started again) can be tested. `kind` 0: a panic (`unreachable` under
/// `panic = "abort"`); 1: memory exhausted (allocates 1 GiB blocks until the
/// 4 GiB of wasm32 are gone; untouched pages cost no physical memory);
/// anything else returns 0. In every family module, and tiny.
#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
#[wasm_bindgen]
pub fn __trap_for_tests(kind: u32) -> u32 {
    match kind {
        0 => panic!("a trap for the tests"),
        1 => {
            let mut blocks: Vec<Vec<u8>> = Vec::new();
            loop {
                // Reserved, never written: the pages are grown but not touched.
                blocks.push(Vec::with_capacity(1 << 30));
                // Keeps the blocks alive (and the loop from being optimised away).
                if blocks.len() > 8 {
                    return blocks.len() as u32;
                }
            }
        }
        _ => 0,
    }
}

/// Test-only (not part of the API): the module's linear memory in bytes, for
/// the per-call memory bound tests (`tests/js/hostile.test.mjs`).
#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
#[wasm_bindgen]
pub fn __memory_bytes() -> f64 {
    (core::arch::wasm32::memory_size(0) * 65536) as f64
}
