//! Runs one solver process: in its own process group (so a solver that forks helpers, such as
//! `minizinc` starting `fzn-gecode`, is killed whole at the deadline), in a given working folder,
//! standard output and error into files, with its wall time and peak memory.
//!
//! **Peak memory.** The child is reaped with `wait4`, whose resource usage is that child's alone
//! (and its waited-for descendants'), so concurrent solvers on other worker threads do not mix into
//! each other's numbers as `getrusage(RUSAGE_CHILDREN)` would. But Linux carries the spawning
//! process's high-water mark into the child at `exec` (the `ru_maxrss` of a child of a 40 MB
//! process is at least 40 MB, even for `/bin/true`). So: when `ru_maxrss` is above our own
//! high-water mark it is the solver's true peak; otherwise the solver stayed below it, and the
//! peak is the largest `VmHWM` of the solver process sampled while it ran (every 1–50 ms; growth in
//! its last moments, or in helper processes, can be missed there).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The environment variable that tags every process of one solver run (`PID-K` of gridreduce).
pub const RUN_TAG: &str = "GRIDREDUCE_SOLVER_RUN";

/// Kills (SIGKILL) every process whose environment carries `RUN_TAG=tag`: the helpers of a
/// timed-out solver that left its process group with `setsid`, which the group kill misses. Read
/// from `/proc/PID/environ`, which shows the environment a process started with; only at the
/// deadline (a scan costs a read per process of the machine).
#[cfg(unix)]
fn kill_tagged(tag: &str) {
    let wanted = format!("{RUN_TAG}={tag}");
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return;
    };
    let me = std::process::id();
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == me {
            continue;
        }
        let Ok(environ) = std::fs::read(entry.path().join("environ")) else {
            continue;
        };
        if environ.split(|&b| b == 0).any(|v| v == wanted.as_bytes()) {
            // SAFETY: signalling a process of the solver run we started.
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
        }
    }
}

/// How the process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// It exited with this code.
    Code(i32),
    /// A signal killed it (not ours).
    Signal(i32),
    /// We killed its process group at the deadline.
    TimedOut,
}

/// One finished run.
#[derive(Clone, Copy, Debug)]
pub struct Finished {
    pub exit: Exit,
    pub seconds: f64,
    /// Peak resident set size, in KiB (`ru_maxrss`).
    pub peak_kb: u64,
}

