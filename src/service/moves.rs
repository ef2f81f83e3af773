//! Moves: reading a player's move, refusing it with the reason, or
//! applying it and telling both players.

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

use super::bridge::outbound_of;
use super::clock::end_leave_on_move;
use super::conditional::run_conditionals;
use super::ctx::Ctx;
use super::decision::{Decision, To, Write};
use super::error::Result;
use super::notice::{MoveNotice, MoveRefusal, Notice};
use super::steps::Step;
use super::{Loaded, movetext};
use crate::game::outcome::{MoveNumber, Termination};
use crate::notation::auto::read_auto;
use crate::notation::{
    Notation, ReadError, ReadOptions, UedemannTable, WriteOptions, read_move, write_move,
};
use crate::protocol::grammar::{Item, ParsedLine};
use crate::protocol::l10n::Reader;
use crate::store::{IncidentKind, Player, Tx};

/// The Uedemann table a player's notation names, if any.
pub(super) fn table_of(n: Notation) -> Option<UedemannTable> {
    match n {
        Notation::Uedemann => Some(UedemannTable::Gringmuth),
        Notation::UedemannHw => Some(UedemannTable::HooperWhyld),
        _ => None,
    }
}

/// Reads a player's move: their Uedemann table first if they use one, then
/// every notation detection knows, with their piece letters.
pub fn read_players_move(
    pos: &Chess,
    text: &str,
    player: &Player,
) -> Result<(Move, Notation), ReadError> {
    let mut table_error = None;
    if let Some(table) = table_of(player.notation) {
        let n = match table {
            UedemannTable::Gringmuth => Notation::Uedemann,
            UedemannTable::HooperWhyld => Notation::UedemannHw,
        };
        match read_move(pos, text, n, &ReadOptions::new(player.lang)) {
            Ok(r) => return Ok((r.mv, n)),
            Err(e) => table_error = Some(e),
        }
    }
    match (read_auto(pos, text, player.lang), table_error) {
        (Ok((r, n)), _) => Ok((r.mv, n)),
        // A code of the player's table that is not legal here: its reason
        // (and near misses), not the complaint of a notation it never was.
        (Err(ReadError::Malformed { .. }), Some(e))
            if !matches!(e, ReadError::Malformed { .. }) =>
        {
            Err(e)
        }
        (Err(e), _) => Err(e),
    }
}

/// What a move line comes to.
enum Verdict {
    /// Refused: nothing applied.
    Refused(Box<Decision>),
    /// The sender's own last move (this ply) again, because our
    /// confirmation never arrived: confirmed again.
    Resent(u32),
    /// A legal move.
    Play(Play),
}

fn refused(d: Decision) -> Verdict {
    Verdict::Refused(Box::new(d))
}

/// Judges a move line (one move; the opponent's last move and one; or one
/// and the reply expected) from `player` against the game (`opponent`: the
/// other player's name).
fn judge(
    game: &Loaded,
    player: &Player,
    opponent: &str,
    line: &ParsedLine,
    items: &[Item],
) -> Verdict {
    let expected = MoveNumber::of_ply(&game.record.start, game.record.next_ply());
    let (echo, own) = match items {
        [own] => (None, own),
        // One's own move numbered as the move due now, then the reply one
        // expects: the reply is the opponent's to send.
        [own, _expected_reply] if own.number == Some(expected) => (None, own),
        [echo, own] => (Some(echo), own),
        _ => {
            let kind = IncidentKind::Malformed;
            let reason = MoveRefusal::OneMovePerLine;
            return refused(refused_move(game, player, line, &line.text, kind, reason));
        }
    };
    if game.record.pos.turn() != game.color_of(player.id) {
        if let Some(resent) = resent_move(player, game, own) {
            return Verdict::Resent(resent);
        }
        let notice = Notice::NotYourTurn {
            game: game.row.id,
            text: own.text.clone(),
            opponent: opponent.to_string(),
        };
        let detail = "not the sender's move".to_string();
        return refused(Decision::refusal(
            game,
            player,
            line,
            IncidentKind::OutOfTurn,
            detail,
            notice,
        ));
    }
    if let Some(echo) = echo
        && !echo_matches(player, game, echo)
    {
        let notice = Notice::Desync {
            game: game.row.id,
            text: echo_text(echo),
            record: movetext(game, player.notation, player.lang),
        };
        let detail = format!("repeated move {} does not match the game", echo_text(echo));
        let kind = IncidentKind::Desync;
        return refused(Decision::refusal(game, player, line, kind, detail, notice));
    }
    if let Some(n) = own.number
        && n != expected
    {
        let notice = Notice::WrongNumber {
            game: game.row.id,
            text: line.text.clone(),
            expected,
        };
        let detail = format!("move number given, expected {expected}");
        let kind = IncidentKind::WrongNumber;
        return refused(Decision::refusal(game, player, line, kind, detail, notice));
    }
    match read_players_move(&game.record.pos, &own.text, player) {
        Err(e) => {
            let kind = incident_kind(&e);
            refused(refused_move(
                game,
                player,
                line,
                &own.text,
                kind,
                MoveRefusal::Read(e),
            ))
        }
        Ok((mv, notation)) => {
            let mut written = own.text.clone();
            for g in &own.glyphs {
                written.push(' ');
                written.push_str(g);
            }
            if own.draw_offer {
                written.push_str(crate::notation::DRAW_OFFER);
            }
            Verdict::Play(Play {
                mv,
                written,
                notation,
                offer: own.draw_offer,
            })
        }
    }
}

