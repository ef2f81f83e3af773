//! The loop of `ccgate convert --to iccf` without the command line: every
//! game of a PGN file read (`Games`) and written as ICCF numeric
//! (`write_movetext`), for profiling the conversion with callgrind, which
//! the load of a shared machine does not move (bench/README.md):
//!
//! ```text
//! CARGO_PROFILE_RELEASE_DEBUG=line-tables-only cargo build --release -p ccgate-core --example convert_loop
//! valgrind --tool=callgrind target/release/examples/convert_loop tests/data/bench/lichess_1500.pgn >/dev/null
//! ```
//!
//! Usage: `convert_loop FILE` (UTF-8). Prints what `ccgate convert --to
//! iccf FILE` prints; exit status 2 when the file cannot be read.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use ccgate_core::notation::movetext::{Games, MovetextOptions, write_movetext};
use ccgate_core::notation::{Notation, WriteOptions};

fn run(path: &str) -> io::Result<()> {
    let text = std::fs::read_to_string(path)?;
    // `convert`'s options: no comments for one-line output.
    let opts = MovetextOptions {
        comments: false,
        ..MovetextOptions::default()
    };
    let wopts = WriteOptions::default();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    for game in Games::new(&text, opts) {
        let mut line = write_movetext(&game, Notation::Iccf, &wopts);
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    out.flush()
}

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: convert_loop FILE");
        return ExitCode::from(2);
    };
    match run(&path) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("convert_loop: {path}: {e}");
            ExitCode::from(2)
        }
    }
}
