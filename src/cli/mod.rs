//! The command line: one file per command. Each command returns its exit code (0 or 1) or an
//! [`Error`], which `main` prints as one line with exit code 2.

pub mod check_proof;
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
pub mod targets;
pub mod verify;

use crate::error::{Error, Result};
use std::path::Path;

/// Refuses an `-o OUT` that cannot be a base name: a folder (`somedir/` would give hidden
/// `somedir/.cnf` files) or an existing file that is not a regular one (`-o /dev/null` or
/// `/dev/full` would create `/dev/full.png` as root). `writes` says what the command makes of it
/// (`OUT.png and OUT.svg`). Checked before any work.
pub(crate) fn check_out_base(out: &Path, writes: &str) -> Result<()> {
    let text = out.as_os_str().to_string_lossy();
    let folder = text.ends_with('/') || out.file_name().is_none() || out.is_dir();
    let special = out
        .symlink_metadata()
        .is_ok_and(|m| !m.is_file() && !m.is_dir());
    if folder || special {
        let what = if folder {
            "a folder"
        } else {
            "not a regular file"
        };
        return Err(Error::Usage(format!(
            "-o {text} is {what}; -o takes a base name OUT and writes {writes} (e.g. -o {}puzzle)",
            if folder && text.ends_with('/') {
                &text
            } else {
                "out/"
            }
        )));
    }
    Ok(())
}
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::cell::Cell;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "gridreduce",
    version,
    about = "Reduce grid puzzles (Sudoku, Suguru, Latin squares, puzzles described in a file) to Hamiltonian cycle, CNF, ILP, MiniZinc, OPB, exact cover and QUBO; solve, decode and verify; size statistics",
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
    Demo(Deferred<demo::Args>),
    Verify(Deferred<verify::Args>),
    Show(Deferred<show::Args>),
    Info(Deferred<info::Args>),
    Solve(Deferred<solve::Args>),
    Count(Deferred<count::Args>),
    CheckProof(Deferred<check_proof::Args>),
    Plot(Deferred<plot::Args>),
    Hcp(Deferred<hcp::Args>),
    Generate(Deferred<generate::Args>),
    Reduce(Deferred<reduce::Args>),
    Decode(Deferred<decode::Args>),
    Stats(Deferred<stats::Args>),
    Explore(Deferred<explore::Args>),
    Run(Deferred<run::Args>),
    Merge(Deferred<merge::Args>),
    Solvers(Deferred<solvers::Args>),
    Targets(Deferred<targets::Args>),
    #[command(hide = true)]
    HelpMarkdown(Deferred<help_markdown::Args>),
}

thread_local! {
    /// While set on this thread, [`Deferred`] arguments are added to their subcommand only when
    /// clap builds that subcommand (when it is the one parsed): see [`parse`]. Per thread, so that
    /// a tree built on another thread meanwhile (tests) is always whole.
    static DEFER: Cell<bool> = const { Cell::new(false) };
}

/// Parses the process's arguments. The tree is first built with every subcommand's arguments
/// deferred ([`Deferred`]): only the subcommand named on the command line gets its arguments
/// built. Building all of them (17 commands, the route flags of the registry, the global options
/// copied into each) took 0.6–0.9 ms of every run's start, a third of `hcp solve` on a small graph
/// (docs/hcp-solver.md). When that parse fails, or asks for help or the version, the arguments are
/// parsed again with the whole tree built, so every error, help page and suggestion is exactly the
/// one the whole tree gives (the top-level help lists each command's description, which a
/// deferred command does not have yet).
pub fn parse() -> Cli {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let cli = quick_parse(&args).unwrap_or_else(|_| Cli::parse_from(&args));
    if uses_old_out(&args) {
        eprintln!("gridreduce: --out is now written --output (the old spelling still works)");
    }
    cli
}

/// Whether the command line spells an option the way earlier versions did: `--out` of
/// `reduce`, `run` and `merge`, now `-o/--output` as in every other command.
fn uses_old_out(args: &[std::ffi::OsString]) -> bool {
    args.iter().skip(1).take_while(|a| *a != "--").any(|a| {
        let a = a.to_string_lossy();
        a == "--out" || a.starts_with("--out=")
    })
}

/// The first attempt of [`parse`]: the tree with every subcommand's arguments deferred.
fn quick_parse(args: &[std::ffi::OsString]) -> std::result::Result<Cli, clap::Error> {
    DEFER.set(true);
    let quick = Cli::command()
        .try_get_matches_from(args)
        .and_then(|mut m| Cli::from_arg_matches_mut(&mut m));
    DEFER.set(false);
    quick
}

/// A subcommand's arguments `T`, added to the subcommand through [`clap::Command::defer`] while
/// [`parse`] makes its first, quick attempt, and at once otherwise (help pages, `help-markdown`,
/// tests that build the whole tree).
#[derive(Debug)]
pub struct Deferred<T>(pub T);

impl<T: clap::Args> clap::Args for Deferred<T> {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        if DEFER.get() {
            cmd.defer(T::augment_args)
        } else {
            T::augment_args(cmd)
        }
    }
    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        if DEFER.get() {
            cmd.defer(T::augment_args_for_update)
        } else {
            T::augment_args_for_update(cmd)
        }
    }
}

