//! `normalizeToolResponse` and `extractText` of
//! `@gleanwork/mcp-server-tester@1.1.0` (`dist/index.js`, section
//! `src/mcp/response.ts`), branch for branch, and `isErrorResponse`
//! (`src/assertions/validators/utils.ts`).

use crate::error::{MatcherError, Result};
use crate::js::number::to_string as js_number;
use crate::value::print::stringify;
use crate::value::Val;

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

/// What `normalizeToolResponse(result)` returns, minus `raw` (the input itself).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Normalized<'j> {
    /// Every string `text` of a content block, joined by `"\n"`; when there
    /// is none, `structuredContent` (a string as is, another non-null value
    /// as `JSON.stringify` text).
    pub text: String,
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
    let mut text = parts.join("\n");
    if parts.is_empty() {
        match structured {
            Some(Val::Str(s)) => text = s.to_string(),
            Some(Val::Null) | None => {}
            Some(v) => text = stringify(v),
        }
    }
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
fn from_content_array(content: &[Val<'_>], whole: &Val<'_>) -> String {
    let parts: Vec<&str> = content
        .iter()
        .filter(|b| b.get("type").and_then(Val::as_str) == Some("text"))
        .filter_map(|b| b.get("text").and_then(Val::as_str))
        .collect();
    if parts.is_empty() {
        stringify(whole)
    } else {
        parts.join("\n")
    }
}

/// `extractText(response)`: `""` for `null`; a string as is; a normalized
/// response's `text`; a `CallToolResult` (an object whose `content` is an
/// array) as [`normalize`]'s text; an array of content blocks by its text
/// blocks (else its `JSON.stringify` text); another object by its `content`
/// string, its `structuredContent` (a string, else its JSON text), its
/// `text` string, else its own JSON text; a number or boolean as `String(v)`.
pub(crate) fn extract_text(response: &Val<'_>) -> String {
    match response {
        Val::Null | Val::Undefined => String::new(),
        Val::Str(s) | Val::BigInt(s) => s.to_string(),
        Val::Num(n) => js_number(*n),
        Val::Date(_) => stringify(response),
        Val::Bool(b) => b.to_string(),
        Val::Arr(items) => from_content_array(items, response),
        Val::Obj(_) => {
            if is_normalized(response) {
                return response.get("text").and_then(Val::as_str).unwrap_or("").to_string();
            }
            if let Some(Val::Arr(_)) = response.get("content") {
                // An object never fails normalisation.
                return normalize(response, "").map(|n| n.text).unwrap_or_default();
            }
            if let Some(Val::Str(s)) = response.get("content") {
                return s.to_string();
            }
            match response.get("structuredContent") {
                Some(Val::Str(s)) => return s.to_string(),
                Some(v) => return stringify(v),
                None => {}
            }
            if let Some(Val::Str(s)) = response.get("text") {
                return s.to_string();
            }
            stringify(response)
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
