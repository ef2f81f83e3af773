//! Conditional moves: stored while the opponent is to move, played when
//! the opponent's move matches, dropped when it does not.

use shakmaty::Position;
use shakmaty::uci::UciMove;

use super::Loaded;
use super::clock::end_leave_on_move;
use super::ctx::Ctx;
use super::decision::{Decision, To, Write};
use super::error::Result;
use super::moves::{Play, bridged, echo_text, play, read_players_move};
use super::notice::{ConditionalRefusal, Notice};
use super::steps::{GameStep, Step};
use crate::game::outcome::MoveNumber;
use crate::notation::{Notation, WriteOptions, write_move};
use crate::protocol::grammar::{Branch, ParsedLine};
use crate::protocol::l10n::Reader;
use crate::store::{IncidentKind, Player};

/// What the side to move's conditional pairs make of the opponent's last
/// move: the first pair's reply played for `owner` (with the pair used up
/// and the owner told), or, if its trigger is not that move, every pair
/// dropped. `None` when there is nothing to play.
fn conditional_reply(
    game: &Loaded,
    owner: &Player,
    opponent: Option<&Player>,
    pairs: &[(String, String)],
    leave: Option<Write>,
) -> Option<(Decision, bool)> {
    let last = game.record.moves.last().copied()?;
    let (trigger, reply) = pairs.first()?;
    let id = game.row.id;
    let last_uci = UciMove::from_standard(last).to_string();
    let reply_move = reply
        .parse::<UciMove>()
        .ok()
        .and_then(|u| u.to_move(&game.record.pos).ok());
    match reply_move {
        Some(mv) if *trigger == last_uci => {
            // The system plays it for the owner: the owner is told it
            // answered, in place of a confirmation, not the message's sender.
            let p = Play {
                mv,
                written: format!("(conditional) {reply}"),
                notation: Notation::Uci,
                offer: false,
            };
            let mut played = play(game, owner, opponent, To::Player(owner.clone()), p, leave);
            for (_, notice) in &mut played.notices {
                if let Notice::Confirm(m) = notice {
                    *notice = Notice::ConditionalPlayed(m.clone());
                }
            }
            let mut d = Decision::about(id).write(Write::Conditionals {
                game: id,
                player: owner.id,
                pairs: pairs[1..].to_vec(),
            });
            d.writes.extend(played.writes);
            d.notices.extend(played.notices);
            d.finish = played.finish;
            d.step = played.step;
            Some((d, true))
        }
        _ => {
            let before = game.record.position_before(game.record.moves.len());
            let text = write_move(
                &before,
                last,
                owner.notation,
                &WriteOptions::new(owner.lang),
            );
            let note = Notice::ConditionalDropped {
                game: id,
                opponent: opponent.map(|p| p.name.clone()).unwrap_or_default(),
                mv: text,
            };
            let d = Decision::about(id)
                .write(Write::Conditionals {
                    game: id,
                    player: owner.id,
                    pairs: Vec::new(),
                })
                .tell(To::Player(owner.clone()), note)
                .step(Step::InGame(id, GameStep::ConditionalsDropped));
            Some((d, false))
        }
    }
}

/// After a move, the side to move may have conditional moves waiting:
/// each reply played may trigger the opponent's in turn.
pub(super) fn run_conditionals(ctx: &mut Ctx<'_, '_>, game: &mut Loaded) -> Result<()> {
    let tx = ctx.tx;
    while !game.row.finished {
        let owner_id = game.row.player(game.record.pos.turn());
        let pairs = tx.conditionals(game.row.id, owner_id)?;
        if pairs.is_empty() || game.record.moves.is_empty() {
            return Ok(());
        }
        let Some(owner) = tx.player(owner_id)? else {
            return Ok(());
        };
        let opponent = tx.player(game.opponent_id(owner_id))?;
        let leave = end_leave_on_move(tx, &owner, ctx.now)?;
        let Some((d, played)) = conditional_reply(game, &owner, opponent.as_ref(), &pairs, leave)
        else {
            return Ok(());
        };
        let d = bridged(tx, game, d)?;
        ctx.apply(d, Some(game))?;
        if !played {
            return Ok(());
        }
    }
    Ok(())
}

/// A conditional line: its pairs kept, or refused.
pub(super) fn conditional(
    ctx: &mut Ctx<'_, '_>,
    player: &Player,
    game: &Loaded,
    line: &ParsedLine,
    branches: &[Branch],
) -> Result<()> {
    let d = store_conditionals(game, player, line, branches);
    ctx.apply(d, None).map(drop)
}

