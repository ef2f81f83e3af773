//! A rule's decision as a value: what to write, the incident to record,
//! which notices go to whom and what the journal says. Rules compute it from
//! the loaded game, the sender and the line, without the store;
//! [`Ctx::apply`] carries it out in the transaction, in this order.

use super::*;

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
}

/// An incident a decision records.
#[derive(Debug, Clone)]
pub(super) struct Incident {
    pub(super) kind: IncidentKind,
    pub(super) detail: String,
    /// The protocol line concerned.
    pub(super) text: Option<String>,
    /// The position the line was judged in.
    pub(super) pos: Option<Chess>,
    pub(super) player: Option<PlayerId>,
}

/// Who a notice goes to.
#[derive(Debug, Clone)]
pub(super) enum To {
    /// Whoever acts (the message's sender), as this player if registered.
    Sender(Option<Player>),
    /// A player, on their preferred channel.
    Player(Player),
}

/// What a rule decided.
#[derive(Debug, Clone, Default)]
pub(super) struct Decision {
    /// The game it is about (its notices carry the game's sheet).
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
    pub(super) fn apply(&mut self, d: Decision, game: Option<&mut Loaded>) -> store::Result<()> {
        for w in d.writes {
            match w {
                Write::DrawOffer { game, by } => self.tx.set_draw_offer(game, by)?,
                Write::Penalty {
                    game,
                    player,
                    days,
                    reason,
                } => self.tx.add_penalty(game, player, days, &reason, self.now)?,
                Write::Notation(player, n) => self.tx.set_notation(player, n)?,
                Write::Lang(player, l) => self.tx.set_lang(player, l)?,
            }
        }
        if let Some(i) = d.incident {
            self.incident(d.game, i.pos, i.kind, i.detail, i.text.as_deref(), i.player)?;
        }
        for (to, notice) in &d.notices {
            match to {
                To::Sender(p) => self.reply_to_sender(p.as_ref(), d.game, notice)?,
                To::Player(p) => self.send_to(p, d.game, None, notice)?,
            }
        }
        if let (Some((result, reason)), Some(game)) = (d.finish, game) {
            self.finish(game, result, reason)?;
        }
        self.steps.extend(d.step);
        Ok(())
    }
}
