// Type definitions for mcp-matchers' tool-response checks. Names, argument
// order and result shapes follow @gleanwork/mcp-server-tester@1.1.0
// (dist/index.js). Every function is synchronous and ready after `import`.

/** One content block as `normalizeToolResponse` keeps it. */
export interface NormalizedContentBlock {
  /** `block.type` when it is a string, else `"unknown"`. */
  type: string;
  /** `block.text` when it is a string. */
  text?: string;
  /** `block.data` (the caller's own value) when present. */
  data?: unknown;
  /** `block.mimeType` when it is a string. */
  mimeType?: string;
}

/** What `normalizeToolResponse` returns. */
export interface NormalizedToolResponse {
  /**
   * Every string `text` of a content block, joined by `"\n"`; when there is
   * none, `structuredContent` (a string as is, another non-null value as its
   * `JSON.stringify` text); else `""`.
   */
  text: string;
  /** The caller's own result object. */
  raw: unknown;
  /** `result.isError ?? false`, as given (a boolean in a well-formed result). */
  isError: boolean;
  /** Every object (or array) in `result.content`, in order; other items are skipped. */
  contentBlocks: NormalizedContentBlock[];
  /** `result.structuredContent` (the caller's own value), `null` when absent. */
  structuredContent: unknown;
}

/** The result of every check: `{ pass, message, details? }` with the reference's message texts. */
export interface ValidationResult {
  pass: boolean;
  message: string;
  /** Check-specific diagnostics; absent where the reference leaves it out (most passing results). */
  details?: Record<string, unknown>;
}

/** Options of `validateText` and `validatePattern`. */
export interface TextMatchOptions {
  /** Default `true`. */
  caseSensitive?: boolean;
}

/** Options of `validateSize`, in UTF-8 bytes. At least one should be set. */
export interface SizeOptions {
  minBytes?: number;
  maxBytes?: number;
}

/**
 * Normalises an MCP `CallToolResult` (`normalizeToolResponse` of
 * @gleanwork/mcp-server-tester@1.1.0).
 *
 * @param result - a `CallToolResult` `{ content, structuredContent?, isError? }`.
 * @throws {MatcherError} `INVALID_ARGUMENT` (path `result`) when `result` is
 *   `null` or `undefined`; `UNSUPPORTED_VALUE` for a value with no JSON form
 *   (a cycle, a `BigInt` inside, a lone UTF-16 surrogate).
 */
export declare function normalizeToolResponse(result: unknown): NormalizedToolResponse;

/**
 * The text every check sees (`extractText` of @gleanwork/mcp-server-tester@1.1.0):
 * `""` for `null`/`undefined`; a string as is; a normalized response's
 * `text`; a `CallToolResult` by `normalizeToolResponse`; an array of content
 * blocks by its `type: "text"` blocks joined by `"\n"` (else its JSON text);
 * another object by its `content` string, its `structuredContent`, its
 * `text`, else its JSON text; a number, boolean or bigint as `String(v)`.
 * Values are read as their `JSON.stringify` form (a `Date` is its ISO string).
 * A CallToolResult's long text blocks (4,096 code units or more) are joined
 * where they are, without being copied.
 *
 * @throws {MatcherError} `UNSUPPORTED_VALUE` for a value with no JSON form, or
 *   a text longer than JavaScript's longest string.
 */
export declare function extractText(response: unknown): string;

/**
 * Exact match (`validateResponse`): deep JSON equality, object key order
 * ignored, numbers by value. `undefined` equals `null`. (The reference
 * compares pretty-printed JSON texts, so key order counts there.)
 *
 * @returns `{ pass, message }`; on failure `details: { actual, expected }`,
 *   each printed as `JSON.stringify(v, null, 2)` (a string as is), cut at 500 characters.
 * @throws {MatcherError} `UNSUPPORTED_VALUE` for a value with no JSON form.
 */
export declare function validateResponse(actual: unknown, expected: unknown): ValidationResult;

/**
 * Contains text (`validateText`): every expected substring occurs in the
 * extracted text, in any order; `caseSensitive: false` compares lowercase
 * forms (`toLowerCase()`). As `validateText` of
 * `@gleanwork/mcp-server-tester@1.1.0`. A CallToolResult's long text blocks
 * (4,096 code units or more) are searched where they are, by
 * `String#includes`, without being copied.
 *
 * @param expected - one string or many.
 * @returns on failure `details: { missing, textLength, textPreview }` (length in
 *   UTF-16 code units, the preview cut at 200); the message lists every missing substring.
 * @throws {MatcherError} `INVALID_ARGUMENT` (path `expected[i]`) for a
 *   non-string; `INVALID_OPTION` (path `options.caseSensitive`) for a non-boolean;
 *   `UNSUPPORTED_VALUE` (path `response`) for a text longer than JavaScript's longest string.
 */
export declare function validateText(
  response: unknown,
  expected: string | string[],
  options?: TextMatchOptions,
): ValidationResult;

