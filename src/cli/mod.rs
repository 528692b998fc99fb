//! The command line: one file per command. Each command returns its exit code (0 or 1) or an
//! [`Error`](crate::Error), which `main` prints as one line with exit code 2.

pub mod count;
pub mod decode;
pub mod demo;
pub mod explore;
pub mod generate;
pub mod hcp;
pub mod hcp_solve;
pub mod help_markdown;
pub mod info;
pub mod input;
pub mod merge;
pub mod plot;
pub mod reduce;
pub mod route_args;
pub mod run;
pub mod show;
pub mod solve;
pub mod solvers;
pub mod stats;
pub mod verify;

use crate::error::Result;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "gridreduce",
    version,
    about = "Reduce Sudoku and Suguru puzzles to Hamiltonian cycle, CNF and ILP; decode solver output; size statistics",
    long_about = None,
    after_help = "Exit codes: 0 success, 1 a check failed (e.g. an invalid solution), 2 bad input, 3 no answer\nwithin --time-limit.\n\nExample:\n  gridreduce verify data/suguru/backtrack-180.txt"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Refuse, with one line and exit code 2, a puzzle whose instance (and solver) would need
    /// more memory than SIZE (e.g. 8G, 512M), estimated before building; default half of the
    /// machine's physical memory.
    #[arg(long, global = true, value_name = "SIZE", value_parser = crate::memory::parse_size)]
    pub memory_limit: Option<u64>,
    /// Flush every output file to the disk (fsync) before renaming it into place, so that it also
    /// survives a power loss; without it a file is still written whole or not at all.
    #[arg(long, global = true)]
    pub sync: bool,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    Demo(demo::Args),
    Verify(verify::Args),
    Show(show::Args),
    Info(info::Args),
    Solve(solve::Args),
    Count(count::Args),
    Plot(plot::Args),
    Hcp(hcp::Args),
    Generate(generate::Args),
    Reduce(reduce::Args),
    Decode(decode::Args),
    Stats(stats::Args),
    Explore(explore::Args),
    Run(run::Args),
    Merge(merge::Args),
    Solvers(solvers::Args),
    #[command(hide = true)]
    HelpMarkdown(help_markdown::Args),
}

pub fn run(cli: Cli) -> Result<ExitCode> {
    if let Some(bytes) = cli.memory_limit {
        crate::memory::set_limit(bytes);
    }
    crate::formats::atomic::set_sync(cli.sync);
    match cli.command {
        Command::Demo(a) => demo::run(a),
        Command::Verify(a) => verify::run(a),
        Command::Show(a) => show::run(a),
        Command::Info(a) => info::run(a),
        Command::Solve(a) => solve::run(a),
        Command::Count(a) => count::run(a),
        Command::Plot(a) => plot::run(a),
        Command::Hcp(a) => hcp::run(a),
        Command::Generate(a) => generate::run(a),
        Command::Reduce(a) => reduce::run(a),
        Command::Decode(a) => decode::run(a),
        Command::Stats(a) => stats::run(a),
        Command::Explore(a) => explore::run(a),
        Command::Run(a) => run::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Solvers(a) => solvers::run(a),
        Command::HelpMarkdown(a) => help_markdown::run(a),
    }
}
