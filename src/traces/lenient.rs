//! Lenient typed fields: the readers' structs take any JSON without failing,
//! so that one reader serves text (`serde_json::Deserializer::from_str`,
//! strings borrowed where they have no escapes) and parsed values (a
//! `&serde_json::Value` is itself a deserializer, strings borrowed from it).
//!
//! A [`Field`] records whether its member was absent, `null`, of another
//! type than expected, or what was expected; it never fails. A struct
//! declared with [`lenient!`] reads the members it names from an object (the
//! last of duplicate keys wins, as in `serde_json::Map`), skips the others,
//! and is its `Default` (every field absent) when the value is not an
//! object. So `field.get()` means what `value.get(key)` means on a
//! `serde_json::Value`, and `Str::str()` what `value[key].as_str()` means.
//!
//! Serde model: `Deserializer::deserialize_any` with a visitor per shape
//! (serde@1 "Implementing a Deserializer", "Writing a data format" docs).

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

/// One member of an object as read: absent, `null`, of another type, or a `T`.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) enum Field<T> {
    #[default]
    Absent,
    Null,
    Other,
    Is(T),
}

/// A string member (borrowed from the input when it has no escapes).
pub(crate) type Str<'a> = Field<Cow<'a, str>>;
/// An array member.
pub(crate) type Seq<T> = Field<Vec<T>>;

impl<T> Field<T> {
    /// The value when it is a `T`.
    pub(crate) fn get(&self) -> Option<&T> {
        match self {
            Field::Is(v) => Some(v),
            _ => None,
        }
    }

    /// The value when it is a `T`, by value.
    pub(crate) fn into_option(self) -> Option<T> {
        match self {
            Field::Is(v) => Some(v),
            _ => None,
        }
    }

    /// Whether the member is there at all (even as `null`).
    pub(crate) fn present(&self) -> bool {
        !matches!(self, Field::Absent)
    }

    /// This field when present, else `other` (`a.get(k).or(a.get(k2))`).
    pub(crate) fn or(self, other: Field<T>) -> Field<T> {
        match self {
            Field::Absent => other,
            present => present,
        }
    }
}

impl<T: Default> Field<T> {
    /// The value when it is a `T`, else `T::default()`.
    pub(crate) fn or_default(self) -> T {
        self.into_option().unwrap_or_default()
    }
}

impl Field<Cow<'_, str>> {
    /// The string, when it is one.
    pub(crate) fn str(&self) -> Option<&str> {
        self.get().map(|s| &**s)
    }
}

impl<T> Field<Vec<T>> {
    /// The items (none when absent or not an array).
    pub(crate) fn items(&self) -> &[T] {
        self.get().map_or(&[], Vec::as_slice)
    }

    /// The items by value (none when absent or not an array).
    pub(crate) fn into_items(self) -> Vec<T> {
        self.into_option().unwrap_or_default()
    }
}

impl Field<Value> {
    /// The value when present and not `null`.
    pub(crate) fn non_null(&self) -> Option<&Value> {
        self.get().filter(|v| !v.is_null())
    }

    /// The value, `null` when absent.
    pub(crate) fn or_null(self) -> Value {
        self.into_option().unwrap_or(Value::Null)
    }
}

/// A member of any JSON type, kept as a value (`null` is `Is(Value::Null)`).
impl<'de> Deserialize<'de> for Field<Value> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Value::deserialize(d).map(Field::Is)
    }
}

/// What a field type takes from each kind of JSON value; `None` (the
/// default for every kind) makes the field [`Field::Other`].
pub(crate) trait Take<'de>: Sized {
    fn take_str(_: Cow<'de, str>) -> Option<Self> {
        None
    }
    fn take_bool(_: bool) -> Option<Self> {
        None
    }
    fn take_u64(_: u64) -> Option<Self> {
        None
    }
    /// A negative integer (a non-negative one is [`Take::take_u64`]).
    fn take_i64(_: i64) -> Option<Self> {
        None
    }
    /// A number that is not an integer.
    fn take_f64(_: f64) -> Option<Self> {
        None
    }
    fn take_seq<A: SeqAccess<'de>>(mut seq: A) -> Result<Option<Self>, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(None)
    }
    fn take_map<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(None)
    }
}

impl<'de: 'a, 'a> Take<'de> for Cow<'a, str> {
    fn take_str(s: Cow<'de, str>) -> Option<Self> {
        Some(s)
    }
}

impl Take<'_> for bool {
    fn take_bool(v: bool) -> Option<Self> {
        Some(v)
    }
}

/// A non-negative integer (`Value::as_u64`).
impl Take<'_> for u64 {
    fn take_u64(v: u64) -> Option<Self> {
        Some(v)
    }
}

/// Any number (`Value::as_f64`).
impl Take<'_> for f64 {
    fn take_u64(v: u64) -> Option<Self> {
        Some(v as f64)
    }
    fn take_i64(v: i64) -> Option<Self> {
        Some(v as f64)
    }
    fn take_f64(v: f64) -> Option<Self> {
        Some(v)
    }
}

