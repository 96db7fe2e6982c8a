//! # mcp-matchers-schema
//!
//! JSON Schema validation for mcp-matchers' `schema` expectation
//! (`@gleanwork/mcp-server-tester@1.1.0`, `validateSchema`; the reference
//! takes a Zod schema, this crate takes a JSON Schema document). Drafts 4, 6,
//! 7, 2019-09 and 2020-12 through [`boon`], which passes the official
//! JSON-Schema-Test-Suite for them.
//!
//! It is its own crate because boon (with the full `regex` crate for
//! `pattern`) adds about 1.2 MB of WebAssembly: the core module stays small,
//! and JavaScript loads this one only when a JSON Schema is used
//! (`mcp-matchers/schema`). Rust users get it through the core crate's
//! `schema` feature (`mcp_matchers::responses::schema`).
//!
//! Nothing is fetched: a `$ref` to another document resolves only against
//! the metaschemas and the documents given in [`SchemaOptions::resources`].
//!
//! ```
//! use mcp_matchers_schema::{JsonSchema, PathItem, SchemaOptions};
//! use serde_json::json;
//! let schema = JsonSchema::compile(
//!     &json!({ "type": "object", "properties": { "count": { "type": "integer" } }, "required": ["count"] }),
//!     &SchemaOptions::default(),
//! ).unwrap();
//! assert!(schema.validate(&json!({ "count": 3 })).is_empty());
//! let issues = schema.validate(&json!({ "count": "3" }));
//! assert_eq!(issues[0].path, [PathItem::Key("count".into())]);
//! assert_eq!(issues[0].keyword_location, "/properties/count/type");
//! ```
#![forbid(unsafe_code)]

use boon::{Compiler, ErrorKind, InstanceToken, SchemaIndex, Schemas, ValidationError};
use serde_json::Value;
use std::fmt;

#[cfg(all(target_arch = "wasm32", feature = "js"))]
mod wasm;

/// Where the schema given to [`JsonSchema::compile`] lives (never fetched;
/// relative `$ref`s resolve against it, so `other.json` means
/// `https://mcp-matchers.invalid/other.json`, which only
/// [`SchemaOptions::resources`] can provide).
pub const SCHEMA_BASE: &str = "https://mcp-matchers.invalid/schema.json";

/// The deepest a schema may nest, counting both subschemas and `$ref` hops
/// (a chain of `$ref`s is as deep as its length): deeper schemas are refused
/// before boon, which compiles and validates recursively, sees them. In
/// WebAssembly that recursion runs on the JS engine's own stack (about 1 MB
/// in V8, where a chain of ~1,100 `$ref`s overflowed it); a native debug
/// build on a 2 MB test thread overflowed near 300. 128, the same limit as
/// for values, leaves a margin everywhere.
pub const MAX_SCHEMA_DEPTH: usize = 128;

/// A JSON Schema draft, used for a schema without `$schema`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draft {
    V4,
    V6,
    V7,
    V2019_09,
    V2020_12,
}

impl Draft {
    /// Reads a draft name: `"4"`, `"6"`, `"7"`, `"2019-09"`, `"2020-12"`, each
    /// also with a `draft-` / `draft-0` prefix (`"draft-07"`, `"draft7"`).
    pub fn from_name(name: &str) -> Option<Draft> {
        let n = name.trim().to_ascii_lowercase();
        let n = n.strip_prefix("draft").unwrap_or(&n);
        let n = n.trim_start_matches('-').trim_start_matches('0');
        Some(match n {
            "4" => Draft::V4,
            "6" => Draft::V6,
            "7" => Draft::V7,
            "2019-09" | "2019" => Draft::V2019_09,
            "2020-12" | "2020" => Draft::V2020_12,
            _ => return None,
        })
    }

    fn to_boon(self) -> boon::Draft {
        match self {
            Draft::V4 => boon::Draft::V4,
            Draft::V6 => boon::Draft::V6,
            Draft::V7 => boon::Draft::V7,
            Draft::V2019_09 => boon::Draft::V2019_09,
            Draft::V2020_12 => boon::Draft::V2020_12,
        }
    }
}

/// How a schema is compiled.
#[derive(Clone, Debug, Default)]
pub struct SchemaOptions {
    /// The draft of a schema without `$schema` (default 2020-12; a `$schema`
    /// in the document always wins).
    pub draft: Option<Draft>,
    /// Whether `format` is an assertion (`"date-time"`, `"email"`, `"uuid"`,
    /// ...). Default `false`, as drafts 2019-09 and 2020-12 define it (an
    /// annotation only); draft 7 and earlier also leave it optional.
    pub assert_formats: bool,
    /// Other documents a `$ref` may name, by absolute URL (`$id`), e.g.
    /// `("https://example.com/address.json", {...})`.
    pub resources: Vec<(String, Value)>,
}

