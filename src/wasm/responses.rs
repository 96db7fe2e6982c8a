//! Tool-response exports (`@gleanwork/mcp-server-tester@1.1.0`): one per
//! JS function of `pkg-template/responses.js`, each over the one crossing of
//! the binding ([`super::parts`]: the arguments as JSON texts joined by
//! `\n`, in the extended form where a value needs it). A response crosses
//! as its `JSON.stringify` text, so its member order and number format carry
//! over (the reference's JSON fallbacks print them). Results come back as
//! JSON text.

use super::wire::host_index;
use super::{parts, to_js};
use crate::error::{MatcherError, Result};
use crate::reader::Reader;
use crate::responses::assertions::{
    read_case_sensitive, read_error_expectation, read_size_options, read_strings, truncate_for_display, validate_error,
    validate_response, validate_size, validate_text, Haystack,
};
use crate::responses::extract::{extract, extract_text, normalize, Text};
use crate::responses::matches_pattern::read_patterns;
use crate::responses::plan::{self, PlanOptions};
use crate::responses::run;
use crate::responses::{compare, dataset, judge, sanitize, snapshot, tools};
use crate::responses::{CompiledPatterns, BUILT_IN_SANITIZERS};
use crate::value::Val;
use serde::Serialize;
use serde_json::json;
use wasm_bindgen::prelude::*;

type Out = std::result::Result<String, JsValue>;

fn json_out<T: Serialize>(r: Result<T>) -> Out {
    r.and_then(|v| serde_json::to_string(&v).map_err(|e| MatcherError::invalid_argument("result", e.to_string())))
        .map_err(to_js)
}

/// `normalizeToolResponse(result)`: `payload` is the result's JSON text. Returns
/// `{"text", "isError", "blocks": [[index, type, text|null, mimeType|null, hasData]], "structured": bool}`.
#[wasm_bindgen(js_name = normalizeToolResponse)]
pub fn normalize_tool_response(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [result] = parts(payload, ext, ["result"])?;
        let n = normalize(&result, "result")?;
        let blocks: Vec<_> = n
            .blocks
            .iter()
            .map(|b| json!([b.index, b.kind, b.text, b.mime_type, b.data.is_some()]))
            .collect();
        Ok(json!({
            "text": n.text.into_string(),
            "isError": serde_json::Value::from(&n.is_error),
            "blocks": blocks,
            "structured": n.structured.is_some(),
        }))
    })())
}

/// `extractText(response)`: `payload` is the response's JSON text; `host`
/// holds its long text blocks when the payload left them in JavaScript
/// (`ext` has `HOST_STRINGS`). Then the text is composed there (the holder's
/// `text`) and the export returns `""`.
///
/// Errors: `INVALID_JSON` for a malformed payload; as [`compose_in_js`].
#[wasm_bindgen(js_name = extractText)]
pub fn extract_text_of(payload: &[u8], ext: u32, host: Option<HostTexts>) -> Out {
    (|| {
        let [response] = parts(payload, ext, ["response"])?;
        let text = extract(&response);
        Ok(match compose_in_js(&text, host.as_ref())? {
            Some(_) => String::new(),
            None => text.into_string(),
        })
    })()
    .map_err(to_js)
}

/// `validateResponse(actual, expected)`: `actual\nexpected`.
#[wasm_bindgen(js_name = validateResponse)]
pub fn validate_response_json(payload: &[u8], ext: u32) -> Out {
    json_out(parts(payload, ext, ["actual", "expected"]).map(|[a, e]| validate_response(&a, &e)))
}

#[wasm_bindgen]
extern "C" {
    /// The long texts one `validateText` or `extractText` call left in
    /// JavaScript (`pkg-template/responses.js` `HostTexts`; `src/wasm/wire.rs` `HOST_STRINGS`).
    pub type HostTexts;

    /// Makes the holder's `text`: `pieces` (strings, and numbers that index
    /// the texts left in JavaScript) concatenated in order. Returns its
    /// length in UTF-16 code units. Throws (a `RangeError`) past V8's
    /// longest string, as the reference's own `join` would.
    #[wasm_bindgen(method, catch)]
    fn compose(this: &HostTexts, pieces: js_sys::Array) -> std::result::Result<u32, JsValue>;

    /// `text.includes(needle)`; `fold`: `text.toLowerCase().includes(needle.toLowerCase())`
    /// (lowercasing may throw past V8's longest string).
    #[wasm_bindgen(method, catch)]
    fn includes(this: &HostTexts, needle: &str, fold: bool) -> std::result::Result<bool, JsValue>;

    /// `text.slice(0, units)`.
    #[wasm_bindgen(method)]
    fn head(this: &HostTexts, units: u32) -> String;
}