/// The sender's own last move, if `item` names it again.
fn resent_move(player: &Player, game: &Loaded, item: &Item) -> Option<u32> {
    let last = u32::try_from(game.record.moves.len())
        .ok()
        .filter(|&p| p > 0)?;
    let before = game.record.position_before(last as usize);
    let (mv, _) = read_players_move(&before, &item.text, player).ok()?;
    let number = MoveNumber::of_ply(&game.record.start, last);
    let number_ok = item.number.is_none_or(|n| n == number);
    (number_ok && game.record.moves.last() == Some(&mv)).then_some(last)
}

/// Whether the repetition of the opponent's last move matches the game.
fn echo_matches(player: &Player, game: &Loaded, echo: &Item) -> bool {
    let Some(last) = u32::try_from(game.record.moves.len())
        .ok()
        .filter(|&p| p > 0)
    else {
        return false;
    };
    let before = game.record.position_before(last as usize);
    let number = MoveNumber::of_ply(&game.record.start, last);
    let number_ok = echo.number.is_none_or(|n| n == number);
    number_ok
        && read_players_move(&before, &echo.text, player)
            .is_ok_and(|(mv, _)| game.record.moves.last() == Some(&mv))
}

/// A legal move to play, as its sender wrote it.
pub(super) struct Play {
    pub(super) mv: Move,
    /// Kept as written (glyphs and offer included: `game pgn` shows them
    /// as NAGs).
    pub(super) written: String,
    pub(super) notation: Notation,
    pub(super) offer: bool,
}

/// Playing a move: the move written, the mover's leave ended (`leave`), the
/// draw offer as the move leaves it, the mover confirmed (`confirm`: whoever
/// acts, or the owner of a conditional move), the opponent told, and the
/// game ended if the rules end it.
pub(super) fn play(
    game: &Loaded,
    mover: &Player,
    opponent: Option<&Player>,
    confirm: To,
    play: Play,
    leave: Option<Write>,
) -> Decision {
    let id = game.row.id;
    let ply = game.record.next_ply();
    let Play {
        mv,
        written,
        notation,
        offer,
    } = play;
    let mut d = Decision::about(id).write(Write::Move {
        game: id,
        ply,
        mv,
        written,
        notation,
    });
    d.writes.extend(leave);
    let me = game.color_of(mover.id);
    // A move answers the opponent's standing offer by declining it; the
    // mover may offer anew, and the mover's own offer (made before the
    // move, e.g. `draw?` on the line above it) stands.
    let offer_by = if offer || game.row.draw_offer == Some(me) {
        Some(me)
    } else {
        None
    };
    if game.row.draw_offer != offer_by {
        d = d.write(Write::DrawOffer {
            game: id,
            by: offer_by,
        });
    }
    d.notices = move_notices(
        game,
        (&game.record.pos, mv),
        ply,
        mover,
        opponent,
        confirm,
        offer,
    );
    let mut after = game.record.clone();
    after.push(mv);
    if let Some(end) = after.ending() {
        d = d.finish(end.result(), Termination::Rules(end));
    }
    d.step(Step::Applied {
        game: id,
        ply,
        uci: UciMove::from_standard(mv).to_string(),
    })
}

/// The sender's own last move (`ply`) again: confirmed again to the sender.
fn confirm_again(game: &Loaded, mover: &Player, opponent: Option<&Player>, ply: u32) -> Decision {
    let mut d = Decision::about(game.row.id).step(Step::ConfirmedAgain {
        game: game.row.id,
        ply,
    });
    if let Some(mv) = game.record.moves.get(ply as usize - 1).copied() {
        let before = game.record.position_before(ply as usize);
        let confirm = To::Sender(Some(mover.clone()));
        let mut notices = move_notices(game, (&before, mv), ply, mover, opponent, confirm, false);
        // The opponent was told the first time.
        notices.truncate(1);
        d.notices = notices;
    }
    d
}

