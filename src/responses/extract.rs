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
mod tests {
    use super::*;

    fn text(src: &str) -> String {
        extract_text(&crate::value::parse::parse(src, "r").unwrap())
    }

    #[test]
    fn extract_text_branches() {
        // Each line: input, then `extractText` of it in
        // @gleanwork/mcp-server-tester@1.1.0 (Node 20).
        assert_eq!(text("null"), "");
        assert_eq!(text(r#""plain""#), "plain");
        assert_eq!(text("12.50"), "12.5");
        assert_eq!(text("true"), "true");
        assert_eq!(
            text(r#"{"content":[{"type":"text","text":"a"},{"type":"image","data":"x"},{"text":"b"}]}"#),
            "a\nb"
        );
        assert_eq!(
            text(r#"{"content":[],"structuredContent":{"z":1,"a":[2]}}"#),
            r#"{"z":1,"a":[2]}"#
        );
        assert_eq!(
            text(r#"{"content":[{"type":"text","text":"t"}],"structuredContent":{"z":1}}"#),
            "t"
        );
        assert_eq!(text(r#"{"content":[{"type":"image"}],"structuredContent":null}"#), "");
        assert_eq!(
            text(r#"[{"type":"text","text":"a"},{"text":"b"},{"type":"text","text":"c"}]"#),
            "a\nc"
        );
        assert_eq!(
            text(r#"[{"type":"image","data":"x"}]"#),
            r#"[{"type":"image","data":"x"}]"#
        );
        assert_eq!(text(r#"{"content":"s"}"#), "s");
        assert_eq!(text(r#"{"structuredContent":null,"text":"t"}"#), "null");
        assert_eq!(text(r#"{"text":"t","k":1}"#), "t");
        assert_eq!(text(r#"{"b":1,"a":2}"#), r#"{"b":1,"a":2}"#);
        assert_eq!(
            text(
                r#"{"text":"n","isError":false,"contentBlocks":[],"raw":null,"content":[{"type":"text","text":"c"}]}"#
            ),
            "n"
        );
    }

    #[test]
    fn normalize_keeps_blocks_and_is_error() {
        let v = crate::value::parse::parse(
            r#"{"content":[1,{"type":"image","data":"AA","mimeType":"image/png"},{"type":7,"text":"x"}],"isError":"yes"}"#,
            "r",
        )
        .unwrap();
        let n = normalize(&v, "result").unwrap();
        assert_eq!(n.text, "x");
        assert_eq!(n.is_error, Val::Str("yes".into()));
        assert_eq!(n.blocks.len(), 2);
        assert_eq!(
            (n.blocks[0].index, n.blocks[0].kind, n.blocks[0].mime_type),
            (1, "image", Some("image/png"))
        );
        assert_eq!(
            (n.blocks[1].index, n.blocks[1].kind, n.blocks[1].text),
            (2, "unknown", Some("x"))
        );
        assert_eq!(n.structured, None);
        assert!(normalize(&Val::Null, "result").is_err());
    }

    #[test]
    fn error_responses() {
        let is = |s: &str| is_error_response(&crate::value::parse::parse(s, "r").unwrap());
        assert!(is(r#"{"isError":true,"content":[]}"#));
        assert!(!is(r#"{"isError":"true"}"#));
        assert!(is(r#"{"raw":{"isError":true}}"#));
        assert!(!is(r#"{"raw":"x"}"#));
        assert!(!is(r#""isError""#));
    }

    #[test]
    fn fallbacks_keep_the_fixture_key_order() {
        // `extractText` of the reference on the recorded results (Node 20).
        let png = include_str!("../../tests/fixtures/responses/filesystem/read_media_file-png.result.json");
        let png = crate::value::parse::parse(png, "r").unwrap();
        let t = extract_text(&png);
        assert!(t.starts_with(r#"{"content":[{"type":"image","data":"iVBORw0KGgo"#));
        assert!(t.ends_with(r#"","mimeType":"image/png"}]}"#));
        assert_eq!(t.len(), 5443);
        let link = include_str!("../../tests/fixtures/responses/everything/gzip-file-as-resource-link.result.json");
        let link = crate::value::parse::parse(link, "r").unwrap();
        assert_eq!(extract_text(&link), "");
        assert_eq!(
            extract_text(link.get("content").unwrap()),
            r#"[{"name":"hello.txt.gz","uri":"demo://resource/session/hello.txt.gz","mimeType":"application/gzip","type":"resource_link"}]"#
        );
    }
}
