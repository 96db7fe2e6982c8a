//! `normalizeToolResponse` and `extractText` of
//! `@gleanwork/mcp-server-tester@1.1.0` (`dist/index.js`, section
//! `src/mcp/response.ts`), branch for branch, and `isErrorResponse`
//! (`src/assertions/validators/utils.ts`).

use crate::error::{MatcherError, Result};
use crate::js::number::to_string as js_number;
use crate::value::print::stringify;
use crate::value::Val;
use std::borrow::Cow;

/// One content block as `normalizeToolResponse` keeps it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Block<'j> {
    /// Index of the block in `result.content` (non-objects are skipped).
    pub index: usize,
    /// `block.type` when it is a string, else `"unknown"`.
    pub kind: &'j str,
    /// `block.text` when it is a string.
    pub text: Option<&'j str>,
    /// `block.data` when present (any value).
    pub data: Option<&'j Val<'j>>,
    /// `block.mimeType` when it is a string.
    pub mime_type: Option<&'j str>,
}

/// A response's text as `extractText` makes it, before it is joined: the
/// strings of several content blocks (joined by `"\n"`), or one text. Kept
/// apart so that the wasm binding can find in it the long texts that stayed
/// in JavaScript (`src/wasm/wire.rs` `HOST_STRINGS`) and search them there.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Text<'j> {
    /// Block texts, joined by `"\n"` (at least one).
    Lines(Vec<&'j str>),
    /// One text.
    One(Cow<'j, str>),
}

impl<'j> Text<'j> {
    /// The text itself.
    pub(crate) fn into_string(self) -> String {
        match self {
            Text::Lines(_) => self.pieces().concat(),
            Text::One(s) => s.into_owned(),
        }
    }

    /// The text as pieces to concatenate in order (the block texts and the
    /// `"\n"` between them).
    pub(crate) fn pieces(&self) -> Vec<&str> {
        match self {
            Text::Lines(parts) => {
                let mut out = Vec::with_capacity(parts.len() * 2);
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        out.push("\n");
                    }
                    out.push(*p);
                }
                out
            }
            Text::One(s) => vec![s.as_ref()],
        }
    }
}

/// What `normalizeToolResponse(result)` returns, minus `raw` (the input itself).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Normalized<'j> {
    /// Every string `text` of a content block, joined by `"\n"`; when there
    /// is none, `structuredContent` (a string as is, another non-null value
    /// as `JSON.stringify` text).
    pub text: Text<'j>,
    /// `result.isError ?? false`: the value as given (normally a boolean).
    pub is_error: Val<'j>,
    pub blocks: Vec<Block<'j>>,
    /// `result.structuredContent` when present (`null` included), else `None`
    /// (the reference then returns `null`).
    pub structured: Option<&'j Val<'j>>,
}

/// `normalizeToolResponse(result)`.
/// Errors: `INVALID_ARGUMENT` at `path` when `result` is `null` or absent
/// (the reference throws a `TypeError` reading `result.isError`).
pub(crate) fn normalize<'j>(result: &'j Val<'j>, path: &str) -> Result<Normalized<'j>> {
    if matches!(result, Val::Null) {
        return Err(MatcherError::invalid_argument(
            path,
            "a tool result must be a CallToolResult object { content, structuredContent?, isError? }, got null",
        ));
    }
    let is_error = match result.get("isError") {
        None | Some(Val::Null) => Val::Bool(false),
        Some(v) => v.clone(),
    };
    let mut blocks = Vec::new();
    let mut parts: Vec<&str> = Vec::new();
    if let Some(Val::Arr(content)) = result.get("content") {
        for (index, block) in content.iter().enumerate() {
            if !matches!(block, Val::Obj(_) | Val::Arr(_)) {
                continue;
            }
            let text = block.get("text").and_then(Val::as_str);
            parts.extend(text);
            blocks.push(Block {
                index,
                kind: block.get("type").and_then(Val::as_str).unwrap_or("unknown"),
                text,
                data: block.get("data"),
                mime_type: block.get("mimeType").and_then(Val::as_str),
            });
        }
    }
    let structured = result.get("structuredContent");
    let text = match structured {
        _ if !parts.is_empty() => Text::Lines(parts),
        Some(Val::Str(s)) => Text::One(Cow::Borrowed(s)),
        Some(Val::Null) | None => Text::One(Cow::Borrowed("")),
        Some(v) => Text::One(Cow::Owned(stringify(v))),
    };
    Ok(Normalized {
        text,
        is_error,
        blocks,
        structured,
    })
}