/// Runs `argv` in `dir` with standard output into `stdout` and standard error into `stderr`,
/// killed (its whole process group) once `limit` has passed. `Err`: it could not be started.
#[cfg(unix)]
pub fn run(
    argv: &[String],
    dir: &Path,
    stdout: &Path,
    stderr: &Path,
    limit: Option<Duration>,
) -> std::io::Result<Finished> {
    use std::os::unix::process::CommandExt;
    let (program, args) = argv
        .split_first()
        .ok_or_else(|| std::io::Error::other("empty command"))?;
    let start = Instant::now();
    // Every process of this run carries the tag in its environment, so that one that left the
    // process group (`setsid`) is still found and killed at the deadline.
    static RUNS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let tag = format!(
        "{}-{}",
        std::process::id(),
        RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    );
    // `sh` changes into `dir` and execs the solver, rather than `Command::current_dir`: with a
    // working folder std forks a copy of this (large) process, whose resident pages would count in
    // the child's peak memory; without one it uses `posix_spawn`, which shares them until exec.
    //
    // The shell waits for a `go` line on its stdin before it starts the solver (whose stdin is then
    // /dev/null): a signal that lands between the spawn and the registration of the group below
    // ends gridreduce, closes the pipe, and the shell exits at end of file without starting
    // anything, so no solver outlives an interrupted run.
    let mut child = Command::new("/bin/sh")
        .arg("-c")
        .arg("IFS= read -r go && [ \"$go\" = go ] && cd -- \"$0\" && exec \"$@\" </dev/null")
        .arg(dir)
        .arg(program)
        .args(args)
        .env(RUN_TAG, &tag)
        .stdin(Stdio::piped())
        .stdout(std::fs::File::create(stdout)?)
        .stderr(std::fs::File::create(stderr)?)
        .process_group(0)
        .spawn()?;
    let pid = libc::pid_t::try_from(child.id()).map_err(std::io::Error::other)?;
    // Killed whole if gridreduce is interrupted (SIGINT, SIGTERM, SIGHUP, SIGQUIT): in a group of
    // its own, the solver would not get the terminal's Ctrl-C and would run on.
    let _group = crate::cleanup::register_group(pid);
    if let Some(mut go) = child.stdin.take() {
        use std::io::Write as _;
        // A shell that is already gone (killed from outside) is found by the wait below.
        let _ = go.write_all(b"go\n");
    }
    let deadline = limit.map(|l| start + l);
    let mut pause = Duration::from_millis(1);
    let mut timed_out = false;
    let mut sampled = 0u64;
    loop {
        // Whether the child has ended, without reaping it: while it is an unreaped zombie its pid
        // (and so its process group id) cannot be reused, so killing the group below can only hit
        // the solver's own helpers.
        // SAFETY: a zeroed siginfo_t is valid; waitid fills it (si_pid stays 0 when nothing ended).
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let flags = libc::WEXITED | libc::WNOWAIT | if timed_out { 0 } else { libc::WNOHANG };
        // SAFETY: pid is our own child, never waited on by std; info is a valid pointer.
        let r = unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) };
        // SAFETY: si_pid reads the field waitid set for an ended child (0 otherwise).
        if r == 0 && unsafe { info.si_pid() } == pid {
            let seconds = start.elapsed().as_secs_f64();
            // Helpers left in the group (a solver's forked workers) go with it, and at the deadline
            // also those that left the group.
            // SAFETY: signalling the group of our own unreaped child.
            unsafe { libc::kill(-pid, libc::SIGKILL) };
            if timed_out {
                kill_tagged(&tag);
            }
            let mut status: libc::c_int = 0;
            // SAFETY: a zeroed rusage is a valid value to be overwritten by wait4.
            let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
            // SAFETY: reaps our ended child; status and usage are valid pointers.
            while unsafe { libc::wait4(pid, &mut status, 0, &mut usage) } < 0 {
                let e = std::io::Error::last_os_error();
                if e.kind() != std::io::ErrorKind::Interrupted {
                    return Err(e);
                }
            }
            let exit = if timed_out {
                Exit::TimedOut
            } else if libc::WIFEXITED(status) {
                Exit::Code(libc::WEXITSTATUS(status))
            } else {
                Exit::Signal(libc::WTERMSIG(status))
            };
            let reported = u64::try_from(usage.ru_maxrss).unwrap_or(0);
            let inherited = high_water_kb("self").unwrap_or(u64::MAX);
            return Ok(Finished {
                exit,
                seconds,
                peak_kb: if reported > inherited {
                    reported
                } else {
                    sampled
                },
            });
        }
        if r < 0 {
            let e = std::io::Error::last_os_error();
            if e.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        if let Some(d) = deadline
            && Instant::now() >= d
        {
            // SAFETY: the group the child leads (process_group(0) made its pgid its pid).
            unsafe { libc::kill(-pid, libc::SIGKILL) };
            kill_tagged(&tag);
            timed_out = true;
            continue;
        }
        if let Some(kb) = high_water_kb(&pid.to_string()) {
            sampled = sampled.max(kb);
        }
        // Polled with a growing pause (at most 50 ms): the cost of a deadline without a thread
        // per solver.
        let sleep = deadline.map_or(pause, |d| {
            pause.min(d.saturating_duration_since(Instant::now()))
        });
        std::thread::sleep(sleep);
        pause = (pause * 2).min(Duration::from_millis(50));
    }
}

/// `VmHWM` of `/proc/<process>/status`, in KiB (`None` when unreadable, e.g. not Linux).
fn high_water_kb(process: &str) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{process}/status")).ok()?;
    let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(not(unix))]
pub fn run(
    _argv: &[String],
    _dir: &Path,
    _stdout: &Path,
    _stderr: &Path,
    _limit: Option<Duration>,
) -> std::io::Result<Finished> {
    Err(std::io::Error::other(
        "external solvers are run on Unix only",
    ))
}
