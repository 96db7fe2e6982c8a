//! The one argument reader: every export (the WebAssembly binding and the
//! `serde_json` API alike) reads its arguments and options through a
//! [`Reader`], which knows the path of the value it reads
//! (`options.caseSensitive`, `expected[3].toolName`) and refuses a value of
//! the wrong type or outside its domain with a coded [`MatcherError`]:
//! `INVALID_ARGUMENT` for an argument, `INVALID_OPTION` for a member of an
//! options object ([`Reader::options`]). Nothing is coerced: a string where
//! a number belongs is an error, never `0` or a default.
//!
//! Absent members and `undefined` read alike ("not given"); `null` is "not
//! given" only where a reader says so (`opt_*`), as the references' `??`
//! and `||` defaults do.

use crate::error::{ErrorCode, MatcherError, Result};
use crate::value::{Object, Val};
use std::fmt::Write;

/// Where a value sits in the call: a root name, then keys and indices.
#[derive(Clone, Copy, Debug)]
enum Step<'p> {
    Root(&'p str),
    Key(&'p str),
    Index(usize),
}

/// A value of a call being read (absent = `None`), with its path and the
/// error code a bad value gets. `'v` is the borrow of the value (what the
/// readers hand out), `'p` that of the path (the parent readers).
#[derive(Clone, Copy)]
pub(crate) struct Reader<'p, 'v> {
    value: Option<&'v Val<'v>>,
    step: Step<'p>,
    parent: Option<&'p Reader<'p, 'v>>,
    /// The code of an error about this value, and about its members.
    code: ErrorCode,
    members: ErrorCode,
}

impl<'p, 'v> Reader<'p, 'v> {
    /// An argument named `name` (`None`: not given).
    pub(crate) fn new(value: Option<&'v Val<'v>>, name: &'p str) -> Self {
        Reader {
            value,
            step: Step::Root(name),
            parent: None,
            code: ErrorCode::InvalidArgument,
            members: ErrorCode::InvalidArgument,
        }
    }

    /// The same value read as an options object: its members' errors are
    /// `INVALID_OPTION` (the object itself, when not an object, stays
    /// `INVALID_ARGUMENT`).
    pub(crate) fn options(self) -> Self {
        Reader {
            members: ErrorCode::InvalidOption,
            ..self
        }
    }

    /// This one value read as an option: its errors are `INVALID_OPTION`.
    pub(crate) fn as_option(self) -> Self {
        Reader {
            code: ErrorCode::InvalidOption,
            members: ErrorCode::InvalidOption,
            ..self
        }
    }

    /// The index of an array item's reader (0 for other readers).
    pub(crate) fn index(&self) -> usize {
        match self.step {
            Step::Index(i) => i,
            _ => 0,
        }
    }

    /// The path, e.g. `expected[3].toolName`.
    pub(crate) fn path(&self) -> String {
        let mut steps = Vec::new();
        let mut at = Some(self);
        while let Some(r) = at {
            steps.push(r.step);
            at = r.parent;
        }
        let mut out = String::new();
        for s in steps.iter().rev() {
            match s {
                Step::Root(name) => out.push_str(name),
                Step::Key(k) if out.is_empty() => out.push_str(k),
                Step::Key(k) => {
                    out.push('.');
                    out.push_str(k);
                }
                Step::Index(i) => {
                    let _ = write!(out, "[{i}]");
                }
            }
        }
        out
    }

    /// The path as keys and indices after the root (`cases[3].id` →
    /// `["cases", 3, "id"]`), as zod's issues give it.
    pub(crate) fn keys(&self) -> Vec<serde_json::Value> {
        let mut out = Vec::new();
        let mut at = Some(self);
        while let Some(r) = at {
            match r.step {
                Step::Root(_) => {}
                Step::Key(k) => out.push(serde_json::Value::from(k)),
                Step::Index(i) => out.push(serde_json::Value::from(i)),
            }
            at = r.parent;
        }
        out.reverse();
        out
    }

    /// How messages name the value: its key, else its whole path.
    fn name(&self) -> String {
        match self.step {
            Step::Key(k) => k.to_string(),
            _ => self.path(),
        }
    }

    /// The value as given (`None`: absent or `undefined`).
    pub(crate) fn value(&self) -> Option<&'v Val<'v>> {
        self.value.filter(|v| !matches!(v, Val::Undefined))
    }

    /// The value, `None` also for `null`.
    pub(crate) fn given(&self) -> Option<&'v Val<'v>> {
        self.value().filter(|v| !matches!(v, Val::Null))
    }

    /// The member `key` of an object (absent for a non-object).
    pub(crate) fn field<'s>(&'s self, key: &'s str) -> Reader<'s, 'v> {
        Reader {
            value: self.value.and_then(|v| v.get(key)),
            step: Step::Key(key),
            parent: Some(self),
            code: self.members,
            members: self.members,
        }
    }

    /// A member `key` whose value the caller found (a list split into
    /// columns, as the binding sends tool calls).
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub(crate) fn at<'s>(&'s self, key: &'s str, value: &'v Val<'v>) -> Reader<'s, 'v> {
        Reader {
            value: Some(value),
            ..self.field(key)
        }
    }

    /// Item `i` of an array, read as `items` reads it.
    pub(crate) fn item<'s>(&'s self, i: usize, value: &'v Val<'v>) -> Reader<'s, 'v> {
        Reader {
            value: Some(value),
            step: Step::Index(i),
            parent: Some(self),
            code: self.members,
            members: self.members,
        }
    }

    /// The error for a bad value here: `{name} must be {what}, got {got}`,
    /// `got` the value's type for an argument, the value itself (short) for
    /// an option.
    pub(crate) fn bad(&self, what: &str) -> MatcherError {
        let v = self.value.unwrap_or(&Val::Undefined);
        let got = match (self.code, v) {
            // `NaN` and `Infinity` are numbers that no "a … number" accepts: named, not typed.
            (ErrorCode::InvalidOption, _) => describe(v),
            (_, Val::Num(n)) if !n.is_finite() => describe(v),
            _ => v.type_name().to_string(),
        };
        MatcherError::new(
            self.code,
            self.path(),
            format!("{} must be {what}, got {got}", self.name()),
        )
    }

    /// An error here with the reader's code and a message of the caller's.
    pub(crate) fn error(&self, message: impl Into<String>) -> MatcherError {
        MatcherError::new(self.code, self.path(), message)
    }

    /// The value, which must be given (absent or `undefined` is an error).
    pub(crate) fn required(&self, what: &str) -> Result<&'v Val<'v>> {
        self.value().ok_or_else(|| self.bad(what))
    }

    /// A string.
    pub(crate) fn str(&self) -> Result<&'v str> {
        match self.value {
            Some(Val::Str(s)) => Ok(s),
            _ => Err(self.bad("a string")),
        }
    }

    /// A string, or `None` when absent, `undefined` or `null`.
    pub(crate) fn opt_str(&self) -> Result<Option<&'v str>> {
        self.given().map(|_| self.str()).transpose()
    }

    /// A boolean, or `None` when absent, `undefined` or `null`.
    pub(crate) fn opt_bool(&self) -> Result<Option<bool>> {
        match self.given() {
            None => Ok(None),
            Some(Val::Bool(b)) => Ok(Some(*b)),
            Some(_) => Err(self.bad("a boolean")),
        }
    }

    /// A finite number, or `None` when absent, `undefined` or `null`.
    pub(crate) fn opt_number(&self, what: &str) -> Result<Option<f64>> {
        match self.given() {
            None => Ok(None),
            Some(Val::Num(n)) if n.is_finite() => Ok(Some(*n)),
            Some(_) => Err(self.bad(what)),
        }
    }

    /// A whole number in `min..=max`, or `None` when absent, `undefined` or `null`.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub(crate) fn opt_count(&self, min: u64, max: u64, what: &str) -> Result<Option<u64>> {
        match self.given() {
            None => Ok(None),
            Some(Val::Num(n)) if n.fract() == 0.0 && *n >= min as f64 && *n <= max as f64 => Ok(Some(*n as u64)),
            Some(_) => Err(self.bad(what)),
        }
    }

    /// One of the strings of `table`, or `None` when absent, `undefined` or `null`.
    pub(crate) fn opt_one_of<T: Copy>(&self, table: &[(&str, T)]) -> Result<Option<T>> {
        let Some(v) = self.given() else { return Ok(None) };
        let hit = v.as_str().and_then(|s| table.iter().find(|(name, _)| *name == s));
        match hit {
            Some(&(_, t)) => Ok(Some(t)),
            None => Err(self.bad(&one_of_text(table.iter().map(|(n, _)| *n)))),
        }
    }

    /// An object.
    pub(crate) fn object(&self, what: &str) -> Result<&'v Object<'v>> {
        match self.value {
            Some(Val::Obj(o)) => Ok(o),
            _ => Err(self.bad(what)),
        }
    }

    /// An object, or `None` when absent, `undefined` or `null`.
    pub(crate) fn opt_object(&self, what: &str) -> Result<Option<&'v Object<'v>>> {
        self.given().map(|_| self.object(what)).transpose()
    }

    /// An array's items.
    pub(crate) fn array(&self, what: &str) -> Result<&'v [Val<'v>]> {
        match self.value {
            Some(Val::Arr(items)) => Ok(items),
            _ => Err(self.bad(what)),
        }
    }

    /// Each item of an array read by `read` (`what` describes the array).
    pub(crate) fn items<T>(&self, what: &str, mut read: impl FnMut(Reader<'_, 'v>) -> Result<T>) -> Result<Vec<T>> {
        self.array(what)?
            .iter()
            .enumerate()
            .map(|(i, v)| read(self.item(i, v)))
            .collect()
    }
}