/// What JavaScript threw while composing or searching a response's text, as
/// `UNSUPPORTED_VALUE` at `response` (the module's own state is untouched:
/// the import returned normally to Rust).
fn js_thrown(e: &JsValue) -> MatcherError {
    let why = js_sys::Error::from(e.clone()).message().as_string().unwrap_or_default();
    MatcherError::new(
        crate::error::ErrorCode::UnsupportedValue,
        "response",
        format!("the response's text cannot be made in JavaScript ({why})"),
    )
}

/// When `text` holds texts left in JavaScript, composes it there (`host`'s
/// `text`) and returns it as a [`Haystack`]; `None` when every piece is here.
///
/// Errors: `INVALID_ARGUMENT` at `response` when it holds such texts and
/// `host` is missing; `UNSUPPORTED_VALUE` at `response` when JavaScript
/// cannot make the text (longer than its longest string).
fn compose_in_js<'h>(text: &Text<'_>, host: Option<&'h HostTexts>) -> Result<Option<InJs<'h>>> {
    let marked = match text {
        Text::Lines(parts) => parts.iter().any(|p| host_index(p).is_some()),
        Text::One(s) => host_index(s).is_some(),
    };
    if !marked {
        return Ok(None);
    }
    let host = host.ok_or_else(|| {
        MatcherError::invalid_argument("response", "texts left in JavaScript arrived without their holder")
    })?;
    let list = js_sys::Array::new_with_length(0);
    for p in text.pieces() {
        match host_index(p) {
            Some(i) => list.push(&JsValue::from(i as u32)),
            None => list.push(&JsValue::from_str(p)),
        };
    }
    let len = host.compose(list).map_err(|e| js_thrown(&e))? as usize;
    Ok(Some(InJs {
        host,
        len,
        thrown: Default::default(),
    }))
}

/// A text composed in JavaScript from the texts a call left there, searched
/// there with `String#includes` (ECMA-262 §22.1.3.8), as the reference does:
/// nothing of it is copied into the module but its first 201 code units.
struct InJs<'h> {
    host: &'h HostTexts,
    len: usize,
    /// What a search threw (the check's result is then not used).
    thrown: std::cell::RefCell<Option<JsValue>>,
}

impl Haystack for InJs<'_> {
    fn contains_each(&self, needles: &[&str], case_sensitive: bool) -> Vec<bool> {
        let search = |n: &&str| {
            self.host.includes(n, !case_sensitive).unwrap_or_else(|e| {
                self.thrown.replace(Some(e));
                false
            })
        };
        needles.iter().map(search).collect()
    }

    fn utf16_len(&self) -> usize {
        self.len
    }

    fn preview(&self, max: usize) -> String {
        // One unit more than the preview keeps, so that a surrogate pair cut at `max` is seen whole.
        let units = u32::try_from(max.saturating_add(1)).unwrap_or(u32::MAX);
        truncate_for_display(&self.host.head(units), max)
    }
}

/// `validateText(response, expected, options)`: `response\nexpected\noptions`;
/// `host` holds the response's long text blocks when the payload left them
/// in JavaScript (`ext` has `HOST_STRINGS`).
///
/// Errors: as the other exports; `INVALID_ARGUMENT` at `response` when the
/// payload marks texts left in JavaScript and `host` is missing.
#[wasm_bindgen(js_name = validateText)]
pub fn validate_text_json(payload: &[u8], ext: u32, host: Option<HostTexts>) -> Out {
    json_out((|| {
        let [response, expected, options] = parts(payload, ext, ["response", "expected", "options"])?;
        let expected = read_strings(&Reader::new(Some(&expected), "expected"))?;
        let case_sensitive = read_case_sensitive(&Reader::new(Some(&options), "options"))?;
        let text = extract(&response);
        let Some(in_js) = compose_in_js(&text, host.as_ref())? else {
            return Ok(validate_text(text.into_string().as_str(), &expected, case_sensitive));
        };
        let result = validate_text(&in_js, &expected, case_sensitive);
        match in_js.thrown.take() {
            Some(e) => Err(js_thrown(&e)),
            None => Ok(result),
        }
    })())
}

