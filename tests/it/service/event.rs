//! A 7-player double round robin created with `start_event`, every game
//! played through the service (mates, resignations, agreed draws, a time
//! forfeit, a withdrawal), and its crosstable from `ccgate event show --json`
//! against a table checked by hand.

use ccgate::event::standings::Rules;
use ccgate::service::{Actor, EventSpec, start_event, withdraw};
use ccgate::store::EventId;

use super::*;

const NAMES: [&str; 7] = ["Ada", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus"];
const SCHOLAR: [&str; 7] = ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"];
const FOOL: [&str; 4] = ["f2f3", "e7e5", "g2g4", "d8h4"];

fn show_json(w: &World, event: EventId) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ccgate"))
        .arg("--db")
        .arg(w.db.location.to_string())
        .args(["event", "show", &event.to_string(), "--json"])
        .output()
        .expect("run ccgate");
    assert!(out.status.success(), "{out:?}");
    serde_json::from_slice(&out.stdout).expect("json")
}

#[test]
fn a_double_round_robin_of_seven_is_played_to_its_crosstable() {
    let mut w = World::new();
    let who: Vec<Who> = NAMES
        .iter()
        .map(|n| {
            let addr = format!("{}@example.org", n.to_lowercase());
            w.player(n, Channel::Email, &addr, Notation::San, Lang::En)
        })
        .collect();
    let spec = EventSpec {
        name: "Autumn Cup".parse().expect("name"),
        players: NAMES.iter().map(|n| n.to_string()).collect(),
        double: true,
        time_control: "3d".parse().expect("tc"),
        penalty_days: 0,
        rules: Rules::Iccf,
        start: None,
        duplication_after: None,
    };
    let event = start_event(&mut w.store, &spec, w.now).expect("start");
    let games = w.store.event_games(event).expect("games");
    assert_eq!(games.len(), 42);
    // One message each, listing all twelve of their games.
    let out = w.outbox();
    for p in &who {
        let mine = bodies_to(&out, p);
        assert_eq!(mine.len(), 1, "{}: {mine:#?}", p.name);
        assert!(mine[0].starts_with("ccgate: Autumn Cup begins, time control 3d."));
        assert_eq!(mine[0].lines().filter(|l| l.starts_with('G')).count(), 12);
    }
    w.deliver_all();
    let seat = |id: PlayerId| who.iter().position(|p| p.id == id).expect("seat") + 1;
    let mut forfeit = None;
    for g in &games {
        let row = w.row(g.game);
        let (ws, bs) = (seat(row.white), seat(row.black));
        let (white, black) = (who[ws - 1].clone(), who[bs - 1].clone());
        let id = g.game;
        match (ws, bs) {
            // Gus draws his first game, then withdraws with the rest unplayed.
            (2, 7) => {
                w.play_all(&white, &black, id, &["e2e4", "e7e5"]);
                w.send(&white, &format!("{id} draw?"));
                w.send(&black, &format!("{id} accept"));
            }
            (7, _) | (_, 7) => {}
            // Ben will lose this one on time.
            (1, 2) => {
                w.play(&white, id, "e2e4");
                forfeit = Some(id);
            }
            _ => match ((ws + bs) % 3, ws < bs) {
                (0, _) => w.play_all(&white, &black, id, &SCHOLAR),
                (1, _) => w.play_all(&white, &black, id, &FOOL),
                (_, true) => {
                    w.play_all(&white, &black, id, &["e2e4", "e7e5"]);
                    w.send(&white, &format!("{id} draw?"));
                    w.send(&black, &format!("{id} accept"));
                }
                (_, false) => {
                    w.send(&white, &format!("{id} resign"));
                }
            },
        }
    }
    // The withdrawal: Gus's eleven unplayed games are lost, and he and each
    // opponent are told.
    w.deliver_all();
    let scored = withdraw(
        &mut w.store,
        &Actor::Operator,
        event,
        who[6].id,
        "left the event",
        w.now,
    )
    .expect("withdraw");
    assert_eq!(scored.len(), 11);
    let out = w.store.outbox(false).expect("outbox");
    for p in &who {
        let mine = bodies_to(&out, p);
        assert_eq!(mine.len(), 1, "{}: {mine:#?}", p.name);
        assert!(mine[0].starts_with("ccgate: Gus withdrew from Autumn Cup; scored: "));
    }
    // The forfeit: Ben let three days pass without answering.
    w.deliver_all();
    w.advance(DAY * 4);
    let forfeit = forfeit.expect("the forfeit game");
    assert_eq!(w.sweep().forfeits, [forfeit]);
    for g in &games {
        assert!(w.row(g.game).finished, "game {} finished", g.game);
    }

    // The table by hand. Points against each (Ada..Gus), score, wins, SB:
    // Ada  - 1 1 1½ 1 1 2 | 7.5, 7 wins
    //   SB = 1×7.5 + 1×7 + 1.5×6.5 + 1×7 + 1×6 + 2×0.5 = 38.25
    // Ben  1 - 1½ 1 1 1½ 1½ | 7.5, 6 wins
    //   SB = 1×7.5 + 1.5×7 + 1×6.5 + 1×7 + 1.5×6 + 1.5×0.5 = 41.25
    // Cy   1 ½ - 1 1½ 1 2 | 7, 6 wins; SB = 7.5 + 3.75 + 6.5 + 10.5 + 6 + 1 = 35.25
    // Eve  1 1 ½ 1 - 1½ 2 | 7, 6 wins; SB = 7.5 + 7.5 + 3.5 + 6.5 + 9 + 1 = 35
    // Dee  ½ 1 1 - 1 1 2 | 6.5, 6 wins; SB = 3.75 + 7.5 + 7 + 7 + 6 + 1 = 32.25
    // Fay  1 ½ 1 1 ½ - 2 | 6, 5 wins; SB = 7.5 + 3.75 + 7 + 6.5 + 3.5 + 1 = 29.25
    // Gus  0 ½ 0 0 0 0 - | 0.5, 0 wins; SB = 0.5 × 7.5 = 3.75
    // ICCF puts Ada before Ben on wins (Ben's SB is higher), Cy before Eve on SB.
    let table = show_json(&w, event);
    let lines: Vec<(String, u64, f64, u64, u64, f64)> = table["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap_or_default().to_string(),
                p["rank"].as_u64().unwrap_or_default(),
                p["score"].as_f64().unwrap_or_default(),
                p["games"].as_u64().unwrap_or_default(),
                p["wins"].as_u64().unwrap_or_default(),
                p["sonneborn_berger"].as_f64().unwrap_or_default(),
            )
        })
        .collect();
    let expected = [
        ("Ada", 1, 7.5, 12, 7, 38.25),
        ("Ben", 2, 7.5, 12, 6, 41.25),
        ("Cy", 3, 7.0, 12, 6, 35.25),
        ("Eve", 4, 7.0, 12, 6, 35.0),
        ("Dee", 5, 6.5, 12, 6, 32.25),
        ("Fay", 6, 6.0, 12, 5, 29.25),
        ("Gus", 7, 0.5, 12, 0, 3.75),
    ]
    .map(|(n, r, s, g, wi, sb)| (n.to_string(), r, s, g, wi, sb));
    assert_eq!(lines, expected);
    assert_eq!(table["games"].as_array().map(Vec::len), Some(42));
    assert_eq!(table["players"][6]["withdrawn"], true);
}

