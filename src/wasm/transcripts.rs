//! Transcript exports: `normalizeTranscript`, the transcript
//! matchers and the workspace, exec and judge checks. Values cross as JSON
//! text; results come back as JSON text; errors as `[code, path, message]`
//! (code `HARNESS_CAPABILITY` for a [`HarnessCapabilityError`]).

use super::to_js;
use crate::error::{ErrorCode, MatcherError, Result};
use crate::reader::Reader;
use crate::transcripts::*;
use crate::value::Val;
use serde_json::Value;
use wasm_bindgen::prelude::*;

fn json(text: &str, path: &str) -> Result<Value> {
    serde_json::from_str(text).map_err(|e| MatcherError::new(ErrorCode::InvalidJson, path, e.to_string()))
}

/// A list of strings (`what` describes it), absent or `null` as empty.
fn strings(r: &Reader<'_, '_>, what: &str) -> Result<Vec<String>> {
    match r.given() {
        None => Ok(Vec::new()),
        Some(_) => r.items(what, |s| s.str().map(str::to_string)),
    }
}

/// Reads `normalizeTranscript`'s options: `{ harness?, workspace?,
/// mcpServers? }` as JSON (extended form, see [`crate::value::parse`]).
///
/// Errors: `INVALID_OPTION` for a `harness` that is not a known name, a
/// `workspace` that is not a string, `mcpServers` that are not strings.
fn read_options(options: &str) -> Result<(Option<Harness>, NormalizeOptions)> {
    let o = super::wire::parse(options, true, "options")?;
    let o = Reader::new(Some(&o), "options");
    o.opt_object("an object { harness?, workspace?, mcpServers? }")?;
    let o = o.options();
    let harness = o.field("harness").opt_str()?.map(Harness::parse).transpose()?;
    let opts = NormalizeOptions {
        workspace: o.field("workspace").opt_str()?.map(str::to_string),
        mcp_servers: strings(&o.field("mcpServers"), "an array of server names")?,
    };
    Ok((harness, opts))
}

/// Reads `normalizeTranscript`'s input: raw transcript text when `is_text`
/// (a string, or a function handing out the text's pieces, see [`Pieces`]),
/// else the JSON text of parsed records. Errors: as [`read_options`];
/// `INVALID_ARGUMENT` at `input` for an input of none of these kinds.
fn normalize(input: &JsValue, is_text: bool, options: &str) -> Result<Run> {
    let (harness, opts) = read_options(options)?;
    if let Some(next) = input.dyn_ref::<js_sys::Function>() {
        return normalize_reader(Pieces::new(next), harness, &opts);
    }
    let Some(text) = input.as_string() else {
        return Err(MatcherError::invalid_argument("input", "input must be transcript text"));
    };
    if is_text {
        normalize_text(&text, harness, &opts)
    } else {
        normalize_transcript(&json(&text, "input")?, harness, &opts)
    }
}

/// A transcript's JSON lines handed over in pieces, for a text larger than
/// one payload (the glue's `MAX_PAYLOAD`): each call of `next()` returns the
/// next piece as UTF-8 bytes (a `Uint8Array` of whole lines) or `undefined`
/// at the end, and [`normalize_reader`] reads the lines as they come, so
/// neither the whole text nor every parsed record is held at once.
struct Pieces<'f> {
    next: &'f js_sys::Function,
    piece: Vec<u8>,
    at: usize,
    done: bool,
}

impl<'f> Pieces<'f> {
    fn new(next: &'f js_sys::Function) -> Self {
        Pieces {
            next,
            piece: Vec::new(),
            at: 0,
            done: false,
        }
    }
}

