//! The store a test runs on: an SQLite file in a temporary directory, or a
//! PostgreSQL cluster of the test's own. The store tests run on both
//! (see [`both_backends!`]); the service tests run on the backend
//! `$CCGATE_TEST_DB` names (`sqlite`, the default, or `postgres`), and CI
//! runs them once with each.

use ccgate::store::{Location, Store};

use super::postgres::Postgres;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The backend `$CCGATE_TEST_DB` names.
    pub fn from_env() -> Backend {
        match std::env::var("CCGATE_TEST_DB").as_deref() {
            Ok("postgres") => Backend::Postgres,
            Ok("sqlite") | Err(_) => Backend::Sqlite,
            Ok(other) => panic!("CCGATE_TEST_DB={other:?}: sqlite or postgres"),
        }
    }
}

/// A place for a store, removed (the cluster stopped) on drop.
pub struct TestDb {
    pub location: Location,
    /// The SQLite file's directory, or the cluster's.
    pub dir: tempfile::TempDir,
    /// The cluster, for a test that stops and starts it.
    pub pg: Option<Postgres>,
}

impl TestDb {
    pub fn new(backend: Backend) -> TestDb {
        let dir = tempfile::tempdir().expect("tempdir");
        let (location, pg) = match backend {
            Backend::Sqlite => (Location::File(dir.path().join("ccgate.db")), None),
            Backend::Postgres => {
                let pg = Postgres::start();
                (Location::parse(&pg.url()), Some(pg))
            }
        };
        TestDb { location, dir, pg }
    }

    /// Creates (or opens) the store.
    pub fn store(&self) -> Store {
        Store::create_at(&self.location).expect("open store")
    }

    /// Another, empty store beside this one: a new file, or a new database
    /// in the same cluster.
    pub fn fresh(&self, name: &str) -> Location {
        match &self.location {
            Location::File(_) => Location::File(self.dir.path().join(format!("{name}.db"))),
            Location::Postgres { url, .. } => {
                self.raw(&format!("CREATE DATABASE {name}"));
                let base = url.rsplit_once('/').map_or(url.as_str(), |(base, _)| base);
                Location::parse(&format!("{base}/{name}"))
            }
        }
    }

    /// Runs SQL on the database directly, beside the store: how a test
    /// damages a row or turns a schema back.
    pub fn raw(&self, sql: &str) {
        match &self.location {
            Location::File(path) => rusqlite::Connection::open(path)
                .and_then(|c| c.execute_batch(sql))
                .expect("raw SQL"),
            Location::Postgres { url, .. } => {
                postgres::Client::connect(url, postgres::NoTls)
                    .and_then(|mut c| c.batch_execute(sql))
                    .expect("raw SQL");
            }
        }
    }
}

impl TestDb {
    /// A count read beside the store, as another process sees it.
    pub fn count(&self, sql: &str) -> i64 {
        match &self.location {
            Location::File(path) => rusqlite::Connection::open(path)
                .and_then(|c| c.query_row(sql, [], |r| r.get(0)))
                .expect("count"),
            Location::Postgres { url, .. } => postgres::Client::connect(url, postgres::NoTls)
                .and_then(|mut c| c.query_one(sql, &[]).and_then(|r| r.try_get(0)))
                .expect("count"),
        }
    }
}

/// Defines each test twice, `<name>::sqlite` and `<name>::postgres`, each
/// running the body with its backend bound to the name given.
#[macro_export]
macro_rules! both_backends {
    ($($(#[$meta:meta])* fn $name:ident($b:ident) $body:block)*) => {
        $(
            $(#[$meta])*
            mod $name {
                #[allow(unused_imports)]
                use super::*;
                use $crate::support::backend::Backend;

                fn run($b: Backend) $body

                #[test]
                fn sqlite() {
                    run(Backend::Sqlite)
                }

                #[test]
                fn postgres() {
                    run(Backend::Postgres)
                }
            }
        )*
    };
}
