//! The transcript family (`mcp_matchers::transcripts`): the harness
//! adapters on the real fixtures (stored sessions and the workspace they
//! record in `sessions`) in tests/fixtures/transcripts/ (see its
//! SOURCES.md), the matchers with the seed's messages (`reeval-matchers.txt`),
//! JavaScript regular expressions, property tests, linear cost on large
//! runs, and the ignored
//! throughput bench.
#![cfg(not(target_arch = "wasm32"))]

#[path = "../support/complexity.rs"]
mod complexity;
mod helpers;

mod adapters;
mod bench;
mod complexity_cases;
mod matchers;
mod properties;
mod regex;
mod sessions;
