//! The game service: one inbound message in, checked against the stored
//! game, applied or refused, replies queued — all in one transaction.
//!
//! Order of work, for durability: one transaction journals the message,
//! applies what it asks, records incidents, queues every reply and writes
//! the journal outcome; only after its commit may the transport acknowledge
//! the message. A crash before the commit leaves nothing, and the transport
//! delivers the message again; a crash after it leaves nothing to redo, and
//! the repeated delivery (same transport id) changes nothing. A message whose
//! processing fails is still journaled, with the error as its outcome.

use jiff::Timestamp;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

use crate::game::outcome::{GameResult, MoveNumber, Termination};
use crate::game::rules::{Claim, Record};
use crate::notation::auto::read_auto;
use crate::notation::movetext::{Game as TextGame, Node, write_movetext};
use crate::notation::{
    Lang, Notation, ReadError, ReadOptions, UedemannTable, WriteOptions, read_move, write_move,
};
use crate::protocol::address::{Channel, normalize};
use crate::protocol::grammar::{self, Body, Branch, ClaimKind, Command, Item, ParsedLine, Profile};
use crate::protocol::sms::fit;
use crate::protocol::templates::{Key, fill, template};
use crate::store::{
    self, GameId, GameRow, IncidentKind, JournalId, Journaled, LeaveRow, MoveRow, NewIncident,
    NewReply, Outgoing, Player, PlayerId, ReplyId, Sheet, Store, Tx,
};

/// An inbound message as a transport hands it over.
#[derive(Debug, Clone)]
pub struct Inbound {
    pub channel: Channel,
    /// The sender's address as the transport gives it.
    pub from: String,
    /// The transport's id of the message (Message-ID, PDU hash, frame id);
    /// `None` makes every submission a new message.
    pub transport_id: Option<String>,
    /// The message as received, kept as evidence.
    pub raw: Vec<u8>,
    /// The text to read (for email, the body the transport extracted).
    pub text: String,
    /// Set when the transport could not vouch for the sender (a failed
    /// authentication check, or a policy requiring PINs): the message is
    /// then read only with the player's PIN. Says why, for the record.
    pub unverified: Option<String>,
}

/// What happened to a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Processed {
    pub journal_id: JournalId,
    /// Delivered before and already processed: nothing new was done.
    pub duplicate: bool,
    /// The replies this message queued.
    pub replies: Vec<Outgoing>,
    /// What was done, as journaled: `; `-separated steps such as
    /// `game 3: ply 5 e2e4 applied` or `refused: wrong PIN`.
    pub outcome: String,
}

impl Processed {
    /// Moves this message applied (conditional replies included).
    pub fn moves_applied(&self) -> usize {
        self.outcome
            .split("; ")
            .filter(|step| step.contains(": ply ") && step.ends_with(" applied"))
            .count()
    }

    /// Steps this message had refused.
    pub fn refusals(&self) -> usize {
        self.outcome
            .split("; ")
            .filter(|step| step.contains("refused"))
            .count()
    }
}

/// Processes one inbound message.
pub fn submit(store: &mut Store, msg: &Inbound, now: Timestamp) -> store::Result<Processed> {
    handle(store, msg, now, |ctx| {
        ctx.process(&msg.text, msg.unverified.as_deref())
    })
}

/// Why a message is kept as evidence but not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Aside {
    /// Machine mail (an auto-reply, a list, a delivery report) or no mail
    /// at all: never answered, so two robots cannot loop. Says why.
    Ignored(String),
    /// Over the size limit: answered with a short refusal.
    TooLarge { size: usize, limit: usize },
}

/// Journals a message that is not to be read, answering it if `why` says so.
pub fn set_aside(
    store: &mut Store,
    msg: &Inbound,
    why: &Aside,
    now: Timestamp,
) -> store::Result<Processed> {
    handle(store, msg, now, |ctx| {
        match why {
            Aside::Ignored(reason) => ctx.outcomes.push(format!("ignored: {reason}")),
            Aside::TooLarge { size, limit } => {
                let player = ctx.tx.player_by_address(ctx.channel, &ctx.sender)?;
                let lang = player.as_ref().map_or(Lang::En, |p| p.lang);
                let body = fill(
                    template(Key::TooLarge, lang),
                    &[("limit", &(limit / 1024).to_string())],
                );
                ctx.reply_to_sender(player.as_ref(), None, &body)?;
                ctx.outcomes
                    .push(format!("refused: {size} bytes, over the {limit} limit"));
            }
        }
        Ok(())
    })
}

/// Journals a report that one of our replies was not delivered (a bounce),
/// and gives that reply up: see [`delivery_failed`]. `reply` is the outbox
/// id the transport matched, if any.
pub fn bounced(
    store: &mut Store,
    msg: &Inbound,
    reply: Option<ReplyId>,
    diagnostic: &str,
    now: Timestamp,
) -> store::Result<Processed> {
    handle(store, msg, now, |ctx| {
        let entry = match reply {
            Some(id) => ctx.tx.reply(id)?.filter(|e| e.channel == msg.channel),
            None => None,
        };
        match entry {
            Some(entry) => ctx.undeliverable(&entry, &format!("bounced: {diagnostic}")),
            None => {
                ctx.outcomes
                    .push("ignored: delivery report matching no reply".into());
                Ok(())
            }
        }
    })
}

/// The sheet of a game for one recipient (English SAN if not a player), as
/// the game stands now.
fn sheet(store: &Store, game: &Loaded, recipient: Option<&Player>) -> store::Result<Sheet> {
    let name = |id: PlayerId| -> store::Result<String> {
        Ok(store
            .player(id)?
            .map_or_else(|| format!("player {id}"), |p| p.name))
    };
    let (notation, lang) = recipient.map_or((Notation::San, Lang::En), |p| (p.notation, p.lang));
    Ok(Sheet {
        white: name(game.row.white)?,
        black: name(game.row.black)?,
        board: diagram(&game.record.pos),
        record: movetext(game, notation, lang),
    })
}

/// Records a failed attempt to send a reply. A temporary failure is retried
/// with backoff; a permanent one, or the last attempt, gives the reply up:
/// the recipient's other addresses are tried, the director gets an
/// incident, and a move notice that never arrived starts no clock.
pub fn delivery_failed(
    store: &mut Store,
    id: ReplyId,
    error: &str,
    permanent: bool,
    retry: store::Retry,
    now: Timestamp,
) -> store::Result<()> {
    let tx = store.write()?;
    let retry = if permanent {
        store::Retry {
            max_attempts: 0,
            ..retry
        }
    } else {
        retry
    };
    tx.mark_failed(id, error, now, retry)?;
    if let Some(entry) = tx.reply(id)?.filter(|e| e.failed_at.is_some()) {
        let mut ctx = Ctx::unprompted(&tx, now);
        ctx.undeliverable(&entry, error)?;
        ctx.flush()?;
    }
    tx.commit()?;
    Ok(())
}

