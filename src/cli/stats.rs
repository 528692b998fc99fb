//! `gridreduce stats PUZZLES --csv FILE`: one CSV row of instance sizes per puzzle, computed on all
//! cores with a progress bar on stderr.
//!
//! A row is an ordered list of `(column, value)` pairs, the concatenation of what each **column
//! function** in [`COLUMNS`] returns for the puzzle: `puzzle_columns` (name, N, clues),
//! `cnf_columns` (cnf_vars, cnf_clauses, cnf_literals for the chosen encoding), `ilp_columns`
//! (ilp_vars, ilp_rows, ilp_nonzeros). Another target adds its columns with one more function in
//! that list. A puzzle whose construction fails is reported on stderr and skipped (exit 2 at the
//! end); the CSV, written atomically, holds the rest.

use super::input::{PuzzleArgs, Tally};
use crate::error::{Error, InputError, Result};
use crate::formats::collection::Entry;
use crate::formats::write_atomic;
use crate::puzzle::Sudoku;
use crate::reduce::Reduction;
use crate::sat::{CnfOptions, Encoding, PuzzleToCnf};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::path::PathBuf;
use std::process::ExitCode;

/// Size statistics of every target instance, one CSV row per puzzle.
#[derive(clap::Args, Debug)]
#[command(
    // The puzzle file may be left out when --blank names the grids instead (clap's PathBuf parser
    // refuses an empty default, hence a placeholder no real file is called).
    mut_arg("puzzles", |a| a.required(false).default_value(NO_FILE).hide_default_value(true)),
    after_help = "Columns: name,N,clues,directed_vertices,directed_edges,removed_arcs,undirected_vertices,undirected_edges,trimmed_vertices,trimmed_edges,contracted_vertices,contracted_edges,contracted_solved,reduced_vertices,reduced_edges,reduced_solved,cnf_vars,cnf_clauses,cnf_literals,ilp_vars,ilp_rows,ilp_nonzeros\nWith several encodings the CNF columns are cnf_<encoding>_vars, _clauses, _literals per encoding.\n\nExamples:\n  gridreduce stats data/suguru/backtrack-180.txt --csv suguru-paper.csv --encoding paper\n  gridreduce stats --blank 4,9,16,25,36,49,64 --encoding minimal,efficient,extended,compact --csv growth.csv"
)]
pub struct Args {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// Where to write the CSV.
    #[arg(long, value_name = "FILE")]
    pub csv: PathBuf,
    /// Blank N×N Sudoku grids (square-box layout) instead of a puzzle file: the growth of every
    /// encoding with N, e.g. 4,9,16,25,36,49,64.
    #[arg(long, value_name = "N,N,...", value_delimiter = ',')]
    pub blank: Vec<usize>,
    /// CNF encoding(s) for the cnf_* columns (default: extended for Sudoku, compact for Suguru);
    /// several, comma-separated, give one group of columns each.
    #[arg(long, value_enum, value_delimiter = ',')]
    pub encoding: Vec<Encoding>,
    /// CNF columns after applying the givens (`reduce --simplify`).
    #[arg(long)]
    pub simplify: bool,
    /// Only these column groups (the name, N and clues columns always come first).
    #[arg(long, value_enum, value_delimiter = ',')]
    pub only: Vec<ColumnGroup>,
}

/// Groups of columns `--only` can pick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColumnGroup {
    Hcp,
    Cnf,
    Ilp,
}

