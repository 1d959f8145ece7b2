//! How a GBIN record is declared: once, as its fields in file order with the wire
//! form of each, from which [`record!`] makes the struct, its reader, its writer and
//! its size. A reader and a writer made from the same list cannot disagree.
//!
//! A field's wire form is a value implementing [`Wire`]: [`Native`] (the package's
//! byte order, byte arrays as they are) unless the declaration names another, such as
//! [`LittleEndian`] or a record parameter like the IMAG version.

use crate::bytes::{Reader, Writer};
use crate::error::Result;

use super::model::ImagVersion;

/// How a value of type `T` is stored.
pub trait Wire<T> {
    /// Bytes the value takes.
    fn len(&self) -> usize;
    /// Reads the value; `what` names it in errors.
    fn read(&self, r: &mut Reader<'_>, what: &str) -> Result<T>;
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

/// IMAG sizes and origins: one byte in version "01" files, two otherwise.
impl Wire<u16> for ImagVersion {
    fn len(&self) -> usize {
        match self {
            ImagVersion::V1 => 1,
            ImagVersion::V2 => 2,
        }
    }
    fn read(&self, r: &mut Reader<'_>, what: &str) -> Result<u16> {
        match self {
            ImagVersion::V1 => r.u8(what).map(u16::from),
            ImagVersion::V2 => r.u16(what),
        }
    }
    fn write(&self, w: &mut Writer, v: &u16) {
        match self {
            ImagVersion::V1 => w.u8(*v as u8),
            ImagVersion::V2 => w.u16(*v),
        }
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

            pub fn write(&self, w: &mut $crate::bytes::Writer $($(, $param: $pty)*)?) {
                use $crate::formats::gbin::records::*;
                $(Wire::<$ty>::write(&record!(@wire $($wire)?), w, &self.$field);)*
            }
        }
    };
}
pub(crate) use record;

#[cfg(test)]
mod tests {
    use super::super::model::{FileEntry, ImagVersion, Image, TilemapHead};
    use crate::bytes::{Endian, Reader, Writer};

    fn image() -> Image {
        Image {
            width: 0x12,
            height: 0x34,
            x_origin: 1,
            y_origin: 2,
            line_offset: 0x0102,
            pixel_format: 5,
            palette: 6,
            offset: 0x0a0b0c0d,
        }
    }

    #[test]
    fn image_width_follows_version_and_byte_order() {
        for (v, endian, want) in [
            (
                ImagVersion::V1,
                Endian::Little,
                &[0x12, 0x34, 1, 2, 2, 1, 5, 6, 0x0d, 0x0c, 0x0b, 0x0a][..],
            ),
            (
                ImagVersion::V2,
                Endian::Big,
                &[
                    0, 0x12, 0, 0x34, 0, 1, 0, 2, 1, 2, 5, 6, 0x0a, 0x0b, 0x0c, 0x0d,
                ][..],
            ),
        ] {
            let mut w = Writer::new(endian);
            image().write(&mut w, v);
            assert_eq!(w.as_slice(), want);
            assert_eq!(Image::wire_len(v), want.len());
            let mut r = Reader::new(want, "").with_endian(endian);
            assert_eq!(Image::read(&mut r, v).unwrap(), image());
        }
    }

    #[test]
    fn file_sizes_stay_little_endian_in_big_endian_packages() {
        let entry = FileEntry {
            file_type: *b"TEXT",
            size: 0x01020304,
            offset: 0x05060708,
            name: [0; 16],
        };
        let mut w = Writer::new(Endian::Big);
        entry.write(&mut w);
        assert_eq!(&w.as_slice()[4..12], &[4, 3, 2, 1, 5, 6, 7, 8]);
        let mut r = Reader::new(w.as_slice(), "").with_endian(Endian::Big);
        assert_eq!(FileEntry::read(&mut r).unwrap(), entry);
    }

    #[test]
    fn a_short_record_names_its_field_path_and_offset() {
        let data = [0u8; 30];
        let mut r = Reader::new(&data, "GBIN");
        r.skip(10, "before").unwrap();
        let mut body = r.sub(13, "TMAP").unwrap();
        let e = TilemapHead::read(&mut body).unwrap_err();
        assert_eq!(e.path, "GBIN/TMAP");
        assert_eq!(e.offset, Some(22));
        assert!(e.to_string().contains("block count"), "{e}");
    }
}
