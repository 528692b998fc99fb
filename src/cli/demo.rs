//! `gridreduce demo`: the workbench in one run on shipped data — a 9×9 Sudoku and a Suguru reduced
//! to Hamiltonian cycle, exported as TSPLIB, solved in-process from the exported file, decoded and
//! verified; the size table of every route; a statistics CSV and a plot.
//!
//! The three collections it reads are compiled into the binary and written to `OUT/input/` first,
//! so an installed binary runs the demo in any folder, with no path of the build checkout.

use crate::error::{Error, Result};
use crate::formats::collection::{Entry, ReadOptions, read_collection};
use crate::formats::tour::write_lkh_tour_file;
use crate::formats::tsplib;
use crate::hcp::solve::{SolveOptions, hamiltonian_cycle_graph};
use crate::plot::{PlotKind, PlotSpec, Table, plot};
use crate::solvers::{Route, solutions};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Run the workbench end to end on shipped data (under a minute in a release build).
#[derive(clap::Args, Debug)]
#[command(after_help = "Example:\n  cargo run --release -- demo -o out/demo")]
pub struct Args {
    /// Folder for the exported files, the CSV and the plot.
    #[arg(short, long, default_value = "out/demo")]
    pub output: PathBuf,
}

/// The shipped collections the demo reads (path under `data/`, content).
const INPUTS: [(&str, &str); 3] = [
    (
        "sudoku/norvig_easy50.txt",
        include_str!("../../data/sudoku/norvig_easy50.txt"),
    ),
    (
        "suguru/backtrack-180.txt",
        include_str!("../../data/suguru/backtrack-180.txt"),
    ),
    (
        "sudoku/norvig_top95.txt",
        include_str!("../../data/sudoku/norvig_top95.txt"),
    ),
];

/// Writes [`INPUTS`] under `out/input/` and returns that folder.
fn write_inputs(out: &Path) -> Result<PathBuf> {
    let dir = out.join("input");
    for (rel, text) in INPUTS {
        let path = dir.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
        }
        crate::formats::write_atomic(&path, |w| w.write_all(text.as_bytes()))?;
    }
    Ok(dir)
}

