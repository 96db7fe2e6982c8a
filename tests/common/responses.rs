//! Tool-response exports (`mcp-matchers/responses`,
//! @gleanwork/mcp-server-tester@1.1.0): arguments cross as JSON texts joined
//! by `\n`, results come back as JSON text. Expected messages are the
//! reference's for the same inputs (its `validateText`, `validateError`).

use super::{error_message, error_parts};
use mcp_matchers::wasm::{extract_text_of, validate_error_json, validate_pattern_json, validate_text_json, HostTexts};
use serde_json::{json, Value};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

const HELLO: &str = r#"{"content":[{"type":"text","text":"Hello, world"}]}"#;

fn out(r: Result<String, wasm_bindgen::JsValue>) -> Value {
    serde_json::from_str(&r.unwrap()).unwrap()
}

#[wasm_bindgen_test]
fn text_checks_cross_with_the_reference_messages() {
    assert_eq!(extract_text_of(HELLO.as_bytes(), 0, None).unwrap(), "Hello, world");
    let pass = out(validate_text_json(
        format!("{HELLO}\n\"world\"\n{{}}").as_bytes(),
        0,
        None,
    ));
    assert_eq!(pass["pass"], json!(true));
    let fail = out(validate_text_json(
        format!("{HELLO}\n[\"world\",\"moon\"]\n{{}}").as_bytes(),
        0,
        None,
    ));
    assert_eq!(fail["pass"], json!(false));
    assert_eq!(
        fail["message"],
        json!("Response does not contain expected text: \"moon\"")
    );
    assert_eq!(fail["details"]["missing"], json!(["moon"]));
    let error = out(validate_error_json(format!("{HELLO}\ntrue").as_bytes(), 0));
    assert_eq!(error["message"], json!("Expected an error response but got success"));
}

// A text block left in JavaScript (src/wasm/wire.rs HOST_STRINGS): the core
// composes the text from it and searches it there, through the holder's
// methods (pkg-template/responses.js HostTexts).
#[wasm_bindgen_test]
fn a_text_left_in_javascript_is_searched_there() {
    let holder = js_sys::Function::new_no_args(
        "const texts = ['Hello, world'];
         return {
           compose(p) { this.t = p.map((x) => (typeof x === 'number' ? texts[x] : x)).join(''); return this.t.length; },
           includes(n, fold) { return fold ? this.t.toLowerCase().includes(n.toLowerCase()) : this.t.includes(n); },
           head(u) { return this.t.slice(0, u); },
         };",
    );
    let host = || Some(holder.call0(&JsValue::NULL).unwrap().unchecked_into::<HostTexts>());
    let ext = (1 << 31) | (1 << 30);
    let payload = |expected: &str, options: &str| {
        format!("{{\"content\":[{{\"type\":\"text\",\"text\":\"\"}}]}}\n{expected}\n{options}\u{1}\u{1}[[0,[\"content\",0,\"text\"],0]]")
    };
    let pass = out(validate_text_json(payload("[\"world\"]", "{}").as_bytes(), ext, host()));
    assert_eq!(pass["message"], json!("Response contains expected text"));
    let fail = out(validate_text_json(
        payload("[\"WORLD\",\"moon\"]", "{}").as_bytes(),
        ext,
        host(),
    ));
    assert_eq!(
        fail["message"],
        json!("Response is missing 2 expected substrings: \"WORLD\", \"moon\"")
    );
    assert_eq!(fail["details"]["textLength"], json!(12));
    assert_eq!(fail["details"]["textPreview"], json!("Hello, world"));
    let folded = out(validate_text_json(
        payload("[\"WORLD\"]", "{\"caseSensitive\":false}").as_bytes(),
        ext,
        host(),
    ));
    assert_eq!(folded["pass"], json!(true));
    // extractText: the text is composed in JavaScript (the holder's `text`); the export returns "".
    let h = host().unwrap();
    let only = "{\"content\":[{\"type\":\"text\",\"text\":\"\"},{\"type\":\"text\",\"text\":\"b\"}]}\u{1}\u{1}[[0,[\"content\",0,\"text\"],0]]";
    assert_eq!(
        extract_text_of(only.as_bytes(), ext, Some(h.clone().unchecked_into())).unwrap(),
        ""
    );
    let composed = js_sys::Reflect::get(&h, &JsValue::from_str("t")).unwrap();
    assert_eq!(composed.as_string().as_deref(), Some("Hello, world\nb"));
    // What JavaScript throws while making the text is UNSUPPORTED_VALUE, and the module answers on.
    let throwing = js_sys::Function::new_no_args(
        "return { compose() { throw new RangeError('Invalid string length'); }, includes() { return true; }, head() { return ''; } };",
    );
    let bad = Some(throwing.call0(&JsValue::NULL).unwrap().unchecked_into::<HostTexts>());
    let e = validate_text_json(payload("[\"world\"]", "{}").as_bytes(), ext, bad).unwrap_err();
    assert_eq!(error_parts(e), ("UNSUPPORTED_VALUE".into(), "response".into()));
    assert_eq!(
        out(validate_text_json(payload("[\"world\"]", "{}").as_bytes(), ext, host()))["pass"],
        json!(true)
    );
    // Marked texts without their holder are refused, not read as empty.
    let e = validate_text_json(payload("[\"world\"]", "{}").as_bytes(), ext, None).unwrap_err();
    assert_eq!(error_parts(e), ("INVALID_ARGUMENT".into(), "response".into()));
}

#[wasm_bindgen_test]
fn a_javascript_pattern_crosses_as_source_and_flags() {
    // JavaScript: /HELLO,\sWORLD/i.test("Hello, world") === true; /a{/ is a literal "a{".
    let r = out(validate_pattern_json(
        format!("{HELLO}\n[[\"HELLO,\\\\sWORLD\",\"i\"]]\n{{}}").as_bytes(),
        0,
    ));
    assert_eq!(r["pass"], json!(true));
    let r = out(validate_pattern_json(
        format!("{HELLO}\n[[\"a{{\",\"\"]]\n{{}}").as_bytes(),
        0,
    ));
    assert_eq!(r["pass"], json!(false));
}

#[wasm_bindgen_test]
fn response_errors_are_coded_and_the_module_keeps_answering() {
    let e = validate_text_json(format!("{HELLO}\n42\n{{}}").as_bytes(), 0, None).unwrap_err();
    assert_eq!(error_parts(e), ("INVALID_ARGUMENT".into(), "expected".into()));
    let e = validate_text_json(
        format!("{HELLO}\n\"x\"\n{{\"caseSensitive\":\"no\"}}").as_bytes(),
        0,
        None,
    )
    .unwrap_err();
    assert_eq!(
        error_parts(e),
        ("INVALID_OPTION".into(), "options.caseSensitive".into())
    );
    let e = validate_pattern_json(format!("{HELLO}\n[[\"(\",\"\"]]\n{{}}").as_bytes(), 0).unwrap_err();
    assert!(!error_message(e).is_empty());
    let e = extract_text_of(&[b'{', 0xff], 0, None).unwrap_err();
    assert_eq!(error_parts(e).0, "INVALID_JSON");
    assert_eq!(extract_text_of(HELLO.as_bytes(), 0, None).unwrap(), "Hello, world");
}
