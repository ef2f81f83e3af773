//! Write-then-read round trips: every legal move of many standard positions,
//! written in every notation (san, lan and figurine in every language and
//! both styles), reads back as the same move with no warnings.
//!
//! Positions: along the standard games of `derived/games_uci.tsv` and from the
//! perft suites (python-chess random, shakmaty tricky without the Chess960
//! `xfen-*`, sunfish perftsuite). The default run samples them so that it
//! stays fast in debug builds; `roundtrip_full` (ignored) sweeps everything:
//! `cargo test --profile test-opt --test roundtrip -- --ignored`.

use crate::support;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use ccgate_core::notation::{Lang, Notation, Style, WriteOptions, read_move, write_move};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Position};
use support::{
    Config, GameStats, all_configs, all_positions, descriptive_landed, fen_of, full_configs,
    game_positions, perft_positions, report, rotating_configs, roundtrip, sweep_position, uci_of,
};

/// The default run replays one standard game in `GAME_STRIDE`, takes one
/// of their positions in `PLY_STRIDE`, and one perft position in
/// `PERFT_STRIDE`: about 400 positions, all phases of the game.
const GAME_STRIDE: usize = 8;
const PLY_STRIDE: usize = 150;
const PERFT_STRIDE: usize = 60;

/// The notations under test. Descriptive is listed so that it is swept as
/// soon as it replaces its placeholder; it has its own tests so that its
/// failures show on their own.
const NOTATIONS: [Notation; 8] = Notation::ALL;

/// Every position of the full sweep, deduplicated.
fn positions() -> &'static (Vec<Chess>, GameStats) {
    static CELL: OnceLock<(Vec<Chess>, GameStats)> = OnceLock::new();
    CELL.get_or_init(all_positions)
}

/// The positions along the games of the default run, with duplicates.
fn game_sample() -> &'static (Vec<Chess>, GameStats) {
    static CELL: OnceLock<(Vec<Chess>, GameStats)> = OnceLock::new();
    CELL.get_or_init(|| game_positions(GAME_STRIDE))
}

/// The deterministic sample of the default run: every `PLY_STRIDE`-th
/// position of the sampled games plus perft positions spread through the
/// suites.
fn sample() -> Vec<Chess> {
    let (games, _) = game_sample();
    let mut out: Vec<Chess> = games.iter().step_by(PLY_STRIDE).cloned().collect();
    out.extend(
        perft_positions()
            .into_iter()
            .step_by(PERFT_STRIDE)
            .map(|(_, p)| p),
    );
    out
}

#[test]
fn positions_load() {
    let (games, stats) = game_sample();
    eprintln!("sampled games: {stats:?}; {} positions", games.len());
    // 6403 standard games parsed ok, one in GAME_STRIDE replayed.
    assert_eq!(stats.games, 6403_usize.div_ceil(GAME_STRIDE), "{stats:?}");
    assert!(stats.plies > 400_000 / GAME_STRIDE, "{stats:?}");
    let (perft, rejects) = support::perft_positions_and_rejects();
    eprintln!(
        "perft positions: {}; not standard chess: {rejects:?}",
        perft.len()
    );
    // Besides the `xfen-*` ones, these tricky positions carry castling rights
    // that standard chess cannot have (X-FEN `Ff`, a right without the king
    // on its home square), so they are Chess960 material and left out.
    assert_eq!(
        rejects,
        [
            "suites/perft/shakmaty_tricky.perft:hside-rook-blocks-aside-castling",
            "suites/perft/shakmaty_tricky.perft:two-knight-checkers",
            "suites/perft/shakmaty_tricky.perft:asymmetrical-and-king-on-h",
        ]
    );
    // python-chess random 6838, tricky 26 - 5 xfen - 3, sunfish 127.
    assert_eq!(perft.len(), 6838 + 18 + 127, "perft positions");
}

#[test]
fn roundtrip_sample() {
    let sample = sample();
    let mut failures = Vec::new();
    let mut moves = 0;
    let mut checks = 0;
    for (i, pos) in sample.iter().enumerate() {
        moves += pos.legal_moves().len();
        checks += sweep_position(pos, &rotating_configs(i), &mut failures);
    }
    eprintln!(
        "{} positions, {moves} moves, {checks} round trips",
        sample.len()
    );
    report("round trip", &failures, 40);
}

