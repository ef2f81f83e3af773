//! PIN checks: a player with a PIN sends it on a line of its own
//! (`pin 1234`); five wrong ones from one address lock it on that address
//! for an hour.

use super::decision::{Decision, Incident, Write};
use super::*;

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

impl Ctx<'_, '_> {
    /// Checks the PIN line (`pin 1234`) of a player who has a PIN, sent from
    /// `(channel, address)`: failures count on that address only.
    pub(super) fn pin_ok(
        &mut self,
        player: &Player,
        (channel, address): (Channel, &str),
        hash: &str,
        text: &str,
    ) -> store::Result<bool> {
        let state = self.tx.pin_state(player.id, channel, address)?;
        let from = Sender {
            player,
            channel,
            address,
            state,
        };
        let (ok, d) = check_pin(&from, hash, text, self.now);
        self.apply(d, None)?;
        Ok(ok)
    }
}

/// Who tries a PIN: the player, the address the message came from, and the
/// PIN's failures and lock on that address.
struct Sender<'a> {
    player: &'a Player,
    channel: Channel,
    address: &'a str,
    state: store::PinState,
}

/// Whether the message's PIN line opens the player's PIN, and the decision:
/// the attempt recorded and, for a failure, the refusal.
fn check_pin(from: &Sender<'_>, hash: &str, text: &str, now: Timestamp) -> (bool, Decision) {
    use argon2::password_hash::{PasswordHash, PasswordVerifier};
    let locked = from.state.locked_until.is_some_and(|t| t > now);
    let given = text.lines().find_map(pin_of_line);
    let ok = !locked
        && given.is_some_and(|pin| {
            PasswordHash::new(hash).is_ok_and(|h| {
                argon2::Argon2::default()
                    .verify_password(pin.as_bytes(), &h)
                    .is_ok()
            })
        });
    // Five wrong PINs from one address lock the PIN on that address for an
    // hour: guessing four digits takes years. Counting per address means a
    // forger's failures (a forged From, a spoofed number) lock only the
    // address they wrote from, never the player's others. A missing PIN is
    // no guess, and an attempt while locked renews nothing: otherwise one
    // forged mail an hour, PIN or not, would keep the address locked for good.
    let locked_until =
        (!ok && from.state.failures + 1 >= 5).then(|| now + jiff::SignedDuration::from_hours(1));
    let attempt = (given.is_some() && !locked).then(|| Write::PinAttempt {
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
    let why = if locked {
        "PIN locked after repeated failures"
    } else if given.is_none() {
        "PIN missing"
    } else {
        "wrong PIN"
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
pub fn hash_pin(pin: &str) -> Result<String, String> {
    let pin = pin.trim();
    if pin.len() < 4 || !pin.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err("a PIN is at least 4 letters or digits".into());
    }
    hash_secret(pin)
}

/// argon2id with a random salt, as the players table keeps PINs.
pub(super) fn hash_secret(secret: &str) -> Result<String, String> {
    use argon2::password_hash::{PasswordHasher, SaltString, rand_core::OsRng};
    let salt = SaltString::generate(&mut OsRng);
    argon2::Argon2::default()
        .hash_password(secret.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
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
