//! `ccgate backup`, `ccgate restore` and `ccgate migrate`: copies of the
//! store, SQLite's online backup or PostgreSQL's `pg_dump`, a backup put
//! back in the store's place, and a store copied into another backend and
//! compared row by row.

use std::path::{Path, PathBuf};

use super::common::{CommandError, Location, absolute_db, db_path, in_existing_dir, now, open};
use crate::store::restore::{check_backup, dated_name, rotate, stamp};
use crate::store::{self, ServeLock, Store};

/// `ccgate backup --into DIR [--keep N]`: a dated backup in DIR (the
/// daily timer's), then the oldest beyond the newest N removed.
pub fn backup_into(loc: Location, dir: &Path, keep: Option<u32>) -> Result<(), CommandError> {
    if !dir.is_dir() {
        return Err(CommandError::Output(format!(
            "{}: no such directory",
            dir.display()
        )));
    }
    backup(loc, &dir.join(dated_name(&stamp(now()))))?;
    if let Some(keep) = keep {
        let removed = rotate(dir, keep as usize).map_err(|e| {
            CommandError::Output(format!("removing old backups in {}: {e}", dir.display()))
        })?;
        for old in removed {
            println!("removed the old backup {}", old.display());
        }
    }
    Ok(())
}

/// `ccgate restore FILE`: the backup, checked whole on a copy beside the
/// store, takes the store's place; the store it replaces (with its WAL) is
/// renamed aside, never deleted. The daemon's claim is held meanwhile, so
/// no `serve` runs on a half-restored store; any failure before the swap
/// leaves everything as it was.
pub fn restore(loc: Location, file: &Path) -> Result<(), CommandError> {
    let path = match db_path(&loc)? {
        store::Location::File(path) => path,
        store::Location::Postgres { .. } => {
            return Err(CommandError::Input(
                "a PostgreSQL store is restored with pg_restore (guide: operators/postgresql.md)"
                    .into(),
            ));
        }
    };
    if !file.is_file() {
        return Err(CommandError::Input(format!(
            "{}: no such file; nothing was changed",
            file.display()
        )));
    }
    in_existing_dir(&path, "restored", "")?;
    let _claim = ServeLock::claim(&path).map_err(|e| CommandError::Open(e.to_string()))?;
    let incoming = sibling(&path, ".restoring");
    remove_with_wal(&incoming).map_err(|e| CommandError::Open(e.to_string()))?;
    let checked = std::fs::copy(file, &incoming)
        .map_err(|e| CommandError::Open(format!("copying {}: {e}", file.display())))
        .and_then(|_| check_backup(&incoming, file).map_err(CommandError::Store));
    let version = match checked {
        Ok(v) => v,
        Err(e) => {
            let _ = remove_with_wal(&incoming);
            return Err(e);
        }
    };
    let aside = sibling(&path, &format!(".replaced-{}", stamp(now())));
    let kept = path.exists();
    if kept {
        move_with_wal(&path, &aside)?;
    }
    std::fs::rename(&incoming, &path)
        .map_err(|e| CommandError::Open(format!("moving the backup to {}: {e}", path.display())))?;
    // Migrated now if the backup is older than this build, and left whole
    // in the main file.
    let mut store = Store::open(&path).map_err(CommandError::Store)?;
    store.checkpoint_when_closed();
    drop(store);
    println!(
        "restored {} (schema {version}) into {}",
        file.display(),
        path.display()
    );
    if version < store::SCHEMA_VERSION {
        println!("migrated it to schema {}", store::SCHEMA_VERSION);
    }
    if kept {
        println!("the store it replaced is kept as {}", aside.display());
    }
    Ok(())
}

/// `path` with `suffix` added to its file name.
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// SQLite's companions of a store file: its WAL and shared memory.
const COMPANIONS: [&str; 3] = ["", "-wal", "-shm"];

fn remove_with_wal(path: &Path) -> std::io::Result<()> {
    for companion in COMPANIONS {
        match std::fs::remove_file(sibling(path, companion)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
    }
    Ok(())
}

/// Renames the store and its WAL together, so the store kept aside opens
/// whole under its new name.
fn move_with_wal(from: &Path, to: &Path) -> Result<(), CommandError> {
    for companion in COMPANIONS {
        let (a, b) = (sibling(from, companion), sibling(to, companion));
        if a.exists() {
            std::fs::rename(&a, &b).map_err(|e| {
                CommandError::Open(format!("keeping {} as {}: {e}", a.display(), b.display()))
            })?;
        }
    }
    Ok(())
}

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
