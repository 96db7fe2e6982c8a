// Internal module of mcp-matchers (the traces family's guarded WebAssembly start): nothing public.
export {};
