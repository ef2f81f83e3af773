//! A store file's backups beyond `ccgate backup FILE`: the one `serve`
//! writes before it migrates a store to a newer schema (so a rollback is
//! "stop, install the old ccgate, restore"), the check of a backup before
//! it is restored, and the dated backups a timer keeps a number of.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

use super::schema::VERSION;
use super::{Result, StoreError, db};

/// The name of a dated backup in a backups directory: sorts by time.
const DATED_PREFIX: &str = "ccgate-";
const DATED_SUFFIX: &str = ".db";

/// Opens an existing file without creating it or changing its schema.
fn open_existing(path: &Path) -> Result<Connection> {
    if !path.is_file() {
        return Err(StoreError::Missing(path.display().to_string()));
    }
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(db)?;
    conn.busy_timeout(std::time::Duration::from_secs(30))
        .map_err(db)?;
    Ok(conn)
}

/// The schema version of a store file, read without changing it.
fn version(conn: &Connection) -> Result<i64> {
    conn.query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(db)
}

/// A consistent copy of the store file at `from` into the new file `to`
/// (SQLite's `VACUUM INTO`: whole even with part of it in the WAL).
fn copy(conn: &Connection, to: &Path) -> Result<()> {
    conn.execute("VACUUM INTO ?1", [to.display().to_string()])
        .map_err(db)?;
    Ok(())
}

/// Before this build migrates the store file at `path` to its schema:
/// a copy of it as it is, in `dir` (made if missing), named for the two
/// versions and `stamp`. None when nothing will be migrated (no file, a
/// new one, or the schema current). The daemon calls it holding its claim,
/// so no other migrating process races it.
pub fn backup_before_migrating(path: &Path, dir: &Path, stamp: &str) -> Result<Option<PathBuf>> {
    if !path.exists() {
        return Ok(None);
    }
    let conn = open_existing(path)?;
    let found = version(&conn)?;
    if found == 0 || found >= VERSION {
        return Ok(None);
    }
    std::fs::create_dir_all(dir).map_err(|e| {
        StoreError::Invalid(format!(
            "{}: cannot make the directory for the backup before migrating: {e}",
            dir.display()
        ))
    })?;
    let to = dir.join(format!(
        "{DATED_PREFIX}schema-{found}-before-{VERSION}-{stamp}{DATED_SUFFIX}"
    ));
    copy(&conn, &to)?;
    Ok(Some(to))
}

/// Checks that `path` is a whole ccgate store this build can read: SQLite's
/// integrity check passes, it has ccgate's schema, and no newer one than
/// this build's. Its schema version. Opens the file for writing (SQLite
/// may make its `-wal`): give it a copy, never the operator's backup.
pub fn check_backup(path: &Path, named: &Path) -> Result<i64> {
    let not_ours = |why: String| {
        StoreError::Invalid(format!(
            "{}: not a ccgate backup ({why}); nothing was changed",
            named.display()
        ))
    };
    let conn = open_existing(path)?;
    let found = version(&conn).map_err(|e| not_ours(e.to_string()))?;
    let problems: Vec<String> = conn
        .prepare("PRAGMA integrity_check")
        .and_then(|mut s| {
            s.query_map([], |r| r.get::<_, String>(0))?
                .collect::<std::result::Result<_, _>>()
        })
        .map_err(|e| not_ours(e.to_string()))?;
    if problems != ["ok"] {
        return Err(not_ours(format!(
            "damaged: {}",
            problems.into_iter().take(3).collect::<Vec<_>>().join("; ")
        )));
    }
    let journal: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'journal'",
            [],
            |r| r.get(0),
        )
        .map_err(|e| not_ours(e.to_string()))?;
    if found == 0 || journal == 0 {
        return Err(not_ours("no ccgate schema in it".into()));
    }
    if found > VERSION {
        return Err(StoreError::TooNew {
            path: named.display().to_string(),
            found,
            supported: VERSION,
        });
    }
    Ok(found)
}

/// A time in backup file names: UTC, sorting as the times do.
pub fn stamp(at: jiff::Timestamp) -> String {
    at.strftime("%Y%m%dT%H%M%SZ").to_string()
}

/// A dated backup's file name in a backups directory.
pub fn dated_name(stamp: &str) -> String {
    format!("{DATED_PREFIX}{stamp}{DATED_SUFFIX}")
}

/// Removes the oldest dated backups in `dir` beyond the newest `keep`; the
/// files removed. Only the dated backups (`ccgate-<time>.db`, not the ones
/// `serve` writes before a migration) are counted and removed.
pub fn rotate(dir: &Path, keep: usize) -> std::io::Result<Vec<PathBuf>> {
    let mut dated: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.strip_prefix(DATED_PREFIX))
                .and_then(|n| n.strip_suffix(DATED_SUFFIX))
                .is_some_and(|stamp| stamp.starts_with(|c: char| c.is_ascii_digit()))
        })
        .collect();
    // The stamps sort as the times they name.
    dated.sort();
    let old = dated.len().saturating_sub(keep);
    let removed: Vec<PathBuf> = dated.into_iter().take(old).collect();
    for path in &removed {
        std::fs::remove_file(path)?;
    }
    Ok(removed)
}
