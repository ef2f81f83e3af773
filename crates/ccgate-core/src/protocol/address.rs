//! Channels and the normal form of contact addresses, so that the same
//! player is recognised however the transport writes their address; and
//! the spelling an address is registered and written to in, which keeps an
//! email address's local part as given (RFC 5321 §2.4 leaves its case to
//! the receiving host).
//!
//! ```
//! use ccgate_core::protocol::address::{Channel, normalize, spelling};
//! assert_eq!(normalize(Channel::Sms, "0049 171 234-5678").unwrap(), "+491712345678");
//! assert_eq!(normalize(Channel::Email, "Anna <Anna.K@Example.ORG>").unwrap(), "anna.k@example.org");
//! assert_eq!(spelling(Channel::Email, "Anna <Anna.K@Example.ORG>").unwrap(), "Anna.K@example.org");
//! assert_eq!(normalize(Channel::Radio, "dl1abc-7").unwrap(), "DL1ABC-7");
//! assert_eq!(normalize(Channel::Radio, "dl1abc-07").unwrap(), "DL1ABC-7");
//! assert_eq!(normalize(Channel::Radio, "DL1ABC-0").unwrap(), "DL1ABC");
//! assert!(normalize(Channel::Radio, "DL1ABC-16").is_err());
//! assert!(normalize(Channel::Radio, "DL1ABCD").is_err());
//! assert!(normalize(Channel::Sms, "0171 2345678").is_err());
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::callsign::Callsign;

/// A transport that carries messages to and from players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    Email,
    Sms,
    Radio,
    /// The correspondence programs' web service: each request is answered
    /// in its response, so it is a channel of the journal (its requests are
    /// evidence like mails) but carries no replies and is no address.
    Xfcc,
    /// The web pages: a signed-in player's forms. Journaled like any
    /// message; its answers are shown on the page that posted it (so they
    /// are sent as soon as queued), and it is no address either.
    Web,
}

impl Channel {
    /// The channels that carry replies, and so addresses.
    pub const ALL: [Channel; 3] = [Channel::Email, Channel::Sms, Channel::Radio];

    pub fn name(self) -> &'static str {
        match self {
            Channel::Email => "email",
            Channel::Sms => "sms",
            Channel::Radio => "radio",
            Channel::Xfcc => "xfcc",
            Channel::Web => "web",
        }
    }
}

impl fmt::Display for Channel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Channel {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Channel::ALL
            .into_iter()
            .chain([Channel::Xfcc, Channel::Web])
            .find(|c| c.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown channel {s:?}; known: email, sms, radio"))
    }
}

/// Why an address was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    #[error("{0:?} is not an email address")]
    Email(String),
    #[error(
        "{0:?} is not an international phone number: write it with its country code, as +49… or 0049…"
    )]
    Phone(String),
    #[error("{0:?} is not a radio callsign")]
    Callsign(String),
    #[error("xfcc is no address: a player's Xfcc login is their name")]
    Xfcc,
    #[error("web is no address: a player signs in on the web with an address of another channel")]
    Web,
}

/// The normal form of an address on a channel, the form addresses are
/// compared in: email addresses in lower case without display name, phone
/// numbers in E.164 (`+` and 8–15 digits), callsigns in upper case (an SSID
/// suffix such as `-7` is kept).
pub fn normalize(channel: Channel, raw: &str) -> Result<String, AddressError> {
    spelling(channel, raw).map(|a| key(channel, &a))
}

/// The form in which an address valid on `channel` (a [`spelling`]) is
/// compared: email addresses in lower case, as players and mail systems
/// treat them, though the local part's case is the host's to read.
pub fn key(channel: Channel, address: &str) -> String {
    match channel {
        Channel::Email => address.to_lowercase(),
        Channel::Sms | Channel::Radio | Channel::Xfcc | Channel::Web => address.to_string(),
    }
}

/// An address on a channel as it is registered and written to: as
/// [`normalize`], except that an email address keeps its local part as
/// given (only the domain, which DNS reads without case, is lower-cased).
pub fn spelling(channel: Channel, raw: &str) -> Result<String, AddressError> {
    let raw = raw.trim();
    match channel {
        Channel::Email => {
            let inner = match (raw.rfind('<'), raw.rfind('>')) {
                (Some(a), Some(b)) if a < b => &raw[a + 1..b],
                _ => raw,
            };
            let inner = inner.trim();
            let ok = inner.split_once('@').is_some_and(|(l, d)| {
                !l.is_empty() && d.contains('.') && !d.starts_with('.') && !d.ends_with('.')
            }) && !inner.contains(char::is_whitespace)
                && inner.matches('@').count() == 1;
            match inner.split_once('@') {
                Some((local, domain)) if ok => Ok(format!("{local}@{}", domain.to_lowercase())),
                _ => Err(AddressError::Email(raw.to_string())),
            }
        }
        Channel::Sms => {
            let compact: String = raw
                .chars()
                .filter(|c| !matches!(c, ' ' | '-' | '.' | '(' | ')' | '/'))
                .collect();
            let digits = if let Some(d) = compact.strip_prefix('+') {
                d
            } else if let Some(d) = compact.strip_prefix("00") {
                d
            } else {
                return Err(AddressError::Phone(raw.to_string()));
            };
            let ok = (8..=15).contains(&digits.len())
                && digits.bytes().all(|b| b.is_ascii_digit())
                && !digits.starts_with('0');
            if ok {
                Ok(format!("+{digits}"))
            } else {
                Err(AddressError::Phone(raw.to_string()))
            }
        }
        // The link's form (radio.md §3), held to a licensed station's
        // shape, so an address always matches the frames' sender.
        Channel::Radio => match Callsign::new(raw) {
            Ok(call) if call.is_station() => Ok(call.to_string()),
            _ => Err(AddressError::Callsign(raw.to_string())),
        },
        Channel::Xfcc => Err(AddressError::Xfcc),
        Channel::Web => Err(AddressError::Web),
    }
}
