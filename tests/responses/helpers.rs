//! Helpers shared by the tool-response tests.

use serde_json::Value;

/// A JSON file under `tests/fixtures/responses/`.
pub fn fixture(path: &str) -> Value {
    let full = format!("{}/tests/fixtures/responses/{path}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(full).unwrap()).unwrap()
}
