//! Moves: reading a player's move, refusing it with the reason, or
//! applying it and telling both players.

use super::decision::{Decision, Write};
use super::*;

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

impl Ctx<'_, '_> {
    pub(super) fn moves(
        &mut self,
        player: &Player,
        game: Loaded,
        line: &ParsedLine,
        items: &[Item],
    ) -> store::Result<()> {
        let (echo, own) = match items {
            [own] => (None, own),
            [echo, own] => (Some(echo), own),
            _ => {
                let reason = "one move per line, optionally after the opponent's last move";
                return self.refuse(
                    player,
                    &game,
                    line,
                    &line.text,
                    IncidentKind::Malformed,
                    reason,
                    Vec::new(),
                );
            }
        };
        let me = game.color_of(player.id);
        let to_move = game.record.pos.turn();
        // A move sent again because our confirmation never arrived: confirm it again.
        if to_move != me {
            if let Some(resent) = self.resent_move(player, &game, own) {
                self.notify_move(player, &game, resent, true, false)?;
                self.steps.push(Step::ConfirmedAgain {
                    game: game.row.id,
                    ply: resent,
                });
                return Ok(());
            }
            let notice = Notice::NotYourTurn {
                game: game.row.id,
                text: own.text.clone(),
            };
            return self.reject(
                player,
                &game,
                line,
                IncidentKind::OutOfTurn,
                "not the sender's move".into(),
                &notice,
            );
        }
        if let Some(echo) = echo
            && !self.echo_matches(player, &game, echo)
        {
            return self.desync(player, &game, line, echo);
        }
        let ply = game.record.next_ply();
        let expected = MoveNumber::of_ply(&game.record.start, ply);
        if let Some(n) = own.number
            && n != expected
        {
            let notice = Notice::WrongNumber {
                game: game.row.id,
                text: line.text.clone(),
                expected,
            };
            let detail = format!("move number given, expected {expected}");
            return self.reject(
                player,
                &game,
                line,
                IncidentKind::WrongNumber,
                detail,
                &notice,
            );
        }

        match read_players_move(&game.record.pos, &own.text, player) {
            Err(e) => {
                let (kind, reason, suggestions) = describe_error(&e);
                self.refuse(player, &game, line, &own.text, kind, &reason, suggestions)
            }
            Ok((mv, notation)) => {
                let mut game = game;
                // Kept as written, glyphs and offer included: `game pgn` shows them as NAGs.
                let mut written = own.text.clone();
                for g in &own.glyphs {
                    written.push(' ');
                    written.push_str(g);
                }
                if own.draw_offer {
                    written.push_str(crate::notation::DRAW_OFFER);
                }
                self.play(player, &mut game, mv, &written, notation, own.draw_offer)?;
                self.run_conditionals(&mut game)?;
                self.latest = Some(game);
                Ok(())
            }
        }
    }

