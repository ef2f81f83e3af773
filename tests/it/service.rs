//! The game service end to end, through `service::submit` and the store:
//! whole games between players of different notations, languages and
//! channels; every refusal; repeated messages; conditional moves; every way
//! a game ends; clocks and leave under a controlled time.

use ccgate::game::rules::Record;
use ccgate::notation::movetext::{MovetextOptions, read_games};
use ccgate::notation::{Lang, Notation, WriteOptions, write_move};
use ccgate::protocol::address::Channel;
use ccgate::protocol::l10n::{self, Form, Reader};
use ccgate::service::{self, Auth, Inbound, Processed};
use ccgate::store::{self, GameId, Incident, NewPlayer, Outgoing, PlayerId, Store};

use crate::support::backend::{Backend, TestDb};
use jiff::{SignedDuration, Timestamp};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

use crate::support::chess::number_of;

// ---------------------------------------------------------------------------
// The harness

/// A registered player and how they write.
#[derive(Debug, Clone)]
struct Who {
    id: PlayerId,
    name: String,
    channel: Channel,
    /// Their (normalised) address on `channel`.
    addr: String,
    notation: Notation,
    lang: Lang,
}

/// A store (on the backend `$CCGATE_TEST_DB` names) and a clock that only
/// moves when told.
struct World {
    db: TestDb,
    store: Store,
    now: Timestamp,
    seq: u32,
    /// The operator's rules every message is submitted under.
    rules: service::Rules,
}

fn ts(s: &str) -> Timestamp {
    s.parse().expect("timestamp")
}

