//! Files to remove if the process is interrupted: the temp files `formats::write_atomic` has in
//! flight and `run`'s lock. On SIGINT, SIGTERM, SIGHUP or SIGQUIT they are removed and the
//! process exits with 128 + the signal number (130, 143, 129, 131), like a shell reports a killed
//! command — instead of dying
//! with hundreds of megabytes of `.gridreduce-*.tmp` left behind (issue 19).
//!
//! How: each registered path is held as a C string in one of [`SLOTS`] lock-free slots, so that
//! the handler [`install_signal_handler`] installs can remove the files itself with nothing but
//! async-signal-safe calls (atomic loads, `unlink`, `_exit`). A guard that unregisters its path
//! frees the string only while no handler has started; once one has, the string is left for the
//! handler to read (the process is ending anyway). The two sides meet through sequentially
//! consistent atomics: a handler either sees a slot's path before the owner empties it (and the
//! owner then sees the handler and does not free it) or sees the slot already empty.
//!
//! No watcher thread removes the files in ordinary code (the handler writing the signal's number
//! to a pipe for it): such a thread, started with the first registration, cost about 0.8 ms
//! of every run that wrote a file (its stack and malloc arena; `hcp solve graph2.hcp -o tour`
//! took 3.9 ms of wall time with it and 3.0 ms without, `perf stat -r 500`), a third of the whole
//! run on a small graph (docs/hcp-solver.md). Child processes get the default dispositions back
//! when they exec, so external solvers still see the signals. Without the handler (library use,
//! tests) registering costs a slot and nothing else.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicPtr, Ordering};

/// How many paths can be registered at once: one temp file per thread writing output, plus
/// `run`'s lock. A registration beyond it waits for a slot to free (no code path holds more than
/// two guards per thread, so that wait cannot last).
pub const SLOTS: usize = 1024;

/// The registered paths as NUL-terminated strings (`CString::into_raw`); null: free.
static PATHS: [AtomicPtr<libc::c_char>; SLOTS] =
    [const { AtomicPtr::new(std::ptr::null_mut()) }; SLOTS];

/// Set by the handler before it reads any slot; from then on nobody frees a path string.
static REMOVING: AtomicBool = AtomicBool::new(false);

/// Process groups of running external solvers (`external::process`), killed by the handler: 0
/// is a free slot. A solver runs in its own group (so the deadline kills it whole), which also
/// keeps it from the terminal's Ctrl-C, so without this it went on running after `run` ended.
static GROUPS: [std::sync::atomic::AtomicI32; SLOTS] =
    [const { std::sync::atomic::AtomicI32::new(0) }; SLOTS];

/// Keeps a process group registered for killing on interrupt; dropping it unregisters it.
pub struct RegisteredGroup(usize);

