//! Unit tests of `src/value/mod.rs` (crate-private items; included by its
//! `#[cfg(test)] mod tests`).

use super::*;

fn obj<'a>(entries: &[(&'a str, Val<'a>)]) -> Val<'a> {
    Val::object(entries.iter().map(|(k, v)| (Cow::Borrowed(*k), v.clone())).collect())
}

#[test]
fn objects_look_up_by_key_and_keep_document_order() {
    let v = obj(&[("b", Val::Num(1.0)), ("a", Val::Num(2.0)), ("c", Val::Null)]);
    assert_eq!(v.get("a"), Some(&Val::Num(2.0)));
    assert_eq!(v.get("z"), None);
    let Val::Obj(o) = &v else { unreachable!() };
    let keys: Vec<&str> = o.members().iter().map(|m| &*m.key).collect();
    assert_eq!(keys, ["a", "b", "c"]);
    let doc: Vec<&str> = o.in_document_order().iter().map(|m| &*m.key).collect();
    assert_eq!(doc, ["b", "a", "c"]);
}

#[test]
fn a_repeated_key_keeps_its_first_position_and_last_value() {
    // JSON.parse('{"a":1,"b":2,"a":3}') is { a: 3, b: 2 } with "a" first.
    let v = obj(&[("a", Val::Num(1.0)), ("b", Val::Num(2.0)), ("a", Val::Num(3.0))]);
    let Val::Obj(o) = &v else { unreachable!() };
    assert_eq!(o.len(), 2);
    assert_eq!(o.get("a"), Some(&Val::Num(3.0)));
    let doc: Vec<&str> = o.in_document_order().iter().map(|m| &*m.key).collect();
    assert_eq!(doc, ["a", "b"]);
}
