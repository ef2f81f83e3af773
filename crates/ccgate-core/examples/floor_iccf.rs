//! The performance floor for `ccgate convert --to iccf`: the same job done
//! with nothing but pgn-reader and shakmaty, so that the benchmark in
//! `bench/convert.sh` can tell how much ccgate's generality costs.
//!
//! Usage: `floor_iccf [FILE...]` (stdin when no file is given). Prints one
//! line per game: `1. 5254 5755 2. 7163 2836 *`, with `N...` before the first
//! move when Black starts, ending with the result token (the movetext's
//! termination, else the `Result` tag, else `*`). A move that cannot be
//! played ends the game's line early and is reported on stderr; the exit
//! status is then 1.

use std::env;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

use pgn_reader::{Outcome, RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role, Square};

struct Tags {
    start: Option<Chess>,
    result: Option<Outcome>,
    bad_fen: bool,
}

struct Line {
    pos: Chess,
    fullmove: u32,
    first: bool,
    stopped: bool,
    outcome: Option<Outcome>,
    tag_result: Option<Outcome>,
}

struct Converter {
    games: u64,
    errors: u64,
    /// Reused for every game, so that the loop does not allocate.
    out: String,
}

/// The ICCF digit of a file or rank index (0 → '1').
fn digit(i: u32) -> char {
    char::from(b'1' + i as u8)
}

fn push_square(out: &mut String, sq: Square) {
    out.push(digit(u32::from(sq.file())));
    out.push(digit(u32::from(sq.rank())));
}

fn push_iccf(out: &mut String, mv: Move, turn: Color) {
    match mv {
        Move::Castle { .. } => {
            let side = mv.castling_side().expect("a castling move has a side");
            push_square(out, Square::from_coords(shakmaty::File::E, turn.backrank()));
            push_square(out, side.king_to(turn));
        }
        _ => {
            if let Some(from) = mv.from() {
                push_square(out, from);
            }
            push_square(out, mv.to());
            if let Some(role) = mv.promotion() {
                out.push(match role {
                    Role::Rook => '2',
                    Role::Bishop => '3',
                    Role::Knight => '4',
                    _ => '1',
                });
            }
        }
    }
}

impl Visitor for Converter {
    type Tags = Tags;
    type Movetext = Line;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Tags> {
        self.games += 1;
        ControlFlow::Continue(Tags {
            start: None,
            result: None,
            bad_fen: false,
        })
    }

    fn tag(&mut self, tags: &mut Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        match name {
            b"FEN" => {
                let pos = Fen::from_ascii(value.as_bytes())
                    .ok()
                    .and_then(|fen| fen.into_position(CastlingMode::Standard).ok());
                match pos {
                    Some(pos) => tags.start = Some(pos),
                    None => tags.bad_fen = true,
                }
            }
            b"Result" => tags.result = Outcome::from_ascii(value.as_bytes()).ok(),
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Tags) -> ControlFlow<(), Line> {
        self.out.clear();
        let pos = tags.start.unwrap_or_default();
        let fullmove = pos.fullmoves().get();
        if tags.bad_fen {
            eprintln!("game {}: bad FEN tag", self.games);
            self.errors += 1;
        }
        ControlFlow::Continue(Line {
            pos,
            fullmove,
            first: true,
            stopped: tags.bad_fen,
            outcome: None,
            tag_result: tags.result,
        })
    }

    fn san(&mut self, line: &mut Line, san_plus: SanPlus) -> ControlFlow<()> {
        if line.stopped {
            return ControlFlow::Continue(());
        }
        let mv = match san_plus.san.to_move(&line.pos) {
            Ok(mv) => mv,
            Err(err) => {
                eprintln!("game {}: {san_plus}: {err}", self.games);
                self.errors += 1;
                line.stopped = true;
                return ControlFlow::Continue(());
            }
        };
        let turn = line.pos.turn();
        match turn {
            Color::White => {
                let _ = write!(self.out, "{}. ", line.fullmove);
            }
            Color::Black if line.first => {
                let _ = write!(self.out, "{}... ", line.fullmove);
            }
            Color::Black => {}
        }
        push_iccf(&mut self.out, mv, turn);
        self.out.push(' ');
        if turn == Color::Black {
            line.fullmove += 1;
        }
        line.first = false;
        line.pos.play_unchecked(mv);
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, line: &mut Line, outcome: Outcome) -> ControlFlow<()> {
        line.outcome = Some(outcome);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, line: Line) {
        let result = line.outcome.or(line.tag_result).unwrap_or(Outcome::Unknown);
        self.out.push_str(result.as_str());
        self.out.push('\n');
    }
}

fn convert<R: Read>(input: R, conv: &mut Converter, out: &mut impl Write) -> io::Result<()> {
    let mut reader = Reader::new(input);
    while reader.read_game(conv)?.is_some() {
        out.write_all(conv.out.as_bytes())?;
    }
    Ok(())
}

fn run() -> io::Result<u64> {
    let mut conv = Converter {
        games: 0,
        errors: 0,
        out: String::with_capacity(4096),
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let files: Vec<String> = env::args().skip(1).collect();
    if files.is_empty() {
        convert(io::stdin().lock(), &mut conv, &mut out)?;
    }
    for path in &files {
        let file =
            File::open(path).map_err(|e| io::Error::new(e.kind(), format!("{path}: {e}")))?;
        convert(file, &mut conv, &mut out)?;
    }
    out.flush()?;
    Ok(conv.errors)
}

fn main() -> ExitCode {
    match run() {
        Ok(0) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("floor_iccf: {e}");
            ExitCode::from(2)
        }
    }
}