/// `validatePattern(response, patterns, options)`: `response\npatterns\noptions`,
/// each pattern a string or a RegExp as `[source, flags]`.
#[wasm_bindgen(js_name = validatePattern)]
pub fn validate_pattern_json(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [response, patterns, options] = parts(payload, ext, ["response", "patterns", "options"])?;
        let case_sensitive = read_case_sensitive(&Reader::new(Some(&options), "options"))?;
        let list = read_patterns(&Reader::new(Some(&patterns), "patterns"))?;
        Ok(CompiledPatterns::new(&list, case_sensitive, "patterns")?.check(&extract_text(&response)))
    })())
}

/// `validateError(response, expected)`: `response\nexpected`.
#[wasm_bindgen(js_name = validateError)]
pub fn validate_error_json(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [response, expected] = parts(payload, ext, ["response", "expected"])?;
        Ok(validate_error(
            &response,
            &read_error_expectation(&Reader::new(Some(&expected), "expected"))?,
        ))
    })())
}

/// `getResponseSizeBytes(response)`: `kind\nresponse` (`kind` the value's
/// `typeof`, `"null"` for `null`; `response` the value's `JSON.stringify`
/// text). Returns the byte count (see `assertions::json_size_bytes`).
#[wasm_bindgen(js_name = getResponseSizeBytes)]
pub fn get_response_size_bytes(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [kind, response] = parts(payload, ext, ["kind", "response"])?;
        match kind.as_str() {
            Some("function" | "symbol") => Err(MatcherError::invalid_argument(
                "response",
                format!(
                    "expected a value JSON can print, got a {}",
                    kind.as_str().unwrap_or_default()
                ),
            )),
            Some("null" | "undefined") => Ok(0),
            Some("string") => Ok(crate::responses::assertions::json_size_bytes(&response)),
            // Anything else is measured as its JSON text: NaN as `null`, a Date as its quoted ISO string.
            _ => Ok(crate::responses::assertions::pretty_json_bytes(&response)),
        }
    })())
}

/// `normalizeWhitespace(text)`: `text` (a string); returns the text with
/// each run of white space one space, trimmed.
#[wasm_bindgen(js_name = normalizeWhitespace)]
pub fn normalize_whitespace(payload: &[u8], ext: u32) -> Out {
    let [text] = parts(payload, ext, ["text"]).map_err(to_js)?;
    let text = Reader::new(Some(&text), "text").str().map_err(to_js)?;
    Ok(crate::js::text::collapse_space(text))
}

/// `validateSize(response, options)`: `response\noptions`.
#[wasm_bindgen(js_name = validateSize)]
pub fn validate_size_json(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [response, options] = parts(payload, ext, ["response", "options"])?;
        let options = read_size_options(&Reader::new(Some(&options), "options"))?;
        Ok(validate_size(extract_text(&response).len(), options))
    })())
}

/// `validateToolCalls(response, expectation)`: `toolCalls\nexpectation\nargumentTexts`,
/// `toolCalls` the simulation result's list (`null` for a response that is
/// not one), `argumentTexts[i]` `JSON.stringify(expectation.calls[i].arguments)`
/// (printed in messages).
#[wasm_bindgen(js_name = validateToolCalls)]
pub fn validate_tool_calls_json(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [calls, expectation, texts] = parts(payload, ext, ["response.toolCalls", "expectation", "expectation"])?;
        let print = |i: usize, v: &Val<'_>| match &texts {
            Val::Arr(t) => match t.get(i) {
                Some(Val::Str(s)) => s.to_string(),
                _ => crate::value::print::stringify(v),
            },
            _ => crate::value::print::stringify(v),
        };
        let list = Reader::new(Some(&calls), "response.toolCalls");
        let actual = match calls {
            Val::Arr(_) => Some(crate::tool_calls::read_calls(&list, "name")?),
            _ => None,
        };
        let expectation = tools::read_tools_triggered(&Reader::new(Some(&expectation), "expectation"), &print)?;
        tools::validate_tool_calls(actual.as_deref(), &expectation)
    })())
}

