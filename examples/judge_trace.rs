//! Judges a recorded agent trace natively: reads it (any supported format,
//! detected), then checks its tool calls against what was expected.
//!
//! `cargo run --example judge_trace [TRACE_FILE]` (default: the bundled
//! Anthropic trace that calls the MCP `echo` tool). Exits 1 on a failed verdict.
use mcp_matchers::traces::PromptResult;
use mcp_matchers::{evaluate_tool_calls, ArgumentMatching, MatchOptions, MaxExtraToolCalls, ToolCall};
use serde_json::json;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/traces/anthropic/message.mcp-tool-use.json"
        )
        .to_string()
    });
    let run = PromptResult::from_trace_text(&std::fs::read_to_string(&path)?, None)?;
    println!("{path}: tools called {:?}", run.tools_called());

    let expected = [ToolCall::new("echo", json!({ "message": "hello world" }))?];
    let options = MatchOptions {
        argument_matching: Some(ArgumentMatching::Exact),
        max_extra_tool_calls: Some(MaxExtraToolCalls::AtMost(0)),
        ..Default::default()
    };
    let verdict = evaluate_tool_calls(&expected, run.tool_calls(), &options);
    println!("{}", serde_json::to_string_pretty(&verdict)?);
    if !verdict.passed {
        std::process::exit(1);
    }
    Ok(())
}
