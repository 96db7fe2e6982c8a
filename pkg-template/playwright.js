// mcp-matchers/playwright: Playwright Test's `expect` with the tool-response
// matchers, as `expect` of @gleanwork/mcp-server-tester@1.1.0 is, so a test
// or helper written against the reference changes only its import. See
// playwright.d.ts.

import { expect as playwrightExpect, test } from "@playwright/test";
import { createToolResponseMatchers } from "./expect.js";
export { clearJudgeRegistry, createToolResponseMatchers, getRegisteredJudge, registerJudge, toolResponseMatchers } from "./expect.js";
export { MatcherError } from "./errors.js";

/** See playwright.d.ts. */
export const expect = playwrightExpect.extend(createToolResponseMatchers({ testInfo: () => test.info() }));
