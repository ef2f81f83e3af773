//! Time judged when a message arrives: a game played with `$CCGATE_NOW`
//! advancing and no clock sweep ever run. A move after the deadline loses
//! on time, as the sweep would have declared at the deadline, and no
//! notice ever shows a past deadline or negative days.

use ccgate::notation::{Notation, WriteOptions, write_move};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Position};

use crate::support::cli::{ANNA, BORIS, Env, replies};

/// Ten moves a side, in UCI.
const LINE: [&str; 20] = [
    "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5", "c2c3", "d7d6", "b1d2", "a7a6",
    "a2a4", "h7h6", "h2h3", "c8e6", "b2b4", "c5a7", "a1a2", "e8g8",
];

/// The game as the players write it: Anna (White, German, ICCF digits by
/// mail) and Boris (Black, English, SAN by SMS).
struct Play {
    env: Env,
    game: String,
    pos: Chess,
    ply: usize,
}

impl Play {
    fn new(rules: &str) -> Play {
        let env = Env::new();
        let first = env.two_players_and_a_game("10/50");
        // A second game, under the rules asked for, is the one played; the
        // first is decided at once, so its clock stays out of the way.
        env.ok(&[
            "game",
            "adjudicate",
            &first,
            "--result",
            "1-0",
            "--reason",
            "not played",
        ]);
        let game = env.ok(&[
            "game", "new", "--white", "Anna", "--black", "Boris", "--time", "10/50", "--rules",
            rules,
        ]);
        Play {
            game: game.trim().to_string(),
            env,
            pos: Chess::default(),
            ply: 0,
        }
    }

    /// The next move of the line, sent at `at` by the side to move; the
    /// replies as (channel, to, body).
    fn next(&mut self, at: &str) -> Vec<(String, String, String)> {
        self.env.now = at.to_string();
        let uci: UciMove = LINE[self.ply].parse().expect("uci");
        let mv = uci.to_move(&self.pos).expect("a legal move of the line");
        let n = self.pos.fullmoves();
        let g = &self.game;
        let (channel, from, line) = if self.pos.turn() == Color::White {
            let iccf = write_move(&self.pos, mv, Notation::Iccf, &WriteOptions::default());
            ("email", ANNA, format!("{g} {n}. {iccf}"))
        } else {
            let san = write_move(&self.pos, mv, Notation::San, &WriteOptions::default());
            ("sms", BORIS, format!("{g} {n}... {san}"))
        };
        let r = replies(
            &self
                .env
                .submit(channel, from, &format!("m{}", self.ply), &line),
        );
        self.pos.play_unchecked(mv);
        self.ply += 1;
        r
    }

    /// White's moves 1..=8 six days apart (48 days), each answered by
    /// Black an hour later: the replies to Black's eighth move.
    fn eight_moves_in_48_days(&mut self) -> Vec<(String, String, String)> {
        let mut last = Vec::new();
        for k in 1..=8 {
            let day = jiff::civil::date(2025, 3, 3)
                .checked_add(jiff::Span::new().days(6 * k))
                .expect("date");
            self.next(&format!("{day}T10:00:00Z"));
            last = self.next(&format!("{day}T11:00:00Z"));
        }
        last
    }

    fn game_json(&self) -> serde_json::Value {
        let out = self.env.ok(&["game", "show", &self.game, "--json"]);
        serde_json::from_str(&out).expect("json")
    }
}

fn to<'a>(r: &'a [(String, String, String)], who: &str) -> Vec<&'a str> {
    r.iter()
        .filter(|(_, to, _)| to == who)
        .map(|(_, _, body)| body.as_str())
        .collect()
}

/// No notice tells a past deadline or negative days: every date shown is
/// on or after `today` (as Anna's German mail writes it, DD.MM.YYYY).
fn assert_true_words(bodies: &[&str], today: jiff::civil::Date) {
    for body in bodies {
        assert!(!body.contains("-1 "), "negative days: {body}");
        if let Some(at) = body.find("am Zug, bis ") {
            let date = &body[at + "am Zug, bis ".len()..][..10];
            let shown = jiff::civil::Date::strptime("%d.%m.%Y", date).expect("a German date");
            assert!(shown >= today, "a past deadline {shown}: {body}");
        }
    }
}

/// Anna's one reply: her move, by `deadline`, with her clock `used_left`
/// ("48 Tage verbraucht, 2 Tage").
fn assert_anna_told(told: &[(String, String, String)], deadline: &str, used_left: &str) {
    let anna = to(told, ANNA);
    assert_eq!(anna.len(), 1, "{told:?}");
    for words in [
        format!("Sie sind am Zug, bis {deadline}."),
        format!("Bedenkzeit: Sie {used_left} übrig;"),
    ] {
        assert!(anna[0].contains(&words), "{words}: {}", anna[0]);
    }
}

