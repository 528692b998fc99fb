//! Files to remove if the process is interrupted: the temp files `formats::write_atomic` has in
//! flight and `run`'s lock. On SIGINT or SIGTERM they are removed and the process exits with
//! 128 + the signal number (130, 143), like a shell reports a killed command — instead of dying
//! with hundreds of megabytes of `.gridreduce-*.tmp` left behind (issue 19).
//!
//! How: [`install_signal_handler`] installs a handler for the two signals that does only what is
//! async-signal-safe: while nothing has ever been registered it exits at once (`_exit`, nothing to
//! remove); otherwise it writes the signal's number to a pipe. A watcher thread, started with the
//! first [`register`], reads the pipe and removes the files in ordinary code, with no
//! async-signal-safety limits (the self-pipe trick). The thread starts lazily because most runs
//! never write a file: a thread costs about a quarter of a millisecond of start-up, a tenth of the
//! whole run of `hcp solve` on a small graph (docs/hcp-solver.md). Child processes get the default
//! dispositions back when they exec, so external solvers still see the signals. Without the
//! handler (library use, tests) registering costs a mutex and does nothing else.

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
    start_watcher();
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

/// The pipe's write end, or -1 while no handler is installed.
#[cfg(unix)]
static PIPE_WRITE: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(-1);
/// The pipe's read end, for the watcher.
#[cfg(unix)]
static PIPE_READ: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(-1);
/// Whether the watcher thread runs (set before the first path is registered).
#[cfg(unix)]
static WATCHING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The handler: async-signal-safe calls only (atomic loads, `write`, `_exit`).
#[cfg(unix)]
extern "C" fn on_signal(signal: libc::c_int) {
    use std::sync::atomic::Ordering;
    if !WATCHING.load(Ordering::Acquire) {
        // Nothing was ever registered, so nothing to remove.
        // SAFETY: `_exit` is async-signal-safe.
        unsafe { libc::_exit(128 + signal) };
    }
    let byte = signal as u8;
    // SAFETY: `write` is async-signal-safe; the fd is the pipe's write end, open for the process's
    // life. If it fails there is nothing a handler could do about it.
    unsafe {
        libc::write(
            PIPE_WRITE.load(Ordering::Acquire),
            (&byte as *const u8).cast(),
            1,
        );
    }
}

/// Installs the SIGINT/SIGTERM handler (see the module docs). Call first thing in `main`. If the
/// pipe cannot be made, the signals keep their default effect.
#[cfg(unix)]
pub fn install_signal_handler() {
    use std::sync::atomic::Ordering;
    let mut fds = [0 as libc::c_int; 2];
    // SAFETY: plain libc calls on memory we own; the handler is installed only after the pipe
    // exists.
    unsafe {
        if libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) != 0 {
            return;
        }
        PIPE_READ.store(fds[0], Ordering::Release);
        PIPE_WRITE.store(fds[1], Ordering::Release);
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_signal as *const () as libc::sighandler_t;
        action.sa_flags = libc::SA_RESTART;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGINT, &action, std::ptr::null_mut());
        libc::sigaction(libc::SIGTERM, &action, std::ptr::null_mut());
    }
}

/// Starts the watcher thread once, if the handler is installed; from then on a signal removes the
/// registered files. If the thread cannot start, a signal still ends the process (with the files
/// left, as without a handler).
#[cfg(unix)]
fn start_watcher() {
    use std::sync::atomic::Ordering;
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        let read = PIPE_READ.load(Ordering::Acquire);
        if read < 0 {
            return;
        }
        let spawned = std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                loop {
                    let mut byte = 0u8;
                    // SAFETY: reading one byte into memory we own from our own pipe.
                    let got = unsafe { libc::read(read, (&mut byte as *mut u8).cast(), 1) };
                    if got == 1 {
                        remove_all_and_exit(i32::from(byte));
                    }
                    if got == 0
                        || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted
                    {
                        // The pipe failed (it never should): let the handler exit by itself
                        // rather than write to a pipe nobody reads.
                        WATCHING.store(false, Ordering::Release);
                        return;
                    }
                }
            });
        if spawned.is_ok() {
            WATCHING.store(true, Ordering::Release);
        }
    });
}

#[cfg(not(unix))]
fn start_watcher() {}

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