/// A step of an instance path: an object key or an array index.
/// Serialised as a JSON string (a key) or number (an index).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum PathItem {
    Key(String),
    Index(usize),
}

impl fmt::Display for PathItem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathItem::Key(k) => f.write_str(k),
            PathItem::Index(i) => write!(f, "{i}"),
        }
    }
}

/// One reason a value does not match: a failing keyword.
/// Serialised as `{ path, instanceLocation, keywordLocation, message }`, in
/// that order (the shape of `validateJsonSchema`'s issues in JavaScript).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SchemaIssue {
    /// Where in the value, as keys and indices (`[]` for the value itself).
    pub path: Vec<PathItem>,
    /// The same place as a JSON Pointer (`""`, `"/items/0/name"`).
    pub instance_location: String,
    /// The failing keyword, as a JSON Pointer into the schema through any
    /// `$ref`s taken (`"/properties/count/type"`).
    pub keyword_location: String,
    /// What failed, in boon's words (`"want integer, but got string"`,
    /// `"missing properties 'count'"`).
    pub message: String,
}

/// A schema that could not be compiled: not a valid schema for its draft,
/// an unknown `$schema`, or a `$ref` to a document that was not given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaError {
    /// Where in the schema (a JSON Pointer, `""` for the whole document) or
    /// which resource (`resources[<url>]`), when known.
    pub path: String,
    pub message: String,
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at {})", self.message, self.path)
    }
}

impl std::error::Error for SchemaError {}

/// A compiled JSON Schema, reusable for any number of values.
pub struct JsonSchema {
    schemas: Schemas,
    index: SchemaIndex,
}

impl fmt::Debug for JsonSchema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JsonSchema").finish_non_exhaustive()
    }
}

impl JsonSchema {
    /// Compiles `schema` (an object or a boolean).
    ///
    /// Errors: [`SchemaError`] when the document is not a valid schema for
    /// its draft (checked against the draft's metaschema), names an unknown
    /// `$schema`, holds an invalid `pattern`, or `$ref`s a document that is
    /// neither a metaschema nor in `options.resources`.
    pub fn compile(schema: &Value, options: &SchemaOptions) -> Result<JsonSchema, SchemaError> {
        if !(schema.is_object() || schema.is_boolean()) {
            return Err(SchemaError {
                path: String::new(),
                message: format!("a JSON Schema is an object or a boolean, got {}", kind_of(schema)),
            });
        }
        if let Err(path) = depth_within(schema, MAX_SCHEMA_DEPTH) {
            return Err(SchemaError {
                path,
                message: format!(
                    "the schema nests deeper than {MAX_SCHEMA_DEPTH} levels (subschemas and $ref hops counted together)"
                ),
            });
        }
        if let Some(Value::String(meta)) = schema.get("$schema") {
            let given = options
                .resources
                .iter()
                .any(|(url, _)| url.trim_end_matches('#') == meta.trim_end_matches('#'));
            if boon::Draft::from_url(meta).is_none() && !given {
                return Err(SchemaError {
                    path: "/$schema".into(),
                    message: format!(
                        "unknown $schema {meta:?}: use the URL of the draft 4, 6, 7, 2019-09 or 2020-12 metaschema, or give the metaschema in resources"
                    ),
                });
            }
        }
        let mut compiler = Compiler::new();
        // No loaders at all: nothing is read from files or the network.
        compiler.use_loader(Box::new(boon::SchemeUrlLoader::new()));
        compiler.set_default_draft(options.draft.unwrap_or(Draft::V2020_12).to_boon());
        if options.assert_formats {
            compiler.enable_format_assertions();
        } else {
            // boon always asserts `format` for drafts 4-7: every format it
            // knows is replaced by one that accepts everything.
            for name in KNOWN_FORMATS {
                compiler.register_format(boon::Format { name, func: |_| Ok(()) });
            }
        }
        for (url, doc) in &options.resources {
            compiler.add_resource(url, doc.clone()).map_err(|e| SchemaError {
                path: format!("resources[{url}]"),
                message: compile_message(&e),
            })?;
        }
        compiler
            .add_resource(SCHEMA_BASE, schema.clone())
            .map_err(|e| from_compile(&e))?;
        let mut schemas = Schemas::new();
        let index = compiler
            .compile(SCHEMA_BASE, &mut schemas)
            .map_err(|e| from_compile(&e))?;
        Ok(JsonSchema { schemas, index })
    }