/// Journals a message and runs `work` on it in one transaction; a message
/// already processed changes nothing.
fn handle(
    store: &mut Store,
    msg: &Inbound,
    now: Timestamp,
    work: impl FnOnce(&mut Ctx<'_, '_>) -> store::Result<()>,
) -> store::Result<Processed> {
    let sender = normalize(msg.channel, &msg.from).unwrap_or_else(|_| msg.from.trim().to_string());
    let transport_id = msg.transport_id.clone().unwrap_or_else(|| {
        // Unique even for messages submitted at the same (test or replay) instant.
        use argon2::password_hash::rand_core::{OsRng, RngCore};
        format!(
            "local-{}-{}-{:016x}",
            now.as_nanosecond(),
            std::process::id(),
            OsRng.next_u64()
        )
    });
    // One transaction journals the message and applies it: one fsync per
    // message. The transport acknowledges only after it returns, so a crash
    // inside it loses nothing (the message comes again) and a crash after it
    // repeats nothing (the journal knows the transport id).
    let tx = store.write()?;
    let journal_id = match tx.journal(msg.channel, &transport_id, &sender, &msg.raw, now)? {
        Journaled::New(id) => id,
        Journaled::Seen(entry) if entry.outcome.is_some() => {
            return Ok(Processed {
                journal_id: entry.id,
                duplicate: true,
                replies: Vec::new(),
                outcome: entry.outcome.unwrap_or_default(),
            });
        }
        // Journaled but never processed (by a version that journaled first).
        Journaled::Seen(entry) => entry.id,
    };
    let mut ctx = Ctx {
        tx: &tx,
        journal_id: Some(journal_id),
        channel: msg.channel,
        sender: sender.clone(),
        now,
        outcomes: Vec::new(),
        replies: Vec::new(),
    };
    let processed = work(&mut ctx).and_then(|()| ctx.flush());
    let outcome = if ctx.outcomes.is_empty() {
        "nothing".to_string()
    } else {
        ctx.outcomes.join("; ")
    };
    match processed {
        Ok(()) => {
            tx.set_outcome(journal_id, &outcome, now)?;
            let replies = tx.replies_for(journal_id)?;
            tx.commit()?;
            Ok(Processed {
                journal_id,
                duplicate: false,
                replies,
                outcome,
            })
        }
        Err(e) => {
            // Processing failed (a damaged game record, say): undo its
            // effects but keep the message and why, as evidence.
            drop(tx);
            let tx = store.write()?;
            let id = match tx.journal(msg.channel, &transport_id, &sender, &msg.raw, now)? {
                Journaled::New(id) => id,
                Journaled::Seen(entry) => entry.id,
            };
            tx.set_outcome(id, &format!("error: {e}"), now)?;
            tx.commit()?;
            Err(e)
        }
    }
}

struct Ctx<'c, 's> {
    tx: &'c Tx<'s>,
    /// The inbound message being processed; `None` for the clock sweep and
    /// the director's actions.
    journal_id: Option<JournalId>,
    channel: Channel,
    sender: String,
    now: Timestamp,
    outcomes: Vec<String>,
    /// Replies decided so far, queued by [`Ctx::flush`].
    replies: Vec<NewReply>,
}

/// The Uedemann table a player's notation names, if any.
fn table_of(n: Notation) -> Option<UedemannTable> {
    match n {
        Notation::Uedemann => Some(UedemannTable::Gringmuth),
        Notation::UedemannHw => Some(UedemannTable::HooperWhyld),
        _ => None,
    }
}

/// Reads a player's move: their Uedemann table first if they use one, then
/// every notation detection knows, with their piece letters.
pub fn read_players_move(
    pos: &Chess,
    text: &str,
    player: &Player,
) -> Result<(Move, Notation), ReadError> {
    let mut table_error = None;
    if let Some(table) = table_of(player.notation) {
        let n = match table {
            UedemannTable::Gringmuth => Notation::Uedemann,
            UedemannTable::HooperWhyld => Notation::UedemannHw,
        };
        match read_move(pos, text, n, &ReadOptions::new(player.lang)) {
            Ok(r) => return Ok((r.mv, n)),
            Err(e) => table_error = Some(e),
        }
    }
    match (read_auto(pos, text, player.lang), table_error) {
        (Ok((r, n)), _) => Ok((r.mv, n)),
        // A code of the player's table that is not legal here: its reason
        // (and near misses), not the complaint of a notation it never was.
        (Err(ReadError::Malformed { .. }), Some(e))
            if !matches!(e, ReadError::Malformed { .. }) =>
        {
            Err(e)
        }
        (Err(e), _) => Err(e),
    }
}

/// The PIN a line gives (`pin 1234`, `PIN: 1234`), if it is a PIN line: the
/// keyword alone, then one word, so "Pinned down all week" is prose.
pub fn pin_of_line(line: &str) -> Option<&str> {
    let l = line.trim();
    let rest = l
        .get(..3)
        .filter(|p| p.eq_ignore_ascii_case("pin"))
        .and_then(|_| l.get(3..))?;
    let pin = rest
        .strip_prefix([':', ' ', '\t'])?
        .trim_start_matches([':', ' ', '\t'])
        .trim();
    (!pin.is_empty() && !pin.contains(char::is_whitespace)).then_some(pin)
}

/// A game loaded with its moves replayed.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub row: GameRow,
    pub moves: Vec<MoveRow>,
    pub record: Record,
}

/// Loads a game and replays its moves: the one way the service and the
/// command line read a game. A record that does not replay is an error.
pub fn load_game(store: &Store, id: GameId) -> store::Result<Option<Loaded>> {
    let Some(row) = store.game(id)? else {
        return Ok(None);
    };
    let moves = store.moves(id)?;
    let record = Record::replay(
        row.start_fen.as_deref(),
        moves.iter().map(|m| m.uci.as_str()),
    )
    .map_err(|e| store::StoreError::Invalid(format!("game {id}: {e}")))?;
    Ok(Some(Loaded { row, moves, record }))
}

impl Loaded {
    fn color_of(&self, player: PlayerId) -> Color {
        if self.row.white == player {
            Color::White
        } else {
            Color::Black
        }
    }

    fn opponent_id(&self, player: PlayerId) -> PlayerId {
        if self.row.white == player {
            self.row.black
        } else {
            self.row.white
        }
    }
}