/// Every language and both styles on positions rich in promotions,
/// castling, en passant and disambiguation: the shakmaty tricky suite and a
/// few hand-picked ones.
#[test]
fn roundtrip_every_language() {
    let mut positions: Vec<Chess> = perft_positions()
        .into_iter()
        .filter(|(id, _)| id.contains("shakmaty_tricky"))
        .map(|(_, p)| p)
        .collect();
    for fen in [
        // Promotions with and without capture, both colours.
        "1r2k1r1/P1P3P1/8/8/8/8/p1p3p1/1R2K1R1 w - - 0 1",
        "1r2k1r1/P1P3P1/8/8/8/8/p1p3p1/1R2K1R1 b - - 0 1",
        // Three queens and knights: disambiguation by file, rank and square.
        "k7/8/8/2Q1Q3/8/2Q5/8/K1N1N3 w - - 0 1",
        // En passant with check.
        "8/8/8/2k5/3pP3/8/8/4K2R b K e3 0 1",
    ] {
        positions.push(support::pos_from_fen(fen).unwrap());
    }
    let configs = all_configs();
    let mut failures = Vec::new();
    let mut checks = 0;
    for pos in &positions {
        checks += sweep_position(pos, &configs, &mut failures);
    }
    eprintln!(
        "{} positions, {} configs, {checks} round trips",
        positions.len(),
        configs.len()
    );
    report("round trip", &failures, 40);
}

/// UCI equals shakmaty's UCI and English PGN-style SAN equals shakmaty's SAN.
#[test]
fn uci_and_san_agree_with_shakmaty() {
    let (games, _) = game_sample();
    let sample = sample();
    let moves = agree_with_shakmaty(games.iter().step_by(PLY_STRIDE / 5).chain(sample.iter()));
    eprintln!("{moves} moves compared");
}

/// UCI and English PGN-style SAN of every legal move of `positions`
/// against shakmaty's; reports the differences, returns how many moves.
fn agree_with_shakmaty<'a>(positions: impl Iterator<Item = &'a Chess>) -> usize {
    let mut failures = Vec::new();
    let mut moves = 0;
    let en = WriteOptions::new(Lang::En).with_style(Style::Pgn);
    for pos in positions {
        for m in pos.legal_moves() {
            moves += 1;
            let uci = write_move(pos, m, Notation::Uci, &en);
            if uci != m.to_uci(CastlingMode::Standard).to_string() {
                failures.push(format!("{}: uci {uci} for {m}", fen_of(pos)));
            }
            let san = write_move(pos, m, Notation::San, &en);
            let expected = SanPlus::from_move(pos.clone(), m).to_string();
            if san != expected {
                failures.push(format!("{}: san {san} expected {expected}", fen_of(pos)));
            }
        }
    }
    report("round trip", &failures, 40);
    moves
}

/// Descriptive round trips, on their own so that a failure shows separately.
/// While the notation is a placeholder (it writes nothing) the test only
/// checks that the placeholder still refuses to read.
#[test]
fn roundtrip_descriptive() {
    if !descriptive_landed() {
        let pos = Chess::default();
        let r = read_move(&pos, "P-K4", Notation::Descriptive, &Default::default());
        assert!(r.is_err(), "descriptive reads but does not write: {r:?}");
        eprintln!("descriptive is still a placeholder: skipped");
        return;
    }
    let configs = [Config::plain(Notation::Descriptive)];
    let mut failures = Vec::new();
    let mut checks = 0;
    for pos in sample() {
        checks += sweep_position(&pos, &configs, &mut failures);
    }
    eprintln!("{checks} descriptive round trips");
    report("round trip", &failures, 40);
}

/// Sweeps `positions` on every core, position `i` in `configs(i)`, and
/// collects the failures.
fn parallel_sweep(positions: &[Chess], configs: fn(usize) -> Vec<Config>) -> (usize, Vec<String>) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = AtomicUsize::new(0);
    let checks = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut local = Vec::new();
                let mut n = 0;
                loop {
                    let start = next.fetch_add(256, Ordering::Relaxed);
                    if start >= positions.len() {
                        break;
                    }
                    let end = (start + 256).min(positions.len());
                    for (i, pos) in positions.iter().enumerate().take(end).skip(start) {
                        n += sweep_position(pos, &configs(i), &mut local);
                    }
                }
                checks.fetch_add(n, Ordering::Relaxed);
                failures.lock().unwrap().extend(local);
            });
        }
    });
    (checks.into_inner(), failures.into_inner().unwrap())
}

