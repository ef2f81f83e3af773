//! Players' commands, one rule each: draw offers, acceptance, refusal and
//! claims, resignation, the board, the record, notation, language, help and
//! leave. A rule is a function of the loaded game, the sender (and, where
//! the opponent is told, the opponent) that returns its [`Decision`].

use jiff::Timestamp;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};

use super::bridge::remote_only;
use super::clock::{judge_games_of, request_leave};
use super::ctx::{Actor, Ctx};
use super::decision::{Decision, To, Write};
use super::error::Result;
use super::notice::{HelpExamples, Notice};
use super::steps::{GameStep, Step};
use super::{Loaded, movetext};
use crate::game::outcome::{GameResult, Termination};
use crate::game::rules::Claim;
use crate::notation::{Lang, Notation, WriteOptions, write_move};
use crate::protocol::address::Channel;
use crate::protocol::grammar::{ClaimKind, Command, ParsedLine};
use crate::protocol::l10n::{self, Reader};
use crate::store::{IncidentKind, Player, PlayerId, Tx};

/// A command about a game.
pub(super) fn command(
    ctx: &mut Ctx<'_, '_>,
    player: &Player,
    mut game: Loaded,
    line: &ParsedLine,
    cmd: &Command,
) -> Result<()> {
    let offer_or_end = matches!(
        cmd,
        Command::OfferDraw
            | Command::AcceptDraw
            | Command::DeclineDraw
            | Command::ClaimDraw(_)
            | Command::Resign
    );
    if offer_or_end && let Some(bridge) = ctx.tx.bridge_of_game(game.row.id)? {
        return ctx
            .apply(remote_only(&game, player, &bridge), None)
            .map(drop);
    }
    let opponent = || ctx.tx.player(game.opponent_id(player.id));
    let decision = match cmd {
        Command::OfferDraw => offer_draw(&game, player, opponent()?),
        Command::AcceptDraw => accept_draw(&game, player),
        Command::DeclineDraw => decline_draw(&game, player, opponent()?),
        Command::ClaimDraw(kind) => claim_draw(&game, player, opponent()?, line, *kind),
        Command::Resign => resign(&game, player, opponent()?),
        Command::Board => board(&game, player, by_email(ctx)),
        Command::Pgn => pgn(&game, player),
        // Answered before a game is looked for.
        Command::Notation(_) | Command::Lang(_) | Command::Help | Command::Leave(_) => {
            Decision::default()
        }
    };
    ctx.apply(decision, Some(&mut game)).map(drop)
}

/// Whether the message came by email, whose sheet shows the board.
fn by_email(ctx: &Ctx<'_, '_>) -> bool {
    matches!(
        ctx.actor,
        Actor::Sender {
            channel: Channel::Email,
            ..
        }
    )
}

pub(super) fn set_notation(ctx: &mut Ctx<'_, '_>, player: &Player, n: Notation) -> Result<()> {
    let d = Decision::default()
        .write(Write::Notation(player.id, n))
        .tell(To::Sender(Some(player.clone())), Notice::NotationSet(n))
        .step(Step::NotationSet(n));
    ctx.apply(d, None).map(drop)
}

pub(super) fn set_lang(ctx: &mut Ctx<'_, '_>, player: &Player, l: Lang) -> Result<()> {
    let d = Decision::default()
        .write(Write::Lang(player.id, l))
        .tell(To::Sender(Some(player.clone())), Notice::LangSet(l))
        .step(Step::LangSet(l));
    ctx.apply(d, None).map(drop)
}

pub(super) fn help(ctx: &mut Ctx<'_, '_>, player: &Player) -> Result<()> {
    let notice = if by_email(ctx) {
        Notice::HelpMail(help_examples(player))
    } else {
        Notice::Help
    };
    let d = Decision::default()
        .tell(To::Sender(Some(player.clone())), notice)
        .step(Step::Help);
    ctx.apply(d, None).map(drop)
}

