//! `pgn` by mail, through a real Maildir and the file outbox: the answer
//! carries the game's PGN file (`application/x-chess-pgn`, `G<id>.pgn`)
//! beside the record and the board, and python-chess reads it back to the
//! game's moves and tags.

use std::time::Duration;

use mail_parser::{MessageParser, MimeHeaders};

use crate::support::gateway::{
    Gateway, MAILDIR_CONFIG, Seat, drop_mail, eml_files, game_between, mail, wait_until,
};
use crate::support::peer::python_chess_reads;

#[test]
fn pgn_by_mail_answers_with_the_games_pgn_file_attached() {
    let mut gw = Gateway::new(MAILDIR_CONFIG);
    let db = gw.db();
    let g = game_between(&db, Seat::email("Anna"), Seat::email("Bob"));
    gw.start();
    let (inbox, outbox) = (gw.path("inbox"), gw.path("outbox"));
    let anna = "Anna <anna@example.test>";
    drop_mail(&inbox, "1", &mail(anna, "a1@x", "", &format!("{g} 1. e4")));
    drop_mail(
        &inbox,
        "2",
        &mail("bob@example.test", "b1@x", "", &format!("{g} 1... c5")),
    );
    drop_mail(
        &inbox,
        "3",
        &mail(anna, "a2@x", "", &format!("{g} 2. Nf3\n{g} pgn")),
    );
    let answer = || {
        eml_files(&outbox)
            .into_iter()
            .map(|f| std::fs::read(outbox.join(f)).unwrap())
            .find(|m| String::from_utf8_lossy(m).contains(&format!("G{g}.pgn")))
    };
    wait_until("the PGN answer", Duration::from_secs(30), || {
        answer().is_some()
    });
    let raw = answer().unwrap();
    let parsed = MessageParser::default().parse(&raw).expect("a mail");
    let text = parsed.body_text(0).expect("a text part");
    assert!(
        text.contains(&format!("The game's PGN file is attached: G{g}.pgn.")),
        "{text}"
    );
    let file = parsed
        .attachments()
        .find(|a| a.attachment_name() == Some(&format!("G{g}.pgn")))
        .expect("the PGN attached");
    let ct = file.content_type().expect("a content type");
    assert_eq!(
        (ct.ctype(), ct.subtype()),
        ("application", Some("x-chess-pgn"))
    );
    let pgn = String::from_utf8(file.contents().to_vec()).expect("UTF-8");
    let read = python_chess_reads(&pgn);
    let game = &read[0];
    assert_eq!(game["errors"], serde_json::json!([]), "{pgn}");
    assert_eq!(game["moves"], serde_json::json!(["e2e4", "c7c5", "g1f3"]));
    let tags = &game["tags"];
    for (tag, value) in [
        ("White", "Anna"),
        ("Black", "Bob"),
        ("Site", "ccgate"),
        ("Result", "*"),
    ] {
        assert_eq!(tags[tag], value, "{tag} in {pgn}");
    }
    for tag in ["Event", "Date", "Round", "TimeControl"] {
        assert!(tags.get(tag).is_some(), "{tag} in {pgn}");
    }
    // The board is still shown beside it, as in every notice.
    assert!(String::from_utf8_lossy(&raw).contains("image/png"));
}
