//! `gridreduce decode OUT.map SOLVER_OUTPUT`: turn an external solver's answer for an exported
//! instance back into a grid and verify it.
//!
//! The `.map` file names the puzzle and the reduction; the reduction is rebuilt (constructions are
//! deterministic) and must have the recorded fingerprint. The answer's format is detected from its
//! content. Exit codes: 0 the answer decodes to a valid grid (printed in the puzzle's own format);
//! 1 the answer is a valid certificate but its grid breaks a rule (a reduction bug); 2 the answer is
//! bad: unsatisfiable/infeasible, truncated, for another instance, not a certificate.
//! Each target kind of the map is one arm in [`run`].

use super::reduce::rebuild_puzzle;
use crate::error::{CertificateError, Error, InputError, Result};
use crate::formats::collection::{FileFormat, solution_text};
use crate::formats::map::MapFile;
use crate::formats::sudoku_text;
use crate::formats::{dimacs, lp};
use crate::puzzle::{Grid, Puzzle};
use crate::reduce::Reduction;
use crate::sat::{CnfOptions, Encoding, PuzzleToCnf};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Decode a solver's answer for an exported instance and verify the grid.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Formats: tours (LKH TOUR, Concorde .sol, linkern -o, plain permutations); DIMACS models (SAT-competition 's'/'v' lines, MiniSat result files, a plain literal line); CBC, HiGHS, Gurobi and GLPK (-w) solution files.\nExit codes: 0 valid grid, 1 valid certificate but invalid grid, 2 bad or foreign answer.\n\nExample:\n  gridreduce reduce data/sudoku/norvig_top95.txt --index 1 --to cnf -o p1\n  minisat p1.cnf p1.out; gridreduce decode p1.map p1.out"
)]
pub struct Args {
    /// The .map file written by `gridreduce reduce`.
    pub map: PathBuf,
    /// The solver's output for the exported file.
    pub solver_output: PathBuf,
    /// Tour format (graphs): lkh, concorde, linkern or perm; detected by default.
    #[arg(long, value_enum)]
    pub format: Option<crate::formats::tour::TourFormat>,
    /// Vertex numbering of a plain permutation tour (0 or 1); detected by default.
    #[arg(long, value_enum)]
    pub base: Option<crate::formats::tour::Base>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let map = MapFile::read(&args.map)?;
    let puzzle = rebuild_puzzle(&map.puzzle, &args.map)?;
    let grid = match map.target.kind.as_str() {
        "cnf" => decode_cnf(&map, &args, &puzzle)?,
        "lp" => decode_lp(&map, &args, &puzzle)?,
        "hcp" | "directed-hcp" => super::hcp_export::decode(
            &map,
            &args.map,
            &args.solver_output,
            &puzzle,
            args.format,
            args.base,
        )?,
        other => {
            return Err(Error::Input(
                InputError::new(format!(
                    "this gridreduce cannot decode target kind '{other}'"
                ))
                .in_file(&args.map),
            ));
        }
    };
    let format = match &puzzle {
        Puzzle::Sudoku(_) => FileFormat::Sudoku(sudoku_text::detect(&map.puzzle.text)),
        Puzzle::Suguru(_) => FileFormat::Suguru,
    };
    let violations = puzzle.verify(&grid);
    println!("{}", solution_text(&puzzle, &grid, format));
    match violations.first() {
        None => Ok(ExitCode::SUCCESS),
        Some(v) => {
            eprintln!(
                "gridreduce: {}: the decoded grid is not a solution: {} ({} violations)",
                args.solver_output.display(),
                v.describe(puzzle.cols()),
                violations.len()
            );
            Ok(ExitCode::from(1))
        }
    }
}

fn map_error(map: &Path, message: String) -> Error {
    Error::Input(InputError::new(message).in_file(map))
}

fn certificate_error(file: &Path, error: CertificateError) -> Error {
    Error::Certificate {
        file: Some(file.to_path_buf()),
        error,
    }
}

fn check_fingerprint(map: &MapFile, path: &Path, rebuilt: &str) -> Result<()> {
    if map.target.fingerprint != rebuilt {
        return Err(map_error(
            path,
            format!(
                "the puzzle and steps rebuild an instance with fingerprint {rebuilt}, but the map records {} (written by another gridreduce version, or edited)",
                map.target.fingerprint
            ),
        ));
    }
    Ok(())
}

fn decode_cnf(map: &MapFile, args: &Args, puzzle: &Puzzle) -> Result<Grid> {
    let step = map
        .chain
        .iter()
        .find(|s| s.step == "cnf")
        .ok_or_else(|| map_error(&args.map, "no 'cnf' step in the chain".into()))?;
    let encoding = step
        .params
        .get("encoding")
        .and_then(|v| v.as_str())
        .and_then(Encoding::from_name)
        .ok_or_else(|| map_error(&args.map, "the 'cnf' step has no valid encoding".into()))?;
    let simplify = step
        .params
        .get("simplify")
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    let reduction = PuzzleToCnf::new(puzzle, CnfOptions { encoding, simplify })
        .map_err(|e| map_error(&args.map, e.to_string()))?;
    check_fingerprint(map, &args.map, &reduction.target().fingerprint())?;
    let (assignment, _format) = dimacs::read_model(&args.solver_output, reduction.target().vars())?;
    reduction.extract(&assignment).map_err(|e| {
        certificate_error(
            &args.solver_output,
            CertificateError::new(format!("not a model of the exported formula: {e}")),
        )
    })
}

fn decode_lp(map: &MapFile, args: &Args, puzzle: &Puzzle) -> Result<Grid> {
    let reduction = crate::ilp::PuzzleToIlp::new(puzzle);
    check_fingerprint(map, &args.map, &reduction.target().fingerprint())?;
    let names = lp::ModelNames::of(&reduction);
    let (values, _format) = lp::read_solution(&args.solver_output, &names)?;
    let point = crate::ilp::integral_point(&values).map_err(|(i, v)| {
        certificate_error(
            &args.solver_output,
            CertificateError::new(format!(
                "{} = {v} is fractional: not a 0-1 solution",
                reduction.var_name(i as u32)
            )),
        )
    })?;
    reduction.extract(&point).map_err(|e| {
        certificate_error(
            &args.solver_output,
            CertificateError::new(format!("not a solution of the exported model: {e}")),
        )
    })
}
