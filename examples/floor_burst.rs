//! The file system's floor for the Maildir burst: only the file
//! operations `bench/mail.sh OUT=file` asks of the machine, with no parsing,
//! rules, store or composing, each stage on a thread of its own so they
//! overlap as the daemon's do. Beside it, the raw fsync rate of the same
//! directory.
//!
//! Why: the burst's target is 1.0 mails per raw fsync. This gives the rate
//! no gateway reaches on this file system while it keeps the burst's
//! durability: the ceiling for ccgate.
//!
//! The stages, as in the bench and the daemon:
//! - delivery: N mails of the bench's size renamed from a staging directory
//!   into `new/` (the bench's own process does this while the daemon works);
//! - input: each mail read and renamed into `cur/` (no store: the journal's
//!   commits are left out, so the floor errs on the fast side);
//! - outbox: two replies of the burst's size (10,158 bytes: the text and the
//!   board picture) per mail, in batches of 50: each written to a dot file,
//!   one `syncfs` for the batch's files and the last batch's renames, then
//!   each renamed into place; the last renames synced at the end.
//!
//! Usage: `cargo run --release --example floor_burst -- DIR [N]` (DIR on the
//! disk measured, made fresh: its `new`, `cur`, `outbox` and `stage` are
//! created; default N 1000).
use std::fs;
use std::io::Write;
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Instant;

const REPLY: usize = 10_158;
const BATCH: usize = 50;
const PROBE: std::time::Duration = std::time::Duration::from_secs(3);

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().ok_or("usage: floor_burst DIR [N]")?);
    let n: usize = args.next().map_or(Ok(1000), |a| a.parse())?;
    let [stage, new, cur, outbox] = ["stage", "new", "cur", "outbox"].map(|d| dir.join(d));
    for d in [&stage, &new, &cur, &outbox] {
        fs::create_dir_all(d)?;
    }
    for i in 0..n {
        let who = if i % 2 == 0 { "w" } else { "b" };
        fs::write(
            stage.join(format!("{i:05}.mail")),
            format!(
                "From: {who}{i}@example.test\r\nTo: gw@example.test\r\nSubject: move\r\n\
                 Message-ID: <{i}@bench>\r\nContent-Type: text/plain\r\n\r\nNf3\r\n"
            ),
        )?;
    }
    let names: Vec<String> = (0..n).map(|i| format!("{i:05}.mail")).collect();
    // What the staging left to write back would take the burst's syncs' turns.
    sync_dir(&dir)?;

    let start = Instant::now();
    let (delivered_tx, delivered) = mpsc::channel::<&str>();
    let (taken_tx, taken) = mpsc::channel::<()>();
    std::thread::scope(
        |s| -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
            let (stage, new, cur, outbox) = (&stage, &new, &cur, &outbox);
            let names = &names;
            s.spawn(move || {
                for name in names {
                    if fs::rename(stage.join(name), new.join(name)).is_ok() {
                        let _ = delivered_tx.send(name);
                    }
                }
            });
            // Told of each delivery by the delivering thread: cheaper than
            // the daemon's watch and listing of `new/`, so the floor errs
            // on the fast side, and no stage spins while another works.
            let input = s.spawn(move || -> std::io::Result<()> {
                for name in delivered.iter().take(n) {
                    let _text = fs::read(new.join(name))?;
                    fs::rename(new.join(name), cur.join(name))?;
                    let _ = taken_tx.send(());
                }
                Ok(())
            });
            let output = s.spawn(move || outbox_stage(outbox, &taken, n));
            input.join().map_err(|_| "input panicked")??;
            output.join().map_err(|_| "outbox panicked")??;
            Ok(())
        },
    )
    .map_err(|e| e.to_string())?;
    let burst = start.elapsed();
    let fsync = raw_fsync_rate(&dir)?;
    let mails = n as f64 / burst.as_secs_f64();
    println!("directory: {}", dir.display());
    println!(
        "floor: {n} mails, {} replies of {REPLY} B in {:.3} s = {mails:.0} mails/s",
        2 * n,
        burst.as_secs_f64()
    );
    println!(
        "raw fsync (512 B appended + sync_all, as bench/mail.sh), same directory: {fsync:.0} /s"
    );
    println!("ratio mails/s : fsync/s {:.2}", mails / fsync);
    println!(
        "FLOOR mails_per_s={mails:.1} fsync_per_s={fsync:.1} ratio={:.4}",
        mails / fsync
    );
    Ok(())
}

/// Two replies per mail taken, written a batch at a time.
fn outbox_stage(dir: &Path, taken: &mpsc::Receiver<()>, n: usize) -> std::io::Result<()> {
    let body = vec![b'x'; REPLY];
    let (mut written, mut mails) = (0, 0);
    while written < 2 * n {
        // At least one mail taken, and what else is waiting, up to a batch.
        if mails * 2 == written {
            taken
                .recv()
                .map_err(|_| std::io::Error::other("the input stopped"))?;
            mails += 1;
        }
        while mails * 2 - written < BATCH && taken.try_recv().is_ok() {
            mails += 1;
        }
        let ids: Vec<usize> = (written..(mails * 2).min(written + BATCH)).collect();
        for id in &ids {
            let mut f = fs::File::create(dir.join(format!(".{id}.eml")))?;
            f.write_all(&body)?;
        }
        sync_dir(dir)?;
        for id in &ids {
            fs::rename(
                dir.join(format!(".{id}.eml")),
                dir.join(format!("{id}.eml")),
            )?;
        }
        written += ids.len();
    }
    sync_dir(dir)
}

/// `syncfs` of the file system holding `dir`, as the file outbox does.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    let d = fs::File::open(dir)?;
    // SAFETY: `d` is open for the whole call; syncfs reads nothing else.
    if unsafe { libc::syncfs(d.as_raw_fd()) } == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// 512 bytes appended and `sync_all`ed for 3 s: `bench/mail.sh`'s probe.
fn raw_fsync_rate(dir: &Path) -> std::io::Result<f64> {
    let mut probe = fs::OpenOptions::new()
        .create(true)
        .truncate(true)
        .write(true)
        .open(dir.join("fsync.probe"))?;
    let (t, mut n) = (Instant::now(), 0);
    while t.elapsed() < PROBE {
        probe.write_all(&[b'x'; 512])?;
        probe.sync_all()?;
        n += 1;
    }
    Ok(f64::from(n) / t.elapsed().as_secs_f64())
}
