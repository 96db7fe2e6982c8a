//! JavaScript's own semantics, each written once for every family: the
//! `RegExp` front end ([`regex`]: JS syntax and flags translated for the
//! linear-time engines), `Number.prototype.toString` and `toFixed`
//! ([`number`]), `String.prototype.trim`, UTF-16 `length` and `slice`
//! ([`text`]), `Date` ISO strings ([`date`]).
//! Plain Rust, no `wasm_bindgen`: the families call these and the
//! WebAssembly exports only carry their results.
//!
//! Each module names the ECMAScript rule it follows; its tests compare with
//! answers V8 gave (`tests/data/gen-js-semantics.mjs` records them in
//! `tests/data/`, and `tests/js/js-semantics.test.mjs` asks V8 directly).

pub(crate) mod date;
pub(crate) mod number;
pub(crate) mod regex;
pub(crate) mod text;
