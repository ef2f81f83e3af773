use std::process::ExitCode;

fn main() -> ExitCode {
    few_malloc_arenas();
    ccgate::cli::run()
}

/// glibc gives each thread that allocates while another holds an arena an
/// arena of its own, up to eight per core; the daemon's threads (runtime
/// workers, the store's and the outbox's blocking threads) then each keep
/// a batch's worth of freed memory. Two arenas keep the peak of a
/// 1,000-mail burst at 26.7–27.6 MiB instead of 28.0–29.2, and it ran no
/// slower (bench/README.md).
fn few_malloc_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: called first thing, before any other thread exists; mallopt
    // only sets a limit for arenas made from now on.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
}
