//! The wasm boundary suite, shared by tests/node.rs and tests/browser.rs (the
//! serde-wasm-bindgen layout). Values cross as JSON text, results come back
//! as index arrays, errors as `[code, path, message]`; after any error the
//! module must keep answering. One module per family of exports.

mod responses;
mod tool_calls;
mod traces;
mod transcripts;

use js_sys::Array;
use mcp_matchers::wasm::{evaluate_tool_calls as evaluate, resolve};
use wasm_bindgen::JsValue;

/// `evaluate` with the three texts joined as the glue joins them.
fn evaluate3(
    expected: &str,
    expected_ext: bool,
    actual: &str,
    actual_ext: bool,
    options: &str,
    options_ext: bool,
) -> Result<Vec<u32>, JsValue> {
    let ext = expected_ext as u32 | (actual_ext as u32) << 1 | (options_ext as u32) << 2;
    evaluate(format!("{expected}\n{actual}\n{options}").as_bytes(), ext)
}

fn resolve3(suite: &str, case: &str, run: &str) -> Result<String, JsValue> {
    resolve(format!("{suite}\n{case}\n{run}").as_bytes(), 0)
}

/// The message of an error thrown across the boundary (`[code, path, message]`).
fn error_message(e: JsValue) -> String {
    Array::from(&e).get(2).as_string().unwrap_or_default()
}

/// The `(code, path)` of an error thrown across the boundary.
fn error_parts(e: JsValue) -> (String, String) {
    let arr = Array::from(&e);
    (
        arr.get(0).as_string().unwrap_or_default(),
        arr.get(1).as_string().unwrap_or_default(),
    )
}
