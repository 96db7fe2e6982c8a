//! Snapshot sanitizers of `@gleanwork/mcp-server-tester@1.1.0`
//! (`dist/index.js`, `BUILT_IN_PATTERNS`, `applySanitizers`, `removeFields`
//! in `src/assertions/matchers/toMatchToolSnapshot.ts`): they rewrite the
//! text a snapshot stores so that values that change from run to run
//! (times, ids, tokens) compare equal.
//!
//! Three kinds, applied in the order given: a built-in (`timestamp`,
//! `uuid`, `iso-date`, `objectId`, `jwt`), a custom `{ pattern, replacement }`
//! (a JavaScript regular expression, run in linear time, with JavaScript's
//! replacement syntax `$&`, `` $` ``, `$'`, `$1`…`$99`, `$<name>`, `$$`),
//! and `{ remove: [dot.paths] }` (the text is read as JSON, the fields are
//! removed, the text becomes `JSON.stringify(value, null, 2)`; text that is
//! not JSON is left as it is).
//!
//! Where this differs from the reference on purpose: a UUID is any
//! 8-4-4-4-12 hex string (the reference: versions 1–5 with RFC variants
//! only, so v6/v7/v8, nil and max UUIDs stay); an ISO date keeps any number
//! of fractional-second digits, a space or lower-case `t` separator,
//! minutes-only times and a lower-case `z` (the reference leaves
//! `.123456Z` behind); a JWT's signature may be empty or end in `-`/`_`;
//! a built-in match may touch `_` (the reference's `\b` needs a non-word
//! character, so `req_550e8400-…` stayed); a removal path reaches into
//! arrays (`items.id` removes `id` from every item; the reference stops at
//! the array); an unknown built-in name, an unknown sanitizer shape and a
//! `y` flag throw (the reference ignores the first two); a `RegExp`
//! without `g` still replaces every match.
//!
//! Decided on purpose: a bare run of 10 to 13 digits is a timestamp, as the
//! seed says ("Unix timestamps (10-13 digits)"), so a 10-digit phone number
//! (`4155550123`) is replaced too. A sanitizer exists to keep snapshots
//! stable; leaving a real timestamp in makes a flaky snapshot, while
//! masking a phone number only hides a value the snapshot was not meant to
//! pin (check it with `containsText` when it matters).

use super::matches_pattern::JsPattern;
use crate::error::{ErrorCode, MatcherError, Result};
use crate::js::regex::{compile_replacer, Replacer};
use crate::reader::Reader;
use crate::value::print::stringify_pretty;
use crate::value::{array_index, Val};
// The built-ins run on the regex crate's lazy DFA (regex-lite simulates every start
// position: 1 MiB of text took seconds through five built-ins).
use regex::Regex;
use std::sync::OnceLock;

/// One sanitizer, as a dataset's `snapshotSanitizers` item says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sanitizer {
    /// `"timestamp"`: a run of 10–13 digits → `[TIMESTAMP]`.
    Timestamp,
    /// `"uuid"`: 8-4-4-4-12 hex digits, any version and variant → `[UUID]`.
    Uuid,
    /// `"iso-date"`: `YYYY-MM-DD`, optionally with a time (`T`, `t` or a
    /// space, `hh:mm[:ss[.fraction]]`, optionally `Z` or `±hh[:mm]`) → `[ISO_DATE]`.
    IsoDate,
    /// `"objectId"`: 24 hex digits → `[OBJECT_ID]`.
    ObjectId,
    /// `"jwt"`: `eyJ….eyJ….signature` (base64url parts) → `[JWT]`.
    Jwt,
    /// `{ pattern, replacement }`: a pattern string is `new RegExp(pattern,
    /// "g")`; a `RegExp` keeps its flags, and every match is replaced with
    /// or without `g` (the reference replaces only the first without it: a
    /// value left in a snapshot is never what a sanitizer is for).
    /// `replacement` defaults to `[SANITIZED]`.
    Regex {
        /// What to find (every match is replaced).
        pattern: JsPattern,
        /// The replacement in JavaScript's syntax (`$&`, `$1`, `$<name>`, `$$`); `None`: `[REDACTED]`.
        replacement: Option<String>,
    },
    /// `{ remove: [paths] }`: dot paths of JSON fields to delete.
    Remove(Vec<String>),
}

/// The built-ins as the reference's `SnapshotSanitizers` lists them: `(key,
/// name, sanitizer)`, e.g. `("ISO_DATE", "iso-date", Sanitizer::IsoDate)`.
pub const BUILT_IN_SANITIZERS: [(&str, &str, Sanitizer); 5] = [
    ("TIMESTAMP", "timestamp", Sanitizer::Timestamp),
    ("UUID", "uuid", Sanitizer::Uuid),
    ("ISO_DATE", "iso-date", Sanitizer::IsoDate),
    ("OBJECT_ID", "objectId", Sanitizer::ObjectId),
    ("JWT", "jwt", Sanitizer::Jwt),
];

