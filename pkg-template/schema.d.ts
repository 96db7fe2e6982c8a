// mcp-matchers/schema: JSON Schema validation in its own WebAssembly module
// (about 1.2 MB, compiled on the first import of this entry point).

export { MatcherError } from "./errors.js";
import type { ValidationResult } from "./responses.js";
import type { StandardSchemaV1 } from "./schema-core.js";
export type { StandardSchemaV1, StandardSchemaIssue, StandardSchemaResult } from "./schema-core.js";

/** A JSON Schema document: an object or a boolean. */
export type JsonSchemaDocument = object | boolean;

/** How a schema is compiled. */
export interface JsonSchemaOptions {
  /**
   * The draft of a schema without `$schema`: `4`, `6`, `7`, `"2019-09"` or
   * `"2020-12"` (also `"draft-07"`, `"draft7"`). Default `"2020-12"`. A
   * `$schema` in the document always wins.
   */
  draft?: string | number;
  /**
   * Whether `format` ("date-time", "email", "uuid", "ipv4", ...) is an
   * assertion. Default `false`: in drafts 2019-09 and 2020-12 it is an
   * annotation, and optional in earlier drafts.
   */
  assertFormats?: boolean;
  /**
   * Other schema documents a `$ref` may name, by absolute URL. Nothing is
   * ever fetched: a `$ref` to any other document is a compile error.
   */
  resources?: Record<string, JsonSchemaDocument>;
}

/** One failing keyword. */
export interface JsonSchemaIssue {
  /** Where in the value: keys and indices (`[]` for the value itself). */
  path: (string | number)[];
  /** The same place as a JSON Pointer (`""`, `"/items/0/name"`). */
  instanceLocation: string;
  /** The failing keyword as a JSON Pointer into the schema, through any `$ref`s taken (`"/properties/count/type"`). */
  keywordLocation: string;
  /** What failed, e.g. `"want integer, but got string"`, `"missing properties 'count'"`. */
  message: string;
}

/** What `validateJsonSchema` returns. */
export interface JsonSchemaResult {
  valid: boolean;
  /** Every failing keyword (composite keywords such as `allOf`/`$ref` are represented by their failing subschemas' keywords); `[]` when valid. */
  issues: JsonSchemaIssue[];
}

/** A compiled JSON Schema that is also a Standard Schema object. */
export interface JsonSchemaValidator extends StandardSchemaV1 {
  /** The document it was made from. */
  readonly schema: JsonSchemaDocument;
  /** Validates a value (the value itself, not a tool response). */
  validate(value: unknown): JsonSchemaResult;
}

/**
 * Compiles a JSON Schema into a Standard Schema object, for `validateSchema`,
 * `evaluateExpectations({ schemas })` or any library that takes one.
 * Compiled schemas are cached by their JSON text (64 at most).
 *
 * @param schema - a JSON Schema document (object or boolean).
 * @param options - `{ draft?, assertFormats?, resources? }`.
 * @returns a validator whose `~standard.validate(value)` gives `{ value }` or
 *   `{ issues: [{ message, path }] }`.
 * @throws {MatcherError} `INVALID_ARGUMENT` at `schema` (or `schema/<pointer>`)
 *   for an invalid schema (checked against its draft's metaschema, an invalid
 *   `pattern`, an unknown `$schema`, a `$ref` to a document not in
 *   `resources`, nesting deeper than 128 levels counting subschemas and `$ref`
 *   hops, an unknown `$schema` at `schema/$schema`); `INVALID_OPTION` at `options.draft` / `options.assertFormats`
 *   / `options.resources`; `UNSUPPORTED_VALUE` for a schema with no JSON form.
 */
export declare function jsonSchema(schema: JsonSchemaDocument, options?: JsonSchemaOptions): JsonSchemaValidator;

/**
 * Validates `value` against a JSON Schema (drafts 4, 6, 7, 2019-09, 2020-12;
 * through the Rust crate boon, which passes the official
 * JSON-Schema-Test-Suite). `value` crosses as its `JSON.stringify` form
 * (`undefined` members are dropped, `NaN` becomes `null`, a top-level
 * `undefined` is `null`).
 *
 * @returns `{ valid, issues }`.
 * @throws {MatcherError} as `jsonSchema`, and `UNSUPPORTED_VALUE` at `value`
 *   for a value with no JSON form (a BigInt, a cycle, a lone surrogate) or
 *   nested deeper than 128 levels.
 */
export declare function validateJsonSchema(value: unknown, schema: JsonSchemaDocument, options?: JsonSchemaOptions): JsonSchemaResult;

/**
 * `validateSchema` of @gleanwork/mcp-server-tester@1.1.0 with JSON Schema:
 * as the package root's `validateSchema`, and `schema` may also be a JSON
 * Schema document (compiled with `options`).
 *
 * @returns `{ pass, message, details? }`; the failure message is
 *   `Response does not match schema: <path>: <message>; ...`.
 * @throws {MatcherError} as `jsonSchema`.
 */
export declare function validateSchema(
  response: unknown,
  schema: StandardSchemaV1 | JsonSchemaDocument,
  options?: JsonSchemaOptions,
): ValidationResult;
