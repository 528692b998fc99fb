//! `gridreduce explore`: the reduction explorer, a static page that shows one puzzle's
//! Hamiltonian-cycle instance at every stage and its solution's cycle decoding back into the grid
//! (`docs/explorer.md`).

use super::input::PuzzleArgs;
use super::route_args::{Given, ReduceFlags};
use crate::error::{Error, Result};
use crate::explore::{ExploreStage, assets, cnf_view, model, size_check};
use crate::formats::atomic::write_folder;
use crate::sat::Encoding;
use crate::solvers::{Route, solutions};
use std::path::PathBuf;
use std::process::ExitCode;

/// Write a self-contained page (HTML, JS, CSS, the instance as JSON) that shows a puzzle turning
/// into a graph and the solution's Hamiltonian cycle turning back into the grid. Opens from disk,
/// no server, no network. Sudoku up to 6×6 (9×9 with a warning), Suguru up to 6×6.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  gridreduce explore data/sudoku/sudoku4_vu_kr_100.txt --index 1 -o site\n  then open site/index.html in a browser\n  gridreduce explore data/suguru/backtrack-180.txt --index 1 --to cnf -o site-cnf"
)]
pub struct Args {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// Folder for index.html, app.js, style.css, data.js and model.json (created if missing).
    #[arg(short, long, value_name = "DIR")]
    pub output: PathBuf,
    /// Only these stages (comma-separated; default all six). The size table always lists all.
    #[arg(long, value_enum, value_delimiter = ',')]
    pub stage: Vec<ExploreStage>,
    /// Targets to show beside the graph (comma-separated). The Hamiltonian-cycle graph is always
    /// shown; `cnf` adds a panel listing the clauses of the hovered cell with the witness.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "TARGET")]
    pub to: Vec<View>,
    /// CNF encoding of the `--to cnf` panel (default as `reduce --to cnf`: extended for Sudoku,
    /// compact for Suguru).
    #[arg(long, value_name = "NAME")]
    pub encoding: Option<String>,
}

/// The targets the explorer can show. Other routes have no per-cell view yet: their instance is
/// what `reduce --to X` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum View {
    /// The Hamiltonian-cycle graph (always shown).
    Hcp,
    /// The CNF formula: a cell's clauses.
    Cnf,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let encoding = match &args.encoding {
        None => None,
        Some(_) if !args.to.contains(&View::Cnf) => {
            return Err(Error::Usage("--encoding applies to --to cnf only".into()));
        }
        // Checked by the CNF route's own parameter, so the names and the message are `reduce`'s.
        Some(name) => ReduceFlags {
            to: "cnf".into(),
            given: Given(vec![("encoding", vec![name.clone()])]),
        }
        .options()?
        .params
        .choice("encoding")
        .and_then(Encoding::from_name),
    };
    let mut loaded = args.input.load(None)?;
    if loaded.entries.len() != 1 {
        return Err(Error::Usage(format!(
            "{} holds {} puzzles: choose one with --index K",
            loaded.path.display(),
            loaded.entries.len()
        )));
    }
    let entry = loaded
        .entries
        .pop()
        .expect("one entry")
        .map_err(Error::from)?;
    match size_check(&entry.puzzle) {
        Ok(None) => {}
        Ok(Some(warning)) => eprintln!("gridreduce: warning: {}: {warning}", entry.name),
        Err(why) => return Err(Error::Usage(format!("{}: {why}", entry.name))),
    }
    let solution = match entry.solution.clone() {
        Some(s) => s,
        None => solutions(&entry.puzzle, Route::Search, 1)?
            .into_iter()
            .next()
            .ok_or_else(|| {
                Error::Unsolvable(format!("{}: the puzzle has no solution", entry.name))
            })?,
    };
    let stages = if args.stage.is_empty() {
        ExploreStage::ALL.to_vec()
    } else {
        args.stage.clone()
    };
    let mut model = model(&entry.name, &entry.puzzle, &solution, &stages)?;
    if args.to.contains(&View::Cnf) {
        model.cnf = Some(
            cnf_view(&entry.puzzle, &solution, encoding)
                .map_err(|e| Error::Construction(format!("{}: {e}", entry.name)))?,
        );
    }
    let dir = &args.output;
    let data = assets::data_js(&model).map_err(|e| Error::Usage(format!("model to JSON: {e}")))?;
    let json =
        serde_json::to_vec(&model).map_err(|e| Error::Usage(format!("model to JSON: {e}")))?;
    // The site appears whole or not at all (a full disk left 3 of its 5 files).
    let mut files: Vec<(&str, &[u8])> = assets::FILES
        .iter()
        .map(|(name, text)| (*name, text.as_bytes()))
        .collect();
    files.push(("data.js", data.as_bytes()));
    files.push(("model.json", &json));
    write_folder(dir, &files)?;
    let sizes: Vec<String> = model
        .stages
        .iter()
        .map(|s| format!("{} {}/{}", s.name, s.nodes.len(), s.edges.len()))
        .collect();
    println!(
        "wrote {}: {} ({} {}), stages (vertices/edges): {}",
        dir.join("index.html").display(),
        entry.name,
        entry.puzzle.kind(),
        entry.puzzle.size_label(),
        sizes.join(", ")
    );
    if let Some(cnf) = &model.cnf {
        println!(
            "cnf panel: {} encoding, {} variables, {} clauses",
            cnf.encoding,
            cnf.variables,
            cnf.clauses.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}
