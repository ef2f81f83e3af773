//! Carrying a decision out: its writes, its incident, its notices, the end
//! of the game, its step. Nothing here decides: every write is the one the
//! rule asked for, every notice goes where the rule said (rendered when the
//! replies are queued, `flush.rs`).

use compact_str::ToCompactString;
use jiff::Timestamp;
use shakmaty::Chess;
use shakmaty::uci::UciMove;

use super::ctx::{Actor, Ctx};
use super::decision::{Decision, Incident, NewEvent, NewMirror, To, Write};
use super::error::{Result, ServiceError};
use super::flush::Pending;
use super::hold::CONFIRMED;
use super::notice::Notice;
use super::reply::Part;
use super::steps::Step;
use super::{Loaded, reply_address};
use crate::game::clock::TimeControl;
use crate::game::outcome::{GameResult, Termination};
use crate::notation::{Lang, Notation};
use crate::protocol::address::{Channel, key};
use crate::store::{
    BridgeId, EventGame, EventId, GameId, MoveRow, NewIncident, NewReply, Player, PlayerId,
};

/// What carrying a decision out created: the ids the store gave.
#[derive(Debug, Default)]
pub(super) struct Created {
    pub(super) event: Option<EventId>,
    /// An event's games, in the order the decision listed them; a mirror's
    /// game.
    pub(super) games: Vec<GameId>,
    pub(super) hold: Option<i64>,
    /// A mirror and its opponent here.
    pub(super) mirror: Option<(BridgeId, PlayerId)>,
}

impl Ctx<'_, '_> {
    /// Carries a decision out: its writes, its incident, its notices, the
    /// end of the game (`game` is the loaded game it is about, kept as the
    /// store now has it), its step.
    pub(super) fn apply(&mut self, d: Decision, mut game: Option<&mut Loaded>) -> Result<Created> {
        let mut created = Created::default();
        for w in d.writes {
            self.write(w, game.as_deref_mut(), &mut created)?;
        }
        if let Some(i) = d.incident {
            self.incident(i)?;
        }
        for (to, notice) in &d.notices {
            match to {
                To::Sender(p) => self.reply_to_sender(p.as_ref(), d.game, notice),
                To::Player(p) => self.send_to(p, d.game, None, notice),
                To::Opponent(p, ply) => self.send_to(p, d.game, Some(*ply), notice),
            }
        }
        // The step before the end of the game: the journal says the move,
        // then that it ended the game.
        self.steps.extend(d.step);
        if let (Some((result, reason)), Some(game)) = (d.finish, game) {
            self.finish(game, result, reason)?;
        }
        Ok(created)
    }

