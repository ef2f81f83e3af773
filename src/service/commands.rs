//! Players' commands, one rule each: draw offers, acceptance, refusal and
//! claims, resignation, the board, the record, notation, language, help and
//! leave. A rule is a function of the loaded game, the sender (and, where
//! the opponent is told, the opponent) that returns its [`Decision`].

use super::decision::{Decision, To, Write};
use super::*;

impl Ctx<'_, '_> {
    /// A command about a game.
    pub(super) fn command(
        &mut self,
        player: &Player,
        mut game: Loaded,
        line: &ParsedLine,
        cmd: &Command,
    ) -> store::Result<()> {
        let decision = match cmd {
            Command::OfferDraw => offer_draw(&game, player, self.opponent(player, &game)?),
            Command::AcceptDraw => accept_draw(&game, player),
            Command::DeclineDraw => decline_draw(&game, player, self.opponent(player, &game)?),
            Command::ClaimDraw(kind) => claim_draw(&game, player, line, *kind),
            Command::Resign => resign(&game, player),
            Command::Board => board(&game, player, self.by_email()),
            Command::Pgn => pgn(&game, player),
            // Answered before a game is looked for.
            Command::Notation(_) | Command::Lang(_) | Command::Help | Command::Leave(_) => {
                Decision::default()
            }
        };
        self.apply(decision, Some(&mut game))
    }

    fn opponent(&self, player: &Player, game: &Loaded) -> store::Result<Option<Player>> {
        self.tx.player(game.opponent_id(player.id))
    }

    /// Whether the message came by email, which has room for a diagram.
    fn by_email(&self) -> bool {
        matches!(
            self.actor,
            Actor::Sender {
                channel: Channel::Email,
                ..
            }
        )
    }

    pub(super) fn set_notation(&mut self, player: &Player, n: Notation) -> store::Result<()> {
        let d = Decision::default()
            .write(Write::Notation(player.id, n))
            .tell(To::Sender(Some(player.clone())), Notice::NotationSet(n))
            .step(Step::NotationSet(n));
        self.apply(d, None)
    }

    pub(super) fn set_lang(&mut self, player: &Player, l: Lang) -> store::Result<()> {
        let d = Decision::default()
            .write(Write::Lang(player.id, l))
            .tell(To::Sender(Some(player.clone())), Notice::LangSet(l))
            .step(Step::LangSet(l));
        self.apply(d, None)
    }

    pub(super) fn help(&mut self, player: &Player) -> store::Result<()> {
        let d = Decision::default()
            .tell(To::Sender(Some(player.clone())), Notice::Help)
            .step(Step::Help);
        self.apply(d, None)
    }

    pub(super) fn leave(&mut self, player: &Player, days: u32) -> store::Result<()> {
        let d = self.request_leave(player, days)?;
        self.apply(d, None)
    }
}

/// Tells the opponent, if registered, of what the sender did.
fn tell_opponent(d: Decision, opponent: Option<Player>, notice: Notice) -> Decision {
    match opponent {
        Some(o) => d.tell(To::Player(o), notice),
        None => d,
    }
}

fn offer_draw(game: &Loaded, player: &Player, opponent: Option<Player>) -> Decision {
    let id = game.row.id;
    let d = Decision::about(id)
        .write(Write::DrawOffer {
            game: id,
            by: Some(game.color_of(player.id)),
        })
        .step(Step::InGame(id, GameStep::DrawOffered));
    let notice = Notice::DrawOffered {
        game: id,
        opponent: player.name.clone(),
    };
    tell_opponent(d, opponent, notice)
}

fn accept_draw(game: &Loaded, player: &Player) -> Decision {
    let id = game.row.id;
    if game.row.draw_offer == Some(!game.color_of(player.id)) {
        return Decision::about(id).finish(GameResult::Draw, Termination::DrawAgreed);
    }
    Decision::about(id)
        .tell(
            To::Sender(Some(player.clone())),
            Notice::NoDrawOffer { game: id },
        )
        .step(Step::InGame(id, GameStep::NoDrawOfferToAccept))
}

fn decline_draw(game: &Loaded, player: &Player, opponent: Option<Player>) -> Decision {
    let id = game.row.id;
    if game.row.draw_offer != Some(!game.color_of(player.id)) {
        return Decision::about(id).tell(
            To::Sender(Some(player.clone())),
            Notice::NoDrawOffer { game: id },
        );
    }
    let d = Decision::about(id)
        .write(Write::DrawOffer { game: id, by: None })
        .step(Step::InGame(id, GameStep::DrawDeclined));
    let notice = Notice::DrawDeclined {
        game: id,
        opponent: player.name.clone(),
    };
    tell_opponent(d, opponent, notice)
}

fn claim_draw(
    game: &Loaded,
    player: &Player,
    line: &ParsedLine,
    kind: Option<ClaimKind>,
) -> Decision {
    let kind = kind.map(|k| match k {
        ClaimKind::Repetition => Claim::ThreefoldRepetition,
        ClaimKind::FiftyMoves => Claim::FiftyMoves,
    });
    if let Some(claim) = game.record.claim(kind) {
        return Decision::about(game.row.id)
            .finish(GameResult::Draw, Termination::DrawClaimed(claim));
    }
    let notice = Notice::ClaimRefused {
        game: game.row.id,
        claim: kind,
    };
    // The director reads incidents in English.
    let reason = notice.render_for(Reader::director());
    Decision::refusal(
        game,
        player,
        line,
        IncidentKind::ClaimRefused,
        reason,
        notice,
    )
}

fn resign(game: &Loaded, player: &Player) -> Decision {
    Decision::about(game.row.id).finish(
        GameResult::loss_for(game.color_of(player.id)),
        Termination::Resigned(player.name.clone()),
    )
}

fn board(game: &Loaded, player: &Player, with_diagram: bool) -> Decision {
    let pos = &game.record.pos;
    let fen = shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal);
    let notice = Notice::Board {
        game: game.row.id,
        fen: fen.to_string(),
        turn: pos.turn(),
        code: game.record.check_code(),
        diagram: with_diagram.then(|| diagram(pos)),
    };
    Decision::about(game.row.id)
        .tell(To::Sender(Some(player.clone())), notice)
        .step(Step::InGame(game.row.id, GameStep::BoardSent))
}

fn pgn(game: &Loaded, player: &Player) -> Decision {
    let notice = Notice::Record {
        game: game.row.id,
        record: movetext(game, player.notation, player.lang),
    };
    Decision::about(game.row.id)
        .tell(To::Sender(Some(player.clone())), notice)
        .step(Step::InGame(game.row.id, GameStep::RecordSent))
}

/// A player registered (`player add --lang xx`) in a language without a
/// catalogue is told so once, in English, as `lang xx` would tell them; a
/// language with one needs no word. In the registering transaction.
pub fn announce_language(tx: &Tx<'_>, player: PlayerId, now: Timestamp) -> store::Result<()> {
    let Some(player) = tx.player(player)? else {
        return Ok(());
    };
    if l10n::has_catalogue(player.lang) {
        return Ok(());
    }
    let mut ctx = Ctx::unprompted(tx, Actor::Operator, now);
    let notice = Notice::LangSet(player.lang);
    ctx.apply(Decision::default().tell(To::Player(player), notice), None)?;
    ctx.flush()
}
