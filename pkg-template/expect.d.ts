// Type definitions for mcp-matchers' `expect` matchers (mcp-matchers/expect):
// @gleanwork/mcp-server-tester@1.1.0's eleven tool-response matchers as one
// object for `expect.extend` in Vitest, Jest and Playwright Test. Typed
// `expect(…)` chains: mcp-matchers/vitest, mcp-matchers/jest,
// mcp-matchers/playwright.

import type { Sanitizer, SizeOptions, TextMatchOptions, ToolCallCountOptions, ToolCallExpectation } from "./responses.js";
import type { JudgeExecutor, JudgeFunction, PredicateResult, Rubric } from "./evals.js";
import type { StandardSchemaV1 } from "./schema-core.js";
import type { PlaywrightTestInfoLike, SnapshotFileOptions } from "./snapshots-node.js";
export { MatcherError } from "./errors.js";

/**
 * Options of `toPassToolJudge` (`JudgeMatcherOptions` of
 * @gleanwork/mcp-server-tester@1.1.0).
 */
export interface JudgeMatcherOptions {
  /** A reference answer the judge compares with (printed in the prompt). */
  reference?: unknown;
  /** 0–1, default 0.7: the mean score needed to pass. Else `INVALID_OPTION` at `options.passingThreshold`. */
  passingThreshold?: number;
  /** Integer 1–1000, default 1: how often the judge is asked (scores averaged). Else `INVALID_OPTION` at `options.reps`. */
  reps?: number;
  /** Handed to your judge function in its context (`context.provider`); no provider is built in. */
  provider?: string;
  /** Handed to your judge function in its context (`context.model`). */
  model?: string;
  /** The name of a judge from `registerJudge` or `createToolResponseMatchers({ judges })`; it then scores the response itself. */
  judge?: string;
}

/** A predicate for `toSatisfyToolPredicate` (`ToolPredicate` of the reference): the response and its extracted text. */
export type ToolPredicate = (response: unknown, text: string) => PredicateResult | Promise<PredicateResult>;

/** The part of a runner's matcher context (`this`) the matchers read. */
export interface ToolMatcherState {
  /** Set by `.not`. */
  isNot?: boolean;
  /** The runner's printing helpers; `diff` shows a failed `toMatchToolResponse`. */
  utils?: { diff?(a: unknown, b: unknown): string | null | undefined };
  /** Vitest's and Jest's snapshot state (its `_updateSnapshot`: `-u`, `--ci`). */
  snapshotState?: unknown;
  /** The running test file (Vitest, Jest): `__snapshots__/` goes beside it. */
  testPath?: string;
}

/** What every matcher returns to the runner: `pass` before the runner applies `.not`. */
export interface ToolMatcherResult {
  pass: boolean;
  message: () => string;
}

/**
 * The matchers as called on `expect(response)` (what the runner's augmented
 * `expect` offers), `R` the runner's return type (`void` for a plain
 * assertion). `Promise<R>`: await it, as with the reference.
 *
 * Reference: `@gleanwork/mcp-server-tester@1.1.0 PlaywrightTest.Matchers` (its matcher types).
 */