/// Every item of an array, each read leniently.
impl<'de, T: Deserialize<'de>> Take<'de> for Vec<T> {
    fn take_seq<A: SeqAccess<'de>>(mut seq: A) -> Result<Option<Self>, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(x) = seq.next_element()? {
            out.push(x);
        }
        Ok(Some(out))
    }
}

impl<'de, T: Take<'de>> Deserialize<'de> for Field<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(FieldVisitor(PhantomData))
    }
}

struct FieldVisitor<T>(PhantomData<T>);

fn field<T>(v: Option<T>) -> Field<T> {
    v.map_or(Field::Other, Field::Is)
}

impl<'de, T: Take<'de>> Visitor<'de> for FieldVisitor<T> {
    type Value = Field<T>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Field<T>, E> {
        Ok(field(T::take_bool(v)))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Field<T>, E> {
        Ok(field(u64::try_from(v).map_or_else(|_| T::take_i64(v), T::take_u64)))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Field<T>, E> {
        Ok(field(T::take_u64(v)))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Field<T>, E> {
        Ok(field(T::take_f64(v)))
    }
    fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Field<T>, E> {
        Ok(field(T::take_str(Cow::Borrowed(v))))
    }
    fn visit_str<E>(self, v: &str) -> Result<Field<T>, E> {
        Ok(field(T::take_str(Cow::Owned(v.to_owned()))))
    }
    fn visit_unit<E>(self) -> Result<Field<T>, E> {
        Ok(Field::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Field<T>, A::Error> {
        T::take_seq(seq).map(field)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Field<T>, A::Error> {
        T::take_map(map).map(field)
    }
}

/// A content member that is text or a list of parts.
#[derive(Debug)]
pub(crate) enum TextOr<'a, T> {
    Text(Cow<'a, str>),
    List(Vec<T>),
}

impl<'de: 'a, 'a, T: Deserialize<'de>> Take<'de> for TextOr<'a, T> {
    fn take_str(s: Cow<'de, str>) -> Option<Self> {
        Some(TextOr::Text(s))
    }
    fn take_seq<A: SeqAccess<'de>>(seq: A) -> Result<Option<Self>, A::Error> {
        Ok(Vec::take_seq(seq)?.map(TextOr::List))
    }
}

/// A struct read from an object's members (declared with [`lenient!`]).
pub(crate) trait FromMap<'de>: Default {
    fn from_map<A: MapAccess<'de>>(map: A) -> Result<Self, A::Error>;
}

/// The visitor of a [`FromMap`] struct as an item: `Default` when not an object.
pub(crate) struct StructVisitor<T>(pub(crate) PhantomData<T>);

/// Visitor methods giving `T::default()` for values of these types.
macro_rules! default_for {
    ($($visit:ident($t:ty)),*) => {$(
        fn $visit<E>(self, _: $t) -> Result<T, E> {
            Ok(T::default())
        }
    )*};
}

impl<'de, T: FromMap<'de>> Visitor<'de> for StructVisitor<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    default_for!(
        visit_bool(bool),
        visit_i64(i64),
        visit_u64(u64),
        visit_f64(f64),
        visit_str(&str)
    );
    fn visit_unit<E>(self) -> Result<T, E> {
        Ok(T::default())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<T, A::Error> {
        Vec::<IgnoredAny>::take_seq(seq).map(|_| T::default())
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::from_map(map)
    }
}

/// Declares structs of [`Field`]s read from an object by JSON key (each
/// field names its key), each with [`FromMap`], [`Take`] (as a member:
/// `Field<Self>`) and a lenient `Deserialize` (as an item: `Default` when
/// not an object).
macro_rules! lenient {
    ($($(#[$m:meta])* $vis:vis struct $name:ident $(<$lt:lifetime>)? {
        $($(#[$fm:meta])* $fvis:vis $field:ident: $ty:ty = $key:literal),* $(,)?
    })*) => {$(
        $(#[$m])*
        #[derive(Default)]
        $vis struct $name $(<$lt>)? { $($(#[$fm])* $fvis $field: $ty),* }

        impl<'de $(: $lt, $lt)?> $crate::traces::lenient::FromMap<'de> for $name $(<$lt>)? {
            fn from_map<A: serde::de::MapAccess<'de>>(mut map: A) -> Result<Self, A::Error> {
                let mut out = Self::default();
                while let Some(key) = map.next_key::<$crate::traces::lenient::Str<'de>>()? {
                    match key.str().unwrap_or_default() {
                        $($key => out.$field = map.next_value()?,)*
                        _ => {
                            map.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(out)
            }
        }

        impl<'de $(: $lt, $lt)?> $crate::traces::lenient::Take<'de> for $name $(<$lt>)? {
            fn take_map<A: serde::de::MapAccess<'de>>(map: A) -> Result<Option<Self>, A::Error> {
                <Self as $crate::traces::lenient::FromMap<'de>>::from_map(map).map(Some)
            }
        }

        impl<'de $(: $lt, $lt)?> serde::Deserialize<'de> for $name $(<$lt>)? {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_any($crate::traces::lenient::StructVisitor(std::marker::PhantomData))
            }
        }
    )*};
}
pub(crate) use lenient;
