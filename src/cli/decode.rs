//! `gridreduce decode OUT.map SOLVER_OUTPUT`: turn an external solver's answer for an exported
//! instance back into a grid and verify it.
//!
//! The `.map` file names the puzzle and the reduction; the route that wrote it rebuilds the
//! instance (constructions are deterministic), which must have the recorded fingerprint, then reads
//! the answer (its format detected from its content), checks it and lifts it to a grid. Exit codes:
//! 0 the answer decodes to a valid grid (printed in the puzzle's own format); 1 the answer is a
//! valid certificate but its grid breaks a rule (a reduction bug); 2 the answer is bad:
//! unsatisfiable/infeasible, truncated, for another instance, not a certificate.

use crate::error::{Error, Result};
use crate::formats::collection::{FileFormat, solution_text};
use crate::formats::map::MapFile;
use crate::formats::sudoku_text;
use crate::puzzle::Puzzle;
use crate::route::{self, AnswerHints};
use std::path::PathBuf;
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
    /// Answer format (graphs: lkh, concorde, linkern or perm); detected by default.
    #[arg(long)]
    pub format: Option<String>,
    /// Vertex numbering of a plain permutation tour (0 or 1); detected by default.
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(["0", "1"]))]
    pub base: Option<String>,
    /// Print one JSON object (name, solution, valid, violations) instead of the grid.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let map = MapFile::read(&args.map)?;
    let (puzzle, built) = route::rebuild(&map, &args.map)?;
    if let Some(f) = &args.format
        && !built.answer_formats().contains(&f.as_str())
    {
        return Err(Error::Usage(format!(
            "--format {f}: the answers of this {} export are {}",
            map.target.kind,
            built.answer_formats().join(", ")
        )));
    }
    let hints = AnswerHints {
        format: args.format.clone(),
        base: args.base.as_deref().and_then(|b| b.parse().ok()),
    };
    let grid = built.decode(&args.solver_output, &hints)?;
    let format = match &puzzle {
        Puzzle::Sudoku(_) => FileFormat::Sudoku(sudoku_text::detect(&map.puzzle.text)),
        Puzzle::Suguru(_) => FileFormat::Suguru,
        Puzzle::Described(_) => FileFormat::Spec,
    };
    let violations = puzzle.verify(&grid);
    let text = solution_text(&puzzle, &grid, format);
    if args.json {
        println!(
            "{}",
            serde_json::json!({"name": map.puzzle.name, "solution": text,
                "valid": violations.is_empty(), "violations": violations.len()})
        );
    } else {
        println!("{text}");
    }
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
