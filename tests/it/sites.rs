//! Two `ccgate serve` on one PostgreSQL store, each with its own Maildir
//! and outbox: a game whose players write to different sites, a mail
//! fetched by both, one site killed with SIGKILL mid-game and started
//! again. Every move applied once, every reply written once by one site.

use std::time::Duration;

use ccgate::game::clock::TimeControl;
use ccgate::notation::{Lang, Notation};
use ccgate::protocol::address::Channel;
use ccgate::store::{Location, NewPlayer, Store};
use jiff::Timestamp;

use crate::serve::{CONFIG, eml_files};
use crate::support::gateway::{Gateway, drop_mail, mail, wait_until};
use crate::support::postgres::Postgres;

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
fn two_sites_on_one_postgres_apply_each_move_once_and_send_each_reply_once() {
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
    let config = format!("db = {:?}\n{CONFIG}first_retry = \"1s\"\n", pg.url());
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
    assert_eq!(
        written.len(),
        sent_a.len() + sent_b.len(),
        "a reply written by both sites: {sent_a:?} {sent_b:?}"
    );
    assert_eq!(
        written.len(),
        replies.len(),
        "every reply written once: {sent_a:?} {sent_b:?}"
    );
    let applied: Vec<String> = store
        .moves(game)
        .expect("moves")
        .into_iter()
        .map(|m| m.uci)
        .collect();
    assert_eq!(applied.len(), moves.len(), "{applied:?}");
    let journal = store.pending().expect("pending");
    assert!(journal.is_empty(), "every message processed: {journal:?}");
    a.stop();
    b.stop();
}