/// The mover's confirmation of the move `mv` played from `before` at `ply`,
/// and the opponent's notice of it; none if the opponent is not registered.
fn move_notices(
    game: &Loaded,
    (before, mv): (&Chess, Move),
    ply: u32,
    mover: &Player,
    opponent: Option<&Player>,
    confirm: To,
    offer: bool,
) -> Vec<(To, Notice)> {
    let Some(opponent) = opponent else {
        return Vec::new();
    };
    let mut after = before.clone();
    after.play_unchecked(mv);
    let text_for = |p: &Player| write_move(before, mv, p.notation, &WriteOptions::new(p.lang));
    let mine = MoveNotice {
        game: game.row.id,
        number: MoveNumber::of_ply(&game.record.start, ply),
        mv: text_for(mover),
        iccf: write_move(before, mv, Notation::Iccf, &WriteOptions::default()),
        code: crate::game::rules::check_code(&after),
        opponent: opponent.name.clone(),
    };
    let theirs = Notice::YourMove {
        notice: MoveNotice {
            mv: text_for(opponent),
            opponent: mover.name.clone(),
            ..mine.clone()
        },
        draw_offered: offer,
    };
    let mut notices = vec![(confirm.clone(), Notice::Confirm(mine))];
    if offer {
        // The offerer is told what went out.
        let sent = Notice::DrawOfferSent {
            game: game.row.id,
            opponent: opponent.name.clone(),
        };
        notices.push((confirm, sent));
    }
    notices.push((To::Opponent(opponent.clone(), ply), theirs));
    notices
}

/// A move line: judged, then refused, confirmed again, or played (with the
/// conditional replies it triggers).
pub(super) fn moves(
    ctx: &mut Ctx<'_, '_>,
    player: &Player,
    mut game: Loaded,
    line: &ParsedLine,
    items: &[Item],
) -> Result<()> {
    let tx = ctx.tx;
    let opponent = tx.player(game.opponent_id(player.id))?;
    let name = opponent.as_ref().map_or("", |o| o.name.as_str());
    match judge(&game, player, name, line, items) {
        Verdict::Refused(d) => ctx.apply(*d, None).map(drop),
        Verdict::Resent(ply) => {
            let d = confirm_again(&game, player, opponent.as_ref(), ply);
            ctx.apply(d, None).map(drop)
        }
        Verdict::Play(p) => {
            // The mover's leave ends with the move; the rule reads their
            // leaves too.
            let leave = end_leave_on_move(tx, player, ctx.now)?;
            let confirm = To::Sender(Some(player.clone()));
            let d = play(&game, player, opponent.as_ref(), confirm, p, leave);
            let d = bridged(tx, &game, d)?;
            ctx.apply(d, Some(&mut game))?;
            run_conditionals(ctx, &mut game)?;
            ctx.latest = Some(game);
            Ok(())
        }
    }
}

/// A bridged game's move of the player's, whichever rule played it (a
/// line, a conditional reply, another client of the remote account), goes
/// to the remote server: queued with the move, in its transaction. `game`
/// is the game before the decision's move.
pub(super) fn bridged(tx: &Tx<'_>, game: &Loaded, mut d: Decision) -> Result<Decision> {
    let Some((i, id, ply, mv)) = d.writes.iter().enumerate().find_map(|(i, w)| match w {
        Write::Move { game, ply, mv, .. } => Some((i, *game, *ply, *mv)),
        _ => None,
    }) else {
        return Ok(d);
    };
    if let Some(bridge) = tx.bridge_of_game(id)?
        && let Some((remote_ply, san)) = outbound_of(&bridge, game, ply, mv)
    {
        let queued = Write::Outbound {
            bridge: bridge.id,
            ply: remote_ply,
            san,
        };
        d.writes.insert(i, queued);
    }
    Ok(d)
}