/// Every legal move of every position, every notation but descriptive, every
/// language and style. Languages whose letters are all the same, and PGN
/// style in every language (always English letters), write the same text;
/// the sweep keeps one config of each such group per position and rotates
/// the member from position to position, so every language is used.
#[test]
#[ignore = "minutes in an optimised build: cargo test --profile test-opt -- --ignored"]
fn roundtrip_full() {
    let (all, stats) = positions();
    assert_eq!(stats.games, 6403, "{stats:?}");
    let moves: usize = all.iter().map(|p| p.legal_moves().len()).sum();
    let (checks, failures) = parallel_sweep(all, full_configs);
    eprintln!(
        "{stats:?}; {} distinct positions, {moves} moves, {} configs per position, {checks} round trips",
        all.len(),
        full_configs(0).len()
    );
    report("round trip", &failures, 40);
}

/// The configs `roundtrip_full` leaves out write exactly what a kept one
/// writes: PGN style is English whatever the language, and languages of one
/// letter class spell everything alike.
#[test]
fn equivalent_configs_write_the_same() {
    let classes = support::letter_classes();
    // 33 languages; German, Swedish, Danish, Norwegian; Spanish, Italian, Catalan; Czech, Slovak.
    assert_eq!(classes.len(), 33 - 3 - 2 - 1, "{classes:?}");
    let mut failures = Vec::new();
    for pos in sample().iter().step_by(12) {
        for m in pos.legal_moves() {
            for notation in [Notation::San, Notation::Lan, Notation::Figurine] {
                let en = write_move(
                    pos,
                    m,
                    notation,
                    &WriteOptions::new(Lang::En).with_style(Style::Pgn),
                );
                for &lang in Lang::ALL {
                    let pgn = write_move(
                        pos,
                        m,
                        notation,
                        &WriteOptions::new(lang).with_style(Style::Pgn),
                    );
                    if pgn != en {
                        failures.push(format!(
                            "{}: {notation} {lang} pgn {pgn} != en {en}",
                            fen_of(pos)
                        ));
                    }
                }
                for class in &classes {
                    let fide = |l: Lang| {
                        write_move(
                            pos,
                            m,
                            notation,
                            &WriteOptions::new(l).with_style(Style::Fide),
                        )
                    };
                    let first = fide(class[0]);
                    for &lang in &class[1..] {
                        if fide(lang) != first {
                            failures.push(format!(
                                "{}: {notation} {lang} != {}",
                                fen_of(pos),
                                class[0]
                            ));
                        }
                    }
                }
            }
        }
    }
    report("round trip", &failures, 40);
}

/// Every legal move of every position in descriptive, once it has landed.
#[test]
#[ignore = "minutes in an optimised build: cargo test --profile test-opt -- --ignored"]
fn roundtrip_full_descriptive() {
    if !descriptive_landed() {
        eprintln!("descriptive is still a placeholder: skipped");
        return;
    }
    let (all, _) = positions();
    let (checks, failures) = parallel_sweep(all, |_| vec![Config::plain(Notation::Descriptive)]);
    eprintln!("{checks} descriptive round trips");
    report("round trip", &failures, 40);
}

/// One ply of a random game: which move, and how to write it.
#[derive(Debug, Clone)]
struct Ply {
    mv: usize,
    notation: usize,
    lang: usize,
    pgn: bool,
}

fn ply() -> impl Strategy<Value = Ply> {
    (
        any::<usize>(),
        any::<usize>(),
        any::<usize>(),
        any::<bool>(),
    )
        .prop_map(|(mv, notation, lang, pgn)| Ply {
            mv,
            notation,
            lang,
            pgn,
        })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 128,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/core/roundtrip.proptest-regressions",
        ))),
        ..ProptestConfig::default()
    })]

    /// Random legal games from the start position; each move written in a
    /// random notation, language and style and read back.
    #[test]
    fn random_playouts(plies in prop::collection::vec(ply(), 1..160)) {
        let notations: Vec<Notation> =
            NOTATIONS.into_iter().filter(|&n| n != Notation::Descriptive).collect();
        if let Err(e) = playout(&plies, &notations) {
            prop_assert!(false, "{}", e);
        }
    }

    /// The same in descriptive alone, once it has landed, so that its
    /// failures show on their own.
    #[test]
    fn random_playouts_descriptive(plies in prop::collection::vec(ply(), 1..160)) {
        if descriptive_landed()
            && let Err(e) = playout(&plies, &[Notation::Descriptive])
        {
            prop_assert!(false, "{}", e);
        }
    }
}

/// Plays a random game from the start position, round-tripping each move in
/// the notation, language and style the ply picks.
fn playout(plies: &[Ply], notations: &[Notation]) -> Result<(), String> {
    let mut pos = Chess::default();
    for p in plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[p.mv % moves.len()];
        let notation = notations[p.notation % notations.len()];
        let lang = Lang::ALL[p.lang % Lang::ALL.len()];
        let style = if p.pgn { Style::Pgn } else { Style::Fide };
        roundtrip(&pos, m, &Config::lettered(notation, lang, style))?;
        pos.play_unchecked(m);
    }
    Ok(())
}

