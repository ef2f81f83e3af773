//! Kills: where each landed, and the report of a run's kills.

use super::*;

/// Where a kill landed.
///
/// Judged by what the store shows after the kill: a commit whose WAL frames
/// were written counts as done even if its fsync had not returned, since
/// they are in the page cache and survive the death of the process (a power
/// cut is another matter, and not tested here).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Landed {
    /// Before the driver began submitting (start-up, opening the store).
    Startup,
    /// In the submission of a message processed in an earlier run.
    Resubmission,
    /// In the submission, before its transaction (journal entry and
    /// processing together) committed; for a `ccgate` process, also its
    /// start-up.
    BeforeJournalCommit,
    /// Journaled without outcome: impossible since journal and processing
    /// commit together, and asserted never to happen.
    JournaledNotProcessed,
    /// The processing committed, the submission not yet returned.
    AfterProcessingCommit,
    /// Between two submissions, or the process had already exited.
    Between,
}

pub(super) struct Kill {
    pub(super) run: usize,
    pub(super) target: usize,
    pub(super) delay: Duration,
    pub(super) landed_at: usize,
    pub(super) landed: Landed,
    /// The process was still running when SIGKILL arrived.
    pub(super) alive: bool,
}

pub(super) fn classify(db: &Db, m: &Msg, processed_before: bool) -> Landed {
    if processed_before {
        return Landed::Resubmission;
    }
    match db.journal_state(m) {
        None => Landed::BeforeJournalCommit,
        Some(None) => Landed::JournaledNotProcessed,
        Some(Some(_)) => Landed::AfterProcessingCommit,
    }
}

pub(super) fn median(durations: &[Duration], default: Duration) -> Duration {
    if durations.len() < 3 {
        return default;
    }
    let mut d = durations.to_vec();
    d.sort_unstable();
    d[d.len() / 2]
}

pub(super) fn report(title: &str, kills: &[Kill], runs: usize, elapsed: Duration) {
    let mut out = format!(
        "\n{title}: {} kills in {runs} runs, {:.1} s\n",
        kills.len(),
        elapsed.as_secs_f64()
    );
    out.push_str("  run  target  delay(us)  landed  alive  where\n");
    for k in kills {
        out.push_str(&format!(
            "  {:>3}  {:>6}  {:>9}  {:>6}  {:>5}  {:?}\n",
            k.run,
            k.target,
            k.delay.as_micros(),
            k.landed_at,
            k.alive,
            k.landed
        ));
    }
    let mut counts: BTreeMap<Landed, usize> = BTreeMap::new();
    for k in kills {
        *counts.entry(k.landed).or_default() += 1;
    }
    out.push_str(&format!("  where the kills landed: {counts:?}\n"));
    out.push_str(&format!(
        "  killed while running: {}\n",
        kills.iter().filter(|k| k.alive).count()
    ));
    eprint!("{out}");
}

pub(super) fn work_dir() -> tempfile::TempDir {
    // On the project's disk (CARGO_TARGET_TMPDIR is under target/).
    tempfile::Builder::new()
        .prefix("crash-")
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .expect("tempdir")
}
