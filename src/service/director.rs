//! The director's actions: takebacks and adjudications, audited, both
//! players told.

use super::*;

/// Takes back every move after `ply`, audited, both players told.
pub fn takeback(
    store: &mut Store,
    game_id: GameId,
    ply: u32,
    reason: &str,
    now: Timestamp,
) -> store::Result<usize> {
    let tx = store.write()?;
    let mut ctx = Ctx::unprompted(&tx, Actor::Operator, now);
    let game = ctx.load_existing(game_id)?;
    if ply as usize > game.moves.len() {
        return Err(store::StoreError::Invalid(format!(
            "game {game_id} has only {} plies",
            game.moves.len()
        )));
    }
    let removed: Vec<String> = game
        .moves
        .iter()
        .skip(ply as usize)
        .map(|m| m.uci.clone())
        .collect();
    let n = tx.truncate_moves(game_id, ply)?;
    if game.row.finished {
        tx.reopen_game(game_id)?;
    }
    tx.set_conditionals(game_id, game.row.white, &[])?;
    tx.set_conditionals(game_id, game.row.black, &[])?;
    tx.audit(
        game_id,
        "takeback",
        reason,
        &format!("to ply {ply}; removed {}", removed.join(" ")),
        now,
    )?;
    for id in [game.row.white, game.row.black] {
        if let Some(p) = tx.player(id)? {
            let notice = Notice::TakenBack {
                game: game_id,
                ply,
                reason: reason.to_string(),
            };
            ctx.send_to(&p, Some(game_id), None, &notice)?;
        }
    }
    ctx.flush()?;
    tx.commit()?;
    Ok(n)
}

/// Adjudicates a result, audited, both players told.
pub fn adjudicate(
    store: &mut Store,
    game_id: GameId,
    result: &str,
    reason: &str,
    now: Timestamp,
) -> store::Result<()> {
    let decided = result
        .parse::<GameResult>()
        .ok()
        .filter(|r| *r != GameResult::Unfinished)
        .ok_or_else(|| {
            store::StoreError::Invalid(format!("result {result:?}: write 1-0, 0-1 or 1/2-1/2"))
        })?;
    let tx = store.write()?;
    let mut ctx = Ctx::unprompted(&tx, Actor::Operator, now);
    let game = ctx.load_existing(game_id)?;
    tx.finish_game(
        game_id,
        decided,
        &Termination::Adjudicated(reason.to_string()),
        now,
    )?;
    tx.audit(game_id, "adjudicate", reason, decided.as_str(), now)?;
    for id in [game.row.white, game.row.black] {
        if let Some(p) = tx.player(id)? {
            let notice = Notice::Adjudicated {
                game: game_id,
                result: decided,
                reason: reason.to_string(),
            };
            ctx.send_to(&p, Some(game_id), None, &notice)?;
        }
    }
    ctx.flush()?;
    tx.commit()?;
    Ok(())
}