impl<'c, 's> Ctx<'c, 's> {
    fn process(&mut self, text: &str, unverified: Option<&str>) -> store::Result<()> {
        let Some(player) = self.tx.player_by_address(self.channel, &self.sender)? else {
            self.incident(
                None,
                None,
                IncidentKind::UnknownSender,
                format!("{} {} is not registered", self.channel, self.sender),
                None,
                None,
            )?;
            let body = template(Key::UnknownSender, Lang::En).to_string();
            self.reply_to_sender(None, None, &body)?;
            self.outcomes.push("refused: unknown sender".into());
            return Ok(());
        };
        if let Some(why) = unverified
            && player.pin_hash.is_none()
        {
            // Only a PIN could stand in for the failed check, and this
            // player has none. The notice goes to the registered address:
            // if someone forged it, its owner should know.
            self.incident(
                None,
                None,
                IncidentKind::Unauthenticated,
                format!("{} {}: {why}", self.channel, self.sender),
                None,
                Some(player.id),
            )?;
            self.reply_to_sender(
                Some(&player),
                None,
                template(Key::Unauthenticated, player.lang),
            )?;
            self.outcomes
                .push(format!("refused: unauthenticated ({why})"));
            return Ok(());
        }
        if let Some(hash) = &player.pin_hash
            && !self.pin_ok(&player, hash, text)?
        {
            return Ok(());
        }
        let profile = Profile {
            lang: player.lang,
            table: table_of(player.notation),
        };
        let lines = grammar::parse_message(text, &profile);
        if lines.is_empty() {
            // Nothing could be read: the director sees the message (in the
            // journal entry the incident points to) if the player disputes it.
            self.incident(
                None,
                None,
                IncidentKind::Malformed,
                "no line of the message is a move or a command".into(),
                None,
                Some(player.id),
            )?;
            let body = template(Key::Help, player.lang).to_string();
            self.reply_to_sender(Some(&player), None, &body)?;
            self.outcomes
                .push("refused: no protocol line, help sent".into());
            return Ok(());
        }
        for line in &lines {
            self.line(&player, line)?;
        }
        Ok(())
    }

    /// Checks the PIN line (`pin 1234`) of a player who has a PIN.
    fn pin_ok(&mut self, player: &Player, hash: &str, text: &str) -> store::Result<bool> {
        use argon2::password_hash::{PasswordHash, PasswordVerifier};
        let locked = player.pin_locked_until.is_some_and(|t| t > self.now);
        let given = text.lines().find_map(pin_of_line).map(str::to_string);
        let ok = !locked
            && given.as_deref().is_some_and(|pin| {
                PasswordHash::new(hash).is_ok_and(|h| {
                    argon2::Argon2::default()
                        .verify_password(pin.as_bytes(), &h)
                        .is_ok()
                })
            });
        // Five wrong PINs lock the player's PIN for an hour: guessing four digits takes years.
        let lock = (!ok && player.pin_failures + 1 >= 5)
            .then(|| self.now + jiff::SignedDuration::from_hours(1));
        self.tx.record_pin_attempt(player.id, ok, lock)?;
        if !ok {
            let why = if locked {
                "PIN locked after repeated failures"
            } else if given.is_none() {
                "PIN missing"
            } else {
                "wrong PIN"
            };
            self.incident(
                None,
                None,
                IncidentKind::BadPin,
                why.to_string(),
                None,
                Some(player.id),
            )?;
            self.reply_to_sender(Some(player), None, template(Key::BadPin, player.lang))?;
            self.outcomes.push(format!("refused: {why}"));
        }
        Ok(ok)
    }

    fn line(&mut self, player: &Player, line: &ParsedLine) -> store::Result<()> {
        // Profile commands need no game.
        if let Body::Command(cmd) = &line.body {
            match cmd {
                Command::Notation(n) => return self.set_notation(player, *n),
                Command::Lang(l) => return self.set_lang(player, *l),
                Command::Help => {
                    self.reply_to_sender(Some(player), None, template(Key::Help, player.lang))?;
                    self.outcomes.push("help".into());
                    return Ok(());
                }
                Command::Leave(days) => return self.leave(player, *days),
                _ => {}
            }
        }
        let Some(game) = self.find_game(player, line)? else {
            return Ok(());
        };
        if game.row.finished && !matches!(line.body, Body::Command(Command::Board | Command::Pgn)) {
            let result = game.row.result.map_or(String::new(), |r| r.to_string());
            let body = fill(
                template(Key::GameFinished, player.lang),
                &[("game", &game.row.id.to_string()), ("result", &result)],
            );
            self.reply_to_sender(Some(player), Some(game.row.id), &body)?;
            self.outcomes.push(format!("game {} is over", game.row.id));
            return Ok(());
        }
        match &line.body {
            Body::Moves(items) => self.moves(player, game, line, items),
            Body::Conditional(seqs) => self.conditional(player, game, line, seqs),
            Body::Command(cmd) => self.command(player, game, line, cmd),
        }
    }

    /// The game a line is about: its reference, or the sender's one game
    /// waiting for their move. A game that is not theirs is answered exactly
    /// like a game that does not exist.
    fn find_game(&mut self, player: &Player, line: &ParsedLine) -> store::Result<Option<Loaded>> {
        let id = match line.game {
            Some(id) => {
                let id = GameId(i64::from(id));
                match self.tx.game(id)? {
                    Some(row) if row.white == player.id || row.black == player.id => id,
                    _ => {
                        self.incident(
                            Some(id),
                            None,
                            IncidentKind::NotYourGame,
                            format!("{} referred to game {id}", player.name),
                            Some(&line.text),
                            Some(player.id),
                        )?;
                        let body = fill(
                            template(Key::NotYourGame, player.lang),
                            &[("game", &id.to_string())],
                        );
                        self.reply_to_sender(Some(player), None, &body)?;
                        self.outcomes
                            .push(format!("refused: game {id} is not the sender's"));
                        return Ok(None);
                    }
                }
            }
            None => {
                let active = self.tx.games_of(player.id, true)?;
                let (mut waiting, mut awaiting) = (Vec::new(), Vec::new());
                for g in &active {
                    let plies = self.tx.moves(g.id)?.len();
                    let start_white = crate::game::rules::start_position(g.start_fen.as_deref())
                        .map(|p| p.turn() == Color::White)
                        .unwrap_or(true);
                    let white_to_move = (plies % 2 == 0) == start_white;
                    if (g.white == player.id && white_to_move)
                        || (g.black == player.id && !white_to_move)
                    {
                        waiting.push(g.id);
                    } else {
                        awaiting.push(g.id);
                    }
                }
                let pick = match (
                    &line.body,
                    waiting.as_slice(),
                    awaiting.as_slice(),
                    active.as_slice(),
                ) {
                    // A move or a command goes to the one game waiting for the sender's move;
                    (Body::Moves(_) | Body::Command(_), [one], _, _) => Some(*one),
                    // conditional moves, sent while the opponent is to move, to the one
                    // game waiting for the opponent's move;
                    (Body::Conditional(_), _, [one], _) => Some(*one),
                    // commands that are not moves may name the only game there is.
                    (Body::Command(_), _, _, [only]) => Some(only.id),
                    _ => None,
                };
                match pick {
                    Some(id) => id,
                    None => {
                        let games: Vec<String> = active.iter().map(|g| g.id.to_string()).collect();
                        let games = if games.is_empty() {
                            "-".to_string()
                        } else {
                            games.join(", ")
                        };
                        let body =
                            fill(template(Key::WhichGame, player.lang), &[("games", &games)]);
                        self.reply_to_sender(Some(player), None, &body)?;
                        self.outcomes.push("no game reference".into());
                        return Ok(None);
                    }
                }
            }
        };
        self.load(id)
    }

