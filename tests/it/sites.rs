//! Two `ccgate serve` on one PostgreSQL store, each with its own Maildir
//! and outbox: a game whose players write to different sites, a mail
//! fetched by both, one site killed with SIGKILL mid-game and started
//! again. Every move applied once, every reply written.
//! Then the whole test: a mail site and an SMS and radio site, both killed
//! at seeded moments, the database restarted once.

use std::time::Duration;

use ccgate::game::clock::TimeControl;
use ccgate::notation::{Lang, Notation};
use ccgate::protocol::address::Channel;
use ccgate::store::{GameId, Location, NewPlayer, Store};
use jiff::Timestamp;

use crate::support::gateway::{Gateway, MAILDIR_CONFIG, drop_mail, eml_files, mail, wait_until};
use crate::support::modem_lab::ModemLab;
use crate::support::postgres::Postgres;
use crate::support::radio_lab::{Relay, Station, radio_section, serial, wait_for};
use crate::support::rng::Rng;

fn player(name: &str, address: &str) -> NewPlayer {
    NewPlayer {
        name: name.into(),
        notation: Notation::San,
        lang: Lang::En,
        reply_via: Some(Channel::Email),
        tz: "UTC".into(),
        pin_hash: None,
        addresses: vec![(Channel::Email, address.into())],
    }
}

#[test]
fn two_sites_on_one_postgres_apply_each_move_once_and_send_every_reply() {
    let pg = Postgres::start();
    let at = Location::parse(&pg.url());
    let mut store = Store::create_at(&at).expect("store");
    let tx = store.write().expect("tx");
    let alice = tx
        .add_player(&player("Alice", "alice@example.test"), Timestamp::now())
        .expect("alice");
    let bob = tx
        .add_player(&player("Bob", "bob@example.test"), Timestamp::now())
        .expect("bob");
    let game = tx
        .create_game(alice, bob, None, &TimeControl::Unlimited, Timestamp::now())
        .expect("game");
    tx.commit().expect("commit");
    // A reply claimed by the killed site is the others' once its lease (the
    // first retry's delay) is over: a second here.
    let config = format!(
        "db = {:?}\n{MAILDIR_CONFIG}first_retry = \"1s\"\n",
        pg.url()
    );
    let (mut a, mut b) = (Gateway::new(&config), Gateway::new(&config));
    a.start();
    b.start();
    let moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"];
    for (i, m) in moves.iter().enumerate() {
        let ply = i + 1;
        let (who, site) = if ply % 2 == 1 {
            ("alice@example.test", &a)
        } else {
            ("bob@example.test", &b)
        };
        let dots = if ply % 2 == 1 { "." } else { "..." };
        let text = format!("{game} {}{dots} {m}", ply.div_ceil(2));
        let raw = mail(who, &format!("m{ply}@x"), "move", &text);
        drop_mail(&site.path("inbox"), &format!("{ply:03}"), &raw);
        if ply == 3 {
            // The same mail reaches the other site too (two inputs on one
            // mailbox): journaled once, applied once.
            drop_mail(&b.path("inbox"), "003-again", &raw);
        }
        if ply == 5 {
            // Site B dies; its moves and replies go on when it is back.
            b.kill();
            b.start();
        }
        wait_until("the move", Duration::from_secs(60), || {
            store.moves(game).map(|m| m.len() == ply).unwrap_or(false)
        });
    }
    wait_until("every reply sent", Duration::from_secs(60), || {
        store.outbox(false).map(|o| o.is_empty()).unwrap_or(false)
    });
    let replies = store.outbox(true).expect("outbox");
    let (sent_a, sent_b) = (eml_files(&a.path("outbox")), eml_files(&b.path("outbox")));
    let mut written: Vec<&String> = sent_a.iter().chain(sent_b.iter()).collect();
    written.sort();
    written.dedup();
    // A reply site B had written when it was killed, before it recorded the
    // sending, is written again by a site once B's lease on it ends: at
    // least once across a crash (the lease itself is `store::`'s test).
    assert_eq!(
        written.len(),
        replies.len(),
        "every reply written: {sent_a:?} {sent_b:?}"
    );
    let applied: Vec<String> = store
        .moves(game)
        .expect("moves")
        .into_iter()
        .map(|m| m.uci.into())
        .collect();
    assert_eq!(applied.len(), moves.len(), "{applied:?}");
    let journal = store.pending().expect("pending");
    assert!(journal.is_empty(), "every message processed: {journal:?}");
    a.stop();
    b.stop();
}

