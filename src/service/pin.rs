//! PIN checks: a player with a PIN sends it on a line of its own
//! (`pin 1234`); five wrong ones from one address lock it on that address
//! for an hour.

use jiff::Timestamp;

use super::ctx::Ctx;
use super::decision::{Decision, Incident, Write};
use super::error::{Result, SecretError};
use super::notice::Notice;
use super::steps::Refusal;
use crate::protocol::address::Channel;
use crate::store::{self, IncidentKind, Player};

/// The PIN a line gives (`pin 1234`, `PIN: 1234`), if it is a PIN line: the
/// keyword alone, then one word, so "Pinned down all week" is prose.
pub fn pin_of_line(line: &str) -> Option<&str> {
    let l = line.trim();
    let rest = l
        .get(..3)
        .filter(|p| p.eq_ignore_ascii_case("pin"))
        .and_then(|_| l.get(3..))?;
    let pin = rest
        .strip_prefix([':', ' ', '\t'])?
        .trim_start_matches([':', ' ', '\t'])
        .trim();
    (!pin.is_empty() && !pin.contains(char::is_whitespace)).then_some(pin)
}

/// Checks the PIN line (`pin 1234`) of a player who has a PIN, sent from
/// `(channel, address)`: failures count on that address only.
pub(super) fn pin_ok(
    ctx: &mut Ctx<'_, '_>,
    player: &Player,
    (channel, address): (Channel, &str),
    hash: &str,
    text: &str,
) -> Result<bool> {
    let state = ctx.tx.pin_state(player.id, channel, address)?;
    let from = Sender {
        player,
        channel,
        address,
        state,
    };
    let given = text.lines().find_map(pin_of_line);
    let (ok, d) = check_secret(&from, hash, given, Secret::Pin, ctx.now);
    ctx.apply(d, None)?;
    Ok(ok)
}

/// Who tries a PIN: the player, the address the message came from, and the
/// PIN's failures and lock on that address.
pub(super) struct Sender<'a> {
    pub(super) player: &'a Player,
    pub(super) channel: Channel,
    pub(super) address: &'a str,
    pub(super) state: store::PinState,
}

/// The secrets checked and locked the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Secret {
    /// A message's PIN line.
    Pin,
    /// A correspondence program's Xfcc password.
    XfccPassword,
    /// A code sent to sign in on the web, tried for an address.
    WebCode,
    /// The player's own password, tried on the web for an address.
    WebPassword,
}

impl Secret {
    /// Why a try failed: locked, nothing given, wrong.
    fn reasons(self) -> [&'static str; 3] {
        match self {
            Secret::Pin => [
                "PIN locked after repeated failures",
                "PIN missing",
                "wrong PIN",
            ],
            Secret::XfccPassword => [
                "Xfcc login locked after repeated failures",
                "Xfcc password missing",
                "wrong Xfcc password",
            ],
            Secret::WebCode => [
                "web sign-in locked after repeated failures",
                "web sign-in code missing",
                "wrong web sign-in code",
            ],
            Secret::WebPassword => [
                "web sign-in locked after repeated failures",
                "web password missing",
                "wrong web password",
            ],
        }
    }

    /// How long five failures lock it: a PIN or a password, which stays
    /// the same, for an hour; a web code, which is new each time and lives
    /// only a quarter of an hour, for as long as one lives.
    fn lock(self) -> jiff::SignedDuration {
        match self {
            Secret::Pin | Secret::XfccPassword | Secret::WebPassword => {
                jiff::SignedDuration::from_hours(1)
            }
            Secret::WebCode => jiff::SignedDuration::from_mins(15),
        }
    }
}

/// Whether `given` opens the player's secret `hash`, and the decision: the
/// attempt recorded and, for a failure, the refusal.
fn check_secret(
    from: &Sender<'_>,
    hash: &str,
    given: Option<&str>,
    secret: Secret,
    now: Timestamp,
) -> (bool, Decision) {
    let locked = from.state.locked_until.is_some_and(|t| t > now);
    let opened = !locked && given.is_some_and(|g| opens(hash, g));
    judge_secret(from, given.is_some(), opened, secret, now)
}