/// The built-in names, joined by `", "` (for messages).
pub(crate) fn built_in_names() -> String {
    BUILT_IN_SANITIZERS.map(|(_, n, _)| n).join(", ")
}

impl Sanitizer {
    /// The built-in sanitizer called `name` (see [`BUILT_IN_SANITIZERS`]).
    pub fn built_in(name: &str) -> Option<Sanitizer> {
        BUILT_IN_SANITIZERS
            .into_iter()
            .find(|(_, n, _)| *n == name)
            .map(|(_, _, s)| s)
    }
}

/// A run with no ASCII letter or digit on either side: `(?:^|[^A-Za-z0-9])(core)(?:[^A-Za-z0-9]|$)`.
fn bounded(core: &str) -> String {
    format!("(?:^|[^A-Za-z0-9])({core})(?:[^A-Za-z0-9]|$)")
}

fn built_in_regex(s: &Sanitizer) -> Option<(String, &'static str)> {
    const H: &str = "[0-9A-Fa-f]";
    Some(match s {
        Sanitizer::Timestamp => (bounded("[0-9]{10,13}"), "[TIMESTAMP]"),
        Sanitizer::Uuid => (bounded(&format!("{H}{{8}}-{H}{{4}}-{H}{{4}}-{H}{{4}}-{H}{{12}}")), "[UUID]"),
        Sanitizer::IsoDate => (
            bounded(
                "[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[Tt ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:[.,][0-9]+)?)?(?:[Zz]|[+-][0-9]{2}(?::?[0-9]{2})?)?)?",
            ),
            "[ISO_DATE]",
        ),
        Sanitizer::ObjectId => (bounded(&format!("{H}{{24}}")), "[OBJECT_ID]"),
        Sanitizer::Jwt => (
            bounded(r"eyJ[A-Za-z0-9_-]*\.eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*"),
            "[JWT]",
        ),
        _ => return None,
    })
}

