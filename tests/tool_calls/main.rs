//! The tool-call family (`mcp_matchers::tool_calls`, re-exported at the
//! crate root): `evaluate_tool_calls` against values recorded from
//! `@mcpjam/sdk@1.14.0` (tests/data/reference-cases.json), the validators on
//! the seed's examples (`mcpjam-validators.txt`), and property tests.
#![cfg(not(target_arch = "wasm32"))]

mod matchers;
mod properties;
