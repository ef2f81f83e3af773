//! The game service's world: a store (on the backend `$CCGATE_TEST_DB`
//! names) and a clock that only moves when told, the sample players, and
//! the helpers that submit messages through `service::submit` and read
//! the replies and the stored game. Every `service::` test builds on it.

use ccgate::game::rules::Record;
use ccgate::notation::{Lang, Notation, WriteOptions, write_move};
use ccgate::protocol::address::Channel;
use ccgate::service::{self, Auth, Inbound, Processed};
use ccgate::store::{self, GameId, Incident, NewPlayer, Outgoing, PlayerId, Store};

use crate::support::backend::{Backend, TestDb};
use jiff::{SignedDuration, Timestamp};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

use crate::support::chess::number_of;

/// A registered player and how they write.
#[derive(Debug, Clone)]
pub(crate) struct Who {
    pub(crate) id: PlayerId,
    pub(crate) name: String,
    pub(crate) channel: Channel,
    /// Their (normalised) address on `channel`.
    pub(crate) addr: String,
    pub(crate) notation: Notation,
    pub(crate) lang: Lang,
}

/// A store (on the backend `$CCGATE_TEST_DB` names) and a clock that only
/// moves when told.
pub(crate) struct World {
    pub(crate) db: TestDb,
    pub(crate) store: Store,
    pub(crate) now: Timestamp,
    pub(crate) seq: u32,
    /// The operator's rules every message is submitted under.
    pub(crate) rules: service::Rules,
}

fn ts(s: &str) -> Timestamp {
    s.parse().expect("timestamp")
}

impl World {
    pub(crate) fn new() -> World {
        let db = TestDb::new(Backend::from_env());
        let store = db.store();
        World {
            db,
            store,
            now: ts("2025-03-03T09:00:00Z"),
            seq: 0,
            rules: service::Rules::default(),
        }
    }

    pub(crate) fn advance(&mut self, by: SignedDuration) {
        self.now = self.now.checked_add(by).expect("time in range");
    }

    /// Registers a player reachable on one channel.
    pub(crate) fn player(
        &mut self,
        name: &str,
        channel: Channel,
        addr: &str,
        notation: Notation,
        lang: Lang,
    ) -> Who {
        self.player_with(name, channel, addr, notation, lang, None)
    }

    pub(crate) fn player_with(
        &mut self,
        name: &str,
        channel: Channel,
        addr: &str,
        notation: Notation,
        lang: Lang,
        pin: Option<&str>,
    ) -> Who {
        self.player_on(name, &[(channel, addr)], notation, lang, pin)
    }

    /// Registers a player reachable at `addresses`, replied to at the first.
    pub(crate) fn player_on(
        &mut self,
        name: &str,
        addresses: &[(Channel, &str)],
        notation: Notation,
        lang: Lang,
        pin: Option<&str>,
    ) -> Who {
        let (channel, addr) = addresses[0];
        let new = NewPlayer {
            name: name.to_string(),
            notation,
            lang,
            reply_via: Some(channel),
            tz: "UTC".to_string(),
            pin_hash: pin.map(|p| service::hash_pin(p).expect("pin")),
            addresses: addresses.iter().map(|(c, a)| (*c, a.to_string())).collect(),
        };
        let tx = self.store.write().expect("write");
        let id = tx.add_player(&new, self.now).expect("add player");
        tx.commit().expect("commit");
        Who {
            id,
            name: name.to_string(),
            channel,
            addr: addr.to_string(),
            notation,
            lang,
        }
    }

    pub(crate) fn game(&mut self, white: &Who, black: &Who, fen: Option<&str>, tc: &str) -> GameId {
        let tx = self.store.write().expect("write");
        let tc = tc.parse().expect("time control");
        let id = tx
            .create_game(white.id, black.id, fen, &tc, self.now)
            .expect("create game");
        tx.commit().expect("commit");
        id
    }

    /// Submits a message with a fresh transport id.
    pub(crate) fn send(&mut self, from: &Who, text: &str) -> Processed {
        self.seq += 1;
        let id = format!("msg-{}", self.seq);
        self.send_id(from.channel, &from.addr, &id, text)
    }

