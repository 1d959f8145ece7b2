//! Bounds-checked reading and plain writing of binary data.
//!
//! A [`Reader`] is a window on a byte slice that knows the absolute offset of its
//! first byte and its path in the structure, so that every error it returns says
//! exactly where in the file and where in the format the problem is.

use crate::error::{Error, ErrorKind, Result};
use crate::location::Location;

/// Byte order of multi-byte integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Endian {
    /// Least significant byte first; the default.
    #[default]
    Little,
    /// Most significant byte first.
    Big,
}

/// A cursor over a window of the input.
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    data: &'a [u8],
    base: u64,
    pos: usize,
    path: String,
    /// Where the innermost name starts in `path`: what messages call the container.
    container_at: usize,
    endian: Endian,
}

/// The path a [`Reader`] had, to give back with [`Reader::restore_path`].
pub struct SavedPath(String, usize);

macro_rules! read_int {
    ($name:ident, $ty:ty, $n:expr) => {
        #[doc = concat!("Reads a `", stringify!($ty), "` in the reader's byte order.")]
        pub fn $name(&mut self, what: &str) -> Result<$ty> {
            let b: [u8; $n] = self.array(what)?;
            Ok(match self.endian {
                Endian::Little => <$ty>::from_le_bytes(b),
                Endian::Big => <$ty>::from_be_bytes(b),
            })
        }
    };
}

impl<'a> Reader<'a> {
    /// A reader over a whole input, whose first byte is at absolute offset 0.
    pub fn new(data: &'a [u8], path: impl Into<Location>) -> Self {
        let (path, container_at) = rendered(&path.into());
        Reader {
            data,
            base: 0,
            pos: 0,
            path,
            container_at,
            endian: Endian::Little,
        }
    }

    /// The same reader reading multi-byte values in `endian` (little-endian
    /// unless set); readers made from it inherit the order.
    pub fn with_endian(mut self, endian: Endian) -> Self {
        self.endian = endian;
        self
    }

    /// The byte order multi-byte reads use.
    pub fn endian(&self) -> Endian {
        self.endian
    }

    /// The path errors from this reader are named by, such as `GBIN/IMAG`.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Absolute offset of the next byte to be read.
    pub fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    /// Absolute offset of the window's first byte.
    pub fn base(&self) -> u64 {
        self.base
    }

    /// Position of the next byte to be read, counted from the window's start.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Size of the window in bytes.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Whether the window holds no bytes.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Bytes left after the current position.
    pub fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    /// Whether every byte of the window has been read.
    pub fn at_end(&self) -> bool {
        self.pos >= self.data.len()
    }

