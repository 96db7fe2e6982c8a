//! The exports of the separately loaded module (`mcp-matchers/schema`,
//! glue: pkg-template/schema.js). Values cross as UTF-8 JSON text; results go
//! back as JSON text; errors as `[code, path, message]` arrays, like the core
//! module's.
//!
//! Compiled schemas are kept by their text (at most [`CACHE_MAX`]; the cache
//! is emptied when full), so the glue never holds a handle that must be
//! freed.

use crate::{Draft, JsonSchema, SchemaOptions};
use serde_json::Value;
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;

const CACHE_MAX: usize = 64;

thread_local! {
    static CACHE: RefCell<HashMap<Vec<u8>, JsonSchema>> = RefCell::new(HashMap::new());
}

fn error(code: &str, path: &str, message: &str) -> JsValue {
    let arr = js_sys::Array::new();
    arr.push(&JsValue::from_str(code));
    arr.push(&JsValue::from_str(path));
    arr.push(&JsValue::from_str(message));
    arr.into()
}

fn parse(bytes: &[u8], path: &str) -> Result<Value, JsValue> {
    serde_json::from_slice(bytes).map_err(|e| {
        let message = e.to_string();
        if message.starts_with("recursion limit exceeded") {
            error("UNSUPPORTED_VALUE", path, "nested deeper than 128 levels")
        } else if message.contains("surrogate") || message.contains("hex escape") {
            error(
                "UNSUPPORTED_VALUE",
                path,
                "a lone surrogate (an unpaired \\uD800-\\uDFFF) has no UTF-8 form",
            )
        } else {
            error("INVALID_JSON", path, &message)
        }
    })
}

// `options` JSON: { draft?: string, assertFormats?: boolean, resources?: { url: schema } }
// (already checked by the glue).
fn options_of(v: &Value) -> Result<SchemaOptions, JsValue> {
    let mut o = SchemaOptions::default();
    if let Some(d) = v.get("draft").and_then(Value::as_str) {
        o.draft = Some(Draft::from_name(d).ok_or_else(|| {
            error(
                "INVALID_OPTION",
                "options.draft",
                &format!("unknown JSON Schema draft {d:?} (use 4, 6, 7, 2019-09 or 2020-12)"),
            )
        })?);
    }
    o.assert_formats = v.get("assertFormats").and_then(Value::as_bool).unwrap_or(false);
    if let Some(Value::Object(r)) = v.get("resources") {
        o.resources = r.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    }
    Ok(o)
}

fn with_schema<T>(key: &[u8], f: impl FnOnce(&JsonSchema) -> T) -> Result<T, JsValue> {
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if !cache.contains_key(key) {
            let text = std::str::from_utf8(key).map_err(|_| error("INVALID_JSON", "schema", "payload is not UTF-8"))?;
            let (schema_text, options_text) = text.split_once('\n').unwrap_or((text, "{}"));
            let schema = parse(schema_text.as_bytes(), "schema")?;
            let options = options_of(&parse(options_text.as_bytes(), "options")?)?;
            let compiled = JsonSchema::compile(&schema, &options).map_err(|e| {
                let path = if e.path.starts_with("resources[") {
                    format!("options.{}", e.path)
                } else if e.path.is_empty() {
                    "schema".to_string()
                } else {
                    format!("schema{}", e.path)
                };
                error("INVALID_ARGUMENT", &path, &e.message)
            })?;
            if cache.len() >= CACHE_MAX {
                cache.clear();
            }
            cache.insert(key.to_vec(), compiled);
        }
        Ok(f(&cache[key]))
    })
}

/// Compiles (and caches) a schema: `key` is the schema's JSON text, a
/// newline, and the options' JSON text. Errors: `INVALID_ARGUMENT` at
/// `schema<pointer>` for an invalid schema, `INVALID_OPTION` at
/// `options.draft`, `INVALID_JSON` for unreadable text.
#[wasm_bindgen]
pub fn schema_compile(key: &[u8]) -> Result<(), JsValue> {
    with_schema(key, |_| ())
}

/// Validates the JSON text `value` against the schema of `key` (as in
/// [`schema_compile`]). Returns `{"valid":bool,"issues":[{"path":[...],
/// "instanceLocation","keywordLocation","message"}]}` as JSON text.
#[wasm_bindgen]
pub fn schema_validate(key: &[u8], value: &[u8]) -> Result<String, JsValue> {
    let value = parse(value, "value")?;
    with_schema(key, |s| {
        let issues = s.validate(&value);
        let list = serde_json::to_string(&issues).unwrap_or_else(|_| "[]".into());
        format!("{{\"valid\":{},\"issues\":{list}}}", issues.is_empty())
    })
}

/// Test-only (not part of the API): traps the module on purpose (`kind` 0: a
/// panic), so that the glue's recovery can be tested (see the core crate's
/// `__trap_for_tests`).
#[doc(hidden)]
#[wasm_bindgen]
pub fn __trap_for_tests(kind: u32) -> u32 {
    if kind == 0 {
        panic!("a trap for the tests");
    }
    0
}
