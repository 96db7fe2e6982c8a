//! Unit tests of `src/reader.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;
use crate::wasm::wire::parse;

#[test]
fn paths_and_codes() {
    let v = parse(r#"{"calls":[{"name":1}],"order":"sorted","n":-1}"#, false, "v").unwrap();
    let root = Reader::new(Some(&v), "expectation");
    let calls = root.field("calls");
    let e = calls
        .items("an array", |c| c.field("name").str().map(str::to_string))
        .unwrap_err();
    assert_eq!(
        (e.code, e.path.as_str()),
        (ErrorCode::InvalidArgument, "expectation.calls[0].name")
    );
    assert_eq!(e.message, "name must be a string, got a number");
    let o = Reader::new(Some(&v), "options").options();
    let e = o.field("order").opt_one_of(&[("any", 0), ("strict", 1)]).unwrap_err();
    assert_eq!((e.code, e.path.as_str()), (ErrorCode::InvalidOption, "options.order"));
    assert_eq!(e.message, r#"order must be "any" or "strict", got "sorted""#);
    let e = o
        .field("n")
        .opt_count(0, 10, "a whole number from 0 to 10")
        .unwrap_err();
    assert_eq!(e.message, "n must be a whole number from 0 to 10, got -1");
    assert_eq!(o.field("missing").opt_bool().unwrap(), None);
}
