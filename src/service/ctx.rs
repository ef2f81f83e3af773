//! The transaction object: the one way the service touches the store. It
//! carries who acts, records incidents, decides replies (queued in order by
//! [`Ctx::flush`]) and collects the journal outcome.

use super::decision::{Decision, Incident, Write};
use super::reply::{Part, Standing, tell};
use super::*;
use crate::protocol::l10n::Form;

/// Who acts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actor {
    /// The sender of a message, by their (normalised) address on its channel.
    Sender { channel: Channel, address: String },
    /// The operator at the command line: the director's actions.
    Operator,
    /// A director signed in to the web console, by name: the same actions,
    /// audited with the name.
    Director(String),
    /// ccgate itself: the clock sweep, a conditional move, a reply given up.
    System,
}

impl Actor {
    /// The director's name the audit records, for the web console's acts.
    pub fn director(&self) -> Option<&str> {
        match self {
            Actor::Director(name) => Some(name),
            _ => None,
        }
    }
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
    /// The line being answered, when the message has several: quoted
    /// before its answers in the sender's one reply.
    pub(super) quote: Option<String>,
    /// The message has several lines: the sender gets one reply to all.
    pub(super) several: bool,
    /// The operator's rules for the message being processed.
    pub(super) rules: Rules,
    /// The text of a PGN file attached to the message, read after its lines.
    pub(super) pgn: Option<String>,
}

/// A reply's text as `channel` carries it: SMS and radio fitted to one
/// message.
fn body_for(channel: Channel, body: &str) -> String {
    if channel == Channel::Email {
        body.to_string()
    } else {
        fit(body)
    }
}

/// A reply given up: the recipient's other addresses each get its text once
/// (not those in `sent`, which already had it), an email the sheet the first
/// would have carried, and the director an incident saying what was tried.
pub(super) fn fallback(
    entry: &Outgoing,
    player: Option<&Player>,
    sent: &[(Channel, String)],
    why: &str,
) -> Decision {
    let mut d = Decision::default().write(Write::GiveUp {
        reply: entry.id,
        why: why.to_string(),
    });
    let mut tried = Vec::new();
    for (channel, to) in player.iter().flat_map(|p| &p.addresses) {
        let here = (*channel, to.clone());
        if (here.0, here.1.as_str()) == (entry.channel, entry.to.as_str()) || sent.contains(&here) {
            continue;
        }
        tried.push(format!("{channel} {to}"));
        d = d.write(Write::SendAgain {
            reply: Box::new(NewReply {
                journal_id: None,
                game_id: entry.game_id,
                player_id: player.map(|p| p.id),
                ply: entry.ply,
                channel: *channel,
                to: to.clone(),
                body: body_for(*channel, &entry.body),
                sheet: entry.sheet.clone().filter(|_| *channel == Channel::Email),
                copy_of: Some(entry.copy_of.unwrap_or(entry.id)),
            }),
            viewer: player.map_or((Notation::San, Lang::En), |p| (p.notation, p.lang)),
        });
    }
    let next = if tried.is_empty() {
        "no other address to try".to_string()
    } else {
        format!("sent again to {}", tried.join(", "))
    };
    d.incident = Some(Incident {
        game: entry.game_id,
        player: entry.player_id,
        ..Incident::about(
            IncidentKind::Undeliverable,
            format!(
                "reply {} to {} {}: {why}; {next}",
                entry.id, entry.channel, entry.to
            ),
        )
    });
    d.step(Step::Undeliverable {
        reply: entry.id,
        next,
    })
}

/// A reply decided, with the notation and language its sheet is written in.
pub(super) struct Pending {
    pub(super) reply: NewReply,
    pub(super) viewer: (Notation, Lang),
    /// The notices it tells, rendered when the replies are queued (one
    /// reply per recipient and game); none for a text written before.
    pub(super) parts: Vec<Part>,
    /// Part of the sender's one reply to a message with several lines.
    pub(super) answers_lines: bool,
    /// The recipient, if registered.
    pub(super) reader: Option<Player>,
}

