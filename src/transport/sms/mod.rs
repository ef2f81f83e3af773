//! SMS through a GSM modem.

pub mod at;
pub mod config;
pub mod driver;
pub mod gateway;
pub mod gsm7;
pub mod modem;
pub mod pdu;
pub mod receive;
pub mod spool;
pub mod spool_channel;
