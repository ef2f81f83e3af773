//! The directors of the web console: accounts, logins rate-limited and
//! recorded, sessions kept in the store (a restart keeps them, a logout
//! ends them). Each login is decided as a value ([`verdict`]) from what
//! the store counted, then recorded in one transaction.

use argon2::password_hash::rand_core::{OsRng, RngCore};
use argon2::password_hash::{PasswordHash, PasswordVerifier};
use sha2::{Digest, Sha256};

use jiff::Timestamp;

use super::ctx::{Actor, transact};
use super::decision::{Decision, Write};
use super::error::{Result, SecretError, ServiceError};
use super::name::{Name, taken};
use super::pin::hash_secret;
use crate::store::{self, Store};

/// Failed logins counted over this window.
const WINDOW: jiff::SignedDuration = jiff::SignedDuration::from_mins(15);
/// Failures for one name within the window before that name is refused
/// without a look at the password.
const MAX_PER_NAME: i64 = 5;
/// Failures from one address (any names) before it is refused: a guesser
/// trying many names is stopped too, a director who mistypes is not.
const MAX_PER_ADDRESS: i64 = 20;
/// How long a session lasts.
const SESSION: jiff::SignedDuration = jiff::SignedDuration::from_hours(12);

/// What a login did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Login {
    SignedIn(SignedIn),
    /// Wrong name or password (which one is not said).
    Refused,
    /// Too many failures lately, for the name or from the address.
    Limited,
}

/// A new session: the token for the cookie, the token for its forms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedIn {
    pub director: String,
    pub token: String,
    pub csrf: String,
}

/// Adds a director with a password (hashed with argon2id); a name taken,
/// whatever its case, is refused.
pub fn add_director(store: &mut Store, name: &Name, password: &str, now: Timestamp) -> Result<()> {
    let directors = store.directors()?;
    if let Some(other) = taken(name, directors.iter().map(|d| d.name.as_str())) {
        return Err(ServiceError::Refused(format!(
            "a director named {other:?} exists already (names are the same whatever their case)"
        )));
    }
    let password = password.trim_end_matches(['\r', '\n']);
    if password.chars().count() < 10 {
        return Err(SecretError::Weak("a director's password is at least 10 characters").into());
    }
    let hash = hash_secret(password)?;
    let d = Decision::default().write(Write::Director {
        name: name.to_string(),
        hash,
    });
    transact(store, &Actor::Operator, now, |ctx| {
        ctx.apply(d, None).map(drop)
    })
}

/// Removes a director and ends their sessions.
pub fn remove_director(store: &mut Store, name: &str) -> Result<()> {
    let d = Decision::default().write(Write::RemoveDirector(name.to_string()));
    // No write of it reads the time.
    transact(store, &Actor::Operator, crate::now::now(), |ctx| {
        ctx.apply(d, None).map(drop)
    })
}

/// Whether a login may be tried, from the failures counted lately (for
/// the name, from the address), and if the password was checked, whether
/// it matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Limited,
    Refused,
    Open,
}

fn limited([by_name, by_address]: [i64; 2]) -> bool {
    by_name >= MAX_PER_NAME || by_address >= MAX_PER_ADDRESS
}

fn verdict(failures: [i64; 2], matched: impl FnOnce() -> bool) -> Verdict {
    if limited(failures) {
        Verdict::Limited
    } else if matched() {
        Verdict::Open
    } else {
        Verdict::Refused
    }
}

/// Checks a director's password from `address` and opens a session. Every
/// attempt that checked a password is recorded; an attempt refused by the
/// limit checks nothing and is not counted, so the limit ends a quarter of
/// an hour after the last guess it let through.
pub fn login(
    store: &mut Store,
    name: &str,
    password: &str,
    address: &str,
    now: Timestamp,
) -> Result<Login> {
    let failures = store.failed_logins(name, address, now - WINDOW)?;
    let director = store.director(name)?;
    let v = verdict(failures, || {
        // An unknown name costs the same hashing as a known one, so the
        // time taken does not tell which names exist.
        let hash = director
            .as_ref()
            .map_or_else(|| UNKNOWN.as_str(), |d| d.password_hash.as_str());
        PasswordHash::new(hash).is_ok_and(|h| {
            argon2::Argon2::default()
                .verify_password(password.as_bytes(), &h)
                .is_ok()
        }) && director.is_some()
    });
    if v == Verdict::Limited {
        return Ok(Login::Limited);
    }
    let mut d = Decision::default().write(Write::Login {
        name: name.to_string(),
        address: address.to_string(),
        ok: v == Verdict::Open,
    });
    let signed = match (v, &director) {
        (Verdict::Open, Some(director)) => {
            let (token, csrf) = (random_hex(), random_hex());
            d = d.write(Write::Session {
                of: store::SessionOf::Director(director.id),
                token_hash: token_hash(&token),
                csrf: csrf.clone(),
                expires: now + SESSION,
            });
            Login::SignedIn(SignedIn {
                director: director.name.clone(),
                token,
                csrf,
            })
        }
        _ => Login::Refused,
    };
    transact(store, &Actor::System, now, |ctx| ctx.apply(d, None))?;
    Ok(signed)
}

/// The hash an unknown name's password (or a player's web code when no
/// code waits) is checked against: it opens nothing.
pub(super) static UNKNOWN: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| hash_secret("no director has this").unwrap_or_default());

/// The session a cookie's token opens at `now`.
pub fn session(
    store: &Store,
    token: &str,
    now: Timestamp,
) -> store::Result<Option<store::Session>> {
    store.session(&token_hash(token), now)
}

/// Ends the session of a token (a logout).
pub fn end_session(store: &mut Store, token: &str) -> Result<()> {
    let d = Decision::default().write(Write::EndSession(token_hash(token)));
    // No write of it reads the time.
    transact(store, &Actor::System, crate::now::now(), |ctx| {
        ctx.apply(d, None).map(drop)
    })
}

/// 32 random bytes as hex: a session's token, a form's token.
pub fn random_hex() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The store keeps a token's SHA-256 only: a copy of the store opens no
/// session.
pub(super) fn token_hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_is_decided_before_the_password_is_looked_at() {
        let never = || -> bool { panic!("the password is not checked when limited") };
        assert_eq!(verdict([5, 0], never), Verdict::Limited);
        assert_eq!(verdict([0, 20], never), Verdict::Limited);
        assert_eq!(verdict([4, 19], || true), Verdict::Open);
        assert_eq!(verdict([4, 19], || false), Verdict::Refused);
    }
}