    pub(crate) fn send_id(
        &mut self,
        channel: Channel,
        from: &str,
        id: &str,
        text: &str,
    ) -> Processed {
        self.send_as(channel, from, id, text, Auth::Unchecked)
    }

    /// Submits a message about whose sender the transport says `auth`.
    pub(crate) fn send_as(
        &mut self,
        channel: Channel,
        from: &str,
        id: &str,
        text: &str,
        auth: Auth,
    ) -> Processed {
        let msg = Inbound {
            thread: Vec::new(),
            channel,
            from: from.to_string(),
            transport_id: Some(id.to_string()),
            raw: text.as_bytes().to_vec(),
            text: text.to_string(),
            auth,
            rules: self.rules,
        };
        service::submit(&mut self.store, &msg, self.now).expect("submit")
    }

    pub(crate) fn row(&self, game: GameId) -> store::GameRow {
        self.store
            .game(game)
            .expect("read game")
            .expect("game exists")
    }

    pub(crate) fn ucis(&self, game: GameId) -> Vec<String> {
        self.store
            .moves(game)
            .expect("moves")
            .into_iter()
            .map(|m| m.uci.into())
            .collect()
    }

    pub(crate) fn record(&self, game: GameId) -> Record {
        let row = self.row(game);
        let ucis = self.ucis(game);
        Record::replay(row.start_fen.as_deref(), ucis.iter().map(String::as_str)).expect("replay")
    }

    pub(crate) fn incidents(&self) -> Vec<Incident> {
        self.store.incidents(None).expect("incidents")
    }

    pub(crate) fn outbox(&self) -> Vec<Outgoing> {
        self.store.outbox(true).expect("outbox")
    }

    /// Marks every queued reply sent now (the transports' part): a move
    /// notice starts its recipient's clock when it is sent.
    pub(crate) fn deliver_all(&mut self) {
        let tx = self.store.write().expect("write");
        for r in tx.outbox(false).expect("outbox") {
            tx.mark_sent(r.id, self.now).expect("mark sent");
        }
        tx.commit().expect("commit");
    }

    pub(crate) fn sweep(&mut self) -> service::SweepReport {
        service::sweep_clocks(&mut self.store, self.now, None).expect("sweep")
    }

    /// The protocol line for a move given in UCI, written as the sender
    /// writes: `{game} {n}. {move}` in their notation and language.
    pub(crate) fn line(&self, who: &Who, game: GameId, uci: &str) -> String {
        let pos = self.record(game).pos;
        let mv = uci_move(&pos, uci);
        format!("{game} {} {}", number_of(&pos), written(&pos, mv, who))
    }

    /// Plays a move (given in UCI) as the sender writes it, and checks it was applied.
    pub(crate) fn play(&mut self, who: &Who, game: GameId, uci: &str) -> Processed {
        let before = self.ucis(game).len();
        let line = self.line(who, game, uci);
        let p = self.send(who, &line);
        let after = self.ucis(game);
        assert!(
            after.len() > before && after[before] == uci,
            "{line:?} was not applied: {p:#?}"
        );
        p
    }

    /// Plays several moves, alternating between the two players from whoever is to move.
    pub(crate) fn play_all(&mut self, white: &Who, black: &Who, game: GameId, ucis: &[&str]) {
        for uci in ucis {
            let who = if self.record(game).pos.turn() == Color::White {
                white
            } else {
                black
            };
            self.play(who, game, uci);
        }
    }
}

/// The bodies of the replies addressed to a player (on their channel and address).
pub(crate) fn bodies_to(replies: &[Outgoing], who: &Who) -> Vec<String> {
    replies
        .iter()
        .filter(|r| r.channel == who.channel && r.to == who.addr)
        .map(|r| r.body.clone())
        .collect()
}

/// The one reply to a player.
pub(crate) fn only_to(replies: &[Outgoing], who: &Who) -> String {
    let mine = bodies_to(replies, who);
    assert_eq!(
        mine.len(),
        1,
        "expected one reply to {}, got {replies:#?}",
        who.name
    );
    mine.into_iter().next().unwrap_or_default()
}

