//! The confirmation loop: a mail whose sender could not be authenticated is
//! held, and a short code goes to the player's registered address; the
//! message is read when that code comes back within the time the rules set
//! ([`Rules::confirm_within`](super::Rules::confirm_within), by default [`HOLD_HOURS`]), and dropped
//! otherwise. While held, nothing of the game or its clocks changes.

use super::ctx::Ctx;
use super::decision::{Decision, Incident, To, Write};
use super::error::Result;
use super::notice::Notice;
use super::route::read;
use super::steps::{Refusal, Step};
use crate::store::{self, Player};

/// How long a held message waits for its code unless configured.
pub const HOLD_HOURS: i64 = 72;

/// The letters of a code: no 0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G, so a code read
/// off a phone or written down comes back as sent.
const ALPHABET: &[u8] = b"ACDEFHJKMNPQRTUVWXY3479";

/// Characters in a code: 23^6, about 148 million, against a forger who gets
/// one guess per mail and never sees the code.
const CODE_LEN: usize = 6;

/// A fresh code (a hold's, a web sign-in's).
pub(super) fn new_code() -> String {
    use argon2::password_hash::rand_core::{OsRng, RngCore};
    (0..CODE_LEN)
        .map(|_| {
            let i = (OsRng.next_u32() as usize) % ALPHABET.len();
            char::from(ALPHABET[i])
        })
        .collect()
}

/// The confirmation code a message gives, upper-cased, and whether it says
/// so (`confirm CODE`) rather than being a bare code: the first line that is
/// `confirm` and one word, or one word of [`CODE_LEN`] code letters. Any
/// line, as the subject comes first ("Re: …"). A bare word counts only if
/// it opens a hold; `e4` never does.
pub(super) fn code_in(text: &str) -> Option<(String, bool)> {
    text.lines().find_map(code_of_line)
}

fn code_of_line(line: &str) -> Option<(String, bool)> {
    let mut words = line.split_whitespace();
    let head = words.next()?;
    let (word, explicit) = if head.eq_ignore_ascii_case("confirm") {
        (words.next()?, true)
    } else {
        (head, false)
    };
    if words.next().is_some() {
        return None;
    }
    let code = word.to_ascii_uppercase();
    let shaped = code.len() == CODE_LEN && code.bytes().all(|b| ALPHABET.contains(&b));
    (explicit || shaped).then_some((code, explicit))
}

/// How a hold its player confirmed is closed (the incident that held it
/// closes with it).
pub(super) const CONFIRMED: &str = "confirmed";

/// Holds a message from `player` that could not be authenticated (the
/// `incident` says why), and sends its code to the player. A newer held
/// message replaces the older.
pub(super) fn hold(
    ctx: &mut Ctx<'_, '_>,
    player: &Player,
    text: &str,
    incident: Incident,
    (why, within): (&str, jiff::SignedDuration),
) -> Result<()> {
    let code = new_code();
    let notice = Notice::Held {
        code: code.clone(),
        // Shown in whole hours, rounded up: never less than it is.
        hours: (within.as_secs() + 3599) / 3600,
    };
    let mut d = Decision::default()
        .write(Write::Hold {
            player: player.id,
            code,
            text: text.to_string(),
            expires: ctx.now + within,
        })
        .tell(To::Sender(Some(player.clone())), notice);
    d.incident = Some(incident);
    let created = ctx.apply(d, None)?;
    let Some(hold) = created.hold else {
        return Ok(());
    };
    let held = Step::Held {
        hold,
        why: why.to_string(),
    };
    ctx.apply(Decision::default().step(held), None).map(drop)
}

/// Reads a held message whose code came back, unless it expired (with the
/// PGN file attached to the message that brought the code).
pub(super) fn release(
    ctx: &mut Ctx<'_, '_>,
    player: &Player,
    held: store::Held,
    pgn: Option<&str>,
) -> Result<()> {
    let expired = held.expires_at <= ctx.now;
    let d = Decision::default().write(Write::CloseHold {
        hold: held.id,
        how: if expired { "expired" } else { CONFIRMED },
    });
    if expired {
        let d = d
            .tell(To::Sender(Some(player.clone())), Notice::HoldExpired)
            .step(Step::Refused(Refusal::HoldExpired));
        return ctx.apply(d, None).map(drop);
    }
    ctx.apply(d.step(Step::Confirmed { hold: held.id }), None)?;
    // The held message is read alone: the thread of the message that
    // confirmed it is not its thread.
    ctx.thread.clear();
    read(ctx, player, &held.text, pgn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_unambiguous_letters_and_read_back_in_any_case() {
        let code = new_code();
        assert_eq!(code.len(), CODE_LEN);
        assert!(code.bytes().all(|b| ALPHABET.contains(&b)), "{code}");
        assert_eq!(
            code_in(&format!("\n confirm {} \n> quoted", code.to_lowercase())),
            Some((code.clone(), true))
        );
        assert_eq!(code_in(&code), Some((code.clone(), false)));
        assert_eq!(
            code_in(&format!("Re: your move\n{code}")),
            Some((code.clone(), false))
        );
        assert_eq!(code_in("confirm"), None);
        assert_eq!(code_in("e4"), None);
        assert_eq!(code_in("1. e4 e5"), None);
        assert_eq!(code_in("CONFIRM x1"), Some(("X1".into(), true)));
        // 0, O, 1, I: never in a code, so a word with them is no bare code.
        assert_eq!(code_in("AC0DEF"), None);
    }
}
