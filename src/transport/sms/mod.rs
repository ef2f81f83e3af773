//! SMS through a GSM modem.

pub mod at;
pub mod modem;
pub mod gsm7;
pub mod pdu;
pub mod driver;
pub mod receive;
pub mod spool;
