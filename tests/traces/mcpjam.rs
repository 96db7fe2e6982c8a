//! MCPJam eval traces, hand-built from fixture content (no MCPJam recording
//! is among the fixtures).

use super::helpers::json_of;
use mcp_matchers::traces::{PromptResult, TraceFormat};
use serde_json::{json, Value};

#[test]
fn mcpjam_trace_shapes() {
    let messages = json_of("vercel-ai/v5.model-messages.json");
    let spans = json!([{ "id": "s1", "name": "screenshot", "category": "tool", "startMs": 0, "endMs": 5,
                         "status": "error", "toolCallId": "call-2", "toolName": "screenshot" }]);
    let r = PromptResult::from_trace(&json!({ "messages": messages, "spans": spans }), None).unwrap();
    assert_eq!(r.format, Some("mcpjam"));
    assert_eq!(r.tools_called(), ["screenshot"; 4]);
    let errors: Vec<Option<bool>> = r.tool_calls().iter().map(|c| c.is_error).collect();
    assert_eq!(errors, [Some(false), Some(true), Some(false), Some(false)]);

    // A message list read as an MCPJam trace (format given).
    let r = PromptResult::from_trace(&messages, Some(TraceFormat::McpJam)).unwrap();
    assert_eq!((r.format, r.tools_called().len()), (Some("mcpjam"), 4));

    // A string trace: JSON text is read as JSON, other text is the run's text.
    let r = PromptResult::from_trace(&Value::String(messages.to_string()), Some(TraceFormat::McpJam)).unwrap();
    assert_eq!(r.tools_called().len(), 4);
    let r = PromptResult::from_trace(&json!("The capital is Paris."), None).unwrap();
    assert_eq!(
        (r.format, r.text(), r.tool_calls().len()),
        (Some("mcpjam"), "The capital is Paris.", 0)
    );

    // A whole EvalResultInput with an error and an Anthropic trace inside.
    let input = json!({ "caseTitle": "family", "passed": false, "error": "timeout after 10000ms",
                        "trace": json_of("anthropic/messages.tool-results.json") });
    let r = PromptResult::from_trace(&input, None).unwrap();
    assert_eq!(r.tools_called(), ["retrieve_entity_info"; 4]);
    assert!(r.has_error());
    assert_eq!(r.error(), Some("timeout after 10000ms"));
}