/// `validateToolCallCount(response, options)`: `count\noptions`, `count`
/// the number of the simulation result's calls (`null`: not one).
#[wasm_bindgen(js_name = validateToolCallCount)]
pub fn validate_tool_call_count_json(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [count, options] = parts(payload, ext, ["response.toolCalls", "options"])?;
        let options = tools::read_count_options(&Reader::new(Some(&options), "options"))?;
        let count = match count {
            Val::Num(n) => Some(n as usize),
            _ => None,
        };
        Ok(tools::validate_tool_call_count(count, options))
    })())
}

/// `applySanitizers(response, sanitizers)`: `response\nsanitizers` (a
/// `RegExp` pattern as `[source, flags]`); returns the sanitized text of the
/// response (its `extractText`).
#[wasm_bindgen(js_name = applySanitizers)]
pub fn apply_sanitizers(payload: &[u8], ext: u32) -> Out {
    (|| -> Result<String> {
        let [response, list] = parts(payload, ext, ["response", "sanitizers"])?;
        let sanitizers = sanitize::read_sanitizers(&Reader::new(Some(&list), "sanitizers"))?;
        sanitize::CompiledSanitizers::new(&sanitizers, "sanitizers")?.apply(&extract_text(&response))
    })()
    .map_err(to_js)
}

/// `matchSnapshot(received, stored, sanitizers)`: `received\nstored\nsanitizers`;
/// returns the `{ pass, actual, expected, diff }` JSON text.
#[wasm_bindgen(js_name = matchSnapshot)]
pub fn match_snapshot(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [received, stored, list] = parts(payload, ext, ["received", "stored", "sanitizers"])?;
        let stored = Reader::new(Some(&stored), "stored");
        let stored = stored.given().map(|_| stored.str()).transpose()?;
        let list = sanitize::read_sanitizers(&Reader::new(Some(&list), "sanitizers"))?;
        let compiled = sanitize::CompiledSanitizers::new(&list, "sanitizers")?;
        snapshot::match_snapshot(&extract_text(&received), stored, &compiled)
    })())
}

// ---- evals.js: the judge, datasets and evaluateExpectations' plan ----

/// `BUILT_IN_RUBRICS` and `SnapshotSanitizers` (read once by the glue):
/// `{ "rubrics": [[name, text], ...], "sanitizers": [[key, name], ...] }`.
#[wasm_bindgen]
pub fn responses_constants() -> String {
    let sanitizers: Vec<_> = BUILT_IN_SANITIZERS.iter().map(|(key, name, _)| [key, name]).collect();
    json!({ "rubrics": judge::BUILT_IN_RUBRICS, "sanitizers": sanitizers }).to_string()
}

/// `resolveRubric(rubric)`: `rubric`; returns the text.
#[wasm_bindgen(js_name = resolveRubric)]
pub fn resolve_rubric(payload: &[u8], ext: u32) -> Out {
    let [rubric] = parts(payload, ext, ["rubric"]).map_err(to_js)?;
    judge::read_rubric(&Reader::new(Some(&rubric), "rubric"))
        .map(str::to_string)
        .map_err(to_js)
}

/// `buildJudgePrompt(candidate, reference, rubric)`: `candidate\nreference\nrubric`
/// (`rubric` a built-in name, `{ text }`, or the rubric text); returns the prompt.
#[wasm_bindgen(js_name = buildJudgePrompt)]
pub fn build_judge_prompt(payload: &[u8], ext: u32) -> Out {
    let [candidate, reference, rubric] = parts(payload, ext, ["candidate", "reference", "rubric"]).map_err(to_js)?;
    let text = match &rubric {
        Val::Str(s) if !s.is_empty() && !judge::is_built_in_rubric(s) => s.as_ref(),
        _ => judge::read_rubric(&Reader::new(Some(&rubric), "rubric")).map_err(to_js)?,
    };
    let reference = Reader::new(Some(&reference), "reference")
        .given()
        .map(judge::judge_text);
    Ok(judge::build_judge_prompt(
        &judge::judge_text(&candidate),
        reference.as_deref(),
        text,
    ))
}

