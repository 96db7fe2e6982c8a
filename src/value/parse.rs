//! Reads JSON text (RFC 8259) into [`Val`] without an intermediate
//! `serde_json::Value`: the one JSON reader of the value model. Strings
//! without escapes borrow from the text; a repeated key keeps its first
//! position and last value (`JSON.parse`); numbers are read correctly rounded
//! (`str::parse::<f64>`, as V8's `JSON.parse`). The binding's extended form
//! (values JSON cannot say, see `src/wasm/wire.rs`) comes in through a
//! [`Markers`] decoder. Hand-written rather than a serde visitor: it is the
//! hot path of every JS call and keeps serde's deserializer out of the
//! tool-call module.

use super::{Member, ObjectBuilder, Val};
use crate::error::{ErrorCode, MatcherError, Result};
use std::borrow::Cow;

/// Decodes the marker of a one-member object keyed by a single NUL (the
/// binding's extended form); `None` for an unknown marker.
pub(crate) type Markers = fn(&str) -> Option<Val<'static>>;

/// Containers nested this deep are refused (serde_json's recursion limit,
/// which the crate's other readers keep).
const MAX_DEPTH: usize = 128;

/// Parses plain JSON text.
/// Errors: `INVALID_JSON` for text that is not JSON; `UNSUPPORTED_VALUE` for a
/// string with a lone UTF-16 surrogate, or nesting deeper than 128 levels.
pub(crate) fn parse<'a>(text: &'a str, path: &str) -> Result<Val<'a>> {
    parse_with(text, None, path)
}

/// Parses JSON text whose NUL-keyed objects `markers` decodes (a real key
/// that starts with NUL has one more NUL in front). Errors: as [`parse`].
pub(crate) fn parse_with<'a>(text: &'a str, markers: Option<Markers>, path: &str) -> Result<Val<'a>> {
    let mut p = Parser {
        text,
        bytes: text.as_bytes(),
        at: 0,
        depth: 0,
        markers,
        items: Vec::new(),
        members: Vec::new(),
    };
    let v = p.value().and_then(|v| {
        p.space();
        if p.at < p.bytes.len() {
            Err(p.fail(Fault::Json("trailing characters")))
        } else {
            Ok(v)
        }
    });
    v.map_err(|(fault, at)| match fault {
        Fault::Json(what) => {
            let (line, column) = position(text, at);
            MatcherError::new(
                ErrorCode::InvalidJson,
                path,
                format!("{what} at line {line} column {column}"),
            )
        }
        Fault::Deep => MatcherError::new(ErrorCode::UnsupportedValue, path, "value nested deeper than 128 levels"),
        Fault::Surrogate => MatcherError::new(
            ErrorCode::UnsupportedValue,
            path,
            "a string holds a lone UTF-16 surrogate, which UTF-8 JSON cannot carry",
        ),
    })
}

/// What went wrong, and the byte offset where.
enum Fault {
    Json(&'static str),
    Deep,
    Surrogate,
}

type Step<T> = std::result::Result<T, (Fault, usize)>;

/// 1-based line and column (in characters) of byte offset `at`.
fn position(text: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (
        before.matches('\n').count() + 1,
        before[line_start..].chars().count() + 1,
    )
}

/// The bytes that end a run of plain string characters: `"`, `\` and the
/// control characters.
static STOP: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = true;
        b += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t
};

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
    depth: usize,
    markers: Option<Markers>,
    /// The items of the arrays and the members of the objects being read,
    /// innermost last: each container is then allocated once, at its close,
    /// at its exact size (not grown push by push).
    items: Vec<Val<'a>>,
    members: Vec<Member<'a>>,
}

impl<'a> Parser<'a> {
    fn fail(&self, fault: Fault) -> (Fault, usize) {
        (fault, self.at)
    }

    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    /// The next byte after whitespace, not consumed.
    fn peek(&mut self) -> Option<u8> {
        self.space();
        self.bytes.get(self.at).copied()
    }

