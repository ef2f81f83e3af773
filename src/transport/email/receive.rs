//! One inbound mail, from raw bytes to the game service: the path shared by
//! the Maildir, IMAP and the MTA pipe.
//!
//! The transport id is the Message-ID (with brackets), so the same mail
//! delivered twice, or fetched by two inputs, is processed once; a mail
//! without one is known by the SHA-256 of its bytes. Machine mail and bounces
//! are journaled and never answered, and so is mail to our VERP return path
//! (only robots write there); an oversized mail is journaled and
//! refused in a line, and so is a mail without exactly one author; everything else goes to [`service::submit`] with the
//! subject (unless it is one of ours, quoted back) above the body.

use std::io::Read;

use jiff::Timestamp;
use sha2::{Digest, Sha256};

use super::compose::{game_of, is_our_subject, outbox_id_of};
use super::dkim::Verdict;
use super::parse::{self, Kind, Mail};
use crate::protocol::address::Channel;
use crate::service::{self, Aside, Auth, Batch, Inbound, Processed};
use crate::store::{GameId, ReplyId};

/// What the operator decided about inbound mail.
#[derive(Debug, Clone)]
pub struct Policy {
    pub max_size: usize,
    pub require_pin: bool,
    pub trusted_authserv_id: Option<String>,
    /// ccgate checks DKIM signatures itself (`[email.dkim]`).
    pub dkim: bool,
    /// `From:` is taken as given ([`EmailConfig::trusts_from`]).
    ///
    /// [`EmailConfig::trusts_from`]: super::config::EmailConfig::trusts_from
    pub trust_from: bool,
    /// Local part of our address: bounces come to `local+o<id>@…`.
    pub verp_local: String,
    /// The domain of our address, which our Message-IDs end in: a thread
    /// of ours is known by it ([`game_of`](super::compose::game_of)).
    pub domain: String,
    /// What is done with inbound messages (`[inbound]`).
    pub rules: service::Rules,
}

impl Policy {
    pub fn new(
        config: &super::config::EmailConfig,
        me: &super::compose::Identity,
        rules: service::Rules,
    ) -> Policy {
        Policy {
            max_size: config.max_size,
            require_pin: config.require_pin,
            trusted_authserv_id: config.trusted_authserv_id.clone(),
            dkim: config.dkim.is_some(),
            trust_from: config.trusts_from().is_some(),
            verp_local: me.verp_local().to_string(),
            domain: me.address.domain().to_string(),
            rules,
        }
    }
}

/// How much of a mail over `max_size` is read and journaled as evidence:
/// enough for its header and the start of its text, never its attachments,
/// so an oversized mail neither fills the store nor meets SQLite's limits.
pub const EVIDENCE_BYTES: usize = 64 * 1024;

/// A mail as an input has read it: whole, or, when it is over the size
/// limit, only its first [`EVIDENCE_BYTES`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadMail {
    /// The mail, or the head of an oversized one.
    pub bytes: Vec<u8>,
    /// The whole mail's size in bytes.
    pub size: usize,
}

/// Reads one mail from `reader` without ever holding more than
/// `max_size + 1` bytes: a mail whose size is known to be over the limit
/// (`known_size`, from a stat or the server) is read only as far as the
/// evidence goes; otherwise at most `max_size + 1` bytes are read, and if
/// there are more the rest is drained unread (the MTA's pipe must be
/// emptied) and counted.
pub fn read_bounded(
    mut reader: impl Read,
    known_size: Option<u64>,
    max_size: usize,
) -> std::io::Result<ReadMail> {
    let limit = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
    if let Some(size) = known_size.filter(|&s| s > limit(max_size)) {
        let mut bytes = Vec::new();
        (&mut reader)
            .take(limit(EVIDENCE_BYTES))
            .read_to_end(&mut bytes)?;
        let size = usize::try_from(size).unwrap_or(usize::MAX);
        return Ok(ReadMail { bytes, size });
    }
    let mut bytes = Vec::new();
    (&mut reader)
        .take(limit(max_size).saturating_add(1))
        .read_to_end(&mut bytes)?;
    let mut size = bytes.len();
    if size > max_size {
        let rest = std::io::copy(&mut reader, &mut std::io::sink())?;
        size = size.saturating_add(usize::try_from(rest).unwrap_or(usize::MAX));
        bytes.truncate(EVIDENCE_BYTES);
    }
    Ok(ReadMail { bytes, size })
}

