//! The store's one connection, to SQLite or to PostgreSQL, behind the few
//! calls the store makes: run a statement, read its rows.
//!
//! The store's statements are written once, in the SQL both databases
//! speak (`?N` parameters, `ON CONFLICT`, `RETURNING`, `IS NOT DISTINCT
//! FROM`); what differs (opening, migrations, transactions, locks) is in
//! `sqlite.rs` and `pg.rs`. Values cross as [`Arg`] and [`Row`], so no type
//! of either binding leaves this module and its two backends.

use std::cell::RefCell;

use super::{DatabaseError, Result, StoreError};

/// A parameter of a statement, borrowed from the caller.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Arg<'a> {
    Null,
    Int(i64),
    Text(&'a str),
    Blob(&'a [u8]),
}

/// What can be a statement's parameter.
pub(crate) trait Param {
    fn arg(&self) -> Arg<'_>;
}

macro_rules! int_param {
    ($($t:ty),*) => {$(
        impl Param for $t {
            fn arg(&self) -> Arg<'_> {
                Arg::Int(i64::from(*self))
            }
        }
    )*};
}
int_param!(i64, i32, u32, u16, u8, bool);

impl Param for str {
    fn arg(&self) -> Arg<'_> {
        Arg::Text(self)
    }
}

impl Param for String {
    fn arg(&self) -> Arg<'_> {
        Arg::Text(self)
    }
}

impl Param for compact_str::CompactString {
    fn arg(&self) -> Arg<'_> {
        Arg::Text(self)
    }
}

impl Param for [u8] {
    fn arg(&self) -> Arg<'_> {
        Arg::Blob(self)
    }
}

impl<T: Param + ?Sized> Param for &T {
    fn arg(&self) -> Arg<'_> {
        (**self).arg()
    }
}

impl<T: Param> Param for Option<T> {
    fn arg(&self) -> Arg<'_> {
        match self {
            Some(v) => v.arg(),
            None => Arg::Null,
        }
    }
}

/// The parameters of a statement, in order (`?1`, `?2`, …).
macro_rules! args {
    ($($p:expr),* $(,)?) => {
        &[$($crate::store::sql::Param::arg(&$p)),*][..]
    };
}
pub(crate) use args;

/// A stored value as read.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    Null,
    Int(i64),
    Text(String),
    Blob(Vec<u8>),
}

impl Value {
    /// The value as a parameter (to copy a row).
    pub(crate) fn arg(&self) -> Arg<'_> {
        match self {
            Value::Null => Arg::Null,
            Value::Int(i) => Arg::Int(*i),
            Value::Text(t) => Arg::Text(t),
            Value::Blob(b) => Arg::Blob(b),
        }
    }
}

/// One row of a result. Each column is moved out when it is read, not
/// copied: a stored move, player or game is read once per message, and a
/// copy of every text doubled its cost in allocations.
pub(crate) struct Row {
    values: Vec<Value>,
    /// The columns read so far (bit `i` for column `i`): a second read of
    /// one is an error, never the `NULL` left in its place.
    read: u128,
}

impl Row {
    pub(crate) fn new(values: Vec<Value>) -> Row {
        Row { values, read: 0 }
    }

    /// Every column at once (none may be read after).
    pub(crate) fn take_values(&mut self) -> Vec<Value> {
        self.read = u128::MAX;
        std::mem::take(&mut self.values)
    }

    /// Column `i` as a `T`; a value of another type is unreadable.
    pub(crate) fn get<T: FromValue>(&mut self, i: usize) -> Result<T> {
        let bit = u32::try_from(i)
            .ok()
            .and_then(|i| 1u128.checked_shl(i))
            .ok_or_else(|| StoreError::Unreadable(format!("column {i}: past the 128th")))?;
        if self.read & bit != 0 {
            return Err(StoreError::Unreadable(format!("column {i} read twice")));
        }
        self.read |= bit;
        let v = self
            .values
            .get_mut(i)
            .map_or(Value::Null, |v| std::mem::replace(v, Value::Null));
        T::from_value(v).map_err(|v| {
            StoreError::Unreadable(format!("column {i}: {} {v:?}", std::any::type_name::<T>()))
        })
    }
}

/// What a stored value can be read as; the value back if it cannot.
pub(crate) trait FromValue: Sized {
    fn from_value(v: Value) -> std::result::Result<Self, Value>;
}

