// The `schema` expectation's JS half (validateSchema of
// @gleanwork/mcp-server-tester@1.1.0, dist/index.js, with getValidatableValue
// and formatZodIssues): which value is validated and the verdict come from
// the core (src/responses/plan.rs schema_target, schema_verdict); this file
// reads the Standard Schema shapes. Validators are Standard Schema objects
// (`~standard.validate`: Zod 3.24+/4, Valibot, ArkType, and
// mcp-matchers/schema's jsonSchema()); JSON Schema documents themselves need
// the separately loaded module mcp-matchers/schema.
//
// This module is internal: the package root re-exports only validateSchema.

import { wasm as responsesWasm } from "./responses-wasm.js";
const { schema_target: wasmTarget, schema_verdict: wasmVerdict } = responsesWasm;
import { part, responsePart, runJson } from "./responses-wasm.js";
import { fail } from "./internal.js";

/** The value a schema validates, as the core chose it (`"structuredContent"`, `"response"` or `{ json }`). */
export function targetValue(target, response) {
  if (target === "structuredContent") return response.structuredContent;
  return target === "response" ? (response ?? null) : JSON.parse(target.json);
}

/**
 * The value a schema sees (getValidatableValue of the reference):
 * `structuredContent` when present (also `null`), else the JSON object or
 * array in the response's text, else the response itself; a string response
 * is parsed the same way.
 */
export function validatableValue(response) {
  return targetValue(runJson(wasmTarget, [responsePart(response)]), response);
}

// A Standard Schema path segment is a key or { key }.
const pathOf = (issue) => (Array.isArray(issue?.path) ? issue.path : []).map((p) => (p !== null && typeof p === "object" ? p.key : p));

/** The verdict for a Standard Schema result `{ value } | { issues }`; `details.issues` are the validator's own. */
export function schemaVerdict(result, response) {
  if (result === null || typeof result !== "object" || (result.issues !== undefined && !Array.isArray(result.issues))) {
    fail("INVALID_ARGUMENT", "schema", "the schema's ~standard.validate returned neither { value } nor { issues: [...] }");
  }
  const issues = (result.issues ?? []).map((i) => ({ message: i?.message, path: pathOf(i) }));
  const verdict = runJson(wasmVerdict, [part(issues, "issues"), responsePart(response)]);
  if (!verdict.pass) verdict.details.issues = result.issues;
  return verdict;
}

/** Whether `schema` is a Standard Schema object. */
export function isStandardSchema(schema) {
  const std = schema !== null && (typeof schema === "object" || typeof schema === "function") ? schema["~standard"] : undefined;
  return std !== null && typeof std === "object" && typeof std.validate === "function";
}

/** See schema-core.d.ts (exported as validateSchema from the package root). */
export function validateSchema(response, schema, options) {
  if (options !== undefined && options !== null && typeof options !== "object") {
    fail("INVALID_ARGUMENT", "options", "options must be an object");
  }
  if (!isStandardSchema(schema)) {
    if (schema !== null && (typeof schema === "object" || typeof schema === "boolean")) {
      fail(
        "INVALID_ARGUMENT",
        "schema",
        "a JSON Schema document needs the schema module: import { validateSchema } from \"mcp-matchers/schema\" (or wrap it with its jsonSchema())",
      );
    }
    fail("INVALID_ARGUMENT", "schema", "expected a Standard Schema object (with ~standard.validate: Zod 3.24+/4, Valibot, ArkType, jsonSchema())");
  }
  const result = schema["~standard"].validate(validatableValue(response));
  if (result !== null && typeof result === "object" && typeof result.then === "function") {
    fail("UNSUPPORTED_VALUE", "schema", "the schema validates asynchronously: use evaluateExpectations (async) or await schema['~standard'].validate yourself");
  }
  return schemaVerdict(result, response);
}
