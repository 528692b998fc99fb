//! `gridreduce reduce`: export a puzzle as a target instance file for an external solver, plus the
//! `.map` file that `gridreduce decode` needs to turn the solver's answer back into a grid.
//!
//! One puzzle (a file of one, or `--index K`) writes `OUT.<ext>` and `OUT.map`; several write
//! `OUT-<k>.<ext>` and `OUT-<k>.map` for each puzzle `k` of the file (1-based, as `--index`), so a
//! whole collection can be exported in one call. A bad puzzle is reported and skipped (exit 2 at
//! the end). Each target is one [`Target`] variant and one arm in [`export`].

use super::input::{PuzzleArgs, Tally};
use crate::error::{Error, InputError, Result};
use crate::formats::collection::{Entry, FileFormat, puzzle_text};
use crate::formats::map::{MapFile, PuzzleRecord, StepRecord, TargetRecord};
use crate::formats::sudoku_text::{self, LayoutSpec};
use crate::formats::{dimacs, lp, suguru_text, write_atomic};
use crate::pipeline::ReduceOptions;
use crate::puzzle::Grid;
use crate::puzzle::Puzzle;
use crate::reduce::{Reduction, Sizes};
use crate::sat::{CnfOptions, Encoding, PuzzleToCnf};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What to export to.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    /// DIMACS CNF for SAT solvers (MiniSat, CaDiCaL, Kissat, …).
    Cnf,
    /// CPLEX LP 0-1 model for MIP solvers (CBC, HiGHS, GLPK, Gurobi).
    Lp,
    /// Hamiltonian-cycle graph for LKH, Concorde or `gridreduce hcp solve`.
    Hcp,
}

/// Export puzzles as solver input files (+ a .map file for `decode`).
#[derive(clap::Args, Debug)]
#[command(
    after_help = "With several puzzles and no --index, writes OUT-<k>.<ext> and OUT-<k>.map for each puzzle k.\n\nExamples:\n  gridreduce reduce data/sudoku/royle17.txt --index 1 --to cnf --encoding minimal -o royle1\n  minisat royle1.cnf royle1.out; gridreduce decode royle1.map royle1.out\n  gridreduce reduce data/suguru/backtrack-180.txt --index 19 --to lp -o janko19"
)]
pub struct Args {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// What to reduce to and how: the same struct gives the keys of a pipeline file
    /// (`crate::pipeline`), so the flags and the YAML cannot drift apart.
    #[command(flatten)]
    pub options: ReduceOptions,
    /// Output name: OUT.cnf / OUT.lp and OUT.map (a trailing .cnf/.lp is taken off).
    #[arg(short = 'o', long = "out", value_name = "OUT")]
    pub out: PathBuf,
}