/// Whether two decided replies are told as one: to the same player about
/// the same game (or both answering lines of one message); to a stranger,
/// at the same address.
fn same_reader(a: &Pending, b: &Pending) -> bool {
    if a.parts.is_empty() || b.parts.is_empty() {
        return false;
    }
    let (x, y) = (&a.reply, &b.reply);
    let who = match (x.player_id, y.player_id) {
        (Some(p), Some(q)) => p == q,
        (None, None) => (x.channel, &x.to) == (y.channel, &y.to),
        _ => false,
    };
    who && (x.game_id == y.game_id || a.answers_lines && b.answers_lines)
}

/// The decided replies, one per reader and game: later notices join the
/// first reply to the same reader, which keeps its channel; the latest
/// opponent's move it tells is the one whose delivery starts the clock.
fn merged(pending: Vec<Pending>) -> Vec<Pending> {
    let mut out: Vec<Pending> = Vec::new();
    for p in pending {
        match out.iter_mut().find(|q| same_reader(q, &p)) {
            Some(q) => {
                // Lines about two games: the reply is about neither.
                q.reply.game_id = match (q.reply.game_id, p.reply.game_id) {
                    (Some(a), Some(b)) if a != b => None,
                    (a, b) => a.or(b),
                };
                q.reply.ply = q.reply.ply.max(p.reply.ply);
                q.parts.extend(p.parts);
            }
            None => out.push(p),
        }
    }
    out
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
            quote: None,
            several: false,
            rules: Rules::default(),
            pgn: None,
        }
    }

    pub(super) fn load_existing(&self, id: GameId) -> Result<Loaded> {
        self.load(id)?
            .ok_or_else(|| ServiceError::NotFound(format!("no game {id}")))
    }

    pub(super) fn load(&self, id: GameId) -> Result<Option<Loaded>> {
        Ok(load_game(self.tx, id)?)
    }
}

impl Ctx<'_, '_> {
    /// Gives a reply up and tries the recipient's other addresses (see
    /// [`fallback`]), loading what the rule reads: the recipient and the
    /// addresses this reply's text was already queued to (the first reply
    /// and its copies).
    pub(super) fn undeliverable(&mut self, entry: &Outgoing, why: &str) -> Result<()> {
        let player = match entry.player_id {
            Some(id) => self.tx.player(id)?,
            None => None,
        };
        let sent = self.tx.copied_to(entry.copy_of.unwrap_or(entry.id))?;
        let d = fallback(entry, player.as_ref(), &sent, why);
        self.apply(d, None)
    }