    /// A context for work no inbound message caused (the clock sweep, the
    /// director's actions): notices go to each player's preferred channel.
    fn unprompted(tx: &'c Tx<'s>, now: Timestamp) -> Self {
        Ctx {
            tx,
            journal_id: None,
            channel: Channel::Email,
            sender: String::new(),
            now,
            outcomes: Vec::new(),
            replies: Vec::new(),
        }
    }

    fn load_existing(&self, id: GameId) -> store::Result<Loaded> {
        self.load(id)?
            .ok_or_else(|| store::StoreError::Invalid(format!("no game {id}")))
    }

    fn load(&self, id: GameId) -> store::Result<Option<Loaded>> {
        load_game(self.tx, id)
    }

    fn moves(
        &mut self,
        player: &Player,
        game: Loaded,
        line: &ParsedLine,
        items: &[Item],
    ) -> store::Result<()> {
        let (echo, own) = match items {
            [own] => (None, own),
            [echo, own] => (Some(echo), own),
            _ => {
                let reason = "one move per line, optionally after the opponent's last move";
                return self.refuse(
                    player,
                    &game,
                    line,
                    &line.text,
                    IncidentKind::Malformed,
                    reason,
                    Vec::new(),
                );
            }
        };
        let me = game.color_of(player.id);
        let to_move = game.record.pos.turn();
        // A move sent again because our confirmation never arrived: confirm it again.
        if to_move != me {
            if let Some(resent) = self.resent_move(player, &game, own) {
                self.notify_move(player, &game, resent, true, false)?;
                self.outcomes.push(format!(
                    "game {}: move {} confirmed again",
                    game.row.id, resent
                ));
                return Ok(());
            }
            let body = fill(
                template(Key::NotYourTurn, player.lang),
                &[("game", &game.row.id.to_string()), ("text", &own.text)],
            );
            return self.reject(
                player,
                &game,
                line,
                IncidentKind::OutOfTurn,
                "not the sender's move".into(),
                &body,
            );
        }
        if let Some(echo) = echo
            && !self.echo_matches(player, &game, echo)
        {
            return self.desync(player, &game, line, echo);
        }
        let ply = game.record.next_ply();
        let expected = MoveNumber::of_ply(&game.record.start, ply);
        if let Some(n) = own.number
            && n != expected
        {
            let body = fill(
                template(Key::WrongNumber, player.lang),
                &[
                    ("game", &game.row.id.to_string()),
                    ("text", &line.text),
                    ("number", &expected.to_string()),
                ],
            );
            let detail = format!("move number given, expected {expected}");
            return self.reject(
                player,
                &game,
                line,
                IncidentKind::WrongNumber,
                detail,
                &body,
            );
        }

        match read_players_move(&game.record.pos, &own.text, player) {
            Err(e) => {
                let (kind, reason, suggestions) = describe_error(&e);
                self.refuse(player, &game, line, &own.text, kind, &reason, suggestions)
            }
            Ok((mv, notation)) => {
                let mut game = game;
                self.apply(player, &mut game, mv, &own.text, notation, own.draw_offer)?;
                self.run_conditionals(&mut game)?;
                Ok(())
            }
        }
    }

    /// The sender's own last move, if `item` names it again.
    fn resent_move(&self, player: &Player, game: &Loaded, item: &Item) -> Option<u32> {
        let last = u32::try_from(game.record.moves.len())
            .ok()
            .filter(|&p| p > 0)?;
        let before = game.record.position_before(last as usize);
        let (mv, _) = read_players_move(&before, &item.text, player).ok()?;
        let number = MoveNumber::of_ply(&game.record.start, last);
        let number_ok = item.number.is_none_or(|n| n == number);
        (number_ok && game.record.moves.last() == Some(&mv)).then_some(last)
    }

    /// Whether the repetition of the opponent's last move matches the game.
    fn echo_matches(&self, player: &Player, game: &Loaded, echo: &Item) -> bool {
        let Some(last) = u32::try_from(game.record.moves.len())
            .ok()
            .filter(|&p| p > 0)
        else {
            return false;
        };
        let before = game.record.position_before(last as usize);
        let number = MoveNumber::of_ply(&game.record.start, last);
        let number_ok = echo.number.is_none_or(|n| n == number);
        number_ok
            && read_players_move(&before, &echo.text, player)
                .is_ok_and(|(mv, _)| game.record.moves.last() == Some(&mv))
    }

    fn desync(
        &mut self,
        player: &Player,
        game: &Loaded,
        line: &ParsedLine,
        echo: &Item,
    ) -> store::Result<()> {
        let record = movetext(game, player.notation, player.lang);
        let body = fill(
            template(Key::Desync, player.lang),
            &[
                ("game", &game.row.id.to_string()),
                ("text", &echo_text(echo)),
                ("record", &record),
            ],
        );
        let detail = format!("repeated move {} does not match the game", echo_text(echo));
        self.reject(player, game, line, IncidentKind::Desync, detail, &body)
    }

    /// Records a refusal about a game: the incident with the position it was
    /// judged in, the reply to the sender, and the journal outcome.
    fn reject(
        &mut self,
        player: &Player,
        game: &Loaded,
        line: &ParsedLine,
        kind: IncidentKind,
        detail: String,
        body: &str,
    ) -> store::Result<()> {
        self.outcomes
            .push(format!("game {}: refused ({kind}): {detail}", game.row.id));
        let pos = Some(game.record.pos.clone());
        self.incident(
            Some(game.row.id),
            pos,
            kind,
            detail,
            Some(&line.text),
            Some(player.id),
        )?;
        self.reply_to_sender(Some(player), Some(game.row.id), body)
    }

