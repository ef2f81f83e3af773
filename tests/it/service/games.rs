//! Whole real games, played through the service between players of
//! different notations, languages and channels: every move confirmed to its
//! sender and told to the opponent in their own notation, the stored moves
//! the source game's, the end by the rules or as the source says.

use super::*;

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
                .any(|b| b.contains(&shown(&number, &own, &code))),
            "game {game} {line:?}: no confirmation with the move in {} and ICCF: {p:#?}",
            mover.notation
        );
        let theirs = written(&pos, mv, opponent);
        let notice = bodies_to(&p.replies, opponent);
        assert!(
            notice
                .iter()
                .any(|b| b.contains(&shown(&number, &theirs, &code))),
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

/// A move as its notices show it: with its ICCF code in parentheses, once
/// when the move is written in ICCF numbers already.
fn shown(number: impl std::fmt::Display, own: &str, code: &str) -> String {
    if own == code {
        format!("{number} {own}")
    } else {
        format!("{number} {own} ({code})")
    }
}
