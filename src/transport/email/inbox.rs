//! Mail in, from any input (the Maildir loop, IMAP): the mails ready
//! together, one transaction on the service port, counted and logged.

use std::sync::Arc;

use super::Reception;
use super::dkim::{Checker, Verdict};
use super::imap;
use super::receive::{Policy, ReadMail, process, read_mail};
use crate::protocol::address::Channel;
use crate::transport::port::{PortError, ServicePort};

/// The mails an input gathers to commit together: a burst shares one
/// fsync, and a batch is cut at [`Batched::MAILS`] mails or
/// [`Batched::BYTES`] bytes so that a burst of large mails is not all held
/// in memory at once.
#[derive(Default)]
pub struct Batched {
    mails: Vec<ReadMail>,
    bytes: usize,
}

impl Batched {
    pub const MAILS: usize = 64;
    pub const BYTES: usize = 4 * 1024 * 1024;

    pub fn push(&mut self, mail: ReadMail) {
        self.bytes = self.bytes.saturating_add(mail.bytes.len());
        self.mails.push(mail);
    }

    /// No more mails should join this batch.
    pub fn full(&self) -> bool {
        self.mails.len() >= Self::MAILS || self.bytes >= Self::BYTES
    }

    pub fn into_mails(self) -> Vec<ReadMail> {
        self.mails
    }
}

/// The inputs' way to the service.
#[derive(Clone)]
pub struct Inbox {
    pub port: ServicePort,
    pub policy: Arc<Policy>,
    /// ccgate's own DKIM check, if configured.
    pub dkim: Option<Checker>,
}

impl Inbox {
    pub fn new(port: ServicePort, reception: &Reception) -> Inbox {
        Inbox {
            port,
            policy: reception.policy.clone(),
            dkim: reception.dkim.clone(),
        }
    }

    /// Processes mails as read, all in one transaction: Err means nothing
    /// was committed; otherwise each mail whose result is Ok is committed
    /// and may be acknowledged.
    pub async fn mails(
        &self,
        mails: Vec<ReadMail>,
    ) -> Result<Vec<Result<(), PortError>>, PortError> {
        // Before the transaction, with its own timeout: the store is not
        // held while keys are looked up or mail is parsed. An oversized
        // mail is not read.
        let mut received = Vec::with_capacity(mails.len());
        for mail in mails {
            let dkim = match &self.dkim {
                Some(checker) if mail.size <= self.policy.max_size => {
                    checker.check(&mail.bytes).await
                }
                _ => Verdict::default(),
            };
            received.push(read_mail((&mail.bytes, mail.size), (&self.policy, &dkim)));
        }
        let done = self
            .port
            .batch(Channel::Email, move |b| {
                received
                    .iter()
                    .map(|mail| process(b, mail, crate::now::now()))
                    .collect()
            })
            .await?;
        Ok(done.into_iter().map(|r| r.map(drop)).collect())
    }
}

impl imap::Intake for Inbox {
    async fn mails(
        &mut self,
        mails: Vec<ReadMail>,
    ) -> Result<Vec<Result<(), PortError>>, PortError> {
        Inbox::mails(self, mails).await
    }

    fn max_size(&self) -> usize {
        self.policy.max_size
    }

    fn trouble(&mut self, error: &str) {
        self.port.metrics.error(error);
    }
}