    #[allow(clippy::too_many_arguments)]
    fn refuse(
        &mut self,
        player: &Player,
        game: &Loaded,
        line: &ParsedLine,
        text: &str,
        kind: IncidentKind,
        reason: &str,
        suggestions: Vec<Move>,
    ) -> store::Result<()> {
        let pos = &game.record.pos;
        let mut body = fill(
            template(Key::Refused, player.lang),
            &[
                ("game", &game.row.id.to_string()),
                ("text", text),
                ("reason", reason),
            ],
        );
        if !suggestions.is_empty() {
            let opts = WriteOptions::new(player.lang);
            let moves: Vec<String> = suggestions
                .iter()
                .map(|m| write_move(pos, *m, player.notation, &opts))
                .collect();
            body.push_str(&fill(
                template(Key::DidYouMean, player.lang),
                &[("moves", &moves.join(", "))],
            ));
        }
        body.push_str(template(Key::NothingApplied, player.lang));
        // The event's policy: postal rules charge days for an illegal move.
        let penalty = game.row.penalty_days;
        if penalty > 0 && kind == IncidentKind::Illegal {
            self.tx
                .add_penalty(game.row.id, player.id, penalty, reason, self.now)?;
            body.push_str(&fill(
                template(Key::Penalty, player.lang),
                &[("days", &penalty.to_string())],
            ));
        }
        self.incident(
            Some(game.row.id),
            Some(pos.clone()),
            kind,
            reason.to_string(),
            Some(&line.text),
            Some(player.id),
        )?;
        self.reply_to_sender(Some(player), Some(game.row.id), &body)?;
        self.outcomes
            .push(format!("game {}: refused ({kind}): {reason}", game.row.id));
        Ok(())
    }

    /// Applies a legal move, then tells both players (or ends the game).
    fn apply(
        &mut self,
        player: &Player,
        game: &mut Loaded,
        mv: Move,
        raw: &str,
        notation: Notation,
        offer: bool,
    ) -> store::Result<()> {
        let ply = game.record.next_ply();
        let row = MoveRow {
            ply,
            uci: UciMove::from_standard(mv).to_string(),
            raw: raw.to_string(),
            notation: notation.name().to_string(),
            received_at: self.now,
            delivered_at: None,
            journal_id: self.journal_id,
        };
        self.tx.add_move(game.row.id, &row)?;
        self.end_leave_on_move(player)?;
        game.moves.push(row);
        game.record.push(mv);
        let me = game.color_of(player.id);
        // A move answers the opponent's standing offer by declining it; the
        // mover may offer anew, and the mover's own offer (made before the
        // move, e.g. `draw?` on the line above it) stands.
        let offer_by = if offer || game.row.draw_offer == Some(me) {
            Some(me)
        } else {
            None
        };
        if game.row.draw_offer != offer_by {
            self.tx.set_draw_offer(game.row.id, offer_by)?;
            game.row.draw_offer = offer_by;
        }
        self.outcomes.push(format!(
            "game {}: ply {ply} {} applied",
            game.row.id,
            UciMove::from_standard(mv)
        ));
        let ending = game.record.ending();
        self.notify_move(player, game, ply, false, offer)?;
        if let Some(end) = ending {
            self.finish(game, end.result(), Termination::Rules(end))?;
        }
        Ok(())
    }

    /// Confirms a move to its sender and announces it to the opponent.
    fn notify_move(
        &mut self,
        mover: &Player,
        game: &Loaded,
        ply: u32,
        again: bool,
        offer: bool,
    ) -> store::Result<()> {
        let Some(mv) = game.record.moves.get(ply as usize - 1).copied() else {
            return Ok(());
        };
        let before = game.record.position_before(ply as usize);
        let mut after = before.clone();
        after.play_unchecked(mv);
        let code = crate::game::rules::check_code(&after);
        let number = MoveNumber::of_ply(&game.record.start, ply).to_string();
        let iccf = write_move(&before, mv, Notation::Iccf, &WriteOptions::default());
        let Some(opponent) = self.tx.player(game.opponent_id(mover.id))? else {
            return Ok(());
        };
        let game_id = game.row.id.to_string();
        let text_for = |p: &Player| write_move(&before, mv, p.notation, &WriteOptions::new(p.lang));
        let mine = fill(
            template(Key::Confirm, mover.lang),
            &[
                ("game", &game_id),
                ("number", &number),
                ("move", &text_for(mover)),
                ("iccf", &iccf),
                ("code", &code),
                ("opponent", &opponent.name),
            ],
        );
        self.reply_to_sender(Some(mover), Some(game.row.id), &mine)?;
        if again {
            return Ok(());
        }
        let mut theirs = fill(
            template(Key::YourMove, opponent.lang),
            &[
                ("game", &game_id),
                ("number", &number),
                ("move", &text_for(&opponent)),
                ("iccf", &iccf),
                ("code", &code),
                ("opponent", &mover.name),
            ],
        );
        if offer {
            theirs.push(' ');
            theirs.push_str(&fill(
                template(Key::DrawOfferedWithMove, opponent.lang),
                &[("game", &game_id)],
            ));
        }
        self.send_to(&opponent, Some(game.row.id), Some(ply), &theirs)
    }

    fn finish(
        &mut self,
        game: &mut Loaded,
        result: GameResult,
        reason: Termination,
    ) -> store::Result<()> {
        self.tx
            .finish_game(game.row.id, result, &reason, self.now)?;
        game.row.finished = true;
        game.row.result = Some(result);
        for id in [game.row.white, game.row.black] {
            if let Some(p) = self.tx.player(id)? {
                let body = fill(
                    template(Key::GameOver, p.lang),
                    &[
                        ("game", &game.row.id.to_string()),
                        ("result", result.as_str()),
                        ("reason", &reason.to_string()),
                    ],
                );
                self.send_to(&p, Some(game.row.id), None, &body)?;
            }
        }
        self.outcomes
            .push(format!("game {} over: {result} ({reason})", game.row.id));
        Ok(())
    }

