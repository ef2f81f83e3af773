//! `ccgate director`: the accounts of the web console's directors.

use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;

use clap::Subcommand;

use super::common::{CommandError, Location, create, now, open, print, print_json};
use crate::escape::shown;
use crate::service::{self, Name};

#[derive(Subcommand, Debug)]
pub enum DirectorCommand {
    /// Add a director who may sign in to the web console. The password
    /// (at least 10 characters) is read from --password-file, else typed
    /// at the terminal without echo, else the first line of standard input
    /// when that is no terminal; only its argon2id hash is kept.
    Add {
        /// One line, at most 64 characters, not taken by another director
        /// whatever its case.
        name: Name,
        /// A file whose first line is the password (else the terminal,
        /// else standard input).
        #[arg(long)]
        password_file: Option<PathBuf>,
    },
    /// Every director.
    List {
        /// Print JSON for scripts instead of the table.
        #[arg(long)]
        json: bool,
    },
    /// Remove a director; their sessions end at once.
    Remove {
        /// The director's name.
        name: String,
    },
}

#[derive(serde::Serialize)]
struct DirectorJson {
    name: String,
    created_at: jiff::Timestamp,
}

pub fn director(loc: Location, cmd: DirectorCommand) -> Result<(), CommandError> {
    match cmd {
        DirectorCommand::Add {
            name,
            password_file,
        } => {
            let password = password(name.as_str(), password_file.as_ref())?;
            // Setting up the console is setting up the store: created if missing.
            let mut store = create(loc)?;
            service::add_director(&mut store, &name, &password, now())?;
            print(&format!("director {name} added\n"))
        }
        DirectorCommand::List { json } => {
            let store = open(loc)?;
            let rows: Vec<DirectorJson> = store
                .directors()?
                .into_iter()
                .map(|d| DirectorJson {
                    name: d.name,
                    created_at: d.created_at,
                })
                .collect();
            if json {
                return print_json(&rows);
            }
            let mut out = String::from("NAME\tADDED\n");
            for r in &rows {
                out.push_str(&format!("{}\t{}\n", shown(&r.name, false), r.created_at));
            }
            print(&out)
        }
        DirectorCommand::Remove { name } => {
            let mut store = open(loc)?;
            service::remove_director(&mut store, &name)?;
            print(&format!("director {} removed\n", shown(&name, false)))
        }
    }
}

/// The password from the file, else typed at the terminal (not shown as it
/// is typed: someone looking over the shoulder or a terminal's scrollback
/// would keep it), else standard input's first line (never an argument:
/// the process list would show it).
fn password(name: &str, file: Option<&PathBuf>) -> Result<String, CommandError> {
    let text = match file {
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| CommandError::Input(format!("password from {}: {e}", path.display())))?,
        None if std::io::stdin().is_terminal() => {
            rpassword::prompt_password(format!("Password for {name}: "))
                .map_err(|e| CommandError::Input(format!("password from the terminal: {e}")))?
        }
        None => {
            let mut line = String::new();
            std::io::stdin()
                .lock()
                .read_line(&mut line)
                .map_err(|e| CommandError::Input(format!("password from standard input: {e}")))?;
            line
        }
    };
    // One line: the newline an editor or `echo` adds is not part of it.
    Ok(text.lines().next().unwrap_or_default().to_string())
}
