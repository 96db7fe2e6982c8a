//! `JSON.stringify` over [`Val`], as JavaScript prints it: members in
//! document order, numbers as `Number.prototype.toString` writes them
//! (`1e+21`, `1e-7`, `100`), the compact form and the pretty form with a
//! two-space indent (`JSON.stringify(v, null, 2)`).
//!
//! `@gleanwork/mcp-server-tester@1.1.0` prints responses and arguments this
//! way in `extractText` fallbacks and messages, and its `removeFields`
//! sanitizer writes the pretty form.

use super::Val;
use crate::js::number::write_to as js_number_into;
use std::fmt::Write;

/// `JSON.stringify(v)`; `undefined` (which JavaScript returns as `undefined`)
/// prints as `null`.
pub(crate) fn stringify(v: &Val<'_>) -> String {
    let mut out = String::new();
    write_value(v, None, &mut out);
    out
}

/// `JSON.stringify(v, null, 2)`.
pub(crate) fn stringify_pretty(v: &Val<'_>) -> String {
    let mut out = String::new();
    write_value(v, Some(0), &mut out);
    out
}

/// A `serde_json` number for `n`, an integer when `n` is one (as JavaScript
/// prints it), `null` when not finite.
pub(crate) fn json_number(n: f64) -> serde_json::Value {
    if n.fract() == 0.0 && n.abs() < 9.007_199_254_740_992e15 {
        serde_json::Value::from(n as i64)
    } else {
        serde_json::Number::from_f64(n).map_or(serde_json::Value::Null, serde_json::Value::Number)
    }
}

fn newline(out: &mut String, level: usize) {
    out.push('\n');
    (0..level).for_each(|_| out.push_str("  "));
}

/// `indent`: `None` for the compact form, `Some(level)` for the pretty form.
fn write_value(v: &Val<'_>, indent: Option<usize>, out: &mut String) {
    match v {
        Val::Undefined | Val::Null => out.push_str("null"),
        Val::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Val::Num(n) if n.is_finite() => js_number_into(*n, out),
        Val::Num(_) => out.push_str("null"),
        Val::Str(s) => write_str(s, out),
        Val::BigInt(digits) => out.push_str(digits),
        Val::Date(t) => match crate::js::date::to_iso_string(*t) {
            Some(iso) => write_str(&iso, out),
            None => out.push_str("null"),
        },
        Val::Arr(items) => write_list('[', ']', items.iter().map(|i| (None, i)), indent, out),
        Val::Obj(o) => {
            let members = o.in_document_order();
            let shown = members
                .into_iter()
                .filter(|m| !matches!(m.value, Val::Undefined))
                .map(|m| (Some(&*m.key), &m.value));
            write_list('{', '}', shown, indent, out)
        }
    }
}

fn write_list<'v, 'a: 'v>(
    open: char,
    close: char,
    items: impl Iterator<Item = (Option<&'v str>, &'v Val<'a>)>,
    indent: Option<usize>,
    out: &mut String,
) {
    out.push(open);
    let mut any = false;
    for (i, (key, item)) in items.enumerate() {
        any = true;
        if i > 0 {
            out.push(',');
        }
        if let Some(level) = indent {
            newline(out, level + 1);
        }
        if let Some(k) = key {
            write_str(k, out);
            out.push(':');
            if indent.is_some() {
                out.push(' ');
            }
        }
        write_value(item, indent.map(|l| l + 1), out);
    }
    if let (true, Some(level)) = (any, indent) {
        newline(out, level);
    }
    out.push(close);
}

/// A JSON string literal as `JSON.stringify` writes it: `"` and `\` escaped,
/// `\b \f \n \r \t`, other controls as `\u00xx`, everything else as is.
pub(crate) fn write_str(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
#[path = "../../tests/unit/value/print.rs"]
mod tests;
