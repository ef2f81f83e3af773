//! The properties checked on arbitrary input, shared by the cargo-fuzz
//! targets in `fuzz/` and the proptest smoke run in `core/fuzz_smoke.rs`, so
//! that a crash found by one is a failure in the other.
//!
//! Input format of both fuzz targets (and of the files in
//! `tests/data/fuzz-regressions/`): the first byte picks the notation and the
//! language ([`selector`]), the rest is the text, read as lossy UTF-8.

// Each fuzz target includes this file and uses only part of it.
#![allow(dead_code)]

use ccgate_core::notation::movetext::{
    Game, GameStream, MovetextOptions, Node, read_games, write_movetext,
};
use ccgate_core::notation::{Lang, Notation, ReadOptions, WriteOptions, read_move, write_move};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

/// Positions every text is read in: the start, then positions where
/// castling both ways, en passant, promotion with and without capture and
/// (in Kiwipete) disambiguation are all legal, for either side to move.
pub const FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2",
    "r3k2r/8/8/8/3pP3/8/1p6/R3K2R b KQkq e3 0 2",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
];

pub fn positions() -> Vec<Chess> {
    FENS.iter()
        .map(|fen| {
            fen.parse::<Fen>()
                .expect("valid FEN")
                .into_position(CastlingMode::Standard)
                .expect("legal position")
        })
        .collect()
}

/// The notation (low 3 bits) and language (the rest) a selector byte picks.
pub fn selector(byte: u8) -> (Notation, Lang) {
    let notation = Notation::ALL[usize::from(byte) % Notation::ALL.len()];
    let lang = Lang::ALL[usize::from(byte >> 3) % Lang::ALL.len()];
    (notation, lang)
}

/// Movetext options a selector byte picks: the low 4 bits choose the
/// notation, with values past the last notation meaning "detect".
pub fn movetext_selector(byte: u8) -> MovetextOptions {
    let from = Notation::ALL.get(usize::from(byte & 0x0f)).copied();
    let lang = Lang::ALL[usize::from(byte >> 4) % Lang::ALL.len()];
    MovetextOptions {
        from,
        lang,
        ..MovetextOptions::default()
    }
}

fn fen(pos: &Chess) -> Fen {
    Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
}

/// Reading never panics; what it reads is legal; the move's own text, as
/// written in the same notation and language, reads back as the same move.
pub fn check_read(pos: &Chess, text: &str, notation: Notation, lang: Lang) {
    let ropts = ReadOptions::new(lang);
    match read_move(pos, text, notation, &ropts) {
        Ok(reading) => {
            assert!(
                pos.is_legal(reading.mv),
                "{notation}/{lang:?}: {text:?} read as illegal {:?} in {}",
                reading.mv,
                fen(pos)
            );
            let written = write_move(pos, reading.mv, notation, &WriteOptions::new(lang));
            let back = read_move(pos, &written, notation, &ropts).map(|r| r.mv);
            assert_eq!(
                back,
                Ok(reading.mv),
                "{notation}/{lang:?}: {text:?} -> {written:?} does not read back in {}",
                fen(pos)
            );
        }
        // Error messages are shown to players: building one must not panic.
        Err(err) => {
            let _ = err.to_string();
        }
    }
}

/// One fuzz input for `read_move`: every position, the selected notation and
/// language.
pub fn check_read_input(data: &[u8], positions: &[Chess]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let (notation, lang) = selector(first);
    let text = String::from_utf8_lossy(rest);
    for pos in positions {
        check_read(pos, &text, notation, lang);
    }
}

fn check_line(start: &Chess, line: &[Node], what: &str) {
    let mut pos = start.clone();
    for (ply, node) in line.iter().enumerate() {
        for variation in node.variations() {
            check_line(&pos, variation, what);
        }
        match node.mv {
            Some(mv) => {
                assert!(
                    pos.is_legal(mv),
                    "{what}: ply {ply} ({:?}) is illegal in {}",
                    node.token,
                    fen(&pos)
                );
                pos.play_unchecked(mv);
            }
            None => {
                // A null move hands the turn over, which the rules of the
                // game allow only out of check.
                assert!(
                    !pos.is_check(),
                    "{what}: ply {ply} is a null move ({:?}) in check in {}",
                    node.token,
                    fen(&pos)
                );
                pos = pos
                    .swap_turn()
                    .unwrap_or_else(|_| panic!("{what}: null move at ply {ply}"));
            }
        }
    }
}

