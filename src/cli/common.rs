//! What every command shares: where the store is and how it is opened,
//! the one table of exit codes ([`exit`]) with [`CommandError`] mapped onto
//! it, the command line's clock (`$CCGATE_NOW`), and printing.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use jiff::Timestamp;
use serde::Serialize;

use crate::config::{Config, Resolved};
use crate::service::ServiceError;
use crate::store::{self, Store};

/// Where a command finds the store: `--db`, else `$CCGATE_DB`, else the
/// configuration's (`--config`, else the service's [`SERVICE_CONFIG`] if
/// it exists), else `ccgate.db` in the data directory.
#[derive(Debug, Clone, Default)]
pub struct Location {
    /// A file path or a `postgres://` URL.
    pub db: Option<String>,
    pub config: Option<PathBuf>,
}

/// The configuration the installed service runs with (`deploy/ccgate.service`).
pub const SERVICE_CONFIG: &str = "/etc/ccgate/ccgate.toml";

impl Location {
    /// `--db` or `$CCGATE_DB`: they name the store over any configuration.
    fn db_override(&self) -> Option<String> {
        self.db.clone().or_else(|| std::env::var("CCGATE_DB").ok())
    }
}

/// A `--db` file as an absolute path (the daemon may change directory); a
/// URL as given.
pub(crate) fn absolute_db(db: String) -> String {
    match store::Location::parse(&db) {
        store::Location::File(p) => std::path::absolute(&p).map_or(db, |p| p.display().to_string()),
        store::Location::Postgres { .. } => db,
    }
}

/// The store for the admin commands. The configuration is parsed but not
/// resolved: its secrets are the daemon's, not the director's (all but
/// the database's password, which the command needs as the daemon does).
pub(crate) fn db_path(loc: &Location) -> Result<store::Location, CommandError> {
    let load = |f: &Path| Config::load(f).map_err(|e| CommandError::Open(e.to_string()));
    // A file the user named is read whatever else is given: a missing or
    // broken one fails, named, rather than being passed over.
    let named_config = loc.config.as_deref().map(load).transpose()?;
    let named = loc.db_override().map(|db| store::Location::parse(&db));
    if let Some(file @ store::Location::File(_)) = named {
        return Ok(file);
    }
    let service = Path::new(SERVICE_CONFIG);
    let mut config = match named_config {
        Some(c) => c,
        None if service.exists() => load(service)?,
        None => Config::default(),
    };
    if let Some(url) = loc.db_override() {
        config.db = url;
    }
    config
        .store()
        .map_err(|e| CommandError::Open(e.to_string()))
}

/// `loc`, reading the service's configuration ([`SERVICE_CONFIG`]) when
/// no `--config` is given and it exists: so the admin commands and `init`
/// find the store the service uses.
pub(super) fn with_service_config(loc: &Location) -> Location {
    let service = Path::new(SERVICE_CONFIG);
    match &loc.config {
        None if service.exists() => Location {
            db: loc.db.clone(),
            config: Some(service.to_path_buf()),
        },
        _ => loc.clone(),
    }
}

/// The configuration a command runs on: the file if given, else the
/// embedded defaults; `--db` or `$CCGATE_DB` name the store over both.
pub(super) fn load_config(loc: &Location) -> Result<Resolved, ExitCode> {
    let mut config = match &loc.config {
        Some(f) => Config::load(f).map_err(|e| fail(&e.to_string()))?,
        None => Config::default(),
    };
    if let Some(db) = loc.db_override() {
        config.db = absolute_db(db);
    }
    config.resolve().map_err(|e| match &loc.config {
        Some(f) => fail(&format!("{}: {e}", f.display())),
        None => fail(&e.to_string()),
    })
}

/// The existing store: commands that only read or act on what is there
/// never create one. Left whole in its main file at exit.
pub(crate) fn open(loc: Location) -> Result<Store, CommandError> {
    let mut store = open_leaving_wal(loc)?;
    store.checkpoint_when_closed();
    Ok(store)
}

/// The existing store, left in its write-ahead log at exit: for `submit`,
/// run once a message, where a checkpoint at every exit costs four fsyncs.
pub(crate) fn open_leaving_wal(loc: Location) -> Result<Store, CommandError> {
    let at = db_path(&loc)?;
    Store::open_at(&at).map_err(|e| CommandError::Open(in_store(&at, &e)))
}

/// A store's error for the person: the store named once.
fn in_store(at: &store::Location, e: &store::StoreError) -> String {
    use store::StoreError as E;
    match e {
        // These name it already.
        E::TooNew { .. } | E::Missing(_) | E::ReadOnly(_) => e.to_string(),
        _ => format!("{at}: {e}"),
    }
}

/// The store, created if the file is missing (said on standard error): for
/// the commands that create things (`player add`, `game new`, `event new`,
/// `event import`, `director add`). Its directory must exist: a misspelled
/// one would otherwise hold a second, empty store that the service never
/// reads, so only `ccgate init` and `serve` make directories.
pub(crate) fn create(loc: Location) -> Result<Store, CommandError> {
    let at = db_path(&loc)?;
    let new = match &at {
        store::Location::File(path) => {
            in_existing_dir(
                path,
                "created",
                "; check --db, $CCGATE_DB or the configuration's data_dir and db (`ccgate check-config FILE` says which store it names), or make the service's directories with `ccgate init`",
            )?;
            (!path.exists()).then_some(path)
        }
        store::Location::Postgres { .. } => None,
    };
    let mut store = Store::create_at(&at).map_err(|e| CommandError::Open(format!("{at}: {e}")))?;
    if let Some(path) = new {
        eprintln!("ccgate: created a new store at {}", path.display());
    }
    store.checkpoint_when_closed();
    Ok(store)
}