macro_rules! int_value {
    ($($t:ty),*) => {$(
        impl FromValue for $t {
            fn from_value(v: Value) -> std::result::Result<Self, Value> {
                match v {
                    Value::Int(i) => <$t>::try_from(i).map_err(|_| v),
                    v => Err(v),
                }
            }
        }
    )*};
}
int_value!(i64, u32, u16, u8);

impl FromValue for bool {
    fn from_value(v: Value) -> std::result::Result<Self, Value> {
        match v {
            Value::Int(i) => Ok(i != 0),
            v => Err(v),
        }
    }
}

impl FromValue for String {
    fn from_value(v: Value) -> std::result::Result<Self, Value> {
        match v {
            Value::Text(s) => Ok(s),
            v => Err(v),
        }
    }
}

/// A short text kept inline (a move's UCI, as written, its notation).
impl FromValue for compact_str::CompactString {
    fn from_value(v: Value) -> std::result::Result<Self, Value> {
        String::from_value(v).map(compact_str::CompactString::from)
    }
}

impl FromValue for Vec<u8> {
    fn from_value(v: Value) -> std::result::Result<Self, Value> {
        match v {
            Value::Blob(b) => Ok(b),
            v => Err(v),
        }
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(v: Value) -> std::result::Result<Self, Value> {
        match v {
            Value::Null => Ok(None),
            v => T::from_value(v).map(Some),
        }
    }
}

/// The open connection.
pub(crate) enum Conn {
    Sqlite(rusqlite::Connection),
    /// The client needs `&mut` for every call while the store's reads take
    /// `&self`; the store is used by one thread at a time.
    Pg(Box<RefCell<super::pg::Session>>),
}

pub(crate) fn sqlite_err(e: rusqlite::Error) -> StoreError {
    match e {
        rusqlite::Error::FromSqlConversionFailure(_, _, why) => {
            StoreError::Unreadable(why.to_string())
        }
        e => StoreError::Database(DatabaseError(Box::new(e))),
    }
}

fn sqlite_args<'a>(args: &[Arg<'a>]) -> Vec<rusqlite::types::ToSqlOutput<'a>> {
    use rusqlite::types::{ToSqlOutput, ValueRef};
    args.iter()
        .map(|a| {
            ToSqlOutput::Borrowed(match *a {
                Arg::Null => ValueRef::Null,
                Arg::Int(i) => ValueRef::Integer(i),
                Arg::Text(s) => ValueRef::Text(s.as_bytes()),
                Arg::Blob(b) => ValueRef::Blob(b),
            })
        })
        .collect()
}

fn sqlite_row(r: &rusqlite::Row<'_>) -> Result<Row> {
    use rusqlite::types::ValueRef;
    let n = r.as_ref().column_count();
    let mut values = Vec::with_capacity(n);
    for i in 0..n {
        values.push(match r.get_ref(i).map_err(sqlite_err)? {
            ValueRef::Null => Value::Null,
            ValueRef::Integer(v) => Value::Int(v),
            ValueRef::Text(t) => Value::Text(
                std::str::from_utf8(t)
                    .map_err(|e| StoreError::Unreadable(format!("column {i}: {e}")))?
                    .to_string(),
            ),
            ValueRef::Blob(b) => Value::Blob(b.to_vec()),
            ValueRef::Real(f) => {
                return Err(StoreError::Unreadable(format!("column {i}: real {f}")));
            }
        });
    }
    Ok(Row::new(values))
}

