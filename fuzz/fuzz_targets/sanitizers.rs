//! Snapshot sanitizers (`applySanitizers`): built-ins, custom `RegExp`s with
//! JavaScript replacement syntax, `{ remove }` paths. Input:
//! `source \0 flags \0 replacement \0 text`. Invariants: replacing every
//! match with itself (`$&`) gives the text back; the built-ins never fail.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_matchers::responses::{apply_sanitizers, JsPattern, Sanitizer};
use mcp_matchers_fuzz::fields;

fuzz_target!(|data: &[u8]| {
    let [source, flags, replacement, text] = fields::<4>(data);
    let custom = |replacement: &str| Sanitizer::Regex {
        pattern: JsPattern::RegExp {
            source: source.clone(),
            flags: flags.clone(),
        },
        replacement: Some(replacement.to_string()),
    };
    if let Ok(same) = apply_sanitizers(&text, &[custom("$&")]) {
        assert_eq!(same, text, "/{source}/{flags} replaced by $& changed the text");
    }
    let _ = apply_sanitizers(&text, &[custom(&replacement)]);
    let built_in = [
        Sanitizer::Timestamp,
        Sanitizer::Uuid,
        Sanitizer::IsoDate,
        Sanitizer::ObjectId,
        Sanitizer::Jwt,
    ];
    let out = apply_sanitizers(&text, &built_in).expect("built-ins never fail");
    assert_eq!(
        apply_sanitizers(&out, &built_in).unwrap(),
        out,
        "sanitizing twice changes nothing more"
    );
    let paths: Vec<String> = replacement.split(',').map(str::to_string).collect();
    let _ = apply_sanitizers(&text, &[Sanitizer::Remove(paths)]);
});
