//! A rule's decision as a value: what to write, the incident to record,
//! which notices go to whom and what the journal says. Rules compute it from
//! the loaded game, the sender and the line, without the store;
//! [`Ctx::apply`] carries it out in the transaction, in this order.

use super::ctx::Pending;
use super::*;
use compact_str::ToCompactString;

/// A write a decision asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Write {
    DrawOffer {
        game: GameId,
        by: Option<Color>,
    },
    /// Days charged under the event's illegal-move policy.
    Penalty {
        game: GameId,
        player: PlayerId,
        days: u32,
        reason: String,
    },
    Notation(PlayerId, Notation),
    Lang(PlayerId, Lang),
    /// A PIN tried from an address: failures there count up and lock it
    /// on that address until the given time.
    PinAttempt {
        player: PlayerId,
        channel: Channel,
        address: String,
        ok: bool,
        locked_until: Option<Timestamp>,
    },
    /// A player's conditional pairs for a game (none: dropped).
    Conditionals {
        game: GameId,
        player: PlayerId,
        pairs: Vec<(String, String)>,
    },
    /// A move played at `ply`, kept as written and read in `notation`.
    Move {
        game: GameId,
        ply: u32,
        mv: Move,
        written: String,
        notation: Notation,
    },
    /// A leave granted.
    Leave(PlayerId, crate::game::clock::Leave),
    /// A leave ended early (its last day).
    LeaveUntil(store::LeaveId, jiff::civil::Date),
    /// The reminder for the move at `ply` sent.
    Reminded {
        game: GameId,
        ply: u32,
    },
    /// The moves after `ply` removed; a finished game is active again.
    TakeBack {
        game: GameId,
        ply: u32,
        reopen: bool,
    },
    /// A result the director decided (the players get their own notice,
    /// not the one of a game that ends by play).
    Adjudicated {
        game: GameId,
        result: GameResult,
        reason: String,
    },
    /// A reply given up on.
    GiveUp {
        reply: ReplyId,
        why: String,
    },
    /// A reply given up on, sent again to another address as it was
    /// (its text already rendered, its sheet as decided then).
    SendAgain {
        /// Boxed: a reply with its sheet is far larger than any other write.
        reply: Box<NewReply>,
        /// The notation and language of its sheet, if one is still to be
        /// drawn.
        viewer: (Notation, Lang),
    },
    /// The director's action in the audit trail, about a game, a player
    /// or both.
    Audit {
        game: Option<GameId>,
        player: Option<PlayerId>,
        action: &'static str,
        reason: String,
        detail: String,
    },
    /// A player's notation, language, reply channel and time zone.
    Profile(PlayerId, store::Profile),
    /// A player's addresses on one channel replaced (normalised).
    Addresses {
        player: PlayerId,
        channel: Channel,
        addresses: Vec<String>,
    },
    /// A player's PIN set (its hash) or cleared, failures forgotten.
    Pin(PlayerId, Option<String>),
    /// A player's Xfcc password set (its hash) or removed, failures forgotten.
    XfccPassword(PlayerId, Option<String>),
    /// A player removed (deleted, or retired if they have a record).
    RemovePlayer(PlayerId),
    /// A reply given up on, due again now with a fresh count of attempts.
    Retry(ReplyId),
    /// The director's ruling on an incident, and who was told.
    Ruling {
        incident: i64,
        text: String,
        told: String,
    },
}

/// An incident a decision records.
#[derive(Debug, Clone)]
pub(super) struct Incident {
    /// The game it concerns (it may not be the sender's).
    pub(super) game: Option<GameId>,
    pub(super) kind: IncidentKind,
    pub(super) detail: String,
    /// The protocol line concerned.
    pub(super) text: Option<String>,
    /// The position the line was judged in.
    pub(super) pos: Option<Chess>,
    pub(super) player: Option<PlayerId>,
}

impl Incident {
    /// An incident of this kind, for no game and no line in particular.
    pub(super) fn about(kind: IncidentKind, detail: String) -> Incident {
        Incident {
            game: None,
            kind,
            detail,
            text: None,
            pos: None,
            player: None,
        }
    }
}

