// The `schema` expectation (validateSchema of @gleanwork/mcp-server-tester@1.1.0).

import type { ValidationResult } from "./responses.js";

/** The Standard Schema v1 interface (https://standardschema.dev), as far as it is used here. */
export interface StandardSchemaV1<Output = unknown> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardSchemaResult<Output> | Promise<StandardSchemaResult<Output>>;
  };
}

/** A Standard Schema issue: a message and the path of keys/indices (or `{ key }` segments). */
export interface StandardSchemaIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
}

export type StandardSchemaResult<Output = unknown> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardSchemaIssue> };

/**
 * Validates a tool response against a Standard Schema object (Zod 3.24+/4,
 * Valibot, ArkType, or `jsonSchema()` of `mcp-matchers/schema`), as
 * `validateSchema(response, schema, options)` of
 * @gleanwork/mcp-server-tester@1.1.0 (which takes a Zod schema and calls
 * `.parse`).
 *
 * The value validated follows the reference's getValidatableValue:
 * `structuredContent` when the response has one (also `null`), else the JSON
 * object or array in its text (text that, trimmed, starts with `{`/`[` and
 * ends with `}`/`]`), else the response itself; a string response is parsed
 * the same way, else validated as the string.
 *
 * @param response - a `CallToolResult`, a `normalizeToolResponse` result, a string or any value.
 * @param schema - a Standard Schema object whose `validate` is synchronous.
 * @param options - accepted for the reference's signature (`{ strict? }`, which it ignores).
 * @returns `{ pass: true, message: "Response matches schema" }`, or `{ pass: false,
 *   message: "Response does not match schema: <path>: <message>; ...", details:
 *   { issues, textPreview } }` with the path joined by `.` (`root` for the whole
 *   value) and `textPreview` the response's first 200 characters.
 * @throws {MatcherError} `INVALID_ARGUMENT` at `schema` for anything that is not
 *   a Standard Schema (a JSON Schema document needs `mcp-matchers/schema`);
 *   `UNSUPPORTED_VALUE` at `schema` when its `validate` returns a Promise.
 */
export declare function validateSchema(response: unknown, schema: StandardSchemaV1, options?: { strict?: boolean }): ValidationResult;
