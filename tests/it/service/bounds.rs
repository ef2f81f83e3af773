//! Replies kept within bounds: a mail naming a thousand games, replies that
//! answer no game line per sender and hour, a move with a draw offer within
//! one SMS in every language.

use super::*;

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
