// Type definitions for mcp-matchers' tool-call matchers. Type names and shapes mirror
// @mcpjam/sdk@1.14.0 (dist/index-*.d.ts) so code written against it compiles
// unchanged. Every function is synchronous and ready after `import`.

/**
 * A tool call as `PromptResult.getToolCalls()` returns it (`ToolCall` of
 * @mcpjam/sdk@1.14.0). At run time `arguments` may be absent or `null`: it
 * then counts as `{}`.
 */
export interface ToolCall {
  toolName: string;
  arguments: Record<any, any>;
}

/** `EvalToolCall` of @mcpjam/sdk@1.14.0: an expected or actual tool call. */
export type EvalToolCall = ToolCall;

/** A pair of calls of the same tool whose arguments did not match. */
export type EvalArgumentMismatch = {
  toolName: string;
  /** The expected call's own `arguments` object (or a fresh `{}`). */
  expectedArgs: Record<string, unknown>;
  /** The actual call's own `arguments` object (or a fresh `{}`). */
  actualArgs: Record<string, unknown>;
};

/**
 * An expected call that order kept from pairing: its compatible actual call
 * sits at `actualIndex`. Filled in `"strict"` and `"superset"` modes (the
 * reference declares this field but always returns `[]`).
 */
export type EvalOutOfOrderToolCall = {
  toolName: string;
  /** Index into `expected`. */
  expectedIndex: number;
  /** Index into `actual`. */
  actualIndex: number;
};

/** Match options (one layer). Every field is optional; see the README's options table. */
export type EvalMatchOptions = {
  /**
   * `"ignore"` (default): each expected call takes the earliest unused
   * compatible actual call. `"strict"`: expected[i] must be compatible with
   * actual[i]. `"superset"`: expected calls in order, other calls allowed
   * between them (a forward cursor).
   */
  toolCallOrder?: "ignore" | "strict" | "superset";
  /** `null` (default): extra calls never fail. `N` (non-negative integer): at most N extra calls. */
  maxExtraToolCalls?: number | null;
  /** LEGACY: `true` → `maxExtraToolCalls: null`, `false` → `0`; ignored when `maxExtraToolCalls` is set on the same layer. */
  allowExtraToolCalls?: boolean;
  /**
   * `"partial"` (default): only expected top-level keys; the strings `"any"`,
   * `"string"`, `"number"`, `"boolean"`, `"object"`, `"array"`, `"null"` are
   * type checks; `{}` matches anything. `"exact"`: deep equality, key order
   * ignored. `"ignore"`: arguments not compared.
   */
  argumentMatching?: "exact" | "partial" | "ignore";
};

/** What `evaluateToolCalls` returns. `missing` and `extra` hold the caller's own call objects. */
export type EvalToolCallMatchResult = {
  missing: EvalToolCall[];
  extra: EvalToolCall[];
  outOfOrder: EvalOutOfOrderToolCall[];
  argumentMismatches: EvalArgumentMismatch[];
  passed: boolean;
};

/**
 * `{ toolCallOrder: "ignore", maxExtraToolCalls: null, argumentMatching: "partial" }`
 * (`MATCH_OPTIONS_DEFAULTS` of @mcpjam/sdk@1.14.0; frozen here).
 */
export declare const MATCH_OPTIONS_DEFAULTS: Readonly<Required<Omit<EvalMatchOptions, "allowExtraToolCalls">>>;

/**
 * Merges option layers suite → case → run override on top of
 * `MATCH_OPTIONS_DEFAULTS`, as `resolveMatchOptions` of @mcpjam/sdk@1.14.0.
 * A later layer's set value wins; on one layer `maxExtraToolCalls` wins over
 * `allowExtraToolCalls`. A `null` `toolCallOrder`/`argumentMatching` resets to
 * the default.
 *
 * @param suite - `EvalMatchOptions`, `undefined` or `null`.
 * @param testCase - `EvalMatchOptions`, `undefined` or `null`.
 * @param runOverride - `EvalMatchOptions`, `undefined` or `null`.
 * @returns `{ toolCallOrder, maxExtraToolCalls, argumentMatching }`, all set.
 * @throws {MatcherError} `INVALID_ARGUMENT` (path `suite`/`testCase`/`runOverride`)
 *   for a layer that is not an object; `INVALID_OPTION` (path e.g.
 *   `testCase.toolCallOrder`) for a value outside its option's domain.
 */