fn main_line(game: &Game) -> Vec<Option<shakmaty::Move>> {
    game.line.iter().map(|n| n.mv).collect()
}

/// Reading games never panics and yields legal lines; writing each game in
/// every notation never panics; a game read to its end from the standard
/// start, written in an unambiguous notation, reads back as the same line.
pub fn check_movetext(text: &str, opts: &MovetextOptions) {
    let games = read_games(text, opts);
    let langs: &[Lang] = if opts.lang == Lang::En {
        &[Lang::En]
    } else {
        &[Lang::En, opts.lang]
    };
    for (i, game) in games.iter().enumerate() {
        let what = format!("game {i} ({opts:?})");
        check_line(&game.start, &game.line, &what);
        let round_trip = game.error.is_none()
            && game.start == Chess::default()
            && game.start.fullmoves().get() == 1;
        for notation in Notation::ALL {
            for &lang in langs {
                let out = write_movetext(game, notation, &WriteOptions::new(lang));
                if round_trip
                    && lang == Lang::En
                    && matches!(notation, Notation::Uci | Notation::Iccf | Notation::San)
                {
                    let again_opts = MovetextOptions {
                        from: Some(notation),
                        lang: Lang::En,
                        ..MovetextOptions::default()
                    };
                    let again = read_games(&out, &again_opts);
                    assert_eq!(
                        again.len(),
                        1,
                        "{what}: {notation} output {out:?} reads as {} games",
                        again.len()
                    );
                    assert_eq!(
                        again[0].error, None,
                        "{what}: {notation} output {out:?} does not read back"
                    );
                    assert_eq!(
                        main_line(&again[0]),
                        main_line(game),
                        "{what}: {notation} output {out:?} reads back as another line"
                    );
                }
            }
        }
    }
}

/// One fuzz input for `movetext`: the games of the text, and the same bytes
/// streamed in reads of 1 to 16 bytes (the first byte picks the size).
pub fn check_movetext_input(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let opts = movetext_selector(first);
    check_movetext(&String::from_utf8_lossy(rest), &opts);
    let games = check_stream(rest, usize::from(first % 16) + 1, &opts);
    let parallel = (
        usize::from(first % 8) + 2,
        usize::from(first % 32) + 1,
        usize::from(first % 3) * rest.len() / 4,
    );
    check_parallel(rest, &games, parallel, &opts);
}

/// A reader that hands out at most `step` bytes a call, as a pipe or a slow
/// disk may.
pub struct Trickle<'a> {
    pub data: &'a [u8],
    pub step: usize,
}

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// The games of `data` read in reads of `step` bytes are the games read in
/// one (the stream's chunk is larger than any input here), field by field.
pub fn check_stream(data: &[u8], step: usize, opts: &MovetextOptions) -> Vec<Game> {
    let read = |step| -> Vec<Game> {
        GameStream::new(Trickle { data, step }, opts.clone())
            .map(|g| g.expect("a slice cannot fail to read"))
            .collect()
    };
    let whole = read(data.len().max(1));
    let cut = read(step);
    assert_eq!(
        format!("{cut:?}"),
        format!("{whole:?}"),
        "reads of {step} bytes of {:?}",
        String::from_utf8_lossy(data)
    );
    whole
}

/// The games of `data` read by `jobs` threads once `after` bytes are read,
/// `part` bytes each per round, from reads of `part` bytes, are `games` (the
/// stream's own), in order.
pub fn check_parallel(
    data: &[u8],
    games: &[Game],
    (jobs, part, after): (usize, usize, usize),
    opts: &MovetextOptions,
) {
    let jobs = std::num::NonZeroUsize::new(jobs).expect("jobs > 0");
    let mut read = Vec::new();
    GameStream::new(Trickle { data, step: part }, opts.clone())
        .part_size(part)
        .parallel_after(after)
        .map_parallel(
            Some(jobs),
            |g| format!("{g:?}"),
            |g| {
                read.push(g);
                Ok::<(), ()>(())
            },
        )
        .expect("a slice cannot fail to read");
    let games: Vec<String> = games.iter().map(|g| format!("{g:?}")).collect();
    assert_eq!(
        read,
        games,
        "{jobs} threads after {after} bytes, parts of {part} bytes, of {:?}",
        String::from_utf8_lossy(data)
    );
}