    /// Whether `value` matches.
    pub fn is_valid(&self, value: &Value) -> bool {
        self.schemas.validate(value, self.index).is_ok()
    }

    /// Every failing keyword for `value`, innermost first-found order (empty
    /// when it matches). Composite keywords (`allOf`, `anyOf`, `oneOf`,
    /// `$ref`, `properties`, ...) are not listed themselves: their failing
    /// subschemas' keywords are.
    pub fn validate(&self, value: &Value) -> Vec<SchemaIssue> {
        match self.schemas.validate(value, self.index) {
            Ok(()) => Vec::new(),
            Err(e) => issues_of(&e),
        }
    }
}

/// The formats boon 0.6 checks (`formats.rs`).
const KNOWN_FORMATS: [&str; 20] = [
    "regex",
    "ipv4",
    "ipv6",
    "hostname",
    "idn-hostname",
    "email",
    "idn-email",
    "date",
    "time",
    "date-time",
    "duration",
    "period",
    "json-pointer",
    "relative-json-pointer",
    "uuid",
    "uri",
    "iri",
    "uri-reference",
    "iri-reference",
    "uri-template",
];

/// Checks that no path through `root` (into subschemas and along local
/// `$ref: "#/..."` pointers) is longer than `limit`; `Err` holds the JSON
/// Pointer where the limit was passed. Finished nodes are remembered (so
/// shared targets cost once) and a node already on the path counts as a
/// cycle (boon reports those itself); the recursion never goes deeper than
/// `limit`.
fn depth_within(root: &Value, limit: usize) -> Result<(), String> {
    use std::collections::{HashMap, HashSet};
    // An explicit stack (no recursion: a debug build's frames are large).
    struct Frame<'a> {
        node: &'a Value,
        token: String,
        children: Vec<(String, &'a Value)>,
        next: usize,
        best: usize,
    }
    fn children_of<'a>(root: &'a Value, v: &'a Value) -> Vec<(String, &'a Value)> {
        let nested = |c: &Value| c.is_object() || c.is_array();
        match v {
            Value::Object(o) => {
                let mut out: Vec<(String, &Value)> = o
                    .iter()
                    .filter(|(_, c)| nested(c))
                    .map(|(k, c)| (k.clone(), c))
                    .collect();
                if let Some(Value::String(r)) = o.get("$ref") {
                    if let Some(target) = r.strip_prefix('#').and_then(|p| pointer(root, p)) {
                        out.push(("$ref".into(), target));
                    }
                }
                out
            }
            Value::Array(a) => a
                .iter()
                .enumerate()
                .filter(|(_, c)| nested(c))
                .map(|(i, c)| (i.to_string(), c))
                .collect(),
            _ => Vec::new(),
        }
    }
    let too_deep = |stack: &[Frame<'_>]| -> String {
        stack
            .iter()
            .skip(1)
            .map(|f| format!("/{}", f.token.replace('~', "~0").replace('/', "~1")))
            .collect()
    };
    let id = |v: &Value| v as *const Value as usize;
    let mut done: HashMap<usize, usize> = HashMap::new();
    let mut on_path: HashSet<usize> = HashSet::from([id(root)]);
    let mut stack = vec![Frame {
        node: root,
        token: String::new(),
        children: children_of(root, root),
        next: 0,
        best: 0,
    }];
    while let Some(top) = stack.last_mut() {
        if top.next == top.children.len() {
            let f = stack.pop().expect("a frame");
            on_path.remove(&id(f.node));
            done.insert(id(f.node), f.best);
            if let Some(parent) = stack.last_mut() {
                parent.best = parent.best.max(f.best + 1);
            }
            continue;
        }
        let (token, child) = top.children[top.next].clone();
        top.next += 1;
        let depth = stack.len(); // the child's depth
        if let Some(&d) = done.get(&id(child)) {
            if depth + d > limit {
                let mut p = too_deep(&stack);
                p.push_str(&format!("/{}", token.replace('~', "~0").replace('/', "~1")));
                return Err(p);
            }
            let top = stack.last_mut().expect("a frame");
            top.best = top.best.max(d + 1);
            continue;
        }
        if on_path.contains(&id(child)) {
            continue; // a cycle: boon reports it
        }
        let frame = Frame {
            node: child,
            token,
            children: children_of(root, child),
            next: 0,
            best: 0,
        };
        stack.push(frame);
        if depth > limit {
            return Err(too_deep(&stack));
        }
        on_path.insert(id(child));
    }
    Ok(())
}

