//! `GameStream`: games read from a byte stream in reads of any size are the
//! games of the whole text (`fuzz_checks::check_stream`), and bytes outside
//! UTF-8 are Latin-1 however the reads cut them; read on several threads,
//! they are the same games in the same order (`fuzz_checks::check_parallel`).

use std::num::NonZeroUsize;

use crate::fuzz_checks::{check_parallel, check_stream};

use ccgate_core::notation::movetext::{GameStream, Games, MapError, MovetextOptions};

/// Every kind of game end and every look back the reader makes: results,
/// a tag line after a result on the same line, a `%` escape line and a `%`
/// that is not one, a comment holding a line that starts with `[`,
/// variations, a nested comment whose braces balance only after a tag line,
/// a game without a result at the end.
const GAMES: &str = "[Event \"a\"]\n[White \"Mäkelä\"]\n\n1. e4 {a comment\n[%clk 0:01]} e5 \
    2. Nf3 (2. f4 exf4) Nc6 1-0\n\n[Event \"b\"]\n\n1. d4 d5 2. c4 *\n% an escape line\n\
    1. e4 e5 1/2-1/2 [Event \"c\"]\n1. Nf3 Nf6 2. e8(Q) 0-1 % no escape here\n\
    1. d4 { a { b } c\n[Event \"d\"]\n1. e4 } d5 *\n1. e4 c5 2. Nf3\n\n\n";

/// PGN output's options: every comment kept, so that more is compared.
fn with_comments() -> MovetextOptions {
    MovetextOptions {
        comments: true,
        ..MovetextOptions::default()
    }
}

#[test]
fn games_cut_anywhere_by_the_reads_come_out_as_from_the_whole_text() {
    let opts = with_comments();
    let whole = Games::new(GAMES, opts.clone()).collect::<Vec<_>>();
    assert!(whole.len() >= 5, "{whole:#?}");
    for step in 1..=GAMES.len() {
        let streamed = check_stream(GAMES.as_bytes(), step, &opts);
        assert_eq!(
            format!("{streamed:?}"),
            format!("{whole:?}"),
            "reads of {step}"
        );
    }
}

#[test]
fn each_byte_outside_utf8_is_latin1_even_when_a_read_cuts_a_sequence() {
    let bytes: Vec<u8> = "[White \"Mäkelä\"]\n[Black \""
        .bytes()
        .chain(*b"G\xf6k\"]\n\n1. e4 *\n")
        .collect();
    for step in 1..=bytes.len() {
        let games = check_stream(&bytes, step, &MovetextOptions::default());
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tag("White"), Some("Mäkelä"), "reads of {step}");
        assert_eq!(games[0].tag("Black"), Some("Gök"), "reads of {step}");
    }
}

#[test]
fn games_read_on_several_threads_come_out_as_from_the_whole_text_wherever_the_parts_are_cut() {
    let opts = with_comments();
    let whole = Games::new(GAMES, opts.clone()).collect::<Vec<_>>();
    for jobs in [1, 2, 3, 5] {
        for part in 1..=GAMES.len() {
            for after in [0, GAMES.len() / 2] {
                check_parallel(GAMES.as_bytes(), &whole, (jobs, part, after), &opts);
            }
        }
    }
}

#[test]
fn a_real_archive_read_on_several_threads_gives_every_game_in_order() {
    let data =
        std::fs::read(crate::support::data_path("bench/lichess_1500.pgn")).expect("bench data");
    let opts = with_comments();
    let whole = check_stream(&data, 4096, &opts);
    assert_eq!(whole.len(), 1500);
    for parallel in [(2, 64 * 1024, 0), (3, 10_000, 500_000), (4, 777, 0)] {
        check_parallel(&data, &whole, parallel, &opts);
    }
}

#[test]
fn a_sink_that_refuses_stops_the_reading_and_its_error_comes_back() {
    let mut taken = 0;
    let result = GameStream::new(GAMES.as_bytes(), MovetextOptions::default())
        .part_size(16)
        .parallel_after(0)
        .map_parallel(
            NonZeroUsize::new(2),
            |g| g.line.len(),
            |_| {
                taken += 1;
                if taken == 2 { Err("disk full") } else { Ok(()) }
            },
        );
    assert!(
        matches!(result, Err(MapError::Sink("disk full"))),
        "{result:?}"
    );
    assert_eq!(taken, 2);
}

/// A comment, a variation and a tag value that the text never closes are
/// each the game's error, naming the input's line and column however the
/// reads and the threads cut the text; the moves before them are kept.
#[test]
fn what_is_never_closed_is_an_error_at_its_line_and_column() {
    use ccgate_core::notation::movetext::{GameError, Unterminated};
    let padding = "[Event \"pad\"]\n\n1. e4 e5 *\n\n".repeat(40);
    let cases = [
        ("1. e4 { x 2. Nf3 Nc6\n", Unterminated::Comment, 1, 7, 1),
        (
            "1. e4 e5 (1... c5 2. Nf3\n",
            Unterminated::Variation,
            1,
            10,
            2,
        ),
        ("[Event \"x\n\n1. e4 e5 *\n", Unterminated::String, 1, 8, 2),
    ];
    for (game, what, line, column, moves) in cases {
        let text = format!("{padding}{game}");
        let line = line + 4 * 40;
        let check = |g: &ccgate_core::notation::movetext::Game| {
            assert_eq!(
                g.error,
                Some(GameError::Unterminated { what, line, column }),
                "{game}"
            );
            assert_eq!(g.line.len(), moves, "{game}");
        };
        let whole: Vec<_> = Games::new(&text, MovetextOptions::default()).collect();
        let last = whole.last().expect("games");
        // The whole text has no lines before it: the line is the game's own.
        assert!(matches!(
            last.error,
            Some(GameError::Unterminated { what: w, .. }) if w == what
        ));
        for read in [1, 7, 4096] {
            let stream = GameStream::new(Slow(text.as_bytes(), read), MovetextOptions::default());
            let games: Vec<_> = stream.map(|g| g.expect("read")).collect();
            assert_eq!(games.len(), 41, "{game}");
            check(&games[40]);
            for g in &games[..40] {
                assert_eq!(g.error, None);
            }
        }
        let mut last = None;
        GameStream::new(text.as_bytes(), MovetextOptions::default())
            .part_size(64)
            .parallel_after(0)
            .map_parallel(
                NonZeroUsize::new(2),
                |g| g,
                |g| {
                    last = Some(g);
                    Ok::<(), ()>(())
                },
            )
            .expect("read");
        check(&last.expect("a game"));
    }
}

/// A reader that gives at most `.1` bytes a read.
struct Slow<'a>(&'a [u8], usize);

impl std::io::Read for Slow<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.0.len().min(self.1).min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}