    /// Carries one write out, keeping the loaded game it is about (if
    /// given) as the store now has it.
    fn write(&mut self, w: Write, game: Option<&mut Loaded>, created: &mut Created) -> Result<()> {
        let (tx, now) = (self.tx, self.now);
        match w {
            Write::DrawOffer { game: id, by } => {
                tx.set_draw_offer(id, by)?;
                if let Some(g) = game.filter(|g| g.row.id == id) {
                    g.row.draw_offer = by;
                }
            }
            Write::Penalty {
                game,
                player,
                days,
                reason,
            } => tx.add_penalty(game, player, days, &reason, now)?,
            Write::Notation(player, n) => tx.set_notation(player, n)?,
            Write::Lang(player, l) => tx.set_lang(player, l)?,
            Write::PinAttempt {
                player,
                channel,
                address,
                ok,
                locked_until,
            } => tx.record_pin_attempt((player, channel, &address), ok, locked_until)?,
            Write::Conditionals {
                game,
                player,
                pairs,
            } => tx.set_conditionals(game, player, &pairs)?,
            Write::Move {
                game: id,
                ply,
                mv,
                written,
                notation,
            } => {
                let row = MoveRow {
                    ply,
                    uci: UciMove::from_standard(mv).to_compact_string(),
                    raw: written.into(),
                    notation: notation.name().into(),
                    received_at: now,
                    delivered_at: None,
                    journal_id: self.journal_id,
                };
                tx.add_move(id, &row)?;
                if let Some(g) = game.filter(|g| g.row.id == id) {
                    g.moves.push(row);
                    g.record.push(mv);
                }
            }
            Write::Leave(player, leave) => tx.add_leave(player, &leave)?,
            Write::LeaveUntil(leave, until) => tx.set_leave_until(leave, until)?,
            Write::Reminded { game, ply } => {
                tx.mark_reminded(game, ply)?;
            }
            Write::TakeBack {
                game: id,
                ply,
                reopen,
            } => {
                tx.truncate_moves(id, ply)?;
                if reopen {
                    tx.reopen_game(id)?;
                }
            }
            Write::Adjudicated {
                game,
                result,
                reason,
            } => tx.finish_game(game, result, &Termination::Adjudicated(reason), now)?,
            Write::GiveUp { reply, why } => tx.give_up(reply, &why, now)?,
            Write::SendAgain { reply, viewer } => self.replies.push(Pending {
                reply: NewReply {
                    journal_id: self.journal_id,
                    ..*reply
                },
                viewer,
                parts: Vec::new(),
                to_sender: false,
                answers_lines: false,
                reader: None,
            }),
            Write::Audit {
                game,
                player,
                action,
                reason,
                detail,
            } => tx.audit(
                (game, player),
                (action.name(), self.actor.director()),
                &reason,
                &detail,
                now,
            )?,
            Write::Profile(player, profile) => tx.set_profile(player, &profile)?,
            Write::Addresses {
                player,
                channel,
                addresses,
            } => tx.set_addresses(player, channel, &addresses)?,
            Write::Pin(player, hash) => tx.set_pin(player, hash.as_deref())?,
            Write::XfccPassword(player, hash) => tx.set_xfcc_password(player, hash.as_deref())?,
            Write::RemovePlayer(player) => {
                tx.remove_player(player, now)?;
            }
            Write::Retry(reply) => {
                tx.retry(reply, now)?;
            }
            Write::Ruling {
                incident,
                text,
                told,
            } => {
                if !tx.rule(incident, &text, &told, now)? {
                    return Err(ServiceError::Refused(format!(
                        "incident {incident} was ruled on already"
                    )));
                }
            }
            Write::Outbound { bridge, ply, san } => {
                tx.queue_outbound(bridge, (ply, &san), self.journal_id, now)?;
            }
            Write::BridgePly { bridge, ply, san } => tx.add_bridge_ply(bridge, ply, &san)?,
            Write::OutboundState {
                bridge,
                ply,
                state,
                reason,
            } => tx.set_outbound(bridge, ply, state, reason.as_deref(), now)?,
            Write::Diverged(bridge) => tx.set_diverged(bridge, now)?,
            Write::Mirror(m) => {
                let (game, mirror) = self.mirror(&m)?;
                created.games.push(game);
                created.mirror = Some(mirror);
            }
            Write::Event(e) => {
                let (event, games) = self.event(&e)?;
                created.event = Some(event);
                created.games.extend(games);
            }
            Write::Withdraw {
                event,
                player,
                names: (who, from),
            } => {
                if !tx.withdraw(event, player, now)? {
                    return Err(ServiceError::Refused(format!(
                        "{who} has already withdrawn from {from}"
                    )));
                }
            }
            Write::Sweep { held_since } => tx.record_sweep(now, held_since)?,
            Write::Hold {
                player,
                code,
                text,
                expires,
            } => {
                let hold = tx.hold(player, &code, &text, self.journal_id, (now, expires))?;
                created.hold = Some(hold);
            }
            Write::CloseHold { hold, how } => {
                tx.close_hold(hold, how)?;
                // A held message its owner confirmed was theirs: the
                // incident that held it has nothing left to rule on.
                if how == CONFIRMED
                    && let Some(journal) = tx.hold_journal(hold)?
                {
                    tx.close_incidents_of(
                        journal,
                        "closed: the player confirmed the held message",
                        now,
                    )?;
                }
            }
            Write::SendFailed {
                reply,
                error,
                retry,
            } => tx.mark_failed(reply, &error, now, retry)?,
            Write::Director { name, hash } => {
                tx.add_director(&name, &hash, now)?;
            }
            Write::RemoveDirector(name) => {
                if !tx.remove_director(&name)? {
                    return Err(ServiceError::NotFound(format!("no director {name:?}")));
                }
            }
            Write::Login { name, address, ok } => tx.record_login(&name, &address, ok, now)?,
            Write::Session {
                of,
                token_hash,
                csrf,
                expires,
            } => tx.open_session(of, &token_hash, &csrf, now, expires)?,
            Write::WebCode {
                player,
                channel,
                address,
                code_hash,
                expires,
            } => tx.keep_web_code((channel, &address), player, &code_hash, now, expires)?,
            Write::SpendWebCode { channel, address } => tx.drop_web_code(channel, &address)?,
            Write::EndSession(token_hash) => {
                tx.end_session(&token_hash)?;
            }
        }
        Ok(())
    }

    /// A mirror's game and its record, its opponent created if new: the
    /// game, the mirror and the opponent.
    fn mirror(&self, m: &NewMirror) -> Result<(GameId, (BridgeId, PlayerId))> {
        let (tx, now) = (self.tx, self.now);
        let opponent = tx.player_named(&m.opponent, now)?;
        let (white, black) = if m.white {
            (m.player, opponent)
        } else {
            (opponent, m.player)
        };
        let game = tx.create_game(white, black, m.fen.as_deref(), &TimeControl::Unlimited, now)?;
        let (url, username, remote) = &m.remote;
        let bridge = tx.add_bridged((url, username, *remote), m.player, game, now)?;
        Ok((game, (bridge, opponent)))
    }

