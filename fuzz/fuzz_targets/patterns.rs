//! The JS regex translator and every pattern check that uses it:
//! `validatePattern` (the regex crate), transcript patterns (regex-lite),
//! `$pattern` argument matchers. Input: `source \0 flags \0 text`.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_matchers::responses::{validate_pattern, validate_tool_calls, JsPattern, TextOptions};
use mcp_matchers::transcripts::TextOrRegex;
use mcp_matchers_fuzz::{fields, text_response};
use serde_json::json;

fuzz_target!(|data: &[u8]| {
    let [source, flags, text] = fields::<3>(data);
    let response = text_response(&text);
    let pattern = JsPattern::RegExp {
        source: source.clone(),
        flags: flags.clone(),
    };
    for case_sensitive in [true, false] {
        match validate_pattern(
            &response,
            std::slice::from_ref(&pattern),
            &TextOptions { case_sensitive },
        ) {
            Ok(r) => assert_eq!(r.pass, r.details.is_none()),
            Err(e) => assert!(e.path.starts_with("patterns[0]"), "{e}"),
        }
    }
    if let Ok(re) = TextOrRegex::regex(&source, &flags, "pattern") {
        let _ = (re.matches_sub(&text), re.matches_exact(&text), re.display());
    }
    let sim = json!({ "success": true, "toolCalls": [{ "name": "t", "arguments": { "q": text } }] });
    let expectation =
        json!({ "calls": [{ "name": "t", "arguments": { "q": { "$pattern": source, "$flags": flags } } }] });
    let _ = validate_tool_calls(&sim, &expectation);
});