/// `parseJudgeVerdict(text)`: `text` (a string); returns `{ pass, score, reasoning }`.
#[wasm_bindgen(js_name = parseJudgeVerdict)]
pub fn parse_judge_verdict(payload: &[u8], ext: u32) -> Out {
    json_out(parts(payload, ext, ["verdict"]).and_then(|[text]| {
        let not_text = || Reader::new(Some(&text), "verdict").error("expected the model's reply as a string");
        judge::parse_verdict(text.as_str().ok_or_else(not_text)?)
    }))
}

/// A dataset check's answer: `null` (valid), or the refusal `{ code, path,
/// message, issues: [{ path, message, code }] }` for the glue to throw (a
/// `MatcherError` carrying zod-shaped `issues`).
fn refusal_out(checked: std::result::Result<(), dataset::Refusal>) -> Out {
    json_out(Ok(match checked {
        Ok(()) => serde_json::Value::Null,
        Err(r) => json!({
            "code": r.error.code.as_str(),
            "path": r.error.path,
            "message": r.error.message,
            "issues": [r.issue],
        }),
    }))
}

/// `validateEvalDataset(json)`: `dataset`; returns `null` or the refusal (see [`refusal_out`]).
#[wasm_bindgen(js_name = validateEvalDataset)]
pub fn validate_eval_dataset(payload: &[u8], ext: u32) -> Out {
    let [d] = parts(payload, ext, ["dataset"]).map_err(to_js)?;
    refusal_out(dataset::check_dataset(&Reader::new(Some(&d), "")))
}

/// `validateEvalCase(evalCase)`: `evalCase`; returns `null` or the refusal (see [`refusal_out`]).
#[wasm_bindgen(js_name = validateEvalCase)]
pub fn validate_eval_case(payload: &[u8], ext: u32) -> Out {
    let [c] = parts(payload, ext, ["evalCase"]).map_err(to_js)?;
    refusal_out(dataset::check_case(&Reader::new(Some(&c), "")))
}

/// The plan's options: a case's `judgeReps` and `canonicalAnswer` (a string).
fn plan_options<'v>(reps: &'v Val<'v>, canonical: &'v Val<'v>, predicate: bool) -> Result<PlanOptions<'v>> {
    let c = Reader::new(Some(canonical), "canonicalAnswer").as_option();
    c.opt_str()?;
    let judge_reps = judge::read_reps(&Reader::new(Some(reps), "judgeReps"))?;
    Ok(PlanOptions {
        judge_reps,
        canonical: c.given(),
        predicate,
    })
}

/// `evaluateExpectations`' plan: `expect\nresponse\njudgeReps\ncanonicalAnswer\npredicate`
/// (`predicate`: whether the block holds a function). Returns `[[key, step], ...]`
/// (see [`plan::Step`]).
#[wasm_bindgen]
pub fn plan_expectations(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let names = ["expect", "response", "judgeReps", "canonicalAnswer", "predicate"];
        let [expect, response, reps, canonical, predicate] = parts(payload, ext, names)?;
        let o = plan_options(&reps, &canonical, matches!(predicate, Val::Bool(true)))?;
        plan::plan(&Reader::new(Some(&expect), "expect"), &response, &o)
    })())
}

/// `validateJudge`'s step: `config\nresponse\njudgeReps\ncanonicalAnswer`;
/// returns `{ model: { prompt, rubric, reps, threshold, provider, model? } }`,
/// `{ named: { name, threshold } }`, or `{ done: result }` (a config with
/// neither `judge` nor `rubric`: a failed result, as the reference).
#[wasm_bindgen]
pub fn plan_judge(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [config, response, reps, canonical] =
            parts(payload, ext, ["config", "response", "judgeReps", "canonicalAnswer"])?;
        let o = plan_options(&reps, &canonical, false)?;
        let config = Reader::new(Some(&config), "config");
        if let Some(done) = judge::missing_judge(&config) {
            return Ok(json!({ "done": done }));
        }
        let step = judge::judge_step(&config, &judge::judge_text(&response), o.canonical, o.judge_reps)?;
        serde_json::to_value(step).map_err(|e| MatcherError::invalid_argument("result", e.to_string()))
    })())
}

