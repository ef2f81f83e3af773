//! Conditional moves: stored while the opponent is to move, played when
//! the opponent's move matches, dropped when it does not.

use super::moves::echo_text;
use super::*;

impl Ctx<'_, '_> {
    /// After a move, the side to move may have conditional moves waiting.
    pub(super) fn run_conditionals(&mut self, game: &mut Loaded) -> store::Result<()> {
        while !game.row.finished {
            let Some(last) = game.record.moves.last().copied() else {
                return Ok(());
            };
            let to_move_id = if game.record.pos.turn() == Color::White {
                game.row.white
            } else {
                game.row.black
            };
            let mut pairs = self.tx.conditionals(game.row.id, to_move_id)?;
            let Some((trigger, reply)) = pairs.first().cloned() else {
                return Ok(());
            };
            let Some(owner) = self.tx.player(to_move_id)? else {
                return Ok(());
            };
            let last_uci = UciMove::from_standard(last).to_string();
            let reply_move = reply
                .parse::<UciMove>()
                .ok()
                .and_then(|u| u.to_move(&game.record.pos).ok());
            match reply_move {
                Some(mv) if trigger == last_uci => {
                    pairs.remove(0);
                    self.tx.set_conditionals(game.row.id, to_move_id, &pairs)?;
                    let ply = game.record.next_ply();
                    let number = MoveNumber::of_ply(&game.record.start, ply);
                    let text = write_move(
                        &game.record.pos,
                        mv,
                        owner.notation,
                        &WriteOptions::new(owner.lang),
                    );
                    let note = Notice::ConditionalPlayed {
                        game: game.row.id,
                        number,
                        mv: text,
                    };
                    self.send_to(&owner, Some(game.row.id), None, &note)?;
                    // The system plays it for the owner: the owner's confirmation
                    // goes to the owner, not to the message's sender.
                    let sender = std::mem::replace(&mut self.actor, Actor::System);
                    let applied = self.play(
                        &owner,
                        game,
                        mv,
                        &format!("(conditional) {reply}"),
                        Notation::Uci,
                        false,
                    );
                    self.actor = sender;
                    applied?;
                }
                _ => {
                    self.tx.set_conditionals(game.row.id, to_move_id, &[])?;
                    let before = game.record.position_before(game.record.moves.len());
                    let text = write_move(
                        &before,
                        last,
                        owner.notation,
                        &WriteOptions::new(owner.lang),
                    );
                    let opponent = self
                        .tx
                        .player(game.opponent_id(to_move_id))?
                        .map(|p| p.name)
                        .unwrap_or_default();
                    let note = Notice::ConditionalDropped {
                        game: game.row.id,
                        opponent,
                        mv: text,
                    };
                    self.send_to(&owner, Some(game.row.id), None, &note)?;
                    self.steps
                        .push(Step::InGame(game.row.id, GameStep::ConditionalsDropped));
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    pub(super) fn conditional(
        &mut self,
        player: &Player,
        game: Loaded,
        line: &ParsedLine,
        branches: &[Branch],
    ) -> store::Result<()> {
        let me = game.color_of(player.id);
        let refuse = |ctx: &mut Self, reason: String| -> store::Result<()> {
            let notice = Notice::ConditionalRefused {
                game: game.row.id,
                reason: reason.clone(),
            };
            ctx.reject(
                player,
                &game,
                line,
                IncidentKind::ConditionalRefused,
                reason,
                &notice,
            )
        };
        if game.record.pos.turn() == me {
            return refuse(
                self,
                "it is your move; send conditional moves after your move".into(),
            );
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
                    return refuse(
                        self,
                        format!("{}: the move there is {number}", echo_text(item)),
                    );
                }
                ply += 1;
            }
            let t = match read_players_move(&pos, &trigger.text, player) {
                Ok((mv, _)) => mv,
                Err(e) => return refuse(self, format!("{}: {e}", trigger.text)),
            };
            let t_text = write_move(&pos, t, player.notation, &WriteOptions::new(player.lang));
            pos.play_unchecked(t);
            let a = match read_players_move(&pos, &answer.text, player) {
                Ok((mv, _)) => mv,
                Err(e) => return refuse(self, format!("{}: {e}", answer.text)),
            };
            let a_text = write_move(&pos, a, player.notation, &WriteOptions::new(player.lang));
            pos.play_unchecked(a);
            pairs.push((
                UciMove::from_standard(t).to_string(),
                UciMove::from_standard(a).to_string(),
            ));
            shown.push(format!("{t_text} {a_text}"));
        }
        self.tx.set_conditionals(game.row.id, player.id, &pairs)?;
        let notice = Notice::ConditionalStored {
            game: game.row.id,
            pairs: shown,
        };
        self.reply_to_sender(Some(player), Some(game.row.id), &notice)?;
        self.steps.push(Step::InGame(
            game.row.id,
            GameStep::ConditionalsStored(pairs.len()),
        ));
        Ok(())
    }
}