/// Who a notice goes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum To {
    /// Whoever acts (the message's sender), as this player if registered.
    Sender(Option<Player>),
    /// A player, on their preferred channel.
    Player(Player),
    /// A player told of the opponent's move at `ply`, on their preferred
    /// channel: its delivery starts their clock.
    Opponent(Player, u32),
}

/// What a rule decided.
#[derive(Debug, Clone, Default)]
pub(super) struct Decision {
    /// The game its notices are about (they carry the game's sheet).
    pub(super) game: Option<GameId>,
    pub(super) writes: Vec<Write>,
    pub(super) incident: Option<Incident>,
    pub(super) notices: Vec<(To, Notice)>,
    /// The game ends so (both players are told).
    pub(super) finish: Option<(GameResult, Termination)>,
    pub(super) step: Option<Step>,
}

impl Decision {
    /// A decision about `game`.
    pub(super) fn about(game: GameId) -> Decision {
        Decision {
            game: Some(game),
            ..Decision::default()
        }
    }

    pub(super) fn write(mut self, w: Write) -> Decision {
        self.writes.push(w);
        self
    }

    pub(super) fn tell(mut self, to: To, notice: Notice) -> Decision {
        self.notices.push((to, notice));
        self
    }

    pub(super) fn step(mut self, step: Step) -> Decision {
        self.step = Some(step);
        self
    }

    pub(super) fn finish(mut self, result: GameResult, reason: Termination) -> Decision {
        self.finish = Some((result, reason));
        self
    }

    /// A message or line refused before any game of the sender's is
    /// concerned: the incident, the notice to the sender, the step.
    pub(super) fn refused(
        player: Option<&Player>,
        incident: Incident,
        notice: Notice,
        why: Refusal,
    ) -> Decision {
        Decision {
            incident: Some(Incident {
                player: player.map(|p| p.id),
                ..incident
            }),
            step: Some(Step::Refused(why)),
            ..Decision::default()
        }
        .tell(To::Sender(player.cloned()), notice)
    }

    /// A refusal about a game: the incident with the position it was judged
    /// in, the notice to the sender, and the journal's step.
    pub(super) fn refusal(
        game: &Loaded,
        player: &Player,
        line: &ParsedLine,
        kind: IncidentKind,
        detail: String,
        notice: Notice,
    ) -> Decision {
        Decision {
            incident: Some(Incident {
                game: Some(game.row.id),
                kind,
                detail: detail.clone(),
                text: Some(line.text.clone()),
                pos: Some(game.record.pos.clone()),
                player: Some(player.id),
            }),
            step: Some(Step::RefusedInGame {
                game: game.row.id,
                kind,
                why: detail,
            }),
            ..Decision::about(game.row.id)
        }
        .tell(To::Sender(Some(player.clone())), notice)
    }
}

impl Ctx<'_, '_> {
    /// Carries a decision out: its writes, its incident, its notices, the
    /// end of the game (`game` is the loaded game it is about), its step.
    pub(super) fn apply(&mut self, d: Decision, mut game: Option<&mut Loaded>) -> Result<()> {
        for w in d.writes {
            self.write(w, game.as_deref_mut())?;
        }
        if let Some(i) = d.incident {
            self.incident(i.game, i.pos, i.kind, i.detail, i.text.as_deref(), i.player)?;
        }
        for (to, notice) in &d.notices {
            match to {
                To::Sender(p) => self.reply_to_sender(p.as_ref(), d.game, notice)?,
                To::Player(p) => self.send_to(p, d.game, None, notice)?,
                To::Opponent(p, ply) => self.send_to(p, d.game, Some(*ply), notice)?,
            }
        }
        // The step before the end of the game: the journal says the move,
        // then that it ended the game.
        self.steps.extend(d.step);
        if let (Some((result, reason)), Some(game)) = (d.finish, game) {
            self.finish(game, result, reason)?;
        }
        Ok(())
    }

