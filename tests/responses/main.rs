//! The tool-response family (`mcp_matchers::responses`): the checks on the
//! recorded `CallToolResult`s in tests/fixtures/responses/ (see its
//! SOURCES.md), the judge and eval datasets, sanitizers and snapshots, the
//! tool-call expectations and, with the `schema` feature, JSON Schema.
//! Expected values are `@gleanwork/mcp-server-tester@1.1.0`'s answers for
//! the same inputs, or the seed's (`mcp-server-tester-expectations.txt`).
#![cfg(not(target_arch = "wasm32"))]

mod helpers;

mod checks;
mod evals;
mod sanitize;
#[cfg(feature = "schema")]
mod schema;
mod tools;
