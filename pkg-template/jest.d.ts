// Jest's `expect(…)` with mcp-matchers' matchers, for `import { expect } from
// "@jest/globals"` (the `expect` package's Matchers) and for @types/jest's
// global `expect` (namespace `jest`). `import "mcp-matchers/jest"` in a setup
// file registers them and brings these types; for the types alone,
// `/// <reference types="mcp-matchers/jest" />`. Covers `toolResponseMatchers`
// (and `snapshotMatchers`' `toMatchToolSnapshot`) and all fourteen of
// `transcriptMatchers`.

import type { ToolResponseAssertions } from "./expect.js";
import type { TranscriptAssertions } from "./transcripts.js";

declare module "expect" {
  // Type parameters as the expect package declares them.
  interface Matchers<R extends void | Promise<void>, T = unknown> extends ToolResponseAssertions<R>, TranscriptAssertions<R> {}
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    interface Matchers<R, T = {}> extends ToolResponseAssertions<R>, TranscriptAssertions<R> {}
  }
}

export {};