/**
 * Pattern match (`validatePattern`) on a linear-time engine (the regex crate):
 * every pattern (JavaScript syntax) matches the extracted text. `^` and `$`
 * match at every line start and end. A `RegExp` keeps its `i`, `m`, `s`
 * flags; `caseSensitive: false` adds `i`.
 *
 * @returns on failure `details: { unmatched, textLength, textPreview }`, patterns shown as `/source/flags`.
 * @throws {MatcherError} `INVALID_ARGUMENT` (path `patterns[i]`) for a
 *   pattern that is neither a string nor a `RegExp`, or that no linear-time
 *   engine can run: look-ahead/look-behind, back-references, `\p{…}`, the `v`
 *   flag (the message names the construct), or a syntax error.
 */
export declare function validatePattern(
  response: unknown,
  patterns: string | RegExp | Array<string | RegExp>,
  options?: TextMatchOptions,
): ValidationResult;

/**
 * Error check (`validateError`): `true` (default) passes for a result with
 * `isError: true`, `false` for any other; a string or a list passes for an
 * error whose text contains one of them, ignoring case.
 *
 * @throws {MatcherError} `INVALID_ARGUMENT` (path `expected`) for another
 *   type or an empty list.
 */
export declare function validateError(response: unknown, expected?: boolean | string | string[]): ValidationResult;

/**
 * `getResponseSizeBytes` of @gleanwork/mcp-server-tester@1.1.0
 * (`src/assertions/validators/utils.ts`): 0 for `null`/`undefined`, a
 * string's UTF-8 length, else the UTF-8 length of `JSON.stringify(response,
 * null, 2)`. (`validateSize` here measures the extracted text instead; see
 * the README's compatibility table.)
 *
 * @throws {MatcherError} `INVALID_ARGUMENT` at `response` for a function or
 *   symbol; `UNSUPPORTED_VALUE` for a value with no JSON form (a `BigInt`, a
 *   cycle, a lone surrogate).
 */
export declare function getResponseSizeBytes(response: unknown): number;

/**
 * `normalizeWhitespace` of @gleanwork/mcp-server-tester@1.1.0
 * (`src/assertions/validators/utils.ts`): `text.replace(/\s+/g, " ").trim()`,
 * JavaScript's white space (U+00A0, U+FEFF, U+2028 … included), in the core.
 *
 * @throws {MatcherError} `INVALID_ARGUMENT` at `text` for a non-string.
 */
export declare function normalizeWhitespace(text: string): string;

/**
 * Size check (`validateSize`) on the UTF-8 byte length of the extracted
 * text (the reference measures pretty-printed JSON). Bounds are inclusive;
 * with neither bound the result fails. Messages give `N bytes`, `N.N KB`, `N.N MB`.
 *
 * @returns `details: { actualBytes, minBytes?, maxBytes? }`.
 * @throws {MatcherError} `INVALID_ARGUMENT` when `options` is not an object
 *   (path `options`) or a bound is not a finite number (path `options.minBytes`/`options.maxBytes`).
 */
export declare function validateSize(response: unknown, options: SizeOptions): ValidationResult;

/** One expected call of `validateToolCalls`. */
export interface ExpectedToolCall {
  /** The tool name, compared exactly. */
  name: string;
  /**
   * Arguments the call must hold, partially and recursively: an object or
   * array matches any object or array with at least these keys (array items
   * by index); `{ $pattern: "…", $flags?: "i" }` matches a string by a
   * JavaScript regular expression (run in linear time); anything else is
   * compared as `JSON.stringify` text. Absent: any arguments.
   */
  arguments?: Record<string, unknown>;
  /** Default `true`; an optional call only counts for order and `exclusive`. */
  required?: boolean;
}

/** `expect.toolsTriggered` of @gleanwork/mcp-server-tester@1.1.0. */
export interface ToolCallExpectation {
  calls: ExpectedToolCall[];
  /** `"any"` (default): each required call happened. `"strict"`: in this order, other calls allowed between. */
  order?: "strict" | "any";
  /** `true`: no call to a tool outside `calls`. Default `false`. */
  exclusive?: boolean;
}

/** `expect.toolCallCount`: bounds on the number of calls (inclusive). */
export interface ToolCallCountOptions {
  min?: number;
  max?: number;
  exact?: number;
}

/** What `validateToolCalls` returns. */
export interface ToolCallValidationResult extends ValidationResult {
  /**
   * `precision`: share (0–1) of actual calls whose name is in `calls` (1 with
   * no calls); `recall`: share of required calls matched anywhere, any order
   * (1 with none required). Absent only when the response is not a simulation result.
   */
  metrics?: { precision: number; recall: number };
}

