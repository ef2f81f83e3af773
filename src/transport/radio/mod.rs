//! The serial radio link.

pub mod ax25;
pub mod driver;
pub mod frame;
pub mod kiss;
pub mod link;
