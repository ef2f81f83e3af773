//! Players' commands, one function each: draw offers, acceptance, refusal
//! and claims, resignation, the board, the record, notation, language,
//! leave and help.

use super::*;

impl Ctx<'_, '_> {
    /// A command about a game.
    pub(super) fn command(
        &mut self,
        player: &Player,
        game: Loaded,
        line: &ParsedLine,
        cmd: &Command,
    ) -> store::Result<()> {
        match cmd {
            Command::OfferDraw => self.offer_draw(player, &game),
            Command::AcceptDraw => self.accept_draw(player, game),
            Command::DeclineDraw => self.decline_draw(player, &game),
            Command::ClaimDraw(kind) => self.claim_draw(player, game, line, *kind),
            Command::Resign => self.resign(player, game),
            Command::Board => self.board(player, &game),
            Command::Pgn => self.pgn(player, &game),
            // Answered before a game is looked for.
            Command::Notation(_) | Command::Lang(_) | Command::Help | Command::Leave(_) => Ok(()),
        }
    }

    /// Tells `player`'s opponent of what `player` did, and journals the step.
    fn tell_opponent(
        &mut self,
        player: &Player,
        game: &Loaded,
        notice: Notice,
        step: GameStep,
    ) -> store::Result<()> {
        if let Some(o) = self.tx.player(game.opponent_id(player.id))? {
            self.send_to(&o, Some(game.row.id), None, &notice)?;
        }
        self.outcomes.push(Step::InGame(game.row.id, step));
        Ok(())
    }

    pub(super) fn offer_draw(&mut self, player: &Player, game: &Loaded) -> store::Result<()> {
        let me = game.color_of(player.id);
        self.tx.set_draw_offer(game.row.id, Some(me))?;
        let notice = Notice::DrawOffered {
            game: game.row.id,
            opponent: player.name.clone(),
        };
        self.tell_opponent(player, game, notice, GameStep::DrawOffered)
    }

    pub(super) fn accept_draw(&mut self, player: &Player, mut game: Loaded) -> store::Result<()> {
        if game.row.draw_offer == Some(!game.color_of(player.id)) {
            return self.finish(&mut game, GameResult::Draw, Termination::DrawAgreed);
        }
        let notice = Notice::NoDrawOffer { game: game.row.id };
        self.reply_to_sender(Some(player), Some(game.row.id), &notice)?;
        self.outcomes
            .push(Step::InGame(game.row.id, GameStep::NoDrawOfferToAccept));
        Ok(())
    }

    pub(super) fn decline_draw(&mut self, player: &Player, game: &Loaded) -> store::Result<()> {
        if game.row.draw_offer != Some(!game.color_of(player.id)) {
            let notice = Notice::NoDrawOffer { game: game.row.id };
            return self.reply_to_sender(Some(player), Some(game.row.id), &notice);
        }
        self.tx.set_draw_offer(game.row.id, None)?;
        let notice = Notice::DrawDeclined {
            game: game.row.id,
            opponent: player.name.clone(),
        };
        self.tell_opponent(player, game, notice, GameStep::DrawDeclined)
    }

    pub(super) fn claim_draw(
        &mut self,
        player: &Player,
        mut game: Loaded,
        line: &ParsedLine,
        kind: Option<ClaimKind>,
    ) -> store::Result<()> {
        let kind = kind.map(|k| match k {
            ClaimKind::Repetition => Claim::ThreefoldRepetition,
            ClaimKind::FiftyMoves => Claim::FiftyMoves,
        });
        if let Some(claim) = game.record.claim(kind) {
            return self.finish(&mut game, GameResult::Draw, Termination::DrawClaimed(claim));
        }
        let reason = match kind {
            Some(Claim::ThreefoldRepetition) => "the position has not occurred three times",
            Some(Claim::FiftyMoves) => "fifty moves have not passed without a capture or pawn move",
            None => "neither threefold repetition nor the fifty-move rule applies",
        };
        let notice = Notice::ClaimRefused {
            game: game.row.id,
            reason,
        };
        self.reject(
            player,
            &game,
            line,
            IncidentKind::ClaimRefused,
            reason.into(),
            &notice,
        )
    }

    pub(super) fn resign(&mut self, player: &Player, mut game: Loaded) -> store::Result<()> {
        let loser = game.color_of(player.id);
        self.finish(
            &mut game,
            GameResult::loss_for(loser),
            Termination::Resigned(player.name.clone()),
        )
    }

    pub(super) fn board(&mut self, player: &Player, game: &Loaded) -> store::Result<()> {
        let pos = &game.record.pos;
        let fen = shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal);
        // Only email has room for the diagram.
        let by_email = matches!(
            self.actor,
            Actor::Sender {
                channel: Channel::Email,
                ..
            }
        );
        let notice = Notice::Board {
            game: game.row.id,
            fen: fen.to_string(),
            turn: if pos.turn() == Color::White {
                "White"
            } else {
                "Black"
            },
            code: game.record.check_code(),
            diagram: by_email.then(|| diagram(pos)),
        };
        self.reply_to_sender(Some(player), Some(game.row.id), &notice)?;
        self.outcomes
            .push(Step::InGame(game.row.id, GameStep::BoardSent));
        Ok(())
    }

    pub(super) fn pgn(&mut self, player: &Player, game: &Loaded) -> store::Result<()> {
        let notice = Notice::Record {
            game: game.row.id,
            record: movetext(game, player.notation, player.lang),
        };
        self.reply_to_sender(Some(player), Some(game.row.id), &notice)?;
        self.outcomes
            .push(Step::InGame(game.row.id, GameStep::RecordSent));
        Ok(())
    }

    pub(super) fn set_notation(&mut self, player: &Player, n: Notation) -> store::Result<()> {
        self.tx.set_notation(player.id, n)?;
        self.reply_to_sender(Some(player), None, &Notice::NotationSet(n))?;
        self.outcomes.push(Step::NotationSet(n));
        Ok(())
    }

    pub(super) fn set_lang(&mut self, player: &Player, l: Lang) -> store::Result<()> {
        self.tx.set_lang(player.id, l)?;
        self.reply_to_sender(Some(player), None, &Notice::LangSet(l))?;
        self.outcomes.push(Step::LangSet(l));
        Ok(())
    }

    pub(super) fn help(&mut self, player: &Player) -> store::Result<()> {
        self.reply_to_sender(Some(player), None, &Notice::Help)?;
        self.outcomes.push(Step::Help);
        Ok(())
    }

    pub(super) fn leave(&mut self, player: &Player, days: u32) -> store::Result<()> {
        let notice = self.request_leave(player, days)?;
        self.reply_to_sender(Some(player), None, &notice)?;
        self.outcomes.push(Step::LeaveRequested(days));
        Ok(())
    }
}
