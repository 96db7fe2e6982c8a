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
 *
 * @throws {MatcherError} `UNSUPPORTED_VALUE` for a value with no JSON form.
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
 * forms.
 *
 * @param expected - one string or many.
 * @returns on failure `details: { missing, textLength, textPreview }`; the message lists every missing substring.
 * @throws {MatcherError} `INVALID_ARGUMENT` (path `expected[i]`) for a
 *   non-string; `INVALID_OPTION` (path `options.caseSensitive`) for a non-boolean.
 */
export declare function validateText(
  response: unknown,
  expected: string | string[],
  options?: TextMatchOptions,
): ValidationResult;

/**
 * Pattern match (`validatePattern`) on a linear-time engine (regex-lite):
 * every pattern (JavaScript syntax) matches the extracted text. `^` and `$`
 * match at every line start and end. A `RegExp` keeps its `i`, `m`, `s`
 * flags; `caseSensitive: false` adds `i`.
 *
 * @returns on failure `details: { unmatched, textLength, textPreview }`, patterns shown as `/source/flags`.
 * @throws {MatcherError} `INVALID_ARGUMENT` (path `patterns[i]`) for a
 *   pattern that is neither a string nor a `RegExp`, or that regex-lite
 *   cannot run: look-ahead/look-behind, back-references, `\p{…}`, the `v`
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
 * Size check (`validateSize`) on the UTF-8 byte length of the extracted
 * text (the reference measures pretty-printed JSON). Bounds are inclusive;
 * with neither bound the result fails. Messages give `N bytes`, `N.N KB`, `N.N MB`.
 *
 * @returns `details: { actualBytes, minBytes?, maxBytes? }`.
 * @throws {MatcherError} `INVALID_ARGUMENT` when `options` is not an object
 *   (path `options`) or a bound is not a finite number (path `options.minBytes`/`options.maxBytes`).
 */
export declare function validateSize(response: unknown, options: SizeOptions): ValidationResult;
