//! Per-key verdicts: where an actual value meets or misses a [`Matcher`],
//! by key path, for viewers and messages. The verdicts come from the same
//! nodes and the same equality as [`Matcher::accepts`], so an explanation
//! never disagrees with the verdict it explains.

use super::matcher::{accepts, holds_fields, leaf_eq, member, Field, Node};
use super::{Absent, Matcher, Policy};
use crate::value::Val;
use serde::{Deserialize, Serialize};

/// One step of a key path: an object key or an array index (JSON: a
/// string or a number).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Seg {
    /// An object key.
    Key(String),
    /// An array index.
    Index(usize),
}

/// What the actual value does at one place of the expected value.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Verdict {
    /// Meets the expectation here.
    Match,
    /// Expected here, absent in the actual value.
    Missing,
    /// Present with another value (for a container: somewhere inside, see
    /// the verdicts below its path).
    Differs,
    /// A type placeholder the actual value does not meet.
    Type,
    /// A `$pattern` the actual value does not meet (or not a string).
    Pattern,
    /// Present in the actual value only, where the whole value is compared.
    Unexpected,
}

/// A verdict at a key path (`[]` is the whole value). JSON:
/// `{ "path": ["a", 0, "b"], "verdict": "differs" }`.
#[must_use]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeyVerdict {
    /// Where: the keys and indices from the root.
    pub path: Vec<Seg>,
    /// What the actual value does there.
    pub verdict: Verdict,
}

impl Matcher<'_> {
    /// The verdicts of `actual` (absent = `None`) against this matcher:
    /// one per expected leaf (placeholder, pattern or compared value), and
    /// below a value that differs as a whole, the places inside it that
    /// differ (missing, unexpected and differing members, recursively).
    pub(crate) fn explain(&self, actual: Option<&Val<'_>>) -> Vec<KeyVerdict> {
        let mut out = Vec::new();
        walk(&self.root, actual, &self.policy, &mut Vec::new(), &mut out);
        out
    }
}

fn push(out: &mut Vec<KeyVerdict>, path: &[Seg], verdict: Verdict) {
    out.push(KeyVerdict {
        path: path.to_vec(),
        verdict,
    });
}

fn seg(key: &str, container: &Val<'_>) -> Seg {
    match (container, key.parse::<usize>()) {
        (Val::Arr(_), Ok(i)) => Seg::Index(i),
        _ => Seg::Key(key.to_string()),
    }
}

fn walk(node: &Node<'_>, actual: Option<&Val<'_>>, policy: &Policy, path: &mut Vec<Seg>, out: &mut Vec<KeyVerdict>) {
    let ok = accepts(node, actual, policy);
    match node {
        Node::Any => {}
        Node::Type(_) => push(out, path, if ok { Verdict::Match } else { Verdict::Type }),
        Node::Pattern(_) => push(out, path, if ok { Verdict::Match } else { Verdict::Pattern }),
        Node::Equal(want, _) => match (ok, actual) {
            (true, _) => push(out, path, Verdict::Match),
            (false, None) => push(out, path, Verdict::Missing),
            (false, Some(got)) => {
                push(out, path, Verdict::Differs);
                diff_whole(want, got, policy, path, out);
            }
        },
        Node::Fields(fields) => match actual {
            Some(v) if holds_fields(v, policy) => {
                for f in fields {
                    field(f, v, policy, path, out)
                }
            }
            None => push(out, path, Verdict::Missing),
            Some(_) => push(out, path, Verdict::Differs),
        },
        Node::Items(items) => match actual {
            Some(Val::Arr(got)) if got.len() == items.len() => {
                for (i, (n, g)) in items.iter().zip(got).enumerate() {
                    path.push(Seg::Index(i));
                    walk(n, Some(g), policy, path, out);
                    path.pop();
                }
            }
            None => push(out, path, Verdict::Missing),
            Some(_) => push(out, path, Verdict::Differs),
        },
    }
}

fn field(f: &Field<'_>, v: &Val<'_>, policy: &Policy, path: &mut Vec<Seg>, out: &mut Vec<KeyVerdict>) {
    path.push(seg(&f.key, v));
    match member(v, &f.key) {
        None if policy.absent == Absent::Fails => push(out, path, Verdict::Missing),
        got => walk(&f.node, got.as_deref(), policy, path, out),
    }
    path.pop();
}

/// Below a value that differs as a whole: the members that differ.
fn diff_whole(want: &Val<'_>, got: &Val<'_>, policy: &Policy, path: &mut Vec<Seg>, out: &mut Vec<KeyVerdict>) {
    match (want, got) {
        (Val::Obj(w), Val::Obj(g)) => {
            for m in w.members() {
                path.push(Seg::Key(m.key.to_string()));
                match g.get(&m.key) {
                    None => push(out, path, Verdict::Missing),
                    Some(x) if !leaf_eq(&m.value, Some(x), policy) => {
                        push(out, path, Verdict::Differs);
                        diff_whole(&m.value, x, policy, path, out);
                    }
                    Some(_) => {}
                }
                path.pop();
            }
            for m in g.members().iter().filter(|m| w.get(&m.key).is_none()) {
                path.push(Seg::Key(m.key.to_string()));
                push(out, path, Verdict::Unexpected);
                path.pop();
            }
        }
        (Val::Arr(w), Val::Arr(g)) => {
            for i in 0..w.len().max(g.len()) {
                path.push(Seg::Index(i));
                match (w.get(i), g.get(i)) {
                    (Some(_), None) => push(out, path, Verdict::Missing),
                    (None, Some(_)) => push(out, path, Verdict::Unexpected),
                    (Some(a), Some(b)) if !leaf_eq(a, Some(b), policy) => {
                        push(out, path, Verdict::Differs);
                        diff_whole(a, b, policy, path, out);
                    }
                    _ => {}
                }
                path.pop();
            }
        }
        _ => {}
    }
}

#[cfg(test)]
#[path = "../../tests/unit/matching/explain.rs"]
mod tests;