fn entry(data: &Path, rel: &str, index: usize) -> Result<Entry> {
    let c = read_collection(&data.join(rel), &ReadOptions::default())?;
    c.entries
        .into_iter()
        .nth(index - 1)
        .ok_or_else(|| Error::Usage(format!("{rel} has no puzzle {index}")))?
        .map_err(Error::from)
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

pub fn run(args: Args) -> Result<ExitCode> {
    let out = &args.output;
    std::fs::create_dir_all(out).map_err(|e| Error::io(out, e))?;
    let data = write_inputs(out)?;
    let cases = [
        ("sudoku/norvig_easy50.txt", 1, "sudoku-easy50-1"),
        ("suguru/backtrack-180.txt", 1, "suguru-janko-1"),
    ];
    let mut table = vec![
        [
            "puzzle",
            "route",
            "stage / encoding",
            "vertices / vars",
            "edges / clauses",
            "solve",
        ]
        .map(String::from),
    ];
    let mut all_ok = true;
    for (rel, index, stem) in cases {
        let e = entry(&data, rel, index)?;
        println!(
            "== {} ({} {}, {} clues)",
            e.name,
            e.puzzle.kind(),
            e.puzzle.size_label(),
            e.puzzle.clues()
        );
        // 1. Reduce to Hamiltonian cycle (directed, clue arcs, undirected, the paper's degree-2
        //    rules) and export TSPLIB + .map, exactly as `gridreduce reduce --to hcp` does.
        let base = out.join(stem);
        super::reduce::run(super::reduce::Args {
            input: super::input::PuzzleArgs {
                puzzles: data.join(rel),
                index: Some(super::input::IndexRange {
                    first: index,
                    last: index,
                }),
                boxes: None,
                regions: None,
            },
            route: super::route_args::ReduceFlags {
                to: "hcp".into(),
                given: Default::default(),
            },
            out: base.clone(),
            json: false,
        })?;
        let hcp = with_ext(&base, "hcp");
        // 2. Solve the exported file in-process (as an external solver would), write its tour.
        let (graph, _) = tsplib::read_hcp(&hcp)?;
        let t = Instant::now();
        let tour = hamiltonian_cycle_graph(
            &graph,
            &SolveOptions {
                time_limit: Some(Duration::from_secs(60)),
                ..Default::default()
            },
        )?
        .ok_or_else(|| {
            Error::Unsolvable(format!("{}: the graph has no Hamiltonian cycle", e.name))
        })?;
        let hcp_time = t.elapsed();
        let tour_path = with_ext(&base, "tour");
        write_lkh_tour_file(
            &tour_path,
            &tour,
            stem,
            Some("found by gridreduce's CaDiCaL HC solver"),
        )?;
        println!(
            "solved {} in-process in {}: {}",
            hcp.display(),
            ms(hcp_time),
            tour_path.display()
        );
        // 3. Decode the tour back into the grid and verify it (`gridreduce decode`).
        println!("decoded and verified:");
        let code = super::decode::run(super::decode::Args {
            map: with_ext(&base, "map"),
            solver_output: tour_path,
            format: None,
            base: None,
            json: false,
        })?;
        all_ok &= code == ExitCode::SUCCESS;
        // 4. Sizes and solve times of every route.
        let chain = crate::hcp::chain::stats(&e.puzzle, false)?;
        let opt = |v: Option<u64>| v.map(|v| v.to_string()).unwrap_or_default();
        for (stage, v, ed) in [
            (
                "directed (clue arcs removed)",
                chain.directed_vertices.to_string(),
                chain.directed_edges.to_string(),
            ),
            (
                "undirected",
                opt(chain.undirected_vertices),
                opt(chain.undirected_edges),
            ),
            (
                "trimmed",
                opt(chain.trimmed_vertices),
                opt(chain.trimmed_edges),
            ),
            (
                "contracted",
                opt(chain.contracted_vertices),
                opt(chain.contracted_edges),
            ),
        ] {
            let solve = if stage == "contracted" {
                ms(hcp_time)
            } else {
                String::new()
            };
            table.push([e.name.clone(), "hcp".into(), stage.into(), v, ed, solve]);
        }
        let enc = crate::sat::Encoding::default_for(&e.puzzle);
        let cnf = crate::sat::PuzzleToCnf::new(
            &e.puzzle,
            crate::sat::CnfOptions {
                encoding: enc,
                simplify: false,
            },
        )?;
        let t = Instant::now();
        let sat = solutions(&e.puzzle, Route::Sat, 1)?;
        let sat_time = t.elapsed();
        {
            use crate::reduce::Reduction;
            let f = cnf.target();
            table.push([
                e.name.clone(),
                "sat".into(),
                enc.name().into(),
                f.vars().to_string(),
                f.num_clauses().to_string(),
                ms(sat_time),
            ]);
        }
        let ilp = crate::ilp::PuzzleToIlp::new(&e.puzzle);
        let t = Instant::now();
        let ilp_sol = solutions(&e.puzzle, Route::Ilp, 1)?;
        let ilp_time = t.elapsed();
        {
            use crate::reduce::Reduction;
            let m = ilp.target();
            table.push([
                e.name.clone(),
                "ilp".into(),
                "0-1 model".into(),
                m.vars().to_string(),
                m.rows.len().to_string(),
                ms(ilp_time),
            ]);
        }
        let t = Instant::now();
        let search = solutions(&e.puzzle, Route::Search, 2)?;
        table.push([
            e.name.clone(),
            "search".into(),
            "propagation + branching".into(),
            String::new(),
            String::new(),
            ms(t.elapsed()),
        ]);
        let agree =
            sat.first() == search.first() && ilp_sol.first() == search.first() && search.len() == 1;
        println!("routes agree (SAT, ILP, search; unique): {agree}\n");
        all_ok &= agree;
    }
    println!("Sizes and in-process solve times:");
    let widths: Vec<usize> = (0..6)
        .map(|i| table.iter().map(|r| r[i].len()).max().unwrap_or(0))
        .collect();
    for (k, row) in table.iter().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{c:<w$}", w = widths[i]))
            .collect();
        println!("  {}", cells.join("  "));
        if k == 0 {
            println!(
                "  {}",
                widths
                    .iter()
                    .map(|&w| "-".repeat(w))
                    .collect::<Vec<_>>()
                    .join("  ")
            );
        }
    }
    // 5. Statistics over a collection and a plot of the reduced size against the clues.
    let csv = out.join("top95-stats.csv");
    super::stats::run(super::stats::Args {
        input: super::input::PuzzleArgs {
            puzzles: data.join("sudoku/norvig_top95.txt"),
            index: None,
            boxes: None,
            regions: None,
        },
        csv: csv.clone(),
        blank: Vec::new(),
        limit: None,
        only: Vec::new(),
        params: Default::default(),
    })?;
    let (png, svg) = plot(
        &Table::read(&csv)?,
        &PlotSpec {
            kind: PlotKind::Scatter,
            x: Some("clues".into()),
            y: vec!["undirected_edges".into(), "contracted_edges".into()],
            group: None,
            log_x: false,
            log_y: false,
            title: "Haythorpe graph of norvig top95: edges before and after contraction".into(),
            x_label: Some("clues in the puzzle".into()),
            y_label: Some("edges of the undirected graph".into()),
            bins: 20,
            ..PlotSpec::default()
        },
        &out.join("top95-edges-vs-clues"),
    )?;
    println!(
        "\nFiles: {}/ (TSPLIB .hcp, .map, .tour per puzzle), {}, plot {} and {}",
        out.display(),
        csv.display(),
        png.display(),
        svg.display()
    );
    Ok(if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn with_ext(base: &Path, ext: &str) -> PathBuf {
    let mut s = base.as_os_str().to_owned();
    s.push(format!(".{ext}"));
    PathBuf::from(s)
}
