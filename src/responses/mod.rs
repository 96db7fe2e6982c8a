//! Tool-response expectations of `@gleanwork/mcp-server-tester@1.1.0`.
//! Work in progress (issue 3).