impl<T: FromArgMatches> FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> std::result::Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }
    fn from_arg_matches_mut(
        matches: &mut clap::ArgMatches,
    ) -> std::result::Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }
    fn update_from_arg_matches(
        &mut self,
        matches: &clap::ArgMatches,
    ) -> std::result::Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }
    fn update_from_arg_matches_mut(
        &mut self,
        matches: &mut clap::ArgMatches,
    ) -> std::result::Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

pub fn run(cli: Cli) -> Result<ExitCode> {
    if let Some(bytes) = cli.memory_limit {
        crate::memory::set_limit(bytes);
    }
    crate::formats::atomic::set_sync(cli.sync);
    match cli.command {
        Command::Demo(a) => demo::run(a.0),
        Command::Verify(a) => verify::run(a.0),
        Command::Show(a) => show::run(a.0),
        Command::Info(a) => info::run(a.0),
        Command::Solve(a) => solve::run(a.0),
        Command::Count(a) => count::run(a.0),
        Command::CheckProof(a) => check_proof::run(a.0),
        Command::Plot(a) => plot::run(a.0),
        Command::Hcp(a) => hcp::run(a.0),
        Command::Generate(a) => generate::run(a.0),
        Command::Reduce(a) => reduce::run(a.0),
        Command::Decode(a) => decode::run(a.0),
        Command::Stats(a) => stats::run(a.0),
        Command::Explore(a) => explore::run(a.0),
        Command::Run(a) => run::run(a.0),
        Command::Merge(a) => merge::run(a.0),
        Command::Solvers(a) => solvers::run(a.0),
        Command::Targets(a) => targets::run(a.0),
        Command::HelpMarkdown(a) => help_markdown::run(a.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<std::ffi::OsString> {
        line.split_whitespace().map(Into::into).collect()
    }

    /// `--out` (and `--out=X`) before a `--` is the old spelling of `--output`; `-o`,
    /// `--output` and a value or file named `--out` after `--` are not.
    #[test]
    fn the_old_out_spelling_is_noticed() {
        assert!(uses_old_out(&args(
            "gridreduce reduce p.txt --to cnf --out x"
        )));
        assert!(uses_old_out(&args("gridreduce run p.yaml q.txt --out=dir")));
        for line in [
            "gridreduce reduce p.txt --to cnf -o x",
            "gridreduce reduce p.txt --to cnf --output x",
            "gridreduce reduce --to cnf -o x -- --out",
            "gridreduce plot a.csv --y b --output-dir x",
        ] {
            assert!(!uses_old_out(&args(line)), "{line}");
        }
    }

    /// The quick parse (deferred arguments) reads every kind of command line exactly as the whole
    /// tree does: subcommands, nested subcommands, global options before and after the
    /// subcommand, repeated and defaulted arguments, the registry's route flags.
    #[test]
    fn the_quick_parse_equals_the_whole_trees() {
        for line in [
            "gridreduce hcp solve a.hcp b.col --time-limit 5 --jobs 2 --csv x.csv",
            "gridreduce --sync hcp solve g.hcp -o t.tour",
            "gridreduce hcp check g.hcp t.tour",
            "gridreduce hcp convert g.col --to tsplib -o g.hcp",
            "gridreduce solve p.txt --via sat --encoding minimal --time-limit 2 --memory-limit 1G",
            "gridreduce count p.txt --limit 2",
            "gridreduce targets --json",
            "gridreduce reduce p.txt --to hcp --stage reduced --format concorde -o out",
            "gridreduce stats p.txt --csv s.csv",
            "gridreduce generate sudoku --n 9 --count 3 --order random",
            "gridreduce verify data/suguru/backtrack-180.txt",
            "gridreduce run reductions/sat.yaml p.txt -o out --shard 1/4",
            "gridreduce demo",
        ] {
            let whole = Cli::try_parse_from(args(line));
            let quick = quick_parse(&args(line));
            match (whole, quick) {
                (Ok(w), Ok(q)) => assert_eq!(format!("{w:?}"), format!("{q:?}"), "{line}"),
                (w, q) => panic!("{line}: {w:?} / {q:?}"),
            }
        }
    }

    /// What the quick parse cannot answer as the whole tree would (help, version, mistakes) is an
    /// error, so that [`parse`] falls back to the whole tree for it.
    #[test]
    fn help_version_and_mistakes_fall_back_to_the_whole_tree() {
        for line in [
            "gridreduce --help",
            "gridreduce --version",
            "gridreduce hcp --help",
            "gridreduce hcp solve --help",
            "gridreduce hcp solv g.hcp",
            "gridreduce solve",
            "gridreduce frobnicate",
            "gridreduce solve p.txt --via nowhere",
        ] {
            assert!(quick_parse(&args(line)).is_err(), "{line}");
            assert!(Cli::try_parse_from(args(line)).is_err(), "{line}");
        }
        // The flag is off again afterwards: a tree built now is whole (it has the descriptions
        // the top-level help lists).
        let mut whole = Cli::command();
        whole.build();
        assert!(
            whole
                .get_subcommands()
                .all(|c| c.get_about().is_some() || c.is_hide_set())
        );
    }
}
