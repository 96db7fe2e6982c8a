//! Type placeholders: `matchArgumentPlaceholder` of `@mcpjam/sdk@1.14.0`
//! (`dist/matchers.js`).

use crate::value::Val;

/// A type-placeholder word of partial argument matching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Placeholder {
    Any,
    String,
    Number,
    Boolean,
    Object,
    Array,
    Null,
}

impl Placeholder {
    /// The placeholder an expected value stands for: a string that is one of
    /// the seven words after JS `trim()` and `toLowerCase()`.
    pub(crate) fn parse(expected: &Val<'_>) -> Option<Placeholder> {
        let Val::Str(s) = expected else { return None };
        let word = crate::js::text::trim(s);
        // JS `toLowerCase()` then equality with an ASCII word is ASCII
        // case-folding here: the only non-ASCII letter that lowercases to
        // ASCII is KELVIN SIGN (to `k`), and no word has a `k`.
        const WORDS: [(&str, Placeholder); 7] = [
            ("any", Placeholder::Any),
            ("string", Placeholder::String),
            ("number", Placeholder::Number),
            ("boolean", Placeholder::Boolean),
            ("object", Placeholder::Object),
            ("array", Placeholder::Array),
            ("null", Placeholder::Null),
        ];
        WORDS
            .iter()
            .find(|(w, _)| w.eq_ignore_ascii_case(word))
            .map(|&(_, p)| p)
    }

    /// Whether `actual` (absent = `undefined`) passes the type check.
    pub(crate) fn accepts(self, actual: Option<&Val<'_>>) -> bool {
        let v = actual.unwrap_or(&Val::Undefined);
        match self {
            Placeholder::Any => !matches!(v, Val::Undefined),
            Placeholder::String => matches!(v, Val::Str(_)),
            Placeholder::Number => matches!(v, Val::Num(_)),
            Placeholder::Boolean => matches!(v, Val::Bool(_)),
            Placeholder::Object => matches!(v, Val::Obj(_) | Val::Date(_)),
            Placeholder::Array => matches!(v, Val::Arr(_)),
            Placeholder::Null => matches!(v, Val::Null),
        }
    }
}

#[cfg(test)]
#[path = "../../tests/unit/matching/placeholder.rs"]
mod tests;
