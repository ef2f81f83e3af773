//! Where the benchmark's stores live: SQLite files in the bench directory,
//! or databases of a PostgreSQL cluster when `$CCGATE_BENCH_DB` is a URL
//! (of the cluster's maintenance database; `bench/durable.sh` starts one
//! with its data on the same disk and its `fsync` left on).

use std::fs;
use std::path::{Path, PathBuf};

use ccgate::store::Location;

pub enum Backend {
    /// The directory of the files.
    Sqlite(PathBuf),
    /// The URL of a database to run `CREATE DATABASE` in.
    Postgres(String),
}

impl Backend {
    pub fn from_env(dir: &Path) -> Backend {
        match std::env::var("CCGATE_BENCH_DB") {
            Ok(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
                Backend::Postgres(url)
            }
            Ok(other) if !other.is_empty() && other != "sqlite" => {
                panic!("CCGATE_BENCH_DB={other:?}: sqlite or a postgres:// URL")
            }
            _ => Backend::Sqlite(dir.to_path_buf()),
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Backend::Sqlite(_) => "sqlite",
            Backend::Postgres(_) => "postgres",
        }
    }

    /// The SQLite file of store `name`; `None` on PostgreSQL.
    pub fn file(&self, name: &str) -> Option<PathBuf> {
        match self {
            Backend::Sqlite(dir) => Some(dir.join(format!("{name}.db"))),
            Backend::Postgres(_) => None,
        }
    }

    /// What `--db` takes for store `name`.
    pub fn arg(&self, name: &str) -> String {
        match self {
            Backend::Sqlite(dir) => dir.join(format!("{name}.db")).display().to_string(),
            Backend::Postgres(url) => {
                let base = url.rsplit_once('/').map_or(url.as_str(), |(b, _)| b);
                format!("{base}/{}", name.replace('-', "_"))
            }
        }
    }

    pub fn location(&self, name: &str) -> Location {
        Location::parse(&self.arg(name))
    }

    fn admin(url: &str, sql: &str) -> Vec<postgres::Row> {
        postgres::Client::connect(url, postgres::NoTls)
            .and_then(|mut c| c.query(sql, &[]))
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
    }

    pub fn exists(&self, name: &str) -> bool {
        match self {
            Backend::Sqlite(_) => self.file(name).is_some_and(|f| f.exists()),
            Backend::Postgres(url) => !Backend::admin(
                url,
                &format!(
                    "SELECT 1 FROM pg_database WHERE datname = '{}'",
                    name.replace('-', "_")
                ),
            )
            .is_empty(),
        }
    }

    /// Removes store `name` if it is there.
    pub fn remove(&self, name: &str) {
        match self {
            Backend::Sqlite(dir) => {
                for suffix in ["", "-wal", "-shm"] {
                    let _ = fs::remove_file(dir.join(format!("{name}.db{suffix}")));
                }
            }
            Backend::Postgres(url) => {
                Backend::admin(
                    url,
                    &format!("DROP DATABASE IF EXISTS {}", name.replace('-', "_")),
                );
            }
        }
    }

    /// A new, empty store `name` (SQLite makes its file on first open).
    pub fn create(&self, name: &str) {
        self.remove(name);
        if let Backend::Postgres(url) = self {
            Backend::admin(url, &format!("CREATE DATABASE {}", name.replace('-', "_")));
        }
    }

    /// Store `to` made again as a copy of `from` (without its WAL).
    pub fn copy(&self, from: &str, to: &str) {
        self.remove(to);
        match self {
            Backend::Sqlite(dir) => {
                fs::copy(dir.join(format!("{from}.db")), dir.join(format!("{to}.db")))
                    .expect("copy the base store");
            }
            Backend::Postgres(url) => {
                Backend::admin(
                    url,
                    &format!(
                        "CREATE DATABASE {} TEMPLATE {}",
                        to.replace('-', "_"),
                        from.replace('-', "_")
                    ),
                );
            }
        }
    }

    /// Renames store `from` to `to` (a base is built under another name and
    /// renamed once whole).
    pub fn rename(&self, from: &str, to: &str) {
        self.remove(to);
        match self {
            Backend::Sqlite(dir) => {
                fs::rename(dir.join(format!("{from}.db")), dir.join(format!("{to}.db")))
                    .expect("rename the base store");
            }
            Backend::Postgres(url) => {
                Backend::admin(
                    url,
                    &format!(
                        "ALTER DATABASE {} RENAME TO {}",
                        from.replace('-', "_"),
                        to.replace('-', "_")
                    ),
                );
            }
        }
    }

    /// The size of store `name` in MB.
    pub fn size_mb(&self, name: &str) -> f64 {
        match self {
            Backend::Sqlite(_) => self
                .file(name)
                .and_then(|f| fs::metadata(f).ok())
                .map_or(0.0, |m| m.len() as f64 / 1e6),
            Backend::Postgres(url) => {
                let rows = Backend::admin(
                    url,
                    &format!("SELECT pg_database_size('{}')", name.replace('-', "_")),
                );
                rows.first()
                    .map_or(0.0, |r| r.get::<_, i64>(0) as f64 / 1e6)
            }
        }
    }
}