/// Whether `given` is the secret whose argon2id hash is `hash`: slow on
/// purpose, so a caller may run it outside the store's lock.
pub(super) fn opens(hash: &str, given: &str) -> bool {
    use argon2::password_hash::{PasswordHash, PasswordVerifier};
    PasswordHash::new(hash).is_ok_and(|h| {
        argon2::Argon2::default()
            .verify_password(given.as_bytes(), &h)
            .is_ok()
    })
}

/// The decision on a try of a secret: `given` whether one was given,
/// `opened` whether it opened the hash (see [`opens`]).
pub(super) fn judge_secret(
    from: &Sender<'_>,
    given: bool,
    opened: bool,
    secret: Secret,
    now: Timestamp,
) -> (bool, Decision) {
    let locked = from.state.locked_until.is_some_and(|t| t > now);
    let ok = !locked && opened;
    // Five wrong PINs from one address lock the PIN on that address for an
    // hour (a web code for a quarter): guessing four digits takes years. Counting per address means a
    // forger's failures (a forged From, a spoofed number) lock only the
    // address they wrote from, never the player's others. A missing PIN is
    // no guess, and an attempt while locked renews nothing: otherwise one
    // forged mail an hour, PIN or not, would keep the address locked for good.
    let locked_until = (!ok && from.state.failures + 1 >= 5).then(|| now + secret.lock());
    let attempt = (given && !locked).then(|| Write::PinAttempt {
        player: from.player.id,
        channel: from.channel,
        address: from.address.to_string(),
        ok,
        locked_until,
    });
    let record = |d: Decision| match attempt {
        Some(w) => d.write(w),
        None => d,
    };
    if ok {
        return (true, record(Decision::default()));
    }
    let [when_locked, missing, wrong] = secret.reasons();
    let why = if locked {
        when_locked
    } else if !given {
        missing
    } else {
        wrong
    };
    let incident = Incident::about(IncidentKind::BadPin, why.to_string());
    let d = Decision::refused(
        Some(from.player),
        incident,
        Notice::BadPin,
        Refusal::Pin(why),
    );
    (false, record(d))
}

/// Hashes a PIN for storage (argon2id with a random salt).
pub fn hash_pin(pin: &str) -> Result<String, SecretError> {
    let pin = pin.trim();
    if pin.len() < 4 || !pin.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(SecretError::Weak("a PIN is at least 4 letters or digits"));
    }
    hash_secret(pin)
}

/// Hashes an Xfcc password for storage (argon2id with a random salt).
pub fn hash_xfcc_password(password: &str) -> Result<String, SecretError> {
    if password.chars().count() < 8 {
        return Err(SecretError::Weak(
            "an Xfcc password is at least 8 characters",
        ));
    }
    hash_secret(password)
}

/// argon2id with a random salt, as the players table keeps PINs.
pub(super) fn hash_secret(secret: &str) -> Result<String, SecretError> {
    use argon2::password_hash::{PasswordHasher, SaltString, rand_core::OsRng};
    let salt = SaltString::generate(&mut OsRng);
    argon2::Argon2::default()
        .hash_password(secret.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| SecretError::Hash(e.to_string()))
}

/// A message as the journal keeps it: every PIN line replaced by
/// `pin withheld <hash>`, so the fact a PIN was given, and which one for
/// whoever knows it, stays on record while the PIN itself is not. The
/// hash is salted argon2id like the players table's: a PIN of four digits
/// under a fast hash would be read back in microseconds. Lines are matched
/// as sent; a PIN inside a base64-encoded body part is not seen here.
pub fn without_pins(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    for line in raw.split_inclusive(|&b| b == b'\n') {
        let content = line.strip_suffix(b"\n").unwrap_or(line);
        let content = content.strip_suffix(b"\r").unwrap_or(content);
        let pin = std::str::from_utf8(content).ok().and_then(pin_of_line);
        match pin {
            Some(pin) => {
                let hash = hash_secret(pin).unwrap_or_else(|_| "unhashed".to_string());
                out.extend_from_slice(format!("pin withheld {hash}").as_bytes());
                out.extend_from_slice(&line[content.len()..]);
            }
            None => out.extend_from_slice(line),
        }
    }
    out
}
