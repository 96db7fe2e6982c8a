//! Unit tests of `src/responses/extract.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

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
        text(r#"{"text":"n","isError":false,"contentBlocks":[],"raw":null,"content":[{"type":"text","text":"c"}]}"#),
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
    assert_eq!(n.text.into_string(), "x");
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
    let png = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/responses/filesystem/read_media_file-png.result.json"
    ));
    let png = crate::value::parse::parse(png, "r").unwrap();
    let t = extract_text(&png);
    assert!(t.starts_with(r#"{"content":[{"type":"image","data":"iVBORw0KGgo"#));
    assert!(t.ends_with(r#"","mimeType":"image/png"}]}"#));
    assert_eq!(t.len(), 5443);
    let link = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/responses/everything/gzip-file-as-resource-link.result.json"
    ));
    let link = crate::value::parse::parse(link, "r").unwrap();
    assert_eq!(extract_text(&link), "");
    assert_eq!(
        extract_text(link.get("content").unwrap()),
        r#"[{"name":"hello.txt.gz","uri":"demo://resource/session/hello.txt.gz","mimeType":"application/gzip","type":"resource_link"}]"#
    );
}