export interface ToolResponseAssertions<R = void> {
  /** Deep JSON equality with `expected` (key order ignored, numbers by value); a failure shows the runner's diff. */
  toMatchToolResponse(expected: unknown): R;
  /** The response's `structuredContent`, else its text's JSON, else itself, against a Standard Schema (Zod 3.24+/4, Valibot, ArkType, `jsonSchema()` of `mcp-matchers/schema`). */
  toMatchToolSchema(schema: StandardSchemaV1, options?: { strict?: boolean }): R;
  /** Every substring occurs in the response's text. */
  toContainToolText(expected: string | string[], options?: TextMatchOptions): R;
  /** Every pattern matches the response's text (linear time; `^`/`$` at line ends). */
  toMatchToolPattern(patterns: string | RegExp | Array<string | RegExp>, options?: TextMatchOptions): R;
  /** The response's text, after `sanitizers`, equals the stored snapshot `name` (written on a first run). */
  toMatchToolSnapshot(name: string, sanitizers?: Sanitizer[] | null, options?: SnapshotFileOptions): Promise<R>;
  /** `isError: true` (default `true`); a string or list: an error whose text contains one of them. `.not`: not an error at all. */
  toBeToolError(expected?: boolean | string | string[]): R;
  /** A judge model scores the response against a rubric (your function: `createToolResponseMatchers({ judge })`). */
  toPassToolJudge(rubric: Rubric, options?: JudgeMatcherOptions): Promise<R>;
  /** A named judge (`registerJudge`) scores the response. */
  toPassToolJudge(options: JudgeMatcherOptions): Promise<R>;
  /** Every judge of the list passes (`.not`: at least one fails). */
  toPassToolJudge(judges: Array<JudgeMatcherOptions & { rubric?: Rubric }>): Promise<R>;
  /** The UTF-8 byte length of the response's text is within the bounds (inclusive). */
  toHaveToolResponseSize(options: SizeOptions): R;
  /** Your predicate holds; a predicate that throws fails with or without `.not`. */
  toSatisfyToolPredicate(predicate: ToolPredicate, description?: string): Promise<R>;
  /** An MCP host simulation `{ success, toolCalls }` made the expected calls. */
  toHaveToolCalls(expectation: ToolCallExpectation): R;
  /** An MCP host simulation made this many calls. */
  toHaveToolCallCount(options: ToolCallCountOptions): R;
}

/**
 * The matcher object for `expect.extend`: each function takes the received
 * value first and returns `{ pass, message }` (a Promise for the three async
 * ones), reading `this.isNot`.
 */
export type ToolResponseMatchers = {
  toMatchToolResponse(this: ToolMatcherState | void, received: unknown, expected: unknown): ToolMatcherResult;
  toMatchToolSchema(this: ToolMatcherState | void, received: unknown, schema: StandardSchemaV1, options?: { strict?: boolean }): ToolMatcherResult;
  toContainToolText(this: ToolMatcherState | void, received: unknown, expected: string | string[], options?: TextMatchOptions): ToolMatcherResult;
  toMatchToolPattern(
    this: ToolMatcherState | void,
    received: unknown,
    patterns: string | RegExp | Array<string | RegExp>,
    options?: TextMatchOptions,
  ): ToolMatcherResult;
  toMatchToolSnapshot(
    this: ToolMatcherState | void,
    received: unknown,
    name: string,
    sanitizers?: Sanitizer[] | null,
    options?: SnapshotFileOptions,
  ): Promise<ToolMatcherResult>;
  toBeToolError(this: ToolMatcherState | void, received: unknown, expected?: boolean | string | string[]): ToolMatcherResult;
  toPassToolJudge(
    this: ToolMatcherState | void,
    received: unknown,
    rubricOrOptions: Rubric | JudgeMatcherOptions | Array<JudgeMatcherOptions & { rubric?: Rubric }>,
    options?: JudgeMatcherOptions,
  ): Promise<ToolMatcherResult>;
  toHaveToolResponseSize(this: ToolMatcherState | void, received: unknown, options: SizeOptions): ToolMatcherResult;
  toSatisfyToolPredicate(this: ToolMatcherState | void, received: unknown, predicate: ToolPredicate, description?: string): Promise<ToolMatcherResult>;
  toHaveToolCalls(this: ToolMatcherState | void, received: unknown, expectation: ToolCallExpectation): ToolMatcherResult;
  toHaveToolCallCount(this: ToolMatcherState | void, received: unknown, options: ToolCallCountOptions): ToolMatcherResult;
};

/** Options of `createToolResponseMatchers`. */
export interface ToolResponseMatchersOptions {
  /** The model behind rubric judges: given the judge prompt, return the reply text or `{ score, reasoning? }` (see `validateJudge`). Its context also holds `provider` and `model` from the matcher's options. */
  judge?: JudgeFunction;
  /** Named judges, looked up before the `registerJudge` registry. */
  judges?: Record<string, JudgeExecutor>;
  /** Playwright's `TestInfo` (or `() => test.info()`) for `toMatchToolSnapshot`; by default found through `@playwright/test` when no Vitest/Jest snapshot state is there. */
  testInfo?: PlaywrightTestInfoLike | (() => PlaywrightTestInfoLike);
}

