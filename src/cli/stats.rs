//! `gridreduce stats PUZZLES --csv FILE`: one CSV row of instance sizes per puzzle, computed on all
//! cores with a progress bar on stderr.
//!
//! A row is an ordered list of `(column, value)` pairs, the concatenation of what each **column
//! function** in [`COLUMNS`] returns for the puzzle: `puzzle_columns` (name, N, clues),
//! `cnf_columns` (cnf_vars, cnf_clauses, cnf_literals for the chosen encoding), `ilp_columns`
//! (ilp_vars, ilp_rows, ilp_nonzeros). Another target adds its columns with one more function in
//! that list. A puzzle whose construction fails is reported on stderr and skipped (exit 2 at the
//! end); the CSV, written atomically, holds the rest.

use super::input::PuzzleArgs;
use crate::error::{Error, Result};
use crate::formats::collection::Entry;
use crate::formats::write_atomic;
use crate::reduce::Reduction;
use crate::sat::{CnfOptions, Encoding, PuzzleToCnf};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::path::PathBuf;
use std::process::ExitCode;

/// Size statistics of every target instance, one CSV row per puzzle.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Columns: name,N,clues,directed_vertices,directed_edges,removed_arcs,undirected_vertices,undirected_edges,trimmed_vertices,trimmed_edges,contracted_vertices,contracted_edges,contracted_solved,reduced_vertices,reduced_edges,reduced_solved,cnf_vars,cnf_clauses,cnf_literals,ilp_vars,ilp_rows,ilp_nonzeros\n\nExample:\n  gridreduce stats data/suguru/backtrack-180.txt --csv suguru-paper.csv --encoding paper"
)]
pub struct Args {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// Where to write the CSV.
    #[arg(long, value_name = "FILE")]
    pub csv: PathBuf,
    /// CNF encoding for the cnf_* columns (default: extended for Sudoku, compact for Suguru).
    #[arg(long, value_enum)]
    pub encoding: Option<Encoding>,
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

pub fn cnf_columns(entry: &Entry, args: &Args) -> Result<Row> {
    let options = CnfOptions {
        encoding: args
            .encoding
            .unwrap_or(Encoding::default_for(&entry.puzzle)),
        simplify: args.simplify,
    };
    let reduction = PuzzleToCnf::new(&entry.puzzle, options)?;
    let cnf = reduction.target();
    Ok(vec![
        ("cnf_vars", cnf.vars().to_string()),
        ("cnf_clauses", cnf.num_clauses().to_string()),
        ("cnf_literals", cnf.num_literals().to_string()),
    ])
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

pub fn run(args: Args) -> Result<ExitCode> {
    let loaded = args.input.load(None)?;
    let total = loaded.entries.len() as u64;
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let results: Vec<std::result::Result<Row, String>> = loaded
        .entries
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
    let mut rows = Vec::new();
    let mut bad = 0;
    for r in results {
        match r {
            Ok(row) => rows.push(row),
            Err(message) => {
                eprintln!("gridreduce: {message}");
                bad += 1;
            }
        }
    }
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
        if bad > 0 {
            format!(", {bad} skipped")
        } else {
            String::new()
        }
    );
    Ok(if bad > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}