/// An export ready to write: the instance writer and what the `.map` file records about it.
pub struct Export {
    pub kind: &'static str,
    pub extension: &'static str,
    pub format: &'static str,
    pub chain: Vec<StepRecord>,
    pub fingerprint: String,
    pub sizes: Sizes,
    /// One line for stdout: what was written, with sizes.
    pub summary: String,
    pub write: WriteFn,
    /// Further files beside the export (extension, writer): the witness tour, vertex labels.
    pub extras: Vec<(&'static str, WriteFn)>,
}

impl Export {
    /// The `.map` file of this export of `entry` (read in `format`), whose instance file is named
    /// `file` beside the `.map`: what `reduce` and `run` both write after the instance.
    pub fn map_file(&self, entry: &Entry, format: FileFormat, file: String) -> MapFile {
        MapFile {
            gridreduce: env!("CARGO_PKG_VERSION").to_string(),
            puzzle: puzzle_record(entry, format),
            chain: self.chain.clone(),
            target: TargetRecord {
                kind: self.kind.to_string(),
                file,
                format: self.format.to_string(),
                fingerprint: self.fingerprint.clone(),
                sizes: self
                    .sizes
                    .iter()
                    .map(|&(k, v)| (k.to_string(), v))
                    .collect(),
            },
        }
    }
}

/// Writes an export's instance file.
pub type WriteFn = Box<dyn Fn(&mut dyn Write) -> std::io::Result<()>>;

/// `name (sudoku 9x9, 17 clues)`.
pub fn title(name: &str, puzzle: &Puzzle) -> String {
    format!(
        "{name} ({} {}x{}, {} clues)",
        puzzle.kind(),
        puzzle.rows(),
        puzzle.cols(),
        puzzle.clues()
    )
}

/// A way to find one solution of a puzzle (for the witness tour), `None` when it has none.
pub type SolveFn<'a> = &'a (dyn Fn(&Puzzle) -> Result<Option<Grid>> + Sync);

/// The solver `reduce` uses for witnesses: the fast search, no time limit.
pub fn first_solution(puzzle: &Puzzle) -> Result<Option<Grid>> {
    Ok(crate::search::solutions(puzzle, 1)?.into_iter().next())
}

/// Builds the export of one puzzle.
pub fn export(entry: &Entry, options: &ReduceOptions) -> Result<Export> {
    export_with(entry, options, &first_solution)
}

/// [`export`] with the solver of witnesses given (`run` gives one with a time limit).
pub fn export_with(entry: &Entry, args: &ReduceOptions, solve: SolveFn) -> Result<Export> {
    let (puzzle, name) = (&entry.puzzle, entry.name.as_str());
    let title = title(name, puzzle);
    match args.to {
        Target::Hcp => {
            let witness = if args.witness {
                match &entry.solution {
                    Some(s) => Some(s.clone()),
                    None => Some(solve(puzzle)?.ok_or_else(|| {
                        Error::Unsolvable(format!("{name} has no solution, so no witness tour"))
                    })?),
                }
            } else {
                None
            };
            let options = super::hcp_export::HcpExportOptions {
                options: super::hcp_export::options(
                    args.stage,
                    args.trim,
                    args.keep_clue_arcs,
                    args.canonical,
                ),
                format: args.format,
                matrix_limit: args.matrix_limit,
                witness,
                labels: args.labels,
            };
            super::hcp_export::export(puzzle, name, &options)
        }
        Target::Cnf => {
            let options = CnfOptions {
                encoding: args.encoding.unwrap_or(Encoding::default_for(puzzle)),
                simplify: args.simplify,
            };
            let reduction = PuzzleToCnf::new(puzzle, options)?;
            let sizes = reduction.sizes();
            let cnf = reduction.target();
            let mut summary = format!(
                "{} variables, {} clauses, {} literals ({} encoding",
                cnf.vars(),
                cnf.num_clauses(),
                cnf.num_literals(),
                options.encoding.name()
            );
            if options.simplify {
                let before = reduction.sizes_before();
                summary.push_str(&format!(
                    "; simplified from {} variables, {} clauses, {} literals",
                    before.get("full_variables").unwrap_or(0),
                    before.get("full_clauses").unwrap_or(0),
                    before.get("full_literals").unwrap_or(0)
                ));
            }
            summary.push(')');
            Ok(Export {
                kind: "cnf",
                extension: "cnf",
                format: "dimacs",
                chain: vec![cnf_step(options)],
                fingerprint: cnf.fingerprint(),
                sizes,
                summary,
                write: Box::new(move |w| dimacs::write_cnf(w, &reduction, &title)),
                extras: Vec::new(),
            })
        }
        Target::Lp => {
            if args.encoding.is_some() || args.simplify {
                return Err(Error::Usage(
                    "--encoding and --simplify apply to --to cnf only".into(),
                ));
            }
            let reduction = crate::ilp::PuzzleToIlp::new(puzzle);
            let ilp = reduction.target();
            let summary = format!(
                "{} binaries, {} rows, {} non-zeros",
                ilp.vars(),
                ilp.rows.len(),
                ilp.nonzeros()
            );
            Ok(Export {
                kind: "lp",
                extension: "lp",
                format: "cplex-lp",
                chain: vec![StepRecord {
                    step: "ilp".into(),
                    params: BTreeMap::new(),
                }],
                fingerprint: ilp.fingerprint(),
                sizes: reduction.sizes(),
                summary,
                write: Box::new(move |w| lp::write_lp(w, &reduction, &title)),
                extras: Vec::new(),
            })
        }
    }
}

/// The `.map` chain step of a CNF export.
pub fn cnf_step(options: CnfOptions) -> StepRecord {
    let mut params = BTreeMap::new();
    params.insert(
        "encoding".to_string(),
        serde_json::Value::from(options.encoding.name()),
    );
    params.insert(
        "simplify".to_string(),
        serde_json::Value::from(options.simplify),
    );
    StepRecord {
        step: "cnf".into(),
        params,
    }
}

/// The `.map` record of a puzzle: enough to rebuild it exactly ([`rebuild_puzzle`]).
pub fn puzzle_record(entry: &Entry, format: FileFormat) -> PuzzleRecord {
    let layout = match &entry.puzzle {
        Puzzle::Sudoku(s) => Some(match s.layout().box_shape() {
            Some((p, q)) => format!("{p}x{q}"),
            None => {
                let labels: Vec<String> = s
                    .layout()
                    .block_map()
                    .iter()
                    .map(|b| b.to_string())
                    .collect();
                format!("jigsaw:{}", labels.join(","))
            }
        }),
        Puzzle::Suguru(_) => None,
    };
    PuzzleRecord {
        kind: entry.puzzle.kind().to_string(),
        name: entry.name.clone(),
        layout,
        text: puzzle_text(&entry.puzzle, &entry.name, format),
    }
}

/// The puzzle a `.map` file describes; errors name the map file.
pub fn rebuild_puzzle(record: &PuzzleRecord, map: &Path) -> Result<Puzzle> {
    let bad = |m: String| Error::Input(InputError::new(m).in_file(map));
    match record.kind.as_str() {
        "sudoku" => {
            let layout = match record.layout.as_deref() {
                None => LayoutSpec::Default,
                Some(l) => match l.strip_prefix("jigsaw:") {
                    Some(labels) => LayoutSpec::Jigsaw(
                        labels
                            .split(',')
                            .map(|x| x.trim().parse::<u32>())
                            .collect::<std::result::Result<_, _>>()
                            .map_err(|_| bad(format!("bad jigsaw layout '{l}'")))?,
                    ),
                    None => LayoutSpec::parse_boxes(l).map_err(bad)?,
                },
            };
            let (sudoku, _) = sudoku_text::parse_puzzle(&record.text, &layout)
                .map_err(|e| bad(format!("puzzle text: {e}")))?;
            Ok(sudoku.into())
        }
        "suguru" => {
            let lines: Vec<(usize, String)> = record
                .text
                .lines()
                .enumerate()
                .map(|(i, l)| (i + 1, l.to_string()))
                .collect();
            let parsed =
                suguru_text::parse_block(&lines).map_err(|e| bad(format!("puzzle text: {e}")))?;
            Ok(parsed.puzzle.into())
        }
        other => Err(bad(format!("unknown puzzle kind '{other}'"))),
    }
}

/// `OUT` without a trailing `.cnf`/`.lp`/`.map`.
fn base_name(out: &Path, extension: &str) -> PathBuf {
    match out.extension().and_then(|e| e.to_str()) {
        Some(e) if e == extension || e == "map" => out.with_extension(""),
        _ => out.to_path_buf(),
    }
}

fn with_suffix(base: &Path, suffix: &str) -> PathBuf {
    let mut s = base.as_os_str().to_os_string();
    s.push(suffix);
    PathBuf::from(s)
}

pub fn run(args: Args) -> Result<ExitCode> {
    let options = &args.options;
    if options.to == Target::Lp && (options.encoding.is_some() || options.simplify) {
        return Err(Error::Usage(
            "--encoding and --simplify apply to --to cnf only".into(),
        ));
    }
    if let Some(c) = options.conflict() {
        let mut message = format!("--{} {}", c.key, c.reason);
        if c.reason.starts_with("applies to") {
            message.push_str(&format!(
                " (--to {})",
                crate::pipeline::target_name(options.to)
            ));
        }
        return Err(Error::Usage(message));
    }
    let loaded = args.input.load(None)?;
    let several = loaded.entries.len() > 1;
    let tally = Tally::default();
    for entry in tally.readable(loaded.entries.iter().map(Result::as_ref)) {
        let export = match export(entry, options) {
            Ok(x) => x,
            Err(e @ Error::Usage(_)) => return Err(e),
            Err(e) => {
                tally.report_for(&entry.name, e);
                continue;
            }
        };
        let mut base = base_name(&args.out, export.extension);
        if several {
            base = with_suffix(&base, &format!("-{}", entry.index));
        }
        let file = with_suffix(&base, &format!(".{}", export.extension));
        let map_path = with_suffix(&base, ".map");
        write_atomic(&file, |w| (export.write)(w))?;
        for (extension, write) in &export.extras {
            write_atomic(&with_suffix(&base, &format!(".{extension}")), |w| write(w))?;
        }
        let file_name = file
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        export
            .map_file(entry, loaded.format, file_name)
            .write(&map_path)?;
        println!(
            "{}: wrote {} and {}: {}",
            entry.name,
            file.display(),
            map_path.display(),
            export.summary
        );
    }
    Ok(tally.exit_code(false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::sudoku_text::LineFormat;
    use crate::puzzle::{BlockLayout, Grid, Sudoku};

    fn entry(puzzle: Puzzle) -> Entry {
        Entry {
            index: 1,
            line: 1,
            name: "t#1".into(),
            puzzle,
            solution: None,
        }
    }

    /// A `.map` record rebuilds the same puzzle for box, rectangular-box and jigsaw layouts.
    #[test]
    fn puzzle_records_rebuild_the_puzzle() {
        let mut givens = Grid::empty(6, 6);
        givens.set(0, 3);
        givens.set(35, 6);
        let rect: Puzzle = Sudoku::new(BlockLayout::boxes(2, 3), givens)
            .unwrap()
            .into();
        let labels = [0, 0, 1, 1, 0, 2, 2, 1, 0, 2, 3, 1, 3, 2, 3, 3];
        let mut g4 = Grid::empty(4, 4);
        g4.set(5, 2);
        let jigsaw: Puzzle = Sudoku::new(BlockLayout::jigsaw(4, &labels).unwrap(), g4)
            .unwrap()
            .into();
        for (p, format) in [
            (rect, FileFormat::Sudoku(LineFormat::OneLine)),
            (jigsaw, FileFormat::Sudoku(LineFormat::Numeric)),
        ] {
            let record = puzzle_record(&entry(p.clone()), format);
            let back = rebuild_puzzle(&record, Path::new("x.map")).unwrap();
            assert_eq!(back, p, "{record:?}");
        }
        let bad = PuzzleRecord {
            kind: "sudoku".into(),
            name: "x".into(),
            layout: Some("jigsaw:1,a".into()),
            text: ".".repeat(16),
        };
        let e = rebuild_puzzle(&bad, Path::new("x.map")).unwrap_err();
        assert!(e.to_string().starts_with("x.map: bad jigsaw layout"), "{e}");
    }
}
