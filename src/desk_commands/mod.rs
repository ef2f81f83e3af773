//! The director's desk on the command line: players, the incident queue
//! with rulings, the games and the outbox as tables or JSON, the audit log.
//! Every listing has `--json` (shapes in the README's "The director's
//! desk"); what it decides is the service's ([`crate::service::desk`]).

mod games;
mod incidents;
mod outbox;
mod players;

pub use games::{GameFilter, list_games, show_game_json};
pub use incidents::{IncidentsArgs, IncidentsCommand, incidents};
pub use outbox::{AuditArgs, OutboxArgs, audit, outbox};
pub(crate) use outbox::{print_replies, reply_json};
pub use players::{PlayerCommand, ProfileFlags, player};

use serde::Serialize;

use crate::commands::CommandError;

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

/// A listing as pretty JSON, one value.
pub(crate) fn print_json(value: &impl Serialize) -> Result<(), CommandError> {
    let text =
        serde_json::to_string_pretty(value).map_err(|e| CommandError::Output(e.to_string()))?;
    print(&text)?;
    print("\n")
}
