//! Players sign in on the web with a one-time code: asked for by an
//! address the player is registered at, sent there as a reply (in their
//! language, on that address's channel), valid a quarter of an hour and
//! once. The store keeps the code's argon2id hash only. Wrong codes count
//! like wrong PINs ([`judge_secret`]), per address and under channel `web`:
//! five lock web sign-in for that address for a quarter of an hour, and
//! leave mail, SMS and radio play alone. A right code opens a session like
//! a director's ([`login`](super::login)).

use jiff::{SignedDuration, Timestamp};

use super::ctx::{Actor, transact};
use super::decision::{Decision, To, Write};
use super::error::Result;
use super::error::SecretError;
use super::hold::new_code;
use super::login::{UNKNOWN, random_hex, token_hash};
use super::notice::Notice;
use super::pin::{self, Secret, Sender, hash_secret, hash_xfcc_password, judge_secret};
use crate::protocol::address::{Channel, normalize};
use crate::store::{self, PlayerId, SessionOf, Store};

/// How long a sign-in code opens a session.
pub const CODE_MINUTES: i64 = 15;
/// A second code is not sent to an address sooner than this after the
/// first: the page cannot be made to flood a player's mailbox or phone.
const RESEND_AFTER: SignedDuration = SignedDuration::from_secs(60);
/// How long a player's session lasts.
const SESSION: SignedDuration = SignedDuration::from_hours(30 * 24);

/// The address a player typed, read as the channel it looks like (an `@`
/// makes it a mail address, a leading `+` or digit a phone number, anything
/// else a callsign) in the form the service compares addresses in.
fn web_address(typed: &str) -> Option<(Channel, String)> {
    let typed = typed.trim();
    let channel = if typed.contains('@') {
        Channel::Email
    } else if typed.starts_with(|c: char| c == '+' || c.is_ascii_digit()) {
        Channel::Sms
    } else {
        Channel::Radio
    };
    normalize(channel, typed).ok().map(|a| (channel, a))
}

/// Whether a code goes out now to a registered address: unless one went
/// there within [`RESEND_AFTER`].
fn sends_code(waiting: Option<&store::WebCode>, now: Timestamp) -> bool {
    waiting.is_none_or(|w| w.created_at <= now - RESEND_AFTER)
}

/// Sends a sign-in code to the player registered at `typed`, if any. What
/// the caller learns is the same either way, so the page tells no one
/// which addresses are registered.
pub fn send_web_code(store: &mut Store, typed: &str, now: Timestamp) -> Result<()> {
    // Hashed whether or not it is sent: the time taken tells nothing either.
    let code = new_code();
    let code_hash = hash_secret(&code)?;
    let Some((channel, address)) = web_address(typed) else {
        return Ok(());
    };
    let player = store.player_by_address(channel, &address)?;
    let waiting = store.web_code(channel, &address)?;
    let Some(player) = player.filter(|_| sends_code(waiting.as_ref(), now)) else {
        return Ok(());
    };
    let d = Decision::default()
        .write(Write::WebCode {
            player: player.id,
            channel,
            address: address.clone(),
            code_hash,
            expires: now + SignedDuration::from_mins(CODE_MINUTES),
        })
        .tell(
            To::Sender(Some(player)),
            Notice::WebCode {
                code,
                minutes: CODE_MINUTES,
            },
        );
    // As a reply to the address that asked, so it goes there, on its
    // channel, and to no other address of the player.
    let actor = Actor::Sender { channel, address };
    transact(store, &actor, now, |ctx| ctx.apply(d, None).map(drop))
}

/// What a sign-in with a code did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebSignIn {
    /// A session: the token for the cookie, the token for its forms.
    SignedIn {
        player: PlayerId,
        token: String,
        csrf: String,
    },
    /// The code is wrong, expired or used, or the address is locked or
    /// unknown: which one is not said.
    Refused,
}

/// Signs in with the code sent to `typed`: a right code, within its time,
/// is spent and opens a session; any other is counted against the address.
pub fn sign_in_with_code(
    store: &mut Store,
    typed: &str,
    code: &str,
    now: Timestamp,
) -> Result<WebSignIn> {
    let given = code.trim().to_ascii_uppercase();
    sign_in(
        store,
        typed,
        &given,
        Secret::WebCode,
        now,
        |store, channel, address, player| {
            let waiting = store
                .web_code(channel, address)?
                .filter(|w| w.player == player && w.expires_at > now);
            let hash = waiting.as_ref().map_or(UNKNOWN.as_str(), |w| &w.code_hash);
            let opened = pin::opens(hash, &given) && waiting.is_some();
            Ok((
                opened,
                Some(Write::SpendWebCode {
                    channel,
                    address: address.to_string(),
                }),
            ))
        },
    )
}