/// A built-in compiled once per process: compiling the five took about 3 ms
/// in WebAssembly, more than running them over 100 KB. Shared, not cloned: a
/// clone of a `Regex` starts its own empty pool of lazy-DFA caches.
fn built_in_compiled(s: &Sanitizer) -> Option<(&'static Regex, &'static str)> {
    static COMPILED: [OnceLock<Option<(Regex, &'static str)>>; 5] = [const { OnceLock::new() }; 5];
    let slot = BUILT_IN_SANITIZERS.iter().position(|(_, _, b)| b == s)?;
    let compiled = COMPILED[slot].get_or_init(|| {
        let (source, replacement) = built_in_regex(s)?;
        // The sources are this file's constants: a failure to compile is a defect.
        Some((Regex::new(&source).expect("a built-in sanitizer compiles"), replacement))
    });
    compiled.as_ref().map(|(re, replacement)| (re, *replacement))
}

/// One sanitizer ready to run.
#[derive(Clone, Debug)]
enum Step {
    /// A built-in: replace capture group 1 of each match.
    BuiltIn(&'static Regex, &'static str),
    Custom {
        re: Box<Replacer>,
        replacement: String,
    },
    Remove(Vec<String>),
}

/// Sanitizers compiled once, ready for any number of texts.
#[derive(Clone, Debug)]
pub struct CompiledSanitizers {
    steps: Vec<Step>,
}

impl CompiledSanitizers {
    /// Compiles `sanitizers`; `path` names the list in errors (`sanitizers`).
    ///
    /// Errors: `INVALID_ARGUMENT` at `path[i].pattern` for a custom pattern
    /// that does not compile or uses a construct no linear-time engine has
    /// (look-around, back-references, `\p{…}`), has the `y` or `v` flag, or
    /// compiles to more automaton states than the limit
    /// (`crate::js::regex::MAX_PATTERN_STATES`); the message starts with the
    /// reference's words and names the sanitizer (`invalid regex pattern
    /// "session_(?=x)" in sanitizer 2: …`; a `RegExp` as `/source/flags`).
    pub fn new(sanitizers: &[Sanitizer], path: &str) -> Result<CompiledSanitizers> {
        let steps = sanitizers
            .iter()
            .enumerate()
            .map(|(i, s)| {
                Ok(match s {
                    Sanitizer::Regex { pattern, replacement } => {
                        let at = format!("{path}[{i}].pattern");
                        let (source, flags) = match pattern {
                            JsPattern::Source(s) => (s.as_str(), "g"),
                            JsPattern::RegExp { source, flags } => (source.as_str(), flags.as_str()),
                        };
                        // The reference's wording first (`invalid regex pattern "…"`), then which sanitizer and why.
                        let shown = match pattern {
                            JsPattern::Source(s) => s.clone(),
                            JsPattern::RegExp { .. } => pattern.to_display(),
                        };
                        let named = |e: MatcherError| {
                            MatcherError::invalid_argument(
                                e.path,
                                format!("invalid regex pattern \"{shown}\" in sanitizer {i}: {}", e.message),
                            )
                        };
                        if flags.contains('y') {
                            return Err(named(MatcherError::invalid_argument(
                                at,
                                "the y (sticky) flag is not supported in a sanitizer",
                            )));
                        }
                        Step::Custom {
                            re: Box::new(compile_replacer(source, flags, &at).map_err(named)?),
                            replacement: replacement.clone().unwrap_or_else(|| "[SANITIZED]".into()),
                        }
                    }
                    Sanitizer::Remove(paths) => Step::Remove(paths.clone()),
                    built_in => {
                        let fail = |m: String| MatcherError::invalid_argument(format!("{path}[{i}]"), m);
                        let (re, replacement) =
                            built_in_compiled(built_in).ok_or_else(|| fail("not a built-in".into()))?;
                        Step::BuiltIn(re, replacement)
                    }
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(CompiledSanitizers { steps })
    }

    /// Applies every sanitizer in order to `text`.
    ///
    /// Errors: `UNSUPPORTED_VALUE` (path `text`) when a removal reads JSON
    /// text nested deeper than 128 levels or holding a lone surrogate escape,
    /// or when a custom pattern needs more automaton memory on this text than
    /// `crate::js::regex::MAX_SET_BYTES`.
    pub fn apply(&self, text: &str) -> Result<String> {
        let mut out = text.to_string();
        for step in &self.steps {
            out = match step {
                Step::BuiltIn(re, replacement) => replace_group(re, &out, replacement),
                Step::Custom { re, replacement } => replace_js(re, &out, replacement)?,
                Step::Remove(paths) => remove_fields(&out, paths)?,
            };
        }
        Ok(out)
    }
}

/// Replaces capture group 1 of every match (the match itself minus its boundary characters).
fn replace_group(re: &Regex, text: &str, replacement: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut last, mut pos) = (0, 0);
    while pos <= text.len() {
        let Some(g) = re.captures_at(text, pos).and_then(|c| c.get(1)) else {
            break;
        };
        out.push_str(&text[last..g.start()]);
        out.push_str(replacement);
        last = g.end();
        pos = g.end();
    }
    out.push_str(&text[last..]);
    out
}

/// `String.prototype.replace` with a regular expression and a replacement
/// string, every match (as with the `g` flag), in one pass over the text
/// ([`Replacer`]: linear time, never searching again after a match). After
/// an empty match the search moves on one character (as JavaScript moves
/// `lastIndex`).
///
/// Errors: `UNSUPPORTED_VALUE` (path `text`) when the pattern needs more
/// automaton memory on this text than [`crate::js::regex`] allows.
fn replace_js(re: &Replacer, text: &str, replacement: &str) -> Result<String> {
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    re.for_each_match(text, |caps| {
        let Some(m) = caps.get_match() else { return };
        let group = |n: usize| caps.get_group(n).map_or("", |g| &text[g.range()]);
        out.push_str(&text[last..m.start()]);
        substitute(replacement, re, &group, m.range(), text, &mut out);
        last = m.end();
    })?;
    out.push_str(&text[last..]);
    Ok(out)
}

/// JavaScript's `GetSubstitution` for the match `m` of `text`: `$$`, `$&`,
/// `` $` ``, `$'`, `$n`/`$nn` (a group that did not take part is empty; a
/// number above the group count is literal text, `$10` with one group is
/// `$1` then `0`), `$<name>` (only when the pattern has named groups; an
/// unknown name is empty). `group(n)` is group `n`'s text.
fn substitute<'t>(
    rep: &str,
    re: &Replacer,
    group: &dyn Fn(usize) -> &'t str,
    m: std::ops::Range<usize>,
    text: &'t str,
    out: &mut String,
) {
    let groups = re.group_count();
    let has_names = re.has_names();
    let b = rep.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let Some(off) = rep[i..].find('$') else {
            out.push_str(&rep[i..]);
            break;
        };
        out.push_str(&rep[i..i + off]);
        i += off;
        let next = b.get(i + 1).copied();
        let digit = |k: usize| b.get(k).filter(|c| c.is_ascii_digit()).map(|c| (c - b'0') as usize);
        match next {
            Some(b'$') => out.push('$'),
            Some(b'&') => out.push_str(&text[m.clone()]),
            Some(b'`') => out.push_str(&text[..m.start]),
            Some(b'\'') => out.push_str(&text[m.end..]),
            Some(b'0'..=b'9') => {
                let d1 = digit(i + 1).unwrap_or(0);
                match digit(i + 2).map(|d2| d1 * 10 + d2) {
                    Some(nn) if (1..=groups).contains(&nn) => {
                        out.push_str(group(nn));
                        i += 3;
                        continue;
                    }
                    _ if (1..=groups).contains(&d1) => out.push_str(group(d1)),
                    _ => out.push_str(&rep[i..i + 2]),
                }
            }
            Some(b'<') if has_names => match rep[i + 2..].find('>') {
                Some(end) => {
                    let name = &rep[i + 2..i + 2 + end];
                    out.push_str(re.group_index(name).map_or("", group));
                    i += end + 3;
                    continue;
                }
                None => out.push_str("$<"),
            },
            Some(_) | None => {
                out.push('$');
                i += 1;
                continue;
            }
        }
        i += 2;
    }
}

/// `{ remove: paths }`: `JSON.parse`, delete each dot path, `JSON.stringify(v, null, 2)`.
/// Text that is not JSON comes back unchanged.
fn remove_fields(text: &str, paths: &[String]) -> Result<String> {
    let mut value = match crate::value::parse::parse(text, "text") {
        Ok(v) => v,
        Err(e) if e.code == ErrorCode::InvalidJson => return Ok(text.to_string()),
        Err(e) => return Err(e),
    };
    for path in paths {
        let parts: Vec<&str> = path.split('.').collect();
        remove_path(&mut value, &parts);
    }
    Ok(stringify_pretty(&value))
}

/// Deletes `parts` under `v`. A non-index key on an array applies to every
/// item; an index selects one item; deleting an item leaves `null` in its
/// place (JavaScript's `delete` leaves a hole, which `JSON.stringify`
/// prints as `null`), so later indices keep their meaning.
fn remove_path(v: &mut Val<'_>, parts: &[&str]) {
    let Some((&head, rest)) = parts.split_first() else {
        return;
    };
    match v {
        Val::Arr(items) => match array_index(head) {
            Some(i) if rest.is_empty() => {
                if let Some(item) = items.get_mut(i) {
                    *item = Val::Null;
                }
            }
            Some(i) => {
                if let Some(item) = items.get_mut(i) {
                    remove_path(item, rest);
                }
            }
            None => items.iter_mut().for_each(|item| remove_path(item, parts)),
        },
        Val::Obj(o) if rest.is_empty() => {
            o.remove(head);
        }
        Val::Obj(o) => {
            if let Some(child) = o.get_mut(head) {
                remove_path(child, rest);
            }
        }
        _ => {}
    }
}

/// Reads a `snapshotSanitizers` list: each item a built-in name, `{ pattern,
/// replacement? }` (`pattern` a string, or `[source, flags]` for a JS
/// `RegExp`) or `{ remove: [paths] }`. `null` is an empty list.
///
/// Errors: `INVALID_ARGUMENT` at `path` for a non-array, at `path[i]` for
/// an unknown built-in name or shape, at `path[i].pattern`,
/// `path[i].replacement`, `path[i].remove[j]` for a member of the wrong type.
pub(crate) fn read_sanitizers(r: &Reader<'_, '_>) -> Result<Vec<Sanitizer>> {
    if r.given().is_none() {
        return Ok(Vec::new());
    }
    r.items("an array of sanitizers", |s| read_one(&s))
}

fn read_one(r: &Reader<'_, '_>) -> Result<Sanitizer> {
    if let Some(Val::Str(name)) = r.value() {
        return Sanitizer::built_in(name).ok_or_else(|| {
            r.error(format!(
                "unknown built-in sanitizer {name:?} (one of {})",
                built_in_names()
            ))
        });
    }
    let (pattern, remove) = (r.field("pattern"), r.field("remove"));
    if pattern.value().is_some() {
        let pattern = match pattern.value() {
            Some(Val::Str(source)) => JsPattern::Source(source.to_string()),
            Some(Val::Arr(pair)) => match (pair.first(), pair.get(1)) {
                (Some(Val::Str(source)), Some(Val::Str(flags))) => JsPattern::RegExp {
                    source: source.to_string(),
                    flags: flags.to_string(),
                },
                _ => return Err(pattern.bad("a string or a RegExp")),
            },
            _ => return Err(pattern.bad("a string or a RegExp")),
        };
        let replacement = r.field("replacement").opt_str()?.map(str::to_string);
        return Ok(Sanitizer::Regex { pattern, replacement });
    }
    if remove.value().is_some() {
        return remove
            .items("an array of dot paths", |p| p.str().map(str::to_string))
            .map(Sanitizer::Remove);
    }
    Err(r.bad("a built-in name, { pattern, replacement? } or { remove: [paths] }"))
}
