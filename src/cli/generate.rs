//! `ccgate generate man|completions DIR`: the man pages and shell
//! completions, written from the clap definition itself so they cannot
//! drift from `--help`. Hidden from `--help`: it is for the packaging
//! (`deploy/build-deb`, `deploy/install.sh`), not for an operator.

use std::io;
use std::path::Path;
use std::process::ExitCode;

use clap::{Command, CommandFactory, ValueEnum};
use clap_complete::Shell;

use super::Cli;
use super::common::exit;

/// What `ccgate generate` writes.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub(crate) enum Generated {
    /// ccgate.1 and one page per subcommand (ccgate-player-add.1, …).
    Man,
    /// ccgate.bash, _ccgate (zsh) and ccgate.fish.
    Completions,
}

/// The shells whose completions the package installs (Debian's bash-completion,
/// zsh and fish each look in a vendor directory of their own).
const SHELLS: [Shell; 3] = [Shell::Bash, Shell::Zsh, Shell::Fish];

pub(crate) fn generate(what: Generated, dir: &Path) -> ExitCode {
    match write(what, dir) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ccgate: generate into {}: {e}", dir.display());
            ExitCode::from(exit::OUTPUT)
        }
    }
}

fn write(what: Generated, dir: &Path) -> io::Result<()> {
    let mut cli = Cli::command();
    // Runs the deferred subcommands' builders (lazy.rs), so every page and
    // completion has the arguments, not just the names.
    cli.build();
    match what {
        Generated::Man => man_pages(&cli, dir),
        Generated::Completions => SHELLS.into_iter().try_for_each(|shell| {
            clap_complete::generate_to(shell, &mut cli, "ccgate", dir).map(drop)
        }),
    }
}

/// `cmd`'s page and its subcommands', named by their path
/// (`ccgate-player-add.1`). Unlike `clap_mangen::generate_to`, no page for
/// clap's `help` subcommands (`ccgate player help add` is `ccgate player add
/// --help`), and every page's footer names ccgate's version, not the
/// subcommand's missing one.
fn man_pages(cmd: &Command, dir: &Path) -> io::Result<()> {
    clap_mangen::Man::new(cmd.clone())
        .source(concat!("ccgate ", env!("CARGO_PKG_VERSION")))
        .manual("ccgate manual")
        .generate_to(dir)?;
    cmd.get_subcommands()
        .filter(|sub| !sub.is_hide_set() && sub.get_name() != "help")
        .try_for_each(|sub| man_pages(sub, dir))
}
