//! A Maildir inbox: mail in `new/` is processed in name order (delivery
//! agents name files by time), the files waiting together in one
//! transaction, and moved to `cur/` only after the service's commit. A crash in between leaves the file in `new/`; the next pass
//! processes it again and the journal, knowing its Message-ID, does nothing
//! twice.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tokio::sync::{Notify, watch};

use super::Input;
use super::config::MaildirSettings;
use super::inbox::{Batched, Inbox};
use super::receive::{ReadMail, read_bounded};
use crate::transport::port::Wakers;
use crate::transport::start::{self, Context, StartError};

/// The Maildir's directories could not be made.
#[derive(Debug, thiserror::Error)]
#[error("Maildir {}: {source}", dir.display())]
pub struct MaildirError {
    pub dir: PathBuf,
    pub source: io::Error,
}

/// The Maildir as a channel: its settings and what every email input shares.
impl start::Channel for Input<MaildirSettings> {
    const NAME: &'static str = "maildir";
    type Wake = ();

    fn wake(_: &Wakers) {}

    fn start(
        self,
        cx: Context,
    ) -> Result<impl std::future::Future<Output = ()> + Send + 'static, StartError> {
        let dir = &self.settings.dir;
        create(dir).map_err(|source| MaildirError {
            dir: dir.clone(),
            source,
        })?;
        let inbox = Inbox::new(cx.port, &self.reception);
        Ok(run(self.settings, inbox, cx.stop))
    }
}

/// The Maildir's three directories, created if missing.
pub fn create(dir: &Path) -> io::Result<()> {
    for sub in ["new", "cur", "tmp"] {
        std::fs::create_dir_all(dir.join(sub))?;
    }
    Ok(())
}

/// The messages waiting in `new/`, oldest name first.
pub fn pending(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir.join("new"))? {
        let entry = entry?;
        // Dot files are delivery agents' work in progress, by convention.
        if entry.file_name().to_string_lossy().starts_with('.') || !entry.file_type()?.is_file() {
            continue;
        }
        files.push(entry.path());
    }
    files.sort();
    Ok(files)
}

/// Moves a processed message to `cur/`, marked seen.
pub fn accept(dir: &Path, file: &Path) -> io::Result<()> {
    let Some(name) = file.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return Err(io::Error::other(format!(
            "{} has no file name",
            file.display()
        )));
    };
    let name = match name.split_once(":2,") {
        Some((base, flags)) if flags.contains('S') => format!("{base}:2,{flags}"),
        Some((base, flags)) => {
            let mut flags: Vec<char> = flags.chars().chain(['S']).collect();
            flags.sort_unstable();
            format!("{base}:2,{}", flags.into_iter().collect::<String>())
        }
        None => format!("{name}:2,S"),
    };
    std::fs::rename(file, dir.join("cur").join(name))
}

/// Runs the Maildir input until `stop` turns true: each new mail is
/// processed, then moved to `cur/` (after its commit). The next batch's
/// files are read while one is in the store, so the store does not wait
/// for the disk between batches. A delivery into `new/` is taken at once
/// (see [`watch`]); `poll_every` is the fallback where no watch can be had.
/// After a pass that moved mail out of `new/`, `new/` is listed again at
/// once: what arrived meanwhile does not wait for a bell or a poll.
pub async fn run(settings: MaildirSettings, inbox: Inbox, mut stop: watch::Receiver<bool>) {
    let dir = settings.dir;
    tracing::info!(maildir = %dir.display(), "Maildir input");
    let bell = Arc::new(Notify::new());
    let _watch = self::watch(&dir, bell.clone());
    loop {
        let mut taken_any = false;
        match pending(&dir) {
            Ok(files) => {
                let mut waiting = files.into_iter();
                let mut next = gather(&inbox, &mut waiting);
                while !next.files.is_empty() && !*stop.borrow() {
                    let this = std::mem::take(&mut next);
                    let taken = tokio::spawn(take(inbox.clone(), dir.clone(), this));
                    next = gather(&inbox, &mut waiting);
                    match taken.await {
                        Ok(n) => taken_any |= n > 0,
                        Err(e) => {
                            // Its files stay in new/ for the next pass.
                            let e = format!("Maildir {}: a batch failed: {e}", dir.display());
                            tracing::error!(error = %e, "Maildir input");
                            inbox.port.metrics.error(&e);
                        }
                    }
                }
            }
            Err(e) => {
                let e = format!("Maildir {}: {e}", dir.display());
                tracing::error!(error = %e, "Maildir input");
                inbox.port.metrics.error(&e);
            }
        }
        if *stop.borrow() {
            return;
        }
        // Only progress lists again at once: a file that fails every time
        // stays in new/ and waits for the poll, not a busy loop.
        if taken_any {
            continue;
        }
        tokio::select! {
            _ = tokio::time::sleep(settings.poll_every) => {}
            _ = bell.notified() => {}
            _ = stop.changed() => {}
        }
    }
}

