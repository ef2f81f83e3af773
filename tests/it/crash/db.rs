//! The store under test: a SQLite file, or a private PostgreSQL cluster.

use super::*;

/// The store a crash test submits to.
pub(super) enum Db {
    File(PathBuf),
    Postgres(Postgres),
}

impl Db {
    pub(super) fn new(backend: Backend, dir: &Path) -> Db {
        match backend {
            Backend::Sqlite => Db::File(dir.join("ccgate.db")),
            Backend::Postgres => Db::Postgres(Postgres::start()),
        }
    }

    /// What `--db` and the driver are given: the file's path or the URL.
    pub(super) fn arg(&self) -> String {
        match self {
            Db::File(path) => path.display().to_string(),
            Db::Postgres(pg) => pg.url(),
        }
    }

    pub(super) fn location(&self) -> Location {
        Location::parse(&self.arg())
    }

    /// The journal state of a message: `None` not journaled, `Some(outcome)`.
    pub(super) fn journal_state(&self, m: &Msg) -> Option<Option<String>> {
        match self {
            Db::File(path) => inspect(path)
                .query_row(JOURNAL_STATE, [&m.id], |r| r.get(0))
                .optional()
                .expect("journal state"),
            Db::Postgres(pg) => {
                let mut client =
                    postgres::Client::connect(&pg.url(), postgres::NoTls).expect("connect");
                client
                    .query_opt(JOURNAL_STATE, &[&m.id])
                    .expect("journal state")
                    .map(|r| r.get(0))
            }
        }
    }

    /// The store as a SQLite file for the oracle: the file itself, or a
    /// copy of the PostgreSQL database (the store's own row-by-row copy)
    /// with its ids' gaps closed.
    pub(super) fn as_file(&self, dir: &Path) -> PathBuf {
        match self {
            Db::File(path) => path.clone(),
            Db::Postgres(_) => {
                let path = dir.join("copy.db");
                let mut copy = Store::create(&path).expect("create the copy");
                Store::open_at(&self.location())
                    .expect("open")
                    .copy_into(&mut copy)
                    .expect("copy");
                drop(copy);
                close_gaps(&Connection::open(&path).expect("open the copy"));
                path
            }
        }
    }
}

/// `$1` is `?1` to SQLite too.
pub(super) const JOURNAL_STATE: &str =
    "SELECT outcome FROM journal WHERE channel = 'email' AND transport_id = $1";

/// PostgreSQL's identity counters do not go back when a transaction that
/// drew from them is rolled back (here: killed), so a crashed run's ids have
/// gaps a run that never crashed has not. Numbered again 1, 2, … in their
/// order, the columns that refer to them with them, the rows must be the
/// reference's.
pub(super) fn close_gaps(conn: &Connection) {
    const NUMBERED: [(&str, &[(&str, &str)]); 3] = [
        (
            "journal",
            &[
                ("moves", "journal_id"),
                ("outbox", "journal_id"),
                ("incidents", "journal_id"),
                ("held", "journal_id"),
            ],
        ),
        (
            "outbox",
            &[("sms_sent", "outbox_id"), ("radio_queue", "outbox_id")],
        ),
        ("incidents", &[]),
    ];
    // The ids and the columns referring to them change one after the other.
    conn.execute_batch("PRAGMA foreign_keys = OFF")
        .expect("foreign keys off");
    for (table, referring) in NUMBERED {
        let mut sql = format!(
            "CREATE TEMP TABLE renumber AS SELECT id AS old, row_number() OVER (ORDER BY id) AS new FROM {table};"
        );
        for (other, column) in referring {
            sql.push_str(&format!(
                "UPDATE {other} SET {column} = (SELECT new FROM renumber WHERE old = {column}) WHERE {column} IS NOT NULL;"
            ));
        }
        // Through negative ids, so no new id meets an old one.
        sql.push_str(&format!(
            "UPDATE {table} SET id = -(SELECT new FROM renumber WHERE old = id);
             UPDATE {table} SET id = -id;
             DROP TABLE renumber;"
        ));
        conn.execute_batch(&sql).expect("renumber");
    }
}