    /// An event, its seats and its games (their clocks start at its start).
    fn event(&self, e: &NewEvent) -> Result<(EventId, Vec<GameId>)> {
        let tx = self.tx;
        let event = tx.create_event(&e.name, e.rules, e.double, &e.time_control, self.now)?;
        for (seat, p) in (1u32..).zip(&e.players) {
            tx.add_seat(event, seat, *p)?;
        }
        let mut games = Vec::with_capacity(e.games.len());
        for &((w, b), (round, board)) in &e.games {
            let game =
                tx.create_game(e.players[w], e.players[b], None, &e.time_control, e.start)?;
            if e.penalty_days > 0 {
                tx.set_penalty_days(game, e.penalty_days)?;
            }
            if e.duplication_after.is_some() {
                tx.set_duplication(game, e.duplication_after)?;
            }
            tx.add_event_game(event, EventGame { game, round, board })?;
            games.push(game);
        }
        Ok((event, games))
    }

    /// Records an incident, with the FEN of the position it was judged in.
    pub(super) fn incident(&self, i: Incident) -> Result<()> {
        let fen = i.pos.map(|p: Chess| {
            shakmaty::fen::Fen::from_position(&p, shakmaty::EnPassantMode::Legal).to_string()
        });
        self.tx.record(
            &NewIncident {
                game_id: i.game,
                journal_id: self.journal_id,
                player_id: i.player,
                kind: i.kind,
                detail: i.detail,
                text: i.text,
                fen,
            },
            self.now,
        )?;
        Ok(())
    }

    /// Answers whoever acts: the sender of a message on the channel it came
    /// in on; for the system's or the operator's acts, the player on their
    /// preferred channel. The notice is rendered in the player's language
    /// (English for a stranger) when the replies are queued.
    fn reply_to_sender(
        &mut self,
        player: Option<&Player>,
        game_id: Option<GameId>,
        notice: &Notice,
    ) {
        match &self.actor {
            // An Xfcc request is answered in its response (a result code).
            Actor::Sender {
                channel: Channel::Xfcc,
                ..
            } => {}
            Actor::Sender { channel, address } => {
                // A player is answered at the address as they registered
                // it, which the sender's address matches in its normal form.
                let registered = player.and_then(|p| {
                    p.addresses
                        .iter()
                        .find(|(c, a)| c == channel && key(*c, a) == *address)
                });
                let to = registered.map_or_else(|| address.clone(), |(_, a)| a.clone());
                self.enqueue(*channel, to, player, game_id, None, notice)
                    .to_sender = true;
            }
            Actor::Operator | Actor::Director(_) | Actor::System => {
                if let Some(p) = player {
                    self.send_to(p, game_id, None, notice);
                }
            }
        }
    }

    /// Sends to a player on their preferred channel, in their language.
    fn send_to(
        &mut self,
        player: &Player,
        game_id: Option<GameId>,
        ply: Option<u32>,
        notice: &Notice,
    ) {
        if let Some((channel, to)) = reply_address(player) {
            self.enqueue(channel, to, Some(player), game_id, ply, notice);
        }
    }

    /// Decides a reply telling `notice`; its text is written when the
    /// replies are queued ([`Ctx::flush`]).
    fn enqueue(
        &mut self,
        channel: Channel,
        to: String,
        recipient: Option<&Player>,
        game_id: Option<GameId>,
        ply: Option<u32>,
        notice: &Notice,
    ) -> &mut Pending {
        self.replies.push(Pending {
            reply: NewReply {
                journal_id: self.journal_id,
                game_id,
                player_id: recipient.map(|p| p.id),
                ply,
                channel,
                to,
                body: String::new(),
                sheet: None,
                copy_of: None,
                subject: None,
            },
            viewer: recipient.map_or((Notation::San, Lang::En), |p| (p.notation, p.lang)),
            parts: vec![Part {
                notice: notice.clone(),
                quote: None,
            }],
            to_sender: false,
            answers_lines: false,
            reader: recipient.cloned(),
        });
        let last = self.replies.len() - 1;
        &mut self.replies[last]
    }

    /// The game ends: written, both players told, the journal's step.
    fn finish(&mut self, game: &mut Loaded, result: GameResult, reason: Termination) -> Result<()> {
        let now: Timestamp = self.now;
        self.tx.finish_game(game.row.id, result, &reason, now)?;
        game.row.finished = true;
        game.row.result = Some(result);
        for id in [game.row.white, game.row.black] {
            if let Some(p) = self.tx.player(id)? {
                let notice = Notice::GameOver {
                    game: game.row.id,
                    result,
                    reason: reason.clone(),
                };
                self.send_to(&p, Some(game.row.id), None, &notice);
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