export declare function resolveMatchOptions(
  suite?: EvalMatchOptions | null,
  testCase?: EvalMatchOptions | null,
  runOverride?: EvalMatchOptions | null,
): Required<Omit<EvalMatchOptions, "allowExtraToolCalls">>;

/**
 * A tool-call list read once into the WebAssembly module and kept there (ours;
 * no counterpart in @mcpjam/sdk@1.14.0): {@link evaluateToolCalls} and
 * {@link alignToolCalls} given prepared lists judge them without reading them
 * again, so one pair of long lists judged under several options costs only the
 * judging (a viewer changing `toolCallOrder` on 50,000 calls: about 25 ms in
 * Node instead of about 70 ms). The verdict is the same as for the plain lists;
 * its `missing`, `extra` and `argumentMismatches` hold the caller's own call
 * objects, as they were when prepared (the list is copied, not its calls: an
 * edit of a call's arguments after `new PreparedToolCalls(...)` is not seen by
 * the judging, so prepare again after changing a list).
 *
 * At most 32 prepared lists (64 Mi characters of their JSON) stay in the module
 * at once, the least recently used leaving first; one that left is read again
 * from its saved encoding when next used. `free()` ends one at once; a
 * dropped one is ended by a `FinalizationRegistry`.
 */
export declare class PreparedToolCalls {
  /**
   * Reads `calls` (`EvalToolCall[]`; `null` or `undefined`: `[]`).
   * @throws {MatcherError} `INVALID_ARGUMENT` at `calls` when it is not an
   *   array, at `calls[3]` / `calls[3].toolName` / `calls[3].arguments` for a
   *   call that is not an object, a `toolName` that is not a string or
   *   `arguments` that are not an object; `UNSUPPORTED_VALUE` for a circular
   *   argument value or a list past 32 Mi characters of JSON.
   */
  constructor(calls: EvalToolCall[] | null | undefined);
  /** How many calls the list holds. */
  readonly length: number;
  /**
   * Ends the list now; using it afterwards throws `INVALID_ARGUMENT` ("this
   * PreparedToolCalls was freed"). Freeing twice is allowed.
   */
  free(): void;
}

/**
 * Pairs expected with actual tool calls and says what is missing, extra, out
 * of order, or called with the wrong arguments (`evaluateToolCalls` of
 * @mcpjam/sdk@1.14.0, same pairing, same `passed`). With
 * `isNegativeTest: true` it passes only when no call was made; an empty
 * `actual` never passes otherwise. Cost is near-linear in the size of both
 * lists (the reference is quadratic).
 *
 * @param expected - `EvalToolCall[]`, or (ours) a {@link PreparedToolCalls}.
 * @param actual - `EvalToolCall[]`, e.g. `result.getToolCalls()`, or (ours) a
 *   {@link PreparedToolCalls}; or (ours) the
 *   `PromptResult` itself: one read by `PromptResult.fromTrace` is judged where
 *   its calls are kept, inside the trace module, without making them JS objects
 *   (only the calls the verdict names, in `extra` and `argumentMismatches`, are
 *   read out); any other one by its `getToolCalls()`. The verdict is the same.
 * @param options - `EvalMatchOptions & { isNegativeTest?: boolean }`.
 * @returns `{ missing, extra, outOfOrder, argumentMismatches, passed }`.
 * @throws {MatcherError} `INVALID_ARGUMENT` when a list is not an array, a call
 *   is not an object, a `toolName` is not a string or `arguments` is not an
 *   object (path e.g. `actual[3].toolName`); `INVALID_OPTION` for an option
 *   outside its domain (path e.g. `options.maxExtraToolCalls`);
 *   `UNSUPPORTED_VALUE` for a circular argument value; `INVALID_ARGUMENT`
 *   (path `expected`/`actual`) for a `PreparedToolCalls` of another copy of
 *   the package (loaded again, e.g. after `jest.resetModules()`).
 */
