//! English descriptive notation (placeholder, being written).

use shakmaty::{Chess, Move};

use super::error::ReadError;
use super::Reading;

pub(crate) fn read(_pos: &Chess, text: &str) -> Result<Reading, ReadError> {
    Err(ReadError::Malformed { text: text.to_string(), expected: "descriptive", at: 1, found: None })
}

pub(crate) fn append(_pos: &Chess, _mv: Move, _out: &mut String) {}