/// A judge step as the glue hands it back: its kind, name, threshold, provider and model are read.
fn read_judge_step<'v>(r: &Reader<'_, 'v>) -> Result<judge::JudgeWho<'v>> {
    let named = r.field("named");
    let step = if named.given().is_some() {
        named
    } else {
        r.field("model")
    };
    Ok(judge::JudgeWho {
        named: named.given().map(|_| named.field("name").str()).transpose()?,
        threshold: step.field("threshold").opt_number("a number")?.unwrap_or_default(),
        provider: step.field("provider").opt_str()?.unwrap_or("anthropic"),
        model: step.field("model").opt_str()?,
    })
}

/// What a judge gave: `null` (none supplied), `{ error }`, or `{ verdicts:
/// [{ score, reasoning? }] }`; verdicts that do not read are an error outcome.
fn read_outcome(r: &Reader<'_, '_>) -> Result<judge::JudgeOutcome> {
    if r.given().is_none() {
        return Ok(judge::JudgeOutcome::Missing);
    }
    if let Some(e) = r.field("error").opt_str()? {
        return Ok(judge::JudgeOutcome::Error(e.to_string()));
    }
    let verdicts = r
        .field("verdicts")
        .items("an array of verdicts { score, reasoning? }", |v| {
            let score = v.field("score");
            let n = score
                .opt_number("a finite number")?
                .ok_or_else(|| score.bad("a finite number"))?;
            Ok((n, v.field("reasoning").opt_str()?.unwrap_or_default().to_string()))
        });
    Ok(verdicts.map_or_else(|e| judge::JudgeOutcome::Error(e.message), judge::JudgeOutcome::Verdicts))
}

/// The `judge` result: `steps\noutcomes` (the plan's judge steps, and what
/// each judge gave); returns `{ result, warnings }` (the high-variance
/// warnings for the caller's `onWarning`).
#[wasm_bindgen]
pub fn finish_judges(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [steps, outcomes] = parts(payload, ext, ["steps", "outcomes"])?;
        let steps = Reader::new(Some(&steps), "steps").items("an array of judge steps", |s| read_judge_step(&s))?;
        let outcomes = Reader::new(Some(&outcomes), "outcomes").items("an array of outcomes", |o| read_outcome(&o))?;
        let result = judge::judges_result(&steps, outcomes);
        let warnings = judge::high_variance_warnings(&result);
        Ok(json!({ "result": result, "warnings": warnings }))
    })())
}

/// `isBuiltInRubric(s)`: `s` (the glue sends only strings); returns `true` or `false`.
#[wasm_bindgen(js_name = isBuiltInRubric)]
pub fn is_built_in_rubric(payload: &[u8], ext: u32) -> Out {
    json_out(parts(payload, ext, ["s"]).map(|[s]| s.as_str().is_some_and(judge::is_built_in_rubric)))
}

/// The `snapshot` result: `step\nstored` (the plan's `{ name, actual }`, the stored text or `null`).
#[wasm_bindgen]
pub fn finish_snapshot(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [step, stored] = parts(payload, ext, ["step", "options.snapshots"])?;
        let step = Reader::new(Some(&step), "step");
        let name = step.field("name").str()?;
        let at = format!("options.snapshots.{name}");
        let stored = Reader::new(Some(&stored), &at).opt_str()?;
        Ok(plan::snapshot_result(
            name,
            step.field("actual").str()?.to_string(),
            stored,
        ))
    })())
}

/// `validatePredicate`'s result: `description\nthrew\nreturned` (the
/// message of what the predicate threw, else `null`; what it returned).
#[wasm_bindgen]
pub fn finish_predicate(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [description, threw, returned] = parts(payload, ext, ["description", "threw", "returned"])?;
        let label = plan::predicate_label(&Reader::new(Some(&description), "description"))?;
        let threw = Reader::new(Some(&threw), "threw").opt_str()?;
        Ok(plan::predicate_result(
            label,
            threw,
            &Reader::new(Some(&returned), "returned"),
        ))
    })())
}

