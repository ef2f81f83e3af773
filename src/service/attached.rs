//! A PGN file attached to a mail: when it is one of the sender's games as
//! stored and exactly their next move more, that move is read as a line of
//! the message (with every check a written move has); otherwise the reply
//! says why it was not used.

use shakmaty::{Color, Move};

use super::ctx::Ctx;
use super::decision::{Decision, To};
use super::error::Result;
use super::load_game;
use super::notice::Notice;
use super::route::line;
use super::steps::{Refusal, Step};
use crate::game::attached::{PgnUnused, attached_games, next_move};
use crate::notation::movetext::Game;
use crate::protocol::grammar::{Body, Item, ParsedLine};
use crate::store::{GameId, Player, Tx};

/// Reads the attachment after the message's own lines, so a move written
/// in the text and attached as well is not played twice: the attachment
/// then adds no move to the game as it stands.
pub(super) fn attached_pgn(ctx: &mut Ctx<'_, '_>, player: &Player, pgn: &str) -> Result<()> {
    let found = match attached_games(pgn) {
        Ok(games) => pgn_move(ctx.tx, player, &games)?,
        Err(why) => Err(why),
    };
    match found {
        Ok((game, mv)) => {
            let uci = mv.to_uci(shakmaty::CastlingMode::Standard).to_string();
            let parsed = ParsedLine {
                line: 0,
                text: format!("PGN {game} {uci}"),
                game: u32::try_from(game.0).ok(),
                body: Body::Moves(vec![Item {
                    number: None,
                    text: uci,
                    draw_offer: false,
                    glyphs: Vec::new(),
                }]),
            };
            line(ctx, player, &parsed)
        }
        Err(why) => {
            let d = Decision::default()
                .tell(To::Sender(Some(player.clone())), Notice::PgnUnused(why))
                .step(Step::Refused(Refusal::PgnUnused(why)));
            ctx.apply(d, None).map(drop)
        }
    }
}

/// The sender's game the attachment continues and its move; else the most
/// telling reason over all their games in play.
fn pgn_move(
    tx: &Tx<'_>,
    player: &Player,
    games: &[Game],
) -> Result<Result<(GameId, Move), PgnUnused>> {
    let mut why = PgnUnused::NoGame;
    for row in tx.games_of(player.id, true)? {
        let Some(loaded) = load_game(tx, row.id)? else {
            continue;
        };
        let mover = if row.white == player.id {
            Color::White
        } else {
            Color::Black
        };
        for game in games {
            match next_move(game, &loaded.record.start, &loaded.record.moves, mover) {
                Ok(mv) => return Ok(Ok((row.id, mv))),
                Err(PgnUnused::NoGame) => {}
                Err(other) => why = other,
            }
        }
    }
    Ok(Err(why))
}
