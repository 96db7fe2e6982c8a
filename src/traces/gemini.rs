//! Google Gemini: a `generateContent` response (`candidates[].content.parts`),
//! a `contents` list (`{ role: "user" | "model", parts }`), and
//! `streamGenerateContent` chunks, including Vertex AI's streamed arguments.
//!
//! Reference: the Gemini API reference, `Part.functionCall { id?, name, args? }`
//! (`args` optional: absent means no arguments) and `Part.functionResponse
//! { id?, name, response }`; `FunctionCall.partialArgs[{ jsonPath,
//! stringValue | numberValue | boolValue | nullValue, willContinue }]` with
//! `FunctionCall.willContinue` (Vertex AI, `streamFunctionCallArguments`): a
//! call opens with `{ name, willContinue: true }`, its arguments follow as
//! partial args (string pieces for one `jsonPath` are concatenated), and an
//! empty `functionCall {}` closes it.
//!
//! Responses without an `id` are joined to the first earlier call of the same
//! name that has no result yet.

use super::record::{arr, obj, s, Args, Builder, CallIn, CallKind};
use super::typed::{present, Str};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use std::borrow::Borrow;

/// Reads a response (`{ candidates }`), a contents list, or `{ contents }`.
pub(crate) fn read(v: &Value, b: &mut Builder) {
    match v {
        Value::Array(contents) => read_contents(contents, b),
        _ if v.get("contents").is_some_and(Value::is_array) => read_contents(arr(v, "contents"), b),
        _ => {
            let candidates = arr(v, "candidates");
            if candidates.len() > 1 {
                b.diag(
                    "MULTIPLE_CHOICES",
                    "candidates".into(),
                    format!(
                        "{} alternative candidates; only candidates[0] is read",
                        candidates.len()
                    ),
                );
            }
            if let Some(reason) = v.get("promptFeedback").and_then(|f| s(f, "blockReason")) {
                b.error(format!("prompt blocked: {reason}"));
            }
            b.begin_turn();
            if let Some(c) = candidates.first() {
                parts(
                    c.get("content").map_or(&[], |c| arr(c, "parts")),
                    "candidates[0].content.parts",
                    b,
                );
            }
        }
    }
}

fn read_contents(contents: &[Value], b: &mut Builder) {
    for (i, c) in contents.iter().enumerate() {
        let path = format!("[{i}].parts");
        match s(c, "role") {
            Some("model") => {
                b.begin_turn();
                parts(arr(c, "parts"), &path, b);
            }
            role => {
                let ps = arr(c, "parts");
                let text: String = ps.iter().filter_map(|p| s(p, "text")).collect();
                if ps.iter().any(|p| p.get("text").is_some()) {
                    b.other_message(role.unwrap_or("user"), text);
                }
                for (j, p) in ps.iter().enumerate() {
                    if let Some(r) = p.get("functionResponse") {
                        response(r, &format!("{path}[{j}].functionResponse"), b);
                    }
                }
            }
        }
    }
}

fn parts(list: &[Value], path: &str, b: &mut Builder) {
    for (j, p) in list.iter().enumerate() {
        if p.get("thought").and_then(Value::as_bool) == Some(true) {
            continue;
        }
        if let Some(t) = s(p, "text") {
            b.text(t);
        }
        if let Some(fc) = p.get("functionCall") {
            match s(fc, "name") {
                Some(name) => b.call(
                    CallIn::new(name, Args::from_value(fc.get("args")), s(fc, "id"), CallKind::Function),
                    &format!("{path}[{j}].functionCall"),
                ),
                None => b.diag(
                    "MALFORMED_CALL",
                    format!("{path}[{j}].functionCall.name"),
                    "not a string; call skipped".into(),
                ),
            }
        }
        if let Some(r) = p.get("functionResponse") {
            response(r, &format!("{path}[{j}].functionResponse"), b);
        }
    }
}

fn response(r: &Value, path: &str, b: &mut Builder) {
    let out = r.get("response").cloned().unwrap_or(Value::Null);
    let is_error = out.get("error").map(|_| true);
    b.result(s(r, "id"), s(r, "name"), out, is_error, path);
}