    /// The whole window this reader covers.
    pub fn data(&self) -> &'a [u8] {
        self.data
    }

    /// An error located at the reader's current offset.
    pub fn error(&self, msg: impl Into<String>) -> Error {
        Error::invalid(&self.path, self.offset(), msg)
    }

    /// An error located at a position inside this window.
    pub fn error_at(&self, pos: usize, msg: impl Into<String>) -> Error {
        Error::invalid(&self.path, self.base + pos as u64, msg)
    }

    fn truncated(&self, what: &str, needed: usize) -> Error {
        Error::new(
            &self.path,
            Some(self.offset()),
            ErrorKind::Truncated {
                what: what.to_string(),
                container: self.container_name(),
                needed: needed as u64,
                available: self.remaining() as u64,
            },
        )
    }

    fn container_name(&self) -> String {
        match &self.path[self.container_at..] {
            "" => "input".to_string(),
            name => name.to_string(),
        }
    }

    /// Moves to a position inside the window.
    pub fn seek(&mut self, pos: usize, what: &str) -> Result<()> {
        if pos > self.data.len() {
            return Err(self.error(format!(
                "{what} offset {pos:#x} lies outside {} ({} bytes)",
                self.container_name(),
                self.data.len()
            )));
        }
        self.pos = pos;
        Ok(())
    }

    /// Moves past `n` bytes, failing (naming `what`) if fewer remain.
    pub fn skip(&mut self, n: usize, what: &str) -> Result<()> {
        self.bytes(n, what).map(|_| ())
    }

    /// Takes `n` bytes, failing if fewer remain.
    pub fn bytes(&mut self, n: usize, what: &str) -> Result<&'a [u8]> {
        if n > self.remaining() {
            return Err(self.truncated(what, n));
        }
        let s = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    /// Takes the next `N` bytes as an array, failing (naming `what`) if fewer remain.
    pub fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N]> {
        let b = self.bytes(N, what)?;
        let mut out = [0u8; N];
        out.copy_from_slice(b);
        Ok(out)
    }

    /// Reads one byte.
    pub fn u8(&mut self, what: &str) -> Result<u8> {
        Ok(self.array::<1>(what)?[0])
    }

    /// Reads one byte as a two's-complement signed value.
    pub fn i8(&mut self, what: &str) -> Result<i8> {
        Ok(self.u8(what)? as i8)
    }

    read_int!(u16, u16, 2);

    /// Reads a 3-byte unsigned integer in the reader's byte order.
    pub fn u24(&mut self, what: &str) -> Result<u32> {
        let [a, b, c]: [u8; 3] = self.array(what)?;
        Ok(match self.endian {
            Endian::Little => u32::from_le_bytes([a, b, c, 0]),
            Endian::Big => u32::from_be_bytes([0, a, b, c]),
        })
    }
    read_int!(i16, i16, 2);
    read_int!(u32, u32, 4);
    read_int!(i32, i32, 4);
    read_int!(u64, u64, 8);
    read_int!(i64, i64, 8);
    read_int!(f32, f32, 4);
    read_int!(f64, f64, 8);

    /// A child reader over the next `n` bytes, with `name` appended to the path.
    pub fn sub(&mut self, n: usize, name: &str) -> Result<Reader<'a>> {
        let base = self.offset();
        let data = self.bytes(n, name)?;
        let (path, container_at) = join_path(&self.path, name);
        Ok(Reader {
            data,
            base,
            pos: 0,
            path,
            container_at,
            endian: self.endian,
        })
    }

    /// A child reader over `[start, start+n)` of this window, without moving.
    pub fn slice(&self, start: usize, n: usize, name: &str) -> Result<Reader<'a>> {
        let end = start
            .checked_add(n)
            .filter(|&e| e <= self.data.len())
            .ok_or_else(|| {
                self.error_at(
                    start.min(self.data.len()),
                    format!(
                        "{name}: range {start:#x}+{n:#x} runs past end of {} ({} bytes)",
                        self.container_name(),
                        self.data.len()
                    ),
                )
            })?;
        let (path, container_at) = join_path(&self.path, name);
        Ok(Reader {
            data: &self.data[start..end],
            base: self.base + start as u64,
            pos: 0,
            path,
            container_at,
            endian: self.endian,
        })
    }

    /// Replaces the path errors are named by, giving back the old one: for naming
    /// records while one reader walks through them.
    pub fn set_path(&mut self, path: &Location) -> SavedPath {
        let (path, at) = rendered(path);
        let old = std::mem::replace(&mut self.path, path);
        SavedPath(old, std::mem::replace(&mut self.container_at, at))
    }

    /// Gives back the path [`Reader::set_path`] replaced.
    pub fn restore_path(&mut self, SavedPath(path, at): SavedPath) {
        (self.path, self.container_at) = (path, at);
    }

    /// The same window with a longer path, for naming entries in a table.
    pub fn named(&self, name: &str) -> Reader<'a> {
        let (path, container_at) = join_path(&self.path, name);
        Reader {
            path,
            container_at,
            ..self.clone()
        }
    }
}

/// `name` below `parent`, and where `name` starts in it.
fn join_path(parent: &str, name: &str) -> (String, usize) {
    if parent.is_empty() {
        (name.to_string(), 0)
    } else {
        (format!("{parent}/{name}"), parent.len() + 1)
    }
}

/// A location as a reader's path, and where its last segment starts.
fn rendered(path: &Location) -> (String, usize) {
    let text = path.to_string();
    let last = path.last().map_or(0, |s| s.to_string().len());
    let at = text.len() - last;
    (text, at)
}

/// A growable output buffer with byte-order-aware integer writes.
#[derive(Debug, Default, Clone)]
pub struct Writer {
    buf: Vec<u8>,
    endian: Endian,
}

