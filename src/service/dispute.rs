//! A player's dispute: a line that starts with the word for "dispute" (in
//! any catalogue's language, as `dispute-word` words it) goes to the
//! director as an incident that waits for a ruling, not to a game.

use super::ctx::Ctx;
use super::decision::{Decision, Incident, To};
use super::error::Result;
use super::notice::Notice;
use super::steps::Step;
use crate::protocol::l10n::{self, CATALOGUES, Form, Reader};
use crate::store::{GameId, IncidentKind, Player};

/// The longest dispute line an incident keeps (the journal keeps the
/// whole message).
const LINE_CHARS: usize = 200;

/// The first line of `text` (quotes left out) that starts with a
/// catalogue's word for "dispute" (`!` before it and `:` after it allowed,
/// case ignored): what the player disputes, cut to [`LINE_CHARS`].
pub(super) fn disputed(text: &str) -> Option<String> {
    let words: Vec<String> = CATALOGUES
        .iter()
        .map(|&lang| l10n::plain(Reader::new(lang, Form::Full), "dispute-word").to_lowercase())
        .collect();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('>'))
        .find(|line| {
            let first = line.split_whitespace().next().unwrap_or_default();
            let first = first
                .trim_start_matches('!')
                .trim_end_matches([':', ',', '.'])
                .to_lowercase();
            !first.is_empty() && words.contains(&first)
        })
        .map(|line| {
            // Control characters stay out of the desk's table.
            let mut shown = line.chars().filter(|c| !c.is_control());
            let mut cut: String = shown.by_ref().take(LINE_CHARS).collect();
            if shown.next().is_some() {
                cut.push('…');
            }
            cut
        })
}

/// Records `player`'s dispute and tells them it reached the director. Its
/// game: the number after the word when it is one of theirs, else the
/// game of their latest incident (what they are most likely answering).
pub(super) fn dispute(ctx: &mut Ctx<'_, '_>, player: &Player, line: String) -> Result<()> {
    let theirs: Vec<GameId> = ctx
        .tx
        .games_of(player.id, false)?
        .iter()
        .map(|g| g.id)
        .collect();
    let named = line
        .split_whitespace()
        .nth(1)
        .and_then(|w| w.trim_matches(|c: char| !c.is_ascii_digit()).parse().ok())
        .map(GameId)
        .filter(|g| theirs.contains(g));
    let game = match named {
        Some(g) => Some(g),
        None => ctx
            .tx
            .incidents_of_player(player.id)?
            .into_iter()
            .rev()
            .find_map(|i| i.game_id.filter(|g| theirs.contains(g))),
    };
    let incident = Incident {
        game,
        player: Some(player.id),
        text: Some(line),
        ..Incident::about(IncidentKind::Dispute, "disputed by the player".into())
    };
    let mut d = Decision::default()
        .tell(To::Sender(Some(player.clone())), Notice::Disputed)
        .step(Step::Disputed(game));
    d.incident = Some(incident);
    ctx.apply(d, None).map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dispute_is_its_word_in_any_catalogue_at_the_start_of_a_line() {
        assert_eq!(
            disputed("Hello,\n\nDispute: 3 my Nf3 was legal\n> dispute quoted"),
            Some("Dispute: 3 my Nf3 was legal".into())
        );
        assert!(disputed("!dispute").is_some());
        assert!(disputed("> dispute\n1. e4").is_none());
        assert!(disputed("I do not dispute it").is_none());
        for &lang in CATALOGUES {
            let word = l10n::plain(Reader::new(lang, Form::Full), "dispute-word");
            assert!(disputed(&format!("{word} 12")).is_some(), "{lang}: {word}");
        }
    }
}
