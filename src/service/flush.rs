//! Queueing the replies a transaction decided: one per reader and game,
//! each text written now from the game as the transaction leaves it, an
//! email's sheet with it, and the hourly bound per sender address kept.

use shakmaty::Color;

use super::Loaded;
use super::ctx::Ctx;
use super::decision::Incident;
use super::error::Result;
use super::notice::Notice;
use super::reply::{self, Part, Standing, tell};
use super::steps::Step;
use super::{clock, load_game, movetext};
use crate::game::outcome::MoveNumber;
use crate::notation::{Lang, Notation, WriteOptions, write_move};
use crate::protocol::address::Channel;
use crate::protocol::l10n::{Form, Reader, plain};
use crate::protocol::sms::fit;
use crate::store::{
    self, GameId, IncidentKind, NewReply, Outgoing, Player, PlayerId, Sheet, SheetPosition,
};

/// A reply's text as `channel` carries it: SMS and radio fitted to one
/// message.
pub(super) fn body_for(channel: Channel, body: &str) -> String {
    if channel == Channel::Email {
        body.to_string()
    } else {
        fit(body)
    }
}

/// A reply decided, with the notation and language its sheet is written in.
pub(super) struct Pending {
    pub(super) reply: NewReply,
    pub(super) viewer: (Notation, Lang),
    /// The notices it tells, rendered when the replies are queued (one
    /// reply per recipient and game); none for a text written before.
    pub(super) parts: Vec<Part>,
    /// To the sender of the message being read, on its channel.
    pub(super) to_sender: bool,
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

impl Ctx<'_, '_> {
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
                answers_lines,
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
                        Some(o) => Some(clock::standing(
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
                // The record asked for comes with the game's PGN file too,
                // and says so.
                written.attach_pgn = parts
                    .iter()
                    .any(|p| matches!(p.notice, Notice::Record { .. }));
                if written.attach_pgn {
                    let attached = crate::protocol::l10n::text(
                        Reader::new(viewer.1, Form::Full),
                        "record-attached",
                        &crate::protocol::l10n::Args::new().str("file", pgn_file(g.row.id)),
                    );
                    reply.body = format!("{}\n{attached}", reply.body.trim_end());
                }
                // A ruling is no other copy of the position: its mail says
                // in the subject that it rules on an incident.
                if let Some(own) = parts
                    .first()
                    .filter(|p| matches!(p.notice, Notice::Ruling { .. }))
                    .and_then(|p| p.notice.subject(Reader::new(viewer.1, Form::Full)))
                {
                    // After the game's tag, which names ccgate already.
                    let own = own.strip_prefix("ccgate").map_or(own.as_str(), |rest| {
                        rest.trim_start_matches([' ', '\u{a0}', '\u{202f}', ':'])
                    });
                    written.subject = Some(own.to_string());
                }
                reply.sheet = Some(written);
            }
            if email && reply.sheet.is_none() {
                // A mail about no one game says what it is in a subject of
                // its own, never in a quoted line or a cut sentence.
                let reader = Reader::new(viewer.1, Form::Full);
                reply.subject = if answers_lines && parts.len() > 1 {
                    Some(plain(reader, "subject-answers"))
                } else {
                    parts.first().and_then(|p| p.notice.subject(reader))
                };
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
        let mut reply = self.tx.queue(reply, self.now)?;
        if reply.channel == Channel::Web {
            // The page that posted the message shows its answers: they are
            // delivered as they are queued (docs/decisions.md).
            self.tx.mark_sent(reply.id, self.now)?;
            reply.sent_at = Some(self.now);
        }
        if bounded && sent >= limit {
            let id = reply.id;
            let why = format!("withheld: {limit} replies to this address in the last hour");
            self.tx.give_up(id, &why, self.now)?;
            self.steps.push(Step::Withheld {
                reply: id,
                to: format!("{} {}", reply.channel, reply.to),
            });
            if sent == limit {
                self.incident(Incident {
                    player: reply.player_id,
                    ..Incident::about(
                        IncidentKind::Flood,
                        format!(
                            "{} {}: {limit} replies in the last hour; further replies withheld",
                            reply.channel, reply.to
                        ),
                    )
                })?;
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
    clocks: clock::Known,
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

/// The sheet of a game as one recipient reads it: their notation and
/// language (English SAN if not a player), the board from their side, the
/// game as it stands now.
fn sheet(
    game: &Loaded,
    (white, black): &Names,
    (notation, lang): (Notation, Lang),
    side: Color,
    position: SheetPosition,
) -> Sheet {
    Sheet {
        white: white.clone(),
        black: black.clone(),
        board: reply::board(&game.record.pos, side, lang),
        record: movetext(game, notation, lang),
        legend: reply::legend(lang),
        subject: None,
        players: Some(crate::protocol::l10n::text(
            Reader::new(lang, Form::Full),
            "subject-players",
            &crate::protocol::l10n::Args::new()
                .str("white", white.clone())
                .str("black", black.clone()),
        )),
        position: Some(position),
        attach_pgn: false,
    }
}

/// The name of a game's PGN file, as a mail attaches it.
pub fn pgn_file(game: GameId) -> String {
    format!("G{}.pgn", game.0)
}

/// The position a game's sheets picture, the same whoever reads them.
fn sheet_position(game: &Loaded) -> SheetPosition {
    SheetPosition {
        fen: shakmaty::fen::Fen::from_position(&game.record.pos, shakmaty::EnPassantMode::Legal)
            .to_string(),
        last_move: game
            .record
            .moves
            .last()
            .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string()),
        black: game.row.black.0,
    }
}

/// The names of a game's players: (White, Black).
pub(super) type Names = (String, String);

/// `name_of` reads a player's name: a transaction's reads it from the
/// players it read already.
pub(super) fn names(
    name_of: impl Fn(PlayerId) -> store::Result<Option<String>>,
    game: &Loaded,
) -> store::Result<Names> {
    let name = |id: PlayerId| -> store::Result<String> {
        Ok(name_of(id)?.unwrap_or_else(|| format!("player {id}")))
    };
    Ok((name(game.row.white)?, name(game.row.black)?))
}
