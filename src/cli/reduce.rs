//! `gridreduce reduce`: export a puzzle as a target instance file for an external solver, plus the
//! `.map` file that `gridreduce decode` needs to turn the solver's answer back into a grid.
//!
//! One puzzle (a file of one, or `--index K`) writes `OUT.<ext>` and `OUT.map`; several write
//! `OUT-<k>.<ext>` and `OUT-<k>.map` for each puzzle `k` of the file (1-based, as `--index`), so a
//! whole collection can be exported in one call. A puzzle that cannot be exported as asked is
//! reported and skipped (exit 2 at the end; exit 1 when the only trouble is a witness asked for a
//! puzzle without a solution); the others are written. The targets and their flags
//! come from the route registry (`crate::route`).

use super::input::{PuzzleArgs, Tally};
use super::route_args::ReduceFlags;
use crate::error::{Error, Result};
use crate::route::{self, first_solution, with_suffix};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Export puzzles as solver input files (+ a .map file for `decode`).
#[derive(clap::Args, Debug)]
#[command(
    after_help = "With several puzzles and no --index, writes OUT-<k>.<ext> and OUT-<k>.map for each puzzle k.\n\nExamples:\n  gridreduce reduce data/sudoku/royle17.txt --index 1 --to cnf --encoding minimal -o royle1\n  minisat royle1.cnf royle1.out; gridreduce decode royle1.map royle1.out\n  gridreduce reduce data/suguru/backtrack-180.txt --index 19 --to lp -o janko19\n\nExit codes: 0 every puzzle written, 1 a puzzle asked for with --witness has no solution, 2 bad\ninput (the other puzzles are still written)."
)]
pub struct Args {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// What to reduce to and how: the route registry gives the flags, and the same parameters are
    /// the keys of a pipeline file (`crate::pipeline`), so the two cannot drift apart.
    #[command(flatten)]
    pub route: ReduceFlags,
    /// Output name: OUT.{ext} and OUT.map (a trailing .{ext} or .map is taken off).
    #[arg(short = 'o', long = "output", alias = "out", value_name = "OUT")]
    pub out: PathBuf,
    /// Print one JSON object per puzzle (name, target kind, format, the instance and .map files,
    /// the instance's sizes and fingerprint) instead of the summary line.
    #[arg(long)]
    pub json: bool,
}

/// `OUT` without a trailing `.<ext>`/`.map`.
fn base_name(out: &Path, extension: &str) -> PathBuf {
    match out.extension().and_then(|e| e.to_str()) {
        Some(e) if e == extension || e == "map" => out.with_extension(""),
        _ => out.to_path_buf(),
    }
}

pub fn run(args: Args) -> Result<ExitCode> {
    super::check_out_base(&args.out, "OUT.<ext> and OUT.map")?;
    let options = args.route.options()?;
    let loaded = args.input.load(None)?;
    let several = loaded.entries.len() > 1;
    let tally = Tally::default();
    let mut unsolvable = false;
    for entry in tally.readable(loaded.entries.iter().map(Result::as_ref)) {
        let export = match route::export(entry, &options, &first_solution) {
            Ok(x) => x,
            // A witness asked for a puzzle proven to have no solution: a result (exit code 1, as
            // for `solve`), not bad input; the other puzzles are still written.
            Err(e @ Error::Unsolvable(_)) => {
                eprintln!("gridreduce: {}: {e}", loaded.at(entry));
                unsolvable = true;
                continue;
            }
            Err(e) => {
                tally.report_for(&loaded.at(entry), e);
                continue;
            }
        };
        let mut base = base_name(&args.out, export.extension);
        if several {
            base = with_suffix(&base, &format!("-{}", entry.index));
        }
        let (file, map_path) = route::write_export(&export, entry, loaded.format, &base)?;
        if args.json {
            let sizes: serde_json::Map<String, serde_json::Value> = export
                .sizes
                .0
                .iter()
                .map(|&(k, v)| (k.to_string(), v.into()))
                .collect();
            println!(
                "{}",
                serde_json::json!({"name": entry.name, "kind": export.kind, "format": export.format,
                    "file": file.display().to_string(), "map": map_path.display().to_string(),
                    "sizes": sizes, "fingerprint": export.fingerprint})
            );
        } else {
            println!(
                "{}: wrote {} and {}: {}",
                entry.name,
                file.display(),
                map_path.display(),
                export.summary
            );
        }
    }
    Ok(tally.exit_code(unsolvable))
}
