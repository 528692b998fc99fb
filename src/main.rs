//! The `gridreduce` command: parses arguments, calls the library, maps results to exit codes
//! (0 success, 1 a check failed, 2 bad input of any kind). Errors print as one line on stderr.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = gridreduce::cli::Cli::parse();
    match gridreduce::cli::run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("gridreduce: {e}");
            ExitCode::from(2)
        }
    }
}