    fn value(&mut self) -> Step<Val<'a>> {
        match self.peek() {
            Some(b'{') => self.nested(Self::object),
            Some(b'[') => self.nested(Self::array),
            Some(b'"') => self.string().map(Val::Str),
            Some(b't') => self.word("true", Val::Bool(true)),
            Some(b'f') => self.word("false", Val::Bool(false)),
            Some(b'n') => self.word("null", Val::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.fail(Fault::Json("expected value"))),
            None => Err(self.fail(Fault::Json("EOF while parsing a value"))),
        }
    }

    fn nested(&mut self, read: fn(&mut Self) -> Step<Val<'a>>) -> Step<Val<'a>> {
        self.depth += 1;
        if self.depth >= MAX_DEPTH {
            return Err(self.fail(Fault::Deep));
        }
        self.at += 1; // `[` or `{`
        let v = read(self);
        self.depth -= 1;
        v
    }

    fn word(&mut self, word: &'static str, v: Val<'a>) -> Step<Val<'a>> {
        if self.bytes[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            Ok(v)
        } else {
            Err(self.fail(Fault::Json("expected value")))
        }
    }

    /// After `[`.
    fn array(&mut self) -> Step<Val<'a>> {
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Val::Arr(Vec::new()));
        }
        let base = self.items.len();
        loop {
            let v = self.value()?;
            self.items.push(v);
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Val::Arr(self.items.drain(base..).collect()));
                }
                Some(_) => return Err(self.fail(Fault::Json("expected `,` or `]`"))),
                None => return Err(self.fail(Fault::Json("EOF while parsing a list"))),
            }
        }
    }

    /// After `{`.
    fn object(&mut self) -> Step<Val<'a>> {
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Val::Obj(ObjectBuilder(Vec::new()).finish()));
        }
        let base = self.members.len();
        loop {
            let key = match self.peek() {
                Some(b'"') => self.string()?,
                Some(_) => return Err(self.fail(Fault::Json("key must be a string"))),
                None => return Err(self.fail(Fault::Json("EOF while parsing an object"))),
            };
            if self.peek() != Some(b':') {
                return Err(self.fail(Fault::Json("expected `:`")));
            }
            self.at += 1;
            let key = match (self.markers, key.strip_prefix('\0')) {
                // `{"\u0000": "<marker>"}`: one value JSON cannot say.
                (Some(decode), Some("")) => {
                    let marker = match self.peek() {
                        Some(b'"') => self.string()?,
                        _ => return Err(self.fail(Fault::Json("expected a value marker"))),
                    };
                    let v = decode(&marker).ok_or_else(|| self.fail(Fault::Json("unknown value marker")))?;
                    if self.peek() != Some(b'}') {
                        return Err(self.fail(Fault::Json("expected `}`")));
                    }
                    self.at += 1;
                    self.members.truncate(base);
                    return Ok(v);
                }
                // A real key that starts with NUL, sent with one more in front.
                (Some(_), Some(_)) => match key {
                    Cow::Borrowed(k) => Cow::Borrowed(&k[1..]),
                    Cow::Owned(k) => Cow::Owned(k[1..].to_owned()),
                },
                _ => key,
            };
            let value = self.value()?;
            let pos = (self.members.len() - base) as u32;
            self.members.push(Member { key, value, pos });
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Val::Obj(ObjectBuilder(self.members.drain(base..).collect()).finish()));
                }
                Some(_) => return Err(self.fail(Fault::Json("expected `,` or `}`"))),
                None => return Err(self.fail(Fault::Json("EOF while parsing an object"))),
            }
        }
    }

    /// At `"`: the string, borrowed from the text when it has no escape.
    fn string(&mut self) -> Step<Cow<'a, str>> {
        self.at += 1;
        let start = self.at;
        self.plain_run();
        if self.bytes.get(self.at) == Some(&b'"') {
            self.at += 1;
            return Ok(Cow::Borrowed(&self.text[start..self.at - 1]));
        }
        let mut out = String::with_capacity(self.at - start + 16);
        out.push_str(&self.text[start..self.at]);
        loop {
            match self.bytes.get(self.at) {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(Cow::Owned(out));
                }
                Some(b'\\') => {
                    self.at += 1;
                    self.escape(&mut out)?;
                }
                Some(_) => return Err(self.fail(Fault::Json("control character found while parsing a string"))),
                None => return Err(self.fail(Fault::Json("EOF while parsing a string"))),
            }
            let run = self.at;
            self.plain_run();
            out.push_str(&self.text[run..self.at]);
        }
    }

    /// Moves past the characters of a string that need no attention: up to
    /// the next `"`, `\` or control character, or the end.
    fn plain_run(&mut self) {
        while let Some(&b) = self.bytes.get(self.at) {
            if STOP[b as usize] {
                break;
            }
            self.at += 1;
        }
    }

    /// After `\`: one escape, appended to `out`.
    fn escape(&mut self, out: &mut String) -> Step<()> {
        let Some(&b) = self.bytes.get(self.at) else {
            return Err(self.fail(Fault::Json("EOF while parsing a string")));
        };
        self.at += 1;
        let c = match b {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let unit = self.hex4()?;
                let code = match unit {
                    0xd800..=0xdbff => {
                        // A high surrogate must be followed by `\u` and a low one.
                        if !self.bytes[self.at..].starts_with(b"\\u") {
                            return Err(self.fail(Fault::Surrogate));
                        }
                        self.at += 2;
                        let low = self.hex4()?;
                        if !(0xdc00..=0xdfff).contains(&low) {
                            return Err(self.fail(Fault::Surrogate));
                        }
                        0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00)
                    }
                    0xdc00..=0xdfff => return Err(self.fail(Fault::Surrogate)),
                    _ => unit,
                };
                // Every value left is a scalar value.
                char::from_u32(code).ok_or_else(|| self.fail(Fault::Surrogate))?
            }
            _ => return Err(self.fail(Fault::Json("invalid escape"))),
        };
        out.push(c);
        Ok(())
    }

    fn hex4(&mut self) -> Step<u32> {
        let digits = self
            .bytes
            .get(self.at..self.at + 4)
            .ok_or_else(|| self.fail(Fault::Json("EOF while parsing a string")))?;
        let mut n = 0;
        for &d in digits {
            let v = (d as char)
                .to_digit(16)
                .ok_or_else(|| self.fail(Fault::Json("invalid escape")))?;
            n = n * 16 + v;
        }
        self.at += 4;
        Ok(n)
    }

    /// A JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    fn number(&mut self) -> Step<Val<'a>> {
        let start = self.at;
        let negative = self.bytes[self.at] == b'-';
        if negative {
            self.at += 1;
        }
        let int_start = self.at;
        match self.bytes.get(self.at) {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(self.fail(Fault::Json("invalid number"))),
        }
        let int_end = self.at;
        let mut integer = true;
        if self.bytes.get(self.at) == Some(&b'.') {
            self.at += 1;
            if !matches!(self.bytes.get(self.at), Some(b'0'..=b'9')) {
                return Err(self.fail(Fault::Json("invalid number")));
            }
            self.digits();
            integer = false;
        }
        if let Some(b'e' | b'E') = self.bytes.get(self.at) {
            self.at += 1;
            if let Some(b'+' | b'-') = self.bytes.get(self.at) {
                self.at += 1;
            }
            if !matches!(self.bytes.get(self.at), Some(b'0'..=b'9')) {
                return Err(self.fail(Fault::Json("invalid number")));
            }
            self.digits();
            integer = false;
        }
        // An integer of at most 15 digits is exact in an f64 (`-0` stays -0,
        // as `JSON.parse` and serde_json read it).
        if integer && int_end - int_start <= 15 {
            let n = self.bytes[int_start..int_end]
                .iter()
                .fold(0u64, |n, &d| n * 10 + u64::from(d - b'0')) as f64;
            return Ok(Val::Num(if negative { -n } else { n }));
        }
        match self.text[start..self.at].parse::<f64>() {
            Ok(n) if n.is_finite() => Ok(Val::Num(n)),
            _ => Err((Fault::Json("number out of range"), start)),
        }
    }

    fn digits(&mut self) {
        while let Some(b'0'..=b'9') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }
}

#[cfg(test)]
#[path = "../../tests/unit/value/parse.rs"]
mod tests;
