//! `gridreduce check-proof`: checks certificates written by `count --proof`, `solve --proof` and
//! `hcp solve --proof` ([`crate::proof`]).

use crate::error::Result;
use crate::proof::{Checked, certificate_folders, check};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Check a certificate folder (or a folder of them, as a batch writes): rebuild the CNF from the
/// puzzle or graph and compare it byte for byte, check every solution and every cut, and run the
/// external checker drat-trim on the proof. One line each: `accepted` with what is proved, or
/// `REFUSED` with the first step that failed. drat-trim is found as GRIDREDUCE_DRAT_TRIM, else on
/// PATH (scripts/install-drat-trim.sh builds it).
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  gridreduce count data/sudoku/unsolvable/norvig_top95_contradicted.txt --index 1 --proof cert\n  gridreduce check-proof cert\n\nA graph's certificate: `hcp solve GRAPH --proof DIR` (exit 1: no cycle), then `hcp check-proof DIR`.\n\nExit codes: 0 every certificate accepted, 1 one was refused, 2 a folder is not a readable\ncertificate or drat-trim is missing, 3 drat-trim ran out of --time-limit."
)]
pub struct Args {
    /// A certificate folder, or a folder of certificate folders.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// drat-trim's time limit per proof, in seconds.
    #[arg(long, value_name = "SECS", default_value = "20000", value_parser = super::hcp_solve::parse_seconds)]
    pub time_limit: Duration,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let folders = certificate_folders(&args.dir)?;
    let batch = folders.len() > 1;
    let (mut refused, mut bad) = (0usize, 0usize);
    for dir in &folders {
        match check(dir, args.time_limit) {
            Ok(Checked::Accepted {
                what,
                checker_seconds,
            }) => println!(
                "{}: accepted: {what} (drat-trim {checker_seconds:.2} s)",
                dir.display()
            ),
            Ok(Checked::Refused(why)) => {
                refused += 1;
                println!("{}: REFUSED: {why}", dir.display());
            }
            Err(e) if batch => {
                bad += 1;
                eprintln!("gridreduce: {e}");
            }
            Err(e) => return Err(e),
        }
    }
    Ok(ExitCode::from(if bad > 0 {
        2
    } else if refused > 0 {
        1
    } else {
        0
    }))
}
