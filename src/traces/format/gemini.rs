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

use super::StreamReader;
use crate::traces::input::{each, Doc};
use crate::traces::lenient::{lenient, Field, Seq, Str};
use crate::traces::record::{obj, s, Args, CallIn, CallKind, Loc, TraceBuilder};
use serde_json::{json, Map, Value};

lenient! {
    /// A response.
    struct GeminiDoc<'a> {
        candidates: Seq<GeminiCandidate<'a>> = "candidates",
        prompt_feedback: Field<GeminiFeedback<'a>> = "promptFeedback",
        model_version: Str<'a> = "modelVersion",
        usage: Field<GeminiUsage> = "usageMetadata",
    }
    /// `usageMetadata`: the prompt's and the candidates' token counts.
    struct GeminiUsage {
        prompt_token_count: Field<u64> = "promptTokenCount",
        candidates_token_count: Field<u64> = "candidatesTokenCount",
    }
    struct GeminiFeedback<'a> { block_reason: Str<'a> = "blockReason" }
    struct GeminiCandidate<'a> { content: Field<GeminiContent<'a>> = "content" }
    struct GeminiContent<'a> { role: Str<'a> = "role", parts: Seq<GeminiPart<'a>> = "parts" }
    struct GeminiPart<'a> {
        thought: Field<bool> = "thought",
        text: Str<'a> = "text",
        function_call: Field<GeminiFunctionCall<'a>> = "functionCall",
        function_response: Field<GeminiFunctionResponse<'a>> = "functionResponse",
    }
    struct GeminiFunctionCall<'a> { id: Str<'a> = "id", name: Str<'a> = "name", args: Field<Value> = "args" }
    struct GeminiFunctionResponse<'a> {
        id: Str<'a> = "id",
        name: Str<'a> = "name",
        response: Field<Value> = "response",
    }
}

/// Reads a response (`{ candidates }`), a contents list, or `{ contents }`.
/// Usage: `usageMetadata.promptTokenCount` and `candidatesTokenCount` (as
/// the AI SDK reads them: thoughts are not output tokens); the model:
/// `modelVersion`.
pub(crate) fn read(doc: Doc, b: &mut TraceBuilder) {
    b.provider_of_format("google");
    if let Some(contents) = doc.list("contents").or(doc.is_list().then_some(doc)) {
        return read_contents(contents, b);
    }
    // One Content alone (e.g. a response's `candidates[0].content`).
    if doc.member("parts").is_some() && doc.member("candidates").is_none() {
        return content(doc.parse(b), &Loc::Root(""), b);
    }
    let d: GeminiDoc = doc.parse(b);
    b.model(d.model_version.str());
    if let Some(u) = d.usage.get() {
        let (input, output) = (
            (&u.prompt_token_count, "promptTokenCount"),
            (&u.candidates_token_count, "candidatesTokenCount"),
        );
        b.usage("usageMetadata", input, output);
    }
    let present = d.candidates.present();
    let candidates = d.candidates.into_items();
    if let n @ 2.. = candidates.len() {
        let msg = format!("{n} alternative candidates; only candidates[0] is read");
        b.diag("MULTIPLE_CHOICES", "candidates", msg);
    }
    if let Some(reason) = d.prompt_feedback.get().and_then(|f| f.block_reason.str()) {
        b.error(format!("prompt blocked: {reason}"));
    }
    // A model turn only from a response with `candidates` (an object without
    // is nothing read, even when this format is asked for).
    if !present {
        return;
    }
    b.begin_turn();
    if let Some(c) = candidates.into_iter().next() {
        let parts = c.content.or_default().parts.into_items();
        let at = Loc::Root("candidates").i(0);
        model_parts(parts, &at.k("content").k("parts"), b);
    }
}

fn read_contents(contents: Doc, b: &mut TraceBuilder) {
    each(contents, b, |i, c: GeminiContent, b| content(c, &Loc::Root("").i(i), b));
}

/// One `Content` (`{ role, parts }`) of a list, or alone.
fn content(c: GeminiContent, at: &Loc, b: &mut TraceBuilder) {
    let at = at.k("parts");
    let parts = c.parts.into_items();
    if c.role.str() == Some("model") {
        b.begin_turn();
        return model_parts(parts, &at, b);
    }
    if parts.iter().any(|p| p.text.present()) {
        let text: String = parts.iter().filter_map(|p| p.text.str()).collect();
        b.other_message(c.role.str().unwrap_or("user"), text);
    }
    for (j, p) in parts.into_iter().enumerate() {
        if p.function_response.present() {
            response(p.function_response, &at.i(j), b);
        }
    }
}