/// Conditional pairs sent while the opponent is to move: read each pair in
/// the positions it would arise in, and keep them all, or refuse them all
/// with the first reason.
fn store_conditionals(
    game: &Loaded,
    player: &Player,
    line: &ParsedLine,
    branches: &[Branch],
) -> Decision {
    let refuse = |reason: ConditionalRefusal| -> Decision {
        // The director reads incidents in English.
        let detail = reason.render(Reader::director());
        let notice = Notice::ConditionalRefused {
            game: game.row.id,
            reason,
        };
        Decision::refusal(
            game,
            player,
            line,
            IncidentKind::ConditionalRefused,
            detail,
            notice,
        )
    };
    if game.record.pos.turn() == game.color_of(player.id) {
        return refuse(ConditionalRefusal::YourMove);
    }
    let mut pos = game.record.pos.clone();
    let mut pairs = Vec::new();
    let mut shown = Vec::new();
    let mut ply = game.record.next_ply();
    for branch in branches {
        let (trigger, answer) = (&branch.opponent, &branch.reply);
        // Move numbers, where given, must be those of the game, as on a move line.
        for item in [trigger, answer] {
            let number = MoveNumber::of_ply(&game.record.start, ply);
            if let Some(n) = item.number
                && n != number
            {
                return refuse(ConditionalRefusal::WrongNumber {
                    text: echo_text(item),
                    number,
                });
            }
            ply += 1;
        }
        let t = match read_players_move(&pos, &trigger.text, player) {
            Ok((mv, _)) => mv,
            Err(error) => {
                return refuse(ConditionalRefusal::Unreadable {
                    text: trigger.text.clone(),
                    error,
                });
            }
        };
        let t_text = write_move(&pos, t, player.notation, &WriteOptions::new(player.lang));
        pos.play_unchecked(t);
        let a = match read_players_move(&pos, &answer.text, player) {
            Ok((mv, _)) => mv,
            Err(error) => {
                return refuse(ConditionalRefusal::Unreadable {
                    text: answer.text.clone(),
                    error,
                });
            }
        };
        let a_text = write_move(&pos, a, player.notation, &WriteOptions::new(player.lang));
        pos.play_unchecked(a);
        pairs.push((
            UciMove::from_standard(t).to_string(),
            UciMove::from_standard(a).to_string(),
        ));
        shown.push(format!("{t_text} {a_text}"));
    }
    let step = Step::InGame(game.row.id, GameStep::ConditionalsStored(pairs.len()));
    let notice = Notice::ConditionalStored {
        game: game.row.id,
        pairs: shown,
    };
    Decision::about(game.row.id)
        .write(Write::Conditionals {
            game: game.row.id,
            player: player.id,
            pairs,
        })
        .tell(To::Sender(Some(player.clone())), notice)
        .step(step)
}

#[cfg(test)]
mod tests {
    use super::super::decision::fixture::{game, player};
    use super::*;
    use crate::store::{GameId, PlayerId};

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(t, r)| (t.to_string(), r.to_string()))
            .collect()
    }

    #[test]
    fn a_matching_trigger_plays_the_reply_for_its_owner_and_keeps_the_rest() {
        let (white, black) = (player(1, "white"), player(2, "black"));
        let g = game(&["e2e4", "e7e5", "g1f3"]);
        let stored = pairs(&[("g1f3", "b8c6"), ("f1b5", "a7a6")]);
        let (d, played) =
            conditional_reply(&g, &black, Some(&white), &stored, None).expect("a reply");
        assert!(played);
        assert_eq!(
            d.writes[0],
            Write::Conditionals {
                game: GameId(1),
                player: PlayerId(2),
                pairs: pairs(&[("f1b5", "a7a6")]),
            }
        );
        assert!(
            matches!(&d.writes[1], Write::Move { ply: 4, written, .. } if written == "(conditional) b8c6")
        );
        // The owner is told it answered (in place of a confirmation), not
        // the sender; the opponent gets the move.
        let to: Vec<&To> = d.notices.iter().map(|(to, _)| to).collect();
        assert_eq!(
            to,
            [&To::Player(black.clone()), &To::Opponent(white.clone(), 4)]
        );
        assert!(matches!(&d.notices[0].1, Notice::ConditionalPlayed(m) if m.mv == "Nc6"));
    }

    #[test]
    fn another_move_drops_every_pair() {
        let (white, black) = (player(1, "white"), player(2, "black"));
        let g = game(&["e2e4", "e7e5", "d2d4"]);
        let stored = pairs(&[("g1f3", "b8c6")]);
        let (d, played) =
            conditional_reply(&g, &black, Some(&white), &stored, None).expect("a drop");
        assert!(!played);
        assert_eq!(
            d.writes,
            [Write::Conditionals {
                game: GameId(1),
                player: PlayerId(2),
                pairs: Vec::new(),
            }]
        );
        assert!(
            matches!(&d.notices[..], [(To::Player(p), Notice::ConditionalDropped { mv, .. })] if p == &black && mv == "d4")
        );
        assert!(conditional_reply(&g, &black, Some(&white), &[], None).is_none());
    }
}
