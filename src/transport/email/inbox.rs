//! Mail in, from any input (the Maildir loop, IMAP): one mail, one call to
//! [`receive`] on the service port, counted and logged.

use std::sync::Arc;

use jiff::Timestamp;

use super::imap;
use super::receive::{Policy, receive};
use crate::protocol::address::Channel;
use crate::transport::port::ServicePort;

/// The inputs' way to the service.
#[derive(Clone)]
pub struct Inbox {
    pub port: ServicePort,
    pub policy: Arc<Policy>,
}

impl Inbox {
    /// Processes one mail; Ok means committed (and may be acknowledged).
    pub async fn mail(&self, raw: Vec<u8>) -> Result<(), String> {
        let policy = self.policy.clone();
        let processed = self
            .port
            .with_store(move |s| receive(s, &raw, &policy, Timestamp::now()))
            .await;
        match processed {
            Ok(p) => {
                self.port.processed(Channel::Email, &p);
                Ok(())
            }
            // Logged and counted by the port.
            Err(e) => Err(e),
        }
    }
}

impl imap::Handler for Inbox {
    async fn handle(&mut self, raw: Vec<u8>) -> Result<(), String> {
        self.mail(raw).await
    }

    fn trouble(&mut self, error: &str) {
        self.port.metrics.error(error);
    }
}
