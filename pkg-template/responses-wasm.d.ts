// Internal module of mcp-matchers (the responses family's WebAssembly start and crossing): nothing public.
export {};
