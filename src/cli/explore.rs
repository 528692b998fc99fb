//! `gridreduce explore`: the reduction explorer, a static page that shows one puzzle's
//! Hamiltonian-cycle instance at every stage and its solution's cycle decoding back into the grid
//! (`docs/explorer.md`).

use super::input::PuzzleArgs;
use crate::error::{Error, Result};
use crate::explore::{ExploreStage, assets, model, size_check};
use crate::formats::write_atomic;
use crate::solvers::{Route, solutions};
use std::path::PathBuf;
use std::process::ExitCode;

/// Write a self-contained page (HTML, JS, CSS, the instance as JSON) that shows a puzzle turning
/// into a graph and the solution's Hamiltonian cycle turning back into the grid. Opens from disk,
/// no server, no network. Sudoku up to 6×6 (9×9 with a warning), Suguru up to 6×6.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  gridreduce explore data/sudoku/sudoku4_vu_kr_100.txt --index 1 -o site\n  then open site/index.html in a browser"
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
}

pub fn run(args: Args) -> Result<ExitCode> {
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
    let model = model(&entry.name, &entry.puzzle, &solution, &stages)?;
    let dir = &args.output;
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    for (name, text) in assets::FILES {
        write_atomic(&dir.join(name), |w| w.write_all(text.as_bytes()))?;
    }
    let data = assets::data_js(&model).map_err(|e| Error::Usage(format!("model to JSON: {e}")))?;
    write_atomic(&dir.join("data.js"), |w| w.write_all(data.as_bytes()))?;
    write_atomic(&dir.join("model.json"), |w| {
        serde_json::to_writer(&mut *w, &model).map_err(std::io::Error::other)
    })?;
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
    Ok(ExitCode::SUCCESS)
}
