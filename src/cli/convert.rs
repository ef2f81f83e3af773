//! `ccgate convert`, `material` and `notations`: games read in any
//! notation and written in another, material signatures, the list of
//! notations. They need no store.

use std::io::{self, BufWriter, Read, Write};
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Move, Role, Square};

use super::common::fail;
use crate::notation::movetext::{
    Game, GameError, GameStream, MapError, MovetextOptions, write_movetext,
};
use crate::notation::pgn::write_pgn;
use crate::notation::{Lang, Notation, ReadError, Style, WriteOptions, write_move};

#[derive(clap::Args, Debug)]
pub(super) struct ConvertArgs {
    /// Notation to write: san, figurine, lan, uci, iccf, uedemann, uedemann-hw, descriptive.
    #[arg(long)]
    to: Notation,
    /// Language of the output's piece letters.
    #[arg(long, default_value = "en")]
    lang: Lang,
    /// pgn (English letters, O-O, e8=Q), fide (the language's letters, 0-0, e8Q)
    /// or soviet (as fide, with `:` for a capture, `×` for mate, `++` for a
    /// double check); default pgn for English, fide otherwise.
    #[arg(long)]
    style: Option<Style>,
    /// Notation of the input, or auto to detect it move by move.
    #[arg(long, default_value = "auto")]
    from: FromNotation,
    /// Language of the input's piece letters.
    #[arg(long, default_value = "en")]
    in_lang: Lang,
    /// Start position for games without a FEN tag.
    #[arg(long)]
    fen: Option<String>,
    /// Write full PGN (tags, comments, NAGs, variations) instead of one line per game.
    #[arg(long)]
    pgn: bool,
    /// Threads reading the games (default: one per processor); the output is
    /// the same and in the same order with any number.
    #[arg(long, short = 'j')]
    jobs: Option<NonZeroUsize>,
    /// Input files; standard input when none.
    pub(super) files: Vec<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub(super) struct MaterialArgs {
    /// Notation of the games' moves, or auto to detect it move by move.
    #[arg(long, default_value = "auto")]
    from: FromNotation,
    /// Language of the games' piece letters.
    #[arg(long, default_value = "en")]
    in_lang: Lang,
    /// Threads reading the games (default: one per processor); the output is
    /// the same and in the same order with any number.
    #[arg(long, short = 'j')]
    jobs: Option<NonZeroUsize>,
    /// Positions as FEN (the board alone will do), or files of games (PGN or
    /// bare movetext); standard input when none.
    #[arg(value_name = "FEN|FILE")]
    inputs: Vec<String>,
}

#[derive(Debug, Clone, Copy)]
struct FromNotation(Option<Notation>);

impl std::str::FromStr for FromNotation {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case("auto") {
            Ok(FromNotation(None))
        } else {
            s.parse()
                .map(|n| FromNotation(Some(n)))
                .map_err(|e: crate::notation::UnknownNotation| e.to_string())
        }
    }
}

/// Reads every game of `input` (called `name` in errors): `map` on the
/// thread that read it (`jobs` threads past the first 4 MiB, by default one
/// per processor, see
/// [`GameStream::map_parallel`]), then `sink` in the input's order with the
/// game's number there (from 1). The input is never held whole, and bytes
/// outside UTF-8 are Latin-1 (see [`GameStream`]). Err: the input could not
/// be read, or `sink` failed.
fn each_game<T: Send>(
    name: &str,
    input: &mut dyn Read,
    opts: &MovetextOptions,
    jobs: Option<NonZeroUsize>,
    map: impl Fn(Game) -> T + Sync,
    mut sink: impl FnMut(usize, T) -> io::Result<()>,
) -> Result<(), StreamError> {
    let mut index = 0;
    GameStream::new(input, opts.clone())
        .map_parallel(jobs, map, |value| {
            index += 1;
            sink(index, value)
        })
        .map_err(|e| match e {
            MapError::Read(source) => StreamError::Read {
                name: name.to_string(),
                source,
            },
            MapError::Sink(e) => StreamError::Write(e),
        })
}

/// Why a stream of games stopped.
#[derive(Debug, thiserror::Error)]
enum StreamError {
    #[error("cannot read {name}: {source}")]
    Read { name: String, source: io::Error },
    #[error("cannot write: {0}")]
    Write(io::Error),
}