/// A content of a list, typed (see [`super::typed`]): the fields
/// [`read_contents`] reads, with the same meaning.
#[derive(Deserialize)]
pub(crate) struct Content<'a> {
    #[serde(borrow)]
    role: Option<Str<'a>>,
    #[serde(borrow)]
    parts: Option<Vec<Part<'a>>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Part<'a> {
    thought: Option<bool>,
    /// Present even as `null` (a user content with a `text` key is a message).
    #[serde(default, deserialize_with = "present")]
    text: Option<Value>,
    #[serde(borrow, default, deserialize_with = "present")]
    function_call: Option<Call<'a>>,
    #[serde(borrow, default, deserialize_with = "present")]
    function_response: Option<Response<'a>>,
}

#[derive(Deserialize)]
struct Call<'a> {
    #[serde(borrow)]
    id: Option<Str<'a>>,
    #[serde(borrow)]
    name: Option<Str<'a>>,
    args: Option<Value>,
}

#[derive(Deserialize)]
struct Response<'a> {
    #[serde(borrow)]
    id: Option<Str<'a>>,
    #[serde(borrow)]
    name: Option<Str<'a>>,
    response: Option<Value>,
}

/// [`read_contents`] over typed contents.
pub(crate) fn read_contents_typed<'a>(contents: &mut dyn Iterator<Item = Content<'a>>, b: &mut Builder) {
    for (i, c) in contents.enumerate() {
        let ps = c.parts.unwrap_or_default();
        if c.role.as_deref() == Some("model") {
            b.begin_turn();
            for (j, p) in ps.into_iter().enumerate() {
                if p.thought == Some(true) {
                    continue;
                }
                if let Some(Value::String(t)) = &p.text {
                    b.text(t);
                }
                if let Some(fc) = p.function_call {
                    match fc.name.as_deref() {
                        Some(name) => b.call_at(
                            CallIn::new(name, Args::from_owned(fc.args), fc.id.as_deref(), CallKind::Function),
                            || format!("[{i}].parts[{j}].functionCall"),
                        ),
                        None => b.diag(
                            "MALFORMED_CALL",
                            format!("[{i}].parts[{j}].functionCall.name"),
                            "not a string; call skipped".into(),
                        ),
                    }
                }
                if let Some(r) = p.function_response {
                    response_typed(r, i, j, b);
                }
            }
            continue;
        }
        let text: String = ps
            .iter()
            .filter_map(|p| p.text.as_ref().and_then(Value::as_str))
            .collect();
        if ps.iter().any(|p| p.text.is_some()) {
            b.other_message(c.role.as_deref().unwrap_or("user"), text);
        }
        for (j, p) in ps.into_iter().enumerate() {
            if let Some(r) = p.function_response {
                response_typed(r, i, j, b);
            }
        }
    }
}

fn response_typed(r: Response, i: usize, j: usize, b: &mut Builder) {
    let out = r.response.unwrap_or(Value::Null);
    let is_error = out.get("error").map(|_| true);
    let path = || format!("[{i}].parts[{j}].functionResponse");
    b.result_at(r.id.as_deref(), r.name.as_deref(), out, is_error, path);
}

/// A call being streamed with partial arguments.
struct Streaming {
    call: Map<String, Value>,
    args: Value,
    /// The `jsonPath` whose string is still being continued.
    continuing: Option<String>,
}

/// Merges the chunks' `candidates[0].content.parts` into one response and
/// reads it. A streamed call still open at the end is dropped and reported.
pub(crate) fn read_stream<E: Borrow<Value>>(events: impl Iterator<Item = E>, b: &mut Builder) {
    let mut out: Vec<Value> = Vec::new();
    let mut open: Option<Streaming> = None;
    let mut finished = false;
    for ev in events {
        let ev = ev.borrow();
        let Some(c) = arr(ev, "candidates").first() else {
            continue;
        };
        finished |= c.get("finishReason").is_some();
        for p in c.get("content").map_or(&[][..], |c| arr(c, "parts")) {
            let Some(fc) = p.get("functionCall").and_then(Value::as_object) else {
                out.push(p.clone());
                continue;
            };
            let continues = fc.get("willContinue").and_then(Value::as_bool) == Some(true);
            if fc.contains_key("name") {
                if let Some(done) = open.take() {
                    out.push(close(done));
                }
                if continues {
                    let mut call = fc.clone();
                    call.remove("willContinue");
                    let args = call.remove("args").unwrap_or_else(|| json!({}));
                    open = Some(Streaming {
                        call,
                        args,
                        continuing: None,
                    });
                    apply_partials(open.as_mut(), fc);
                } else {
                    out.push(obj([("functionCall", Value::Object(fc.clone()))]));
                }
            } else if let Some(o) = open.as_mut() {
                apply_partials(Some(o), fc);
                if !continues {
                    out.push(close(open.take().expect("open call")));
                }
            } else if !fc.is_empty() {
                b.diag(
                    "IGNORED",
                    "events".into(),
                    "partial arguments without an open call; skipped".into(),
                );
            }
        }
    }
    let mut dropped = Vec::new();
    if let Some(o) = open {
        dropped.push(s(&Value::Object(o.call), "name").unwrap_or("?").to_owned());
    }
    if !finished || !dropped.is_empty() {
        b.diag(
            "STREAM_INCOMPLETE",
            "events".into(),
            format!("the stream ended without a finishReason; unfinished calls dropped: {dropped:?}"),
        );
    }
    read(
        &obj([(
            "candidates",
            Value::Array(vec![obj([(
                "content",
                obj([("role", "model".into()), ("parts", Value::Array(out))]),
            )])]),
        )]),
        b,
    );
}

