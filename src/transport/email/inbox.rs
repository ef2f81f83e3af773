//! Mail in, from any input (the Maildir loop, IMAP): one mail, one call to
//! [`receive`] on the service port, counted and logged.

use std::sync::Arc;

use jiff::Timestamp;

use super::dkim::{Checker, Verdict};
use super::imap;
use super::receive::{Policy, ReadMail, receive_read};
use crate::protocol::address::Channel;
use crate::transport::port::ServicePort;

/// The inputs' way to the service.
#[derive(Clone)]
pub struct Inbox {
    pub port: ServicePort,
    pub policy: Arc<Policy>,
    /// ccgate's own DKIM check, if configured.
    pub dkim: Option<Checker>,
}

impl Inbox {
    /// Processes one mail as read; Ok means committed (and may be
    /// acknowledged).
    pub async fn mail(&self, mail: ReadMail) -> Result<(), String> {
        let policy = self.policy.clone();
        // Before the transaction, with its own timeout: the store is not
        // held while keys are looked up. An oversized mail is not read.
        let dkim = match &self.dkim {
            Some(checker) if mail.size <= policy.max_size => checker.check(&mail.bytes).await,
            _ => Verdict::default(),
        };
        let processed = self
            .port
            .with_store(move |s| {
                receive_read(
                    s,
                    (&mail.bytes, mail.size),
                    (&policy, &dkim),
                    Timestamp::now(),
                )
            })
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
    async fn handle(&mut self, mail: ReadMail) -> Result<(), String> {
        self.mail(mail).await
    }

    fn max_size(&self) -> usize {
        self.policy.max_size
    }

    fn trouble(&mut self, error: &str) {
        self.port.metrics.error(error);
    }
}