    /// After a move, the side to move may have conditional moves waiting.
    fn run_conditionals(&mut self, game: &mut Loaded) -> store::Result<()> {
        while !game.row.finished {
            let Some(last) = game.record.moves.last().copied() else {
                return Ok(());
            };
            let to_move_id = if game.record.pos.turn() == Color::White {
                game.row.white
            } else {
                game.row.black
            };
            let mut pairs = self.tx.conditionals(game.row.id, to_move_id)?;
            let Some((trigger, reply)) = pairs.first().cloned() else {
                return Ok(());
            };
            let Some(owner) = self.tx.player(to_move_id)? else {
                return Ok(());
            };
            let last_uci = UciMove::from_standard(last).to_string();
            let reply_move = reply
                .parse::<UciMove>()
                .ok()
                .and_then(|u| u.to_move(&game.record.pos).ok());
            match reply_move {
                Some(mv) if trigger == last_uci => {
                    pairs.remove(0);
                    self.tx.set_conditionals(game.row.id, to_move_id, &pairs)?;
                    let ply = game.record.next_ply();
                    let number = MoveNumber::of_ply(&game.record.start, ply).to_string();
                    let text = write_move(
                        &game.record.pos,
                        mv,
                        owner.notation,
                        &WriteOptions::new(owner.lang),
                    );
                    let note = fill(
                        template(Key::ConditionalPlayed, owner.lang),
                        &[
                            ("game", &game.row.id.to_string()),
                            ("number", &number.to_string()),
                            ("move", &text),
                        ],
                    );
                    self.send_to(&owner, Some(game.row.id), None, &note)?;
                    let before_sender = std::mem::take(&mut self.sender);
                    // The owner's confirmation goes to the owner, not to the message's sender.
                    let restore_channel = self.channel;
                    if let Some((c, a)) = reply_address(&owner) {
                        self.channel = c;
                        self.sender = a;
                    }
                    self.apply(
                        &owner,
                        game,
                        mv,
                        &format!("(conditional) {reply}"),
                        Notation::Uci,
                        false,
                    )?;
                    self.channel = restore_channel;
                    self.sender = before_sender;
                }
                _ => {
                    self.tx.set_conditionals(game.row.id, to_move_id, &[])?;
                    let before = game.record.position_before(game.record.moves.len());
                    let text = write_move(
                        &before,
                        last,
                        owner.notation,
                        &WriteOptions::new(owner.lang),
                    );
                    let opponent = self
                        .tx
                        .player(game.opponent_id(to_move_id))?
                        .map(|p| p.name)
                        .unwrap_or_default();
                    let note = fill(
                        template(Key::ConditionalDropped, owner.lang),
                        &[
                            ("game", &game.row.id.to_string()),
                            ("opponent", &opponent),
                            ("move", &text),
                        ],
                    );
                    self.send_to(&owner, Some(game.row.id), None, &note)?;
                    self.outcomes
                        .push(format!("game {}: conditional moves dropped", game.row.id));
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    fn conditional(
        &mut self,
        player: &Player,
        game: Loaded,
        line: &ParsedLine,
        branches: &[Branch],
    ) -> store::Result<()> {
        let me = game.color_of(player.id);
        let refuse = |ctx: &mut Self, reason: String| -> store::Result<()> {
            let body = fill(
                template(Key::ConditionalRefused, player.lang),
                &[("game", &game.row.id.to_string()), ("reason", &reason)],
            );
            ctx.reject(
                player,
                &game,
                line,
                IncidentKind::ConditionalRefused,
                reason,
                &body,
            )
        };
        if game.record.pos.turn() == me {
            return refuse(
                self,
                "it is your move; send conditional moves after your move".into(),
            );
        }
        let mut pos = game.record.pos.clone();
        let mut pairs = Vec::new();
        let mut shown = Vec::new();
        let mut ply = game.record.next_ply();
        for branch in branches {
            let (trigger, answer) = (&branch.opponent, &branch.reply);
            // Move numbers, where given, must be those of the game, as on a move line.
            for item in [trigger, answer] {
                let number = MoveNumber::of_ply(&game.record.start, ply);
                if let Some(n) = item.number
                    && n != number
                {
                    return refuse(
                        self,
                        format!("{}: the move there is {number}", echo_text(item)),
                    );
                }
                ply += 1;
            }
            let t = match read_players_move(&pos, &trigger.text, player) {
                Ok((mv, _)) => mv,
                Err(e) => return refuse(self, format!("{}: {e}", trigger.text)),
            };
            let t_text = write_move(&pos, t, player.notation, &WriteOptions::new(player.lang));
            pos.play_unchecked(t);
            let a = match read_players_move(&pos, &answer.text, player) {
                Ok((mv, _)) => mv,
                Err(e) => return refuse(self, format!("{}: {e}", answer.text)),
            };
            let a_text = write_move(&pos, a, player.notation, &WriteOptions::new(player.lang));
            pos.play_unchecked(a);
            pairs.push((
                UciMove::from_standard(t).to_string(),
                UciMove::from_standard(a).to_string(),
            ));
            shown.push(format!("{t_text} {a_text}"));
        }
        self.tx.set_conditionals(game.row.id, player.id, &pairs)?;
        let body = fill(
            template(Key::ConditionalStored, player.lang),
            &[
                ("game", &game.row.id.to_string()),
                ("moves", &format!("if {}", shown.join(", if "))),
            ],
        );
        self.reply_to_sender(Some(player), Some(game.row.id), &body)?;
        self.outcomes.push(format!(
            "game {}: {} conditional pairs stored",
            game.row.id,
            pairs.len()
        ));
        Ok(())
    }

    fn command(
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
                self.outcomes.push(format!("game {id}: draw offered"));
            }
            Command::AcceptDraw => {
                if game.row.draw_offer == Some(!me) {
                    self.finish(&mut game, GameResult::Draw, Termination::DrawAgreed)?;
                } else {
                    let body = fill(template(Key::NoDrawOffer, player.lang), &[("game", &id)]);
                    self.reply_to_sender(Some(player), Some(game.row.id), &body)?;
                    self.outcomes
                        .push(format!("game {id}: no draw offer to accept"));
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
                    self.outcomes.push(format!("game {id}: draw declined"));
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
                if self.channel == Channel::Email {
                    body.push_str("\n\n");
                    body.push_str(&diagram(&game.record.pos));
                }
                self.reply_to_sender(Some(player), Some(game.row.id), &body)?;
                self.outcomes.push(format!("game {id}: board sent"));
            }
            Command::Pgn => {
                let record = movetext(&game, player.notation, player.lang);
                let body = fill(
                    template(Key::Record, player.lang),
                    &[("game", &id), ("record", &record)],
                );
                self.reply_to_sender(Some(player), Some(game.row.id), &body)?;
                self.outcomes.push(format!("game {id}: record sent"));
            }
            Command::Notation(_) | Command::Lang(_) | Command::Help | Command::Leave(_) => {}
        }
        let _ = opponent_name;
        Ok(())
    }
}

/// The main line in the player's notation.
fn movetext(game: &Loaded, notation: Notation, lang: Lang) -> String {
    let line: Vec<Node> = game
        .record
        .moves
        .iter()
        .map(|m| Node {
            mv: Some(*m),
            notation: Notation::Uci,
            token: Default::default(),
            notes: None,
        })
        .collect();
    let text_game = TextGame {
        tags: Vec::new(),
        start: game.record.start.clone(),
        line,
        comments: Vec::new(),
        result: game.row.result.map(|r| r.to_string()),
        error: None,
        variation_errors: Vec::new(),
    };
    write_movetext(&text_game, notation, &WriteOptions::new(lang))
}

impl Ctx<'_, '_> {
    fn set_notation(&mut self, player: &Player, n: Notation) -> store::Result<()> {
        self.tx.set_notation(player.id, n)?;
        let body = fill(
            template(Key::NotationSet, player.lang),
            &[("value", n.name())],
        );
        self.reply_to_sender(Some(player), None, &body)?;
        self.outcomes.push(format!("notation set to {n}"));
        Ok(())
    }

    fn set_lang(&mut self, player: &Player, l: Lang) -> store::Result<()> {
        self.tx.set_lang(player.id, l)?;
        let body = fill(template(Key::LangSet, l), &[("value", l.code())]);
        self.reply_to_sender(Some(player), None, &body)?;
        self.outcomes.push(format!("language set to {l}"));
        Ok(())
    }

    fn leave(&mut self, player: &Player, days: u32) -> store::Result<()> {
        let body = self.request_leave(player, days)?;
        self.reply_to_sender(Some(player), None, &body)?;
        self.outcomes
            .push(format!("leave of {days} days requested"));
        Ok(())
    }

    /// Gives a reply up and tries the recipient's other addresses, once each.
    fn undeliverable(&mut self, entry: &Outgoing, why: &str) -> store::Result<()> {
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
                    Some(player.id),
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
        self.outcomes
            .push(format!("reply {} undeliverable; {next}", entry.id));
        Ok(())
    }

    fn incident(
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

    /// Replies to the sender on the channel the message came in on.
    fn reply_to_sender(
        &mut self,
        player: Option<&Player>,
        game_id: Option<GameId>,
        body: &str,
    ) -> store::Result<()> {
        let to = self.sender.clone();
        self.enqueue(self.channel, to, player.map(|p| p.id), game_id, None, body);
        Ok(())
    }

    /// Sends to a player on their preferred channel.
    fn send_to(
        &mut self,
        player: &Player,
        game_id: Option<GameId>,
        ply: Option<u32>,
        body: &str,
    ) -> store::Result<()> {
        if let Some((channel, to)) = reply_address(player) {
            self.enqueue(channel, to, Some(player.id), game_id, ply, body);
        }
        Ok(())
    }

    /// Decides a reply; SMS and radio replies are fitted to one message.
    fn enqueue(
        &mut self,
        channel: Channel,
        to: String,
        player_id: Option<PlayerId>,
        game_id: Option<GameId>,
        ply: Option<u32>,
        body: &str,
    ) -> &mut NewReply {
        let body = if channel == Channel::Email {
            body.to_string()
        } else {
            fit(body)
        };
        self.replies.push(NewReply {
            journal_id: self.journal_id,
            game_id,
            player_id,
            ply,
            channel,
            to,
            body,
            sheet: None,
        });
        let last = self.replies.len() - 1;
        &mut self.replies[last]
    }

    /// Queues the replies decided, in order. An email reply about a game
    /// carries the game's sheet as this transaction leaves it, so a retry
    /// days later still shows the position its text speaks of.
    fn flush(&mut self) -> store::Result<()> {
        let mut games: Vec<Loaded> = Vec::new();
        for mut reply in std::mem::take(&mut self.replies) {
            if let (Channel::Email, Some(id), None) = (reply.channel, reply.game_id, &reply.sheet) {
                if !games.iter().any(|g| g.row.id == id) {
                    games.extend(load_game(self.tx, id)?);
                }
                let recipient = match reply.player_id {
                    Some(p) => self.tx.player(p)?,
                    None => None,
                };
                if let Some(game) = games.iter().find(|g| g.row.id == id) {
                    reply.sheet = Some(sheet(self.tx, game, recipient.as_ref())?);
                }
            }
            self.tx.queue(&reply, self.now)?;
        }
        Ok(())
    }
}

/// A player's preferred channel and address: the preferred channel if they
/// have an address there, else their first address.
pub fn reply_address(player: &Player) -> Option<(Channel, String)> {
    player
        .reply_via
        .and_then(|c| player.addresses.iter().find(|(ch, _)| *ch == c).cloned())
        .or_else(|| player.addresses.first().cloned())
}

fn echo_text(item: &Item) -> String {
    match item.number {
        Some(n) => format!("{n} {}", item.text),
        None => item.text.clone(),
    }
}

/// The incident kind, the reason and the suggested moves of a reading error.
fn describe_error(e: &ReadError) -> (IncidentKind, String, Vec<Move>) {
    match e {
        ReadError::Malformed { .. } => (IncidentKind::Malformed, strip_text(e), Vec::new()),
        ReadError::Illegal {
            reason,
            did_you_mean,
            ..
        } => (
            IncidentKind::Illegal,
            reason.to_string(),
            did_you_mean.iter().map(|c| c.mv).collect(),
        ),
        ReadError::Ambiguous { candidates, .. } => (
            IncidentKind::Ambiguous,
            strip_text(e),
            candidates.iter().map(|c| c.mv).collect(),
        ),
        ReadError::Conflict { readings, .. } => (
            IncidentKind::Ambiguous,
            strip_text(e),
            readings.iter().map(|(_, c)| c.mv).collect(),
        ),
    }
}

/// The error's message without the repeated token at its start.
fn strip_text(e: &ReadError) -> String {
    let s = e.to_string();
    s.split_once(": ").map_or(s.clone(), |(_, r)| r.to_string())
}

/// A text diagram of the position, White at the bottom.
pub fn diagram(pos: &Chess) -> String {
    let board = pos.board();
    let mut out = String::new();
    for rank in (0..8u32).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..8u32 {
            let sq =
                shakmaty::Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank));
            out.push(board.piece_at(sq).map_or('.', |p| p.char()));
            out.push(' ');
        }
        out.push('\n');
    }
    out.push_str("  a b c d e f g h");
    out
}

// ---------------------------------------------------------------------------
// Clocks and leave

use crate::game::clock::{self, Leave, LeaveBook, MoveTimes, SweepAction};

/// The stored leaves of a player, as a leave book.
fn leave_book(store: &Store, player: &Player) -> store::Result<(LeaveBook, Vec<LeaveRow>)> {
    let stored = store.leaves(player.id)?;
    let book = LeaveBook::with_leaves(
        clock::DEFAULT_LEAVE_DAYS,
        stored.iter().map(|l| l.leave).collect(),
    );
    Ok((book, stored))
}

/// The leave days that stop a player's clock (what the clock sweep counts).
pub fn effective_leaves(store: &Store, player: &Player) -> store::Result<Vec<Leave>> {
    Ok(leave_book(store, player)?.0.effective_leaves())
}

fn player_zone(player: &Player) -> jiff::tz::TimeZone {
    clock::zone(&player.tz).unwrap_or(jiff::tz::TimeZone::UTC)
}

impl Ctx<'_, '_> {
    fn request_leave(&mut self, player: &Player, days: u32) -> store::Result<String> {
        let (mut book, _) = leave_book(self.tx, player)?;
        let today = clock::local_date(&player_zone(player), self.now);
        Ok(match book.request(today, Some(days)) {
            Ok(leave) => {
                let until = leave.until.map(|d| d.to_string()).unwrap_or_default();
                self.tx.add_leave(player.id, &leave)?;
                let left = book.remaining_in_year(leave.from.year());
                fill(
                    template(Key::LeaveGranted, player.lang),
                    &[
                        ("from", &leave.from.to_string()),
                        ("until", &until),
                        ("left", &left.to_string()),
                    ],
                )
            }
            Err(e) => fill(
                template(Key::LeaveRefused, player.lang),
                &[("reason", &e.to_string())],
            ),
        })
    }