    /// Carries one write out, keeping the loaded game it is about (if
    /// given) as the store now has it.
    fn write(&mut self, w: Write, game: Option<&mut Loaded>) -> Result<()> {
        let tx = self.tx;
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
            } => tx.add_penalty(game, player, days, &reason, self.now)?,
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
                    received_at: self.now,
                    delivered_at: None,
                    journal_id: self.journal_id,
                };
                let game = game.filter(|g| g.row.id == id);
                // A bridged game's move of the player's, whichever rule
                // played it (a line, a conditional reply), goes to the
                // remote server: queued with the move, in its transaction.
                if let Some(bridge) = tx.bridge_of_game(id)? {
                    let outbound = |g: &Loaded| super::bridge::outbound_of(&bridge, g, ply, mv);
                    let queued = match &game {
                        Some(g) => outbound(g),
                        None => load_game(tx, id)?.as_ref().and_then(outbound),
                    };
                    if let Some((remote_ply, san)) = queued {
                        tx.queue_outbound(
                            bridge.id,
                            (remote_ply, &san),
                            self.journal_id,
                            self.now,
                        )?;
                    }
                }
                tx.add_move(id, &row)?;
                if let Some(g) = game {
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
            } => tx.finish_game(game, result, &Termination::Adjudicated(reason), self.now)?,
            Write::GiveUp { reply, why } => tx.give_up(reply, &why, self.now)?,
            Write::SendAgain { reply, viewer } => self.replies.push(Pending {
                reply: NewReply {
                    journal_id: self.journal_id,
                    ..*reply
                },
                viewer,
                parts: Vec::new(),
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
                (action, self.actor.director()),
                &reason,
                &detail,
                self.now,
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
                tx.remove_player(player, self.now)?;
            }
            Write::Retry(reply) => {
                tx.retry(reply, self.now)?;
            }
            Write::Ruling {
                incident,
                text,
                told,
            } => {
                if !tx.rule(incident, &text, &told, self.now)? {
                    return Err(ServiceError::Refused(format!(
                        "incident {incident} was ruled on already"
                    )));
                }
            }
        }
        Ok(())
    }
}

/// Games and players for the rules' unit tests, built without a store.
#[cfg(test)]
pub(super) mod fixture {
    use super::*;
    use crate::game::clock::TimeControl;

    /// A player, writing SAN in English.
    pub(crate) fn player(id: i64, name: &str) -> Player {
        Player {
            id: PlayerId(id),
            name: name.to_string(),
            notation: Notation::San,
            lang: Lang::En,
            reply_via: None,
            tz: "UTC".to_string(),
            pin_hash: None,
            confirm_sms: false,
            removed_at: None,
            addresses: vec![(Channel::Email, format!("{name}@example.org"))],
        }
    }

    /// Game 1 between players 1 (White) and 2 (Black) after `moves` (UCI).
    pub(crate) fn game(moves: &[&str]) -> Loaded {
        let row = GameRow {
            id: GameId(1),
            white: PlayerId(1),
            black: PlayerId(2),
            start_fen: None,
            time_control: TimeControl::Unlimited,
            finished: false,
            result: None,
            reason: None,
            draw_offer: None,
            created_at: Timestamp::UNIX_EPOCH,
            finished_at: None,
            penalty_days: 0,
            duplication_after: None,
        };
        let record = Record::replay(None, moves.iter().copied()).expect("legal moves");
        let moves = moves
            .iter()
            .zip(1..)
            .map(|(uci, ply)| MoveRow {
                ply,
                uci: uci.to_compact_string(),
                raw: uci.to_compact_string(),
                notation: Notation::Uci.name().into(),
                received_at: Timestamp::UNIX_EPOCH,
                delivered_at: None,
                journal_id: None,
            })
            .collect();
        Loaded { row, moves, record }
    }

    /// `uci` as a move in the game's position.
    pub(crate) fn mv(game: &Loaded, uci: &str) -> Move {
        uci.parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&game.record.pos).ok())
            .expect("a legal move")
    }
}
