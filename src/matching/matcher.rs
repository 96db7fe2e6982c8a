//! Compiling an expected value under a [`Policy`], and asking it.

use super::{Absent, Arrays, Depth, Leaf, Placeholder, Policy};
use crate::error::{MatcherError, Result};
use crate::value::eq::{json_eq, json_hash, strict_eq};
use crate::value::{array_index, Val};
use regex_lite::Regex;
use std::borrow::Cow;

/// An expected value compiled once under a [`Policy`]; it borrows the value.
#[derive(Clone, Debug)]
pub(crate) struct Matcher<'e> {
    pub(crate) root: Node<'e>,
    pub(crate) policy: Policy,
}

/// What one expected value requires of the actual value at its place.
#[derive(Clone, Debug)]
pub(crate) enum Node<'e> {
    /// Anything (`argumentMatching: "ignore"`).
    Any,
    /// A type placeholder (`"string"`, …).
    Type(Placeholder),
    /// `{ $pattern, $flags? }`: a string the expression finds a match in.
    Pattern(Box<Regex>),
    /// Leaf equality under the policy, with the value's [`json_hash`].
    Equal(&'e Val<'e>, u64),
    /// Member by member: each field's node against the actual member at its
    /// key (an array's items keyed by index, under [`Arrays::ByIndex`]).
    Fields(Vec<Field<'e>>),
    /// An array of the same length, item by item ([`Arrays::SameLength`]).
    Items(Vec<Node<'e>>),
}

/// One expected member.
#[derive(Clone, Debug)]
pub(crate) struct Field<'e> {
    pub(crate) key: Cow<'e, str>,
    pub(crate) node: Node<'e>,
}

impl<'e> Matcher<'e> {
    /// A matcher that accepts anything.
    pub(crate) fn any(policy: Policy) -> Matcher<'e> {
        Matcher {
            root: Node::Any,
            policy,
        }
    }

    /// Compiles `expected` (`path` names it in errors). Under
    /// [`Depth::TopLevel`] and [`Depth::Nested`] the root is compared member
    /// by member (an object's keys, an array's indices); a non-container
    /// root, and every root under [`Depth::Whole`], is compared whole.
    ///
    /// Errors: `INVALID_ARGUMENT` at `path.key.$pattern` for a `$pattern`
    /// that does not compile, at `path.key.$flags` for flags that are not a
    /// string (only under policies with `patterns`).
    pub(crate) fn compile(expected: &'e Val<'e>, policy: Policy, path: &str) -> Result<Matcher<'e>> {
        let root = match policy.depth {
            Depth::Whole => equal(expected),
            Depth::TopLevel => match expected {
                Val::Obj(o) => Node::Fields(
                    o.members()
                        .iter()
                        .map(|m| Field {
                            key: Cow::Borrowed(&*m.key),
                            node: top_level_leaf(&m.value, policy),
                        })
                        .collect(),
                ),
                other => equal(other),
            },
            Depth::Nested => members(expected, policy, path)?.unwrap_or_else(|| equal(expected)),
        };
        Ok(Matcher { root, policy })
    }

    /// Whether the root compares member by member.
    pub(crate) fn root_is_fields(&self) -> bool {
        matches!(self.root, Node::Fields(_))
    }

    /// Whether `actual` (absent = `None`) matches.
    pub(crate) fn accepts(&self, actual: Option<&Val<'_>>) -> bool {
        accepts(&self.root, actual, &self.policy)
    }
}

fn equal<'e>(v: &'e Val<'e>) -> Node<'e> {
    Node::Equal(v, json_hash(Some(v)))
}

fn top_level_leaf<'e>(v: &'e Val<'e>, policy: Policy) -> Node<'e> {
    match policy.placeholders.then(|| Placeholder::parse(v)).flatten() {
        Some(p) => Node::Type(p),
        None => equal(v),
    }
}

/// A nested node for `v`.
fn nested<'e>(v: &'e Val<'e>, policy: Policy, path: &str) -> Result<Node<'e>> {
    if let Some(compile) = policy.patterns {
        if let Some(Val::Str(source)) = v.get("$pattern") {
            let flags = match v.get("$flags") {
                None | Some(Val::Undefined) => "",
                Some(Val::Str(f)) => f,
                Some(other) => {
                    return Err(MatcherError::invalid_argument(
                        format!("{path}.$flags"),
                        format!("{path}.$flags must be a string of flags, got {}", other.type_name()),
                    ))
                }
            };
            let re = compile(source, flags, &format!("{path}.$pattern"))?;
            return Ok(Node::Pattern(Box::new(re)));
        }
    }
    Ok(members(v, policy, path)?.unwrap_or_else(|| equal(v)))
}

