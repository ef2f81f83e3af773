//! `ccgate backup` and `ccgate migrate`: copies of the store, SQLite's
//! online backup or PostgreSQL's `pg_dump`, and a store copied into another
//! backend and compared row by row.

use std::path::Path;

use super::common::{CommandError, Location, absolute_db, db_path, open};
use crate::store::{self, Store};

pub fn backup(loc: Location, file: &Path) -> Result<(), CommandError> {
    if let store::Location::Postgres { url, password } = db_path(&loc)? {
        return pg_dump(&url, password.as_deref(), file);
    }
    let store = open(loc)?;
    // A directory that is not there is the copy's fault, not the store's
    // (exit 5, not 4).
    let dir = file
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !dir.is_dir() {
        return Err(CommandError::Output(format!(
            "{}: no such directory",
            dir.display()
        )));
    }
    match store.backup(file) {
        Ok(()) => {
            println!("backup written to {}", file.display());
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

/// `ccgate migrate --from A --to B`: the store at A copied into the empty
/// store at B (a new file or database), then compared with it row by row.
pub fn migrate(loc: Location, from: &str, to: &str) -> Result<(), CommandError> {
    let at = |db: &str| {
        db_path(&Location {
            db: Some(absolute_db(db.to_string())),
            config: loc.config.clone(),
        })
    };
    let (from, to) = (at(from)?, at(to)?);
    let source = Store::open_at(&from).map_err(|e| CommandError::Open(format!("{from}: {e}")))?;
    let mut target = Store::create_at(&to).map_err(|e| CommandError::Open(format!("{to}: {e}")))?;
    source.copy_into(&mut target)?;
    let differ = source.differences(&target)?;
    if !differ.is_empty() {
        return Err(CommandError::Store(store::StoreError::Invalid(format!(
            "the copy in {to} differs from {from} in {}",
            differ.join(", ")
        ))));
    }
    println!("{from} copied to {to}: every row of every table equal");
    Ok(())
}

/// A PostgreSQL store's backup is PostgreSQL's own: `pg_dump` in its custom
/// format (restored with `pg_restore`), a consistent snapshot while the
/// sites write.
fn pg_dump(url: &str, password: Option<&str>, file: &Path) -> Result<(), CommandError> {
    if file.exists() {
        return Err(CommandError::Input(format!(
            "{} exists; choose a new file",
            file.display()
        )));
    }
    let mut dump = std::process::Command::new("pg_dump");
    dump.args(["--format=custom", "--file"])
        .arg(file)
        .args(["--dbname", url]);
    if let Some(p) = password {
        dump.env("PGPASSWORD", p);
    }
    match dump.status() {
        Ok(s) if s.success() => {
            println!(
                "backup written to {} (restore with pg_restore)",
                file.display()
            );
            Ok(())
        }
        Ok(s) => Err(CommandError::Output(format!("pg_dump failed ({s})"))),
        Err(e) => Err(CommandError::Output(format!(
            "pg_dump: {e}; install PostgreSQL's client programs (Debian postgresql-client) to back up a PostgreSQL store"
        ))),
    }
}
