//! The command line, one file per command group as cargo's
//! `src/bin/cargo/commands/`: [`convert`] (convert, material, notations),
//! [`game`] (game, submit, clock, export), [`player`], [`event`],
//! [`director`], [`desk`] (incidents, outbox, audit), [`store`] (backup,
//! restore, migrate), [`daemon`] (serve, init, check-config, radio-station,
//! ingest-mail), [`generate`] (man pages and completions, hidden);
//! [`common`] holds the plumbing they share. Flags are parsed and validated
//! once, by clap, here.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod common;
mod convert;
mod daemon;
mod desk;
mod director;
mod event;
mod game;
mod generate;
mod lazy;
mod player;
mod store;

pub use common::{CommandError, Location, SERVICE_CONFIG, exit};
use common::{fail, finish};
use lazy::Lazy;

/// The exit statuses, as `ccgate --help` lists them.
const EXIT_STATUSES: &str = "Exit status:
  0   done (a refused move is still a message handled: 0)
  1   convert/material: some input could not be read
  2   usage error: a bad argument or input
  3   not found: the game, player, event, incident or reply named does not exist
  4   store failure: missing, unreadable, read-only, too new, or the database
  5   the output could not be written
  6   refused: the rules do not allow the operation (an incident ruled on already, a finished game…)
  75  ingest-mail: temporary failure (the MTA keeps the mail and retries)
A reader that goes away (`| head`) ends a command quietly (SIGPIPE).";

#[derive(Parser, Debug)]
#[command(
    name = "ccgate",
    version,
    about = "Correspondence-chess gateway: moves by email, SMS and radio, in every notation",
    after_help = EXIT_STATUSES
)]
pub struct Cli {
    /// The store: an SQLite file or a postgres://user@host:port/dbname URL
    /// (its password from the configuration's db_password_file or
    /// db_password_env); default: $CCGATE_DB, else the configuration's,
    /// else ccgate.db in the data directory.
    #[arg(long, global = true, value_parser = clap::builder::NonEmptyStringValueParser::new())]
    db: Option<String>,
    /// TOML configuration: the daemon's (serve, ingest-mail,
    /// radio-station), and where the admin commands find the store
    /// (default /etc/ccgate/ccgate.toml when it exists).
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Convert games (PGN or bare movetext) from any notation into any other.
    Convert(Lazy<convert::ConvertArgs>),
    /// List every notation and language, with examples.
    Notations,
    /// The material signature (endgame class, `KBNKR`, with the bishop
    /// suffix `_abcd` when two or more bishops are on the board) and the GBR
    /// code of a position, or of every game's final position.
    Material(Lazy<convert::MaterialArgs>),
    /// Players: add, list, show, edit, remove.
    #[command(subcommand)]
    Player(Lazy<player::PlayerCommand>),
    /// Directors of the web console: add (argon2 password), list, remove.
    #[command(subcommand)]
    Director(Lazy<director::DirectorCommand>),
    /// Games: create, list, show, export, adjudicate, take back.
    #[command(subcommand)]
    Game(Lazy<game::GameCommand>),
    /// Events: round-robin sections, crosstables, PGN, import, withdrawal.
    #[command(subcommand)]
    Event(Lazy<event::EventCommand>),
    /// Process one inbound message body and print the replies it queued.
    Submit(Lazy<game::SubmitArgs>),
    /// The queued replies (with --all also those sent and given up),
    /// oldest first, with ids, state, attempts and times; --retry ID.
    Outbox(Lazy<desk::OutboxArgs>),
    /// The incident queue (one game's, or filtered), the director's acts
    /// among it; `incidents rule ID --decision TEXT`; --export with evidence.
    Incidents(Lazy<desk::IncidentsArgs>),
    /// The audit log: every director's action, oldest first.
    Audit(Lazy<desk::AuditArgs>),
    /// Declare time forfeits and send reminders.
    Clock {
        /// The system time is right: after a jump of the clock (or a
        /// gateway switched off for long), forfeits are declared again,
        /// starting with this sweep.
        #[arg(long)]
        confirm_time: bool,
    },
    /// An online copy of the store: into a new FILE, or dated into a
    /// directory (--into DIR, with --keep N the newest N kept there).
    #[command(group(clap::ArgGroup::new("where").required(true).args(["file", "into"])))]
    Backup {
        /// The copy to write: a new file.
        file: Option<PathBuf>,
        /// A directory (which must exist) to write ccgate-<UTC time>.db into.
        #[arg(long, value_name = "DIR")]
        into: Option<PathBuf>,
        /// Keep the newest N dated backups in --into DIR, remove the older.
        #[arg(long, value_name = "N", requires = "into", value_parser = clap::value_parser!(u32).range(1..))]
        keep: Option<u32>,
    },
    /// Put a backup in place of the store (SQLite): refused while ccgate
    /// serve holds the store; the backup is checked whole first, and the
    /// store it replaces is kept beside it, renamed.
    Restore {
        /// The backup file (`ccgate backup`, or the one serve writes
        /// before it migrates a store).
        file: PathBuf,
    },
    /// Every game as PGN.
    Export,
    /// Move a store to another backend: every row of --from copied into
    /// --to (a new SQLite file or an empty PostgreSQL database), then
    /// compared row by row.
    Migrate {
        /// The store to copy: a file or a postgres:// URL.
        #[arg(long)]
        from: String,
        /// The empty store to fill.
        #[arg(long)]
        to: String,
    },
    /// Run the gateway: every configured channel, the outbox, the clock
    /// (--config FILE; embedded defaults without one).
    Serve,
    /// Make the data directory, the store and the Maildir where the
    /// configuration says (--config, else /etc/ccgate/ccgate.toml when it
    /// exists), as serve does at its first start; run it as the service's
    /// user. What exists is kept.
    Init,
    /// Check a configuration file and say precisely what is wrong.
    CheckConfig {
        /// The TOML file.
        file: PathBuf,
    },
    /// The far end of a radio link, for an operator: each line on standard
    /// input is sent to the station (`@CALL text` to another peer), and what
    /// happens is printed as JSON lines. Uses the `[radio]` section of
    /// --config FILE.
    RadioStation {
        /// Stop once standard input has ended and every message was acknowledged.
        #[arg(long)]
        exit_when_done: bool,
    },
    /// Read one mail (RFC 5322) on standard input, for delivery by an MTA
    /// pipe. Exit 0 when taken, 75 (temporary failure) when the store is
    /// unavailable, so the MTA keeps the mail and retries. --config FILE
    /// gives the data directory and mail policy.
    IngestMail,
    /// Write the man pages or the shell completions into DIR (for packaging).
    #[command(hide = true)]
    Generate {
        /// man (a page per command) or completions (bash, zsh, fish).
        what: generate::Generated,
        /// The directory (which must exist) to write them into.
        dir: PathBuf,
    },
}