export declare function evaluateToolCalls(
  expected: EvalToolCall[] | PreparedToolCalls,
  actual: EvalToolCall[] | PreparedToolCalls | { getToolCalls(): EvalToolCall[] },
  options?: EvalMatchOptions & { isNegativeTest?: boolean },
): EvalToolCallMatchResult;

/**
 * One verdict of the matching engine at a key path of the arguments (`[]` is
 * the whole arguments object; a number is an array index):
 * - `match`: meets the expectation there;
 * - `missing`: expected there, absent in the actual arguments;
 * - `differs`: present with another value (for an object or array: somewhere
 *   inside, see the verdicts below its path);
 * - `type`: a type placeholder (`"string"`, …) the value does not meet;
 * - `pattern`: a `$pattern` the value does not meet;
 * - `unexpected`: only in the actual arguments, where whole values are compared
 *   (`argumentMatching: "exact"`, or inside a top-level value under `"partial"`).
 */
export type KeyVerdict = {
  path: (string | number)[];
  verdict: "match" | "missing" | "differs" | "type" | "pattern" | "unexpected";
};

/** Where each call went, by index (see {@link alignToolCalls}). */
export type ToolCallAlignment = {
  passed: boolean;
  /** Expected and actual calls that matched (name and arguments). */
  pairs: { expectedIndex: number; actualIndex: number }[];
  /**
   * Calls of the same tool paired despite different arguments, with the
   * matching engine's verdicts by key path: where the actual arguments meet
   * or miss the expected ones (see {@link KeyVerdict}).
   */
  argumentMismatches: { expectedIndex: number; actualIndex: number; differences: KeyVerdict[] }[];
  /** Unpaired expected calls whose compatible actual call sits elsewhere ("strict"/"superset"). */
  outOfOrder: { expectedIndex: number; actualIndex: number }[];
  /** Indices into `expected` left unpaired. */
  missing: number[];
  /** Indices into `actual` left unpaired. */
  extra: number[];
};

/**
 * The same evaluation as {@link evaluateToolCalls}, reported by index so a
 * viewer can draw the alignment: which actual call each expected call was
 * paired with. Ours (no counterpart in @mcpjam/sdk@1.14.0); `passed`,
 * `missing`, `extra`, `argumentMismatches` and `outOfOrder` are the same
 * verdict as `evaluateToolCalls` gives, as indices. Either list may be a
 * {@link PreparedToolCalls} (then read in place).
 * @throws {MatcherError} as {@link evaluateToolCalls}; `INVALID_ARGUMENT` for a
 *   freed {@link PreparedToolCalls}.
 */
export declare function alignToolCalls(
  expected: EvalToolCall[] | PreparedToolCalls,
  actual: EvalToolCall[] | PreparedToolCalls,
  options?: EvalMatchOptions & { isNegativeTest?: boolean },
): ToolCallAlignment;

/**
 * Validates a complete (merged) match-options value, as
 * `assertValidMatchOptions` of MCPJam/inspector `sdk/src/matchers.ts` (the
 * releases after 1.14.0): a given `toolCallOrder` must be `"ignore"`,
 * `"strict"` or `"superset"`, a given `argumentMatching` `"partial"`,
 * `"exact"` or `"ignore"`, and `maxExtraToolCalls` as {@link assertValidMaxExtra}.
 * Returns nothing.
 * @throws {MatcherError} `INVALID_OPTION` whose message starts with the
 *   reference's (`Invalid toolCallOrder: sorted`), path `options.<key>`;
 *   `INVALID_ARGUMENT` when `options` is not an object.
 */
export declare function assertValidMatchOptions(options: EvalMatchOptions): void;

/**
 * Validates `maxExtraToolCalls`: `undefined`, `null` (unlimited) or a
 * non-negative integer (`assertValidMaxExtra` of MCPJam/inspector
 * `sdk/src/matchers.ts`). Returns nothing.
 * @throws {MatcherError} `INVALID_OPTION`, message
 *   `Invalid maxExtraToolCalls: -1. Must be null (unlimited) or a non-negative integer.`,
 *   path `maxExtraToolCalls`.
 */
export declare function assertValidMaxExtra(value: number | null | undefined): void;