/**
 * The reference's eleven matchers (`expect` of
 * @gleanwork/mcp-server-tester@1.1.0, src/assertions/matchers/), for
 * `expect.extend(toolResponseMatchers)` in Vitest, Jest or Playwright Test.
 * Verdicts and messages are the checks' (`validateResponse`, `validateText`,
 * `validatePattern`, `validateSchema`, `validateError`, `validateSize`,
 * `validateToolCalls`, `validateToolCallCount`, `validateJudge`,
 * `validatePredicate`, `matchSnapshot`), with the reference's texts under
 * `.not` and its "Actual response (truncated)" previews. `toMatchToolSnapshot`
 * keeps snapshots the runner's way: under Vitest/Jest in
 * `__snapshots__/<name>.txt` beside the test (`-u` rewrites, `--ci` never
 * writes), under Playwright Test at `testInfo.snapshotPath("<name>.txt")`
 * (`--update-snapshots`). Rubric judges need `createToolResponseMatchers({ judge })`;
 * here they fail (both ways) with `Judge evaluation error: no judge function supplied`.
 * A judge or predicate that throws, or answers in no known shape, fails with
 * or without `.not`.
 *
 * @throws {MatcherError} from a matcher only for a malformed call: the
 *   errors of the check it runs (e.g. `INVALID_OPTION` at
 *   `options.caseSensitive`, `INVALID_ARGUMENT` at `patterns[0]`), a
 *   judge option out of its domain (`INVALID_OPTION` at
 *   `options.passingThreshold`, `options.reps`, `judges[i].passingThreshold`),
 *   neither a rubric nor a `judge` name (`INVALID_ARGUMENT` at
 *   `rubricOrOptions`), a non-function predicate or non-string description
 *   (`INVALID_ARGUMENT` at `predicate` / `description`), a snapshot outside a
 *   test (`INVALID_ARGUMENT` at `testInfo`).
 *
 * Reference: `@gleanwork/mcp-server-tester@1.1.0 expect`.
 */
export declare const toolResponseMatchers: Readonly<ToolResponseMatchers>;

/**
 * A matcher object like `toolResponseMatchers` with your judge model, named
 * judges and (for Playwright) test info.
 *
 * @throws {MatcherError} `INVALID_ARGUMENT` at `options` for a non-object;
 *   `INVALID_OPTION` at `options.judge`, `options.judges`,
 *   `options.judges.<name>`, `options.testInfo` for a wrong type.
 *
 * Ours (the reference configures its judges through providers and a global registry only).
 */
export declare function createToolResponseMatchers(options?: ToolResponseMatchersOptions): Readonly<ToolResponseMatchers>;

/**
 * Registers a named judge for `toPassToolJudge({ judge: name })`
 * (`registerJudge` of @gleanwork/mcp-server-tester@1.1.0).
 *
 * @throws {MatcherError} `INVALID_ARGUMENT` at `name` for an empty name or
 *   one already registered, at `executor` for a non-function.
 *
 * Reference: `@gleanwork/mcp-server-tester@1.1.0 registerJudge`.
 */
export declare function registerJudge(name: string, executor: JudgeExecutor): void;

/**
 * The judge registered as `name` (`getRegisteredJudge` of the reference).
 *
 * @throws {MatcherError} `INVALID_ARGUMENT` at `name` when none is.
 *
 * Reference: `@gleanwork/mcp-server-tester@1.1.0 getRegisteredJudge`.
 */
export declare function getRegisteredJudge(name: string): JudgeExecutor;

/** Forgets every registered judge. Reference: `@gleanwork/mcp-server-tester@1.1.0 clearJudgeRegistry`. */
export declare function clearJudgeRegistry(): void;