/// Registers the process group `pgid` to be killed (SIGKILL) if this process is interrupted
/// while the guard lives.
pub fn register_group(pgid: i32) -> RegisteredGroup {
    loop {
        for (i, slot) in GROUPS.iter().enumerate() {
            if slot
                .compare_exchange(0, pgid, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
            {
                return RegisteredGroup(i);
            }
        }
        std::thread::yield_now();
    }
}

impl Drop for RegisteredGroup {
    fn drop(&mut self) {
        GROUPS[self.0].store(0, Ordering::SeqCst);
    }
}

/// Keeps a path registered for removal on interrupt; dropping it unregisters the path (it does
/// not remove the file: the owner has renamed it, or removes it itself).
pub struct Registered(usize);

/// Registers `path` for removal if the process is interrupted while the guard lives.
pub fn register(path: &Path) -> Registered {
    #[cfg(unix)]
    let bytes = std::os::unix::ffi::OsStrExt::as_bytes(path.as_os_str()).to_vec();
    #[cfg(not(unix))]
    let bytes = path.to_string_lossy().into_owned().into_bytes();
    // A path from the OS has no interior NUL; should one appear, its registration is a no-op
    // slot holding an empty name, which `unlink` refuses harmlessly.
    let name = std::ffi::CString::new(bytes).unwrap_or_default();
    let raw = name.into_raw();
    loop {
        for (i, slot) in PATHS.iter().enumerate() {
            if slot
                .compare_exchange(
                    std::ptr::null_mut(),
                    raw,
                    Ordering::SeqCst,
                    Ordering::SeqCst,
                )
                .is_ok()
            {
                return Registered(i);
            }
        }
        std::thread::yield_now();
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        let raw = PATHS[self.0].swap(std::ptr::null_mut(), Ordering::SeqCst);
        if !raw.is_null() && !REMOVING.load(Ordering::SeqCst) {
            // SAFETY: `raw` came from `CString::into_raw` in `register`, and no handler can read
            // it: the slot is empty, and a handler that read it before would have set REMOVING
            // first.
            drop(unsafe { std::ffi::CString::from_raw(raw) });
        }
    }
}

/// The handler: kills every registered solver group, removes every registered file and folder,
/// and exits with `128 + signal`, using only
/// async-signal-safe calls (atomic operations, `unlink`, `_exit`). A temp file renamed meanwhile
/// is simply no longer there to remove.
#[cfg(unix)]
extern "C" fn on_signal(signal: libc::c_int) {
    REMOVING.store(true, Ordering::SeqCst);
    // The solvers first, so that none writes into a folder being emptied.
    for slot in &GROUPS {
        let pgid = slot.load(Ordering::SeqCst);
        if pgid > 0 {
            // SAFETY: kill is async-signal-safe; the group is a solver's we started.
            unsafe { libc::kill(-pgid, libc::SIGKILL) };
        }
    }
    // Files, then folders (a scratch folder registered before the files in it): unlink fails
    // harmlessly on a folder, rmdir on a file.
    for pass in 0..2 {
        for slot in &PATHS {
            let raw = slot.load(Ordering::SeqCst);
            if !raw.is_null() {
                // SAFETY: a NUL-terminated string that nobody frees once REMOVING is set.
                unsafe {
                    if pass == 0 {
                        libc::unlink(raw);
                    } else {
                        libc::rmdir(raw);
                    }
                }
            }
        }
    }
    // SAFETY: `_exit` is async-signal-safe.
    unsafe { libc::_exit(128 + signal) };
}

/// Installs the handler of SIGINT, SIGTERM, SIGHUP and SIGQUIT (see the module docs; exit codes
/// 130, 143, 129, 131). Call first thing in `main`.
#[cfg(unix)]
pub fn install_signal_handler() {
    // SAFETY: plain libc calls on memory we own.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_signal as *const () as libc::sighandler_t;
        action.sa_flags = libc::SA_RESTART;
        libc::sigemptyset(&mut action.sa_mask);
        // SIGHUP: the terminal closed or the ssh session dropped; SIGQUIT: Ctrl-\.
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT] {
            libc::sigaction(signal, &action, std::ptr::null_mut());
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

    /// The path a live guard registered, read from its own slot only: another test's guard may
    /// free its string at any moment, so no other slot's string is ever read here.
    fn path_of(guard: &Registered) -> String {
        let raw = PATHS[guard.0].load(Ordering::SeqCst);
        assert!(!raw.is_null(), "a live guard's slot is empty");
        // SAFETY: the guard is alive, so its string is registered and not freed.
        unsafe { std::ffi::CStr::from_ptr(raw) }
            .to_string_lossy()
            .into_owned()
    }

    /// A guard's slot and the string it holds, to check after the guard is dropped that the slot
    /// no longer holds that string (compared by address, never read).
    fn held(guard: &Registered) -> (usize, *mut libc::c_char) {
        (guard.0, PATHS[guard.0].load(Ordering::SeqCst))
    }

    fn still_held((slot, raw): (usize, *mut libc::c_char)) -> bool {
        PATHS[slot].load(Ordering::SeqCst) == raw
    }

    #[test]
    fn guards_unregister_their_own_path_only() {
        let a = register(Path::new("/nonexistent/a"));
        let b = register(Path::new("/nonexistent/b"));
        assert_eq!(path_of(&a), "/nonexistent/a");
        assert_eq!(path_of(&b), "/nonexistent/b");
        let (was_a, was_b) = (held(&a), held(&b));
        drop(a);
        assert!(!still_held(was_a));
        assert!(still_held(was_b));
        assert_eq!(path_of(&b), "/nonexistent/b");
        drop(b);
        assert!(!still_held(was_b));
    }

    /// More guards alive at once than one thread ever holds, from several threads: each gets a
    /// slot of its own (its own path reads back from it) and gives it back. Every thread has
    /// registered before any drops, and every one has dropped before any checks its slots are
    /// empty, so no thread of the test registers into a slot another is checking.
    #[test]
    fn many_guards_from_many_threads() {
        let step = std::sync::Barrier::new(4);
        std::thread::scope(|scope| {
            for t in 0..4 {
                let step = &step;
                scope.spawn(move || {
                    let names: Vec<String> =
                        (0..50).map(|i| format!("/nonexistent/t{t}-{i}")).collect();
                    let guards: Vec<Registered> =
                        names.iter().map(|n| register(Path::new(n))).collect();
                    step.wait();
                    for (guard, name) in guards.iter().zip(&names) {
                        assert_eq!(&path_of(guard), name);
                    }
                    let was: Vec<_> = guards.iter().map(held).collect();
                    drop(guards);
                    step.wait();
                    assert!(was.into_iter().all(|w| !still_held(w)));
                });
            }
        });
    }
}
