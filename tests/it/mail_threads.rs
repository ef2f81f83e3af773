//! Replies that follow the thread, through a real Maildir and the file
//! outbox: a line that names no game is about the game of the ccgate mail
//! it answers (`In-Reply-To`, else `References`), whatever the client does
//! with the quote (a plain reply, a top-post, a bottom-post, HTML only); a
//! thread naming a game the sender does not play is ignored.

use std::time::Duration;

use ccgate::protocol::address::Channel;
use ccgate::store::{GameId, Store};

use ccgate::notation::{Lang, Notation};

use crate::support::gateway::{
    Gateway, MAILDIR_CONFIG, Seat, add_player, drop_mail, game_between, mail, new_game, wait_until,
};

const ANNA: &str = "anna@example.test";

/// The Message-ID of the last mail ccgate sent `to` about `game`, as the
/// mail carries it.
fn last_notice(db: &std::path::Path, to: &str, game: i64) -> String {
    let store = Store::open(db).expect("store");
    let reply = store
        .outbox(true)
        .unwrap()
        .into_iter()
        .rfind(|r| r.channel == Channel::Email && r.to == to && r.game_id == Some(GameId(game)))
        .unwrap_or_else(|| panic!("no mail to {to} about game {game}"));
    format!("<ccgate.o{}.g{game}@example.test>", reply.id.0)
}

fn plies(db: &std::path::Path, game: i64) -> usize {
    Store::open(db).unwrap().moves(GameId(game)).unwrap().len()
}

/// A reply of Anna's: `in_reply_to` and `references` as her client writes
/// them, `content_type` and `body` as given.
fn answer(
    id: &str,
    in_reply_to: &str,
    references: &str,
    content_type: &str,
    body: &str,
) -> Vec<u8> {
    format!(
        "From: Anna <{ANNA}>\r\nTo: gw@example.test\r\nSubject: Re: [ccgate] your move\r\n\
         Message-ID: <{id}>\r\nIn-Reply-To: {in_reply_to}\r\nReferences: {references}\r\n\
         Date: Mon, 07 Dec 2026 12:00:00 +0000\r\nMIME-Version: 1.0\r\n\
         Content-Type: {content_type}; charset=utf-8\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

#[test]
fn replies_in_a_games_thread_move_in_that_game_and_a_forged_thread_in_none() {
    let mut gw = Gateway::new(MAILDIR_CONFIG);
    let db = gw.db();
    let g1 = game_between(&db, Seat::email("Anna"), Seat::email("Bob"));
    let (anna, bob) = (1, 2);
    let other = |name: &str| {
        let address = format!("{}@example.test", name.to_lowercase());
        add_player(
            &db,
            name,
            &[(Channel::Email, &address)],
            Notation::San,
            Lang::En,
        )
    };
    let (carol, dave) = (other("Carol"), other("Dave"));
    let g2 = new_game(&db, anna, carol);
    let g3 = new_game(&db, anna, dave);
    let theirs = new_game(&db, bob, carol);
    gw.start();
    let inbox = gw.path("inbox");
    let patience = Duration::from_secs(30);

    // Anna opens all three; each opponent answers: all three wait for her.
    drop_mail(
        &inbox,
        "01.a",
        &mail(
            &format!("Anna <{ANNA}>"),
            "a1@x",
            "moves",
            &format!("{g1} 1. e4\n{g2} 1. e4\n{g3} 1. e4"),
        ),
    );
    for (n, (who, g)) in [("bob", g1), ("carol", g2), ("dave", g3)]
        .into_iter()
        .enumerate()
    {
        drop_mail(
            &inbox,
            &format!("02.{n}"),
            &mail(
                &format!("{who}@example.test"),
                &format!("{who}1@x"),
                "move",
                &format!("{g} 1... e5"),
            ),
        );
    }
    wait_until("three answers", patience, || {
        [g1, g2, g3].iter().all(|g| plies(&db, *g) == 2)
    });

    // A References naming a game of Bob's and Carol's is ignored: with
    // three games waiting, Anna is asked which.
    let forged = format!("<ccgate.o1.g{theirs}@example.test>");
    drop_mail(
        &inbox,
        "03",
        &answer("a2@x", &forged, &forged, "text/plain", "2. Nf3"),
    );
    wait_until("the question", patience, || {
        Store::open(&db)
            .unwrap()
            .outbox(true)
            .unwrap()
            .iter()
            .any(|r| r.to == ANNA && r.body.contains("which game?"))
    });
    for g in [g1, g2, g3, theirs] {
        assert_eq!(plies(&db, g), if g == theirs { 0 } else { 2 }, "game {g}");
    }

    // An HTML-only reply to the G2 notice, by its In-Reply-To.
    let to_g2 = last_notice(&db, ANNA, g2);
    drop_mail(
        &inbox,
        "04",
        &answer(
            "a3@x",
            &to_g2,
            &to_g2,
            "text/html",
            "<p>2. Nf3</p><blockquote>1... e5</blockquote>",
        ),
    );
    wait_until("2. Nf3 in G2", patience, || plies(&db, g2) == 3);

    // A top-post to the G1 notice, known by its References only.
    let to_g1 = last_notice(&db, ANNA, g1);
    let quote = "On Mon, ccgate wrote:\n> Bob played 1... e5\n> Your move.";
    drop_mail(
        &inbox,
        "05",
        &answer(
            "a4@x",
            "<a1@x>",
            &format!("<a1@x> {to_g1}"),
            "text/plain",
            &format!("2. Nf3\n\n{quote}"),
        ),
    );
    wait_until("2. Nf3 in G1", patience, || plies(&db, g1) == 3);

    // A bottom-post to the G3 notice.
    let to_g3 = last_notice(&db, ANNA, g3);
    drop_mail(
        &inbox,
        "06",
        &answer(
            "a5@x",
            &to_g3,
            &to_g3,
            "text/plain",
            &format!("{quote}\n\n2. Nf3"),
        ),
    );
    wait_until("2. Nf3 in G3", patience, || plies(&db, g3) == 3);
    assert_eq!(plies(&db, g2), 3, "G2 untouched by the others");
    assert_eq!(plies(&db, theirs), 0);

    // A line naming its game goes there whatever the thread.
    drop_mail(
        &inbox,
        "07",
        &mail(
            "carol@example.test",
            "c2@x",
            "move",
            &format!("{g2} 2... Nc6"),
        ),
    );
    wait_until("Carol's answer", patience, || plies(&db, g2) == 4);
    let to_g1 = last_notice(&db, ANNA, g1);
    drop_mail(
        &inbox,
        "08",
        &answer(
            "a6@x",
            &to_g1,
            &to_g1,
            "text/plain",
            &format!("{g2} 3. Bb5"),
        ),
    );
    wait_until("3. Bb5 in G2", patience, || plies(&db, g2) == 5);
    assert_eq!(plies(&db, g1), 3);
}
