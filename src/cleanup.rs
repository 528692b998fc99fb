//! Files to remove if the process is interrupted: the temp files `formats::write_atomic` has in
//! flight and `run`'s lock. On SIGINT or SIGTERM they are removed and the process exits with
//! 128 + the signal number (130, 143), like a shell reports a killed command — instead of dying
//! with hundreds of megabytes of `.gridreduce-*.tmp` left behind (issue 19).
//!
//! How: [`install_signal_handler`] blocks the two signals in the main thread before any other
//! thread starts (so every thread inherits the mask) and waits for them with `sigwait` in a thread
//! of its own, where ordinary code may run: no async-signal-safety limits. Child processes get a
//! clean mask (the standard library resets it when it spawns), so external solvers still see the
//! signals. Without the handler (library use, tests) registering costs a mutex and does nothing
//! else.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The registered paths, each with the id its [`Registered`] guard removes it by.
static PATHS: Mutex<Vec<(u64, PathBuf)>> = Mutex::new(Vec::new());
static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Keeps a path registered for removal on interrupt; dropping it unregisters the path (it does
/// not remove the file: the owner has renamed it, or removes it itself).
pub struct Registered(u64);

/// Registers `path` for removal if the process is interrupted while the guard lives.
pub fn register(path: &Path) -> Registered {
    let id = NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    PATHS
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .push((id, path.to_path_buf()));
    Registered(id)
}

impl Drop for Registered {
    fn drop(&mut self) {
        PATHS
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .retain(|(id, _)| *id != self.0);
    }
}

/// Removes every registered file and exits with `128 + signal`. Holds the registry's lock to the
/// end, so no thread can register or rename-and-unregister meanwhile (a temp file already renamed
/// is simply no longer there to remove).
fn remove_all_and_exit(signal: i32) -> ! {
    let paths = PATHS.lock().unwrap_or_else(|p| p.into_inner());
    for (_, path) in paths.iter() {
        let _ = std::fs::remove_file(path);
    }
    std::process::exit(128 + signal);
}

/// Blocks SIGINT and SIGTERM and starts the thread that handles them. Call first thing in `main`,
/// before any other thread exists.
#[cfg(unix)]
pub fn install_signal_handler() {
    // SAFETY: plain libc calls on a signal set we own; called before other threads start.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGINT);
        libc::sigaddset(&mut set, libc::SIGTERM);
        if libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) != 0 {
            return;
        }
        let spawned = std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                loop {
                    let mut signal: libc::c_int = 0;
                    if libc::sigwait(&set, &mut signal) == 0 {
                        remove_all_and_exit(signal);
                    }
                }
            });
        if spawned.is_err() {
            // No handler thread: unblock, so the signals keep their default effect.
            libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        }
    }
}

#[cfg(not(unix))]
pub fn install_signal_handler() {}

/// For the signal and kill tests (`tests/reliability.rs`, `tests/pipelines.rs`): when
/// `GRIDREDUCE_TEST_HOLD` names a file, the K-th temp file in flight (`GRIDREDUCE_TEST_HOLD_AT`,
/// default 1) creates it and every thread that reaches this point from then on waits here for
/// ever, so a test can signal or kill the process at a known point: no sleeps, and no race with a
/// fast machine (the process cannot finish). Unset, a no-op.
pub fn test_hold_point() {
    static WRITES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let Some(marker) = std::env::var_os("GRIDREDUCE_TEST_HOLD") else {
        return;
    };
    let at: usize = std::env::var("GRIDREDUCE_TEST_HOLD_AT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let k = WRITES.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
    if k >= at && std::fs::write(&marker, b"holding\n").is_ok() {
        loop {
            std::thread::park();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guards_unregister_their_own_path_only() {
        let a = register(Path::new("/nonexistent/a"));
        let b = register(Path::new("/nonexistent/b"));
        drop(a);
        let left: Vec<PathBuf> = PATHS
            .lock()
            .unwrap()
            .iter()
            .map(|(_, p)| p.clone())
            .collect();
        assert!(left.contains(&PathBuf::from("/nonexistent/b")));
        assert!(!left.contains(&PathBuf::from("/nonexistent/a")));
        drop(b);
    }
}
