// mcp-matchers/jest: registers every matcher object with Jest's `expect`
// (tool responses and transcripts), for a `setupFilesAfterEach` entry or a
// test file's first import; its .d.ts types `expect(…)` for them, both
// `@jest/globals` and `@types/jest`'s global one. See jest.d.ts.

import { toolResponseMatchers } from "./expect.js";
import { transcriptMatchers } from "./transcripts.js";

// Jest puts `expect` on the test's global object (injectGlobals, its default); else @jest/globals has it.
const expect = globalThis.expect ?? (await import("@jest/globals")).expect;
expect.extend({ ...transcriptMatchers, ...toolResponseMatchers });