/// The games of one event from a PGN file, as text, split at each `[Event`.
fn games_of_event(pgn: &str, event: &str) -> String {
    let tag = format!("[Event \"{event}\"]");
    let mut out = String::new();
    let mut starts: Vec<usize> = pgn.match_indices("[Event ").map(|(i, _)| i).collect();
    starts.push(pgn.len());
    for pair in starts.windows(2) {
        let game = &pgn[pair[0]..pair[1]];
        if game.starts_with(&tag) {
            out.push_str(game);
            out.push('\n');
        }
    }
    out
}

/// Scores, wins and Sonneborn–Berger straight from the tags, apart from
/// the core's crosstable: name → (score, games, wins, SB).
fn by_hand(pgn: &str) -> std::collections::BTreeMap<String, (f64, u64, u64, f64)> {
    let tag = |game: &str, name: &str| {
        let start = format!("[{name} \"");
        game.lines()
            .find_map(|l| l.strip_prefix(start.as_str()))
            .and_then(|v| v.strip_suffix("\"]"))
            .map(str::to_string)
            .expect("tag")
    };
    let mut games = Vec::new();
    for game in pgn.split("[Event ").skip(1) {
        let points = match tag(game, "Result").as_str() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        };
        games.push((tag(game, "White"), tag(game, "Black"), points));
    }
    let mut score: std::collections::BTreeMap<String, (f64, u64, u64)> = Default::default();
    for (white, black, p) in &games {
        for (who, mine) in [(white, *p), (black, 1.0 - *p)] {
            let e = score.entry(who.clone()).or_default();
            e.0 += mine;
            e.1 += 1;
            if mine == 1.0 {
                e.2 += 1;
            }
        }
    }
    let mut sb: std::collections::BTreeMap<String, f64> = Default::default();
    for (white, black, p) in &games {
        *sb.entry(white.clone()).or_default() += p * score[black].0;
        *sb.entry(black.clone()).or_default() += (1.0 - p) * score[white].0;
    }
    score
        .into_iter()
        .map(|(name, (s, g, wins))| {
            let b = sb[&name];
            (name, (s, g, wins, b))
        })
        .collect()
}