/// Rings `bell` when a file lands in `new/` (created or moved in, as
/// delivery agents do), so that a move by mail is answered when it is
/// delivered, not at the next poll. A bell rung while a pass runs is kept
/// (`Notify` stores one permit), so nothing delivered meanwhile is missed.
/// Files leaving `new/` (ours, moved to `cur/`) do not ring. `None`, with a
/// warning, where the system gives no watch (inotify's limit reached, a
/// file system without change events): the poll alone serves then.
fn watch(dir: &Path, bell: Arc<Notify>) -> Option<notify::RecommendedWatcher> {
    use notify::event::{EventKind, ModifyKind, RenameMode};
    use notify::{RecursiveMode, Watcher};
    let rings = |kind: &EventKind| match kind {
        EventKind::Create(_) | EventKind::Any | EventKind::Other => true,
        EventKind::Modify(ModifyKind::Name(mode)) => *mode != RenameMode::From,
        _ => false,
    };
    let watched = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        // An error (the event queue overflowed, say) may hide a delivery.
        if event.as_ref().map_or(true, |e| rings(&e.kind)) {
            bell.notify_one();
        }
    })
    .and_then(|mut w| {
        w.watch(&dir.join("new"), RecursiveMode::NonRecursive)?;
        Ok(w)
    });
    match watched {
        Ok(w) => Some(w),
        Err(e) => {
            tracing::warn!(maildir = %dir.display(), error = %e, "no change events for new/: polling only");
            None
        }
    }
}

/// Reads a mail file: its size is checked before reading, so an oversized
/// mail is read only as far as its evidence goes.
fn read(file: &Path, max_size: usize) -> io::Result<ReadMail> {
    let opened = crate::transport::files::open_regular(file)?;
    let size = opened.metadata()?.len();
    read_bounded(opened, Some(size), max_size)
}

/// The files of one batch, read.
#[derive(Default)]
struct Gathered {
    files: Vec<PathBuf>,
    mails: Batched,
}

/// Reads waiting files until a batch is full or none waits.
fn gather(inbox: &Inbox, waiting: &mut impl Iterator<Item = PathBuf>) -> Gathered {
    let mut batch = Gathered::default();
    while !batch.mails.full()
        && let Some(file) = waiting.next()
    {
        match read(&file, inbox.policy.max_size) {
            Ok(mail) => {
                batch.files.push(file);
                batch.mails.push(mail);
            }
            // Taken by someone else meanwhile: not ours to process.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                let e = format!("{}: {e}", file.display());
                tracing::warn!(error = %e, "Maildir input");
                inbox.port.metrics.error(&e);
            }
        }
    }
    batch
}

/// Processes a batch of files in one transaction, and moves each processed
/// one to `cur/` after the commit. Returns how many left `new/`.
async fn take(inbox: Inbox, dir: PathBuf, Gathered { files, mails }: Gathered) -> usize {
    if files.is_empty() {
        return 0;
    }
    // Nothing committed (logged by the port): every file stays in new/.
    let Ok(results) = inbox.mails(mails.into_mails()).await else {
        return 0;
    };
    let mut moved = 0;
    for (file, result) in files.iter().zip(results) {
        if result.is_err() {
            continue;
        }
        match accept(&dir, file) {
            Ok(()) => moved += 1,
            // Processed but still in new/: the next pass finds it a duplicate.
            Err(e) => inbox
                .port
                .metrics
                .error(&format!("{}: {e}", file.display())),
        }
    }
    moved
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pending_is_sorted_and_skips_dot_files_then_accept_moves_to_cur() {
        let dir = tempfile::tempdir().unwrap();
        create(dir.path()).unwrap();
        for name in ["200.b", "100.a", ".300.tmp"] {
            std::fs::write(dir.path().join("new").join(name), "x").unwrap();
        }
        let files = pending(dir.path()).unwrap();
        let names: Vec<_> = files
            .iter()
            .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["100.a", "200.b"]);
        accept(dir.path(), &files[0]).unwrap();
        assert!(dir.path().join("cur/100.a:2,S").exists());
        assert_eq!(pending(dir.path()).unwrap().len(), 1);
    }

    /// Issue 12: the size is known from the file before it is read, and an
    /// oversized mail is read only as far as its evidence.
    #[test]
    fn an_oversized_mail_file_is_read_only_as_far_as_its_evidence() {
        use crate::transport::email::receive::EVIDENCE_BYTES;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("big");
        std::fs::write(&file, vec![b'x'; 2_000_000]).unwrap();
        let mail = read(&file, 100_000).unwrap();
        assert_eq!((mail.bytes.len(), mail.size), (EVIDENCE_BYTES, 2_000_000));
        let mail = read(&file, 2_000_000).unwrap();
        assert_eq!((mail.bytes.len(), mail.size), (2_000_000, 2_000_000));
    }

    #[test]
    fn existing_flags_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        create(dir.path()).unwrap();
        let f = dir.path().join("new/1.x:2,F");
        std::fs::write(&f, "x").unwrap();
        accept(dir.path(), &f).unwrap();
        assert!(dir.path().join("cur/1.x:2,FS").exists());
    }
}
