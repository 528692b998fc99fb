//! The `gridreduce` command: parses arguments, calls the library, maps results to exit codes
//! (0 success, 1 a check failed, 2 bad input of any kind, 3 no answer within the time limit).
//! Errors print as one line on stderr.

use std::process::ExitCode;

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
    // Before any thread starts: SIGINT/SIGTERM remove the temp files in flight, then exit 130/143.
    gridreduce::cleanup::install_signal_handler();
    let cli = gridreduce::cli::parse();
    match gridreduce::cli::run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("gridreduce: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