macro_rules! write_int {
    ($name:ident, $ty:ty) => {
        #[doc = concat!("Writes a `", stringify!($ty), "` in the writer's byte order.")]
        pub fn $name(&mut self, v: $ty) {
            match self.endian {
                Endian::Little => self.buf.extend_from_slice(&v.to_le_bytes()),
                Endian::Big => self.buf.extend_from_slice(&v.to_be_bytes()),
            }
        }
    };
}

impl Writer {
    /// An empty writer for values in byte order `endian`.
    pub fn new(endian: Endian) -> Self {
        Writer {
            buf: Vec::new(),
            endian,
        }
    }

    /// An empty writer with room for `cap` bytes before it grows.
    pub fn with_capacity(endian: Endian, cap: usize) -> Self {
        Writer {
            buf: Vec::with_capacity(cap),
            endian,
        }
    }

    /// Bytes written so far.
    pub fn len(&self) -> usize {
        self.buf.len()
    }

    /// Whether nothing has been written yet.
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// Appends bytes as they are.
    pub fn bytes(&mut self, b: &[u8]) {
        self.buf.extend_from_slice(b);
    }

    /// Writes one byte.
    pub fn u8(&mut self, v: u8) {
        self.buf.push(v);
    }

    /// Writes a signed value as one two's-complement byte.
    pub fn i8(&mut self, v: i8) {
        self.buf.push(v as u8);
    }

    write_int!(u16, u16);
    write_int!(i16, i16);
    write_int!(u32, u32);
    write_int!(i32, i32);
    write_int!(u64, u64);
    write_int!(i64, i64);
    write_int!(f32, f32);
    write_int!(f64, f64);

    /// Pads with `fill` until the length is a multiple of `align`.
    pub fn pad_to(&mut self, align: usize, fill: u8) {
        while !self.buf.len().is_multiple_of(align) {
            self.buf.push(fill);
        }
    }

    /// Overwrites a u32 written earlier (for sizes known only afterwards).
    pub fn patch_u32(&mut self, at: usize, v: u32) {
        let b = match self.endian {
            Endian::Little => v.to_le_bytes(),
            Endian::Big => v.to_be_bytes(),
        };
        self.buf[at..at + 4].copy_from_slice(&b);
    }

    /// The bytes written so far.
    pub fn as_slice(&self) -> &[u8] {
        &self.buf
    }

    /// The bytes written, handed over without a copy.
    pub fn into_vec(self) -> Vec<u8> {
        self.buf
    }
}

/// A fixed-size, NUL-padded name field as text (up to the first NUL), lossily decoded.
pub fn fixed_str(b: &[u8]) -> String {
    let end = b.iter().position(|&c| c == 0).unwrap_or(b.len());
    String::from_utf8_lossy(&b[..end]).into_owned()
}

/// Bytes as lowercase hex digits.
pub fn to_hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The inverse of [`to_hex`]; `None` unless every pair is a hex byte.
pub fn from_hex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncated_read_names_offset_and_path() {
        let data = [1u8, 2, 3, 4, 5, 6];
        let mut r = Reader::new(&data, "GBIN");
        r.skip(2, "x").unwrap();
        let mut c = r.sub(3, "IMAG").unwrap();
        c.u16("w").unwrap();
        let e = c.u32("entry[0]").unwrap_err();
        assert_eq!(e.offset, Some(4));
        assert_eq!(e.path, "GBIN/IMAG");
        assert!(e.to_string().contains("runs past end of IMAG"), "{e}");
    }

    #[test]
    fn big_endian_round_trip() {
        let mut w = Writer::new(Endian::Big);
        w.u32(0x01020304);
        w.u16(0x0506);
        assert_eq!(w.as_slice(), &[1, 2, 3, 4, 5, 6]);
        let mut r = Reader::new(w.as_slice(), "").with_endian(Endian::Big);
        assert_eq!(r.u32("a").unwrap(), 0x01020304);
        assert_eq!(r.u16("b").unwrap(), 0x0506);
    }

    #[test]
    fn slice_out_of_range_is_an_error() {
        let data = [0u8; 8];
        let r = Reader::new(&data, "X");
        assert!(r.slice(4, 8, "blob").is_err());
        assert!(r.slice(usize::MAX, 2, "blob").is_err());
    }
}