fn model_parts(parts: Vec<GeminiPart>, at: &Loc, b: &mut TraceBuilder) {
    for (j, p) in parts.into_iter().enumerate() {
        if p.thought.get() == Some(&true) {
            continue;
        }
        let at = at.i(j);
        if let Some(t) = p.text.str() {
            b.text(t);
        }
        if p.function_call.present() {
            let fc = p.function_call.or_default();
            let at = at.k("functionCall");
            match fc.name.str() {
                Some(name) => {
                    let args = Args::from_value(fc.args.into_option());
                    b.call(CallIn::new(name, args, fc.id.str(), CallKind::Function), &at);
                }
                None => b.nameless(at.k("name")),
            }
        }
        if p.function_response.present() {
            response(p.function_response, &at, b);
        }
    }
}

fn response(r: Field<GeminiFunctionResponse>, at: &Loc, b: &mut TraceBuilder) {
    let r = r.or_default();
    let out = r.response.or_null();
    let is_error = out.get("error").map(|_| true);
    b.result(r.id.str(), r.name.str(), out, is_error, &at.k("functionResponse"));
}

lenient! {
    /// A stream chunk: the first candidate's parts are read.
    pub(crate) struct GeminiChunk {
        candidates: Seq<ChunkCandidate> = "candidates",
        model_version: Field<Value> = "modelVersion",
        usage: Field<Value> = "usageMetadata",
    }
    struct ChunkCandidate { finish_reason: Field<Value> = "finishReason", content: Field<ChunkContent> = "content" }
    struct ChunkContent { parts: Seq<Value> = "parts" }
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
#[derive(Default)]
pub(crate) struct GeminiStream {
    out: Vec<Value>,
    open: Option<Streaming>,
    finished: bool,
    /// The latest chunk's `modelVersion` and `usageMetadata` (cumulative).
    model: Option<Value>,
    usage: Option<Value>,
}

impl StreamReader for GeminiStream {
    type Event<'e> = GeminiChunk;

    fn event(&mut self, _: usize, ev: GeminiChunk, _: Doc, b: &mut TraceBuilder) {
        for (slot, v) in [(&mut self.model, ev.model_version), (&mut self.usage, ev.usage)] {
            if let Field::Is(v) = v {
                *slot = Some(v).filter(|v| !v.is_null());
            }
        }
        let Some(c) = ev.candidates.into_items().into_iter().next() else {
            return;
        };
        self.finished |= c.finish_reason.present();
        for p in c.content.or_default().parts.into_items() {
            match function_call(p) {
                Ok(fc) => self.call(fc, b),
                Err(p) => self.out.push(p),
            }
        }
    }

    fn end(self, b: &mut TraceBuilder) {
        let dropped: Vec<&str> = self
            .open
            .iter()
            .map(|o| o.call.get("name").and_then(Value::as_str).unwrap_or("?"))
            .collect();
        if !self.finished || !dropped.is_empty() {
            let msg = format!("the stream ended without a finishReason; unfinished calls dropped: {dropped:?}");
            b.incomplete(msg);
        }
        let content = obj([("role", "model".into()), ("parts", Value::Array(self.out))]);
        let mut response = obj([("candidates", Value::Array(vec![obj([("content", content)])]))]);
        for (key, v) in [("modelVersion", self.model), ("usageMetadata", self.usage)] {
            if let Some(v) = v {
                response[key] = v;
            }
        }
        read(Doc::Value(&response), b);
    }
}

/// The part's `functionCall` object, or the part itself when it has none.
fn function_call(p: Value) -> Result<Map<String, Value>, Value> {
    let Value::Object(mut part) = p else { return Err(p) };
    match part.remove("functionCall") {
        Some(Value::Object(fc)) => Ok(fc),
        Some(other) => {
            part.insert("functionCall".into(), other);
            Err(Value::Object(part))
        }
        None => Err(Value::Object(part)),
    }
}

impl GeminiStream {
    /// A `functionCall` part: a whole call, a call opening (`willContinue`),
    /// or partial arguments of the open call (an empty one closes it).
    fn call(&mut self, mut fc: Map<String, Value>, b: &mut TraceBuilder) {
        let continues = fc.get("willContinue").and_then(Value::as_bool) == Some(true);
        let partials = fc.remove("partialArgs");
        if fc.contains_key("name") {
            if let Some(done) = self.open.take() {
                self.out.push(done.close());
            }
            if !continues {
                return self.out.push(obj([("functionCall", Value::Object(fc))]));
            }
            fc.remove("willContinue");
            let args = fc.remove("args").unwrap_or_else(|| json!({}));
            let open = self.open.insert(Streaming {
                call: fc,
                args,
                continuing: None,
            });
            open.apply(partials.as_ref());
        } else if let Some(o) = self.open.as_mut() {
            o.apply(partials.as_ref());
            if !continues {
                let done = self.open.take().map(Streaming::close);
                self.out.extend(done);
            }
        } else if !fc.is_empty() || partials.is_some() {
            let msg = "partial arguments without an open call; skipped".into();
            b.diag("IGNORED", "events", msg);
        }
    }
}

impl Streaming {
    fn close(self) -> Value {
        let mut call = self.call;
        call.insert("args".into(), self.args);
        obj([("functionCall", Value::Object(call))])
    }

    fn apply(&mut self, partials: Option<&Value>) {
        for pa in partials.and_then(Value::as_array).into_iter().flatten() {
            let Some(path) = s(pa, "jsonPath") else { continue };
            let more = pa.get("willContinue").and_then(Value::as_bool) == Some(true);
            let value = if let Some(v) = pa.get("stringValue").and_then(Value::as_str) {
                // A continued string grows in place (no copy per piece).
                if self.continuing.as_deref() == Some(path) {
                    if let Some(Value::String(prev)) = get_path_mut(&mut self.args, path) {
                        prev.push_str(v);
                        self.continuing = more.then(|| path.to_owned());
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
            set_path(&mut self.args, path, value);
            self.continuing = more.then(|| path.to_owned());
        }
    }
}

/// A step of a JSON path: a member name or an array index.
enum Step {
    Name(String),
    Index(usize),
}

/// The steps of a JSON path `$.a.b[0]['c']` (names and indices only).
fn steps(path: &str) -> Vec<Step> {
    let mut out = Vec::new();
    let mut rest = path.strip_prefix('$').unwrap_or(path);
    while let Some(c) = rest.chars().next() {
        rest = &rest[c.len_utf8()..];
        let end = match c {
            '.' => rest.find(['.', '[']),
            '[' => rest.find(']'),
            _ => continue,
        };
        let (inner, tail) = rest.split_at(end.unwrap_or(rest.len()));
        rest = if c == '[' { tail.get(1..).unwrap_or("") } else { tail };
        out.push(match (c, inner.parse()) {
            ('[', Ok(i)) => Step::Index(i),
            ('[', Err(_)) => Step::Name(inner.trim_matches(['\'', '"']).to_owned()),
            _ => Step::Name(inner.to_owned()),
        });
    }
    out
}

fn get_path_mut<'v>(v: &'v mut Value, path: &str) -> Option<&'v mut Value> {
    steps(path).into_iter().try_fold(v, |cur, step| match step {
        Step::Name(name) => cur.get_mut(name.as_str()),
        Step::Index(i) => cur.get_mut(i),
    })
}

/// Sets `path` in `v`, making the objects and arrays on the way.
fn set_path(v: &mut Value, path: &str, value: Value) {
    let steps = steps(path);
    let mut cur = v;
    for (k, step) in steps.iter().enumerate() {
        let fresh = match steps.get(k + 1) {
            Some(Step::Index(_)) => json!([]),
            _ => json!({}),
        };
        cur = match step {
            Step::Name(name) => {
                if !cur.is_object() {
                    *cur = json!({});
                }
                cur.as_object_mut()
                    .expect("object")
                    .entry(name.clone())
                    .or_insert(fresh)
            }
            Step::Index(i) => {
                if !cur.is_array() {
                    *cur = json!([]);
                }
                let a = cur.as_array_mut().expect("array");
                if a.len() <= *i {
                    a.resize(*i + 1, Value::Null);
                }
                if a[*i].is_null() && k + 1 < steps.len() {
                    a[*i] = fresh;
                }
                &mut a[*i]
            }
        };
    }
    *cur = value;
}