    /// The sender's own last move, if `item` names it again.
    pub(super) fn resent_move(&self, player: &Player, game: &Loaded, item: &Item) -> Option<u32> {
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
    pub(super) fn echo_matches(&self, player: &Player, game: &Loaded, echo: &Item) -> bool {
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

    pub(super) fn desync(
        &mut self,
        player: &Player,
        game: &Loaded,
        line: &ParsedLine,
        echo: &Item,
    ) -> store::Result<()> {
        let notice = Notice::Desync {
            game: game.row.id,
            text: echo_text(echo),
            record: movetext(game, player.notation, player.lang),
        };
        let detail = format!("repeated move {} does not match the game", echo_text(echo));
        self.reject(player, game, line, IncidentKind::Desync, detail, &notice)
    }

    /// Records a refusal about a game: see [`Decision::refusal`].
    pub(super) fn reject(
        &mut self,
        player: &Player,
        game: &Loaded,
        line: &ParsedLine,
        kind: IncidentKind,
        detail: String,
        notice: &Notice,
    ) -> store::Result<()> {
        let d = Decision::refusal(game, player, line, kind, detail, notice.clone());
        self.apply(d, None)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn refuse(
        &mut self,
        player: &Player,
        game: &Loaded,
        line: &ParsedLine,
        text: &str,
        kind: IncidentKind,
        reason: &str,
        suggestions: Vec<Move>,
    ) -> store::Result<()> {
        let d = refused_move(game, player, line, text, kind, reason, &suggestions);
        self.apply(d, None)
    }

    /// Applies a legal move, then tells both players (or ends the game).
    pub(super) fn play(
        &mut self,
        player: &Player,
        game: &mut Loaded,
        mv: Move,
        raw: &str,
        notation: Notation,
        offer: bool,
    ) -> store::Result<()> {
        let ply = game.record.next_ply();
        let row = MoveRow {
            ply,
            uci: UciMove::from_standard(mv).to_string(),
            raw: raw.to_string(),
            notation: notation.name().to_string(),
            received_at: self.now,
            delivered_at: None,
            journal_id: self.journal_id,
        };
        self.tx.add_move(game.row.id, &row)?;
        self.end_leave_on_move(player)?;
        game.moves.push(row);
        game.record.push(mv);
        let me = game.color_of(player.id);
        // A move answers the opponent's standing offer by declining it; the
        // mover may offer anew, and the mover's own offer (made before the
        // move, e.g. `draw?` on the line above it) stands.
        let offer_by = if offer || game.row.draw_offer == Some(me) {
            Some(me)
        } else {
            None
        };
        if game.row.draw_offer != offer_by {
            self.tx.set_draw_offer(game.row.id, offer_by)?;
            game.row.draw_offer = offer_by;
        }
        self.steps.push(Step::Applied {
            game: game.row.id,
            ply,
            uci: UciMove::from_standard(mv).to_string(),
        });
        let ending = game.record.ending();
        self.notify_move(player, game, ply, false, offer)?;
        if let Some(end) = ending {
            self.finish(game, end.result(), Termination::Rules(end))?;
        }
        Ok(())
    }

    /// Confirms a move to its sender and announces it to the opponent.
    pub(super) fn notify_move(
        &mut self,
        mover: &Player,
        game: &Loaded,
        ply: u32,
        again: bool,
        offer: bool,
    ) -> store::Result<()> {
        let Some(mv) = game.record.moves.get(ply as usize - 1).copied() else {
            return Ok(());
        };
        let before = game.record.position_before(ply as usize);
        let mut after = before.clone();
        after.play_unchecked(mv);
        let code = crate::game::rules::check_code(&after);
        let number = MoveNumber::of_ply(&game.record.start, ply);
        let iccf = write_move(&before, mv, Notation::Iccf, &WriteOptions::default());
        let Some(opponent) = self.tx.player(game.opponent_id(mover.id))? else {
            return Ok(());
        };
        let text_for = |p: &Player| write_move(&before, mv, p.notation, &WriteOptions::new(p.lang));
        let mine = MoveNotice {
            game: game.row.id,
            number,
            mv: text_for(mover),
            iccf,
            code,
            opponent: opponent.name.clone(),
        };
        self.reply_to_sender(
            Some(mover),
            Some(game.row.id),
            &Notice::Confirm(mine.clone()),
        )?;
        if again {
            return Ok(());
        }
        let theirs = Notice::YourMove {
            notice: MoveNotice {
                mv: text_for(&opponent),
                opponent: mover.name.clone(),
                ..mine
            },
            draw_offered: offer,
        };
        self.send_to(&opponent, Some(game.row.id), Some(ply), &theirs)
    }

    pub(super) fn finish(
        &mut self,
        game: &mut Loaded,
        result: GameResult,
        reason: Termination,
    ) -> store::Result<()> {
        self.tx
            .finish_game(game.row.id, result, &reason, self.now)?;
        game.row.finished = true;
        game.row.result = Some(result);
        for id in [game.row.white, game.row.black] {
            if let Some(p) = self.tx.player(id)? {
                let notice = Notice::GameOver {
                    game: game.row.id,
                    result,
                    reason: reason.clone(),
                };
                self.send_to(&p, Some(game.row.id), None, &notice)?;
            }
        }
        self.steps.push(Step::GameOver {
            game: game.row.id,
            result,
            reason,
        });
        Ok(())
    }
}

/// A move not applied: why, the moves it may have meant in the player's
/// notation, and the days the event's policy charges for an illegal one.
fn refused_move(
    game: &Loaded,
    player: &Player,
    line: &ParsedLine,
    text: &str,
    kind: IncidentKind,
    reason: &str,
    suggestions: &[Move],
) -> Decision {
    let pos = &game.record.pos;
    let opts = WriteOptions::new(player.lang);
    let penalty = game.row.penalty_days;
    let penalty_days = (penalty > 0 && kind == IncidentKind::Illegal).then_some(penalty);
    let notice = Notice::Refused {
        game: game.row.id,
        text: text.to_string(),
        reason: reason.to_string(),
        did_you_mean: suggestions
            .iter()
            .map(|m| write_move(pos, *m, player.notation, &opts))
            .collect(),
        penalty_days,
    };
    let mut d = Decision::refusal(game, player, line, kind, reason.to_string(), notice);
    if let Some(days) = penalty_days {
        d = d.write(Write::Penalty {
            game: game.row.id,
            player: player.id,
            days,
            reason: reason.to_string(),
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

/// The incident kind, the reason and the suggested moves of a reading error.
fn describe_error(e: &ReadError) -> (IncidentKind, String, Vec<Move>) {
    match e {
        // The suggestions go in the reply's own sentence, not in the reason.
        ReadError::Malformed {
            expected,
            at,
            found,
            ..
        } => (
            IncidentKind::Malformed,
            format!(
                "expected {expected} at character {at}{}",
                found.map(|c| format!(", found {c:?}")).unwrap_or_default()
            ),
            e.did_you_mean(),
        ),
        ReadError::Illegal { reason, .. } => {
            (IncidentKind::Illegal, reason.to_string(), e.did_you_mean())
        }
        ReadError::Ambiguous { .. } | ReadError::Conflict { .. } => {
            (IncidentKind::Ambiguous, strip_text(e), e.did_you_mean())
        }
    }
}

/// The error's message without the repeated token at its start.
fn strip_text(e: &ReadError) -> String {
    let s = e.to_string();
    s.split_once(": ").map_or(s.clone(), |(_, r)| r.to_string())
}