    pub(super) fn incident(
        &self,
        game_id: Option<GameId>,
        pos: Option<Chess>,
        kind: IncidentKind,
        detail: String,
        text: Option<&str>,
        player_id: Option<PlayerId>,
    ) -> Result<()> {
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
    ) -> Result<()> {
        match &self.actor {
            // An Xfcc request is answered in its response (a result code).
            Actor::Sender {
                channel: Channel::Xfcc,
                ..
            } => Ok(()),
            Actor::Sender { channel, address } => {
                let (channel, to) = (*channel, address.clone());
                let (quote, several) = (self.quote.clone(), self.several);
                let pending = self.enqueue(channel, to, player, game_id, None, notice);
                pending.answers_lines = several;
                if let Some(part) = pending.parts.last_mut() {
                    part.quote = quote;
                }
                Ok(())
            }
            Actor::Operator | Actor::Director(_) | Actor::System => match player {
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
    ) -> Result<()> {
        if let Some((channel, to)) = reply_address(player) {
            self.enqueue(channel, to, Some(player), game_id, ply, notice);
        }
        Ok(())
    }

    /// Decides a reply telling `notice`; its text is written when the
    /// replies are queued ([`Ctx::flush`]).
    pub(super) fn enqueue(
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
            },
            viewer: recipient.map_or((Notation::San, Lang::En), |p| (p.notation, p.lang)),
            parts: vec![Part {
                notice: notice.clone(),
                quote: None,
            }],
            answers_lines: false,
            reader: recipient.cloned(),
        });
        let last = self.replies.len() - 1;
        &mut self.replies[last]
    }

    /// Queues the replies decided, in order, one per reader and game (see
    /// [`merged`]), each text written now, and returns them as queued: where
    /// the game stands for its reader is decided here, from the game as this
    /// transaction leaves it. An email reply about a game carries the game's
    /// sheet as this transaction leaves it, so a retry days later still shows
    /// the position its text speaks of.
    pub(super) fn flush(&mut self) -> Result<Vec<Outgoing>> {
        let mut queued = Vec::with_capacity(self.replies.len());
        // Each game's sheet is written once per notation, language and side:
        // the two players of a game often read the same one, and writing the
        // record is the costly part of a reply.
        let mut games: Vec<Told> = Vec::new();
        for p in merged(std::mem::take(&mut self.replies)) {
            let Pending {
                mut reply,
                viewer,
                parts,
                reader,
                ..
            } = p;
            let email = reply.channel == Channel::Email;
            let turn = parts.iter().any(|p| p.notice.tells_the_turn());
            let game = match reply.game_id {
                Some(id) if turn || email && reply.sheet.is_none() => {
                    self.game_at(&mut games, id)?
                }
                _ => None,
            };
            let reader = reader.filter(|r| {
                game.is_some_and(|i| {
                    [games[i].game.row.white, games[i].game.row.black].contains(&r.id)
                })
            });
            let standing = match (game, &reader) {
                (Some(i), Some(r)) if turn && !games[i].game.row.finished => {
                    let told = &mut games[i];
                    match self.tx.player(told.game.opponent_id(r.id))? {
                        Some(o) => Some(super::clock::standing(
                            self.tx,
                            &told.game,
                            r,
                            &o,
                            self.now,
                            &mut told.clocks,
                        )?),
                        None => None,
                    }
                }
                _ => None,
            };
            if !parts.is_empty() {
                let reader = Reader::new(viewer.1, Form::from(reply.channel));
                let text = tell(&parts, standing.as_ref(), reader);
                reply.body = body_for(reply.channel, &text);
            }
            if let (true, None, Some(i)) = (email, &reply.sheet, game) {
                let Told {
                    game: g,
                    names,
                    sheets,
                    position,
                    ..
                } = &mut games[i];
                let side = reader.as_ref().map_or(Color::White, |r| g.color_of(r.id));
                let mut written = match sheets.iter().find(|(v, _)| *v == (viewer, side)) {
                    Some((_, written)) => written.clone(),
                    None => {
                        let position = position.get_or_insert_with(|| sheet_position(g)).clone();
                        let written = sheet(g, names, viewer, side, position);
                        sheets.push(((viewer, side), written.clone()));
                        written
                    }
                };
                written.subject = subject(g, viewer, standing.as_ref());
                reply.sheet = Some(written);
            }
            queued.extend(self.queue_bounded(reply)?);
        }
        Ok(queued)
    }

    /// Queues a reply; one that counts toward the hourly bound per sender
    /// ([`NewReply::bounded`]) and would pass it is recorded in the outbox
    /// as withheld instead of sent, so it counts too: a flood that goes on
    /// stays withheld, and the director hears of it once, when it begins.
    /// Returns the reply as queued, or nothing if it was withheld (it is
    /// not the message's to send).
    fn queue_bounded(&mut self, reply: NewReply) -> Result<Option<Outgoing>> {
        let limit = self.rules.replies_per_hour;
        let bounded = reply.bounded();
        let sent = if bounded {
            let since = self.now - jiff::SignedDuration::from_hours(1);
            self.tx
                .bounded_replies_since(reply.channel, &reply.to, since)?
        } else {
            0
        };
        let reply = self.tx.queue(reply, self.now)?;
        if bounded && sent >= limit {
            let id = reply.id;
            let why = format!("withheld: {limit} replies to this address in the last hour");
            self.tx.give_up(id, &why, self.now)?;
            self.steps.push(Step::Withheld {
                reply: id,
                to: format!("{} {}", reply.channel, reply.to),
            });
            if sent == limit {
                self.incident(
                    None,
                    None,
                    IncidentKind::Flood,
                    format!(
                        "{} {}: {limit} replies in the last hour; further replies withheld",
                        reply.channel, reply.to
                    ),
                    None,
                    reply.player_id,
                )?;
            }
            return Ok(None);
        }
        Ok(Some(reply))
    }

    /// The index in `games` of game `id`, loaded (or kept from the last
    /// move line) if it is not there yet; `None` if there is no such game.
    fn game_at(&mut self, games: &mut Vec<Told>, id: GameId) -> Result<Option<usize>> {
        if let Some(i) = games.iter().position(|t| t.game.row.id == id) {
            return Ok(Some(i));
        }
        let kept = self.latest.as_ref().is_some_and(|g| g.row.id == id);
        let game = if kept {
            self.latest.take()
        } else {
            load_game(self.tx, id)?
        };
        let Some(game) = game else {
            return Ok(None);
        };
        let names = names(|id| self.tx.player_name(id), &game)?;
        games.push(Told {
            game,
            names,
            sheets: Vec::new(),
            position: None,
            clocks: Vec::new(),
        });
        Ok(Some(games.len() - 1))
    }
}

