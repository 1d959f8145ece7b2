//! Texture pages and what is cut from them and put on them: the page codecs (PNG,
//! QOI, BZip2-QOI), frames cut as a page streams, free space on a page, the plan
//! that places changed frames, and collision masks.

pub mod masks;
pub mod page_codecs;
pub mod page_space;
pub mod streaming;
pub mod texture_plan;