/**
 * True when `actual` holds exactly the `expected` tool names in the same
 * order (`matchToolCalls` of @mcpjam/sdk@1.14.0).
 * @param expected - tool names, in order.
 * @param actual - tool names, e.g. `result.toolsCalled()`.
 * @throws {MatcherError} `INVALID_ARGUMENT` when a list is not an array of strings (path e.g. `actual[2]`).
 */
export declare function matchToolCalls(expected: string[], actual: string[]): boolean;

/**
 * True when every expected tool name was called, in any order, extras allowed
 * (`matchToolCallsSubset` of @mcpjam/sdk@1.14.0). `[]` passes.
 * @throws {MatcherError} `INVALID_ARGUMENT` when a list is not an array of strings.
 */
export declare function matchToolCallsSubset(expected: string[], actual: string[]): boolean;

/**
 * True when at least one expected tool name was called (`matchAnyToolCall`
 * of @mcpjam/sdk@1.14.0). `[]` fails.
 * @throws {MatcherError} `INVALID_ARGUMENT` when a list is not an array of strings.
 */
export declare function matchAnyToolCall(expected: string[], actual: string[]): boolean;

/**
 * True when `toolName` occurs exactly `count` times in `actual`
 * (`matchToolCallCount` of @mcpjam/sdk@1.14.0). A `count` that is not a
 * non-negative integer never matches.
 * @throws {MatcherError} `INVALID_ARGUMENT` for a non-string `toolName`, a
 *   non-array `actual` or a non-number `count`.
 */
export declare function matchToolCallCount(toolName: string, actual: string[], count: number): boolean;

/**
 * True when no tool was called (`matchNoToolCalls` of @mcpjam/sdk@1.14.0).
 * @throws {MatcherError} `INVALID_ARGUMENT` when `actual` is not an array of strings.
 */
export declare function matchNoToolCalls(actual: string[]): boolean;

/**
 * True when some call of `toolName` has arguments deep-equal to
 * `expectedArgs` (key order ignored, `NaN` unequal to itself, an `undefined`
 * member counts as a key): `matchToolCallWithArgs` of @mcpjam/sdk@1.14.0.
 * @throws {MatcherError} `INVALID_ARGUMENT` for a non-string `toolName`, a
 *   non-object `expectedArgs`, or a malformed `toolCalls` (path e.g. `toolCalls[1].arguments`).
 */
export declare function matchToolCallWithArgs(toolName: string, expectedArgs: Record<string, unknown>, toolCalls: ToolCall[]): boolean;

/**
 * True when some call of `toolName` has every key of `expectedArgs` as an own
 * argument with a deep-equal value (`matchToolCallWithPartialArgs` of
 * @mcpjam/sdk@1.14.0).
 * @throws {MatcherError} as {@link matchToolCallWithArgs}.
 */
export declare function matchToolCallWithPartialArgs(toolName: string, expectedArgs: Record<string, unknown>, toolCalls: ToolCall[]): boolean;

/**
 * True when some call of `toolName` has own argument `argName` deep-equal to
 * `expectedValue` (`matchToolArgument` of @mcpjam/sdk@1.14.0).
 * @throws {MatcherError} `INVALID_ARGUMENT` for a non-string `toolName` or
 *   `argName`, or a malformed `toolCalls`.
 */
export declare function matchToolArgument(toolName: string, argName: string, expectedValue: unknown, toolCalls: ToolCall[]): boolean;

/**
 * True when some call of `toolName` has own argument `argName` and
 * `predicate` returns a truthy value for it (`matchToolArgumentWith` of
 * @mcpjam/sdk@1.14.0). The predicate receives the caller's own value, calls
 * in order, and is not called again after it first returns truthy; what it
 * throws propagates.
 * @throws {MatcherError} `INVALID_ARGUMENT` for a non-function `predicate`, a
 *   non-string `toolName` or `argName`, or a malformed `toolCalls`.
 */
export declare function matchToolArgumentWith(
  toolName: string,
  argName: string,
  predicate: (value: unknown) => boolean,
  toolCalls: ToolCall[],
): boolean;

export { MatcherError } from "./errors.js";