/// A move not applied: why, the moves it may have meant in the player's
/// notation, and the days the event's policy charges for an illegal one.
fn refused_move(
    game: &Loaded,
    player: &Player,
    line: &ParsedLine,
    text: &str,
    kind: IncidentKind,
    reason: MoveRefusal,
) -> Decision {
    let pos = &game.record.pos;
    let opts = WriteOptions::new(player.lang);
    // A player who wrote digits wrote a code: what it probably meant is
    // a code too, whatever the notation the player reads.
    let written_in = if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        Notation::Iccf
    } else {
        player.notation
    };
    let penalty = game.row.penalty_days;
    let penalty_days = (penalty > 0 && kind == IncidentKind::Illegal).then_some(penalty);
    let suggestions = match &reason {
        MoveRefusal::Read(e) => e.did_you_mean(),
        MoveRefusal::OneMovePerLine => Vec::new(),
    };
    // The director reads incidents and penalties in English.
    let detail = reason.render(Reader::director());
    let notice = Notice::Refused {
        game: game.row.id,
        text: text.to_string(),
        reason,
        did_you_mean: suggestions
            .iter()
            .map(|m| write_move(pos, *m, written_in, &opts))
            .collect(),
        penalty_days,
    };
    let mut d = Decision::refusal(game, player, line, kind, detail.clone(), notice);
    if let Some(days) = penalty_days {
        d = d.write(Write::Penalty {
            game: game.row.id,
            player: player.id,
            days,
            reason: detail,
        });
    }
    d
}

pub(super) fn echo_text(item: &Item) -> String {
    match item.number {
        Some(n) => format!("{n} {}", item.text),
        None => item.text.clone(),
    }
}

/// The incident kind of a reading error.
fn incident_kind(e: &ReadError) -> IncidentKind {
    match e {
        ReadError::Malformed { .. } => IncidentKind::Malformed,
        ReadError::Illegal { .. } => IncidentKind::Illegal,
        ReadError::Ambiguous { .. } | ReadError::Conflict { .. } => IncidentKind::Ambiguous,
    }
}

#[cfg(test)]
mod tests {
    use super::super::decision::fixture::{game, mv, player};
    use super::*;
    use crate::game::outcome::GameResult;
    use crate::game::rules::Ending;
    use crate::store::GameId;
    use shakmaty::Color;

    fn play_of(game: &Loaded, uci: &str, offer: bool) -> Play {
        Play {
            mv: mv(game, uci),
            written: uci.to_string(),
            notation: Notation::Uci,
            offer,
        }
    }

    #[test]
    fn a_mating_move_is_written_ends_the_game_and_tells_both_players() {
        let (white, black) = (player(1, "white"), player(2, "black"));
        let g = game(&["f2f3", "e7e5", "g2g4"]);
        let confirm = To::Sender(Some(black.clone()));
        let d = play(
            &g,
            &black,
            Some(&white),
            confirm.clone(),
            play_of(&g, "d8h4", false),
            None,
        );
        assert_eq!(
            d.writes,
            vec![Write::Move {
                game: GameId(1),
                ply: 4,
                mv: mv(&g, "d8h4"),
                written: "d8h4".into(),
                notation: Notation::Uci,
            }]
        );
        assert_eq!(
            d.finish,
            Some((
                GameResult::BlackWins,
                Termination::Rules(Ending::Checkmate {
                    winner: Color::Black
                })
            ))
        );
        let to: Vec<&To> = d.notices.iter().map(|(to, _)| to).collect();
        assert_eq!(to, [&confirm, &To::Opponent(white.clone(), 4)]);
        assert!(
            matches!(&d.notices[0].1, Notice::Confirm(n) if n.mv == "Qh4#" && n.opponent == "white")
        );
        assert!(matches!(
            &d.notices[1].1,
            Notice::YourMove { notice, draw_offered: false } if notice.opponent == "black"
        ));
        assert!(matches!(d.step, Some(Step::Applied { ply: 4, .. })));
    }

    #[test]
    fn a_move_declines_the_opponents_offer_and_may_make_its_own() {
        let (white, black) = (player(1, "white"), player(2, "black"));
        let mut g = game(&["e2e4"]);
        g.row.draw_offer = Some(Color::White);
        let to = || To::Sender(Some(black.clone()));
        let declined = play(
            &g,
            &black,
            Some(&white),
            to(),
            play_of(&g, "e7e5", false),
            None,
        );
        assert!(declined.writes.contains(&Write::DrawOffer {
            game: GameId(1),
            by: None
        }));
        let offered = play(
            &g,
            &black,
            Some(&white),
            to(),
            play_of(&g, "e7e5", true),
            None,
        );
        assert!(offered.writes.contains(&Write::DrawOffer {
            game: GameId(1),
            by: Some(Color::Black)
        }));
        assert!(offered.finish.is_none());
    }

    #[test]
    fn a_resent_move_is_confirmed_to_its_sender_only() {
        let (white, black) = (player(1, "white"), player(2, "black"));
        let g = game(&["e2e4"]);
        let d = confirm_again(&g, &white, Some(&black), 1);
        assert!(d.writes.is_empty());
        assert_eq!(d.notices.len(), 1);
        assert!(matches!(&d.notices[0], (To::Sender(Some(p)), Notice::Confirm(_)) if p == &white));
    }
}