/// A player of the whole two-site game, on one channel.
fn seat(name: &str, channel: Channel, address: &str, notation: Notation, lang: Lang) -> NewPlayer {
    NewPlayer {
        name: name.into(),
        notation,
        lang,
        reply_via: Some(channel),
        tz: "UTC".into(),
        pin_hash: None,
        addresses: vec![(channel, address.into())],
    }
}

/// A count straight from the database; `None` while it is down.
fn pg_count(pg: &Postgres, sql: &str) -> Option<i64> {
    let mut client = postgres::Client::connect(&pg.url(), postgres::NoTls).ok()?;
    client.query_one(sql, &[]).ok().map(|r| r.get(0))
}

/// How a move reaches the gateway.
enum By {
    Mail,
    Sms,
    Radio,
}

/// The two sites of the whole test and what their players use.
struct Sites {
    pg: Postgres,
    lab: ModemLab,
    station: Station,
    a: Gateway,
    b: Gateway,
    rng: Rng,
    mails: usize,
    kills: usize,
}

const BORIS_SMS: &str = "+79161234567";
const WAIT: Duration = Duration::from_secs(120);

impl Sites {
    /// Sends `text` (after the game's number) the way `by` says.
    fn deliver(&mut self, by: &By, game: GameId, text: &str) {
        let text = format!("{game} {text}");
        match by {
            By::Mail => {
                self.mails += 1;
                let raw = mail(
                    "anna@example.test",
                    &format!("a{}@anna", self.mails),
                    "",
                    &text,
                );
                drop_mail(&self.a.path("inbox"), &format!("{:03}", self.mails), &raw);
            }
            By::Sms => self
                .lab
                .inject(serde_json::json!({"from": BORIS_SMS, "text": text})),
            By::Radio => self.station.send(&text),
        }
    }

    fn plies(&self, game: GameId) -> Option<i64> {
        pg_count(
            &self.pg,
            &format!("SELECT count(*) FROM moves WHERE game_id = {game}"),
        )
    }

    /// Delivers a move, kills a site (each in turn) a seeded moment later
    /// (while the move is read, journaled, applied or answered, or after),
    /// starts it again and waits for the game to reach `ply`.
    fn step(&mut self, by: By, game: GameId, text: &str, ply: i64) {
        self.deliver(&by, game, text);
        std::thread::sleep(Duration::from_millis(self.rng.below(600) as u64));
        let site = if self.kills.is_multiple_of(2) {
            &mut self.a
        } else {
            &mut self.b
        };
        self.kills += 1;
        site.kill();
        site.start();
        wait_for(
            &format!("{game} {text} applied"),
            WAIT,
            || self.context(),
            || self.plies(game) == Some(ply),
        );
    }

    fn all_report(&self, status: &str) -> bool {
        let want = format!("\"status\":\"{status}\"");
        [&self.a, &self.b]
            .iter()
            .all(|site| site.http_get("/health").contains(&want))
    }

    /// The sites' logs, the station's and the modem's, for a failure.
    fn context(&self) -> String {
        format!(
            "--- site A:\n{}\n--- site B:\n{}\n--- station:\n{}\n--- modem:\n{}",
            self.a.log(),
            self.b.log(),
            self.station.diagnostics(),
            self.lab.diagnostics()
        )
    }

    fn sms_on_modem(&self) -> bool {
        !self.lab.messages("SM").is_empty() || !self.lab.messages("ME").is_empty()
    }
}