/// `"a", "b" or "c"`.
pub(crate) fn one_of_text<'s>(names: impl Iterator<Item = &'s str>) -> String {
    let quoted: Vec<String> = names.map(|n| format!("\"{n}\"")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((only, _)) => only.clone(),
        None => "nothing".into(),
    }
}

/// `String(v)` as JavaScript writes it (`-1`, `abc`, `null`, `[object Object]`),
/// for messages that quote the reference's.
pub(crate) fn js_string(v: &Val<'_>) -> String {
    match v {
        Val::Undefined => "undefined".into(),
        Val::Null => "null".into(),
        Val::Str(s) | Val::BigInt(s) => s.to_string(),
        Val::Arr(items) => items
            .iter()
            .map(|i| {
                if matches!(i, Val::Null | Val::Undefined) {
                    String::new()
                } else {
                    js_string(i)
                }
            })
            .collect::<Vec<_>>()
            .join(","),
        Val::Obj(_) => "[object Object]".into(),
        Val::Date(_) => "[Date]".into(),
        other => describe(other),
    }
}

/// A short rendering of a bad value for messages (never Rust debug text).
pub(crate) fn describe(v: &Val<'_>) -> String {
    match v {
        Val::Str(s) if s.chars().count() <= 40 => format!("\"{s}\""),
        Val::Num(n) => crate::js::number::to_string(*n),
        Val::Bool(b) => b.to_string(),
        other => other.type_name().into(),
    }
}

#[cfg(test)]
#[path = "../tests/unit/reader.rs"]
mod tests;
