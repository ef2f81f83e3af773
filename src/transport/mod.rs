//! Transports: adapters that move messages between the outside world and the
//! game service. They hold no game logic: they parse what arrives into an
//! [`Inbound`](crate::service::Inbound), hand it to the service, acknowledge it
//! to their peer only after the service's commit, and deliver the outbox.

pub mod channel;
pub mod email;
pub mod files;
pub mod outbox;
pub mod port;
pub mod radio;
pub mod sms;
pub mod start;
pub mod xfcc;
