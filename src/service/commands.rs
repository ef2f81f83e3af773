//! Players' commands: draw offers and claims, resignation, the board, the
//! record, notation, language, leave and help.

use super::*;

impl Ctx<'_, '_> {
    pub(super) fn command(
        &mut self,
        player: &Player,
        mut game: Loaded,
        line: &ParsedLine,
        cmd: &Command,
    ) -> store::Result<()> {
        let me = game.color_of(player.id);
        let id = game.row.id.to_string();
        let opponent = self.tx.player(game.opponent_id(player.id))?;
        let opponent_name = opponent
            .as_ref()
            .map(|p| p.name.clone())
            .unwrap_or_default();
        match cmd {
            Command::OfferDraw => {
                self.tx.set_draw_offer(game.row.id, Some(me))?;
                if let Some(o) = &opponent {
                    let body = fill(
                        template(Key::DrawOffered, o.lang),
                        &[("game", &id), ("opponent", &player.name)],
                    );
                    self.send_to(o, Some(game.row.id), None, &body)?;
                }
                self.outcomes
                    .push(Step::InGame(game.row.id, GameStep::DrawOffered));
            }
            Command::AcceptDraw => {
                if game.row.draw_offer == Some(!me) {
                    self.finish(&mut game, GameResult::Draw, Termination::DrawAgreed)?;
                } else {
                    let body = fill(template(Key::NoDrawOffer, player.lang), &[("game", &id)]);
                    self.reply_to_sender(Some(player), Some(game.row.id), &body)?;
                    self.outcomes
                        .push(Step::InGame(game.row.id, GameStep::NoDrawOfferToAccept));
                }
            }
            Command::DeclineDraw => {
                if game.row.draw_offer == Some(!me) {
                    self.tx.set_draw_offer(game.row.id, None)?;
                    if let Some(o) = &opponent {
                        let body = fill(
                            template(Key::DrawDeclined, o.lang),
                            &[("game", &id), ("opponent", &player.name)],
                        );
                        self.send_to(o, Some(game.row.id), None, &body)?;
                    }
                    self.outcomes
                        .push(Step::InGame(game.row.id, GameStep::DrawDeclined));
                } else {
                    let body = fill(template(Key::NoDrawOffer, player.lang), &[("game", &id)]);
                    self.reply_to_sender(Some(player), Some(game.row.id), &body)?;
                }
            }
            Command::ClaimDraw(kind) => {
                let kind = kind.map(|k| match k {
                    ClaimKind::Repetition => Claim::ThreefoldRepetition,
                    ClaimKind::FiftyMoves => Claim::FiftyMoves,
                });
                match game.record.claim(kind) {
                    Some(claim) => {
                        self.finish(&mut game, GameResult::Draw, Termination::DrawClaimed(claim))?
                    }
                    None => {
                        let reason = match kind {
                            Some(Claim::ThreefoldRepetition) => {
                                "the position has not occurred three times"
                            }
                            Some(Claim::FiftyMoves) => {
                                "fifty moves have not passed without a capture or pawn move"
                            }
                            None => "neither threefold repetition nor the fifty-move rule applies",
                        };
                        let body = fill(
                            template(Key::ClaimRefused, player.lang),
                            &[("game", &id), ("reason", reason)],
                        );
                        self.reject(
                            player,
                            &game,
                            line,
                            IncidentKind::ClaimRefused,
                            reason.into(),
                            &body,
                        )?;
                    }
                }
            }
            Command::Resign => {
                self.finish(
                    &mut game,
                    GameResult::loss_for(me),
                    Termination::Resigned(player.name.clone()),
                )?;
            }
            Command::Board => {
                let fen = shakmaty::fen::Fen::from_position(
                    &game.record.pos,
                    shakmaty::EnPassantMode::Legal,
                )
                .to_string();
                let turn = if game.record.pos.turn() == Color::White {
                    "White"
                } else {
                    "Black"
                };
                let mut body = fill(
                    template(Key::Board, player.lang),
                    &[
                        ("game", &id),
                        ("fen", &fen),
                        ("turn", turn),
                        ("code", &game.record.check_code()),
                    ],
                );
                if matches!(
                    self.actor,
                    Actor::Sender {
                        channel: Channel::Email,
                        ..
                    }
                ) {
                    body.push_str("\n\n");
                    body.push_str(&diagram(&game.record.pos));
                }
                self.reply_to_sender(Some(player), Some(game.row.id), &body)?;
                self.outcomes
                    .push(Step::InGame(game.row.id, GameStep::BoardSent));
            }
            Command::Pgn => {
                let record = movetext(&game, player.notation, player.lang);
                let body = fill(
                    template(Key::Record, player.lang),
                    &[("game", &id), ("record", &record)],
                );
                self.reply_to_sender(Some(player), Some(game.row.id), &body)?;
                self.outcomes
                    .push(Step::InGame(game.row.id, GameStep::RecordSent));
            }
            Command::Notation(_) | Command::Lang(_) | Command::Help | Command::Leave(_) => {}
        }
        let _ = opponent_name;
        Ok(())
    }

    pub(super) fn set_notation(&mut self, player: &Player, n: Notation) -> store::Result<()> {
        self.tx.set_notation(player.id, n)?;
        let body = fill(
            template(Key::NotationSet, player.lang),
            &[("value", n.name())],
        );
        self.reply_to_sender(Some(player), None, &body)?;
        self.outcomes.push(Step::NotationSet(n));
        Ok(())
    }

    pub(super) fn set_lang(&mut self, player: &Player, l: Lang) -> store::Result<()> {
        self.tx.set_lang(player.id, l)?;
        let body = fill(template(Key::LangSet, l), &[("value", l.code())]);
        self.reply_to_sender(Some(player), None, &body)?;
        self.outcomes.push(Step::LangSet(l));
        Ok(())
    }

    pub(super) fn leave(&mut self, player: &Player, days: u32) -> store::Result<()> {
        let body = self.request_leave(player, days)?;
        self.reply_to_sender(Some(player), None, &body)?;
        self.outcomes.push(Step::LeaveRequested(days));
        Ok(())
    }
}