impl std::io::Read for Pieces<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        use std::io::BufRead;
        let n = {
            let have = self.fill_buf()?;
            let n = have.len().min(out.len());
            out[..n].copy_from_slice(&have[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl std::io::BufRead for Pieces<'_> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        while self.at >= self.piece.len() && !self.done {
            match self.next.call0(&JsValue::UNDEFINED) {
                Ok(v) if v.is_undefined() => self.done = true,
                Ok(v) if v.is_instance_of::<js_sys::Uint8Array>() => {
                    self.piece = js_sys::Uint8Array::from(v).to_vec();
                    self.at = 0;
                }
                _ => return Err(std::io::Error::other("the next piece of the text is not UTF-8 bytes")),
            }
        }
        Ok(&self.piece[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

/// `normalizeTranscript` with the run kept in this module (issue: "a run read
/// once stays in wasm"): the glue asks it for the run's head, for its turns
/// only when the caller reads them, and every matcher given the run or one
/// of its turns reads the events here instead of receiving them again.
///
/// The events lie in one vector in turn order, each turn a range of it, so a
/// turn's and the run's [`Subject`] both borrow them.
#[wasm_bindgen]
pub struct TranscriptRun {
    /// [`Run::harness_name`].
    harness: &'static str,
    diagnostics: Vec<TranscriptDiagnostic>,
    events: Vec<Event>,
    /// Each turn: its number and the range of its events.
    spans: Vec<(u32, std::ops::Range<usize>)>,
    /// Each turn's `(unreported, diff)`, as normalised.
    meta: Vec<(Vec<String>, Option<Diff>)>,
    /// The run's: a type unreported in any turn, the latest turn's diff.
    run_meta: (Vec<String>, Option<Diff>),
}

#[derive(serde::Serialize)]
struct TurnView<'r> {
    turn: u32,
    events: &'r [Event],
    unreported: &'r [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    diff: Option<&'r Diff>,
}

#[wasm_bindgen]
impl TranscriptRun {
    /// Normalises as [`normalize`] reads its arguments (same errors).
    #[wasm_bindgen(constructor)]
    pub fn new(input: &JsValue, is_text: bool, options: &str) -> std::result::Result<TranscriptRun, JsValue> {
        let run = normalize(input, is_text, options).map_err(to_js)?;
        let mut kept = TranscriptRun {
            harness: run.harness_name(),
            diagnostics: run.diagnostics,
            events: Vec::with_capacity(run.turns.iter().map(|t| t.events.len()).sum()),
            spans: Vec::with_capacity(run.turns.len()),
            meta: Vec::with_capacity(run.turns.len()),
            run_meta: Default::default(),
        };
        for t in run.turns {
            let start = kept.events.len();
            kept.events.extend(t.events);
            kept.spans.push((t.turn, start..kept.events.len()));
            kept.meta.push((t.unreported, t.diff));
        }
        let whole = Subject::over_turns(Default::default(), kept.meta.iter().map(|(u, d)| (u, d.as_ref())));
        kept.run_meta = (whole.unreported, whole.diff);
        Ok(kept)
    }

    /// `{ harness, diagnostics }` as JSON text.
    pub fn head(&self) -> String {
        serde_json::json!({ "harness": self.harness, "diagnostics": self.diagnostics }).to_string()
    }

    /// The turns as JSON text: `[{ turn, events, unreported, diff? }]`, as
    /// [`Turn`] serialises.
    pub fn turns(&self) -> String {
        let views: Vec<TurnView<'_>> = self
            .spans
            .iter()
            .zip(&self.meta)
            .map(|((turn, range), (unreported, diff))| TurnView {
                turn: *turn,
                events: &self.events[range.clone()],
                unreported,
                diff: diff.as_ref(),
            })
            .collect();
        serde_json::to_string(&views).unwrap_or_default()
    }
}

impl TranscriptRun {
    /// One matcher on the run (`turn` −1) or on its turn `turn` (an index
    /// into the turns), reading the events kept here. `subject` is what the
    /// caller's object says besides its events, as JSON text: `{
    /// unreported?, diff? }` of a turn, `{ diff?, turns? }` of the run
    /// (`turns` `[{ unreported?, diff? }]` once the caller has read them;
    /// absent, the normalised turns'). `args` is the JSON array of the
    /// matcher's arguments after `actual`. Returns `{ pass, message }` as
    /// JSON text.
    fn check(&self, m: &Matcher, turn: i32, negated: bool, subject: &str, args: &str) -> JsResult {
        let given = json(subject, "actual").map_err(to_js)?;
        let args = arguments(args).map_err(to_js)?;
        let events: &[Event] = match usize::try_from(turn) {
            Ok(i) => match self.spans.get(i) {
                Some((_, range)) => &self.events[range.clone()],
                None => {
                    return Err(to_js(MatcherError::invalid_argument(
                        "actual",
                        format!("this run has no turn {i}"),
                    )))
                }
            },
            Err(_) => &self.events,
        };
        let kept = (turn < 0).then_some((self.run_meta.0.as_slice(), self.run_meta.1.as_ref()));
        let subject = || Subject::with_events(std::borrow::Cow::Borrowed(events), &given, m.name, kept);
        let rest: Vec<Val<'_>> = args.iter().map(Val::from).collect();
        settle(m.read(&Value::Null, &subject, negated, &rest))
    }
}

/// reeval's `transcript.jsonl` from a JSON array of events.
#[wasm_bindgen(js_name = writeTranscriptJsonl)]
pub fn transcript_write_jsonl(events: &str) -> std::result::Result<String, JsValue> {
    (|| -> Result<String> {
        let v = json(events, "events")?;
        let Value::Array(items) = v else {
            return Err(MatcherError::invalid_argument("events", "events must be an array"));
        };
        let events = items
            .into_iter()
            .enumerate()
            .map(|(i, e)| event_from_value(e, &format!("events[{i}]")))
            .collect::<Result<Vec<_>>>()?;
        Ok(write_transcript_jsonl(&events))
    })()
    .map_err(to_js)
}

/// `[HARNESS_CAPABILITY, actual, message]` (`From<HarnessCapabilityError> for MatcherError`).
fn capability(e: HarnessCapabilityError) -> JsValue {
    to_js(e.into())
}

/// A text or a RegExp (`{ source, flags }`, as the glue sends one);
/// `None` when not given.
fn pattern(r: &Reader<'_, '_>) -> Result<Option<TextOrRegex>> {
    match r.given() {
        None => Ok(None),
        Some(Val::Str(s)) => Ok(Some(TextOrRegex::text(s.to_string()))),
        Some(Val::Obj(_)) if r.field("source").value().is_some() => {
            let source = r.field("source").str()?;
            let flags = r.field("flags").opt_str()?.unwrap_or("");
            TextOrRegex::regex(source, flags, &r.path()).map(Some)
        }
        Some(_) => Err(r.bad("a string or a RegExp")),
    }
}

fn required_pattern(r: &Reader<'_, '_>) -> Result<TextOrRegex> {
    pattern(r)?.ok_or_else(|| r.bad("a string or a RegExp"))
}

/// A tool input: a text, a RegExp, or `{ object }` (an object matched key by key).
fn input_match(r: &Reader<'_, '_>) -> Result<Option<InputMatch>> {
    match r.given() {
        Some(Val::Obj(o)) if o.len() == 1 && o.get("object").is_some() => {
            Ok(o.get("object").map(|v| InputMatch::Object(serde_json::Value::from(v))))
        }
        _ => Ok(pattern(r)?.map(InputMatch::Pattern)),
    }
}

fn path_patterns(r: &Reader<'_, '_>, workspace: Option<&str>) -> Result<Vec<PathPattern>> {
    let one = |r: &Reader<'_, '_>| -> Result<PathPattern> {
        match r.value() {
            Some(Val::Str(g)) => PathPattern::glob(g, workspace, &r.path()),
            _ => Ok(PathPattern::Regex(required_pattern(r)?)),
        }
    };
    match r.given() {
        None => Ok(Vec::new()),
        Some(Val::Arr(_)) => r.items("an array of globs or RegExps", |g| one(&g)),
        Some(_) => Ok(vec![one(r)?]),
    }
}

/// One matcher on a turn or run the caller made (not kept here): `payload`
/// is the JSON array `[actual, negated, ...args]` in the JS signature's order
/// (patterns as strings or `{ source, flags }`, object inputs as `{ object
/// }`). Returns `{ pass, message }` as JSON text.
fn check_given(m: &Matcher, payload: &str) -> JsResult {
    let args = arguments(payload).map_err(to_js)?;
    let negated = args.get(1).and_then(Value::as_bool).unwrap_or(false);
    let actual = args.first().unwrap_or(&Value::Null);
    let rest: Vec<Val<'_>> = args.iter().skip(2).map(Val::from).collect();
    settle(m.read(actual, &|| Subject::from_value(actual, m.name), negated, &rest))
}

type JsResult = std::result::Result<String, JsValue>;

/// A matcher's arguments: the JSON array the glue sends.
fn arguments(text: &str) -> Result<Vec<Value>> {
    match json(text, "arguments")? {
        Value::Array(a) => Ok(a),
        _ => Err(MatcherError::invalid_argument("arguments", "malformed payload")),
    }
}

fn settle(r: Result<Checked>) -> std::result::Result<String, JsValue> {
    match r {
        Ok(Ok(text)) => Ok(text),
        Ok(Err(cap)) => Err(capability(cap)),
        Err(e) => Err(to_js(e)),
    }
}

type Checked = std::result::Result<String, HarnessCapabilityError>;

fn text<T: serde::Serialize>(r: &T) -> Checked {
    Ok(serde_json::to_string(r).unwrap_or_default())
}

/// What one matcher is given: `actual` (what `toSucceed`/`toPass` read),
/// the turn or run the others read (made only when they need it, after their
/// arguments are read), whether it is negated, and its arguments after
/// `actual`, each named as in its JS signature.
struct Given<'g, 's> {
    actual: &'g Value,
    subject: &'g dyn Fn() -> Result<Subject<'s>>,
    negated: bool,
    arg: &'g [Reader<'g, 'g>],
}

/// A transcript matcher: its JS name, its parameters after `actual` (in the
/// JS signature's order) and how it reads them into its verdict.
struct Matcher {
    name: &'static str,
    params: &'static [&'static str],
    verdict: fn(&Given<'_, '_>) -> Result<Checked>,
}

impl Matcher {
    fn read<'s>(
        &self,
        actual: &Value,
        subject: &dyn Fn() -> Result<Subject<'s>>,
        negated: bool,
        rest: &[Val<'_>],
    ) -> Result<Checked> {
        let arg: Vec<Reader<'_, '_>> = self
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| Reader::new(rest.get(i), p))
            .collect();
        (self.verdict)(&Given {
            actual,
            subject,
            negated,
            arg: &arg,
        })
    }
}

/// The matchers, one wasm export each, named as the JS function: `name(payload)`
/// over a turn or run the caller made ([`check_given`]) and, for those that
/// read a turn or run, the method `TranscriptRun.prototype.name(turn, negated,
/// subject, args)` over a kept one ([`TranscriptRun::check`]). Each row: the JS
/// name, the Rust name of its exports, its parameters, and its verdict.
macro_rules! matchers {
    (
        kept { $($js:ident $rust:ident [$($p:literal),*] |$g:ident| $body:expr;)* }
        given { $($gjs:ident $grust:ident [$($gp:literal),*] |$gg:ident| $gbody:expr;)* }
    ) => {
        #[allow(non_upper_case_globals)]
        mod matcher {
            use super::*;
            $(pub(super) const $js: Matcher = Matcher {
                name: stringify!($js),
                params: &[$($p),*],
                verdict: |$g| Ok($body),
            };)*
            $(pub(super) const $gjs: Matcher = Matcher {
                name: stringify!($gjs),
                params: &[$($gp),*],
                verdict: |$gg| Ok($gbody),
            };)*
        }
        $(
            #[doc = concat!("`", stringify!($js), "` over a turn or run the caller made: see [`check_given`].")]
            #[wasm_bindgen(js_name = $js)]
            pub fn $rust(payload: &str) -> JsResult {
                check_given(&matcher::$js, payload)
            }
        )*
        $(
            #[doc = concat!("`", stringify!($gjs), "`: see [`check_given`].")]
            #[wasm_bindgen(js_name = $gjs)]
            pub fn $grust(payload: &str) -> JsResult {
                check_given(&matcher::$gjs, payload)
            }
        )*
        #[wasm_bindgen]
        impl TranscriptRun {
            $(
                #[doc = concat!("`", stringify!($js), "` over this kept run or one of its turns: see [`TranscriptRun::check`].")]
                #[wasm_bindgen(js_name = $js)]
                pub fn $rust(&self, turn: i32, negated: bool, subject: &str, args: &str) -> JsResult {
                    self.check(&matcher::$js, turn, negated, subject, args)
                }
            )*
        }
    };
}

matchers! {
    kept {
        toHaveCalledSkill to_have_called_skill_js ["name"] |g| text(&to_have_called_skill(&(g.subject)()?, g.arg[0].str()?).settled(g.negated));
        toHaveCalledMcp to_have_called_mcp_js ["server", "tool", "input"] |g| {
            let (server, tool) = (g.arg[0].str()?, g.arg[1].str()?);
            let input = input_match(&g.arg[2])?;
            text(&to_have_called_mcp(&(g.subject)()?, server, tool, input.as_ref()).settled(g.negated))
        };
        toHaveCalledTool to_have_called_tool_js ["name", "input"] |g| {
            let name = required_pattern(&g.arg[0])?;
            let input = input_match(&g.arg[1])?;
            text(&to_have_called_tool(&(g.subject)()?, &name, input.as_ref()).settled(g.negated))
        };
        toHaveRun to_have_run_js ["command"] |g| text(&to_have_run(&(g.subject)()?, pattern(&g.arg[0])?.as_ref()).settled(g.negated));
        toHaveEdited to_have_edited_js ["path"] |g| text(&to_have_edited(&(g.subject)()?, pattern(&g.arg[0])?.as_ref()).settled(g.negated));
        toHaveSearched to_have_searched_js ["query"] |g| {
            let query = pattern(&g.arg[0])?;
            found(to_have_searched(&(g.subject)()?, query.as_ref()), g.negated)
        };
        toHaveFetched to_have_fetched_js ["url"] |g| {
            let url = pattern(&g.arg[0])?;
            found(to_have_fetched(&(g.subject)()?, url.as_ref()), g.negated)
        };
        toHaveCalledInOrder to_have_called_in_order_js ["names"] |g| {
            let names = g.arg[0].items("an array of names or RegExps", |n| required_pattern(&n))?;
            text(&to_have_called_in_order(&(g.subject)()?, &names).settled(g.negated))
        };
        toHaveCalledTimes to_have_called_times_js ["name", "times"] |g| {
            let name = required_pattern(&g.arg[0])?;
            let times = g.arg[1]
                .opt_count(0, 1 << 53, "a non-negative integer")?
                .ok_or_else(|| g.arg[1].bad("a non-negative integer"))?;
            text(&to_have_called_times(&(g.subject)()?, &name, times as usize).settled(g.negated))
        };
        trajectoryF1 trajectory_f1_js ["expected", "threshold"] |g| {
            let expected = g.arg[0].items("an array of tool names", |n| n.str().map(str::to_string))?;
            let threshold = match g.arg[1].as_option().opt_number("a number from 0 to 1")? {
                Some(t) if !(0.0..=1.0).contains(&t) => return Err(g.arg[1].as_option().bad("a number from 0 to 1")),
                t => t.unwrap_or(1.0),
            };
            text(&trajectory_f1(&(g.subject)()?, &expected, threshold).settled(g.negated))
        };
        toHaveChanged to_have_changed_js ["paths", "options"] |g| {
            let o = g.arg[1].options();
            o.opt_object("an object { ignore?, workspace? }")?;
            let ws = o.field("workspace").opt_str()?;
            let ignore = strings(&o.field("ignore"), "an array of globs")?;
            let patterns = path_patterns(&g.arg[0], ws)?;
            text(&to_have_changed(&(g.subject)()?, &patterns, &ignore, ws).settled(g.negated))
        };
    }
    given {
        toHaveFile to_have_file_js ["path", "pattern", "content"] |g| {
            let path = g.arg[0].str()?;
            let p = pattern(&g.arg[1])?;
            text(&to_have_file(path, p.as_ref(), g.arg[2].opt_str()?).settled(g.negated))
        };
        toSucceed to_succeed_js [] |g| {
            let (code, out, err) = exec_from_value(g.actual)?;
            text(&to_succeed_number(code, &out, &err).settled(g.negated))
        };
        toPass to_pass_js [] |g| text(&to_pass(g.actual)?.settled(g.negated));
    }
}

/// A web matcher's verdict, or the harness's inability to report it.
fn found(r: std::result::Result<MatchResult, HarnessCapabilityError>, negated: bool) -> Checked {
    r.and_then(|r| text(&r.settled(negated)))
}

/// `createRecorder`'s labels and records (reeval's "Labels"): a
/// [`Recorder`] per recorder the glue makes; the glue runs the matchers and
/// hands each outcome over.
#[wasm_bindgen]
#[derive(Default)]
pub struct CheckRecorder(Recorder);

#[wasm_bindgen]
impl CheckRecorder {
    /// An empty recorder for one attempt.
    #[wasm_bindgen(constructor)]
    pub fn new() -> CheckRecorder {
        CheckRecorder::default()
    }

    /// Records one check: `label\nmatcher\nnegated\nfirstArg\nsoft\noutcome`
    /// (`label` a string or `null`, `firstArg` the first argument's text,
    /// `outcome` `{ pass, message }` or `{ error }`); returns the record
    /// `{ label, matcher, status, soft, message? }` as JSON text.
    pub fn record(&mut self, payload: &[u8], ext: u32) -> std::result::Result<String, JsValue> {
        (|| -> Result<String> {
            let names = ["label", "matcher", "negated", "firstArg", "soft", "outcome"];
            let [label, matcher, negated, first, soft, outcome] = super::parts(payload, ext, names)?;
            let arg = |v, name| Reader::new(Some(v), name);
            let o = arg(&outcome, "outcome");
            let result = MatchResult::new(
                o.field("pass").opt_bool()?.unwrap_or(false),
                o.field("message").opt_str()?.unwrap_or_default(),
            );
            let outcome = o.field("error").opt_str()?.map_or(Ok(&result), Err);
            let given = arg(&label, "label").opt_str()?;
            let (matcher, first) = (arg(&matcher, "matcher").str()?, arg(&first, "firstArg").str()?);
            let (negated, soft) = (arg(&negated, "negated").opt_bool()?, arg(&soft, "soft").opt_bool()?);
            // The record's matcher and default label: `not.` in front when negated.
            let matcher = match negated {
                Some(true) => std::borrow::Cow::Owned(format!("not.{matcher}")),
                _ => std::borrow::Cow::Borrowed(matcher),
            };
            let record = self.0.record(given, &matcher, first, soft == Some(true), outcome);
            Ok(serde_json::to_string(record).unwrap_or_default())
        })()
        .map_err(to_js)
    }

    /// Whether the attempt passes: no check failed or erred.
    pub fn passed(&self) -> bool {
        self.0.attempt_passed()
    }
}

/// Benchmark baseline (not part of the API): parses every JSON line of
/// `text` with plain `serde_json` and returns how many parsed.
#[doc(hidden)]
#[cfg(feature = "bench-exports")]
#[wasm_bindgen]
pub fn transcript_parse_only(text: &str) -> u32 {
    text.lines()
        .filter(|l| serde_json::from_str::<Value>(l).is_ok())
        .count() as u32
}

/// Benchmark (not part of the API): normalises `text` and returns the
/// number of events, without serialising the run.
#[doc(hidden)]
#[cfg(feature = "bench-exports")]
#[wasm_bindgen]
pub fn transcript_normalize_count(text: &str) -> u32 {
    normalize_text(text, None, &NormalizeOptions::default()).map_or(0, |r| r.event_count() as u32)
}