/// A JSON Pointer (percent-decoded as a URI fragment) into `root`.
fn pointer<'a>(root: &'a Value, fragment: &str) -> Option<&'a Value> {
    if fragment.is_empty() {
        return Some(root);
    }
    if !fragment.contains('%') {
        return root.pointer(fragment);
    }
    let bytes = fragment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    root.pointer(&String::from_utf8(out).ok()?)
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// boon's message, with our placeholder base URL taken out.
fn compile_message(e: &boon::CompileError) -> String {
    format!("{e:#}").replace(SCHEMA_BASE, "schema")
}

fn from_compile(e: &boon::CompileError) -> SchemaError {
    if let boon::CompileError::LoadUrlError { url, .. } | boon::CompileError::UnsupportedUrlScheme { url } = e {
        let url = url.replace(SCHEMA_BASE, "schema");
        return SchemaError {
            path: String::new(),
            message: format!(
                "$ref names {url}, which is neither a metaschema nor in the resources given; nothing is fetched: pass the document in `resources`"
            ),
        };
    }
    let path = match e {
        boon::CompileError::ValidationError { src, .. } => {
            // The first failing place in the schema document.
            issues_of(src)
                .into_iter()
                .next()
                .map(|i| i.instance_location)
                .unwrap_or_default()
        }
        boon::CompileError::InvalidRegex { url, .. }
        | boon::CompileError::InvalidJsonPointer(url)
        | boon::CompileError::JsonPointerNotFound(url)
        | boon::CompileError::ParseAnchorError { loc: url }
        | boon::CompileError::ParseIdError { loc: url } => {
            url.split_once('#').map(|(_, p)| p.to_string()).unwrap_or_default()
        }
        _ => String::new(),
    };
    SchemaError {
        path,
        message: compile_message(e),
    }
}

// The keyword path boon's basic output gives each error, in the same walk.
fn issues_of(root: &ValidationError<'_, '_>) -> Vec<SchemaIssue> {
    let basic = root.basic_output();
    let units: Vec<String> = match &basic.error {
        boon::OutputError::Branch(list) => list.iter().map(|u| u.keyword_location.clone()).collect(),
        boon::OutputError::Leaf(_) => Vec::new(),
    };
    let mut out = Vec::new();
    let mut next_unit = 0usize;
    walk(root, &units, &mut next_unit, &mut out);
    out
}

// Same order and skip rule as boon's basic output (pre-order; a `$ref` with a
// single cause and the per-schema wrappers are not units of their own).
fn walk(e: &ValidationError<'_, '_>, units: &[String], next: &mut usize, out: &mut Vec<SchemaIssue>) {
    let skipped = (e.causes.len() == 1 && matches!(e.kind, ErrorKind::Reference { .. }))
        || matches!(e.kind, ErrorKind::Schema { .. });
    let mut keyword_location = String::new();
    if !skipped {
        keyword_location = units.get(*next).cloned().unwrap_or_default();
        *next += 1;
        // boon 0.6 names this keyword "additionalProperty" in its output.
        if matches!(e.kind, ErrorKind::AdditionalProperties { .. }) {
            if let Some(head) = keyword_location.strip_suffix("/additionalProperty") {
                keyword_location = format!("{head}/additionalProperties");
            }
        }
    }
    if e.causes.is_empty() {
        if matches!(e.kind, ErrorKind::Group) {
            return;
        }
        let path: Vec<PathItem> = e
            .instance_location
            .tokens
            .iter()
            .map(|t| match t {
                InstanceToken::Prop(p) => PathItem::Key(p.to_string()),
                InstanceToken::Item(i) => PathItem::Index(*i),
            })
            .collect();
        out.push(SchemaIssue {
            path,
            instance_location: e.instance_location.to_string(),
            keyword_location,
            message: e.kind.to_string(),
        });
        return;
    }
    for c in &e.causes {
        walk(c, units, next, out);
    }
}

/// The issues as the reference formats Zod issues: `path.joined: message`
/// (`root` for the value itself), joined by `"; "`.
pub fn format_issues(issues: &[SchemaIssue]) -> String {
    let parts: Vec<String> = issues
        .iter()
        .map(|i| {
            let path = if i.path.is_empty() {
                "root".to_string()
            } else {
                i.path.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(".")
            };
            format!("{path}: {}", i.message)
        })
        .collect();
    parts.join("; ")
}