/// One canonical form per style: PGN (English letters, `O-O`, `=Q`) and FIDE
/// (the language's letters, `0-0`, `e8Q`); figurines without a pawn glyph.
#[test]
fn canonical_forms() {
    let fen = "r7/1P3k2/8/8/8/8/8/R3K2R w KQ - 0 1";
    let pos = support::pos_from_fen(fen).unwrap();
    let mv = |uci: &str| support::move_from_uci(&pos, uci).unwrap();
    let w = |m, n, lang, style| write_move(&pos, m, n, &WriteOptions::new(lang).with_style(style));
    let promo = mv("b7a8q");
    let castle = mv("e1c1");
    let rook = mv("h1g1");
    assert_eq!(WriteOptions::new(Lang::En).style, Style::Pgn);
    assert_eq!(WriteOptions::new(Lang::Ru).style, Style::Fide);
    assert_eq!(w(promo, Notation::San, Lang::En, Style::Pgn), "bxa8=Q");
    assert_eq!(w(promo, Notation::San, Lang::En, Style::Fide), "bxa8Q");
    assert_eq!(w(promo, Notation::San, Lang::Ru, Style::Fide), "bxa8Ф");
    assert_eq!(w(promo, Notation::San, Lang::Ru, Style::Pgn), "bxa8=Q");
    assert_eq!(w(promo, Notation::Lan, Lang::De, Style::Fide), "b7xa8D");
    assert_eq!(w(promo, Notation::Figurine, Lang::En, Style::Pgn), "bxa8=♕");
    assert_eq!(w(castle, Notation::San, Lang::En, Style::Pgn), "O-O-O");
    assert_eq!(w(castle, Notation::San, Lang::Fr, Style::Fide), "0-0-0");
    assert_eq!(w(castle, Notation::Lan, Lang::En, Style::Pgn), "O-O-O");
    assert_eq!(w(castle, Notation::Uci, Lang::En, Style::Pgn), "e1c1");
    assert_eq!(w(castle, Notation::Iccf, Lang::En, Style::Pgn), "5131");
    assert_eq!(w(castle, Notation::Uedemann, Lang::En, Style::Pgn), "gada");
    assert_eq!(w(rook, Notation::San, Lang::Ru, Style::Fide), "Лg1");
    assert_eq!(w(rook, Notation::San, Lang::Uk, Style::Fide), "Тg1");
    assert_eq!(w(rook, Notation::San, Lang::De, Style::Fide), "Tg1");
    assert_eq!(w(rook, Notation::Lan, Lang::En, Style::Pgn), "Rh1-g1");
    assert_eq!(w(rook, Notation::Figurine, Lang::En, Style::Pgn), "♖g1");
    // Captures x, check +, mate #; figurines in the mover's colour, no pawn glyph.
    let start = Chess::default();
    let e4 = support::move_from_uci(&start, "e2e4").unwrap();
    assert_eq!(
        write_move(&start, e4, Notation::Figurine, &WriteOptions::default()),
        "e4"
    );
    let scholar = support::pos_from_fen(
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    )
    .unwrap();
    let mate = support::move_from_uci(&scholar, "h5f7").unwrap();
    assert_eq!(
        write_move(&scholar, mate, Notation::San, &WriteOptions::default()),
        "Qxf7#"
    );
    assert_eq!(
        write_move(&scholar, mate, Notation::Lan, &WriteOptions::default()),
        "Qh5xf7#"
    );
    let black = support::pos_from_fen(AFTER_E4).unwrap();
    let nf6 = support::move_from_uci(&black, "g8f6").unwrap();
    assert_eq!(
        write_move(&black, nf6, Notation::Figurine, &WriteOptions::default()),
        "♞f6"
    );
}

const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

/// UCI and SAN against shakmaty for every move of every position.
#[test]
#[ignore = "a minute in an optimised build: cargo test --profile test-opt -- --ignored"]
fn uci_and_san_agree_with_shakmaty_full() {
    let (all, _) = positions();
    let moves = agree_with_shakmaty(all.iter());
    eprintln!("{} positions, {moves} moves compared", all.len());
}

#[test]
fn config_list_covers_every_language_and_style() {
    let configs = all_configs();
    // san, lan, figurine × 33 languages × 3 styles + uci, iccf, 2 × uedemann.
    assert_eq!(configs.len(), 3 * 33 * 3 + 4);
    assert!(NOTATIONS.contains(&Notation::Descriptive));
    let _ = uci_of;
}
