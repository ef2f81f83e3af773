//! Round trips: every legal move of many positions (real games, special
//! moves, composed positions) is written and read back.

use super::*;

fn round_trip_position(pos: &Chess, count: &mut usize) {
    let mut out = String::new();
    for mv in pos.legal_moves() {
        out.clear();
        ccgate_core::notation::append_move(
            pos,
            mv,
            Notation::Descriptive,
            &WriteOptions::default(),
            &mut out,
        );
        let reading = read(pos, &out).unwrap_or_else(|e| {
            panic!(
                "{} {mv}: wrote {out:?}, read back: {e}",
                Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
            )
        });
        assert_eq!(
            reading.mv,
            mv,
            "{}: {out}",
            Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
        );
        assert!(reading.warnings.is_empty(), "{out}: {:?}", reading.warnings);
        assert_eq!(reading.nag, None);
        *count += 1;
    }
}

/// Plays a game's UCI moves from the start, calling `visit` on every position
/// (with the move about to be played). Stops at a move that is not legal from
/// the standard start (games set up from a FEN tag) and returns how far it got.
fn replay(ucis: &str, mut visit: impl FnMut(&Chess, &Move)) -> usize {
    let mut pos = Chess::default();
    let mut plies = 0;
    for u in ucis.split_whitespace() {
        let Ok(m) = u
            .parse::<UciMove>()
            .map_err(|_| ())
            .and_then(|m| m.to_move(&pos).map_err(|_| ()))
        else {
            break;
        };
        visit(&pos, &m);
        pos.play_unchecked(m);
        plies += 1;
    }
    plies
}

struct Game {
    source: String,
    flags: HashMap<&'static str, bool>,
    uci: String,
}

fn games() -> Vec<Game> {
    let text = read_data("derived/games_uci.tsv");
    let mut lines = text.lines();
    let header: Vec<String> = lines
        .next()
        .unwrap_or_default()
        .split('\t')
        .map(str::to_string)
        .collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("no column {name}"))
    };
    let flag_names = [
        "promotion",
        "underpromotion",
        "en_passant",
        "castle_kingside",
        "castle_queenside",
    ];
    let (status, variant, moves, source) = (
        col("parse_status"),
        col("variant"),
        col("uci_moves"),
        col("source_file"),
    );
    let mut out = Vec::new();
    for line in lines {
        let f: Vec<&str> = line.split('\t').collect();
        if f.get(status) != Some(&"ok") || f.get(variant) != Some(&"chess") {
            continue;
        }
        let flags = flag_names
            .iter()
            .map(|n| (*n, f.get(col(n)) == Some(&"1")))
            .collect();
        out.push(Game {
            source: f.get(source).copied().unwrap_or_default().to_string(),
            flags,
            uci: f.get(moves).copied().unwrap_or_default().to_string(),
        });
    }
    out
}

/// Games set up from a FEN tag: their moves do not replay from the start.
const FEN_STARTS: &[&str] = &["pgn/edgecases/pgn-extract/odds.pgn"];

#[test]
fn round_trip_first_200_games() {
    // Null moves (`0000`) cannot be played on a `Chess` position.
    let games: Vec<Game> = games()
        .into_iter()
        .filter(|g| {
            !FEN_STARTS.contains(&g.source.as_str())
                && !g.uci.split_whitespace().any(|u| u == "0000")
        })
        .take(200)
        .collect();
    let fischer = games
        .iter()
        .filter(|g| g.source.ends_with("fischer.pgn"))
        .count();
    assert!(
        fischer >= 30,
        "the first games include Fischer's ({fischer})"
    );
    let (mut positions, mut moves, mut short) = (0, 0, Vec::new());
    for g in &games {
        let total = g.uci.split_whitespace().count();
        let plies = replay(&g.uci, |pos, _| {
            round_trip_position(pos, &mut moves);
            positions += 1;
        });
        if plies < total {
            short.push(&g.source);
        }
    }
    eprintln!(
        "round trip: {} games, {positions} positions, {moves} moves",
        games.len()
    );
    assert!(positions > 14_000, "{positions}");
    assert!(
        short.is_empty(),
        "games that do not replay from the start: {short:?}"
    );
}

#[test]
fn round_trip_promotion_en_passant_castling() {
    let games = games();
    let (mut positions, mut moves, mut long_castles) = (0, 0, 0);
    let mut by_kind = HashMap::<&str, usize>::new();
    for g in &games {
        let flagged = ["promotion", "underpromotion", "en_passant"]
            .iter()
            .any(|k| g.flags[k]);
        // Queenside castling is in a third of the games: the first 300 do.
        let castles = g.flags["castle_queenside"] && long_castles < 300;
        if !flagged && !castles {
            continue;
        }
        long_castles += usize::from(castles);
        // The position where the special move is played, and the one before.
        let mut prev: Option<Chess> = None;
        replay(&g.uci, |pos, m| {
            let kind = match m {
                _ if m.is_promotion() && m.promotion() != Some(Role::Queen) => "underpromotion",
                _ if m.is_promotion() => "promotion",
                _ if m.is_en_passant() => "en passant",
                Move::Castle { king, rook } if rook < king => "O-O-O",
                _ => return prev = Some(pos.clone()),
            };
            *by_kind.entry(kind).or_default() += 1;
            if let Some(p) = &prev {
                round_trip_position(p, &mut moves);
            }
            round_trip_position(pos, &mut moves);
            positions += 1;
            prev = Some(pos.clone());
        });
    }
    eprintln!("special round trip: {positions} positions, {moves} moves, {by_kind:?}");
    assert!(
        by_kind.get("underpromotion").copied().unwrap_or(0) >= 20,
        "{by_kind:?}"
    );
    assert!(
        by_kind.get("en passant").copied().unwrap_or(0) >= 100,
        "{by_kind:?}"
    );
    assert!(
        by_kind.get("promotion").copied().unwrap_or(0) >= 500,
        "{by_kind:?}"
    );
    assert!(
        by_kind.get("O-O-O").copied().unwrap_or(0) >= 290,
        "{by_kind:?}"
    );
}

#[test]
fn round_trip_composed_positions() {
    let fens = [
        // Two knights and two rooks aiming at the same squares, both colours.
        "r3k2r/8/8/3N4/8/2N5/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/3n4/8/2n5/8/R3K2R b KQkq - 0 1",
        // Three queens, promotions everywhere, under-promotion captures.
        "1n1rk3/PPP5/8/8/8/8/ppp5/QQ1RK2Q w - - 0 1",
        "1n1rk3/PPP5/8/8/8/8/ppp5/1N1RK3 b - - 0 1",
        // En passant with two capturing pawns.
        "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1",
        "4k3/8/8/8/2pPp3/8/8/4K3 b - d3 0 1",
        // Doubled pawns capturing, bishops of both colours, promoted bishops.
        "4k3/8/1p1p4/2P1P3/2P1P3/8/8/B1B1K1BB w - - 0 1",
        // Castling both ways with checks available.
        "r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w KQkq - 0 1",
        // Rooks castled on KB1 and Q1.
        "2kr3r/8/8/8/8/8/8/R4RK1 w - - 0 1",
        "2kr3r/8/8/8/8/8/8/R4RK1 b - - 0 1",
    ];
    let mut moves = 0;
    for f in fens {
        let pos = position(f);
        round_trip_position(&pos, &mut moves);
        for mv in pos.legal_moves() {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            round_trip_position(&next, &mut moves);
        }
    }
    assert!(moves > 1000, "{moves}");
}
