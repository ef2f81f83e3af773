//! The long-running commands and their checks: `serve`, `radio-station`,
//! `check-config`, and `ingest-mail` (one mail from an MTA pipe).

use std::path::Path;
use std::process::ExitCode;

use super::common::{Location, fail, load_config, now};
use crate::config::{Config, NO_INPUT};
use crate::service;
use crate::store::Store;
use crate::transport::email::compose::Identity;
use crate::transport::email::receive::{Policy, read_bounded, receive_read};

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
        Err(e) => fail(&e),
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
        Err(e) => fail(&e),
    }
}

/// `ccgate check-config FILE`.
pub fn check_config(file: &Path) -> ExitCode {
    match Config::load(file).and_then(|c| c.resolve()) {
        Ok(c) => {
            let inputs = c.inputs();
            if inputs.is_empty() {
                return fail(&format!("{}: {NO_INPUT}", file.display()));
            }
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
    let me = match Identity::new(&config.email.config.name, &config.email.config.from) {
        Ok(me) => me,
        Err(e) => {
            eprintln!("ccgate: email.from: {e}");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    let policy = Policy::new(&config.email.config, &me, config.inbound.rules());
    let dkim = match &config.email.dkim {
        Some(d) if mail.size <= policy.max_size => match dkim_check(d, &mail.bytes) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("ccgate: {e}");
                return ExitCode::from(EX_TEMPFAIL);
            }
        },
        _ => Default::default(),
    };
    let received = service::batch(&mut store, |b| {
        receive_read(b, (&mail.bytes, mail.size), (&policy, &dkim), now())
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
/// command line has none).
fn dkim_check(
    d: &crate::transport::email::config::DkimSettings,
    raw: &[u8],
) -> Result<crate::transport::email::dkim::Verdict, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("DKIM check: {e}"))?;
    runtime.block_on(async {
        let checker = crate::transport::email::dkim::Checker::new(d.keys.as_ref(), d.timeout)?;
        Ok(checker.check(raw).await)
    })
}
