//! The transaction object: the one way the service touches the store. It
//! carries who acts, records incidents, decides replies (queued in order by
//! [`Ctx::flush`]) and collects the journal outcome.

use super::*;

/// Who acts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actor {
    /// The sender of a message, by their (normalised) address on its channel.
    Sender { channel: Channel, address: String },
    /// The operator at the command line: the director's actions.
    Operator,
    /// ccgate itself: the clock sweep, a conditional move, a reply given up.
    System,
}

/// One message's (or one sweep's, one director's action's) work: the store
/// transaction every write goes through, who acts, and what was decided so
/// far (steps for the journal, replies for the outbox).
pub(super) struct Ctx<'c, 's> {
    pub(super) tx: &'c Tx<'s>,
    /// The inbound message being processed; `None` for the clock sweep and
    /// the director's actions.
    pub(super) journal_id: Option<JournalId>,
    pub(super) actor: Actor,
    pub(super) now: Timestamp,
    /// What was done, step by step, for the journal.
    pub(super) steps: Vec<Step>,
    /// Replies decided so far, queued by [`Ctx::flush`].
    pub(super) replies: Vec<Pending>,
    /// The game as the last line (a move) left it, so the sheets need not
    /// replay it again.
    pub(super) latest: Option<Loaded>,
}

/// A reply decided, with the notation and language its sheet is written in.
pub(super) struct Pending {
    pub(super) reply: NewReply,
    pub(super) viewer: (Notation, Lang),
}

impl<'c, 's> Ctx<'c, 's> {
    /// A context for work no inbound message caused (the clock sweep, the
    /// director's actions): notices go to each player's preferred channel.
    pub(super) fn unprompted(tx: &'c Tx<'s>, actor: Actor, now: Timestamp) -> Self {
        Ctx {
            tx,
            journal_id: None,
            actor,
            now,
            steps: Vec::new(),
            replies: Vec::new(),
            latest: None,
        }
    }

    pub(super) fn load_existing(&self, id: GameId) -> store::Result<Loaded> {
        self.load(id)?
            .ok_or_else(|| store::StoreError::Invalid(format!("no game {id}")))
    }

    pub(super) fn load(&self, id: GameId) -> store::Result<Option<Loaded>> {
        load_game(self.tx, id)
    }
}

impl Ctx<'_, '_> {
    /// Gives a reply up and tries the recipient's other addresses, once each.
    pub(super) fn undeliverable(&mut self, entry: &Outgoing, why: &str) -> store::Result<()> {
        self.tx.give_up(entry.id, why, self.now)?;
        let player = match entry.player_id {
            Some(id) => self.tx.player(id)?,
            None => None,
        };
        let mut tried = Vec::new();
        if let Some(player) = &player {
            for (channel, to) in &player.addresses {
                if (*channel, to.as_str()) == (entry.channel, entry.to.as_str()) {
                    continue;
                }
                let body = if *channel == Channel::Email {
                    entry.body.clone()
                } else {
                    fit(&entry.body)
                };
                if self.tx.was_queued(*channel, to, &body)? {
                    continue;
                }
                // Another address gets the sheet the first one would have.
                self.enqueue(
                    *channel,
                    to.clone(),
                    Some(player),
                    entry.game_id,
                    entry.ply,
                    &body,
                )
                .sheet = entry.sheet.clone().filter(|_| *channel == Channel::Email);
                tried.push(format!("{channel} {to}"));
            }
        }
        let next = if tried.is_empty() {
            "no other address to try".to_string()
        } else {
            format!("sent again to {}", tried.join(", "))
        };
        self.incident(
            entry.game_id,
            None,
            IncidentKind::Undeliverable,
            format!(
                "reply {} to {} {}: {why}; {next}",
                entry.id, entry.channel, entry.to
            ),
            None,
            entry.player_id,
        )?;
        self.steps.push(Step::Undeliverable {
            reply: entry.id,
            next,
        });
        Ok(())
    }