/// Refuses a store file at `path` whose directory does not exist: no
/// command but `init` and `serve` makes one. `done`: what would have been
/// done there ("created"); `hint`: what to check, after the reason.
pub(crate) fn in_existing_dir(path: &Path, done: &str, hint: &str) -> Result<(), CommandError> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if dir.is_dir() {
        return Ok(());
    }
    Err(CommandError::Open(format!(
        "{}: no such directory, so no store is {done} at {}{hint}",
        dir.display(),
        path.display()
    )))
}

/// Why a store-backed command failed.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// An argument or the input cannot be used (an address, a time zone,
    /// a PIN file, the message).
    #[error("{0}")]
    Input(String),
    /// The store cannot be created or opened.
    #[error("{0}")]
    Open(String),
    /// The store failed or refused the operation.
    #[error(transparent)]
    Store(#[from] store::StoreError),
    /// The service did not do it: a rule refused it, what it names does
    /// not exist, what it was given cannot be used, or the store failed.
    #[error(transparent)]
    Service(#[from] ServiceError),
    /// The result cannot be written.
    #[error("{0}")]
    Output(String),
}

/// The exit statuses, documented in `ccgate --help`.
pub mod exit {
    /// A usage error: an argument or the input cannot be used (clap's own
    /// usage errors are 2 too).
    pub const USAGE: u8 = 2;
    /// What the command names (a game, player, event, incident) does not exist.
    pub const NOT_FOUND: u8 = 3;
    /// The store failed: missing, unreadable, read-only, too new, or the
    /// database itself.
    pub const STORE: u8 = 4;
    /// The output could not be written.
    pub const OUTPUT: u8 = 5;
    /// The rules do not allow the operation (an incident ruled on already,
    /// a finished game, a removed player).
    pub const REFUSED: u8 = 6;
}

impl CommandError {
    /// The process status: the one place it is decided.
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(match self {
            CommandError::Input(_) => exit::USAGE,
            CommandError::Open(_) => exit::STORE,
            CommandError::Store(e) | CommandError::Service(ServiceError::Store(e)) => {
                store_status(e)
            }
            CommandError::Service(ServiceError::Invalid(_)) => exit::USAGE,
            CommandError::Service(ServiceError::NotFound(_)) => exit::NOT_FOUND,
            CommandError::Service(ServiceError::Refused(_)) => exit::REFUSED,
            CommandError::Service(ServiceError::Abandoned(_)) => exit::STORE,
            CommandError::Output(_) => exit::OUTPUT,
        })
    }
}

/// The status of a store's error: what the store refuses itself (a name
/// taken) is a usage error.
fn store_status(e: &store::StoreError) -> u8 {
    use store::StoreError as E;
    match e {
        E::Invalid(_) => exit::USAGE,
        E::NotFound(_) => exit::NOT_FOUND,
        E::Database(_) | E::Unreadable(_) | E::TooNew { .. } | E::Missing(_) | E::ReadOnly(_) => {
            exit::STORE
        }
    }
}

/// A command's result as the process status, the error on standard error.
pub fn finish(result: Result<(), CommandError>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ccgate: {e}");
            e.exit_code()
        }
    }
}

/// The command line's clock: the process's (see [`crate::now`]), which
/// `$CCGATE_NOW` fixes, so tests and replays control time without sleeping.
pub(crate) fn now() -> Timestamp {
    crate::now::now()
}

/// Writes a command's output. A reader that went away (`| head`) ends the
/// process by SIGPIPE as Unix tools do (see `cli::run`), never a panic;
/// another failure (a full disk under `> file`) is the command's error.
pub(crate) fn print(text: &str) -> Result<(), CommandError> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| CommandError::Output(format!("cannot write: {e}")))
}

/// A name a listing is filtered by: an empty one would match nothing (or
/// suggest every name), so it is a usage error.
pub(crate) fn named_filter(text: &str) -> Result<String, crate::service::NameError> {
    Ok(text.parse::<crate::service::Name>()?.into_string())
}

/// What a command made: the sentence for the person on standard error, and
/// for a script on standard output the bare id, unless that is a terminal
/// (where the sentence says it already), or `json` when given.
pub(crate) fn made(
    sentence: &str,
    id: impl std::fmt::Display,
    json: Option<&impl Serialize>,
) -> Result<(), CommandError> {
    use std::io::IsTerminal;
    eprintln!("{sentence}");
    match json {
        Some(value) => print_json(value),
        None if std::io::stdout().is_terminal() => Ok(()),
        None => print(&format!("{id}\n")),
    }
}

/// A listing as pretty JSON, one value.
pub(crate) fn print_json(value: &impl Serialize) -> Result<(), CommandError> {
    let text =
        serde_json::to_string_pretty(value).map_err(|e| CommandError::Output(e.to_string()))?;
    print(&text)?;
    print("\n")
}

pub(crate) fn fail(message: &str) -> ExitCode {
    eprintln!("ccgate: {message}");
    ExitCode::from(2)
}

/// ICCF's duplication threshold (Playing Rules, server, 2.4.2).
const ICCF_DUPLICATION_DAYS: u32 = 20;

/// The days after which a move's days count twice: `--duplication` if
/// given (0 for never), else the rule set's own (ICCF's 20, none under
/// plain rules). Events and single games decide it alike.
pub(crate) fn duplication_after(
    rules: crate::event::standings::Rules,
    given: Option<u32>,
) -> Option<u32> {
    use crate::event::standings::Rules;
    match (given, rules) {
        (Some(0), _) | (None, Rules::Plain) => None,
        (Some(days), _) => Some(days),
        (None, Rules::Iccf) => Some(ICCF_DUPLICATION_DAYS),
    }
}