impl World {
    fn new() -> World {
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

    fn advance(&mut self, by: SignedDuration) {
        self.now = self.now.checked_add(by).expect("time in range");
    }

    /// Registers a player reachable on one channel.
    fn player(
        &mut self,
        name: &str,
        channel: Channel,
        addr: &str,
        notation: Notation,
        lang: Lang,
    ) -> Who {
        self.player_with(name, channel, addr, notation, lang, None)
    }

    fn player_with(
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
    fn player_on(
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

    fn game(&mut self, white: &Who, black: &Who, fen: Option<&str>, tc: &str) -> GameId {
        let tx = self.store.write().expect("write");
        let tc = tc.parse().expect("time control");
        let id = tx
            .create_game(white.id, black.id, fen, &tc, self.now)
            .expect("create game");
        tx.commit().expect("commit");
        id
    }

    /// Submits a message with a fresh transport id.
    fn send(&mut self, from: &Who, text: &str) -> Processed {
        self.seq += 1;
        let id = format!("msg-{}", self.seq);
        self.send_id(from.channel, &from.addr, &id, text)
    }

    fn send_id(&mut self, channel: Channel, from: &str, id: &str, text: &str) -> Processed {
        self.send_as(channel, from, id, text, Auth::Unchecked)
    }

    /// Submits a message about whose sender the transport says `auth`.
    fn send_as(
        &mut self,
        channel: Channel,
        from: &str,
        id: &str,
        text: &str,
        auth: Auth,
    ) -> Processed {
        let msg = Inbound {
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

    fn row(&self, game: GameId) -> store::GameRow {
        self.store
            .game(game)
            .expect("read game")
            .expect("game exists")
    }

    fn ucis(&self, game: GameId) -> Vec<String> {
        self.store
            .moves(game)
            .expect("moves")
            .into_iter()
            .map(|m| m.uci.into())
            .collect()
    }

    fn record(&self, game: GameId) -> Record {
        let row = self.row(game);
        let ucis = self.ucis(game);
        Record::replay(row.start_fen.as_deref(), ucis.iter().map(String::as_str)).expect("replay")
    }

    fn incidents(&self) -> Vec<Incident> {
        self.store.incidents(None).expect("incidents")
    }

    fn outbox(&self) -> Vec<Outgoing> {
        self.store.outbox(true).expect("outbox")
    }

    /// Marks every queued reply sent now (the transports' part): a move
    /// notice starts its recipient's clock when it is sent.
    fn deliver_all(&mut self) {
        let tx = self.store.write().expect("write");
        for r in tx.outbox(false).expect("outbox") {
            tx.mark_sent(r.id, self.now).expect("mark sent");
        }
        tx.commit().expect("commit");
    }

    fn sweep(&mut self) -> service::SweepReport {
        service::sweep_clocks(&mut self.store, self.now, None).expect("sweep")
    }
}

/// The bodies of the replies addressed to a player (on their channel and address).
fn bodies_to(replies: &[Outgoing], who: &Who) -> Vec<String> {
    replies
        .iter()
        .filter(|r| r.channel == who.channel && r.to == who.addr)
        .map(|r| r.body.clone())
        .collect()
}

/// The one reply to a player.
fn only_to(replies: &[Outgoing], who: &Who) -> String {
    let mine = bodies_to(replies, who);
    assert_eq!(
        mine.len(),
        1,
        "expected one reply to {}, got {replies:#?}",
        who.name
    );
    mine.into_iter().next().unwrap_or_default()
}

fn written(pos: &Chess, mv: Move, who: &Who) -> String {
    write_move(pos, mv, who.notation, &WriteOptions::new(who.lang))
}

fn iccf(pos: &Chess, mv: Move) -> String {
    write_move(pos, mv, Notation::Iccf, &WriteOptions::default())
}

fn uci_move(pos: &Chess, uci: &str) -> Move {
    uci.parse::<UciMove>()
        .expect("uci")
        .to_move(pos)
        .unwrap_or_else(|e| panic!("{uci} is not legal: {e}"))
}

impl World {
    /// The protocol line for a move given in UCI, written as the sender
    /// writes: `{game} {n}. {move}` in their notation and language.
    fn line(&self, who: &Who, game: GameId, uci: &str) -> String {
        let pos = self.record(game).pos;
        let mv = uci_move(&pos, uci);
        format!("{game} {} {}", number_of(&pos), written(&pos, mv, who))
    }

    /// Plays a move (given in UCI) as the sender writes it, and checks it was applied.
    fn play(&mut self, who: &Who, game: GameId, uci: &str) -> Processed {
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
    fn play_all(&mut self, white: &Who, black: &Who, game: GameId, ucis: &[&str]) {
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

/// Three sample players for tests that need only two or three.
fn anna(w: &mut World) -> Who {
    w.player(
        "Anna",
        Channel::Email,
        "anna@example.org",
        Notation::Iccf,
        Lang::De,
    )
}

/// The usual start: Anna (White) against Boris, no clock.
fn anna_against_boris() -> (World, Who, Who, GameId) {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, None, "-");
    (w, a, b, g)
}

/// A player whose messages need the PIN 1234.
fn pia(w: &mut World) -> Who {
    w.player_with(
        "Pia",
        Channel::Email,
        "pia@example.org",
        Notation::San,
        Lang::En,
        Some("1234"),
    )
}

fn boris(w: &mut World) -> Who {
    w.player(
        "Boris",
        Channel::Sms,
        "+491711234567",
        Notation::San,
        Lang::En,
    )
}

fn carl(w: &mut World) -> Who {
    w.player(
        "Carl",
        Channel::Radio,
        "DL1ABC",
        Notation::Uedemann,
        Lang::En,
    )
}

/// What must hold after a refusal: nothing applied, one incident of `kind`
/// linked to the journaled raw message, and one reply to the sender.
fn assert_refused(
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

// ---------------------------------------------------------------------------
// 1. Whole real games between players of different notations, languages, channels

fn source_games() -> Vec<ccgate::notation::movetext::Game> {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn/correspondence/"
    );
    let read = |name: &str| {
        let text = std::fs::read_to_string(format!("{dir}{name}")).expect("test data");
        read_games(&text, &MovetextOptions::default())
    };
    let mut games = read("iccf_games.pgn");
    assert_eq!(games.len(), 3);
    games.extend(
        read("lichess_correspondence_2017-01.pgn")
            .into_iter()
            .take(10),
    );
    for g in &games {
        assert!(g.error.is_none(), "{:?}", g.error);
        assert_eq!(g.start, Chess::default());
    }
    games
}

/// Plays a source game through `submit`; with `echo`, every move after the
/// first repeats the opponent's last move first.
fn play_through(
    w: &mut World,
    white: &Who,
    black: &Who,
    src: &ccgate::notation::movetext::Game,
    echo: bool,
) {
    let game = w.game(white, black, None, "-");
    let mut pos = Chess::default();
    let mut last: Option<(Chess, Move)> = None;
    let incidents = w.incidents().len();
    for node in &src.line {
        let mv = node.mv.expect("no null moves in real games");
        let (mover, opponent) = if pos.turn() == Color::White {
            (white, black)
        } else {
            (black, white)
        };
        let own = written(&pos, mv, mover);
        let number = number_of(&pos);
        let line = match (&last, echo) {
            (Some((before, prev)), true) => format!(
                "{game} {} {} {number} {own}",
                number_of(before),
                written(before, *prev, mover)
            ),
            _ => format!("{game} {number} {own}"),
        };
        w.advance(SignedDuration::from_hours(5));
        let p = w.send(mover, &line);
        for r in p.replies.iter().filter(|r| r.channel != Channel::Email) {
            let (encoding, units) = ccgate::protocol::sms::units(&r.body);
            assert!(
                units <= ccgate::protocol::sms::limit(encoding),
                "one SMS or radio frame: {r:?}"
            );
        }
        let code = iccf(&pos, mv);
        let confirmation = bodies_to(&p.replies, mover);
        assert!(
            confirmation
                .iter()
                .any(|b| b.contains(&format!("{number} {own} ({code})"))),
            "game {game} {line:?}: no confirmation with the move in {} and ICCF: {p:#?}",
            mover.notation
        );
        let theirs = written(&pos, mv, opponent);
        let notice = bodies_to(&p.replies, opponent);
        assert!(
            notice
                .iter()
                .any(|b| b.contains(&format!("{number} {theirs} ({code})"))),
            "game {game} {line:?}: the opponent's notice lacks {theirs:?} ({}, {}): {p:#?}",
            opponent.notation,
            opponent.lang
        );
        last = Some((pos.clone(), mv));
        pos.play_unchecked(mv);
    }
    let expected: Vec<String> = {
        let mut p = Chess::default();
        src.line
            .iter()
            .map(|n| {
                let mv = n.mv.expect("move");
                let u = UciMove::from_standard(mv).to_string();
                p.play_unchecked(mv);
                u
            })
            .collect()
    };
    assert_eq!(
        w.ucis(game),
        expected,
        "game {game}: the stored moves are the source game"
    );
    assert_eq!(
        w.incidents().len(),
        incidents,
        "no incident in a clean game: {:#?}",
        w.incidents()
    );

    // The end: by the rules, or as the source says (resignation, agreed draw).
    let record = w.record(game);
    let source_result = src.result.clone().unwrap_or_else(|| "*".into());
    if let Some(ending) = record.ending() {
        let row = w.row(game);
        assert!(row.finished, "game {game} ended by {ending:?}");
        assert_eq!(row.result, Some(ending.result()));
        assert_eq!(ending.result().as_str(), source_result, "game {game}");
        return;
    }
    match source_result.as_str() {
        "1-0" => {
            w.send(black, &format!("{game} resign"));
        }
        "0-1" => {
            w.send(white, &format!("{game} resign"));
        }
        "1/2-1/2" => {
            let offer = w.send(white, &format!("{game} draw?"));
            assert_eq!(bodies_to(&offer.replies, black).len(), 1, "{offer:#?}");
            w.send(black, &format!("{game} accept"));
        }
        other => panic!("unexpected result {other}"),
    }
    let row = w.row(game);
    assert!(row.finished, "game {game}");
    assert_eq!(
        row.result.map(|r| r.as_str()),
        Some(source_result.as_str()),
        "game {game}"
    );
}

#[test]
fn whole_real_games_between_notations_languages_and_channels() {
    let mut w = World::new();
    let iccf_de = w.player(
        "Anna",
        Channel::Email,
        "anna@example.org",
        Notation::Iccf,
        Lang::De,
    );
    let san_ru = w.player(
        "Boris",
        Channel::Sms,
        "+79161234567",
        Notation::San,
        Lang::Ru,
    );
    let uedemann = w.player(
        "Carl",
        Channel::Radio,
        "UA3ABC",
        Notation::Uedemann,
        Lang::En,
    );
    let descriptive = w.player(
        "Dora",
        Channel::Email,
        "dora@example.com",
        Notation::Descriptive,
        Lang::En,
    );
    let uedemann_hw = w.player(
        "Emil",
        Channel::Radio,
        "DL2XYZ-7",
        Notation::UedemannHw,
        Lang::De,
    );
    let figurine = w.player(
        "Fay",
        Channel::Sms,
        "+447700900123",
        Notation::Figurine,
        Lang::En,
    );
    let lan_fr = w.player(
        "Gaston",
        Channel::Email,
        "gaston@example.fr",
        Notation::Lan,
        Lang::Fr,
    );
    let san_de = w.player(
        "Hanna",
        Channel::Sms,
        "+4915112345678",
        Notation::San,
        Lang::De,
    );
    let pairs = [
        (&iccf_de, &san_ru),
        (&iccf_de, &uedemann),
        (&iccf_de, &descriptive),
        (&san_ru, &iccf_de),
        (&uedemann, &figurine),
        (&descriptive, &uedemann_hw),
        (&lan_fr, &san_ru),
        (&figurine, &lan_fr),
        (&uedemann_hw, &iccf_de),
        (&san_de, &descriptive),
        (&san_ru, &uedemann_hw),
        (&descriptive, &san_de),
    ];
    let games = source_games();
    assert_eq!(games.len(), 13);
    for (k, src) in games.iter().enumerate() {
        let (white, black) = pairs[k % pairs.len()];
        play_through(&mut w, white, black, src, k % 2 == 1);
    }
    let rows = w.store.all_games(false).expect("games");
    assert!(rows.iter().all(|g| g.finished));
    let reasons: Vec<String> = rows
        .iter()
        .filter_map(|g| g.reason.as_ref().map(|r| r.to_string()))
        .collect();
    let count = |r: &str| reasons.iter().filter(|x| x.contains(r)).count();
    // What the source games hold: six mates, a draw by the rules, six resignations.
    assert_eq!(
        (
            count("checkmate"),
            count("insufficient material"),
            count("resigned")
        ),
        (6, 1, 6),
        "{reasons:?}"
    );
}

// ---------------------------------------------------------------------------
// 2. Every refusal: recorded with its evidence, nothing changed

#[test]
fn an_illegal_move_is_refused_with_the_reason() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play(&a, g, "e2e4");
    let before = w.ucis(g);
    let raw = format!("Hi Anna,\n{g} 1... Qh4\nBoris");
    let p = w.send(&b, &raw);
    let body = assert_refused(&w, (g, &before, 0), &p, &b, "illegal", &raw);
    assert!(body.starts_with(&format!("G{g} Qh4: refused, ")), "{body}");
    assert!(body.contains("no queen of yours can reach h4"), "{body}");
    assert!(body.ends_with("Nothing was applied."), "{body}");
    let inc = w.incidents().pop().expect("incident");
    assert_eq!(inc.game_id, Some(g));
    assert_eq!(inc.player_id, Some(b.id));
    assert_eq!(inc.text.as_deref(), Some(format!("{g} 1... Qh4").as_str()));
    assert_eq!(
        inc.fen.as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    );
    assert!(
        inc.detail.contains("no queen of yours can reach h4"),
        "{inc:?}"
    );
}

#[test]
fn an_illegal_code_gets_the_reason_and_near_misses_in_the_senders_language() {
    let (mut w, a, _, g) = anna_against_boris();
    // e2-e5 in ICCF: a pawn cannot go three squares.
    let raw = format!("{g} 1. 5255");
    let p = w.send(&a, &raw);
    let body = assert_refused(&w, (g, &[], 0), &p, &a, "illegal", &raw);
    assert!(
        body.starts_with(&format!("P{g} 5255: abgelehnt, ")),
        "{body}"
    );
    assert!(
        body.contains("Gemeint: "),
        "near misses are offered: {body}"
    );
    assert!(
        body.contains("5254"),
        "e2-e4 is a near miss of e2-e5: {body}"
    );
    assert!(body.ends_with("Nichts wurde ausgeführt."), "{body}");
}

#[test]
fn an_illegal_uedemann_code_is_refused_as_illegal_not_as_malformed() {
    let mut w = World::new();
    let (a, c) = (anna(&mut w), carl(&mut w));
    let g = w.game(&a, &c, None, "-");
    w.play(&a, g, "e2e4");
    let before = w.ucis(g);
    // `gego` is e2-e4 in Gringmuth's table: Black has no piece on e2.
    let raw = format!("G{g} 1... gego");
    let p = w.send(&c, &raw);
    let body = assert_refused(&w, (g, &before, 0), &p, &c, "illegal", &raw);
    assert!(body.contains("no piece on e2"), "{body}");
    assert!(
        !body.contains("character"),
        "not a syntax complaint: {body}"
    );
    // e7-e8 (`sesa`) has near misses, written in the player's table.
    let raw = format!("G{g} 1... sesa");
    let p = w.send(&c, &raw);
    let body = assert_refused(&w, (g, &before, 1), &p, &c, "illegal", &raw);
    assert!(
        body.contains("Did you mean") && body.contains("seso"),
        "{body}"
    );
}

#[test]
fn an_ambiguous_move_lists_the_candidates_in_the_senders_notation() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    // Knights on b1 and f1 both reach d2.
    let g = w.game(&b, &a, Some("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"), "-");
    let raw = format!("{g} 1. Nd2");
    let p = w.send(&b, &raw);
    let body = assert_refused(&w, (g, &[], 0), &p, &b, "ambiguous", &raw);
    assert!(
        body.contains("Did you mean") && body.contains("Nbd2") && body.contains("Nfd2"),
        "{body}"
    );
    assert!(body.ends_with("Nothing was applied."), "{body}");
    // The same position for the ICCF player: the candidates in ICCF.
    let g2 = w.game(&a, &b, Some("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"), "-");
    let raw = format!("{g2} 1. Sd2");
    let p = w.send(&a, &raw);
    let body = assert_refused(&w, (g2, &[], 1), &p, &a, "ambiguous", &raw);
    assert!(body.contains("2142") && body.contains("6142"), "{body}");
}

#[test]
fn a_message_without_a_readable_line_is_refused_with_help_and_recorded() {
    let (mut w, a, _, g) = anna_against_boris();
    // f9 is no square: the line is not protocol, so the message has none.
    let raw = format!("Hello,\n{g} 1. Sf9\nAnna");
    let p = w.send(&a, &raw);
    let body = assert_refused(&w, (g, &[], 0), &p, &a, "malformed", &raw);
    assert!(body.contains("PARTIE ZUG"), "the help, in German: {body}");
    // A move line with three moves is not protocol either.
    let raw = format!("{g} 1. 5254 1... 5755 2. 7163");
    let p = w.send(&a, &raw);
    assert_refused(&w, (g, &[], 1), &p, &a, "malformed", &raw);
}

#[test]
fn a_move_out_of_turn_is_refused() {
    let (mut w, _, b, g) = anna_against_boris();
    let raw = format!("{g} 1... e5");
    let p = w.send(&b, &raw);
    let body = assert_refused(&w, (g, &[], 0), &p, &b, "out_of_turn", &raw);
    assert_eq!(
        body,
        format!("G{g} e5: refused, not your move in game {g}, Anna to move.")
    );
}

#[test]
fn a_wrong_move_number_is_refused_with_the_right_one() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play_all(&a, &b, g, &["e2e4", "e7e5"]);
    let before = w.ucis(g);
    for (k, raw) in [format!("{g} 5. 7163"), format!("{g} 2... 7163")]
        .into_iter()
        .enumerate()
    {
        let p = w.send(&a, &raw);
        let body = assert_refused(&w, (g, &before, k), &p, &a, "wrong_number", &raw);
        assert!(body.contains("die Partie steht bei Zug 2."), "{body}");
    }
}

#[test]
fn an_unknown_sender_learns_nothing_about_the_game() {
    let (mut w, _, _, g) = anna_against_boris();
    let stranger = Who {
        id: PlayerId(0),
        name: "Stranger".into(),
        channel: Channel::Email,
        addr: "eve@example.net".into(),
        notation: Notation::San,
        lang: Lang::En,
    };
    let raw = format!("{g} 1. e4");
    let p = w.send(&stranger, &raw);
    let body = assert_refused(&w, (g, &[], 0), &p, &stranger, "unknown_sender", &raw);
    for secret in [g.to_string().as_str(), "Anna", "Boris", "e4", "5254"] {
        assert!(!body.contains(secret), "{secret:?} revealed in {body:?}");
    }
    // The same words as for a game that does not exist.
    let raw = "4711 1. e4";
    let p2 = w.send(&stranger, raw);
    assert_refused(&w, (g, &[], 1), &p2, &stranger, "unknown_sender", raw);
    assert_eq!(only_to(&p2.replies, &stranger), body);
    assert_eq!(w.incidents()[0].game_id, None, "{:?}", w.incidents());
}

#[test]
fn a_game_that_is_not_the_senders_is_answered_like_one_that_does_not_exist() {
    let mut w = World::new();
    let (a, b, c) = (anna(&mut w), boris(&mut w), carl(&mut w));
    let g = w.game(&a, &b, None, "-");
    let missing = GameId(g.0 + 100);
    let raw = format!("{g} 1. e2e4");
    let p = w.send(&c, &raw);
    let theirs = assert_refused(&w, (g, &[], 0), &p, &c, "not_your_game", &raw);
    let raw2 = format!("{missing} 1. e2e4");
    let p2 = w.send(&c, &raw2);
    let none = assert_refused(&w, (g, &[], 1), &p2, &c, "not_your_game", &raw2);
    assert_eq!(
        theirs.replace(&g.to_string(), "#"),
        none.replace(&missing.to_string(), "#")
    );
    assert!(
        !theirs.contains("Anna") && !theirs.contains("Boris"),
        "{theirs}"
    );
    // Commands too.
    let raw3 = format!("{g} pgn");
    let p3 = w.send(&c, &raw3);
    assert_eq!(
        assert_refused(&w, (g, &[], 2), &p3, &c, "not_your_game", &raw3),
        theirs
    );
}

#[test]
fn a_desync_is_refused_with_the_whole_record() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play_all(&a, &b, g, &["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]);
    let before = w.ucis(g);
    // Anna repeats 3... Nf6 (7866), but Boris played 3... a6 (1716).
    let raw = format!("{g} 3... 7866 4. 2533");
    let p = w.send(&a, &raw);
    let body = assert_refused(&w, (g, &before, 0), &p, &a, "desync", &raw);
    assert!(
        body.contains("3...7866") || body.contains("3... 7866"),
        "{body}"
    );
    assert!(
        body.contains("1. 5254 5755 2. 7163 2836 3. 6125 1716"),
        "the whole record in ICCF: {body}"
    );
    // The right move under a wrong number is a desync too.
    let raw = format!("{g} 2... 1716 4. 2533");
    let p = w.send(&a, &raw);
    assert_refused(&w, (g, &before, 1), &p, &a, "desync", &raw);
    // And for Boris, the record comes in his notation.
    w.play(&a, g, "b5a4");
    let before = w.ucis(g);
    let raw = format!("{g} 4. Bc4 4... Nf6");
    let p = w.send(&b, &raw);
    let body = assert_refused(&w, (g, &before, 2), &p, &b, "desync", &raw);
    assert!(
        body.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4"),
        "{body}"
    );
}

#[test]
fn a_correct_echo_is_accepted() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play_all(&a, &b, g, &["e2e4", "e7e5"]);
    let p = w.send(&a, &format!("{g} 1... 5755 2. 7163"));
    assert_eq!(w.ucis(g), ["e2e4", "e7e5", "g1f3"]);
    assert!(
        only_to(&p.replies, &a).contains("2. 7163 (7163) angenommen"),
        "{p:#?}"
    );
    // Boris echoes in SAN, without numbers.
    let p = w.send(&b, &format!("{g} Nf3 Nc6"));
    assert_eq!(w.ucis(g), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert!(
        only_to(&p.replies, &b).contains("2... Nc6 (2836) accepted"),
        "{p:#?}"
    );
    assert!(w.incidents().is_empty());
}

#[test]
fn the_pin_is_required_and_five_failures_lock_it() {
    let mut w = World::new();
    let pia = pia(&mut w);
    let b = boris(&mut w);
    let g = w.game(&pia, &b, None, "-");
    let mut incidents = 0;
    // Missing, then wrong.
    for raw in [
        format!("{g} 1. e4"),
        format!("pin 9999\n{g} 1. e4"),
        format!("PIN: 12345\n{g} 1. e4"),
    ] {
        let p = w.send(&pia, &raw);
        let body = assert_refused(&w, (g, &[], incidents), &p, &pia, "bad_pin", &raw);
        assert_eq!(body, "ccgate: PIN missing or wrong. Nothing was applied.");
        incidents += 1;
    }
    // The right PIN resets the count.
    w.send(&pia, &format!("pin 1234\n{g} 1. e4"));
    assert_eq!(w.ucis(g), ["e2e4"]);
    w.play(&b, g, "e7e5");
    // Five failures lock the PIN: then even the right one is refused.
    for k in 0..5 {
        let raw = format!("pin 000{k}\n{g} 2. Nf3");
        let p = w.send(&pia, &raw);
        assert_refused(
            &w,
            (g, &["e2e4".into(), "e7e5".into()], incidents),
            &p,
            &pia,
            "bad_pin",
            &raw,
        );
        incidents += 1;
    }
    let raw = format!("pin 1234\n{g} 2. Nf3");
    let p = w.send(&pia, &raw);
    assert_refused(
        &w,
        (g, &["e2e4".into(), "e7e5".into()], incidents),
        &p,
        &pia,
        "bad_pin",
        &raw,
    );
    assert!(
        w.incidents()
            .last()
            .expect("incident")
            .detail
            .contains("locked")
    );
    // After the lock has passed, the right PIN works again.
    w.advance(SignedDuration::from_hours(2));
    let p = w.send(&pia, &format!("pin 1234\n{g} 2. Nf3"));
    assert_eq!(w.ucis(g), ["e2e4", "e7e5", "g1f3"], "{p:#?}");
}

#[test]
fn a_mail_naming_a_thousand_games_is_answered_in_bounded_replies() {
    let (mut w, a, b, first) = anna_against_boris();
    let games: Vec<GameId> = std::iter::once(first)
        .chain((1..30).map(|_| w.game(&a, &b, None, "-")))
        .collect();
    // Her thirty games first, then games that are not hers, a thousand lines in all.
    let text: String = games
        .iter()
        .map(|g| g.0)
        .chain(1000..1970)
        .map(|g| format!("{g} 1. 5254\n"))
        .collect();
    let p = w.send(&a, &text);
    assert_eq!(p.moves_applied(), service::MAX_LINES, "{:#?}", p.steps);
    // Each applied move tells the opponent; the sender gets one reply to
    // every line, the refusal of the rest in it (issue 16).
    assert_eq!(p.replies.len(), service::MAX_LINES + 1);
    let last = p
        .replies
        .iter()
        .find(|r| r.to == a.addr)
        .expect("the sender's reply");
    assert!(
        last.body.contains(" 20 ") && last.body.contains(" 980 "),
        "{}",
        last.body
    );
    assert_eq!(w.ucis(games[20]), Vec::<String>::new());
}

#[test]
fn the_journal_keeps_that_a_pin_was_given_not_the_pin() {
    let mut w = World::new();
    let pia = pia(&mut w);
    let b = boris(&mut w);
    let g = w.game(&pia, &b, None, "-");
    let p = w.send(&pia, &format!("Dear Boris,\r\nPIN: 1234\r\n{g} 1. e4\r\n"));
    assert_eq!(w.ucis(g), ["e2e4"], "{p:#?}");
    let entry = w
        .store
        .entry(p.journal_id)
        .expect("read")
        .expect("journaled");
    let raw = String::from_utf8(entry.raw).expect("text");
    assert!(!raw.contains("1234"), "{raw}");
    let kept: Vec<&str> = raw.split("\r\n").collect();
    assert_eq!(kept[0], "Dear Boris,");
    assert!(kept[1].starts_with("pin withheld $argon2id$"), "{raw}");
    assert_eq!(kept[2], format!("{g} 1. e4"));
}

/// The code a held-message notice asks for.
fn code_of(p: &Processed) -> String {
    let body = &p.replies.last().expect("a notice").body;
    body.rsplit_once("confirm ")
        .map(|(_, code)| code.trim().to_string())
        .unwrap_or_else(|| panic!("no code in {body}"))
}

#[test]
fn an_unauthenticated_move_is_held_until_its_code_comes_back() {
    let (mut w, a, b, g) = anna_against_boris();
    let forged = || Auth::Unverified("no authentication configured".into());
    let before = w.row(g);
    // Someone writes Anna's address into From: nothing moves, Anna is asked.
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "f1",
        &format!("{g} 1. 5254"),
        forged(),
    );
    assert_eq!(p.moves_applied(), 0);
    assert!(w.ucis(g).is_empty());
    assert_eq!(p.replies.len(), 1, "{p:#?}");
    assert_eq!(p.replies[0].to, a.addr);
    assert!(
        p.outcome.starts_with("held for confirmation"),
        "{}",
        p.outcome
    );
    let first = code_of(&p);
    assert_eq!(first.len(), 6);
    // A newer held message replaces the older: its code no longer works.
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "f2",
        &format!("{g} 1. 5254"),
        forged(),
    );
    let code = code_of(&p);
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "c0",
        &format!("confirm {first}"),
        forged(),
    );
    assert_eq!(p.moves_applied(), 0, "{p:#?}");
    assert!(
        p.outcome.contains("unknown, used or expired"),
        "{}",
        p.outcome
    );
    // The game and its clocks are as they were while the move waits.
    assert_eq!(w.row(g), before);
    // Anna sends the code back, bare, in small letters, below a subject line:
    // the move is played.
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "c1",
        &format!("Zug\n{}", code.to_lowercase()),
        forged(),
    );
    assert_eq!(w.ucis(g), ["e2e4"], "{p:#?}");
    assert!(p.outcome.starts_with("hold "), "{}", p.outcome);
    assert!(p.replies.iter().any(|r| r.to == b.addr));
    // Single use.
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "c2",
        &format!("confirm {code}"),
        forged(),
    );
    assert_eq!(p.moves_applied(), 0);
    assert_eq!(w.ucis(g), ["e2e4"]);
}