/// A move as `who` writes it: their notation and language.
pub(crate) fn written(pos: &Chess, mv: Move, who: &Who) -> String {
    write_move(pos, mv, who.notation, &WriteOptions::new(who.lang))
}

/// A move as an ICCF code.
pub(crate) fn iccf(pos: &Chess, mv: Move) -> String {
    write_move(pos, mv, Notation::Iccf, &WriteOptions::default())
}

fn uci_move(pos: &Chess, uci: &str) -> Move {
    uci.parse::<UciMove>()
        .expect("uci")
        .to_move(pos)
        .unwrap_or_else(|e| panic!("{uci} is not legal: {e}"))
}

/// The three sample players, for tests that need only two or three: Anna
/// writes ICCF codes in German by email.
pub(crate) fn anna(w: &mut World) -> Who {
    w.player(
        "Anna",
        Channel::Email,
        "anna@example.org",
        Notation::Iccf,
        Lang::De,
    )
}

/// Boris writes SAN in English by SMS.
pub(crate) fn boris(w: &mut World) -> Who {
    w.player(
        "Boris",
        Channel::Sms,
        "+491711234567",
        Notation::San,
        Lang::En,
    )
}

/// Carl writes Uedemann codes in English by radio.
pub(crate) fn carl(w: &mut World) -> Who {
    w.player(
        "Carl",
        Channel::Radio,
        "DL1ABC",
        Notation::Uedemann,
        Lang::En,
    )
}

/// Eve writes SAN in English by email.
pub(crate) fn eve(w: &mut World) -> Who {
    w.player(
        "Eve",
        Channel::Email,
        "eve@example.org",
        Notation::San,
        Lang::En,
    )
}

/// The usual start: Anna (White) against Boris, no clock.
pub(crate) fn anna_against_boris() -> (World, Who, Who, GameId) {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, None, "-");
    (w, a, b, g)
}

/// What must hold after a refusal: nothing applied, one incident of `kind`
/// linked to the journaled raw message, and one reply to the sender.
pub(crate) fn assert_refused(
    w: &World,
    (game, ucis_before, incidents_before): (GameId, &[String], usize),
    p: &Processed,
    sender: &Who,
    kind: &str,
    raw: &str,
) -> String {
    assert!(!p.duplicate);
    assert_eq!(
        w.ucis(game),
        ucis_before,
        "a refused message changed the game"
    );
    let incidents = w.incidents();
    assert_eq!(
        incidents.len(),
        incidents_before + 1,
        "one incident: {incidents:#?}"
    );
    let inc = incidents.last().expect("incident");
    assert_eq!(inc.kind.to_string(), kind, "{inc:#?}");
    assert_eq!(inc.journal_id, Some(p.journal_id));
    let entry = w
        .store
        .entry(p.journal_id)
        .expect("journal")
        .expect("entry");
    // The raw message is kept as evidence, but for its PIN lines.
    let kept = String::from_utf8(entry.raw.clone()).expect("text");
    assert_eq!(kept.lines().count(), raw.lines().count(), "{kept}");
    for (kept, sent) in kept.lines().zip(raw.lines()) {
        if service::pin_of_line(sent).is_some() {
            assert!(kept.starts_with("pin withheld $argon2id$"), "{kept}");
        } else {
            assert_eq!(kept, sent, "the raw message is kept as evidence");
        }
    }
    assert!(
        entry
            .outcome
            .as_deref()
            .is_some_and(|o| o.contains("refused")),
        "{entry:?}"
    );
    assert_eq!(p.replies.len(), 1, "{p:#?}");
    only_to(&p.replies, sender)
}

/// One day of the test clock.
pub(crate) const DAY: SignedDuration = SignedDuration::from_hours(24);

/// Black to move at move 15; Nf6, Bg5, e6 and Qf3 are all legal in turn.
pub(crate) const MOVE_15: &str = "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 15";