#[test]
fn a_move_after_the_deadline_loses_on_time_though_no_sweep_ran() {
    let mut p = Play::new("iccf");
    // 48 days over moves 1-8: move 9 has 2 days, counted after 20 April.
    let told = p.eight_moves_in_48_days();
    assert_anna_told(&told, "22.04.2025", "48 Tage verbraucht, 2 Tage");
    // Move 9 on 23 April: 51 days over moves 1-9, one too many.
    let told = p.next("2025-04-23T10:00:00Z");
    let anna = to(&told, ANNA).join("\n");
    let boris = to(&told, BORIS).join("\n");
    let g = &p.game;
    // The game lost on time, then the late move answered: the game is over.
    assert_eq!(
        anna,
        format!("P{g} beendet: 0-1, Anna hat die Bedenkzeit überschritten.\nIst beendet (0-1).")
    );
    assert_eq!(
        boris,
        format!("G{g} over: 0-1, Anna lost on time."),
        "{told:?}"
    );
    assert_true_words(&[&anna], jiff::civil::date(2025, 4, 23));
    let game = p.game_json();
    assert_eq!(game["result"], "0-1", "{game}");
    assert_eq!(game["plies"], 16, "the late move is not applied: {game}");
    // The sweep finds nothing left to decide.
    p.env.now = "2025-04-24T10:00:00Z".into();
    assert_eq!(p.env.ok(&["clock"]), "0 forfeits, 0 reminders\n");
}

#[test]
fn a_move_on_the_last_day_stands_and_the_next_control_is_told_truly() {
    let mut p = Play::new("plain");
    p.eight_moves_in_48_days();
    // Move 9 on 22 April: exactly the 50 days, in time.
    let told = p.next("2025-04-22T10:00:00Z");
    assert!(
        to(&told, ANNA).iter().all(|b| !b.contains("abgelehnt")),
        "{told:?}"
    );
    // Black answers the same day: move 10 has no day left, so it is due
    // that very day, and told so.
    let told = p.next("2025-04-22T11:00:00Z");
    assert_anna_told(&told, "22.04.2025", "50 Tage verbraucht, 0 Tage");
    // A day later it is late: lost on time, the move not applied, and no
    // notice says "-1 day" or 22 April.
    let told = p.next("2025-04-23T09:00:00Z");
    let anna = to(&told, ANNA);
    assert_true_words(&anna, jiff::civil::date(2025, 4, 23));
    assert!(
        anna.iter()
            .any(|b| b.contains("Anna hat die Bedenkzeit überschritten")),
        "{told:?}"
    );
    assert_eq!(
        to(&told, BORIS).join("\n"),
        format!("G{} over: 0-1, Anna lost on time.", p.game)
    );
    assert_eq!(p.game_json()["plies"], 18);
}

#[test]
fn leave_counts_from_the_day_it_is_announced_with_dates_in_the_readers_form() {
    let mut env = Env::new();
    // The game starts the day before, so no limit is near.
    env.now = "2026-03-09T09:00:00Z".into();
    env.two_players_and_a_game("10/50");
    env.now = "2026-03-10T09:00:00Z".into();
    let anna = replies(&env.submit("email", ANNA, "leave-a", "leave 10"));
    assert_eq!(
        to(&anna, ANNA),
        ["ccgate: Urlaub vom 10.03.2026 bis 19.03.2026 notiert. Noch 35 Tage in diesem Jahr."]
    );
    let boris = replies(&env.submit("sms", BORIS, "leave-b", "leave 10"));
    assert!(
        to(&boris, BORIS)[0].starts_with("ccgate: leave from 2026-03-10 to 2026-03-19 noted."),
        "{boris:?}"
    );
}

#[test]
fn a_leave_asked_after_the_limit_ran_out_comes_too_late() {
    let mut env = Env::new();
    // White's first move, from 3 March: 3 days, to 6 March.
    let g = env.two_players_and_a_game("3d");
    env.now = "2025-03-07T09:00:00Z".into();
    let told = replies(&env.submit("email", ANNA, "late-leave", "leave 10"));
    let anna = to(&told, ANNA).join("\n");
    assert!(
        anna.starts_with(&format!(
            "P{g} beendet: 0-1, Anna hat die Bedenkzeit überschritten."
        )),
        "{anna}"
    );
    assert_eq!(
        to(&told, BORIS).join("\n"),
        format!("G{g} over: 0-1, Anna lost on time.")
    );
}