#[test]
fn a_held_move_expires_after_72_hours() {
    let (mut w, a, _b, g) = anna_against_boris();
    let forged = || Auth::Unverified("forged".into());
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "f1",
        &format!("{g} 1. 5254"),
        forged(),
    );
    let code = code_of(&p);
    w.advance(SignedDuration::from_hours(73));
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "c1",
        &format!("confirm {code}"),
        forged(),
    );
    assert_eq!(p.moves_applied(), 0, "{p:#?}");
    assert!(w.ucis(g).is_empty());
    assert_eq!(p.replies.len(), 1);
    assert!(p.outcome.contains("expired"), "{}", p.outcome);
}

#[test]
fn a_forger_cannot_lock_a_pin_holder_out() {
    let mut w = World::new();
    let pia = pia(&mut w);
    let b = boris(&mut w);
    let g = w.game(&pia, &b, None, "-");
    let forged = |k: usize| Auth::Unverified(format!("forgery {k}"));
    // A stranger writes Pia's address into From, without a PIN, many times:
    // refused, but a missing PIN is no guess and locks nothing.
    for k in 0..8 {
        let p = w.send_as(
            Channel::Email,
            &pia.addr,
            &format!("f{k}"),
            &format!("{g} 1. a4"),
            forged(k),
        );
        assert_eq!(p.moves_applied(), 0);
    }
    let p = w.send(&pia, &format!("pin 1234\n{g} 1. e4"));
    assert_eq!(w.ucis(g), ["e2e4"], "{p:#?}");
    w.play(&b, g, "e7e5");
    // Then with wrong PINs, until the PIN is locked for the unauthenticated path...
    for k in 0..6 {
        let raw = format!("pin 000{k}\n{g} 2. a4");
        w.send_as(Channel::Email, &pia.addr, &format!("w{k}"), &raw, forged(k));
    }
    let p = w.send(&pia, &format!("pin 1234\n{g} 2. Nf3"));
    assert_eq!(p.moves_applied(), 0, "locked: {p:#?}");
    // ...while a mail her provider signed, vouched for by the operator's
    // server, still moves for her, PIN or not.
    let p = w.send_as(
        Channel::Email,
        &pia.addr,
        "signed",
        &format!("{g} 2. Nf3"),
        Auth::Vouched("dkim=pass header.d=example.org".into()),
    );
    assert_eq!(w.ucis(g), ["e2e4", "e7e5", "g1f3"], "{p:#?}");
}