/// Runs a query on SQLite, handing each row to `each` while it says true.
fn sqlite_query(
    c: &rusqlite::Connection,
    sql: &str,
    args: &[Arg<'_>],
    mut each: impl FnMut(Row) -> Result<bool>,
) -> Result<()> {
    let mut stmt = c.prepare_cached(sql).map_err(sqlite_err)?;
    let mut rows = stmt
        .query(rusqlite::params_from_iter(sqlite_args(args)))
        .map_err(sqlite_err)?;
    while let Some(r) = rows.next().map_err(sqlite_err)? {
        if !each(sqlite_row(r)?)? {
            break;
        }
    }
    Ok(())
}

impl Conn {
    /// Runs a statement; returns the rows it changed.
    pub(crate) fn run(&self, sql: &str, args: &[Arg<'_>]) -> Result<usize> {
        match self {
            Conn::Sqlite(c) => c
                .prepare_cached(sql)
                .and_then(|mut s| s.execute(rusqlite::params_from_iter(sqlite_args(args))))
                .map_err(sqlite_err),
            Conn::Pg(s) => s.borrow_mut().run(sql, args),
        }
    }

    /// Runs an `INSERT` into a table with an `id` key, written without
    /// `RETURNING`: the new row's id, or none if it inserted nothing (`ON
    /// CONFLICT DO NOTHING`). SQLite answers a `RETURNING` through a
    /// temporary table opened per statement, a tenth of the cost of queuing
    /// a reply; the connection's last inserted rowid is the same id.
    pub(crate) fn inserted<T: FromValue>(&self, sql: &str, args: &[Arg<'_>]) -> Result<Option<T>> {
        let id = match self {
            Conn::Sqlite(c) => match self.run(sql, args)? {
                0 => return Ok(None),
                _ => c.last_insert_rowid(),
            },
            Conn::Pg(s) => {
                let sql = format!("{sql} RETURNING id");
                match s.borrow_mut().query(&sql, args)?.into_iter().next() {
                    Some(mut row) => row.get(0)?,
                    None => return Ok(None),
                }
            }
        };
        Row::new(vec![Value::Int(id)]).get(0).map(Some)
    }

    /// [`Conn::inserted`] for an `INSERT` that must insert its row.
    pub(crate) fn insert<T: FromValue>(&self, sql: &str, args: &[Arg<'_>]) -> Result<T> {
        self.inserted(sql, args)?.ok_or_else(|| {
            StoreError::Database(DatabaseError(format!("no row was inserted: {sql}").into()))
        })
    }

    /// Runs one statement without parameters or results (a transaction's
    /// or a savepoint's), on SQLite prepared once per connection: parsing
    /// the four of each message again cost 2 % of a submission.
    pub(crate) fn batch(&self, sql: &str) -> Result<()> {
        match self {
            Conn::Sqlite(c) => c
                .prepare_cached(sql)
                .and_then(|mut s| s.execute([]))
                .map(drop)
                .map_err(sqlite_err),
            Conn::Pg(s) => s.borrow_mut().batch(sql),
        }
    }

    /// Every row a query returns, each read by `f`.
    pub(crate) fn rows<T>(
        &self,
        sql: &str,
        args: &[Arg<'_>],
        mut f: impl FnMut(&mut Row) -> Result<T>,
    ) -> Result<Vec<T>> {
        match self {
            Conn::Sqlite(c) => {
                let mut out = Vec::new();
                sqlite_query(c, sql, args, |mut r| {
                    out.push(f(&mut r)?);
                    Ok(true)
                })?;
                Ok(out)
            }
            Conn::Pg(s) => {
                // Read all rows before `f` runs: `f` may query again.
                let rows = s.borrow_mut().query(sql, args)?;
                rows.into_iter().map(|mut r| f(&mut r)).collect()
            }
        }
    }

    /// The first row a query returns, if any.
    pub(crate) fn opt<T>(
        &self,
        sql: &str,
        args: &[Arg<'_>],
        f: impl FnOnce(&mut Row) -> Result<T>,
    ) -> Result<Option<T>> {
        let first = match self {
            Conn::Sqlite(c) => {
                let mut first = None;
                sqlite_query(c, sql, args, |r| {
                    first = Some(r);
                    Ok(false)
                })?;
                first
            }
            Conn::Pg(s) => s.borrow_mut().query(sql, args)?.into_iter().next(),
        };
        first.map(|mut r| f(&mut r)).transpose()
    }

    /// The one row a query must return.
    pub(crate) fn one<T>(
        &self,
        sql: &str,
        args: &[Arg<'_>],
        f: impl FnOnce(&mut Row) -> Result<T>,
    ) -> Result<T> {
        self.opt(sql, args, f)?.ok_or_else(|| {
            StoreError::Database(DatabaseError(
                format!("no row where one was expected: {sql}").into(),
            ))
        })
    }

    /// Whether a query returns a row.
    pub(crate) fn exists(&self, sql: &str, args: &[Arg<'_>]) -> Result<bool> {
        Ok(self.opt(sql, args, |_| Ok(()))?.is_some())
    }
}