fn close(o: Streaming) -> Value {
    let mut call = o.call;
    call.insert("args".into(), o.args);
    obj([("functionCall", Value::Object(call))])
}

fn apply_partials(o: Option<&mut Streaming>, fc: &Map<String, Value>) {
    let Some(o) = o else { return };
    for pa in fc.get("partialArgs").and_then(Value::as_array).into_iter().flatten() {
        let Some(path) = s(pa, "jsonPath") else { continue };
        let more = pa.get("willContinue").and_then(Value::as_bool) == Some(true);
        let value = if let Some(v) = pa.get("stringValue").and_then(Value::as_str) {
            // A continued string grows in place (no copy per piece).
            if o.continuing.as_deref() == Some(path) {
                if let Some(Value::String(prev)) = get_path_mut(&mut o.args, path) {
                    prev.push_str(v);
                    o.continuing = more.then(|| path.to_owned());
                    continue;
                }
            }
            Value::String(v.to_owned())
        } else if let Some(n) = pa.get("numberValue") {
            n.clone()
        } else if let Some(v) = pa.get("boolValue") {
            v.clone()
        } else {
            Value::Null
        };
        set_path(&mut o.args, path, value);
        o.continuing = more.then(|| path.to_owned());
    }
}

/// The steps of a JSON path `$.a.b[0]['c']` (names and indices only).
fn steps(path: &str) -> Vec<Result<String, usize>> {
    let mut out = Vec::new();
    let rest = path.strip_prefix('$').unwrap_or(path);
    let mut chars = rest.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '.' => {
                let mut name = String::new();
                while let Some(&c) = chars.peek() {
                    if c == '.' || c == '[' {
                        break;
                    }
                    name.push(c);
                    chars.next();
                }
                out.push(Ok(name));
            }
            '[' => {
                let mut inner = String::new();
                for c in chars.by_ref() {
                    if c == ']' {
                        break;
                    }
                    inner.push(c);
                }
                let quoted = inner.trim_matches(|c| c == '\'' || c == '"');
                match inner.parse::<usize>() {
                    Ok(i) => out.push(Err(i)),
                    Err(_) => out.push(Ok(quoted.to_owned())),
                }
            }
            _ => {}
        }
    }
    out
}

fn get_path_mut<'v>(v: &'v mut Value, path: &str) -> Option<&'v mut Value> {
    steps(path).into_iter().try_fold(v, |cur, st| match st {
        Ok(name) => cur.get_mut(name.as_str()),
        Err(i) => cur.get_mut(i),
    })
}

fn set_path(v: &mut Value, path: &str, value: Value) {
    let mut cur = v;
    let st = steps(path);
    for (k, step) in st.iter().enumerate() {
        let last = k + 1 == st.len();
        let fresh = || match st.get(k + 1) {
            Some(Err(_)) => json!([]),
            _ => json!({}),
        };
        cur = match step {
            Ok(name) => {
                if !cur.is_object() {
                    *cur = json!({});
                }
                let m = cur.as_object_mut().expect("object");
                let slot = m.entry(name.clone()).or_insert_with(fresh);
                if last {
                    *slot = value;
                    return;
                }
                slot
            }
            Err(i) => {
                if !cur.is_array() {
                    *cur = json!([]);
                }
                let a = cur.as_array_mut().expect("array");
                while a.len() <= *i {
                    a.push(Value::Null);
                }
                if last {
                    a[*i] = value;
                    return;
                }
                if a[*i].is_null() {
                    a[*i] = fresh();
                }
                &mut a[*i]
            }
        };
    }
    *cur = value;
}
