//! Checks an MCP tool response natively, as `@gleanwork/mcp-server-tester`'s
//! expectations do: its text, a pattern, that it is not an error, its size.
//!
//! `cargo run --example check_response [RESULT_FILE]` (default: the bundled
//! `echo` result of the MCP "everything" server under
//! `tests/fixtures/responses/everything/`). Exits 1 when a check fails.
use mcp_matchers::responses::{
    extract_text, validate_error, validate_pattern, validate_size, validate_text, CheckResult, ErrorExpectation,
    JsPattern, SizeOptions, TextOptions,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/responses/everything/echo.result.json"
        )
        .to_string()
    });
    let response: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path)?)?;
    println!("{path}: {:?}", extract_text(&response));

    let checks: [(&str, CheckResult); 4] = [
        (
            "contains \"Echo:\"",
            validate_text(&response, &["Echo:"], &TextOptions::default()),
        ),
        (
            "matches /hello/i",
            validate_pattern(
                &response,
                &[JsPattern::Source("hello".into())],
                &TextOptions { case_sensitive: false },
            )?,
        ),
        (
            "is not an error",
            validate_error(&response, &ErrorExpectation::Is(false))?,
        ),
        (
            "is at most 1 KB",
            validate_size(
                &response,
                &SizeOptions {
                    min_bytes: None,
                    max_bytes: Some(1024),
                },
            ),
        ),
    ];
    let mut failed = false;
    for (what, r) in &checks {
        println!("{} {what}: {}", if r.pass { "ok  " } else { "FAIL" }, r.message);
        failed |= !r.pass;
    }
    if failed {
        std::process::exit(1);
    }
    Ok(())
}
