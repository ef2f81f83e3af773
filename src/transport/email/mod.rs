//! Email: Maildir, IMAP and MTA-pipe input; SMTP, sendmail or file output.

pub mod compose;
pub mod config;
pub mod dkim;
pub mod eml_files;
pub mod imap;
pub mod inbox;
pub mod maildir;
pub mod outbox;
pub mod parse;
pub mod receive;
pub mod send;

use std::sync::Arc;

use self::compose::{BadAddress, Identity};
use self::config::EmailSettings;
use self::dkim::{Checker, ResolverError};
use self::receive::Policy;
use crate::service;

/// What every email input shares, built once from the email settings: the
/// gateway's identity, what it accepts, and its own DKIM check. The daemon
/// and `ccgate ingest-mail` both make theirs here.
#[derive(Clone)]
pub struct Reception {
    pub me: Identity,
    pub policy: Arc<Policy>,
    /// ccgate's own DKIM check, if configured.
    pub dkim: Option<Checker>,
}

/// Why the email inputs could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum ReceptionError {
    /// The gateway's own address (`email.from`).
    #[error(transparent)]
    From(#[from] BadAddress),
    #[error(transparent)]
    Dkim(#[from] ResolverError),
}

impl Reception {
    pub fn new(email: &EmailSettings, rules: service::Rules) -> Result<Reception, ReceptionError> {
        let mut reception = Reception::without_dkim(email, rules)?;
        if let Some(d) = &email.dkim {
            reception.dkim = Some(Checker::new(d.keys.as_ref(), d.timeout)?);
        }
        Ok(reception)
    }

    /// Without ccgate's own DKIM check, for a mail refused before any
    /// check (an oversized one): a resolver that cannot be set up must not
    /// keep such a mail at the MTA.
    pub fn without_dkim(
        email: &EmailSettings,
        rules: service::Rules,
    ) -> Result<Reception, BadAddress> {
        let me = Identity::new(&email.config.name, &email.config.from)?;
        let policy = Arc::new(Policy::new(&email.config, &me, rules));
        Ok(Reception {
            me,
            policy,
            dkim: None,
        })
    }
}

/// An email input as a channel ([`maildir`], [`imap`]): its own settings
/// and what every email input shares.
pub struct Input<S> {
    pub settings: S,
    pub reception: Reception,
}

impl<S> Input<S> {
    pub fn new(settings: S, reception: &Reception) -> Input<S> {
        Input {
            settings,
            reception: reception.clone(),
        }
    }
}