/// Signs in with the player's own password (the one their correspondence
/// programs use over Xfcc, if they set one): failures count against the
/// address typed, with the codes'.
pub fn sign_in_with_password(
    store: &mut Store,
    typed: &str,
    password: &str,
    now: Timestamp,
) -> Result<WebSignIn> {
    sign_in(
        store,
        typed,
        password,
        Secret::WebPassword,
        now,
        |store, _, _, player| {
            let hash = store.own_password(player)?;
            let opened =
                pin::opens(hash.as_deref().unwrap_or(&UNKNOWN), password) && hash.is_some();
            Ok((opened, None))
        },
    )
}

/// A sign-in at the address `typed` with the secret `given`, which
/// `opens` checks for the player registered there (and names what the
/// success spends): a session, or a refusal counted against the address.
fn sign_in(
    store: &mut Store,
    typed: &str,
    given: &str,
    secret: Secret,
    now: Timestamp,
    opens: impl FnOnce(&Store, Channel, &str, PlayerId) -> store::Result<(bool, Option<Write>)>,
) -> Result<WebSignIn> {
    let found = match web_address(typed) {
        Some((channel, address)) => store
            .player_by_address(channel, &address)?
            .map(|p| (channel, address, p)),
        None => None,
    };
    let Some((channel, address, player)) = found else {
        // The same argon2 check as for a registered address, so the time
        // taken does not tell which addresses are registered.
        pin::opens(&UNKNOWN, given);
        return Ok(WebSignIn::Refused);
    };
    // Failures count per address, apart from the PIN's on that address.
    let lock = format!("{channel}:{address}");
    let state = store.pin_state(player.id, Channel::Web, &lock)?;
    let from = Sender {
        player: &player,
        channel: Channel::Web,
        address: &lock,
        state,
    };
    let (opened, spent) = opens(store, channel, &address, player.id)?;
    let (ok, mut d) = judge_secret(&from, !given.is_empty(), opened, secret, now);
    // The page says what went wrong; nothing is sent anywhere.
    d.notices.clear();
    let signed = if ok {
        let (token, csrf) = (random_hex(), random_hex());
        if let Some(spent) = spent {
            d = d.write(spent);
        }
        d = d.write(Write::Session {
            of: SessionOf::Player(player.id),
            token_hash: token_hash(&token),
            csrf: csrf.clone(),
            expires: now + SESSION,
        });
        WebSignIn::SignedIn {
            player: player.id,
            token,
            csrf,
        }
    } else {
        WebSignIn::Refused
    };
    let actor = Actor::Sender {
        channel: Channel::Web,
        address: lock,
    };
    transact(store, &actor, now, |ctx| ctx.apply(d, None).map(drop))?;
    Ok(signed)
}

/// Sets (or with `None` removes) a signed-in player's own password: the
/// one the web sign-in and their correspondence programs take. A weak one
/// is refused and nothing changes.
pub fn set_own_password(
    store: &mut Store,
    player: PlayerId,
    password: Option<&str>,
    now: Timestamp,
) -> Result<std::result::Result<(), SecretError>> {
    let hash = match password.map(hash_xfcc_password).transpose() {
        Ok(hash) => hash,
        Err(weak) => return Ok(Err(weak)),
    };
    let d = Decision::default().write(Write::XfccPassword(player, hash));
    transact(store, &Actor::System, now, |ctx| {
        ctx.apply(d, None).map(drop)
    })?;
    Ok(Ok(()))
}

/// The player's session a cookie's token opens at `now`.
pub fn player_session(
    store: &Store,
    token: &str,
    now: Timestamp,
) -> store::Result<Option<store::PlayerSession>> {
    store.player_session(&token_hash(token), now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_read_as_the_channel_it_looks_like() {
        assert_eq!(
            web_address(" Anna@Example.ORG "),
            Some((Channel::Email, "anna@example.org".into()))
        );
        assert_eq!(
            web_address("+49 171 234-5678"),
            Some((Channel::Sms, "+491712345678".into()))
        );
        assert_eq!(
            web_address("dl1abc"),
            Some((Channel::Radio, "DL1ABC".into()))
        );
        assert_eq!(web_address("0171 2345678"), None);
        assert_eq!(web_address(""), None);
    }

    #[test]
    fn a_second_code_waits_a_minute() {
        let now = Timestamp::UNIX_EPOCH + SignedDuration::from_hours(1);
        let sent = |ago: i64| store::WebCode {
            player: PlayerId(1),
            code_hash: String::new(),
            created_at: now - SignedDuration::from_secs(ago),
            expires_at: now + SignedDuration::from_mins(10),
        };
        assert!(sends_code(None, now));
        assert!(!sends_code(Some(&sent(30)), now));
        assert!(sends_code(Some(&sent(61)), now));
    }
}
