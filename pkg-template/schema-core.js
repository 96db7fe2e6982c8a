// The `schema` expectation's JS half (validateSchema of
// @gleanwork/mcp-server-tester@1.1.0, dist/index.js, with getValidatableValue
// and formatZodIssues): which value is validated, and how issues read.
// Validators are Standard Schema objects (`~standard.validate`: Zod 3.24+/4,
// Valibot, ArkType, and mcp-matchers/schema's jsonSchema()); JSON Schema
// documents themselves need the separately loaded module mcp-matchers/schema.

import { fail } from "./errors.js";
import { extractText } from "./responses.js";

// tryParseJson of the reference: only text that looks like an object or an
// array ({…} or […] after trimming) is parsed.
function tryParseJson(text) {
  if (!text || typeof text !== "string") return null;
  const t = text.trim();
  if (!(t.startsWith("{") || t.startsWith("[")) || !(t.endsWith("}") || t.endsWith("]"))) return null;
  try {
    return JSON.parse(t);
  } catch {
    return null;
  }
}

/**
 * The value a schema sees (getValidatableValue of the reference):
 * `structuredContent` when present (also `null`), else the JSON object or
 * array in the response's text, else the response itself; a string response
 * is parsed the same way.
 */
export function validatableValue(response) {
  if (response === null || response === undefined) return null;
  if (typeof response === "object" && !Array.isArray(response)) {
    if ("structuredContent" in response && response.structuredContent !== undefined) return response.structuredContent;
    if ("raw" in response && "text" in response && "isError" in response && "contentBlocks" in response) {
      return tryParseJson(response.text) ?? response;
    }
    if ("content" in response && Array.isArray(response.content)) return tryParseJson(extractText(response)) ?? response;
    return response;
  }
  if (typeof response === "string") return tryParseJson(response) ?? response;
  return response;
}

function pathOf(issue) {
  const path = Array.isArray(issue.path) ? issue.path : [];
  return path.map((p) => (p !== null && typeof p === "object" ? p.key : p));
}

/** formatZodIssues of the reference: `a.b: message` (`root` for the value itself), joined by "; ". */
export function formatIssues(issues) {
  return issues.map((i) => `${pathOf(i).join(".") || "root"}: ${i.message}`).join("; ");
}

function preview(response) {
  const text = response === null || response === undefined ? "" : typeof response === "string" ? response : JSON.stringify(response, null, 2) ?? "";
  return text.length <= 200 ? text : `${text.slice(0, 200)}... (truncated)`;
}

/** The verdict for a Standard Schema result `{ value } | { issues }`. */
export function schemaVerdict(result, response) {
  if (result === null || typeof result !== "object" || (result.issues !== undefined && !Array.isArray(result.issues))) {
    fail("INVALID_ARGUMENT", "schema", "the schema's ~standard.validate returned neither { value } nor { issues: [...] }");
  }
  if (!result.issues || result.issues.length === 0) return { pass: true, message: "Response matches schema" };
  return {
    pass: false,
    message: `Response does not match schema: ${formatIssues(result.issues)}`,
    details: { issues: result.issues, textPreview: preview(response) },
  };
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