#[test]
fn pin_failures_lock_only_the_address_they_came_from() {
    let mut w = World::new();
    // Pia plays by mail and by SMS, with one PIN.
    let new = NewPlayer {
        name: "Pia".into(),
        notation: Notation::San,
        lang: Lang::En,
        reply_via: Some(Channel::Email),
        tz: "UTC".into(),
        pin_hash: Some(service::hash_pin("1234").expect("pin")),
        addresses: vec![
            (Channel::Email, "pia@example.org".into()),
            (Channel::Sms, "+4915112345678".into()),
        ],
    };
    let tx = w.store.write().expect("write");
    let id = tx.add_player(&new, w.now).expect("add player");
    tx.commit().expect("commit");
    let pia = Who {
        id,
        name: "Pia".into(),
        channel: Channel::Email,
        addr: "pia@example.org".into(),
        notation: Notation::San,
        lang: Lang::En,
    };
    let b = boris(&mut w);
    let g = w.game(&pia, &b, None, "-");
    // A forger guesses with Pia's mail address in From until it locks...
    for k in 0..6 {
        let raw = format!("pin 000{k}\n{g} 1. a4");
        let forged = Auth::Unverified(format!("forgery {k}"));
        w.send_as(Channel::Email, &pia.addr, &format!("w{k}"), &raw, forged);
    }
    let p = w.send(&pia, &format!("pin 1234\n{g} 1. e4"));
    assert_eq!(p.moves_applied(), 0, "the mail address is locked: {p:#?}");
    // ...which locks that address only: her phone still moves, with the PIN.
    let p = w.send_id(
        Channel::Sms,
        "+4915112345678",
        "sms-1",
        &format!("pin 1234\n{g} 1. e4"),
    );
    assert_eq!(w.ucis(g), ["e2e4"], "{p:#?}");
}

#[test]
fn replies_that_answer_no_game_line_are_bounded_per_sender_and_hour() {
    let (mut w, a, b, g) = anna_against_boris();
    w.rules.replies_per_hour = 5;
    // A robot (or a forger) that is no player writes thirty times in an hour.
    for k in 0..30 {
        w.send_id(
            Channel::Email,
            "robot@example.net",
            &format!("r{k}"),
            "help",
        );
        w.advance(SignedDuration::from_secs(60));
    }
    let to_robot = |w: &World, sent: bool| {
        w.outbox()
            .iter()
            .filter(|r| r.to == "robot@example.net" && r.failed_at.is_none() == sent)
            .count()
    };
    assert_eq!(to_robot(&w, true), 5, "{:#?}", w.outbox());
    // The rest are kept as withheld, each message's journal says so, and
    // the director hears of it once.
    assert_eq!(to_robot(&w, false), 25);
    let floods: Vec<_> = w
        .incidents()
        .into_iter()
        .filter(|i| i.kind == store::IncidentKind::Flood)
        .collect();
    assert_eq!(floods.len(), 1, "{floods:#?}");
    let p = w.send_id(Channel::Email, "robot@example.net", "r-last", "help");
    assert!(p.outcome.contains("withheld"), "{}", p.outcome);
    // A player who asks for help over and over is bounded the same way...
    for k in 0..8 {
        w.send_id(Channel::Email, &a.addr, &format!("h{k}"), "help");
    }
    let to_anna = w
        .outbox()
        .iter()
        .filter(|r| r.to == a.addr && r.failed_at.is_none())
        .count();
    assert_eq!(to_anna, 5);
    // ...but her move and every answer to a game line still go out.
    let before = w.outbox().len();
    let p = w.send(&a, &format!("{g} 1. 5254"));
    assert_eq!(w.ucis(g), ["e2e4"], "{p:#?}");
    let fresh: Vec<_> = w.outbox().into_iter().skip(before).collect();
    assert!(fresh.iter().all(|r| r.failed_at.is_none()), "{fresh:#?}");
    assert!(fresh.iter().any(|r| r.to == a.addr));
    assert!(fresh.iter().any(|r| r.to == b.addr));
    let p = w.send(&a, &format!("{g} 2. 1122"));
    assert_eq!((p.refusals(), p.replies.len()), (1, 1), "{p:#?}");
    // An hour later the address may be answered again.
    w.advance(SignedDuration::from_hours(2));
    let p = w.send_id(Channel::Email, "robot@example.net", "r-later", "help");
    assert_eq!(p.replies.len(), 1, "{p:#?}");
}

#[test]
fn without_the_confirmation_loop_an_unauthenticated_move_is_refused() {
    let (mut w, a, _b, g) = anna_against_boris();
    w.rules.confirm_within = None;
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "f1",
        &format!("{g} 1. 5254"),
        Auth::Unverified("no authentication".into()),
    );
    assert!(w.ucis(g).is_empty());
    assert!(p.outcome.contains("not authenticated"), "{}", p.outcome);
    assert_eq!(p.replies.len(), 1);
    assert!(
        !p.replies[0].body.contains("confirm"),
        "{}",
        p.replies[0].body
    );
    let unauthenticated = w
        .incidents()
        .into_iter()
        .filter(|i| i.kind == store::IncidentKind::Unauthenticated)
        .count();
    assert_eq!(unauthenticated, 1);
}

#[test]
fn the_confirmation_time_is_the_configured_one() {
    let (mut w, a, _b, g) = anna_against_boris();
    w.rules.confirm_within = Some(SignedDuration::from_hours(2));
    let forged = || Auth::Unverified("forged".into());
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "f1",
        &format!("{g} 1. 5254"),
        forged(),
    );
    assert!(
        p.replies[0].body.contains("2 Stunden"),
        "{}",
        p.replies[0].body
    );
    let code = code_of(&p);
    w.advance(SignedDuration::from_hours(3));
    let p = w.send_as(
        Channel::Email,
        &a.addr,
        "c1",
        &format!("confirm {code}"),
        forged(),
    );
    assert_eq!(p.moves_applied(), 0, "{p:#?}");
    assert!(p.outcome.contains("expired"), "{}", p.outcome);
}

#[test]
fn a_player_may_have_their_sms_confirmed_and_a_non_e164_sender_matches_nobody() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play(&a, g, "e2e4");
    let tx = w.store.write().expect("write");
    tx.set_confirm_sms(b.id, true).expect("confirm sms");
    tx.commit().expect("commit");
    // An SMS under Boris's number is held: the code goes to his number,
    // where only Boris reads it.
    let p = w.send(&b, &format!("{g} 1... e5"));
    assert_eq!(w.ucis(g), ["e2e4"], "{p:#?}");
    assert!(
        p.outcome.starts_with("held for confirmation"),
        "{}",
        p.outcome
    );
    assert_eq!(
        (p.replies.len(), p.replies[0].to.as_str()),
        (1, b.addr.as_str())
    );
    let code = code_of(&p);
    let p = w.send(&b, &code);
    assert_eq!(w.ucis(g), ["e2e4", "e7e5"], "{p:#?}");
    // Anna's SMS-less mail is not affected; and a sender that is no E.164
    // number (an alphanumeric originator, a national number no country code
    // completed) is nobody's.
    for from in ["Boris", "01711234567", "+49 171 123"] {
        let p = w.send_id(
            Channel::Sms,
            from,
            &format!("x-{from}"),
            &format!("{g} 2. Nf3"),
        );
        assert!(
            p.outcome.contains("unknown sender"),
            "{from}: {}",
            p.outcome
        );
    }
    assert_eq!(w.ucis(g).len(), 2);
}

