//! The `schema` expectation natively (feature `schema`): `validateSchema` of
//! `@gleanwork/mcp-server-tester@1.1.0` (`dist/index.js`, with
//! `getValidatableValue` and `formatZodIssues`), with a JSON Schema document
//! in place of the reference's Zod schema. Validation is the
//! `mcp-matchers-schema` crate (boon: drafts 4, 6, 7, 2019-09, 2020-12).
//!
//! Stack: boon compiles and validates recursively. Schemas deeper than 128
//! levels (subschemas and `$ref` hops) are refused, but a value validated by
//! a recursive schema is walked level by level: in a debug build that takes
//! tens of KB of stack per level (a 2 MB test thread held 30 levels, not 60;
//! a release build held 126). Validate deep values on a thread with a larger
//! stack (`RUST_MIN_STACK`, `std::thread::Builder::stack_size`) in debug builds.

use super::assertions::CheckResult;
use super::plan::{schema_target, schema_verdict, SchemaTarget};
use crate::reader::Reader;
use crate::value::Val;
pub use mcp_matchers_schema::{format_issues, Draft, JsonSchema, PathItem, SchemaError, SchemaIssue, SchemaOptions};
use serde_json::Value;

/// The value a schema sees, as the reference's `getValidatableValue`:
/// `structuredContent` when the response has the key (also `null`), else the
/// JSON object or array in its text, else the response itself; a string
/// response is parsed the same way, else validated as the string.
///
/// Takes a `CallToolResult` (`{ content, structuredContent?, isError? }`), a
/// normalised response (`{ raw, text, isError, contentBlocks, ... }`), a
/// string or any JSON value; returns the value to validate.
pub fn validatable_value(response: &Value) -> Value {
    target_value(&schema_target(&Val::from(response)), response)
}

/// The value `target` names in `response`.
pub(crate) fn target_value(target: &SchemaTarget, response: &Value) -> Value {
    match target {
        SchemaTarget::StructuredContent => response["structuredContent"].clone(),
        SchemaTarget::Json(text) => serde_json::from_str(text).unwrap_or_else(|_| response.clone()),
        SchemaTarget::Response => response.clone(),
    }
}

/// Checks a tool response against a compiled JSON Schema, as the reference's
/// `validateSchema(response, schema)` (the value chosen by
/// [`validatable_value`]).
///
/// Returns `{ pass: true, message: "Response matches schema" }` or
/// `{ pass: false, message: "Response does not match schema: <path>: <message>; ...",
/// details: { issues: [{ path, instanceLocation, keywordLocation, message }],
/// textPreview } }` (path joined by `.`, `root` for the whole value;
/// `textPreview` the first 200 characters of the response, a string as is,
/// else pretty-printed JSON). Never fails: compile the schema with
/// [`JsonSchema::compile`], which returns a [`SchemaError`] for an invalid one.
///
/// ```
/// use mcp_matchers::responses::schema::{validate_schema, JsonSchema, SchemaOptions};
/// use serde_json::json;
/// let schema = JsonSchema::compile(&json!({ "type": "object", "required": ["temperature"] }), &SchemaOptions::default()).unwrap();
/// let response = json!({ "content": [{ "type": "text", "text": "{\"city\": \"Oslo\"}" }] });
/// let r = validate_schema(&response, &schema);
/// assert_eq!(r.message, "Response does not match schema: root: missing properties 'temperature'");
/// ```
pub fn validate_schema(response: &Value, schema: &JsonSchema) -> CheckResult {
    verdict(&schema.validate(&validatable_value(response)), &Val::from(response))
}

/// The core's schema verdict ([`schema_verdict`]) of the issues found.
pub(crate) fn verdict(issues: &[SchemaIssue], response: &Val<'_>) -> CheckResult {
    let list = serde_json::to_value(issues).unwrap_or_default();
    let list = Val::from(&list);
    schema_verdict(&Reader::new(Some(&list), "issues"), response).unwrap_or_else(|e| CheckResult::fail(e.message, None))
}
