//! Server time of the web pages and the board picture (a game
//! page and a crosstable of 15 players under 5 ms each, a board PNG under
//! 2 ms).
//!
//! - Store: a real SQLite file (WAL, `synchronous=FULL`) with a 15-player
//!   round robin (105 games, "10/50"); 60 of the games finished with
//!   results, and the game page's game has 80 plies (legal moves chosen
//!   deterministically).
//! - Game page: `web::game_page` at its last ply, as the handler calls it:
//!   the game read and replayed, both clocks, the record written in SAN, the
//!   board's SVG (from the renderer's cache after the first call, as a
//!   reload is served) and the HTML.
//! - Crosstable: `web::event_page` of the 15-player event.
//! - Board PNG: `Renderer::png` of a diagram never drawn before (no cache
//!   hit: each call a new position, side or last move), from one renderer
//!   as the daemon has: the frame's and the squares' tiles (rasterised by
//!   resvg and put on one palette once per renderer, in the warm-up)
//!   copied into the picture, the PNG encoded.
//!
//! Each is timed 300 times after 20 warm-up calls; the median and the 95th
//! percentile are printed. Without `--bench` (as under `cargo test
//! --benches`) a smoke run of 5 calls each.

use std::time::{Duration, Instant};

use ccgate::board::{Diagram, Renderer};
use ccgate::event::standings::Rules;
use ccgate::game::outcome::{GameResult, Termination};
use ccgate::notation::{Lang, Notation};
use ccgate::protocol::address::Channel;
use ccgate::service::{EventSpec, start_event};
use ccgate::store::{GameId, MoveRow, NewPlayer, Store};
use ccgate::web::access::{Prefs, Viewer};
use ccgate::web::{event_page, game_page};
use jiff::Timestamp;
use shakmaty::{CastlingMode, Chess, Position, Square};

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (warm, runs) = if full { (20, 300) } else { (1, 5) };
    let dir = tempfile::tempdir().expect("tempdir");
    let (store, event, game, plies) = world(&dir.path().join("web.db"));
    let renderer = Renderer::new();
    let viewer = Viewer::default();
    let prefs = Prefs::default();
    let now = Timestamp::now();

    let game_time = time(warm, runs, |_| {
        let page = game_page(
            &store,
            &renderer,
            &viewer,
            prefs,
            (game, None, None),
            now,
            None,
        )
        .expect("store")
        .expect("a page");
        assert!(page.into_string().contains("After "));
    });
    let table_time = time(warm, runs, |_| {
        let page = event_page(&store, &viewer, prefs, event)
            .expect("store")
            .expect("a page");
        assert!(page.into_string().contains("crosstable"));
    });
    let png_time = time(warm, runs, |i| {
        // A diagram not drawn before every call: never from the cache.
        let n = plies.len();
        let mut d = Diagram::of_position(&plies[i % n], None, (i / n) % 2 == 1);
        d.marks.last_move = Some((Square::new((i / (2 * n)) as u32 % 64), Square::E4));
        assert!(renderer.png(&d).expect("png").len() > 1000);
        assert_eq!(renderer.cached_pngs(), i + 1, "drawn, not from the cache");
    });
    println!("web page server time ({runs} runs each, after {warm} warm-up)");
    for (what, t) in [
        ("game page, 80 plies", game_time),
        ("crosstable, 15 players", table_time),
        ("board PNG, uncached", png_time),
    ] {
        println!(
            "{what:<24} median {:>7.3} ms   p95 {:>7.3} ms",
            ms(t.0),
            ms(t.1)
        );
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Median and 95th percentile of `runs` calls.
fn time(warm: usize, runs: usize, mut f: impl FnMut(usize)) -> (Duration, Duration) {
    for i in 0..warm {
        f(i);
    }
    let mut times: Vec<Duration> = (0..runs)
        .map(|i| {
            let start = Instant::now();
            f(warm + i);
            start.elapsed()
        })
        .collect();
    times.sort();
    (times[runs / 2], times[(runs * 95 / 100).min(runs - 1)])
}

/// The store: 15 players in one event, 60 results, one game of 80 plies.
/// Returns the store, the event, that game and its positions.
fn world(path: &std::path::Path) -> (Store, ccgate::store::EventId, GameId, Vec<Chess>) {
    let mut store = Store::create(path).expect("store");
    let names: Vec<String> = (1..=15).map(|i| format!("Player {i:02}")).collect();
    {
        let tx = store.write().expect("tx");
        for (i, name) in names.iter().enumerate() {
            tx.add_player(
                &NewPlayer {
                    name: name.clone(),
                    notation: Notation::San,
                    lang: Lang::En,
                    reply_via: Some(Channel::Email),
                    tz: "UTC".into(),
                    pin_hash: None,
                    addresses: vec![(Channel::Email, format!("p{i}@example.test"))],
                },
                Timestamp::now(),
            )
            .expect("player");
        }
        tx.commit().expect("commit");
    }
    let event = start_event(
        &mut store,
        &EventSpec {
            name: "Bench Open".parse().expect("name"),
            players: names,
            double: false,
            time_control: "10/50".parse().expect("tc"),
            penalty_days: 0,
            rules: Rules::Iccf,
            start: None,
            duplication_after: None,
        },
        Timestamp::now(),
    )
    .expect("event");
    let games: Vec<GameId> = store
        .event_games(event)
        .expect("games")
        .into_iter()
        .map(|g| g.game)
        .collect();
    let tx = store.write().expect("tx");
    for (i, g) in games.iter().enumerate().skip(1).take(60) {
        let result = [
            GameResult::WhiteWins,
            GameResult::Draw,
            GameResult::BlackWins,
        ][i % 3];
        tx.finish_game(
            *g,
            result,
            &Termination::Adjudicated("bench".into()),
            Timestamp::now(),
        )
        .expect("finish");
    }
    let mut pos = Chess::default();
    let mut plies = Vec::new();
    for ply in 1..=80u32 {
        let moves = pos.legal_moves();
        let mv = moves[(ply as usize * 7) % moves.len()];
        tx.add_move(
            games[0],
            &MoveRow {
                ply,
                uci: mv.to_uci(CastlingMode::Standard).to_string().into(),
                raw: Default::default(),
                notation: "uci".into(),
                received_at: Timestamp::now(),
                delivered_at: Some(Timestamp::now()),
                journal_id: None,
            },
        )
        .expect("move");
        pos.play_unchecked(mv);
        plies.push(pos.clone());
        if pos.is_game_over() {
            break;
        }
    }
    tx.commit().expect("commit");
    (store, event, games[0], plies)
}