#[test]
fn prose_that_starts_like_pin_does_not_hide_the_pin_line() {
    let mut w = World::new();
    let pia = pia(&mut w);
    let b = boris(&mut w);
    let g = w.game(&pia, &b, None, "-");
    let p = w.send(
        &pia,
        &format!("Pinned to my desk all week, sorry.\npin 1234\n{g} 1. e4"),
    );
    assert_eq!(w.ucis(g), ["e2e4"], "{p:#?}");
    assert!(w.incidents().is_empty());
}

// ---------------------------------------------------------------------------
// 3. Repeated messages

#[test]
fn the_same_transport_id_again_changes_nothing_and_queues_nothing() {
    let (mut w, _, _, g) = anna_against_boris();
    let text = format!("{g} 1. 5254");
    let first = w.send_id(
        Channel::Email,
        "Anna <Anna@Example.org>",
        "<m1@example.org>",
        &text,
    );
    assert!(!first.duplicate);
    assert_eq!(first.replies.len(), 2);
    let outbox = w.outbox().len();
    let again = w.send_id(
        Channel::Email,
        "anna@example.org",
        "<m1@example.org>",
        &text,
    );
    assert!(again.duplicate);
    assert_eq!(again.journal_id, first.journal_id);
    assert!(again.replies.is_empty());
    assert_eq!(w.outbox().len(), outbox, "nothing new queued");
    assert_eq!(w.ucis(g), ["e2e4"], "applied once");
    // A refused message repeated is not recorded twice.
    let bad = format!("{g} 1... Qh4");
    let r1 = w.send_id(Channel::Sms, "+491711234567", "pdu-1", &bad);
    assert!(!r1.duplicate && r1.replies.len() == 1);
    let r2 = w.send_id(Channel::Sms, "+49 171 1234567", "pdu-1", &bad);
    assert!(r2.duplicate && r2.replies.is_empty());
    assert_eq!(w.incidents().len(), 1);
    assert_eq!(w.outbox().len(), outbox + 1);
    // The same id on another channel is another message.
    let other = w.send_id(
        Channel::Sms,
        "+491711234567",
        "<m1@example.org>",
        &format!("{g} 1... e5"),
    );
    assert!(!other.duplicate);
    assert_eq!(w.ucis(g), ["e2e4", "e7e5"]);
}

#[test]
fn a_move_sent_again_under_a_new_id_is_confirmed_again_not_applied_twice() {
    let (mut w, a, b, g) = anna_against_boris();
    let first = w.play(&a, g, "e2e4");
    let confirmation = only_to(&first.replies, &a);
    let outbox = w.outbox().len();
    let again = w.send(&a, &format!("{g} 1. 5254"));
    assert!(!again.duplicate);
    assert_eq!(w.ucis(g), ["e2e4"]);
    assert_eq!(
        again.replies.len(),
        1,
        "only the sender hears again: {again:#?}"
    );
    assert_eq!(only_to(&again.replies, &a), confirmation);
    assert_eq!(w.outbox().len(), outbox + 1);
    assert!(w.incidents().is_empty(), "a resent move is no incident");
    // With the echo of the opponent's move too, and without the number.
    w.play(&b, g, "e7e5");
    w.play(&a, g, "g1f3");
    let again = w.send(&a, &format!("{g} 1... 5755 2. 7163"));
    assert!(
        only_to(&again.replies, &a).contains("2. 7163 (7163) angenommen"),
        "{again:#?}"
    );
    let again = w.send(&a, &format!("{g} 7163"));
    assert!(
        only_to(&again.replies, &a).contains("2. 7163 (7163) angenommen"),
        "{again:#?}"
    );
    assert_eq!(w.ucis(g), ["e2e4", "e7e5", "g1f3"]);
    assert!(w.incidents().is_empty());
}

#[test]
fn messages_without_a_transport_id_are_each_new_even_at_the_same_instant() {
    let (mut w, a, b, g) = anna_against_boris();
    let msg = |from: &Who, text: String| Inbound {
        channel: from.channel,
        from: from.addr.clone(),
        transport_id: None,
        raw: text.clone().into_bytes(),
        text,
        auth: Auth::Unchecked,
        rules: service::Rules::default(),
    };
    let p1 =
        service::submit(&mut w.store, &msg(&a, format!("{g} 1. 5254")), w.now).expect("submit");
    let p2 =
        service::submit(&mut w.store, &msg(&b, format!("{g} 1... e5")), w.now).expect("submit");
    assert!(!p1.duplicate && !p2.duplicate);
    assert_ne!(p1.journal_id, p2.journal_id);
    assert_eq!(w.ucis(g), ["e2e4", "e7e5"]);
}

#[test]
fn a_message_journaled_but_not_processed_is_processed_when_it_comes_again() {
    let (mut w, a, _, g) = anna_against_boris();
    let text = format!("{g} 1. 5254");
    // A crash after journaling, before processing, leaves an entry without outcome.
    let tx = w.store.write().expect("write");
    let journaled = tx
        .journal(
            Channel::Email,
            "<crash@example.org>",
            &a.addr,
            text.as_bytes(),
            w.now,
        )
        .expect("journal");
    tx.commit().expect("commit");
    let store::Journaled::New(id) = journaled else {
        panic!("new entry expected")
    };
    assert_eq!(w.store.pending().expect("pending").len(), 1);
    let p = w.send_id(Channel::Email, &a.addr, "<crash@example.org>", &text);
    assert!(!p.duplicate);
    assert_eq!(p.journal_id, id);
    assert_eq!(p.replies.len(), 2);
    assert_eq!(w.ucis(g), ["e2e4"]);
    assert!(w.store.pending().expect("pending").is_empty());
    // And a third delivery changes nothing.
    assert!(
        w.send_id(Channel::Email, &a.addr, "<crash@example.org>", &text)
            .duplicate
    );
    assert_eq!(w.ucis(g), ["e2e4"]);
}

#[test]
fn without_a_reference_the_move_goes_to_the_one_game_waiting_for_the_sender() {
    let mut w = World::new();
    let (a, b, c) = (anna(&mut w), boris(&mut w), carl(&mut w));
    let g1 = w.game(&a, &b, None, "-");
    let g2 = w.game(&c, &a, None, "-");
    // Anna is to move only in g1 (in g2 Carl is).
    w.send(&a, "1. 5254");
    assert_eq!(w.ucis(g1), ["e2e4"]);
    assert!(w.ucis(g2).is_empty());
    // Now she waits in no game: she is asked which, and told whose move.
    let p = w.send(&a, "2. 7163");
    assert!(
        only_to(&p.replies, &a).contains(&format!(
            "P{g1} gegen Boris, Boris am Zug; P{g2} gegen Carl, Carl am Zug"
        )),
        "{p:#?}"
    );
    assert_eq!(w.ucis(g1), ["e2e4"]);
}

#[test]
fn a_command_without_a_reference_goes_to_the_one_waiting_game_or_the_only_game() {
    let mut w = World::new();
    let (a, b, c) = (anna(&mut w), boris(&mut w), carl(&mut w));
    let g1 = w.game(&a, &b, None, "-");
    let g2 = w.game(&a, &c, None, "-");
    // Anna is to move in both: which one she offers a draw in is not guessed.
    let p = w.send(&a, "draw?");
    assert!(
        only_to(&p.replies, &a).contains(&format!(
            "P{g1} gegen Boris, Sie sind am Zug; P{g2} gegen Carl, Sie sind am Zug"
        )),
        "{p:#?}"
    );
    assert_eq!((w.row(g1).draw_offer, w.row(g2).draw_offer), (None, None));
    // After her move in g1 she waits in g2 only: that game is meant
    // (`protocols/message.md` §9).
    w.play(&a, g1, "e2e4");
    w.send(&a, "draw?");
    assert_eq!(
        (w.row(g1).draw_offer, w.row(g2).draw_offer),
        (None, Some(Color::White))
    );
    // g2 is Carl's only game, so his acceptance needs no reference.
    let p = w.send(&c, "accept");
    assert_eq!(
        w.row(g2).result.map(|r| r.as_str()),
        Some("1/2-1/2"),
        "{p:#?}"
    );
    // Dora's only game, where she is not to move.
    let d = w.player(
        "Dora",
        Channel::Email,
        "dora@example.com",
        Notation::San,
        Lang::En,
    );
    let g3 = w.game(&d, &c, None, "-");
    w.play(&d, g3, "e2e4");
    let p = w.send(&d, "I resign.");
    assert_eq!(w.row(g3).result.map(|r| r.as_str()), Some("0-1"), "{p:#?}");
}

#[test]
fn conditional_moves_without_a_reference_go_to_the_one_game_awaiting_the_opponent() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&b, &a, Some(MOVE_15), "-");
    let p = w.send(&b, "if 15... Nf6 16. Bg5");
    assert_eq!(
        w.store.conditionals(g, b.id).expect("conditionals").len(),
        1,
        "{p:#?}"
    );
    assert!(w.incidents().is_empty(), "{:#?}", w.incidents());
}

// ---------------------------------------------------------------------------
// 5. Conditional moves

/// Black to move at move 15; Nf6, Bg5, e6 and Qf3 are all legal in turn.
const MOVE_15: &str = "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 15";

