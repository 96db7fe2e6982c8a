// The `schema` expectation (issue 3, item 5): JSON Schema in the separately
// loaded module mcp-matchers/schema (pkg/schema.js), Standard Schema objects
// in the core (pkg/index.js validateSchema, evaluateExpectations).
//
//   node --test tests/js/schema.test.mjs
//   SCHEMA_SEED=7 SCHEMA_CASES=20000 node --test tests/js/schema.test.mjs
//
// Oracles: the servers' own recorded verdicts (tools/list outputSchema and
// inputSchema of tests/fixtures/responses/, the requests the servers accepted
// or rejected with "Input validation error"), Ajv 8.20.0 (draft-07 and
// 2020-12) on generated values, and @gleanwork/mcp-server-tester@1.1.0's
// validateSchema with Zod 4 schemas (which value is validated, messages).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import { z } from "zod";
import * as ref from "@gleanwork/mcp-server-tester";
import * as core from "../../pkg/index.js";
import { jsonSchema, validateJsonSchema, validateSchema } from "../../pkg/schema.js";
import { int, pick, rng } from "./prng.mjs";

const DIR = new URL("../fixtures/responses/", import.meta.url);
const SEED = Number(process.env.SCHEMA_SEED ?? 0x5c4e3a) >>> 0;
const CASES = Number(process.env.SCHEMA_CASES ?? 3000);
const read = (p) => JSON.parse(readFileSync(new URL(p, DIR), "utf8"));
const lines = (p) =>
  readFileSync(new URL(p, DIR), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

const SERVERS = ["everything", "filesystem"];
const TOOLS = new Map(SERVERS.flatMap((s) => read(`${s}/tools-list.json`).tools.map((t) => [`${s}/${t.name}`, t])));
const ajv7 = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const ajv2020 = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

function code(fn) {
  try {
    fn();
  } catch (e) {
    assert.equal(e.name, "MatcherError", `not a MatcherError: ${e}`);
    return [e.code, e.path];
  }
  assert.fail("did not throw");
}

// ---- real schemas, real values -------------------------------------------

test("every recorded structuredContent matches its tool's declared outputSchema (draft-07)", () => {
  let checked = 0;
  for (const s of SERVERS) {
    for (const name of readdirSync(new URL(`${s}/`, DIR)).filter((n) => n.endsWith(".result.json"))) {
      const result = read(`${s}/${name}`);
      if (result.structuredContent === undefined) continue;
      const tool = [...TOOLS.entries()].find(([k, t]) => k.startsWith(`${s}/`) && t.outputSchema && name.startsWith(t.name.replaceAll("_", "_")));
      if (!tool) continue;
      const schema = tool[1].outputSchema;
      assert.equal(schema.$schema, "http://json-schema.org/draft-07/schema#");
      const r = validateJsonSchema(result.structuredContent, schema);
      assert.deepEqual(r, { valid: true, issues: [] }, `${s}/${name}`);
      assert.equal(ajv7.validate(schema, result.structuredContent), true);
      assert.deepEqual(validateSchema(result, schema), { pass: true, message: "Response matches schema" });
      checked++;
    }
  }
  assert.ok(checked >= 14, `only ${checked} results checked`);
});

test("get-structured-content: a changed type or a missing required field fails, with the field's path", () => {
  const result = read("everything/get-structured-content.result.json");
  const schema = TOOLS.get("everything/get-structured-content").outputSchema;
  // Recorded: {"temperature":36,"conditions":"Light rain / drizzle","humidity":82}
  const wrong = { ...result, structuredContent: { ...result.structuredContent, temperature: "36" } };
  const r = validateJsonSchema(wrong.structuredContent, schema);
  assert.equal(r.valid, false);
  assert.deepEqual(
    r.issues.map((i) => [i.path, i.instanceLocation, i.keywordLocation]),
    [[["temperature"], "/temperature", "/properties/temperature/type"]],
  );
  const v = validateSchema(wrong, schema);
  assert.equal(v.pass, false);
  assert.match(v.message, /^Response does not match schema: temperature: /);
  const { humidity, ...rest } = result.structuredContent;
  const missing = validateJsonSchema(rest, schema);
  assert.deepEqual(missing.issues.map((i) => [i.path, i.keywordLocation]), [[[], "/required"]]);
  assert.match(missing.issues[0].message, /humidity/);
  // additionalProperties: false
  const extra = validateJsonSchema({ ...result.structuredContent, wind: 3 }, schema);
  assert.deepEqual(extra.issues.map((i) => i.keywordLocation), ["/additionalProperties"]);
});

test("recorded tool-call arguments: valid against inputSchema exactly when the server's own validation accepted them", () => {
  let rejected = 0;
  let accepted = 0;
  for (const s of SERVERS) {
    for (const x of lines(`${s}/tools-call.exchanges.jsonl`)) {
      const { name, arguments: args } = x.request.params;
      const tool = TOOLS.get(`${s}/${name}`);
      if (!tool) continue; // no-such-tool
      const text = x.response.result?.content?.[0]?.text ?? "";
      const serverRejected = text.includes("Input validation error");
      const ours = validateJsonSchema(args, tool.inputSchema);
      assert.equal(ours.valid, !serverRejected, `${s}/${name} ${JSON.stringify(args)}: ${text}`);
      assert.equal(ours.valid, ajv7.validate(tool.inputSchema, args), `${s}/${name}: Ajv disagrees`);
      if (serverRejected) {
        rejected++;
        // The server names the field ("... at message", "... at messageType"); so do we (or `root` for a missing one).
        const at = /at (\w+)$/.exec(text)?.[1];
        const paths = ours.issues.map((i) => (i.path.length ? i.path.join(".") : "root"));
        const named = ours.issues.some((i) => i.path.join(".") === at || (i.path.length === 0 && i.message.includes(`'${at}'`)));
        assert.ok(named, `${s}/${name}: server says ${at}, we say ${paths}`);
      } else accepted++;
    }
  }
  assert.ok(rejected >= 5 && accepted >= 30, `${rejected} rejected, ${accepted} accepted`);
});

// ---- against Ajv on generated values ---------------------------------------

const KEYWORD_SCHEMAS = [
  { type: "object", properties: { a: { type: "integer", minimum: 0, exclusiveMaximum: 10 }, b: { type: "string", minLength: 2, maxLength: 4 } }, required: ["a"] },
  { type: "array", items: { type: ["number", "null"] }, minItems: 1, maxItems: 3, uniqueItems: true },
  { enum: [1, "1", null, [1], { a: 1 }] },
  { const: { a: [1, 2], b: null } },
  { anyOf: [{ type: "string", pattern: "^[a-z]+$" }, { type: "number", multipleOf: 0.5 }] },
  { oneOf: [{ type: "integer" }, { type: "number", minimum: 2 }] },
  { allOf: [{ type: "object", required: ["x"] }, { not: { required: ["y"] } }] },
  { type: "object", propertyNames: { pattern: "^[a-c]$" }, additionalProperties: { type: "boolean" }, minProperties: 1, maxProperties: 2 },
  { type: "object", patternProperties: { "^s_": { type: "string" } }, additionalProperties: false },
  { if: { type: "object", required: ["a"] }, then: { required: ["b"] }, else: { type: ["string", "array"] } },
  { type: "object", dependencies: { a: ["b"], c: { required: ["a"] } } },
  { definitions: { pos: { type: "number", minimum: 0 } }, type: "array", items: { $ref: "#/definitions/pos" }, contains: { const: 1 } },
  { type: "array", items: [{ type: "string" }, { type: "integer" }], additionalItems: false },
  { type: "string", maxLength: 2 }, // counts code points, not UTF-16 units
  true,
  false,
];
const KEYWORD_SCHEMAS_2020 = [
  { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false },
  { $defs: { node: { type: "object", properties: { v: { type: "number" }, next: { $ref: "#/$defs/node" } }, required: ["v"] } }, $ref: "#/$defs/node" },
  { type: "object", dependentRequired: { a: ["b"] }, dependentSchemas: { c: { required: ["a"] } } },
  { type: "array", contains: { type: "integer" }, minContains: 2, maxContains: 3 },
  { type: "object", properties: { a: true }, unevaluatedProperties: false, anyOf: [{ properties: { b: true } }, { properties: { c: true } }] },
  { type: "array", prefixItems: [true], unevaluatedItems: { type: "string" } },
];

function value(r, depth = 0) {
  const k = int(r, depth > 2 ? 6 : 8);
  switch (k) {
    case 0:
      return null;
    case 1:
      return r() < 0.5;
    case 2:
      return pick(r, [0, 1, 2, 2.5, -1, 10, 1e3, 0.5, 3, 1.5]);
    case 3:
      return pick(r, ["", "a", "ab", "abc", "abcde", "A1", "s_", "1", "😀😀", "é"]);
    case 4:
    case 5:
      return int(r, 3) === 0 ? pick(r, [1, "x", "ab"]) : pick(r, [{ a: 1 }, [1], { v: 1, next: { v: 2 } }]);
    case 6: {
      const n = int(r, 4);
      return Array.from({ length: n }, () => (r() < 0.4 ? pick(r, [1, 1, 2, "a", null]) : value(r, depth + 1)));
    }
    default: {
      const o = {};
      for (let i = int(r, 4); i > 0; i--) o[pick(r, ["a", "b", "c", "x", "y", "s_1", "v", "next", "d"])] = r() < 0.5 ? pick(r, [1, true, "ab", 5, null]) : value(r, depth + 1);
      return o;
    }
  }
}

test(`draft-07 and 2020-12 keywords agree with Ajv on ${CASES} generated values per draft`, () => {
  const r = rng(SEED);
  const disagreements = [];
  const run = (schemas, draft, ajv, n) => {
    for (let i = 0; i < n; i++) {
      const schema = pick(r, schemas);
      const v = value(r);
      const ours = validateJsonSchema(v, schema, { draft }).valid;
      const theirs = ajv.validate(schema, v);
      if (ours !== theirs) disagreements.push({ draft, schema, v, ours, theirs });
    }
  };
  run(KEYWORD_SCHEMAS, 7, ajv7, CASES);
  run([...KEYWORD_SCHEMAS.filter((s) => typeof s === "boolean" || !("items" in s && Array.isArray(s.items)) && !("dependencies" in s) && !("definitions" in s)), ...KEYWORD_SCHEMAS_2020], "2020-12", ajv2020, CASES);
  assert.deepEqual(disagreements.slice(0, 5), []);
});

test("drafts differ where the specs do: array-form items (draft-07) vs prefixItems (2020-12)", () => {
  const tuple = { items: [{ type: "string" }], additionalItems: false };
  assert.equal(validateJsonSchema(["a", 1], tuple, { draft: 7 }).valid, false);
  assert.equal(validateJsonSchema(["a", 1], { $schema: "http://json-schema.org/draft-07/schema#", ...tuple }).valid, false);
  // In 2020-12 the array form of `items` is not allowed at all.
  assert.deepEqual(code(() => jsonSchema(tuple)), ["INVALID_ARGUMENT", "schema/items"]);
  assert.equal(validateJsonSchema(["a", 1], { prefixItems: [{ type: "string" }], items: false }).valid, false);
  assert.equal(validateJsonSchema(["a"], { prefixItems: [{ type: "string" }], items: false }).valid, true);
  // $schema wins over the draft option.
  assert.equal(validateJsonSchema(["a", 1], { $schema: "https://json-schema.org/draft/2020-12/schema", prefixItems: [{ type: "string" }], items: false }, { draft: 7 }).valid, false);
});

test("format is an annotation unless assertFormats (as the 2020-12 spec)", () => {
  const s = { type: "string", format: "email" };
  assert.equal(validateJsonSchema("not an email", s).valid, true);
  const r = validateJsonSchema("not an email", s, { assertFormats: true });
  assert.equal(r.valid, false);
  assert.equal(r.issues[0].keywordLocation, "/format");
  assert.equal(validateJsonSchema("user@example.com", s, { assertFormats: true }).valid, true);
  assert.equal(validateJsonSchema("2026-11-30T12:00:00Z", { format: "date-time" }, { assertFormats: true }).valid, true);
  assert.equal(validateJsonSchema("2026-13-30T12:00:00Z", { format: "date-time" }, { assertFormats: true }).valid, false);
});

// ---- which value is validated, messages: against the reference ------------

// A schema both packages can call: the reference calls .parse, ours
// ~standard.validate; each records what it was given.
function recorder() {
  const seen = {};
  const schema = {
    parse(v) {
      seen.ref = v;
      return v;
    },
    "~standard": { version: 1, vendor: "test", validate: (v) => ((seen.ours = v), { value: v }) },
  };
  return { seen, schema };
}

test("the value validated is the reference's getValidatableValue, on every fixture and edge shape", () => {
  const inputs = [];
  for (const s of SERVERS) {
    for (const name of readdirSync(new URL(`${s}/`, DIR)).filter((n) => n.endsWith(".result.json"))) inputs.push(read(`${s}/${name}`));
  }
  inputs.push(
    "plain text",
    '  {"a": 1}  ',
    "[1, 2]",
    "42",
    '"quoted"',
    "{not json}",
    null,
    undefined,
    7,
    [1, 2],
    { content: [{ type: "text", text: '{"x": 1}' }] },
    { content: [{ type: "text", text: "42" }] },
    { content: [{ type: "text", text: "[1]" }, { type: "text", text: "[2]" }] },
    { content: [{ type: "text", text: "{}" }], structuredContent: null },
    { content: "not an array" },
    { other: 1 },
  );
  for (const r of inputs.slice(0, 8)) inputs.push(core.normalizeToolResponse(r));
  for (const input of inputs) {
    const { seen, schema } = recorder();
    const a = ref.validateSchema(input, schema);
    const b = core.validateSchema(input, schema);
    assert.deepEqual(seen.ours, seen.ref, JSON.stringify(input)?.slice(0, 120));
    assert.deepEqual(b, a);
  }
});

test("Zod 4 schemas: same verdicts and messages as the reference's validateSchema", () => {
  const structured = read("everything/get-structured-content.result.json");
  const weather = z.object({ temperature: z.number(), conditions: z.string(), humidity: z.number().max(50) });
  const cases = [
    [structured, weather],
    [structured, z.object({ temperature: z.number(), conditions: z.string() })],
    [structured, z.object({ temperature: z.string(), wind: z.number() })],
    [read("filesystem/directory_tree.result.json"), z.object({ content: z.string() })],
    [read("filesystem/list_allowed_directories.result.json"), z.object({ content: z.number() })],
    [read("everything/echo.result.json"), z.string()],
    ['{"a": [1, "x"]}', z.object({ a: z.array(z.number()) })],
  ];
  for (const [response, schema] of cases) {
    const a = ref.validateSchema(response, schema);
    const b = core.validateSchema(response, schema);
    assert.equal(b.pass, a.pass);
    assert.equal(b.message, a.message);
    if (!a.pass) assert.equal(b.details.textPreview, a.details.textPreview);
  }
});

test("the same Zod schema through evaluateExpectations, and a JSON Schema from the registry (loads the schema module)", async () => {
  const response = read("everything/get-structured-content.result.json");
  const zodSchema = z.object({ temperature: z.number(), humidity: z.number().max(50) });
  const jsonDoc = { type: "object", properties: { humidity: { type: "number", maximum: 50 } } };
  const r = await core.evaluateExpectations({ schema: "w" }, response, { schemas: { w: zodSchema } });
  assert.equal(r.schema.message, ref.validateSchema(response, zodSchema).message);
  const j = await core.evaluateExpectations({ schema: "w" }, response, { schemas: { w: jsonDoc } });
  assert.equal(j.schema.pass, false);
  assert.match(j.schema.message, /^Response does not match schema: humidity: /);
  const missing = await core.evaluateExpectations({ schema: "nope" }, response, { schemas: {} });
  assert.deepEqual(missing.schema, { pass: false, message: 'Schema "nope" not found in schemas registry' });
  await assert.rejects(core.evaluateExpectations({ schema: "bad" }, response, { schemas: { bad: { type: 5 } } }), (e) => {
    assert.equal(e.code, "INVALID_ARGUMENT");
    assert.equal(e.path, "options.schemas.bad/type");
    return true;
  });
});

test("jsonSchema() is a Standard Schema: issues with message and path", () => {
  const s = jsonSchema({ type: "object", properties: { items: { type: "array", items: { type: "string" } } } });
  assert.equal(s["~standard"].version, 1);
  assert.deepEqual(s["~standard"].validate({ items: ["a"] }), { value: { items: ["a"] } });
  const bad = s["~standard"].validate({ items: ["a", 2] });
  assert.deepEqual(bad.issues.map((i) => i.path), [["items", 1]]);
  assert.equal(typeof bad.issues[0].message, "string");
  assert.equal(core.validateSchema({ structuredContent: { items: [3] } }, s).message, `Response does not match schema: items.0: ${bad.issues[0].message}`);
});

// ---- malformed calls throw; the module keeps working ------------------------

test("invalid schemas and options throw coded errors with the path; the module keeps working", () => {
  assert.deepEqual(code(() => jsonSchema({ type: "nope" })), ["INVALID_ARGUMENT", "schema/type"]);
  assert.deepEqual(code(() => jsonSchema({ properties: { a: { pattern: "(" } } })), ["INVALID_ARGUMENT", "schema/properties/a/pattern"]);
  assert.deepEqual(code(() => jsonSchema({ $schema: "https://example.com/unknown-draft" })), ["INVALID_ARGUMENT", "schema/$schema"]);
  assert.deepEqual(code(() => jsonSchema("string")), ["INVALID_ARGUMENT", "schema"]);
  assert.deepEqual(code(() => jsonSchema([])), ["INVALID_ARGUMENT", "schema"]);
  assert.deepEqual(code(() => jsonSchema(null)), ["INVALID_ARGUMENT", "schema"]);
  assert.deepEqual(code(() => jsonSchema({}, { draft: "9" })), ["INVALID_OPTION", "options.draft"]);
  assert.deepEqual(code(() => jsonSchema({}, { assertFormats: "yes" })), ["INVALID_OPTION", "options.assertFormats"]);
  assert.deepEqual(code(() => jsonSchema({}, { resources: { "https://x.example/a.json": 5 } })), ["INVALID_OPTION", "options.resources[https://x.example/a.json]"]);
  assert.deepEqual(code(() => validateJsonSchema(1n, {})), ["UNSUPPORTED_VALUE", "value"]);
  const cyclic = {};
  cyclic.self = cyclic;
  assert.deepEqual(code(() => validateJsonSchema(cyclic, {})), ["UNSUPPORTED_VALUE", "value"]);
  assert.deepEqual(code(() => core.validateSchema({}, { type: "object" })), ["INVALID_ARGUMENT", "schema"]);
  assert.deepEqual(code(() => core.validateSchema("x", z.string().refine(async () => true))), ["UNSUPPORTED_VALUE", "schema"]);
  // Deeply nested values are refused, not a crash.
  let deep = 1;
  for (let i = 0; i < 200; i++) deep = [deep];
  assert.deepEqual(code(() => validateJsonSchema(deep, {})), ["UNSUPPORTED_VALUE", "value"]);
  assert.deepEqual(code(() => validateJsonSchema(1, { items: deep })), ["UNSUPPORTED_VALUE", "schema"]);
  assert.deepEqual(validateJsonSchema({ a: 1 }, { required: ["a"] }), { valid: true, issues: [] });
});

test("nothing is fetched: $ref resolves to the metaschemas and the resources given", () => {
  const [c, p] = code(() => jsonSchema({ $ref: "https://example.com/address.json" }));
  assert.deepEqual([c, p], ["INVALID_ARGUMENT", "schema"]);
  assert.deepEqual(code(() => jsonSchema({ $ref: "file:///etc/passwd" })), ["INVALID_ARGUMENT", "schema"]);
  const resources = { "https://example.com/address.json": { type: "object", required: ["city"] } };
  const s = { type: "object", properties: { home: { $ref: "https://example.com/address.json" } } };
  assert.equal(validateJsonSchema({ home: { city: "Oslo" } }, s, { resources }).valid, true);
  const r = validateJsonSchema({ home: {} }, s, { resources });
  assert.deepEqual(r.issues.map((i) => i.path), [["home"]]);
  // The draft-07 metaschema itself is available: a schema validated as a value.
  assert.equal(validateJsonSchema({ type: "object" }, { $ref: "http://json-schema.org/draft-07/schema#" }).valid, true);
  assert.equal(validateJsonSchema({ type: 5 }, { $ref: "http://json-schema.org/draft-07/schema#" }).valid, false);
});

test("the compiled-schema cache stays correct past its size (64)", () => {
  for (let i = 0; i < 200; i++) {
    const s = { type: "integer", minimum: i };
    assert.equal(validateJsonSchema(i, s).valid, true);
    assert.equal(validateJsonSchema(i - 1, s).valid, false);
  }
});

// ---- found by a fresh-user run ---------------------------------------------

test("a long $ref chain is refused with a coded error and the module keeps working", () => {
  const chain = (n) => {
    const $defs = {};
    for (let i = 0; i < n; i++) $defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
    $defs[`d${n}`] = { type: "integer" };
    return { $defs, $ref: "#/$defs/d0" };
  };
  assert.equal(validateJsonSchema(1, chain(100)).valid, true);
  assert.equal(validateJsonSchema("x", chain(100)).valid, false);
  for (const n of [130, 1100, 1500, 5000]) {
    const [c, p] = code(() => validateJsonSchema(1, chain(n)));
    assert.equal(c, "INVALID_ARGUMENT");
    assert.match(p, /^schema\//);
  }
  // A shared target reached many ways costs once (a diamond 30 levels deep is 2^30 paths).
  const $defs = { d30: { type: "integer" } };
  for (let i = 29; i >= 0; i--) $defs[`d${i}`] = { anyOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  assert.equal(validateJsonSchema(3, { $defs, $ref: "#/$defs/d0" }).valid, true);
  assert.deepEqual(validateJsonSchema({ a: 1 }, { type: "object" }), { valid: true, issues: [] });
});

test("format is an annotation in drafts 4-7 too unless assertFormats (the real gzip tool's draft-07 `format: uri`)", () => {
  const list = JSON.parse(readFileSync(new URL("everything/tools-list.json", DIR), "utf8"));
  const gzip = list.tools.find((t) => t.name === "gzip-file-as-resource").inputSchema;
  assert.equal(gzip.$schema, "http://json-schema.org/draft-07/schema#");
  assert.equal(JSON.stringify(gzip).includes('"format":"uri"'), true);
  assert.equal(validateJsonSchema({ name: "x.gz", data: "x" }, gzip).valid, ajv7.validate(gzip, { name: "x.gz", data: "x" }));
  assert.equal(validateJsonSchema({ name: "x.gz", data: "x" }, gzip).valid, true);
  assert.equal(validateJsonSchema({ name: "x.gz", data: "x" }, gzip, { assertFormats: true }).valid, false);
  for (const draft of ["http://json-schema.org/draft-04/schema#", "http://json-schema.org/draft-06/schema#", "http://json-schema.org/draft-07/schema#"]) {
    assert.equal(validateJsonSchema("x", { $schema: draft, format: "email" }).valid, true, draft);
    assert.equal(validateJsonSchema("x", { $schema: draft, format: "email" }, { assertFormats: true }).valid, false, draft);
  }
});

test("unknown $schema, lone surrogates and broken Standard Schemas are coded errors", () => {
  assert.deepEqual(code(() => jsonSchema({ $schema: "https://example.com/my-meta" })), ["INVALID_ARGUMENT", "schema/$schema"]);
  assert.deepEqual(code(() => validateJsonSchema("\ud800", { type: "string" })), ["UNSUPPORTED_VALUE", "value"]);
  assert.deepEqual(code(() => jsonSchema({ const: "\udc00" })), ["UNSUPPORTED_VALUE", "schema"]);
  for (const result of [null, undefined, { issues: "bad" }]) {
    const broken = { "~standard": { version: 1, vendor: "x", validate: () => result } };
    assert.deepEqual(code(() => core.validateSchema({}, broken)), ["INVALID_ARGUMENT", "schema"]);
  }
  // jsonSchema() keeps its own copy of the document.
  const doc = { type: "integer" };
  const s = jsonSchema(doc);
  doc.type = "string";
  assert.deepEqual(s.schema, { type: "integer" });
  assert.equal(s.validate(1).valid, true);
});

test("MatcherError is exported by every entry point, one class", async () => {
  for (const entry of ["schema.js", "tool-calls.js", "traces.js", "transcripts.js", "responses.js", "evals.js", "matchers.js"]) {
    const m = await import(`../../pkg/${entry}`);
    assert.equal(m.MatcherError, core.MatcherError, entry);
  }
});
