//! Agent traces: readers for each provider's tool-call format and a
//! `PromptResult` view over them (`@mcpjam/sdk@1.14.0` `PromptResult`).
//! Work in progress (issue 4).