/**
 * Tool-call expectation (`validateToolCalls`, the dataset's
 * `expect.toolsTriggered`) over an `MCPHostSimulationResult`
 * `{ success, toolCalls: [{ name, arguments }] }`; any other response fails
 * with the reference's "requires mcp_host mode" message.
 *
 * @returns `{ pass, message, details?, metrics? }`; `details` is
 *   `{ actual: names, expected: name }` for a missing call,
 *   `{ actual: names, unexpected: names }` for calls `exclusive` forbids.
 * @throws {MatcherError} `INVALID_ARGUMENT` for a malformed expectation
 *   (e.g. path `expectation.calls[0].name`), a `$pattern` regex-lite cannot
 *   run or compile (path `expectation.calls[i].arguments.key.$pattern`, the
 *   message names the construct), or a malformed `response.toolCalls[i]`;
 *   `INVALID_OPTION` for an unknown `order` or a non-boolean
 *   `exclusive`/`required`; `UNSUPPORTED_VALUE` for a value with no JSON form;
 *   `INVALID_ARGUMENT` at `expectation.calls` when distinct expected calls
 *   whose arguments require only patterns or nested objects would compare
 *   with more than 2^20 (1,048,576) actual calls of their name together
 *   (refused before any comparison; see the README's Limits).
 * Follows `@gleanwork/mcp-server-tester@1.1.0` `validateToolCalls`.
 */
export declare function validateToolCalls(response: unknown, expectation: ToolCallExpectation): ToolCallValidationResult;

/**
 * Tool-call count (`validateToolCallCount`, `expect.toolCallCount`):
 * `exact`, then `min`, then `max`, each inclusive; with no bound it passes.
 *
 * @returns on failure `details: { actual, expected | min | max }`.
 * @throws {MatcherError} `INVALID_ARGUMENT` when `options` is not an object
 *   (path `options`) or a bound is not a finite number (path `options.min`, …).
 */
export declare function validateToolCallCount(response: unknown, options: ToolCallCountOptions): ValidationResult;

/** The built-in sanitizer names (`SnapshotSanitizers` of the reference), frozen. */
export declare const SnapshotSanitizers: Readonly<{
  TIMESTAMP: "timestamp";
  UUID: "uuid";
  ISO_DATE: "iso-date";
  OBJECT_ID: "objectId";
  JWT: "jwt";
}>;

/**
 * One snapshot sanitizer: a built-in name; a custom pattern (a string is
 * `new RegExp(pattern, "g")`; a `RegExp` keeps its other flags, and every
 * match is replaced with or without `g`, where @gleanwork/mcp-server-tester@1.1.0
 * replaces only the first) with a replacement in JavaScript's syntax
 * (`$&`, `` $` ``, `$'`, `$1`, `$<name>`, `$$`; default `"[SANITIZED]"`); or dot
 * paths of JSON fields to remove (a non-index key on an array applies to
 * every item).
 */
export type Sanitizer =
  | "timestamp"
  | "uuid"
  | "iso-date"
  | "objectId"
  | "jwt"
  | { pattern: string | RegExp; replacement?: string }
  | { remove: string[] };

/**
 * Applies sanitizers in order to a response's text (`extractText`; a string
 * as is) and returns the text a snapshot stores. Built-ins: `timestamp` (a
 * run of 10–13 digits, so a bare 10-digit phone number too) → `[TIMESTAMP]`;
 * `uuid` (8-4-4-4-12 hex, any version, v6/v7/v8 included) → `[UUID]`;
 * `iso-date` (`YYYY-MM-DD` with an optional time, any fraction digits and
 * zone) → `[ISO_DATE]`; `objectId` (24 hex) → `[OBJECT_ID]`; `jwt` →
 * `[JWT]`. A built-in match has no ASCII letter or digit on either side.
 * `{ remove }` reads the text as JSON (text that is not JSON is left as it is)
 * and returns `JSON.stringify(value, null, 2)`. Patterns run in linear time.
 *
 * @throws {MatcherError} `INVALID_ARGUMENT` at `sanitizers[i].pattern` for a
 *   pattern that does not compile or uses look-around, back-references,
 *   `\p{…}` or the `y`/`v` flag (the message names the sanitizer); at
 *   `sanitizers[i]` for an unknown built-in name or shape; at `sanitizers`
 *   for a non-array.
 */
export declare function applySanitizers(response: unknown, sanitizers?: Sanitizer[] | null): string;

/** What `matchSnapshot` returns. */
export interface SnapshotMatch {
  /** `actual` equals `expected` exactly; `false` when nothing is stored. */
  pass: boolean;
  /** The response's text after the sanitizers: what a snapshot stores. */
  actual: string;
  /** The stored text, `null` when there is none. */
  expected: string | null;
  /** Unified diff from `expected` to `actual` (`--- expected` / `+++ actual`, GNU `diff -u` form); `""` on a pass. */
  diff: string;
}

/**
 * Snapshot comparison with the storage left to the caller: the response's
 * text (`extractText`) after `sanitizers` (see `applySanitizers`) is compared
 * exactly with `stored`. Store `actual` to create or update a snapshot (the
 * reference hands the same text to Playwright's `toMatchSnapshot`). For
 * `__snapshots__/` files in Node, see `mcp-matchers/snapshots-node`.
 *
 * @param stored - the stored snapshot text; `null`/`undefined` when there is none (never passes).
 * @throws {MatcherError} `INVALID_ARGUMENT` (path `stored`) for a non-string;
 *   the errors of `applySanitizers`.
 */
export declare function matchSnapshot(received: unknown, stored: string | null | undefined, sanitizers?: Sanitizer[] | null): SnapshotMatch;

export { MatcherError } from "./errors.js";