    pub(super) fn incident(
        &self,
        game_id: Option<GameId>,
        pos: Option<Chess>,
        kind: IncidentKind,
        detail: String,
        text: Option<&str>,
        player_id: Option<PlayerId>,
    ) -> store::Result<()> {
        let fen = pos.map(|p| {
            shakmaty::fen::Fen::from_position(&p, shakmaty::EnPassantMode::Legal).to_string()
        });
        self.tx.record(
            &NewIncident {
                game_id,
                journal_id: self.journal_id,
                player_id,
                kind,
                detail,
                text: text.map(str::to_string),
                fen,
            },
            self.now,
        )?;
        Ok(())
    }

    /// Answers whoever acts: the sender of a message on the channel it came
    /// in on; for the system's or the operator's acts, the player on their
    /// preferred channel.
    /// The notice is rendered in the player's language (English for a
    /// stranger): the one place a notice becomes text.
    pub(super) fn reply_to_sender(
        &mut self,
        player: Option<&Player>,
        game_id: Option<GameId>,
        notice: &Notice,
    ) -> store::Result<()> {
        match &self.actor {
            Actor::Sender { channel, address } => {
                let (channel, to) = (*channel, address.clone());
                let body = notice.render(player.map_or(Lang::En, |p| p.lang));
                self.enqueue(channel, to, player, game_id, None, &body);
                Ok(())
            }
            Actor::Operator | Actor::System => match player {
                Some(p) => self.send_to(p, game_id, None, notice),
                None => Ok(()),
            },
        }
    }

    /// Sends to a player on their preferred channel, in their language.
    pub(super) fn send_to(
        &mut self,
        player: &Player,
        game_id: Option<GameId>,
        ply: Option<u32>,
        notice: &Notice,
    ) -> store::Result<()> {
        if let Some((channel, to)) = reply_address(player) {
            let body = notice.render(player.lang);
            self.enqueue(channel, to, Some(player), game_id, ply, &body);
        }
        Ok(())
    }

    /// Decides a reply; SMS and radio replies are fitted to one message.
    pub(super) fn enqueue(
        &mut self,
        channel: Channel,
        to: String,
        recipient: Option<&Player>,
        game_id: Option<GameId>,
        ply: Option<u32>,
        body: &str,
    ) -> &mut NewReply {
        let body = if channel == Channel::Email {
            body.to_string()
        } else {
            fit(body)
        };
        self.replies.push(Pending {
            reply: NewReply {
                journal_id: self.journal_id,
                game_id,
                player_id: recipient.map(|p| p.id),
                ply,
                channel,
                to,
                body,
                sheet: None,
            },
            viewer: recipient.map_or((Notation::San, Lang::En), |p| (p.notation, p.lang)),
        });
        let last = self.replies.len() - 1;
        &mut self.replies[last].reply
    }

    /// Queues the replies decided, in order. An email reply about a game
    /// carries the game's sheet as this transaction leaves it, so a retry
    /// days later still shows the position its text speaks of.
    pub(super) fn flush(&mut self) -> store::Result<()> {
        let mut games: Vec<(Loaded, Names)> = Vec::new();
        for Pending { mut reply, viewer } in std::mem::take(&mut self.replies) {
            if let (Channel::Email, Some(id), None) = (reply.channel, reply.game_id, &reply.sheet) {
                if !games.iter().any(|(g, _)| g.row.id == id) {
                    let kept = self.latest.as_ref().is_some_and(|g| g.row.id == id);
                    let game = if kept {
                        self.latest.take()
                    } else {
                        load_game(self.tx, id)?
                    };
                    if let Some(game) = game {
                        let names = names(self.tx, &game)?;
                        games.push((game, names));
                    }
                }
                if let Some((game, names)) = games.iter().find(|(g, _)| g.row.id == id) {
                    reply.sheet = Some(sheet(game, names, viewer));
                }
            }
            self.tx.queue(&reply, self.now)?;
        }
        Ok(())
    }
}
