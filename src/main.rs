//! The `gridreduce` command: parses arguments, calls the library, maps results to exit codes
//! (0 success, 1 a check failed, 2 bad input of any kind, 3 no answer within the time limit).
//! Errors print as one line on stderr.

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether descriptor 1 was closed when the process started (`gridreduce … >&-`): checked by a
/// constructor that runs before Rust's runtime, which puts `/dev/null` on a closed descriptor and
/// so hides it (gridreduce::stdio).
static STDOUT_CLOSED_AT_START: AtomicBool = AtomicBool::new(false);

#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static CHECK_STDOUT_AT_START: extern "C" fn() = {
    extern "C" fn check() {
        // SAFETY: F_GETFD only asks whether descriptor 1 is open.
        if unsafe { libc::fcntl(1, libc::F_GETFD) } == -1 {
            STDOUT_CLOSED_AT_START.store(true, Ordering::Relaxed);
        }
    }
    check
};

fn main() -> ExitCode {
    // Like other Unix tools, stop quietly when the reader of stdout goes away (`| head`) instead of
    // panicking on the first failed print.
    #[cfg(unix)]
    // SAFETY: resetting a signal disposition to its default before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        // A write past `ulimit -f` must become the write error every command already reports as
        // one line with exit code 2 (and its temp file removed), not a silent death by SIGXFSZ.
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
    if STDOUT_CLOSED_AT_START.load(Ordering::Relaxed) {
        gridreduce::stdio::stdout_was_closed();
    }
    // No output replaces a file this process read (gridreduce::formats::inputs).
    gridreduce::formats::inputs::protect();
    // Before any thread starts: SIGINT/SIGTERM remove the temp files in flight, then exit 130/143.
    gridreduce::cleanup::install_signal_handler();
    let cli = gridreduce::cli::parse();
    // What stdout still buffers is part of the results: a failure to flush it fails the command.
    match gridreduce::cli::run(cli).and_then(|code| gridreduce::stdio::flush().map(|()| code)) {
        Ok(code) => code,
        Err(e) => {
            gridreduce::stdio::eprint(format_args!("gridreduce: {e}\n"));
            ExitCode::from(e.exit_code())
        }
    }
}