/// Issue 20's whole two-site test. Site A reads a Maildir and writes mail
/// to files; site B drives a GSM modem (the simulator on a pty pair) and the
/// radio line (a relay between two ptys, a `ccgate radio-station` on the far
/// side). Anna plays by mail against Boris by SMS and against Rolf by radio
/// (and Boris once more, so that one move of each channel arrives while the
/// database is down). After each move a site chosen in turn is killed with
/// SIGKILL a seeded moment later and started again; in the middle the
/// database is stopped (as a crash would) and started again. While it is
/// down both sites say so on /health and acknowledge nothing: the mail stays
/// in `new/`, the SMS on the modem, the radio frame unacknowledged. In the
/// end every move is applied once, every reply sent, every message
/// journaled with its outcome.
#[test]
fn mail_sms_and_radio_sites_on_one_postgres_survive_kills_and_a_database_restart() {
    let seed = std::env::var("CCGATE_SITES_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_261_201);
    let pg = Postgres::start();
    let dir = tempfile::tempdir().expect("tempdir");
    let lab = ModemLab::start();
    let relay = Relay::start(dir.path(), 9600, &[]);
    let mut setup = Store::create_at(&Location::parse(&pg.url())).expect("store");
    let tx = setup.write().expect("tx");
    let t0 = Timestamp::now();
    let anna = tx
        .add_player(
            &seat(
                "Anna",
                Channel::Email,
                "anna@example.test",
                Notation::Iccf,
                Lang::De,
            ),
            t0,
        )
        .expect("anna");
    let boris = tx
        .add_player(
            &seat("Boris", Channel::Sms, BORIS_SMS, Notation::San, Lang::En),
            t0,
        )
        .expect("boris");
    let rolf = tx
        .add_player(
            &seat("Rolf", Channel::Radio, "DL1ABC", Notation::San, Lang::De),
            t0,
        )
        .expect("rolf");
    let unlimited = TimeControl::Unlimited;
    let g1 = tx
        .create_game(anna, boris, None, &unlimited, t0)
        .expect("g1");
    let g2 = tx
        .create_game(rolf, anna, None, &unlimited, t0)
        .expect("g2");
    let g3 = tx
        .create_game(boris, anna, None, &unlimited, t0)
        .expect("g3");
    tx.commit().expect("commit");
    drop(setup);

    let common = format!(
        "db = {:?}\n[outbox]\npoll_every = \"100ms\"\nfirst_retry = \"1s\"\n",
        pg.url()
    );
    let mut a = Gateway::new(&format!(
        "{common}[email]\nfrom = \"gw@example.test\"\n[email.maildir]\npath = \"inbox\"\npoll_every = \"100ms\"\n[email.send]\ntransport = \"file\"\n"
    ));
    let mut b = Gateway::new(&format!(
        "{common}[email]\nfrom = \"gw@example.test\"\n[email.send]\ntransport = \"file\"\n[sms]\ndevice = {:?}\nsweep_every = \"1s\"\ncommand_timeout = \"2s\"\nmin_interval = \"10ms\"\n{}",
        lab.device().display().to_string(),
        radio_section("DL0CCG", &serial(&relay.a, 9600), &[("DL1ABC", None)], "")
    ));
    a.start();
    b.start();
    let station = Station::start(
        dir.path(),
        "dl1abc",
        &radio_section("DL1ABC", &serial(&relay.b, 9600), &[("DL0CCG", None)], ""),
    );
    let mut w = Sites {
        pg,
        lab,
        station,
        a,
        b,
        rng: Rng::seeded(seed),
        mails: 0,
        kills: 0,
    };
    w.step(By::Mail, g1, "1. 5254", 1); // e4
    w.step(By::Radio, g2, "1. f3", 1);
    w.step(By::Sms, g1, "1... e5", 2);
    w.step(By::Mail, g2, "1... 5755", 2); // e5
    // Rolf's first message was acknowledged; nothing is acknowledged now.
    wait_until("Rolf's move acknowledged", WAIT, || w.station.acked() == 1);

    w.pg.stop();
    w.deliver(&By::Mail, g1, "2. 7163"); // Nf3
    w.deliver(&By::Radio, g2, "2. g4");
    w.deliver(&By::Sms, g3, "1. d4");
    let mail_file =
        w.a.path("inbox")
            .join("new")
            .join(format!("{:03}", w.mails));
    wait_until("both sites report the store failing", WAIT, || {
        w.all_report("failing")
    });
    wait_until("the SMS on the modem", WAIT, || w.sms_on_modem());
    // Several polls of every input while the database is down.
    std::thread::sleep(Duration::from_secs(3));
    assert!(
        mail_file.exists(),
        "the mail was taken from new/ while the database was down"
    );
    assert!(
        w.sms_on_modem(),
        "the SMS was deleted from the modem while the database was down"
    );
    assert_eq!(
        w.station.acked(),
        1,
        "a radio message was acknowledged while the database was down"
    );
    w.pg.start_again();
    for (game, ply) in [(g1, 3), (g2, 3), (g3, 1)] {
        wait_until(
            &format!("game {game} ply {ply} after the restart"),
            WAIT,
            || w.plies(game) == Some(ply),
        );
    }
    wait_until("the mail accepted", WAIT, || !mail_file.exists());
    wait_until("the SMS deleted", WAIT, || !w.sms_on_modem());
    wait_until("both sites healthy", WAIT, || w.all_report("ok"));

    w.step(By::Sms, g1, "2... Nc6", 4);
    w.step(By::Mail, g2, "2... 4884", 4); // Qh4#
    w.step(By::Mail, g3, "1... 4745", 2); // d5

    wait_until("every reply sent", WAIT, || {
        pg_count(&w.pg, "SELECT count(*) FROM outbox WHERE sent_at IS NULL") == Some(0)
    });
    // This test's own connection went with the restart: a new one.
    let store = Store::open_at(&Location::parse(&w.pg.url())).expect("store");
    let ucis = |g: GameId| -> Vec<String> {
        store
            .moves(g)
            .expect("moves")
            .into_iter()
            .map(|m| m.uci.into())
            .collect()
    };
    assert_eq!(ucis(g1), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(ucis(g2), ["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(ucis(g3), ["d2d4", "d7d5"]);
    assert!(store.game(g2).expect("read").expect("g2").finished, "mate");
    assert!(
        store.pending().expect("pending").is_empty(),
        "every message has its outcome"
    );
    let journaled = |channel: &str| {
        pg_count(
            &w.pg,
            &format!(
                "SELECT count(*) FROM journal WHERE channel = '{channel}' AND outcome LIKE '%applied%'"
            ),
        )
    };
    assert_eq!(
        (journaled("email"), journaled("sms"), journaled("radio")),
        (Some(5), Some(3), Some(2)),
        "each move journaled once, as applied"
    );
    assert!(
        store.incidents(None).expect("incidents").is_empty(),
        "nothing refused"
    );
    // Every reply reached its player: each SMS and radio reply at least once
    // (a site killed between sending and recording sends again), each mail
    // reply a file named by its outbox row.
    let replies = |channel: &str| {
        pg_count(
            &w.pg,
            &format!("SELECT count(*) FROM outbox WHERE channel = '{channel}'"),
        )
        .expect("count")
    };
    assert!(
        w.lab.sent().len() as i64 >= replies("sms"),
        "{:?}",
        w.lab.sent()
    );
    wait_until("Rolf's replies shown", WAIT, || {
        w.station.delivered().len() as i64 >= replies("radio")
    });
    let mut files: Vec<String> = eml_files(&w.a.path("outbox"));
    files.extend(eml_files(&w.b.path("outbox")));
    files.sort();
    files.dedup();
    assert_eq!(files.len() as i64, replies("email"), "{files:?}");
    w.a.stop();
    w.b.stop();
}