#[test]
fn conditional_moves_are_played_when_the_opponent_plays_the_condition() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&b, &a, Some(MOVE_15), "-");
    let p = w.send(&b, &format!("{g} if 15... Nf6 16. Bg5 if 16... e6 17. Qf3"));
    assert_eq!(
        only_to(&p.replies, &b),
        format!("G{g} conditional moves stored: if Nf6 Bg5, if e6 Qf3")
    );
    assert_eq!(
        w.store.conditionals(g, b.id).expect("conditionals"),
        [
            ("g8f6".to_string(), "c1g5".to_string()),
            ("e7e6".to_string(), "d1f3".to_string())
        ]
    );
    assert!(w.ucis(g).is_empty(), "nothing played yet");

    // Anna plays the condition: 16. Bg5 follows at once.
    let p = w.send(&a, &format!("{g} 15... 7866"));
    assert_eq!(w.ucis(g), ["g8f6", "c1g5"]);
    let to_anna = bodies_to(&p.replies, &a);
    assert!(
        to_anna
            .iter()
            .any(|m| m.contains("15... 7866 (7866) angenommen")),
        "{to_anna:#?}"
    );
    assert!(
        to_anna
            .iter()
            .any(|m| m.contains("16. 3175 (3175) von Boris")),
        "Anna hears of Bg5: {to_anna:#?}"
    );
    let to_boris = bodies_to(&p.replies, &b);
    assert!(
        to_boris
            .iter()
            .any(|m| m.contains("15... Nf6 (7866) by Anna")),
        "{to_boris:#?}"
    );
    assert!(
        to_boris
            .iter()
            .any(|m| m.contains("Your conditional move 16. Bg5 (3175) was played in reply")),
        "{to_boris:#?}"
    );
    assert_eq!(
        w.store.conditionals(g, b.id).expect("conditionals").len(),
        1
    );

    // And the second pair.
    w.send(&a, &format!("{g} 16... 5756"));
    assert_eq!(w.ucis(g), ["g8f6", "c1g5", "e7e6", "d1f3"]);
    assert!(
        w.store
            .conditionals(g, b.id)
            .expect("conditionals")
            .is_empty()
    );
    assert!(w.incidents().is_empty());
}

#[test]
fn a_move_other_than_the_condition_drops_the_conditional_moves() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&b, &a, Some(MOVE_15), "-");
    w.send(&b, &format!("{g} if 15... Nf6 16. Bg5 if 16... e6 17. Qf3"));
    let p = w.send(&a, &format!("{g} 15... 2836"));
    assert_eq!(w.ucis(g), ["b8c6"], "nothing played for Boris");
    assert!(
        w.store
            .conditionals(g, b.id)
            .expect("conditionals")
            .is_empty()
    );
    let to_boris = bodies_to(&p.replies, &b);
    assert!(
        to_boris.iter().any(
            |m| m.contains("Check Y6KW. Your conditional moves were dropped: Anna played Nc6.")
        ),
        "{to_boris:#?}"
    );
}

#[test]
fn conditional_moves_are_refused_when_illegal_or_misnumbered_or_on_ones_own_move() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&b, &a, Some(MOVE_15), "-");
    let cases = [
        (&b, format!("{g} if 15... Nf6 16. Ke3"), "Ke3"),
        (&a, format!("{g} if 16. Bg5 16... e6"), "Sie sind am Zug"),
        (&b, format!("{g} if 14... Nf6 15. Bg5"), "15..."),
        (
            &b,
            format!("{g} if 15... Nf6 16. Bg5 if 17... e6 18. Qf3"),
            "16...",
        ),
    ];
    for (incidents, (who, raw, why)) in cases.into_iter().enumerate() {
        let p = w.send(who, &raw);
        let body = assert_refused(
            &w,
            (g, &[], incidents),
            &p,
            who,
            "conditional_refused",
            &raw,
        );
        assert!(body.contains(why), "{raw}: {body}");
    }
    assert!(
        w.store
            .conditionals(g, b.id)
            .expect("conditionals")
            .is_empty()
    );
}

// ---------------------------------------------------------------------------
// 6. Every way a game ends

/// Checks that a game is over with `result` and `reason`, both players told.
fn assert_over(
    w: &mut World,
    g: GameId,
    p: &Processed,
    players: [&Who; 2],
    result: &str,
    reason: &str,
) {
    let row = w.row(g);
    assert!(row.finished, "game {g} should be over: {row:?}");
    assert_eq!(row.result.map(|r| r.as_str()), Some(result), "{row:?}");
    assert!(
        row.reason
            .as_ref()
            .is_some_and(|r| r.to_string().contains(reason)),
        "{row:?}"
    );
    assert!(row.finished_at.is_some());
    // Each player reads the reason in their own language.
    let termination = row.reason.clone().expect("a finished game has a reason");
    for who in players {
        let told = bodies_to(&p.replies, who);
        let reader = Reader::new(who.lang, Form::from(who.channel));
        let theirs = l10n::termination(reader, &termination);
        assert!(
            told.iter()
                .any(|m| m.contains(result) && m.contains(&theirs)),
            "{} not told of {result} {theirs}: {p:#?}",
            who.name
        );
    }
    // A finished game takes no more moves.
    let record = w.record(g);
    if let Some(mv) = record.pos.legal_moves().first() {
        let mover = if record.pos.turn() == Color::White {
            row.white
        } else {
            row.black
        };
        let who = players.into_iter().find(|p| p.id == mover).expect("player");
        let before = w.ucis(g);
        let text = format!("{g} {}", written(&record.pos, *mv, who));
        let p = w.send(who, &text);
        assert_eq!(w.ucis(g), before, "a move after the end was applied");
        assert!(only_to(&p.replies, who).contains(result), "{p:#?}");
    }
}

#[test]
fn checkmate_ends_the_game() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play_all(&a, &b, g, &["f2f3", "e7e5", "g2g4"]);
    let p = w.play(&b, g, "d8h4");
    assert!(
        bodies_to(&p.replies, &b)
            .iter()
            .any(|m| m.contains("2... Qh4# (4884) accepted")),
        "{p:#?}"
    );
    assert!(
        bodies_to(&p.replies, &a)
            .iter()
            .any(|m| m.contains("2... 4884 (4884) von Boris")),
        "{p:#?}"
    );
    assert_over(&mut w, g, &p, [&a, &b], "0-1", "checkmate");
}

#[test]
fn stalemate_ends_the_game_drawn() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&b, &a, Some("7k/4Q3/6K1/8/8/8/8/8 w - - 0 60"), "-");
    let p = w.play(&b, g, "e7f7");
    assert_over(&mut w, g, &p, [&a, &b], "1/2-1/2", "stalemate");
}

#[test]
fn insufficient_material_ends_the_game_drawn() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, Some("8/8/4k3/8/8/8/3r4/4K3 w - - 0 70"), "-");
    let p = w.play(&a, g, "e1d2");
    assert_over(&mut w, g, &p, [&a, &b], "1/2-1/2", "insufficient material");
}

const SHUFFLE: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];

#[test]
fn fivefold_repetition_ends_the_game_drawn() {
    let (mut w, a, b, g) = anna_against_boris();
    let plies: Vec<&str> = SHUFFLE.iter().copied().cycle().take(16).collect();
    w.play_all(&a, &b, g, &plies[..15]);
    assert!(!w.row(g).finished, "four times is not yet five");
    let p = w.play(&b, g, plies[15]);
    assert_over(&mut w, g, &p, [&a, &b], "1/2-1/2", "fivefold repetition");
}

#[test]
fn seventy_five_moves_end_the_game_drawn() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, Some("4k3/8/8/8/8/8/R7/4K3 w - - 148 120"), "-");
    w.play(&a, g, "a2a3");
    assert!(!w.row(g).finished, "149 half-moves");
    let p = w.play(&b, g, "e8d8");
    assert_over(&mut w, g, &p, [&a, &b], "1/2-1/2", "seventy-five");
}

#[test]
fn resignation_ends_the_game() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play(&a, g, "e2e4");
    // Resigning does not need one's move.
    let p = w.send(&a, &format!("{g} resign"));
    assert_over(&mut w, g, &p, [&a, &b], "0-1", "Anna resigned");
    let g2 = w.game(&a, &b, None, "-");
    let p = w.send(&b, &format!("G{g2} I resign."));
    assert_over(&mut w, g2, &p, [&a, &b], "1-0", "Boris resigned");
}

#[test]
fn a_draw_offered_with_a_move_and_accepted() {
    let (mut w, a, b, g) = anna_against_boris();
    let p = w.send(&a, &format!("{g} 1. 5254 (=)"));
    assert_eq!(w.ucis(g), ["e2e4"]);
    assert_eq!(w.row(g).draw_offer, Some(Color::White));
    assert!(
        only_to(&p.replies, &b).ends_with(&format!(
            "Draw offered: reply G{g} accept, or play on. Your move."
        )),
        "{p:#?}"
    );
    // The offerer cannot accept her own offer.
    let p = w.send(&a, &format!("{g} accept"));
    assert!(
        only_to(&p.replies, &a).contains("kein Remisangebot"),
        "{p:#?}"
    );
    assert!(!w.row(g).finished);
    let p = w.send(&b, &format!("{g} accept"));
    assert_over(&mut w, g, &p, [&a, &b], "1/2-1/2", "draw agreed");
}

#[test]
fn a_draw_offer_lapses_when_the_opponent_moves_and_stands_across_the_offerers_own_move() {
    let (mut w, a, b, g) = anna_against_boris();
    // `draw?` alone, then the move, in one message: the offer goes with the move.
    let p = w.send(&a, &format!("{g} draw?\n{g} 1. 5254"));
    assert_eq!(w.ucis(g), ["e2e4"]);
    assert!(
        bodies_to(&p.replies, &b)
            .iter()
            .any(|m| m.contains("offers a draw")),
        "{p:#?}"
    );
    assert_eq!(
        w.row(g).draw_offer,
        Some(Color::White),
        "Boris was told of an offer: it stands"
    );
    // Boris plays on: the offer lapses and cannot be accepted afterwards.
    w.play(&b, g, "e7e5");
    assert_eq!(w.row(g).draw_offer, None);
    let p = w.send(&b, &format!("{g} accept"));
    assert!(only_to(&p.replies, &b).contains("no draw offer"), "{p:#?}");
    assert!(!w.row(g).finished);
    // `draw?` on its own, then accepted.
    w.send(&a, &format!("{g} draw?"));
    let p = w.send(&b, &format!("{g} draw accepted"));
    assert_over(&mut w, g, &p, [&a, &b], "1/2-1/2", "draw agreed");
}