#[test]
fn an_event_imported_from_real_pgn_stands_as_its_results_say() {
    // Fischer's games of the 1959 Candidates tournament (Bled, Zagreb,
    // Belgrade), from pgn-extract's test data (see tests/data/README.md).
    let source = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn/edgecases/pgn-extract/fischer.pgn"
    ))
    .expect("fischer.pgn");
    let pgn = games_of_event(&source, "Yugoslavia Candidate Trn");
    assert_eq!(pgn.matches("[Event ").count(), 5);
    let w = World::new();
    let file = w.db.dir.path().join("candidates.pgn");
    std::fs::write(&file, &pgn).expect("write pgn");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ccgate"))
        .arg("--db")
        .arg(w.db.location.to_string())
        .args(["event", "import"])
        .arg(&file)
        .args(["--name", "Candidates 1959"])
        .output()
        .expect("run ccgate");
    assert!(out.status.success(), "{out:?}");
    let id: i64 = String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .expect("id");
    let table = show_json(&w, EventId(id));
    let expected = by_hand(&pgn);
    let players = table["players"].as_array().expect("players");
    assert_eq!(players.len(), expected.len());
    let mut previous: Option<(f64, u64, f64)> = None;
    for p in players {
        let name = p["name"].as_str().expect("name");
        let (score, games, wins, sb) = expected[name];
        let got = (
            p["score"].as_f64().expect("score"),
            p["games"].as_u64().expect("games"),
            p["wins"].as_u64().expect("wins"),
            p["sonneborn_berger"].as_f64().expect("sb"),
        );
        assert_eq!(got, (score, games, wins, sb), "{name}");
        // Rank order: score, then wins, then Sonneborn–Berger (ICCF).
        if let Some(before) = previous {
            assert!(before >= (score, wins, sb), "{name} after {before:?}");
        }
        previous = Some((score, wins, sb));
    }
    assert_eq!(table["games"].as_array().map(Vec::len), Some(5));
}

#[test]
fn forty_days_without_a_move_in_an_event_is_reported_once_to_the_director() {
    let mut w = World::new();
    let ada = w.player(
        "Ada",
        Channel::Email,
        "ada@example.org",
        Notation::San,
        Lang::En,
    );
    let ben = w.player(
        "Ben",
        Channel::Email,
        "ben@example.org",
        Notation::San,
        Lang::En,
    );
    let spec = EventSpec {
        name: "Quiet Cup".parse().expect("name"),
        players: vec!["Ada".into(), "Ben".into()],
        double: true,
        time_control: "-".parse().expect("tc"),
        penalty_days: 0,
        rules: Rules::Iccf,
        start: None,
        duplication_after: None,
    };
    let event = start_event(&mut w.store, &spec, w.now).expect("start");
    let games = w.store.event_games(event).expect("games");
    // Round 1: Ada is White; she moves at once, and in round 2 Ben is to move.
    let g1 = games[0].game;
    assert_eq!(w.row(g1).white, ada.id);
    w.play(&ada, g1, "e2e4");
    w.advance(DAY * 39);
    assert!(w.sweep().silences.is_empty());
    w.advance(DAY);
    // Ben owes both moves and sent nothing for 40 days; Ada sent a move
    // 40 days ago but has owed nothing since.
    assert_eq!(w.sweep().silences, [ben.id]);
    assert!(w.sweep().silences.is_empty(), "once per silence");
    let silences: Vec<_> = w
        .incidents()
        .into_iter()
        .filter(|i| i.kind == store::IncidentKind::Silence)
        .collect();
    assert_eq!(silences.len(), 1);
    assert_eq!(silences[0].player_id, Some(ben.id));
    assert!(
        silences[0]
            .detail
            .starts_with("no move in Quiet Cup since ")
    );
}
