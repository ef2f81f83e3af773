//! The serial radio link.

pub mod kiss;
pub mod ax25;
pub mod frame;
pub mod link;