#[test]
fn a_declined_offer_is_withdrawn_and_the_offerer_told() {
    let (mut w, a, b, g) = anna_against_boris();
    w.send(&a, &format!("{g} 1. 5254 draw?"));
    let p = w.send(&b, &format!("{g} decline"));
    assert_eq!(w.row(g).draw_offer, None);
    assert!(
        only_to(&p.replies, &a).contains("Boris lehnt Ihr Remisangebot ab"),
        "{p:#?}"
    );
    let p = w.send(&b, &format!("{g} accept"));
    assert!(only_to(&p.replies, &b).contains("no draw offer"), "{p:#?}");
    assert!(!w.row(g).finished);
}

#[test]
fn a_threefold_repetition_claim_is_checked() {
    let (mut w, a, b, g) = anna_against_boris();
    let plies: Vec<&str> = SHUFFLE.iter().copied().cycle().take(8).collect();
    w.play_all(&a, &b, g, &plies[..4]);
    // The start position has occurred twice: a claim now is false.
    let raw = format!("{g} claim 3");
    let p = w.send(&a, &raw);
    let body = assert_refused(&w, (g, &w.ucis(g), 0), &p, &a, "claim_refused", &raw);
    assert!(body.contains("Remisreklamation abgelehnt"), "{body}");
    assert!(!w.row(g).finished);
    // Nor can the fifty-move rule be claimed.
    let raw = format!("{g} claim 50");
    let p = w.send(&b, &raw);
    let body = assert_refused(&w, (g, &w.ucis(g), 1), &p, &b, "claim_refused", &raw);
    assert!(body.contains("fifty moves"), "{body}");
    w.play_all(&a, &b, g, &plies[4..]);
    assert!(!w.row(g).finished, "three times needs a claim");
    let p = w.send(&a, &format!("{g} claim draw threefold repetition"));
    assert_over(&mut w, g, &p, [&a, &b], "1/2-1/2", "threefold repetition");
}

#[test]
fn a_fifty_move_claim_is_checked() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, Some("4k3/8/8/8/8/8/R7/4K3 w - - 99 90"), "-");
    let raw = format!("{g} claim 50");
    let p = w.send(&a, &raw);
    assert_refused(&w, (g, &[], 0), &p, &a, "claim_refused", &raw);
    w.play(&a, g, "a2a3");
    // A claim without a ground finds the fifty-move rule.
    let p = w.send(&b, &format!("{g} claim"));
    assert_over(&mut w, g, &p, [&a, &b], "1/2-1/2", "fifty-move rule");
}

#[test]
fn the_director_adjudicates_and_takes_back() {
    let (mut w, a, b, g) = anna_against_boris();
    w.play_all(&a, &b, g, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert!(w.row(g).finished);
    let outbox = w.outbox().len();
    let n = service::takeback(
        &mut w.store,
        &service::Actor::Operator,
        g,
        2,
        "mouse slip agreed by both",
        w.now,
    )
    .expect("takeback");
    assert_eq!(n, 2);
    assert_eq!(w.ucis(g), ["f2f3", "e7e5"]);
    let row = w.row(g);
    assert!(!row.finished && row.result.is_none());
    assert_eq!(w.outbox().len(), outbox + 2, "both players told");
    assert!(
        service::takeback(&mut w.store, &service::Actor::Operator, g, 5, "x", w.now).is_err(),
        "cannot take back moves not played"
    );
    w.play(&a, g, "d2d4");
    assert!(
        service::adjudicate(
            &mut w.store,
            &service::Actor::Operator,
            g,
            "2-0",
            "x",
            false,
            w.now
        )
        .is_err()
    );
    service::adjudicate(
        &mut w.store,
        &service::Actor::Operator,
        g,
        "1-0",
        "Black abandoned the game",
        false,
        w.now,
    )
    .expect("adjudicate");
    let row = w.row(g);
    assert_eq!(
        (row.finished, row.result.map(|r| r.as_str())),
        (true, Some("1-0"))
    );
    let trail = w.store.audit_trail(g).expect("audit");
    assert_eq!(
        trail.iter().map(|t| t.action.as_str()).collect::<Vec<_>>(),
        ["takeback", "adjudicate"]
    );
}

// ---------------------------------------------------------------------------
// 6/7. Clocks, reminders, forfeits and leave, under a test clock

const DAY: SignedDuration = SignedDuration::from_hours(24);

fn reminders_to(w: &World, who: &Who) -> usize {
    w.outbox()
        .iter()
        .filter(|r| {
            r.to == who.addr && (r.body.contains("reminder") || r.body.contains("Erinnerung"))
        })
        .count()
}

#[test]
fn reminders_come_once_per_move_and_a_forfeit_after_the_limit() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, None, "3d");
    assert_eq!(
        w.sweep(),
        service::SweepReport::default(),
        "the day the game starts costs nothing"
    );
    w.advance(DAY);
    let r = w.sweep();
    assert_eq!(r.reminders, [g]);
    assert!(r.forfeits.is_empty());
    assert_eq!(reminders_to(&w, &a), 1);
    assert!(
        w.outbox().iter().any(|m| m.to == a.addr
            && m.body == format!("P{g} Erinnerung: Sie sind am Zug, noch 2 Tage."))
    );
    // Once per move: not again the same day, nor the next days.
    assert_eq!(w.sweep(), service::SweepReport::default());
    w.advance(DAY);
    assert_eq!(w.sweep(), service::SweepReport::default());
    assert_eq!(reminders_to(&w, &a), 1);
    // Anna moves on day 2; Boris's clock starts when the notice is sent.
    w.play(&a, g, "e2e4");
    w.advance(DAY * 5);
    assert_eq!(
        w.sweep(),
        service::SweepReport::default(),
        "an undelivered move starts no clock"
    );
    w.deliver_all();
    w.advance(DAY);
    assert_eq!(w.sweep().reminders, [g]);
    assert_eq!(reminders_to(&w, &b), 1);
    w.play(&b, g, "e7e5");
    w.deliver_all();
    // Anna's next move is another move: another reminder.
    w.advance(DAY);
    assert_eq!(w.sweep().reminders, [g]);
    assert_eq!(reminders_to(&w, &a), 2);
    // Three days used is exactly the allowance: in time.
    w.advance(DAY * 2);
    assert_eq!(w.sweep(), service::SweepReport::default());
    assert!(!w.row(g).finished);
    // The fourth is one too many.
    w.advance(DAY);
    let before = w.outbox().len();
    let r = w.sweep();
    assert_eq!(r.forfeits, [g]);
    let row = w.row(g);
    assert_eq!(row.result.map(|r| r.as_str()), Some("0-1"));
    assert!(
        row.reason
            .as_ref()
            .is_some_and(|r| r.to_string().contains("Anna lost on time")),
        "{row:?}"
    );
    let told: Vec<_> = w.outbox().into_iter().skip(before).collect();
    assert_eq!(told.len(), 2, "both told: {told:#?}");
    // A finished game is swept no more.
    w.advance(DAY * 10);
    assert_eq!(w.sweep(), service::SweepReport::default());
}

/// A forward jump of the system clock (60 days) forfeited every game whose
/// player was to move, and the forfeits stood when the clock came back:
/// a sweep that far past its last run now only reminds, tells the
/// director once (an incident), and waits until the time is confirmed.
#[test]
fn a_jump_of_the_clock_forfeits_nobody_until_the_time_is_confirmed() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, None, "3d");
    let margin = Some(SignedDuration::from_hours(24));
    let guarded =
        |w: &mut World| service::sweep_clocks(&mut w.store, w.now, margin).expect("sweep");
    // A gateway that runs all along never meets the guard.
    assert_eq!(guarded(&mut w), service::SweepReport::default());
    w.advance(DAY);
    assert_eq!(guarded(&mut w).reminders, [g]);
    w.advance(DAY * 60);
    let r = guarded(&mut w);
    assert!(r.forfeits.is_empty(), "{r:?}");
    assert_eq!(r.held, Some(SignedDuration::from_hours(24 * 60)));
    assert!(!w.row(g).finished);
    // The clock comes back: still held, and the director told once.
    w.advance(DAY * -59);
    assert!(guarded(&mut w).held.is_some());
    w.advance(DAY * 59);
    assert!(guarded(&mut w).held.is_some());
    let told: Vec<_> = w
        .incidents()
        .into_iter()
        .filter(|i| i.kind == store::IncidentKind::ClockJump)
        .collect();
    assert_eq!(told.len(), 1, "{told:#?}");
    assert!(told[0].detail.contains("60 days"), "{}", told[0].detail);
    assert!(!w.row(g).finished);
    // The director confirms the time: the sweep runs at once, and after it
    // the guard is as before.
    let r = service::sweep_clocks(&mut w.store, w.now, None).expect("sweep");
    assert_eq!((r.forfeits, r.held), (vec![g], None));
    w.advance(DAY);
    assert_eq!(guarded(&mut w).held, None);
}

#[test]
fn black_forfeits_too() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, None, "2d");
    w.play(&a, g, "e2e4");
    w.deliver_all();
    w.advance(DAY * 3);
    assert_eq!(w.sweep().forfeits, [g]);
    assert_eq!(w.row(g).result.map(|r| r.as_str()), Some("1-0"));
}

/// A player's stored leaves: (id, from, until) as dates are written.
fn leaves(w: &World, who: &Who) -> Vec<(i64, String, Option<String>)> {
    w.store
        .leaves(who.id)
        .expect("leaves")
        .into_iter()
        .map(|l| {
            (
                l.id.0,
                l.leave.from.to_string(),
                l.leave.until.map(|d| d.to_string()),
            )
        })
        .collect()
}

#[test]
fn leave_stops_the_clock() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, None, "3d");
    let p = w.send(&a, "leave 10");
    // From tomorrow (4 March) for ten days, to 13 March.
    assert_eq!(
        only_to(&p.replies, &a),
        "ccgate: Urlaub vom 2025-03-04 bis 2025-03-13 notiert. Noch 35 Tage in diesem Jahr."
    );
    assert_eq!(
        leaves(&w, &a),
        [(1, "2025-03-04".to_string(), Some("2025-03-13".to_string()))]
    );
    assert!(w.incidents().is_empty());
    // Ten days on: no day of the leave has counted.
    for _ in 0..10 {
        w.advance(DAY);
        assert_eq!(w.sweep(), service::SweepReport::default(), "{}", w.now);
    }
    // The first day after the leave counts.
    w.advance(DAY);
    assert_eq!(w.sweep().reminders, [g]);
    w.advance(DAY * 2);
    assert_eq!(w.sweep(), service::SweepReport::default());
    w.advance(DAY);
    assert_eq!(w.sweep().forfeits, [g]);
}