/// An object's or array's node compared member by member; `None` for other values.
fn members<'e>(v: &'e Val<'e>, policy: Policy, path: &str) -> Result<Option<Node<'e>>> {
    let node = match (v, policy.arrays) {
        (Val::Obj(o), _) => Node::Fields(
            o.members()
                .iter()
                .map(|m| {
                    Ok(Field {
                        key: Cow::Borrowed(&*m.key),
                        node: nested(&m.value, policy, &format!("{path}.{}", m.key))?,
                    })
                })
                .collect::<Result<_>>()?,
        ),
        (Val::Arr(items), Arrays::ByIndex) => Node::Fields(
            items
                .iter()
                .enumerate()
                .map(|(i, item)| {
                    Ok(Field {
                        key: Cow::Owned(i.to_string()),
                        node: nested(item, policy, &format!("{path}[{i}]"))?,
                    })
                })
                .collect::<Result<_>>()?,
        ),
        (Val::Arr(items), Arrays::SameLength) => Node::Items(
            items
                .iter()
                .enumerate()
                .map(|(i, item)| nested(item, policy, &format!("{path}[{i}]")))
                .collect::<Result<_>>()?,
        ),
        _ => return Ok(None),
    };
    Ok(Some(node))
}

/// The member `key` of `v` as JavaScript's `v[key]` reads own members: an
/// object's key; an array's item at a canonical index, and its `length`.
pub(crate) fn member<'v, 'a>(v: &'v Val<'a>, key: &str) -> Option<Cow<'v, Val<'a>>> {
    match v {
        Val::Arr(items) if key == "length" => Some(Cow::Owned(Val::Num(items.len() as f64))),
        Val::Arr(items) => array_index(key).and_then(|i| items.get(i)).map(Cow::Borrowed),
        _ => v.get(key).map(Cow::Borrowed),
    }
}

/// Whether `actual` may hold fields under `policy`: any object-typed value
/// (`typeof v === "object"`) where arrays are read by index, else an object.
pub(crate) fn holds_fields(actual: &Val<'_>, policy: &Policy) -> bool {
    match policy.arrays {
        Arrays::ByIndex => matches!(actual, Val::Obj(_) | Val::Arr(_) | Val::Date(_)),
        Arrays::SameLength => matches!(actual, Val::Obj(_)),
    }
}

pub(crate) fn leaf_eq(expected: &Val<'_>, actual: Option<&Val<'_>>, policy: &Policy) -> bool {
    match policy.leaf {
        Leaf::Stringify => json_eq(actual, Some(expected)),
        Leaf::Strict => strict_eq(actual, Some(expected)),
    }
}

/// Whether the field at `key` of `actual` matches.
pub(crate) fn field_accepts(field: &Field<'_>, actual: &Val<'_>, policy: &Policy) -> bool {
    match member(actual, &field.key) {
        None if policy.absent == Absent::Fails => false,
        got => accepts(&field.node, got.as_deref(), policy),
    }
}

pub(crate) fn accepts(node: &Node<'_>, actual: Option<&Val<'_>>, policy: &Policy) -> bool {
    match node {
        Node::Any => true,
        Node::Type(p) => p.accepts(actual),
        Node::Pattern(re) => matches!(actual, Some(Val::Str(s)) if re.is_match(s)),
        Node::Equal(want, _) => leaf_eq(want, actual, policy),
        Node::Fields(fields) => match actual {
            Some(v) if holds_fields(v, policy) => fields.iter().all(|f| field_accepts(f, v, policy)),
            // `JSON.stringify` of an object never equals that of a non-object.
            _ => false,
        },
        Node::Items(items) => match actual {
            Some(Val::Arr(got)) => {
                got.len() == items.len() && items.iter().zip(got).all(|(n, g)| accepts(n, Some(g), policy))
            }
            _ => false,
        },
    }
}

#[cfg(test)]
#[path = "../../tests/unit/matching/matcher.rs"]
mod tests;
