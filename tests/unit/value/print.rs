//! Unit tests of `src/value/print.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;
use crate::wasm::wire::parse;

#[test]
fn stringify_keeps_order_and_js_format() {
    let v = parse(r#"{"b":[1,2.50,{}],"a":"x\u0001\"","c":{"d":[]},"e":1E21}"#, false, "v").unwrap();
    // JSON.stringify(JSON.parse(...)) in V8:
    assert_eq!(
        stringify(&v),
        r#"{"b":[1,2.5,{}],"a":"x\u0001\"","c":{"d":[]},"e":1e+21}"#
    );
    assert_eq!(
        stringify_pretty(&v),
        "{\n  \"b\": [\n    1,\n    2.5,\n    {}\n  ],\n  \"a\": \"x\\u0001\\\"\",\n  \"c\": {\n    \"d\": []\n  },\n  \"e\": 1e+21\n}"
    );
    let dup = parse(r#"{"a":1,"b":2,"a":3}"#, false, "v").unwrap();
    assert_eq!(stringify(&dup), r#"{"a":3,"b":2}"#);
}

#[test]
fn values_json_cannot_say_print_as_javascript_does() {
    let v = parse(
        r#"[{"\u0000":"u"},{"\u0000":"NaN"},{"k":{"\u0000":"u"}},{"\u0000":"D0"},{"\u0000":"Dinvalid"}]"#,
        true,
        "v",
    )
    .unwrap();
    // JSON.stringify([undefined, NaN, {k: undefined}, new Date(0), new Date(NaN)]):
    assert_eq!(stringify(&v), r#"[null,null,{},"1970-01-01T00:00:00.000Z",null]"#);
    let d = parse(
        r#"[{"\u0000":"D-62198755200000"},{"\u0000":"D253402300800000"},{"\u0000":"D1700000000123"}]"#,
        true,
        "v",
    )
    .unwrap();
    // new Date(-62198755200000).toISOString() etc. in V8:
    assert_eq!(
        stringify(&d),
        r#"["-000001-01-01T00:00:00.000Z","+010000-01-01T00:00:00.000Z","2023-11-14T22:13:20.123Z"]"#
    );
}
