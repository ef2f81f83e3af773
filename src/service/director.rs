//! The director's actions: takebacks, penalties and adjudications,
//! audited, both players told.

use jiff::Timestamp;
use shakmaty::Color;

use super::Loaded;
use super::ctx::{Actor, transact};
use super::decision::{AuditAction, Decision, To, Write};
use super::error::{Result, ServiceError};
use super::notice::Notice;
use crate::game::outcome::GameResult;
use crate::store::{GameId, Player, Store};

/// Takes back every move after `ply`, audited, both players told.
pub fn takeback(
    store: &mut Store,
    by: &Actor,
    game_id: GameId,
    ply: u32,
    reason: &str,
    now: Timestamp,
) -> Result<usize> {
    transact(store, by, now, |ctx| {
        let game = ctx.load_existing(game_id)?;
        let players = players(ctx.tx, &game)?;
        let (d, removed) = take_back(&game, &players, ply, reason)?;
        ctx.apply(d, None)?;
        Ok(removed)
    })
}

/// The game's registered players, White first.
fn players(store: &Store, game: &Loaded) -> Result<Vec<Player>> {
    let mut players = Vec::new();
    for id in [game.row.white, game.row.black] {
        players.extend(store.player(id)?);
    }
    Ok(players)
}

/// A takeback to `ply`: the moves after it removed (how many), the game
/// reopened if it was over, both players' conditional moves dropped, the
/// audit entry, and both players told. A ply past the game's end is refused.
fn take_back(
    game: &Loaded,
    players: &[Player],
    ply: u32,
    reason: &str,
) -> Result<(Decision, usize)> {
    let id = game.row.id;
    let removed: Vec<&str> = game
        .moves
        .get(ply as usize..)
        .ok_or_else(|| {
            ServiceError::Refused(format!("game {id} has only {} plies", game.moves.len()))
        })?
        .iter()
        .map(|m| m.uci.as_str())
        .collect();
    let mut d = Decision::about(id).write(Write::TakeBack {
        game: id,
        ply,
        reopen: game.row.finished,
    });
    for player in [game.row.white, game.row.black] {
        d = d.write(Write::Conditionals {
            game: id,
            player,
            pairs: Vec::new(),
        });
    }
    d = d.write(Write::Audit {
        game: Some(id),
        player: None,
        action: AuditAction::Takeback,
        reason: reason.to_string(),
        detail: format!("to ply {ply}; removed {}", removed.join(" ")),
    });
    for p in players {
        let notice = Notice::TakenBack {
            game: id,
            ply,
            reason: reason.to_string(),
        };
        d = d.tell(To::Player(p.clone()), notice);
    }
    Ok((d, removed.len()))
}

/// Charges `days` to the clock of the player with `side` (a director's
/// penalty, counted as the illegal-move policy's are), audited, both
/// players told.
pub fn penalize(
    store: &mut Store,
    by: &Actor,
    game_id: GameId,
    side: Color,
    days: u32,
    reason: &str,
    now: Timestamp,
) -> Result<()> {
    transact(store, by, now, |ctx| {
        let game = ctx.load_existing(game_id)?;
        let players = players(ctx.tx, &game)?;
        let d = penalty(&game, &players, side, days, reason)?;
        ctx.apply(d, None).map(drop)
    })
}

/// A penalty: the days charged, the audit entry, both players told. Refused
/// for no days, no reason, or a finished game (no clock left to charge).
fn penalty(
    game: &Loaded,
    players: &[Player],
    side: Color,
    days: u32,
    reason: &str,
) -> Result<Decision> {
    let id = game.row.id;
    let reason = reason.trim();
    if days == 0 || reason.is_empty() {
        return Err(ServiceError::Invalid(
            "a penalty needs its days (at least one) and its reason".into(),
        ));
    }
    if game.row.finished {
        return Err(ServiceError::Refused(format!(
            "game {id} is finished: no clock to charge"
        )));
    }
    let player = game.row.player(side);
    let name = players
        .iter()
        .find(|p| p.id == player)
        .map_or_else(|| format!("#{player}"), |p| p.name.clone());
    let mut d = Decision::about(id)
        .write(Write::Penalty {
            game: id,
            player,
            days,
            reason: reason.to_string(),
        })
        .write(Write::Audit {
            game: Some(id),
            player: Some(player),
            action: AuditAction::Penalty,
            reason: reason.to_string(),
            detail: format!("{days} days charged to {name} ({side})"),
        });
    for p in players {
        let notice = Notice::Penalized {
            game: id,
            player: name.clone(),
            days,
            reason: reason.to_string(),
        };
        d = d.tell(To::Player(p.clone()), notice);
    }
    Ok(d)
}

/// Adjudicates a result, audited, both players told. A finished game's
/// result is changed only with `overrule` (the audit keeps both results).
pub fn adjudicate(
    store: &mut Store,
    by: &Actor,
    game_id: GameId,
    result: &str,
    reason: &str,
    overrule: bool,
    now: Timestamp,
) -> Result<()> {
    let decided = result
        .parse::<GameResult>()
        .ok()
        .filter(|r| *r != GameResult::Unfinished)
        .ok_or_else(|| {
            ServiceError::Invalid(format!("result {result:?}: write 1-0, 0-1 or 1/2-1/2"))
        })?;
    transact(store, by, now, |ctx| {
        let game = ctx.load_existing(game_id)?;
        let players = players(ctx.tx, &game)?;
        let d = adjudication(&game, &players, decided, reason, overrule)?;
        ctx.apply(d, None).map(drop)
    })
}

