// mcp-matchers/vitest: registers every matcher object with Vitest's `expect`
// (tool responses and transcripts), for a `setupFiles` entry or a test
// file's first import; its .d.ts types `expect(…)` for them. See vitest.d.ts.

import { expect } from "vitest";
import { toolResponseMatchers } from "./expect.js";
import { transcriptMatchers } from "./transcripts.js";

expect.extend({ ...transcriptMatchers, ...toolResponseMatchers });
