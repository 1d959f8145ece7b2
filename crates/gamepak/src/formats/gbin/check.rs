//! Strict validation of a GBIN package.

use crate::Report;

pub fn check(data: &[u8]) -> Report {
    match super::read(data) {
        Ok(_) => Report::default(),
        Err(e) => Report::from_error(&e),
    }
}