/// `isNormalizedResponse`: `text` a string, `isError` a boolean,
/// `contentBlocks` an array and `raw` present.
fn is_normalized(v: &Val<'_>) -> bool {
    matches!(v.get("text"), Some(Val::Str(_)))
        && matches!(v.get("isError"), Some(Val::Bool(_)))
        && matches!(v.get("contentBlocks"), Some(Val::Arr(_)))
        && v.get("raw").is_some()
}

/// `extractTextFromContentArray`: the `text` of every `type: "text"` block
/// joined by `"\n"`, else `JSON.stringify(content)`.
fn from_content_array<'j>(content: &'j [Val<'j>], whole: &Val<'_>) -> Text<'j> {
    let parts: Vec<&str> = content
        .iter()
        .filter(|b| b.get("type").and_then(Val::as_str) == Some("text"))
        .filter_map(|b| b.get("text").and_then(Val::as_str))
        .collect();
    if parts.is_empty() {
        Text::One(Cow::Owned(stringify(whole)))
    } else {
        Text::Lines(parts)
    }
}

/// `extractText(response)`: `""` for `null`; a string as is; a normalized
/// response's `text`; a `CallToolResult` (an object whose `content` is an
/// array) as [`normalize`]'s text; an array of content blocks by its text
/// blocks (else its `JSON.stringify` text); another object by its `content`
/// string, its `structuredContent` (a string, else its JSON text), its
/// `text` string, else its own JSON text; a number or boolean as `String(v)`.
pub(crate) fn extract_text(response: &Val<'_>) -> String {
    extract(response).into_string()
}

/// [`extract_text`] before the join: the same text as its pieces.
pub(crate) fn extract<'j>(response: &'j Val<'j>) -> Text<'j> {
    let one = |s: &'j str| Text::One(Cow::Borrowed(s));
    let owned = |s: String| Text::One(Cow::Owned(s));
    match response {
        Val::Null | Val::Undefined => one(""),
        Val::Str(s) | Val::BigInt(s) => one(s),
        Val::Num(n) => owned(js_number(*n)),
        Val::Date(_) => owned(stringify(response)),
        Val::Bool(b) => one(if *b { "true" } else { "false" }),
        Val::Arr(items) => from_content_array(items, response),
        Val::Obj(_) => {
            if is_normalized(response) {
                return one(response.get("text").and_then(Val::as_str).unwrap_or(""));
            }
            if let Some(Val::Arr(_)) = response.get("content") {
                // An object never fails normalisation.
                return normalize(response, "").map_or(one(""), |n| n.text);
            }
            if let Some(Val::Str(s)) = response.get("content") {
                return one(s);
            }
            match response.get("structuredContent") {
                Some(Val::Str(s)) => return one(s),
                Some(v) => return owned(stringify(v)),
                None => {}
            }
            if let Some(Val::Str(s)) = response.get("text") {
                return one(s);
            }
            owned(stringify(response))
        }
    }
}

/// `isErrorResponse`: an object whose `isError` is `true`, or whose `raw`
/// is an object with `isError: true`.
pub(crate) fn is_error_response(response: &Val<'_>) -> bool {
    if !matches!(response, Val::Obj(_)) {
        return false;
    }
    if response.get("isError") == Some(&Val::Bool(true)) {
        return true;
    }
    match response.get("raw") {
        Some(raw @ (Val::Obj(_) | Val::Arr(_))) => raw.get("isError") == Some(&Val::Bool(true)),
        _ => false,
    }
}

#[cfg(test)]
#[path = "../../tests/unit/responses/extract.rs"]
mod tests;
