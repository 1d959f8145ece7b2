//! AUDO's clips as the verbs see them (the model reads AUDO, see
//! [`crate::formats::gamemaker::model::chunks::audio`]): each clip's bytes where the file stores them.

/// One clip: where its bytes start in the file, and the bytes (WAV or Ogg as
/// stored). A clip that did not read is at offset 0 with no bytes.
#[derive(Debug, Clone, Default)]
pub struct Clip<'a> {
    pub offset: u64,
    pub bytes: &'a [u8],
}
