//! PIN checks: a player with a PIN sends it on a line of its own
//! (`pin 1234`); five wrong ones lock it for an hour.

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
    /// Checks the PIN line (`pin 1234`) of a player who has a PIN.
    pub(super) fn pin_ok(
        &mut self,
        player: &Player,
        hash: &str,
        text: &str,
    ) -> store::Result<bool> {
        use argon2::password_hash::{PasswordHash, PasswordVerifier};
        let locked = player.pin_locked_until.is_some_and(|t| t > self.now);
        let given = text.lines().find_map(pin_of_line).map(str::to_string);
        let ok = !locked
            && given.as_deref().is_some_and(|pin| {
                PasswordHash::new(hash).is_ok_and(|h| {
                    argon2::Argon2::default()
                        .verify_password(pin.as_bytes(), &h)
                        .is_ok()
                })
            });
        // Five wrong PINs lock the player's PIN for an hour: guessing four
        // digits takes years. A missing PIN is no guess, so it counts for
        // nothing: otherwise one forged mail an hour, PIN or not, would keep
        // the owner locked out for good.
        if given.is_some() && !locked {
            let lock = (!ok && player.pin_failures + 1 >= 5)
                .then(|| self.now + jiff::SignedDuration::from_hours(1));
            self.tx.record_pin_attempt(player.id, ok, lock)?;
        }
        if !ok {
            let why = if locked {
                "PIN locked after repeated failures"
            } else if given.is_none() {
                "PIN missing"
            } else {
                "wrong PIN"
            };
            self.incident(
                None,
                None,
                IncidentKind::BadPin,
                why.to_string(),
                None,
                Some(player.id),
            )?;
            self.reply_to_sender(Some(player), None, &Notice::BadPin)?;
            self.steps.push(Step::Refused(Refusal::Pin(why)));
        }
        Ok(ok)
    }
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
fn hash_secret(secret: &str) -> Result<String, String> {
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