    /// A move sent while on leave ends the leave.
    fn end_leave_on_move(&self, player: &Player) -> store::Result<()> {
        let (mut book, stored) = leave_book(self.tx, player)?;
        let today = clock::local_date(&player_zone(player), self.now);
        if let Some(ended) = book.end_on(today)
            && let Some(row) = stored.iter().find(|l| l.leave.from == ended.from)
            && let Some(until) = ended.until
        {
            self.tx.set_leave_until(row.id, until)?;
        }
        Ok(())
    }
}

/// A clock charged with penalty days (the illegal-move policy): they count
/// as days used on the current move.
pub fn with_penalty(mut status: clock::ClockStatus, days: i64) -> clock::ClockStatus {
    if days > 0 {
        status.days_used_total += days;
        if let Some(remaining) = status.days_remaining.as_mut() {
            *remaining -= days;
            status.forfeited |= status.running && *remaining < 0;
        }
    }
    status
}

/// What a clock sweep did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SweepReport {
    pub forfeits: Vec<GameId>,
    pub reminders: Vec<GameId>,
}

/// The clock sweep: declares time forfeits and reminds players before their
/// limit, in one transaction.
pub fn sweep_clocks(store: &mut Store, now: Timestamp) -> store::Result<SweepReport> {
    let tx = store.write()?;
    let mut report = SweepReport::default();
    let mut ctx = Ctx::unprompted(&tx, now);
    for row in tx.all_games(true)? {
        let Some(mut game) = ctx.load(row.id)? else {
            continue;
        };
        let tc = game.row.time_control;
        let color = game.record.pos.turn();
        let player_id = game.row.player(color);
        let Some(player) = tx.player(player_id)? else {
            continue;
        };
        let times: Vec<MoveTimes> = game
            .moves
            .iter()
            .map(|m| MoveTimes {
                received: m.received_at,
                delivered: m.delivered_at,
            })
            .collect();
        let periods =
            clock::periods_for(color, game.record.start.turn(), game.row.created_at, &times);
        let (book, _) = leave_book(&tx, &player)?;
        let status = clock::status(
            &tc,
            &player_zone(&player),
            &periods,
            &book.effective_leaves(),
            now,
        );
        let status = with_penalty(status, tx.penalty_days(row.id, player_id)?);
        let ply = game.record.next_ply();
        let reminded = tx.was_reminded(row.id, ply)?;
        match clock::sweep(&status, clock::DEFAULT_REMIND_DAYS, reminded) {
            SweepAction::Forfeit => {
                ctx.finish(
                    &mut game,
                    GameResult::loss_for(color),
                    Termination::LostOnTime(player.name.clone()),
                )?;
                report.forfeits.push(row.id);
            }
            SweepAction::Remind => {
                tx.mark_reminded(row.id, ply)?;
                let days = status.days_remaining.unwrap_or(0).to_string();
                let body = fill(
                    template(Key::Reminder, player.lang),
                    &[("game", &row.id.to_string()), ("days", &days)],
                );
                ctx.send_to(&player, Some(row.id), None, &body)?;
                report.reminders.push(row.id);
            }
            SweepAction::Nothing => {}
        }
    }
    ctx.flush()?;
    tx.commit()?;
    Ok(report)
}

