//! The long-running commands and their checks: `serve`, `radio-station`,
//! `check-config`, and `ingest-mail` (one mail from an MTA pipe).

use std::path::Path;
use std::process::ExitCode;

use super::common::{Location, fail, load_config, now, with_service_config};
use crate::config::Config;
use crate::service;
use crate::store::Store;
use crate::transport::email::dkim::{Checker, Verdict};
use crate::transport::email::receive::{read_bounded, receive_read};
use crate::transport::email::{Reception, ReceptionError};

/// `ccgate serve`.
pub fn serve(loc: &Location) -> ExitCode {
    let config = match load_config(loc) {
        Ok(c) => c,
        Err(code) => return code,
    };
    crate::daemon::init_logging(&config.log);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return fail(&format!("starting the runtime: {e}")),
    };
    match runtime.block_on(crate::daemon::serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e.to_string()),
    }
}

/// `ccgate radio-station --config FILE`.
pub fn radio_station(loc: &Location, exit_when_done: bool) -> ExitCode {
    let Some(file) = &loc.config else {
        return fail("radio-station needs --config FILE with a [radio] section");
    };
    let config = match load_config(loc) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let Some(radio) = config.radio else {
        return fail(&format!("{}: no [radio] section", file.display()));
    };
    crate::daemon::init_logging(&config.log);
    if let Err(e) = std::fs::create_dir_all(&config.data_dir) {
        return fail(&format!(
            "data directory {}: {e}",
            config.data_dir.display()
        ));
    }
    let db = &config.db;
    let store = match Store::create_at(db) {
        Ok(s) => s,
        Err(e) => return fail(&format!("store {db}: {e}")),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return fail(&format!("starting the runtime: {e}")),
    };
    match runtime.block_on(crate::transport::radio::station::run(
        radio,
        store,
        exit_when_done,
    )) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e.to_string()),
    }
}

/// `ccgate init`: the data directory, the store and the Maildir where the
/// configuration (`--config`, else the service's when it exists) says, as
/// `serve` makes them at its first start; what exists is left as it is.
pub fn init(loc: &Location) -> ExitCode {
    let loc = with_service_config(loc);
    let config = match load_config(&loc) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let mut dirs = vec![config.data_dir.clone()];
    if let crate::store::Location::File(db) = &config.db
        && let Some(parent) = db.parent().filter(|d| !d.as_os_str().is_empty())
    {
        dirs.push(parent.to_path_buf());
    }
    for dir in &dirs {
        if let Err(e) = std::fs::create_dir_all(dir) {
            return fail(&format!("cannot create {}: {e}", dir.display()));
        }
    }
    println!("data directory {}", config.data_dir.display());
    let db = &config.db;
    let new = matches!(db, crate::store::Location::File(p) if !p.exists());
    match Store::create_at(db) {
        Ok(mut store) => store.checkpoint_when_closed(),
        Err(e) => return fail(&format!("store {db}: {e}")),
    }
    if new {
        println!("created a new store at {db}");
    } else {
        println!("store {db}: exists, schema up to date");
    }
    if let Some(m) = &config.email.maildir {
        if let Err(e) = crate::transport::email::maildir::create(&m.dir) {
            return fail(&format!("Maildir {}: {e}", m.dir.display()));
        }
        println!("Maildir {}", m.dir.display());
    }
    ExitCode::SUCCESS
}

/// `ccgate check-config FILE`.
pub fn check_config(file: &Path) -> ExitCode {
    let config = match Config::load(file) {
        Ok(c) => c,
        Err(e) => return fail(&e.to_string()),
    };
    match config.resolve() {
        Ok(c) => {
            let inputs = c.inputs();
            println!(
                "{}: OK; store {}; inputs: {}",
                file.display(),
                c.db,
                inputs.join(", ")
            );
            for why in c.warnings() {
                println!("warning: {why}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => fail(&format!("{}: {e}", file.display())),
    }
}

/// sysexits.h: what MTAs understand.
const EX_TEMPFAIL: u8 = 75;

/// `ccgate ingest-mail`: one mail on standard input.
pub fn ingest_mail(loc: &Location) -> ExitCode {
    let config = match load_config(loc) {
        Ok(c) => c,
        Err(_) => return ExitCode::from(EX_TEMPFAIL),
    };
    // Never more than max_size + 1 bytes in memory: an oversized mail is
    // refused for good (exit 0, the sender told once), not retried by the
    // MTA for days.
    let mail = match read_bounded(std::io::stdin().lock(), None, config.email.config.max_size) {
        Ok(mail) => mail,
        Err(e) => {
            eprintln!("ccgate: reading the mail: {e}");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    // Never created here: a mail for a store that is not there waits at
    // the MTA (75) until the path is put right.
    let path = config.db.clone();
    let mut store = match Store::open_at(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("ccgate: {path}: {e}");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    // What the daemon's email inputs are built from, built alike; an
    // oversized mail is refused unchecked.
    let rules = config.inbound.rules();
    let reception = if mail.size > config.email.config.max_size {
        Reception::without_dkim(&config.email, rules).map_err(ReceptionError::From)
    } else {
        Reception::new(&config.email, rules)
    };
    let reception = match reception {
        Ok(r) => r,
        Err(ReceptionError::From(e)) => {
            eprintln!("ccgate: email.from: {e}");
            return ExitCode::from(EX_TEMPFAIL);
        }
        Err(e) => {
            eprintln!("ccgate: {e}");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    let policy = &reception.policy;
    let dkim = match &reception.dkim {
        Some(checker) => match dkim_check(checker, &mail.bytes) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("ccgate: DKIM check: {e}");
                return ExitCode::from(EX_TEMPFAIL);
            }
        },
        _ => Default::default(),
    };
    let received = service::batch(&mut store, |b| {
        receive_read(b, (&mail.bytes, mail.size), (policy, &dkim), now())
    });
    match received.and_then(|r| r) {
        Ok(p) => {
            println!("journal {}: {}", p.journal_id, p.outcome);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("ccgate: {e}");
            ExitCode::from(EX_TEMPFAIL)
        }
    }
}

/// ccgate's own DKIM check of one mail, on a runtime of its own (the
/// command line has none): Err when that runtime cannot be had.
fn dkim_check(checker: &Checker, raw: &[u8]) -> std::io::Result<Verdict> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    Ok(runtime.block_on(checker.check(raw)))
}
