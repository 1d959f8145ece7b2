//! How a GBIN record is declared: once, as its fields in file order with the wire
//! form of each, from which [`record!`] makes the struct, its reader, its writer and
//! its size. A reader and a writer made from the same list cannot disagree.
//!
//! A field's wire form is a value implementing [`Wire`]: [`Native`] (the package's
//! byte order, byte arrays as they are) unless the declaration names another, such as
//! [`LittleEndian`] or a record parameter like the IMAG version (whose `Wire` is
//! declared beside it, in `model.rs`). This module knows no record of its own.

use crate::bytes::{Reader, Writer};
use crate::error::Result;

/// How a value of type `T` is stored.
pub trait Wire<T> {
    /// Bytes the value takes.
    fn len(&self) -> usize;
    /// Reads the value; `what` names it in errors.
    fn read(&self, r: &mut Reader<'_>, what: &str) -> Result<T>;
    /// Writes the value in this wire form.
    fn write(&self, w: &mut Writer, v: &T);
}

/// Integers in the package's byte order; byte arrays as they are.
pub struct Native;

macro_rules! native_int {
    ($($ty:ident),*) => {$(
        impl Wire<$ty> for Native {
            fn len(&self) -> usize {
                size_of::<$ty>()
            }
            fn read(&self, r: &mut Reader<'_>, what: &str) -> Result<$ty> {
                r.$ty(what)
            }
            fn write(&self, w: &mut Writer, v: &$ty) {
                w.$ty(*v)
            }
        }
    )*};
}

native_int!(u8, i8, u16, i16, u32);

impl<const N: usize> Wire<[u8; N]> for Native {
    fn len(&self) -> usize {
        N
    }
    fn read(&self, r: &mut Reader<'_>, what: &str) -> Result<[u8; N]> {
        r.array(what)
    }
    fn write(&self, w: &mut Writer, v: &[u8; N]) {
        w.bytes(v)
    }
}

/// A u32 stored little-endian whatever the package's byte order (FDIR sizes, which
/// the reference packer writes byte by byte).
pub struct LittleEndian;

impl Wire<u32> for LittleEndian {
    fn len(&self) -> usize {
        4
    }
    fn read(&self, r: &mut Reader<'_>, what: &str) -> Result<u32> {
        Ok(u32::from_le_bytes(r.array(what)?))
    }
    fn write(&self, w: &mut Writer, v: &u32) {
        w.bytes(&v.to_le_bytes())
    }
}

/// Declares a record: a struct whose fields are written in file order as
/// `name: Type = "what errors call it"`, optionally followed by `as wire`, where
/// `wire` is a [`Wire`] value (a unit struct or one of the record's parameters,
/// given in parentheses after its name). It makes `read`, `write` and `wire_len`,
/// each taking the parameters.
macro_rules! record {
    (@wire) => {
        Native
    };
    (@wire $wire:ident) => {
        $wire
    };
    (
        $(#[$meta:meta])*
        pub struct $name:ident $(($($param:ident: $pty:ty),*))? {
            $(
                $(#[$fmeta:meta])*
                $field:ident: $ty:ty = $what:literal $(as $wire:ident)?,
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        pub struct $name {
            $($(#[$fmeta])* pub $field: $ty,)*
        }

        impl $name {
            /// Bytes the record takes.
            pub fn wire_len($($($param: $pty),*)?) -> usize {
                use $crate::formats::gbin::records::*;
                0 $(+ Wire::<$ty>::len(&record!(@wire $($wire)?)))*
            }

            /// Reads the fields in file order, errors naming the field.
            pub fn read(
                r: &mut $crate::bytes::Reader<'_> $($(, $param: $pty)*)?
            ) -> $crate::error::Result<Self> {
                use $crate::formats::gbin::records::*;
                Ok($name {
                    $($field: Wire::<$ty>::read(&record!(@wire $($wire)?), r, $what)?,)*
                })
            }

            /// Writes the fields in file order, each in its wire form.
            pub fn write(&self, w: &mut $crate::bytes::Writer $($(, $param: $pty)*)?) {
                use $crate::formats::gbin::records::*;
                $(Wire::<$ty>::write(&record!(@wire $($wire)?), w, &self.$field);)*
            }
        }
    };
}
pub(crate) use record;