// ---------------------------------------------------------------------------
// The director's tools

/// Takes back every move after `ply`, audited, both players told.
pub fn takeback(
    store: &mut Store,
    game_id: GameId,
    ply: u32,
    reason: &str,
    now: Timestamp,
) -> store::Result<usize> {
    let tx = store.write()?;
    let mut ctx = Ctx::unprompted(&tx, now);
    let game = ctx.load_existing(game_id)?;
    if ply as usize > game.moves.len() {
        return Err(store::StoreError::Invalid(format!(
            "game {game_id} has only {} plies",
            game.moves.len()
        )));
    }
    let removed: Vec<String> = game
        .moves
        .iter()
        .skip(ply as usize)
        .map(|m| m.uci.clone())
        .collect();
    let n = tx.truncate_moves(game_id, ply)?;
    if game.row.finished {
        tx.reopen_game(game_id)?;
    }
    tx.set_conditionals(game_id, game.row.white, &[])?;
    tx.set_conditionals(game_id, game.row.black, &[])?;
    tx.audit(
        game_id,
        "takeback",
        reason,
        &format!("to ply {ply}; removed {}", removed.join(" ")),
        now,
    )?;
    for id in [game.row.white, game.row.black] {
        if let Some(p) = tx.player(id)? {
            let body = fill(
                template(Key::TakenBack, p.lang),
                &[
                    ("game", &game_id.to_string()),
                    ("ply", &ply.to_string()),
                    ("reason", reason),
                ],
            );
            ctx.send_to(&p, Some(game_id), None, &body)?;
        }
    }
    ctx.flush()?;
    tx.commit()?;
    Ok(n)
}

/// Adjudicates a result, audited, both players told.
pub fn adjudicate(
    store: &mut Store,
    game_id: GameId,
    result: &str,
    reason: &str,
    now: Timestamp,
) -> store::Result<()> {
    let decided = result
        .parse::<GameResult>()
        .ok()
        .filter(|r| *r != GameResult::Unfinished)
        .ok_or_else(|| {
            store::StoreError::Invalid(format!("result {result:?}: write 1-0, 0-1 or 1/2-1/2"))
        })?;
    let tx = store.write()?;
    let mut ctx = Ctx::unprompted(&tx, now);
    let game = ctx.load_existing(game_id)?;
    tx.finish_game(
        game_id,
        decided,
        &Termination::Adjudicated(reason.to_string()),
        now,
    )?;
    tx.audit(game_id, "adjudicate", reason, decided.as_str(), now)?;
    for id in [game.row.white, game.row.black] {
        if let Some(p) = tx.player(id)? {
            let body = fill(
                template(Key::Adjudicated, p.lang),
                &[
                    ("game", &game_id.to_string()),
                    ("result", decided.as_str()),
                    ("reason", reason),
                ],
            );
            ctx.send_to(&p, Some(game_id), None, &body)?;
        }
    }
    ctx.flush()?;
    tx.commit()?;
    Ok(())
}

/// Hashes a PIN for storage (argon2id with a random salt).
pub fn hash_pin(pin: &str) -> Result<String, String> {
    use argon2::password_hash::{PasswordHasher, SaltString, rand_core::OsRng};
    let pin = pin.trim();
    if pin.len() < 4 || !pin.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err("a PIN is at least 4 letters or digits".into());
    }
    let salt = SaltString::generate(&mut OsRng);
    argon2::Argon2::default()
        .hash_password(pin.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
}