/// Journals and processes one mail read whole, whose DKIM signatures (if
/// ccgate checks them) gave `dkim`.
pub fn receive(
    batch: &Batch<'_>,
    raw: &[u8],
    (policy, dkim): (&Policy, &Verdict),
    now: Timestamp,
) -> service::Result<Processed> {
    let evidence = if raw.len() > policy.max_size {
        raw.get(..EVIDENCE_BYTES).unwrap_or(raw)
    } else {
        raw
    };
    receive_read(batch, (evidence, raw.len()), (policy, dkim), now)
}

/// Journals and processes one mail of `size` bytes: `raw` is the whole mail,
/// or, when `size` is over the limit, the evidence of it that was read
/// (see [`read_bounded`]), which is all that is journaled. `dkim` is what
/// ccgate's own check of its signatures found, if it checks them.
pub fn receive_read(
    batch: &Batch<'_>,
    (raw, size): (&[u8], usize),
    (policy, dkim): (&Policy, &Verdict),
    now: Timestamp,
) -> service::Result<Processed> {
    process(batch, &read_mail((raw, size), (policy, dkim)), now)
}

/// What one mail asks of the service, as read from its bytes: a pure
/// function of the mail and the policy, so an input works it out before
/// its transaction and the store is not held while mail is parsed.
#[derive(Debug)]
pub enum Received {
    /// Journaled and never answered, for the reason given.
    Aside(Inbound, Aside),
    /// A delivery report about the reply it names, if it names one of ours.
    Bounced {
        msg: Inbound,
        reply: Option<ReplyId>,
        diagnostic: String,
    },
    /// A player's message, with the text of the PGN file attached to it.
    Submit { msg: Inbound, pgn: Option<String> },
}

/// Journals and processes a mail as [`read_mail`] read it.
pub fn process(batch: &Batch<'_>, mail: &Received, now: Timestamp) -> service::Result<Processed> {
    match mail {
        Received::Aside(msg, why) => batch.set_aside(msg, why, now),
        Received::Bounced {
            msg,
            reply,
            diagnostic,
        } => batch.bounced(msg, *reply, diagnostic, now),
        Received::Submit { msg, pgn } => batch.submit_with_pgn(msg, pgn.as_deref(), now),
    }
}