/// Runs the command line and returns the process exit status.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    if !matches!(
        cli.command,
        Command::Serve | Command::RadioStation { .. } | Command::IngestMail
    ) {
        quiet_on_closed_pipe();
    }
    let loc = Location {
        db: cli.db,
        config: cli.config,
    };
    match cli.command {
        Command::Convert(Lazy(args)) => convert::convert(&args),
        Command::Material(Lazy(args)) => convert::material(&args),
        Command::Player(Lazy(c)) => finish(player::player(loc, c)),
        Command::Director(Lazy(c)) => finish(director::director(loc, c)),
        Command::Game(Lazy(c)) => finish(game::game(loc, c)),
        Command::Event(Lazy(c)) => finish(event::event(loc, c)),
        Command::Submit(Lazy(a)) => finish(game::submit(loc, a)),
        Command::Outbox(Lazy(a)) => finish(desk::outbox(loc, a)),
        Command::Incidents(Lazy(a)) => finish(desk::incidents(loc, a)),
        Command::Audit(Lazy(a)) => finish(desk::audit(loc, a)),
        Command::Clock { confirm_time } => finish(game::clock(loc, confirm_time)),
        Command::Backup { file, into, keep } => finish(match (file, into) {
            (Some(file), _) => store::backup(loc, &file),
            (None, Some(dir)) => store::backup_into(loc, &dir, keep),
            // clap's group requires one of them.
            (None, None) => Err(CommandError::Input(
                "backup: give FILE or --into DIR".into(),
            )),
        }),
        Command::Restore { file } => finish(store::restore(loc, &file)),
        Command::Export => finish(game::export(loc)),
        Command::Migrate { from, to } => finish(store::migrate(loc, &from, &to)),
        Command::Serve => daemon::serve(&loc),
        Command::Init => daemon::init(&loc),
        Command::CheckConfig { file } => daemon::check_config(&file),
        Command::RadioStation { exit_when_done } => daemon::radio_station(&loc, exit_when_done),
        Command::IngestMail => daemon::ingest_mail(&loc),
        Command::Generate { what, dir } => generate::generate(what, &dir),
        Command::Notations => {
            let stdout = io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            match convert::notations(&mut out).and_then(|()| out.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&format!("cannot write: {e}")),
            }
        }
    }
}

/// Restores the default action of SIGPIPE, which Rust's runtime ignores:
/// then a command whose reader went away (`ccgate game list | head -1`)
/// ends quietly at its next write, as Unix tools do, instead of panicking
/// in `println!`. Not for the daemons (serve, ingest-mail, radio-station),
/// which write to sockets and child processes and handle their errors.
fn quiet_on_closed_pipe() {
    // SAFETY: called once at start, before any thread is spawned; setting
    // a signal's disposition to SIG_DFL installs no handler code.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    /// The options and arguments of `cmd` and its subcommands that have no
    /// help line, as `command … --option`.
    fn without_help(cmd: &clap::Command, path: &str, out: &mut Vec<String>) {
        for arg in cmd.get_arguments() {
            let builtin = matches!(arg.get_id().as_str(), "help" | "version");
            let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
            if !builtin && !arg.is_hide_set() && help.trim().is_empty() {
                out.push(format!("{path} {}", arg.get_id()));
            }
        }
        for sub in cmd.get_subcommands() {
            without_help(sub, &format!("{path} {}", sub.get_name()), out);
        }
    }

    #[test]
    fn every_option_and_argument_of_every_command_has_a_help_line() {
        let mut missing = Vec::new();
        let mut cli = Cli::command();
        // Runs the deferred subcommands' builders (lazy.rs) too.
        cli.build();
        without_help(&cli, "ccgate", &mut missing);
        assert!(missing.is_empty(), "no help line:\n{}", missing.join("\n"));
    }
}
