// Vitest's `expect(…)` with mcp-matchers' matchers. `import "mcp-matchers/vitest"`
// in a setup file (or a test) registers them and brings these types; for the
// types alone, `/// <reference types="mcp-matchers/vitest" />` in a `.d.ts`
// of the suite (or `"types": ["mcp-matchers/vitest"]` in tsconfig.json).
// Covers `toolResponseMatchers` (and `snapshotMatchers`' `toMatchToolSnapshot`)
// and all fourteen of `transcriptMatchers`.

import type { ToolResponseAssertions } from "./expect.js";
import type { TranscriptAssertions } from "./transcripts.js";

declare module "vitest" {
  // Type parameter name and default as Vitest declares them.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface Assertion<T = any> extends ToolResponseAssertions<void>, TranscriptAssertions<void> {}
}

export {};