/// Sheets written so far for one game, by the reader's notation, language
/// and side.
type Sheets = Vec<(((Notation, Lang), Color), Sheet)>;

/// A game its replies tell of, loaded once per [`Ctx::flush`], with what
/// its replies have worked out so far: the sheets written, and each
/// player's clock as the transaction leaves it (both players' replies
/// tell both clocks).
struct Told {
    game: Loaded,
    names: Names,
    sheets: Sheets,
    /// The position its sheets picture, once one is written.
    position: Option<SheetPosition>,
    clocks: super::clock::Known,
}

/// A mail's subject after its game tag: the last move in the reader's
/// notation and whose move it is now (or the result); none when there is
/// neither a move nor a standing or result to tell.
fn subject(
    game: &Loaded,
    (notation, lang): (Notation, Lang),
    standing: Option<&Standing>,
) -> Option<String> {
    let ply = game.record.moves.len();
    let mv = *game.record.moves.last()?;
    let before = game.record.position_before(ply);
    let number = MoveNumber::of_ply(&game.record.start, u32::try_from(ply).ok()?);
    let written = write_move(&before, mv, notation, &WriteOptions::new(lang));
    let end = match (standing, game.row.result) {
        (_, Some(result)) => result.to_string(),
        (Some(s), None) => s
            .turn(Reader::new(lang, Form::Full), false)
            .trim_end_matches('.')
            .to_string(),
        (None, None) => return None,
    };
    Some(format!("{number} {written} — {end}"))
}

#[cfg(test)]
mod tests {
    use super::super::decision::fixture::player;
    use super::*;

    fn given_up(to: &str) -> Outgoing {
        Outgoing {
            id: ReplyId(7),
            channel: Channel::Email,
            to: to.to_string(),
            body: "x".repeat(200),
            game_id: Some(GameId(1)),
            sheet: None,
            sent_at: None,
            player_id: Some(PlayerId(1)),
            ply: Some(3),
            journal_id: None,
            failed_at: None,
            copy_of: None,
        }
    }

    #[test]
    fn a_reply_given_up_goes_once_to_each_other_address_fitted_to_it() {
        let mut p = player(1, "white");
        p.addresses.push((Channel::Sms, "+4915112345678".into()));
        let entry = given_up("white@example.org");
        let d = fallback(&entry, Some(&p), &[], "mailbox full");
        assert!(matches!(&d.writes[..], [
            Write::GiveUp { reply: ReplyId(7), .. },
            Write::SendAgain { reply, .. },
        ] if reply.channel == Channel::Sms && reply.body == fit(&entry.body) && reply.ply == Some(3)));
        assert_eq!(
            d.step,
            Some(Step::Undeliverable {
                reply: ReplyId(7),
                next: "sent again to sms +4915112345678".into()
            })
        );
        let sent = [(Channel::Sms, "+4915112345678".to_string())];
        let d = fallback(&entry, Some(&p), &sent, "mailbox full");
        assert_eq!(d.writes.len(), 1);
        assert!(
            d.incident
                .is_some_and(|i| i.detail.ends_with("no other address to try"))
        );
    }
}