pub(super) fn leave(ctx: &mut Ctx<'_, '_>, player: &Player, days: u32) -> Result<()> {
    // A leave counts from today: a limit already run out is judged first.
    judge_games_of(ctx, player)?;
    let d = request_leave(ctx.tx, player, days, ctx.now)?;
    ctx.apply(d, None).map(drop)
}

/// Tells the opponent, if registered, of what the sender did.
fn tell_opponent(d: Decision, opponent: Option<Player>, notice: Notice) -> Decision {
    match opponent {
        Some(o) => d.tell(To::Player(o), notice),
        None => d,
    }
}

/// The help's example moves in `player`'s notation: 1. d4 Nf6 2. c4 e6.
pub(super) fn help_examples(player: &Player) -> HelpExamples {
    let mut pos = Chess::default();
    let mut written = Vec::new();
    let mut iccf = String::new();
    for uci in ["d2d4", "g8f6", "c2c4", "e7e6"] {
        let Some(mv) = uci
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&pos).ok())
        else {
            break;
        };
        written.push(write_move(
            &pos,
            mv,
            player.notation,
            &WriteOptions::new(player.lang),
        ));
        if uci == "g8f6" {
            iccf = write_move(&pos, mv, Notation::Iccf, &WriteOptions::default());
        }
        pos.play_unchecked(mv);
    }
    let at = |i: usize| written.get(i).cloned().unwrap_or_default();
    HelpExamples {
        notation: player.notation,
        echo: at(0),
        mv: at(1),
        iccf,
        trigger: at(2),
        answer: at(3),
    }
}

/// The sender's own notice of what went to the opponent, if registered.
fn told_to(
    d: Decision,
    player: &Player,
    opponent: Option<&Player>,
    notice: impl Fn(String) -> Notice,
) -> Decision {
    match opponent {
        Some(o) => d.tell(To::Sender(Some(player.clone())), notice(o.name.clone())),
        None => d,
    }
}

fn offer_draw(game: &Loaded, player: &Player, opponent: Option<Player>) -> Decision {
    let id = game.row.id;
    let d = told_to(Decision::about(id), player, opponent.as_ref(), |opponent| {
        Notice::DrawOfferSent { game: id, opponent }
    });
    let d = d
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
    opponent: Option<Player>,
    line: &ParsedLine,
    kind: Option<ClaimKind>,
) -> Decision {
    let kind = kind.map(|k| match k {
        ClaimKind::Repetition => Claim::ThreefoldRepetition,
        ClaimKind::FiftyMoves => Claim::FiftyMoves,
    });
    if let Some(claim) = game.record.claim(kind) {
        let id = game.row.id;
        return told_to(Decision::about(id), player, opponent.as_ref(), |opponent| {
            Notice::ClaimUpheld { game: id, opponent }
        })
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

fn resign(game: &Loaded, player: &Player, opponent: Option<Player>) -> Decision {
    let id = game.row.id;
    told_to(Decision::about(id), player, opponent.as_ref(), |opponent| {
        Notice::ResignationSent { game: id, opponent }
    })
    .finish(
        GameResult::loss_for(game.color_of(player.id)),
        Termination::Resigned(player.name.clone()),
    )
}

/// The position: by email the sheet below the notice shows the board and
/// the FEN (once each); SMS and radio carry the FEN in the text.
fn board(game: &Loaded, player: &Player, with_sheet: bool) -> Decision {
    let pos = &game.record.pos;
    let fen = shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal);
    let notice = Notice::Board {
        game: game.row.id,
        fen: (!with_sheet).then(|| fen.to_string()),
        turn: pos.turn(),
        code: game.record.check_code(),
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
pub fn announce_language(tx: &Tx<'_>, player: PlayerId, now: Timestamp) -> Result<()> {
    let Some(player) = tx.player(player)? else {
        return Ok(());
    };
    if l10n::has_catalogue(player.lang) {
        return Ok(());
    }
    let notice = Notice::LangSet(player.lang);
    let d = Decision::default().tell(To::Player(player), notice);
    Ctx::unprompted(tx, Actor::Operator, now)
        .run(|ctx| ctx.apply(d, None))
        .map(drop)
}