#[test]
fn a_move_during_leave_ends_it() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, None, "3d");
    w.send(&a, "leave 10");
    // Anna moves on 6 March, during her leave: it ends that day.
    w.advance(DAY * 3);
    w.play(&a, g, "e2e4");
    assert_eq!(
        leaves(&w, &a),
        [(1, "2025-03-04".to_string(), Some("2025-03-06".to_string()))]
    );
    w.deliver_all();
    w.play(&b, g, "e7e5");
    w.deliver_all();
    // Her clock runs again from 6 March: four days later she has lost,
    // although the leave she asked for would have lasted until 13 March.
    w.advance(DAY * 3);
    assert_eq!(
        w.sweep(),
        service::SweepReport {
            held: None,
            forfeits: vec![],
            reminders: vec![g],
            silences: vec![],
        }
    );
    w.advance(DAY);
    assert_eq!(w.sweep().forfeits, [g]);
    assert_eq!(w.row(g).result.map(|r| r.as_str()), Some("0-1"));
}

#[test]
fn leave_beyond_the_allowance_is_refused() {
    let mut w = World::new();
    let b = boris(&mut w);
    let p = w.send(&b, "leave 46");
    assert!(
        only_to(&p.replies, &b).starts_with("ccgate: leave refused"),
        "{p:#?}"
    );
    assert!(w.store.leaves(b.id).expect("leaves").is_empty());
}

#[test]
fn a_move_with_a_draw_offer_fits_one_sms_in_every_language() {
    use ccgate::protocol::sms::{limit, units};
    let mut w = World::new();
    let alexandra = w.player(
        "Alexandra Kuznetsova",
        Channel::Email,
        "alexandra@example.org",
        Notation::San,
        Lang::En,
    );
    for (k, (lang, offer_words)) in [
        (Lang::Ru, "ничь"),
        (Lang::De, "Remis"),
        (Lang::En, "Draw offered"),
    ]
    .into_iter()
    .enumerate()
    {
        let them = w.player(
            &format!("Player {k}"),
            Channel::Sms,
            &format!("+4917100000{k:02}"),
            Notation::San,
            lang,
        );
        // Game 12 or so, at move 54.
        let mut g = GameId(0);
        while g.0 < 12 {
            g = w.game(
                &alexandra,
                &them,
                Some("5k2/8/8/8/8/8/6K1/4R3 b - - 0 54"),
                "-",
            );
        }
        w.play(&them, g, "f8f7");
        let p = w.send(&alexandra, &format!("{g} 55. Re7+ (=)"));
        let notice = only_to(&p.replies, &them);
        let (encoding, n) = units(&notice);
        assert!(n <= limit(encoding), "{notice}");
        assert!(
            !notice.ends_with('…') && !notice.ends_with("..."),
            "the notice was cut: {notice}"
        );
        assert!(
            notice.contains(offer_words),
            "{lang}: the offer is in the notice: {notice}"
        );
        assert_eq!(w.row(g).draw_offer, Some(Color::White));
    }
}

// ---------------------------------------------------------------------------
// The outbox as transports use it

#[test]
fn the_outbox_retries_with_backoff_gives_up_and_starts_clocks_when_sent() {
    let (mut w, a, _, g) = anna_against_boris();
    w.play(&a, g, "e2e4");
    let due = |w: &World, c: Channel| w.store.due(c, w.now, 10).expect("due");
    let notice = due(&w, Channel::Sms);
    assert_eq!(notice.len(), 1);
    assert_eq!(due(&w, Channel::Email).len(), 1);
    // A failed attempt waits before the next one.
    let tx = w.store.write().expect("write");
    tx.mark_failed(notice[0].id, "modem busy", w.now, retry3())
        .expect("failed");
    tx.commit().expect("commit");
    assert!(due(&w, Channel::Sms).is_empty());
    w.advance(SignedDuration::from_hours(1));
    assert_eq!(due(&w, Channel::Sms).len(), 1);
    // Sent: the move is delivered then, and it is no longer due.
    let tx = w.store.write().expect("write");
    tx.mark_sent(notice[0].id, w.now).expect("sent");
    tx.commit().expect("commit");
    assert!(due(&w, Channel::Sms).is_empty());
    let moves = w.store.moves(g).expect("moves");
    assert_eq!(moves[0].delivered_at, Some(w.now));
    // Too many failures: given up, and out of the unsent list.
    let email = due(&w, Channel::Email);
    for _ in 0..3 {
        let tx = w.store.write().expect("write");
        tx.mark_failed(email[0].id, "550 no such user", w.now, retry3())
            .expect("failed");
        tx.commit().expect("commit");
        w.advance(SignedDuration::from_hours(24 * 30));
    }
    assert!(due(&w, Channel::Email).is_empty());
    assert!(w.store.outbox(false).expect("outbox").is_empty());
    assert_eq!(w.outbox().len(), 2);
}

#[test]
fn the_penalty_policy_charges_days_for_an_illegal_move_and_can_forfeit() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    // 3 days per move, 2 penalty days per illegal move.
    let g = w.game(&a, &b, None, "3d");
    {
        let tx = w.store.write().expect("tx");
        tx.set_penalty_days(g, 2).expect("policy");
        tx.commit().expect("commit");
    }
    assert_eq!(w.row(g).penalty_days, 2);
    w.play(&a, g, "e2e4");
    w.deliver_all();
    let before = w.ucis(g);
    let p = w.send(&b, &format!("{g} 1... Qh4"));
    let body = only_to(&p.replies, &b);
    assert!(body.contains("Penalty: 2 days"), "{body}");
    assert_eq!(w.ucis(g), before, "nothing applied");
    // Without the penalty, two days later Black would still be in time (3 days per move);
    // with 2 penalty days the limit is passed.
    w.advance(SignedDuration::from_hours(48));
    let report = w.sweep();
    assert_eq!(report.forfeits, vec![g], "{report:?}");
    assert_eq!(w.row(g).result.map(|r| r.as_str()), Some("1-0"));
}

#[test]
fn without_a_penalty_policy_an_illegal_move_costs_no_time() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&a, &b, None, "3d");
    w.play(&a, g, "e2e4");
    w.deliver_all();
    let p = w.send(&b, &format!("{g} 1... Qh4"));
    assert!(!only_to(&p.replies, &b).contains("Penalty"));
    w.advance(SignedDuration::from_hours(48));
    assert!(w.sweep().forfeits.is_empty());
    assert!(w.row(g).result.is_none());
}

/// Three attempts, the first retry after two minutes.
fn retry3() -> store::Retry {
    store::Retry {
        max_attempts: 3,
        first_delay_secs: 120,
    }
}

#[test]
fn an_email_notice_retried_after_the_next_move_shows_the_position_of_its_own_text() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&b, &a, None, "-");
    let p = w.play(&b, g, "e2e4");
    let notice = p
        .replies
        .iter()
        .find(|r| r.to == a.addr)
        .cloned()
        .expect("Anna's notice");
    let decided = ccgate::transport::email::compose::body(&notice, None);
    // Anna's mail fails for now and waits for its retry; the game goes on.
    let tx = w.store.write().expect("write");
    tx.mark_failed(notice.id, "451 try again later", w.now, retry3())
        .expect("failed");
    tx.commit().expect("commit");
    w.play(&a, g, "e7e5");
    w.play(&b, g, "g1f3");
    let retried = w.store.reply(notice.id).expect("read").expect("kept");
    let mail = ccgate::transport::email::compose::body(&retried, None);
    assert_eq!(mail, decided, "the retry is the mail as decided");
    // The board of 1. e4: Black's pawns unmoved, no knight on f3.
    // From Anna's side (Black), in her German letters.
    assert!(mail.contains("7 b b b b b b b b"), "{mail}");
    assert!(mail.contains("1 T S L K D L S T"), "{mail}");
    let record = retried.sheet.expect("a sheet").record;
    assert!(record.contains("5254"), "{record:?}");
    for later in ["5755", "7163"] {
        assert!(!record.contains(later), "a later move in {record:?}");
    }
}

#[test]
fn a_store_error_while_checking_reminders_is_an_error_not_a_missed_reminder() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    w.game(&a, &b, None, "10d");
    w.db.raw("DROP TABLE reminders;");
    // Far from her limit, Anna is due no reminder: the sweep must still
    // fail rather than take the failed read for "not reminded yet".
    assert!(service::sweep_clocks(&mut w.store, w.now, None).is_err());
}

#[test]
fn the_sheet_of_a_mating_moves_notices_shows_the_game_as_the_message_left_it() {
    let mut w = World::new();
    let (a, b) = (anna(&mut w), boris(&mut w));
    let g = w.game(&b, &a, None, "-");
    w.play_all(&b, &a, g, &["f2f3", "e7e5", "g2g4"]);
    let p = w.play(&a, g, "d8h4");
    let sheets: Vec<_> = p
        .replies
        .iter()
        .filter(|r| r.to == a.addr)
        .map(|r| {
            r.sheet
                .clone()
                .expect("an email reply about a game has a sheet")
        })
        .collect();
    // The confirmation and the end of the game in one reply, with the result.
    assert_eq!(sheets.len(), 1, "{p:#?}");
    for sheet in &sheets {
        assert!(sheet.record.trim_end().ends_with("0-1"), "{sheet:?}");
        // From Anna's side (Black), in German letters.
        assert!(sheet.board.contains("4 d B . . . . . ."), "{sheet:?}");
        assert_eq!(
            (sheet.white.as_str(), sheet.black.as_str()),
            ("Boris", "Anna")
        );
    }
}

/// Group commit: several messages in one transaction.
mod batch;
/// Bridged Xfcc games through the service.
mod bridge;
/// Events: a section played to the end through the service.
mod event;
/// A reply given up, tried once at each other address.
mod fallback;
/// Games kept replayed between messages: never a stale position.
mod positions;
mod replies;
mod true_replies;
