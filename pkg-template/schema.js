// mcp-matchers/schema: JSON Schema validation (drafts 4, 6, 7, 2019-09,
// 2020-12, through the Rust crate boon) in its own WebAssembly module, so
// that the core module stays small: it is compiled on the first import of
// this file (evaluateExpectations imports it by itself the first time a
// dataset's schema registry holds a JSON Schema document).
//
// A JSON Schema becomes a Standard Schema object (jsonSchema), so it plugs in
// wherever the package takes one (validateSchema, evaluateExpectations'
// `schemas`).
import "./encoding.js"; // TextEncoder/TextDecoder where the environment lacks them (Jest jsdom)

import * as glue from "./wasm/schema.js";
import { wasmBytes } from "./wasm/schema_bytes.js";
import { call, fail, guard } from "./errors.js";
import { jsonText } from "./internal.js";
export { MatcherError } from "./errors.js";
import { isStandardSchema, schemaVerdict, validatableValue } from "./schema-core.js";

// Compiled synchronously from the inlined bytes on first use; a trap restarts it (errors.js guard).
const { schema_compile: wasmCompile, schema_validate: wasmValidate } = guard("schema", glue, wasmBytes);

const encoder = new TextEncoder();


function readOptions(options) {
  if (options === undefined || options === null) return {};
  if (typeof options !== "object" || Array.isArray(options)) fail("INVALID_ARGUMENT", "options", "options must be an object { draft?, assertFormats?, resources? }");
  const out = {};
  if (options.draft !== undefined) {
    if (typeof options.draft !== "string" && typeof options.draft !== "number") fail("INVALID_OPTION", "options.draft", "draft must be 4, 6, 7, \"2019-09\" or \"2020-12\"");
    out.draft = String(options.draft);
  }
  if (options.assertFormats !== undefined) {
    if (typeof options.assertFormats !== "boolean") fail("INVALID_OPTION", "options.assertFormats", "assertFormats must be a boolean");
    out.assertFormats = options.assertFormats;
  }
  if (options.resources !== undefined) {
    const r = options.resources;
    if (r === null || typeof r !== "object" || Array.isArray(r)) fail("INVALID_OPTION", "options.resources", "resources must be an object { [url]: schema }");
    for (const [url, doc] of Object.entries(r)) {
      if (doc === null || (typeof doc !== "object" && typeof doc !== "boolean")) fail("INVALID_OPTION", `options.resources[${url}]`, "a JSON Schema is an object or a boolean");
    }
    out.resources = r;
  }
  return out;
}

function compileKey(schema, options) {
  if (schema === null || (typeof schema !== "object" && typeof schema !== "boolean") || Array.isArray(schema)) {
    fail("INVALID_ARGUMENT", "schema", `a JSON Schema is an object or a boolean, got ${schema === null ? "null" : Array.isArray(schema) ? "an array" : typeof schema}`);
  }
  const text = `${jsonText(schema, "schema")}\n${jsonText(readOptions(options), "options")}`;
  return encoder.encode(text);
}

function run(key, value) {
  const text = jsonText(value, "value");
  // JSON has no undefined: a top-level undefined is validated as null.
  const bytes = encoder.encode(text === undefined ? "null" : text);
  return JSON.parse(call(() => wasmValidate(key, bytes)));
}

/** See schema.d.ts. */
export function validateJsonSchema(value, schema, options) {
  return run(compileKey(schema, options), value);
}

/** See schema.d.ts. */
export function jsonSchema(schema, options) {
  const key = compileKey(schema, options);
  call(() => wasmCompile(key)); // an invalid schema throws now, not at the first value
  const validate = (value) => {
    const r = run(key, value);
    return r.valid ? { value } : { issues: r.issues.map(({ message, path }) => ({ message, path })) };
  };
  return {
    "~standard": { version: 1, vendor: "mcp-matchers", validate },
    // A copy: the caller's object may change later; validation uses the schema as it was here.
    schema: JSON.parse(new TextDecoder().decode(key).split("\n")[0]),
    validate: (value) => run(key, value),
  };
}

/** See schema.d.ts. */
export function validateSchema(response, schema, options) {
  const s = isStandardSchema(schema) ? schema : jsonSchema(schema, options);
  const r = s["~standard"].validate(validatableValue(response));
  if (r !== null && typeof r === "object" && typeof r.then === "function") {
    fail("UNSUPPORTED_VALUE", "schema", "the schema validates asynchronously: use evaluateExpectations (async) or await schema['~standard'].validate yourself");
  }
  return schemaVerdict(r, response);
}
