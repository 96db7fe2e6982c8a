//! The `schema` expectation natively (feature `schema`): JSON Schema through
//! mcp-matchers-schema, the value chosen as the reference's
//! getValidatableValue (`@gleanwork/mcp-server-tester@1.1.0`), on the
//! recorded tools/list schemas and results of tests/fixtures/responses/.
use crate::helpers::fixture;
use mcp_matchers::responses::schema::{validatable_value, validate_schema, Draft, JsonSchema, PathItem, SchemaOptions};
use mcp_matchers::responses::{evaluate_expectations, EvaluateContext};
use serde_json::{json, Value};

fn output_schema(server: &str, tool: &str) -> Value {
    let list = fixture(&format!("{server}/tools-list.json"));
    let t = list["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == tool)
        .unwrap();
    t["outputSchema"].clone()
}

fn compile(schema: &Value) -> JsonSchema {
    JsonSchema::compile(schema, &SchemaOptions::default()).unwrap()
}

#[test]
fn recorded_structured_content_matches_the_declared_output_schema() {
    for (server, tool, file) in [
        ("everything", "get-structured-content", "get-structured-content"),
        ("filesystem", "get_file_info", "get_file_info"),
        ("filesystem", "directory_tree", "directory_tree"),
        ("filesystem", "list_allowed_directories", "list_allowed_directories"),
        ("filesystem", "read_media_file", "read_media_file-png"),
    ] {
        let schema = compile(&output_schema(server, tool));
        let result = fixture(&format!("{server}/{file}.result.json"));
        assert!(
            schema.validate(&result["structuredContent"]).is_empty(),
            "{server}/{file}"
        );
        let r = validate_schema(&result, &schema);
        assert!(r.pass, "{server}/{file}: {}", r.message);
        assert_eq!(r.message, "Response matches schema");
    }
}

#[test]
fn a_wrong_type_is_reported_at_its_field() {
    // Recorded: {"temperature":36,"conditions":"Light rain / drizzle","humidity":82}
    let schema = compile(&output_schema("everything", "get-structured-content"));
    let mut result = fixture("everything/get-structured-content.result.json");
    result["structuredContent"]["temperature"] = json!("36");
    let issues = schema.validate(&result["structuredContent"]);
    assert_eq!(issues.len(), 1);
    assert_eq!(issues[0].path, [PathItem::Key("temperature".into())]);
    assert_eq!(issues[0].instance_location, "/temperature");
    assert_eq!(issues[0].keyword_location, "/properties/temperature/type");
    let r = validate_schema(&result, &schema);
    assert!(!r.pass);
    assert!(
        r.message.starts_with("Response does not match schema: temperature: "),
        "{}",
        r.message
    );
    let details = r.details.unwrap();
    assert_eq!(details["issues"][0]["keywordLocation"], "/properties/temperature/type");
    // additionalProperties: false in the recorded schema
    result["structuredContent"]["temperature"] = json!(36);
    result["structuredContent"]["wind"] = json!(3);
    let issues = schema.validate(&result["structuredContent"]);
    assert_eq!(issues[0].keyword_location, "/additionalProperties");
}

#[test]
fn the_validated_value_follows_get_validatable_value() {
    // Branches of getValidatableValue (dist/index.js): structuredContent when
    // present (also null); a normalised response's text parsed when it looks
    // like an object/array; a CallToolResult's extracted text likewise; else
    // the response itself; strings parsed or kept.
    let structured = json!({ "content": [{ "type": "text", "text": "{\"a\":1}" }], "structuredContent": { "b": 2 } });
    assert_eq!(validatable_value(&structured), json!({ "b": 2 }));
    let null_structured = json!({ "content": [], "structuredContent": null });
    assert_eq!(validatable_value(&null_structured), Value::Null);
    let text_json = json!({ "content": [{ "type": "text", "text": "  [1, 2] " }] });
    assert_eq!(validatable_value(&text_json), json!([1, 2]));
    let text_number = json!({ "content": [{ "type": "text", "text": "42" }] });
    assert_eq!(validatable_value(&text_number), text_number);
    let normalised = json!({ "raw": {}, "text": "{\"x\":true}", "isError": false, "contentBlocks": [] });
    assert_eq!(validatable_value(&normalised), json!({ "x": true }));
    assert_eq!(validatable_value(&json!("{\"k\": 1}")), json!({ "k": 1 }));
    assert_eq!(validatable_value(&json!("plain")), json!("plain"));
    assert_eq!(validatable_value(&json!("{broken}")), json!("{broken}"));
    assert_eq!(validatable_value(&Value::Null), Value::Null);
    assert_eq!(validatable_value(&json!(7)), json!(7));
}

#[test]
fn evaluate_expectations_uses_the_schemas_registry() {
    let response = fixture("everything/get-structured-content.result.json");
    let mut ctx = EvaluateContext::default();
    ctx.schemas.insert(
        "weather".into(),
        compile(&json!({ "type": "object", "properties": { "humidity": { "type": "number", "maximum": 50 } } })),
    );
    let r = evaluate_expectations(&json!({ "schema": "weather" }), &response, &ctx).unwrap();
    assert_eq!(r[0].0, "schema");
    assert!(!r[0].1.pass);
    assert!(r[0].1.message.starts_with("Response does not match schema: humidity: "));
    let r = evaluate_expectations(&json!({ "schema": "other" }), &response, &ctx).unwrap();
    assert_eq!(r[0].1.message, "Schema \"other\" not found in schemas registry");
}

#[test]
fn drafts_options_and_compile_errors() {
    let tuple = json!({ "items": [{ "type": "string" }], "additionalItems": false });
    let v7 = SchemaOptions {
        draft: Some(Draft::V7),
        ..Default::default()
    };
    assert!(!JsonSchema::compile(&tuple, &v7).unwrap().is_valid(&json!(["a", 1])));
    // The array form of `items` is not a 2020-12 schema.
    let e = JsonSchema::compile(&tuple, &SchemaOptions::default()).unwrap_err();
    assert_eq!(e.path, "/items");
    assert_eq!(Draft::from_name("draft-07"), Some(Draft::V7));
    assert_eq!(Draft::from_name("2020-12"), Some(Draft::V2020_12));
    assert_eq!(Draft::from_name("9"), None);
    // No loader: another document is never read.
    let e = JsonSchema::compile(&json!({ "$ref": "file:///etc/hostname" }), &SchemaOptions::default()).unwrap_err();
    assert!(e.message.contains("nothing is fetched"), "{}", e.message);
    let with = SchemaOptions {
        resources: vec![("https://example.com/a.json".into(), json!({ "type": "integer" }))],
        ..Default::default()
    };
    let s = JsonSchema::compile(&json!({ "$ref": "https://example.com/a.json" }), &with).unwrap();
    assert!(s.is_valid(&json!(3)) && !s.is_valid(&json!(3.5)));
    assert_eq!(
        JsonSchema::compile(&json!("x"), &SchemaOptions::default())
            .unwrap_err()
            .path,
        ""
    );
    let formats = SchemaOptions {
        assert_formats: true,
        ..Default::default()
    };
    let email = json!({ "format": "email" });
    assert!(compile(&email).is_valid(&json!("nope")));
    assert!(!JsonSchema::compile(&email, &formats).unwrap().is_valid(&json!("nope")));
}

#[test]
fn deep_ref_chains_unknown_drafts_and_format_defaults() {
    let chain = |n: usize| {
        let mut defs = serde_json::Map::new();
        for i in 0..n {
            defs.insert(format!("d{i}"), json!({ "$ref": format!("#/$defs/d{}", i + 1) }));
        }
        defs.insert(format!("d{n}"), json!({ "type": "integer" }));
        json!({ "$defs": defs, "$ref": "#/$defs/d0" })
    };
    assert!(compile(&chain(100)).is_valid(&json!(1)));
    assert!(!compile(&chain(100)).is_valid(&json!("1")));
    for n in [130, 5000] {
        let e = JsonSchema::compile(&chain(n), &SchemaOptions::default()).unwrap_err();
        assert!(e.message.contains("deeper than 128"), "{}", e.message);
        assert!(e.path.starts_with("/$defs/d0/$ref"), "{}", e.path);
    }
    let e = JsonSchema::compile(
        &json!({ "$schema": "https://example.com/meta" }),
        &SchemaOptions::default(),
    )
    .unwrap_err();
    assert_eq!(e.path, "/$schema");
    // boon alone asserts `format` in draft-07; here it is an annotation unless asked for.
    let d7 = json!({ "$schema": "http://json-schema.org/draft-07/schema#", "format": "uri" });
    assert!(compile(&d7).is_valid(&json!("not a uri")));
    let assert_formats = SchemaOptions {
        assert_formats: true,
        ..Default::default()
    };
    assert!(!JsonSchema::compile(&d7, &assert_formats)
        .unwrap()
        .is_valid(&json!("not a uri")));
}

#[test]
fn a_recursive_schema_on_the_deepest_value() {
    // A self-referencing schema walks every level of the value. boon recurses: a debug build uses tens
    // of KB of stack per level (a 2 MB test thread held 30 levels, not 60); a release build held 126.
    let mut v = json!(1);
    for _ in 0..30 {
        v = json!([v]);
    }
    let s = compile(&json!({ "anyOf": [{ "type": "integer" }, { "type": "array", "items": { "$ref": "#" } }] }));
    assert!(s.is_valid(&v));
    let mut bad = json!("x");
    for _ in 0..30 {
        bad = json!([bad]);
    }
    assert!(!s.is_valid(&bad));
}