/// An adjudication: the result written, the audit entry, both players
/// told. A finished game is refused unless `overrule`: its result stands
/// until the director says deliberately that it does not.
fn adjudication(
    game: &Loaded,
    players: &[Player],
    result: GameResult,
    reason: &str,
    overrule: bool,
) -> Result<Decision> {
    let id = game.row.id;
    let (action, detail) = match (&game.row.result, overrule) {
        (None, _) => (AuditAction::Adjudicate, result.as_str().to_string()),
        (Some(old), true) => {
            let why = game
                .row
                .reason
                .as_ref()
                .map_or_else(String::new, |r| format!(" ({r})"));
            (
                AuditAction::Overrule,
                format!("{old}{why} overruled: {result}"),
            )
        }
        (Some(old), false) => {
            return Err(ServiceError::Refused(format!(
                "game {id} is finished ({old}); to change its result give --overrule"
            )));
        }
    };
    let mut d = Decision::about(id)
        .write(Write::Adjudicated {
            game: id,
            result,
            reason: reason.to_string(),
        })
        .write(Write::Audit {
            game: Some(id),
            player: None,
            action,
            reason: reason.to_string(),
            detail,
        });
    for p in players {
        let notice = Notice::Adjudicated {
            game: id,
            result,
            reason: reason.to_string(),
        };
        d = d.tell(To::Player(p.clone()), notice);
    }
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::super::decision::fixture::{game, player};
    use super::*;
    use crate::game::outcome::Termination;

    #[test]
    fn a_takeback_removes_the_later_moves_drops_conditionals_and_tells_both() {
        let players = [player(1, "white"), player(2, "black")];
        let mut g = game(&["e2e4", "e7e5", "g1f3"]);
        g.row.finished = true;
        let (d, removed) = take_back(&g, &players, 1, "misclick").expect("a takeback");
        assert_eq!(removed, 2);
        assert_eq!(
            d.writes[0],
            Write::TakeBack {
                game: GameId(1),
                ply: 1,
                reopen: true
            }
        );
        assert!(
            matches!(&d.writes[3], Write::Audit { action: AuditAction::Takeback, detail, .. } if detail == "to ply 1; removed e7e5 g1f3")
        );
        assert_eq!(d.notices.len(), 2);
        assert!(take_back(&g, &players, 4, "too far").is_err());
    }

    #[test]
    fn a_penalty_charges_one_side_audits_and_tells_both() {
        let players = [player(1, "white"), player(2, "black")];
        let g = game(&["e2e4"]);
        let d = penalty(&g, &players, Color::Black, 3, " late reply ").expect("a penalty");
        assert_eq!(
            d.writes[0],
            Write::Penalty {
                game: GameId(1),
                player: g.row.black,
                days: 3,
                reason: "late reply".into()
            }
        );
        assert!(
            matches!(&d.writes[1], Write::Audit { action: AuditAction::Penalty, detail, .. } if detail == "3 days charged to black (black)"),
            "{:?}",
            d.writes
        );
        assert_eq!(d.notices.len(), 2);
        assert!(penalty(&g, &players, Color::White, 0, "none").is_err());
        assert!(penalty(&g, &players, Color::White, 2, " ").is_err());
        let mut over = g;
        over.row.finished = true;
        assert!(penalty(&over, &players, Color::White, 2, "late").is_err());
    }

    #[test]
    fn an_adjudication_writes_the_result_not_a_game_over() {
        let players = [player(1, "white"), player(2, "black")];
        let d = adjudication(
            &game(&["e2e4"]),
            &players,
            GameResult::Draw,
            "dead draw",
            false,
        )
        .expect("an unfinished game is adjudicated");
        assert!(d.finish.is_none());
        assert!(matches!(
            &d.writes[0],
            Write::Adjudicated {
                result: GameResult::Draw,
                ..
            }
        ));
        assert!(
            d.notices
                .iter()
                .all(|(_, n)| matches!(n, Notice::Adjudicated { .. }))
        );
    }

    #[test]
    fn a_finished_game_is_adjudicated_only_when_overruled_and_both_results_are_audited() {
        let players = [player(1, "white"), player(2, "black")];
        let mut g = game(&["e2e4"]);
        g.row.finished = true;
        g.row.result = Some(GameResult::WhiteWins);
        g.row.reason = Some(Termination::Resigned("black".into()));
        let refused = adjudication(&g, &players, GameResult::BlackWins, "appeal", false);
        assert!(
            matches!(&refused, Err(ServiceError::Refused(why)) if why.contains("--overrule")),
            "{refused:?}"
        );
        let d = adjudication(&g, &players, GameResult::BlackWins, "appeal upheld", true)
            .expect("overruled");
        assert!(
            matches!(&d.writes[1], Write::Audit { action: AuditAction::Overrule, detail, .. }
                if detail.starts_with("1-0 (") && detail.ends_with("overruled: 0-1")),
            "{:?}",
            d.writes
        );
    }
}