pub(super) fn convert(args: &ConvertArgs) -> ExitCode {
    // Only English descriptive is written; never silently English for another language.
    if args.to == Notation::Descriptive && args.lang != Lang::En {
        return fail(&format!(
            "descriptive notation is written in English only ({} descriptive, such as the \
             Spanish P4R, is not supported): use --lang en, or san with --lang {}",
            args.lang.name(),
            args.lang.code()
        ));
    }
    let start = match &args.fen {
        None => None,
        Some(fen) => match fen.parse::<Fen>().map_err(|e| e.to_string()).and_then(|f| {
            f.into_position::<Chess>(CastlingMode::Standard)
                .map_err(|e| e.to_string())
        }) {
            Ok(pos) => Some(pos),
            Err(e) => return fail(&format!("--fen {fen:?}: {e}")),
        },
    };
    let opts = MovetextOptions {
        from: args.from.0,
        lang: args.in_lang,
        start,
        comments: args.pgn,
    };
    let mut wopts = WriteOptions::new(args.lang);
    if let Some(style) = args.style {
        wopts = wopts.with_style(style);
    }
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut failed = false;
    // On the thread that read the game: its text and its problems.
    let convert = |game: Game| {
        let text = if args.pgn {
            write_pgn(&game, args.to, &wopts)
        } else {
            let mut line = write_movetext(&game, args.to, &wopts);
            line.push('\n');
            line
        };
        // The variations are written too, so their errors are reported.
        let errors = game.error.iter().chain(&game.variation_errors);
        (text, problems(&game, errors))
    };
    let mut convert_all = |name: &str, input: &mut dyn Read| {
        each_game(
            name,
            input,
            &opts,
            args.jobs,
            convert,
            |index, (text, problems)| {
                failed |= report(name, index, &problems);
                out.write_all(text.as_bytes())
            },
        )
    };
    let read = if args.files.is_empty() {
        convert_all("<stdin>", &mut io::stdin().lock())
    } else {
        args.files.iter().try_for_each(|path| {
            let name = path.display().to_string();
            let mut file = std::fs::File::open(path).map_err(|source| StreamError::Read {
                name: name.clone(),
                source,
            })?;
            convert_all(&name, &mut file)
        })
    };
    if let Err(e) = read {
        return fail(&e.to_string());
    }
    flushed(&mut out, failed)
}