/// Reads one mail of `size` bytes (see [`receive_read`]) into what it asks
/// of the service.
pub fn read_mail((raw, size): (&[u8], usize), (policy, dkim): (&Policy, &Verdict)) -> Received {
    let mail = parse::parse(raw).ok();
    let transport_id = mail
        .as_ref()
        .and_then(|m| m.message_id.as_deref())
        .filter(|id| !id.trim().is_empty())
        .map(|id| format!("<{}>", id.trim()))
        .unwrap_or_else(|| format!("sha256:{:x}", Sha256::digest(raw)));
    // The games of ours the mail answers: its In-Reply-To, then its
    // References from the newest (a client that cuts References keeps the
    // newest ones).
    let thread = mail.as_ref().map_or_else(Vec::new, |m| {
        let mut games = Vec::new();
        for id in m.in_reply_to.iter().chain(m.references.iter().rev()) {
            if let Some(g) = game_of(id, &policy.domain).map(GameId)
                && !games.contains(&g)
            {
                games.push(g);
            }
        }
        games
    });
    let inbound = |from: &str, text: String, auth: Auth| Inbound {
        channel: Channel::Email,
        thread: thread.clone(),
        from: from.to_string(),
        transport_id: Some(transport_id.clone()),
        raw: raw.to_vec(),
        text,
        auth,
        rules: policy.rules,
    };
    let aside = |from: &str, why: Aside| {
        Received::Aside(inbound(from, String::new(), Auth::Unchecked), why)
    };
    let Some(mail) = mail else {
        return aside("", Aside::Ignored("not a mail message".into()));
    };
    // Robots' mail is journaled under its first author, never acted on;
    // a person's mail is read only as its one author's (below).
    let from = mail.authors.first().cloned().unwrap_or_default();
    // Our return path is written on replies' envelopes only, never in a
    // From or Reply-To: what comes to it is a robot's (a `vacation` answer
    // that adds no Auto-Submitted header), and answering it loops.
    if let (Kind::Personal, Some(reply)) = (
        &mail.kind,
        parse::verp_outbox_id(&policy.verp_local, &mail.recipients),
    ) {
        let why = format!("automated: addressed to the return path of reply {reply}");
        return aside(&from, Aside::Ignored(why));
    }
    match &mail.kind {
        Kind::Bounce(bounce) => Received::Bounced {
            msg: inbound(&from, String::new(), Auth::Unchecked),
            reply: parse::verp_outbox_id(&policy.verp_local, &mail.recipients)
                .or_else(|| bounce.original_ids.iter().find_map(|id| outbox_id_of(id)))
                .map(ReplyId),
            diagnostic: bounce.diagnostic.clone(),
        },
        Kind::Automated(why) => aside(&from, Aside::Ignored(format!("automated: {why}"))),
        Kind::Personal if size > policy.max_size => aside(
            &from,
            Aside::TooLarge {
                size,
                limit: policy.max_size,
            },
        ),
        // No address to answer (found by fuzzing: a reply was queued to "").
        Kind::Personal if mail.authors.iter().all(|a| a.trim().is_empty()) => {
            aside(&from, Aside::Ignored("no From address".into()))
        }
        Kind::Personal => match mail.author() {
            Some(author) => Received::Submit {
                msg: inbound(author, text_of(&mail), auth_of(&mail, policy, dkim)),
                pgn: mail.pgn.clone(),
            },
            // Several authors: whichever one the lines were taken for could
            // be a forger's choice, in any trust mode. Journaled under the
            // `Sender:` that answers for the mail, or all of them.
            None => {
                let sender = mail.sender.as_deref().filter(|s| !s.trim().is_empty());
                let journaled = sender.map_or_else(|| mail.authors.join(", "), str::to_string);
                let why = Aside::SeveralAuthors {
                    authors: mail.authors.len(),
                    sender_named: sender.is_some(),
                };
                aside(&journaled, why)
            }
        },
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

/// What the operator's server, or ccgate's own DKIM check, says about
/// this mail's sender, and whether the policy asks for a PIN whatever they
/// say. A trusted server's verdict comes first; a signature ccgate verified
/// by a domain aligned with From vouches as well.
fn auth_of(mail: &Mail, policy: &Policy, dkim: &Verdict) -> Auth {
    if policy.require_pin {
        return Auth::Unverified("this gateway requires a PIN in every mail".to_string());
    }
    let server = policy
        .trusted_authserv_id
        .as_deref()
        .map(|id| parse::authentication_passes(mail, id));
    let server = match server {
        Some(Ok(how)) => return Auth::Vouched(how),
        Some(Err(why)) => Some(why),
        None => None,
    };
    let from_domain = parse::from_domain(mail);
    if let Some(d) = dkim.passed.iter().find(|d| parse::aligned(d, &from_domain)) {
        return Auth::Vouched(format!("dkim=pass header.d={d} (checked by ccgate)"));
    }
    let own = policy.dkim.then(|| {
        let mut found: Vec<String> = dkim
            .passed
            .iter()
            .map(|d| format!("dkim=pass header.d={d} (not aligned with From)"))
            .collect();
        found.extend(dkim.failed.iter().cloned());
        if found.is_empty() {
            "ccgate: no DKIM signature".to_string()
        } else {
            format!("ccgate: {}", found.join(" "))
        }
    });
    match (server, own) {
        (Some(why), Some(own)) => Auth::Unverified(format!("{why}; {own}")),
        (Some(why), None) | (None, Some(why)) => Auth::Unverified(why),
        (None, None) if policy.trust_from => Auth::Unchecked,
        (None, None) => {
            Auth::Unverified("no authentication configured: From: alone is no proof".into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A mail source that counts what is read from it.
    struct Counted<'a> {
        left: usize,
        read: &'a mut usize,
    }

    impl Read for Counted<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(self.left);
            buf[..n].fill(b'x');
            self.left -= n;
            *self.read += n;
            Ok(n)
        }
    }

    fn policy() -> Policy {
        Policy {
            max_size: 10_000,
            require_pin: false,
            trusted_authserv_id: None,
            dkim: false,
            trust_from: true,
            verp_local: "gate".into(),
            domain: "example.net".into(),
            rules: service::Rules::default(),
        }
    }

    fn read(mail: &str) -> Received {
        read_mail(
            (mail.as_bytes(), mail.len()),
            (&policy(), &Verdict::default()),
        )
    }

    #[test]
    fn a_players_mail_reads_as_its_subject_above_its_body_known_by_its_message_id() {
        let mail = "From: Ann <ann@example.org>\r\nTo: gate@example.net\r\nSubject: Re: 14. Nf3\r\nMessage-ID: <m1@example.org>\r\n\r\nthanks\r\n";
        let Received::Submit { msg, pgn } = read(mail) else {
            panic!("not a submission: {:?}", read(mail));
        };
        assert_eq!(msg.from, "ann@example.org");
        assert_eq!(msg.transport_id.as_deref(), Some("<m1@example.org>"));
        assert!(msg.text.starts_with("14. Nf3\n"), "{:?}", msg.text);
        assert_eq!((msg.raw.as_slice(), pgn), (mail.as_bytes(), None));
    }

    #[test]
    fn what_is_no_players_mail_reads_as_set_aside_or_a_bounce() {
        let Received::Aside(msg, why) = read("") else {
            panic!("bytes that are no mail were not set aside");
        };
        assert_eq!(why, Aside::Ignored("not a mail message".into()));
        assert!(msg.transport_id.is_some_and(|id| id.starts_with("sha256:")));
        let robot = "From: ann@example.org\r\nTo: gate+o42@example.net\r\nMessage-ID: <v@x>\r\n\r\nI am away\r\n";
        assert!(
            matches!(read(robot), Received::Aside(_, Aside::Ignored(ref why)) if why.contains("reply 42")),
            "{:?}",
            read(robot)
        );
        let bounce = "From: MAILER-DAEMON@example.net\r\nTo: gate+o7@example.net\r\nSubject: Undelivered Mail Returned to Sender\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=b\r\nMessage-ID: <b@x>\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nfailed\r\n--b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; example.net\r\n\r\nFinal-Recipient: rfc822; bob@example.com\r\nAction: failed\r\nStatus: 5.1.1\r\nDiagnostic-Code: smtp; 550 5.1.1 no such user\r\n--b--\r\n";
        let Received::Bounced {
            reply, diagnostic, ..
        } = read(bounce)
        else {
            panic!("not a bounce: {:?}", read(bounce));
        };
        assert_eq!(reply, Some(ReplyId(7)));
        assert!(diagnostic.contains("550 5.1.1"), "{diagnostic:?}");
    }

    #[test]
    fn a_size_known_to_be_over_the_limit_reads_only_the_evidence() {
        let mut read = 0;
        let source = Counted {
            left: 50_000_000,
            read: &mut read,
        };
        let mail = read_bounded(source, Some(50_000_000), 1_000_000).unwrap();
        assert_eq!((mail.bytes.len(), mail.size), (EVIDENCE_BYTES, 50_000_000));
        assert_eq!(read, EVIDENCE_BYTES);
    }

    #[test]
    fn an_unknown_size_is_read_to_the_limit_and_the_rest_drained() {
        let mut read = 0;
        let source = Counted {
            left: 3_000_000,
            read: &mut read,
        };
        let mail = read_bounded(source, None, 1_000_000).unwrap();
        assert_eq!((mail.bytes.len(), mail.size), (EVIDENCE_BYTES, 3_000_000));
        assert_eq!(read, 3_000_000, "a pipe is emptied");
        let mail = read_bounded(&b"1. e4\n"[..], None, 1024).unwrap();
        assert_eq!((mail.bytes, mail.size), (b"1. e4\n".to_vec(), 6));
        // Exactly at the limit is not over it.
        let mail = read_bounded(&[b'x'; 1024][..], Some(1024), 1024).unwrap();
        assert_eq!((mail.bytes.len(), mail.size), (1024, 1024));
    }
}
