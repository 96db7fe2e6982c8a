// Playwright Test's `expect` extended with mcp-matchers' tool-response
// matchers: `import { expect } from "mcp-matchers/playwright"` where a test or
// helper had `import { expect } from "@gleanwork/mcp-server-tester"`.

import type { Expect } from "@playwright/test";
import type { ToolResponseAssertions, ToolResponseMatchers } from "./expect.js";
export {
  clearJudgeRegistry,
  createToolResponseMatchers,
  getRegisteredJudge,
  registerJudge,
  toolResponseMatchers,
  type JudgeMatcherOptions,
  type ToolPredicate,
  type ToolResponseAssertions,
  type ToolResponseMatchers,
} from "./expect.js";
export type { JudgeExecutor } from "./evals.js";
export { MatcherError } from "./errors.js";

/**
 * `expect` of `@playwright/test`, extended with `toolResponseMatchers`
 * (snapshots at `test.info().snapshotPath("<name>.txt")`). Works outside a
 * Playwright run too (as the reference's does), except `toMatchToolSnapshot`,
 * which then throws `MatcherError` `INVALID_ARGUMENT` at `testInfo`.
 *
 * Reference: `@gleanwork/mcp-server-tester@1.1.0 expect`.
 */
export declare const expect: Expect<ToolResponseMatchers>;

declare global {
  // The reference's augmentation: Playwright's own `expect` typed for `expect.extend(toolResponseMatchers)`.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace PlaywrightTest {
    interface Matchers<R, T = unknown> extends ToolResponseAssertions<R> {}
  }
}
