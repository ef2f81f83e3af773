//! One inbound mail, from raw bytes to the game service: the path shared by
//! the Maildir, IMAP and the MTA pipe.
//!
//! The transport id is the Message-ID (with brackets), so the same mail
//! delivered twice, or fetched by two inputs, is processed once; a mail
//! without one is known by the SHA-256 of its bytes. Machine mail and bounces
//! are journaled and never answered; an oversized mail is journaled and
//! refused in a line; everything else goes to [`service::submit`] with the
//! subject (unless it is one of ours, quoted back) above the body.

use jiff::Timestamp;
use sha2::{Digest, Sha256};

use super::compose::{is_our_subject, outbox_id_of};
use super::parse::{self, Kind, Mail};
use crate::protocol::address::Channel;
use crate::service::{self, Aside, Auth, Inbound, Processed};
use crate::store::{self, ReplyId, Store};

/// What the operator decided about inbound mail.
#[derive(Debug, Clone)]
pub struct Policy {
    pub max_size: usize,
    pub require_pin: bool,
    pub trusted_authserv_id: Option<String>,
    /// `From:` is taken as given ([`EmailConfig::trusts_from`]).
    ///
    /// [`EmailConfig::trusts_from`]: super::config::EmailConfig::trusts_from
    pub trust_from: bool,
    /// Local part of our address: bounces come to `local+o<id>@…`.
    pub verp_local: String,
}

impl Policy {
    pub fn new(config: &super::config::EmailConfig, me: &super::compose::Identity) -> Policy {
        Policy {
            max_size: config.max_size,
            require_pin: config.require_pin,
            trusted_authserv_id: config.trusted_authserv_id.clone(),
            trust_from: config.trusts_from().is_some(),
            verp_local: me.verp_local().to_string(),
        }
    }
}

/// Journals and processes one mail.
pub fn receive(
    store: &mut Store,
    raw: &[u8],
    policy: &Policy,
    now: Timestamp,
) -> store::Result<Processed> {
    let mail = parse::parse(raw).ok();
    let transport_id = mail
        .as_ref()
        .and_then(|m| m.message_id.as_deref())
        .filter(|id| !id.trim().is_empty())
        .map(|id| format!("<{}>", id.trim()))
        .unwrap_or_else(|| format!("sha256:{:x}", Sha256::digest(raw)));
    let inbound = |from: &str, text: String, auth: Auth| Inbound {
        channel: Channel::Email,
        from: from.to_string(),
        transport_id: Some(transport_id.clone()),
        raw: raw.to_vec(),
        text,
        auth,
    };
    let Some(mail) = mail else {
        let msg = inbound("", String::new(), Auth::Unchecked);
        return service::set_aside(
            store,
            &msg,
            &Aside::Ignored("not a mail message".into()),
            now,
        );
    };
    let from = mail.from.clone().unwrap_or_default();
    match &mail.kind {
        Kind::Bounce(bounce) => {
            let reply = parse::verp_outbox_id(&policy.verp_local, &mail.recipients)
                .or_else(|| bounce.original_ids.iter().find_map(|id| outbox_id_of(id)));
            let msg = inbound(&from, String::new(), Auth::Unchecked);
            service::bounced(store, &msg, reply.map(ReplyId), &bounce.diagnostic, now)
        }
        Kind::Automated(why) => {
            let msg = inbound(&from, String::new(), Auth::Unchecked);
            service::set_aside(
                store,
                &msg,
                &Aside::Ignored(format!("automated: {why}")),
                now,
            )
        }
        Kind::Personal if raw.len() > policy.max_size => {
            let msg = inbound(&from, String::new(), Auth::Unchecked);
            let why = Aside::TooLarge {
                size: raw.len(),
                limit: policy.max_size,
            };
            service::set_aside(store, &msg, &why, now)
        }
        Kind::Personal => {
            let msg = inbound(&from, text_of(&mail), auth_of(&mail, policy));
            service::submit(store, &msg, now)
        }
    }
}

/// Subject and body as one text; our own subject, quoted back in a reply,
/// is not read (it names the opponent's move).
fn text_of(mail: &Mail) -> String {
    if mail.subject.trim().is_empty() || is_our_subject(&mail.subject) {
        return mail.body.clone();
    }
    let mut subject = mail.subject.trim();
    // "Re: Fwd: AW: 14. Nf3" reads as "14. Nf3".
    loop {
        let lower = subject.to_ascii_lowercase();
        match ["re:", "fwd:", "fw:", "aw:", "wg:"]
            .iter()
            .find(|p| lower.starts_with(*p))
        {
            Some(p) => subject = subject[p.len()..].trim_start(),
            None => break,
        }
    }
    format!("{subject}\n{}", mail.body)
}

/// What the operator's server says about this mail's sender, and whether
/// the policy asks for a PIN whatever it says.
fn auth_of(mail: &Mail, policy: &Policy) -> Auth {
    if policy.require_pin {
        return Auth::Unverified("this gateway requires a PIN in every mail".to_string());
    }
    match &policy.trusted_authserv_id {
        None if policy.trust_from => Auth::Unchecked,
        None => Auth::Unverified("no authentication configured: From: alone is no proof".into()),
        Some(id) => match parse::authentication_passes(mail, id) {
            Ok(how) => Auth::Vouched(how),
            Err(why) => Auth::Unverified(why),
        },
    }
}
