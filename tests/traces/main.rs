//! The trace readers (`mcp_matchers::traces`), one module per format and
//! one per concern, on the real fixtures in tests/fixtures/traces/ (see its
//! SOURCES.md). Every expected name, argument, id, result and order was
//! written by hand from the fixture files, never pasted from the readers'
//! output; per-fixture basics are data (tests/traces/fixtures.json).
#![cfg(not(target_arch = "wasm32"))]

mod helpers;

mod anthropic;
mod bench;
mod errors;
mod fixtures;
mod gemini;
mod mcpjam;
mod openai_chat;
mod openai_responses;
mod prompt_data;
mod prompt_result;
mod robustness;
mod run_facts;
mod vercel;