/// A row: ordered (column, value) pairs.
pub type Row = Vec<(&'static str, String)>;

/// A column function: this puzzle's values of some columns.
pub type ColumnFn = fn(&Entry, &Args) -> Result<Row>;

/// The column functions, in column order.
pub const COLUMNS: &[(Option<ColumnGroup>, ColumnFn)] = &[
    (None, puzzle_columns),
    (Some(ColumnGroup::Hcp), hcp_columns),
    (Some(ColumnGroup::Cnf), cnf_columns),
    (Some(ColumnGroup::Ilp), ilp_columns),
];

/// Graph sizes at every Hamiltonian-cycle stage (Haythorpe's chain; the layered one for Suguru).
pub fn hcp_columns(entry: &Entry, _: &Args) -> Result<Row> {
    super::hcp_export::columns(&entry.puzzle)
}

pub fn puzzle_columns(entry: &Entry, _: &Args) -> Result<Row> {
    Ok(vec![
        ("name", entry.name.clone()),
        ("N", entry.puzzle.size_label()),
        ("clues", entry.puzzle.clues().to_string()),
    ])
}

/// The CNF columns: `cnf_vars`, `cnf_clauses`, `cnf_literals` for one encoding, or
/// `cnf_<encoding>_vars` etc. per encoding when several are asked for.
pub fn cnf_columns(entry: &Entry, args: &Args) -> Result<Row> {
    let encodings = if args.encoding.is_empty() {
        vec![Encoding::default_for(&entry.puzzle)]
    } else {
        args.encoding.clone()
    };
    let mut row = Row::new();
    for &encoding in &encodings {
        let options = CnfOptions {
            encoding,
            simplify: args.simplify,
        };
        let reduction = PuzzleToCnf::new(&entry.puzzle, options)?;
        let cnf = reduction.target();
        let [vars, clauses, literals] = if encodings.len() == 1 {
            ["cnf_vars", "cnf_clauses", "cnf_literals"]
        } else {
            per_encoding_columns(encoding)
        };
        row.push((vars, cnf.vars().to_string()));
        row.push((clauses, cnf.num_clauses().to_string()));
        row.push((literals, cnf.num_literals().to_string()));
    }
    Ok(row)
}

/// Column names of one encoding among several (static, like every column name).
fn per_encoding_columns(encoding: Encoding) -> [&'static str; 3] {
    match encoding {
        Encoding::Minimal => [
            "cnf_minimal_vars",
            "cnf_minimal_clauses",
            "cnf_minimal_literals",
        ],
        Encoding::Efficient => [
            "cnf_efficient_vars",
            "cnf_efficient_clauses",
            "cnf_efficient_literals",
        ],
        Encoding::Extended => [
            "cnf_extended_vars",
            "cnf_extended_clauses",
            "cnf_extended_literals",
        ],
        Encoding::Paper => ["cnf_paper_vars", "cnf_paper_clauses", "cnf_paper_literals"],
        Encoding::Compact => [
            "cnf_compact_vars",
            "cnf_compact_clauses",
            "cnf_compact_literals",
        ],
    }
}

pub fn ilp_columns(entry: &Entry, _: &Args) -> Result<Row> {
    let reduction = crate::ilp::PuzzleToIlp::new(&entry.puzzle);
    let ilp = reduction.target();
    Ok(vec![
        ("ilp_vars", ilp.vars().to_string()),
        ("ilp_rows", ilp.rows.len().to_string()),
        ("ilp_nonzeros", ilp.nonzeros().to_string()),
    ])
}

/// The full row of one puzzle.
pub fn row(entry: &Entry, args: &Args) -> Result<Row> {
    let mut row = Row::new();
    for (group, f) in COLUMNS {
        if group.is_none_or(|g| args.only.is_empty() || args.only.contains(&g)) {
            row.extend(f(entry, args)?);
        }
    }
    Ok(row)
}

/// The value of the puzzle-file argument when none is given.
const NO_FILE: &str = "<no puzzle file>";

/// Blank N×N Sudoku entries named `blank-N`.
pub fn blank_entries(sizes: &[usize]) -> Result<Vec<std::result::Result<Entry, InputError>>> {
    sizes
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            if !(1..=256).contains(&n) {
                return Err(Error::Usage(format!(
                    "--blank {n}: a grid size is between 1 and 256"
                )));
            }
            Ok(Ok(Entry {
                index: i + 1,
                line: 0,
                name: format!("blank-{n}"),
                puzzle: Sudoku::blank(n).into(),
                solution: None,
            }))
        })
        .collect()
}

pub fn run(args: Args) -> Result<ExitCode> {
    let from_file = args.input.puzzles.as_os_str() != NO_FILE;
    let entries = match (from_file, args.blank.is_empty()) {
        (true, true) => args.input.load(None)?.entries,
        (false, false) => blank_entries(&args.blank)?,
        (true, false) => {
            return Err(Error::Usage(
                "give either a puzzle file or --blank, not both".into(),
            ));
        }
        (false, true) => {
            return Err(Error::Usage(
                "give a puzzle file, or --blank N,N,... for blank grids".into(),
            ));
        }
    };
    let total = entries.len() as u64;
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let results: Vec<std::result::Result<Row, String>> = entries
        .par_iter()
        .map(|entry| {
            let out = match entry {
                Ok(e) => row(e, &args).map_err(|err| format!("{}: {err}", e.name)),
                Err(err) => Err(err.to_string()),
            };
            bar.inc(1);
            out
        })
        .collect();
    bar.finish_and_clear();
    let tally = Tally::default();
    let rows: Vec<Row> = tally.readable(results).collect();
    let Some(first) = rows.first() else {
        return Err(Error::Usage(
            "no puzzle could be measured; no CSV written".into(),
        ));
    };
    let header: Vec<&str> = first.iter().map(|(k, _)| *k).collect();
    write_atomic(&args.csv, |w| {
        let mut out = csv::Writer::from_writer(w);
        out.write_record(&header).map_err(std::io::Error::other)?;
        for row in &rows {
            out.write_record(row.iter().map(|(_, v)| v.as_str()))
                .map_err(std::io::Error::other)?;
        }
        out.flush()
    })?;
    println!(
        "wrote {}: {} puzzles{}",
        args.csv.display(),
        rows.len(),
        if tally.bad() > 0 {
            format!(", {} skipped", tally.bad())
        } else {
            String::new()
        }
    );
    Ok(tally.exit_code(false))
}