/// `validatableValue(response)`: `response`; returns `"structuredContent"`,
/// `"response"` or `{ "json": text }` (see [`plan::SchemaTarget`]).
#[wasm_bindgen]
pub fn schema_target(payload: &[u8], ext: u32) -> Out {
    json_out(parts(payload, ext, ["response"]).map(|[response]| plan::schema_target(&response)))
}

/// `schemaVerdict(result, response)`: `issues\nresponse` (`[{ message, path }]`,
/// each path a list of keys); returns `{ pass, message, details? }`.
#[wasm_bindgen]
pub fn schema_verdict(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [issues, response] = parts(payload, ext, ["issues", "response"])?;
        plan::schema_verdict(&Reader::new(Some(&issues), "issues"), &response)
    })())
}

// ---- runEvalDataset's plan ----

/// `runEvalDataset`'s plan: `dataset\noptions\nkinds` (the dataset's JSON,
/// the run options read from the caller's options, `{ callTool,
/// onCaseComplete }` as their `typeof`). Returns `{ concurrency, sequential,
/// stopOnFailure, cases: [step, ...] }` (see [`run::plan_run`]).
#[wasm_bindgen]
pub fn plan_eval_run(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [dataset, options, kinds] = parts(payload, ext, ["dataset", "options", "kinds"])?;
        run::plan_run(
            &Reader::new(Some(&dataset), ""),
            &Reader::new(Some(&options), "options"),
            &Reader::new(Some(&kinds), "kinds"),
        )
    })())
}

/// A case's result: `step\nruns` (the plan's step, a digest of each run);
/// returns the result with `response` and `expectations` `null` (see [`run::finish_case`]).
#[wasm_bindgen]
pub fn finish_eval_case(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [step, runs] = parts(payload, ext, ["step", "runs"])?;
        run::finish_case(&Reader::new(Some(&step), "step"), &Reader::new(Some(&runs), "runs"))
    })())
}

/// The run's result: `cases\ndurationMs` (the case results as
/// [`finish_eval_case`] gave them); returns it with `caseResults` `null`.
#[wasm_bindgen]
pub fn finish_eval_run(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [cases, ms] = parts(payload, ext, ["cases", "durationMs"])?;
        let ms = Reader::new(Some(&ms), "durationMs")
            .opt_number("a number")?
            .unwrap_or(0.0);
        run::finish_dataset(&Reader::new(Some(&cases), "cases"), ms)
    })())
}

/// `runEvalCase`'s plan: `evalCase\ndatasetName` (the case's JSON, the
/// result's `datasetName`). Returns `{ step }` (see [`run::plan_case`]) or
/// `{ refusal }` (the case refused, as [`validate_eval_case`] refuses it).
#[wasm_bindgen]
pub fn plan_eval_case(payload: &[u8], ext: u32) -> Out {
    let [case, name] = parts(payload, ext, ["evalCase", "datasetName"]).map_err(to_js)?;
    let name = Reader::new(Some(&name), "options.datasetName").as_option();
    let name = name.opt_str().map_err(to_js)?.unwrap_or("single-case");
    match run::plan_case(&Reader::new(Some(&case), ""), name) {
        Ok(step) => json_out(Ok(json!({ "step": step }))),
        Err(r) => {
            let refusal = refusal_out(Err(r))?;
            Ok(format!("{{\"refusal\":{refusal}}}"))
        }
    }
}

/// `compareEvalRuns(options)`: `options\nvariant` (`{ baseline, candidate,
/// labels? }` with each run's counts, metrics and `caseResults` as `{ id,
/// pass }`; the candidate's `metadata.toolOverrideVariantId`). Returns `{
/// baselineLabel, candidateLabel, baselinePassRate, candidatePassRate,
/// deltaPassRate, metrics: [{ name, baseline, candidate, delta }], cases:
/// [[outcome, baselineIndex, candidateIndex]] }` (see [`compare::compare`]).
#[wasm_bindgen(js_name = compareEvalRuns)]
pub fn compare_eval_runs(payload: &[u8], ext: u32) -> Out {
    json_out((|| {
        let [options, variant] = parts(
            payload,
            ext,
            ["options", "options.candidate.metadata.toolOverrideVariantId"],
        )?;
        compare::compare(
            &Reader::new(Some(&options), "options"),
            &Reader::new(Some(&variant), "options.candidate.metadata.toolOverrideVariantId"),
        )
    })())
}