/// `ccgate material`: one line per position, `SIGNATURE GBR`, prefixed with
/// the file and game for games.
pub(super) fn material(args: &MaterialArgs) -> ExitCode {
    use crate::notation::material::{gbr, signature};
    let opts = MovetextOptions {
        from: args.from.0,
        lang: args.in_lang,
        start: None,
        comments: false,
    };
    let mut lines = Vec::new();
    let mut failed = false;
    // On the thread that read the game: its main line's problems (only the
    // main line leads to the position) and its last position's line.
    let end = |game: Game| {
        let end = game.end_position();
        (
            problems(&game, &game.error),
            format!("{} {}", signature(&end), gbr(&end)),
        )
    };
    let jobs = args.jobs;
    let mut read = |name: &str, input: &mut dyn Read, lines: &mut Vec<String>| {
        each_game(name, input, &opts, jobs, end, |index, (problems, line)| {
            failed |= report(name, index, &problems);
            lines.push(format!("{name}: game {index}: {line}"));
            Ok(())
        })
    };
    if args.inputs.is_empty()
        && let Err(e) = read("<stdin>", &mut io::stdin().lock(), &mut lines)
    {
        return fail(&e.to_string());
    }
    for input in &args.inputs {
        let path = std::path::Path::new(input);
        if path.is_file() {
            let read = std::fs::File::open(path)
                .map_err(|source| StreamError::Read {
                    name: input.clone(),
                    source,
                })
                .and_then(|mut file| read(input, &mut file, &mut lines));
            if let Err(e) = read {
                return fail(&e.to_string());
            }
            continue;
        }
        match input
            .parse::<Fen>()
            .map_err(|e| e.to_string())
            .and_then(|f| {
                f.into_position::<Chess>(CastlingMode::Standard)
                    .map_err(|e| e.to_string())
            }) {
            Ok(pos) => lines.push(format!("{} {}", signature(&pos), gbr(&pos))),
            Err(e) => return fail(&format!("{input:?} is neither a file nor a FEN: {e}")),
        }
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for line in &lines {
        if let Err(e) = writeln!(out, "{line}") {
            return fail(&format!("cannot write: {e}"));
        }
    }
    flushed(&mut out, failed)
}

/// Each of the game's `errors` as [`problem`] says it.
/// The end of a command that writes as it reads: failure if the output
/// cannot be written or a game had problems (each already reported).
fn flushed(out: &mut impl Write, failed: bool) -> ExitCode {
    if let Err(e) = out.flush() {
        return fail(&format!("cannot write: {e}"));
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn problems<'a>(game: &Game, errors: impl IntoIterator<Item = &'a GameError>) -> Vec<String> {
    errors
        .into_iter()
        .map(|error| problem(game, error))
        .collect()
}

/// One stderr line per problem: the file, the game's number there and what
/// [`problem`] says. True when there was one.
fn report(file: &str, index: usize, problems: &[String]) -> bool {
    for problem in problems {
        eprintln!("{file}: game {index}{problem}");
    }
    !problems.is_empty()
}

/// What [`report`] says after the game's number: the players, the error
/// and the candidates it had, with the file's control characters escaped
/// (a tag or a token can hold a terminal's escape sequences).
fn problem(game: &Game, error: &GameError) -> String {
    let players = match (game.tag("White"), game.tag("Black")) {
        (Some(w), Some(b)) => format!(" ({w} - {b})"),
        _ => String::new(),
    };
    let hint = match error {
        GameError::Move {
            error: ReadError::Ambiguous { candidates, .. },
            ..
        } if !candidates.is_empty() => {
            format!(
                " [candidates: {}]",
                candidates
                    .iter()
                    .map(|c| c.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        }
        _ => String::new(),
    };
    crate::escape::shown(&format!("{players}: {error}{hint}"), false).into_owned()
}

/// `ccgate notations`: every notation with examples, every language with its letters.
pub(super) fn notations(out: &mut impl Write) -> io::Result<()> {
    let pos = Chess::default();
    let nf3 = Move::Normal {
        role: Role::Knight,
        from: Square::G1,
        to: Square::F3,
        capture: None,
        promotion: None,
    };
    let e4 = Move::Normal {
        role: Role::Pawn,
        from: Square::E2,
        to: Square::E4,
        capture: None,
        promotion: None,
    };
    let promo_pos: Chess = "4k3/P7/8/8/8/8/8/4K2R w K - 0 1"
        .parse::<Fen>()
        .ok()
        .and_then(|f| f.into_position(CastlingMode::Standard).ok())
        .unwrap_or_default();
    let a8q = Move::Normal {
        role: Role::Pawn,
        from: Square::A7,
        to: Square::A8,
        capture: None,
        promotion: Some(Role::Queen),
    };
    let castle = Move::Castle {
        king: Square::E1,
        rook: Square::H1,
    };
    let en = WriteOptions::default();
    writeln!(out, "Notations (e2-e4, g1-f3, a7-a8=Q+, White O-O):")?;
    for n in Notation::ALL {
        writeln!(
            out,
            "  {:<12} {:<6} {:<8} {:<8} {:<6}  {}",
            n.name(),
            write_move(&pos, e4, n, &en),
            write_move(&pos, nf3, n, &en),
            write_move(&promo_pos, a8q, n, &en),
            write_move(&promo_pos, castle, n, &en),
            n.summary()
        )?;
    }
    writeln!(
        out,
        "\nLanguages for --lang and --in-lang (K Q R B N P; 1.Nf3 in FIDE style):"
    )?;
    for &lang in Lang::ALL {
        let letters: Vec<&str> = [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ]
        .into_iter()
        .map(|r| lang.letter(r))
        .collect();
        let example = write_move(
            &pos,
            nf3,
            Notation::San,
            &WriteOptions::new(lang).with_style(Style::Fide),
        );
        writeln!(
            out,
            "  {:<3} {:<11} {:<16} {}",
            lang.code(),
            lang.name(),
            letters.join(" "),
            example
        )?;
    }
    Ok(())
}
