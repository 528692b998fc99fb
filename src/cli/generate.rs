//! `gridreduce generate suguru|sudoku|latin`: puzzles reproducible by `--seed`, written in the
//! project's own formats (the Suguru block format with the solution; one Sudoku per line; Latin
//! squares with holes as `.pls` or a description file). Statistics go to stderr, with a progress bar
//! for batches.

use crate::error::{Error, Result};
use crate::formats::sudoku_text::{LineFormat, format_grid};
use crate::formats::suguru_text::format_block;
use crate::generate::{sudoku, suguru};
use crate::puzzle::{Described, Family, Puzzle};
use indicatif::ProgressBar;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Generate puzzles with a unique solution.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub kind: Kind,
}

#[derive(clap::Subcommand, Debug)]
pub enum Kind {
    Suguru(SuguruArgs),
    Sudoku(SudokuArgs),
    Latin(LatinArgs),
    /// Sudoku-X: both main diagonals hold each value once; unique, minimal puzzles.
    SudokuX(VariantArgs),
    /// Windoku (hyper-Sudoku): extra windows one step in from the boxes; unique, minimal puzzles.
    Windoku(VariantArgs),
    /// Disjoint groups: the cells at one position within their boxes hold each value once.
    SudokuDisjoint(VariantArgs),
    /// Unique, minimal puzzles on the shape of a described puzzle (any description file).
    Like(LikeArgs),
}

/// How many puzzles, from which seed, to which file: the options every described-puzzle generator
/// shares.
#[derive(clap::Args, Debug)]
pub struct Batch {
    #[arg(long, default_value_t = 1)]
    pub count: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Output file; stdout when absent.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// A Sudoku variant: a random solution, givens removed while the solution stays unique. Written
/// as a description file (docs/describe.md) with the solutions.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  gridreduce generate sudoku-x --n 9 --count 3 --seed 1 -o x.yaml"
)]
pub struct VariantArgs {
    /// N: symbols, rows, columns.
    #[arg(long, default_value_t = 9)]
    pub n: usize,
    /// Box shape PxQ (default: the most square one for N).
    #[arg(long, value_name = "PxQ")]
    pub boxes: Option<String>,
    #[command(flatten)]
    pub batch: Batch,
}

/// Puzzles on the shape of the first puzzle of a description file (its givens are ignored).
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  gridreduce generate like data/described/shapes/diagonal-latin-5.yaml --count 3 -o mine.yaml"
)]
pub struct LikeArgs {
    /// A puzzle file whose first puzzle gives the shape (any kind but Sudoku and Suguru, which
    /// have their own generators).
    pub shape: PathBuf,
    #[command(flatten)]
    pub batch: Batch,
}

/// Quasigroups with holes: a uniformly random Latin square (Jacobson–Matthews chain) with holes
/// punched; satisfiable by construction, not necessarily unique.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "The output is lsencode's .pls format (order N, then rows of 0-based values, -1 a hole) unless
-o names a .yaml, .yml or .json file: then a description file (docs/describe.md) with each
square as its solution. Square k of a batch is drawn from its own seed, as in the other generators.

Examples:
  gridreduce generate latin --order 30 --holes 378 --seed 1 -o qwh30.pls
  gridreduce generate latin --order 10 --holes 42 --balanced --count 5 -o qwh10.yaml"
)]
pub struct LatinArgs {
    /// The order N (N×N cells, values 1..N).
    #[arg(long)]
    pub order: usize,
    /// How many cells to empty (42% of N² is near the hardness peak of the QWH literature).
    #[arg(long)]
    pub holes: usize,
    #[arg(long, default_value_t = 1)]
    pub count: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Balanced holes: each row and column gets ⌊H/N⌋ or ⌈H/N⌉ of them (Kautz et al., IJCAI 2001).
    #[arg(long)]
    pub balanced: bool,
    /// Moves of the Markov chain per square (default N³).
    #[arg(long, value_name = "MOVES")]
    pub steps: Option<u64>,
    /// Output file; stdout (.pls format) when absent.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Also write the full squares, in .pls format (line by line in the order of the puzzles).
    #[arg(long, value_name = "FILE")]
    pub solutions: Option<PathBuf>,
}

/// Suguru: random regions (randomised BFS), a random solution, hints removed while unique.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  gridreduce generate suguru --size 15x15 --count 3 --seed 1 -o gen15.txt"
)]
pub struct SuguruArgs {
    /// Grid size RxC, e.g. 8x8 or 1x30.
    #[arg(long, value_name = "RxC")]
    pub size: String,
    #[arg(long, default_value_t = 1)]
    pub count: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Output file (the Suguru block format, with solutions); stdout when absent.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Largest region.
    #[arg(long, default_value_t = 5, value_name = "M")]
    pub max_region: usize,
    /// Most hints a puzzle may keep (default: 40% of the cells).
    #[arg(long, value_name = "H")]
    pub max_hints: Option<usize>,
}

/// Sudoku with few clues: clues removed while unique, crowded units first; tries until the target.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "18 clues (--target-clues 18) takes about a minute per puzzle in a release build (docs/algorithms.md).\n\nExample:\n  gridreduce generate sudoku --n 9 --target-clues 21 --count 3 --seed 1 -o few.txt --solutions few.solutions.txt"
)]
pub struct SudokuArgs {
    /// N: symbols, rows, columns (the default block layout for N).
    #[arg(long, default_value_t = 9)]
    pub n: usize,
    /// Keep trying until a minimal puzzle has at most this many clues (with --stop-at-target: end
    /// the removal pass at this many).
    #[arg(long, default_value_t = 18)]
    pub target_clues: usize,
    #[arg(long, default_value_t = 1)]
    pub count: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Output file (one puzzle per line); stdout when absent.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Also write the solutions (line k solves puzzle k).
    #[arg(long, value_name = "FILE")]
    pub solutions: Option<PathBuf>,
    /// Which clue to try removing next: the one in the most crowded units, or random.
    #[arg(long, value_enum, default_value = "crowded")]
    pub order: OrderArg,
    /// Give up on a puzzle after this many tries.
    #[arg(long, default_value_t = 1_000_000)]
    pub max_tries: usize,
    /// Walk steps after each removal pass (drop a clue, add one that singles out one of the
    /// resulting solutions, prune again): stop after this many steps in a row without fewer clues.
    /// 2000 is the measured setting that reaches 18 clues (docs/algorithms.md).
    #[arg(long, default_value_t = 2000)]
    pub swaps: usize,
    /// Give up after this many seconds for the whole command (exit code 3; the puzzles finished
    /// by then are written). Default: no limit up to N = 16, 60 s above, where one try (hundreds
    /// of uniqueness checks of up to seconds each) can run for minutes: a minimal 25×25 took 70 s.
    #[arg(long, value_name = "SECS", value_parser = super::hcp_solve::parse_seconds)]
    pub time_limit: Option<Duration>,
    /// End the removal pass as soon as the puzzle has --target-clues clues: unique, not
    /// necessarily minimal (a pass that ends minimal above the target still walks). For test sets
    /// of large grids at a chosen density (e.g. --n 36 --target-clues 700), where the removals
    /// down to a minimal puzzle each need a long uniqueness proof.
    #[arg(long)]
    pub stop_at_target: bool,
    /// Above 16x16: give each uniqueness check at most this many SAT solver checks (each portfolio
    /// member's terminate checks, restarts included; at 36x36 about 10000 a second on each of two
    /// cores). A check that runs out keeps its clue, and the removal pass ends after 25 checks in a
    /// row ran out, so the puzzle may not be minimal. For puzzles near the hardness peak, where
    /// single checks take minutes (e.g. --n 36 --target-clues 682 --stop-at-target --check-limit
    /// 50000 --time-limit 900: 52.6% given, 11 minutes); unlike a time limit, the same seed gives
    /// the same puzzle on every machine.
    #[arg(long, value_name = "CHECKS", value_parser = clap::value_parser!(u64).range(1..))]
    pub check_limit: Option<u64>,
}

/// The time limit of `generate sudoku` when none is given: none up to this N (a 16×16 try takes
/// about a second), [`LARGE_N_TIME_LIMIT`] above.
const UNLIMITED_UP_TO_N: usize = 16;
/// See [`UNLIMITED_UP_TO_N`].
const LARGE_N_TIME_LIMIT: Duration = Duration::from_secs(60);

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OrderArg {
    Crowded,
    Random,
}

pub fn run(args: Args) -> Result<ExitCode> {
    match args.kind {
        Kind::Suguru(a) => run_suguru(a),
        Kind::Sudoku(a) => run_sudoku(a),
        Kind::Latin(a) => run_latin(a),
        Kind::SudokuX(a) => run_variant(Family::SudokuX, a),
        Kind::Windoku(a) => run_variant(Family::Windoku, a),
        Kind::SudokuDisjoint(a) => run_variant(Family::Disjoint, a),
        Kind::Like(a) => run_like(a),
    }
}

fn run_variant(family: Family, a: VariantArgs) -> Result<ExitCode> {
    use crate::formats::sudoku_text::LayoutSpec;
    use crate::puzzle::{BlockLayout, Grid, MAX_VALUE, Sudoku};
    if a.n == 0 || a.n > MAX_VALUE {
        return Err(Error::Usage(format!(
            "--n {}: give N from 1 to {MAX_VALUE}",
            a.n
        )));
    }
    let layout = match a.boxes.as_deref().map(LayoutSpec::parse_boxes).transpose() {
        Err(m) => return Err(Error::Usage(m)),
        Ok(Some(LayoutSpec::Boxes(p, q))) if p * q == a.n => BlockLayout::boxes(p, q),
        Ok(Some(LayoutSpec::Boxes(p, q))) => {
            return Err(Error::Usage(format!(
                "--boxes {p}x{q} does not tile a {n}x{n} grid",
                n = a.n
            )));
        }
        _ => BlockLayout::default_for(a.n),
    };
    let sudoku = Sudoku::new(layout, Grid::empty(a.n, a.n)).map_err(Error::Usage)?;
    let shape = Described::sudoku_variant(family, &sudoku).map_err(Error::Usage)?;
    let header = format!(
        "# {} generated by gridreduce: --n {} --seed {}{}\n",
        family.name(),
        a.n,
        a.batch.seed,
        a.boxes
            .as_deref()
            .map(|b| format!(" --boxes {b}"))
            .unwrap_or_default()
    );
    generate_like(
        &shape,
        &header,
        &format!("{}-{}", family.name(), a.n),
        &a.batch,
    )
}

fn run_like(a: LikeArgs) -> Result<ExitCode> {
    let options = crate::formats::ReadOptions::default();
    let collection = crate::formats::read_collection(&a.shape, &options)?;
    let entry = collection
        .entries
        .into_iter()
        .next()
        .ok_or_else(|| Error::Usage(format!("{}: no puzzle", a.shape.display())))?
        .map_err(Error::Input)?;
    let Puzzle::Described(shape) = entry.puzzle else {
        return Err(Error::Usage(format!(
            "{}: its first puzzle is a {}; use `generate {}` for those",
            a.shape.display(),
            entry.puzzle.kind(),
            entry.puzzle.kind()
        )));
    };
    let header = format!(
        "# generated by gridreduce on the shape of {}: --seed {}\n",
        a.shape.display(),
        a.batch.seed
    );
    let stem = crate::formats::tokens::excerpt(&entry.name).to_string();
    generate_like(&shape, &header, &stem, &a.batch)
}

fn generate_like(shape: &Described, header: &str, stem: &str, batch: &Batch) -> Result<ExitCode> {
    let (count, seed, output) = (batch.count, batch.seed, &batch.output);
    use crate::formats::spec;
    use crate::generate::described;
    let start = Instant::now();
    let bar = bar(count, "puzzles");
    let (mut documents, mut clues, mut checks) = (Vec::new(), 0usize, 0usize);
    for i in 0..count {
        let g = described::generate(shape, seed, i as u64)?;
        clues += g.puzzle.givens().filled();
        checks += g.checks;
        let name = format!("{stem}-seed{seed}-{}", i + 1);
        documents.push(spec::to_text(&name, &g.puzzle.into(), Some(&g.solution)));
        bar.inc(1);
    }
    bar.finish_and_clear();
    emit(output, &(header.to_string() + &documents.join("---\n")))?;
    eprintln!(
        "generated {count} unique minimal puzzles in {:.2} s: {:.1} clues and {:.0} searches each",
        start.elapsed().as_secs_f64(),
        clues as f64 / count.max(1) as f64,
        checks as f64 / count.max(1) as f64
    );
    Ok(ExitCode::SUCCESS)
}

fn run_latin(a: LatinArgs) -> Result<ExitCode> {
    use crate::formats::{pls, spec};
    use crate::generate::latin;
    let start = Instant::now();
    let model = if a.balanced {
        latin::Holes::Balanced
    } else {
        latin::Holes::Random
    };
    let describe = a.output.as_deref().is_some_and(spec::is_spec_path);
    let header = format!(
        "# QWH generated by gridreduce: --order {} --holes {} --seed {}{}{}\n",
        a.order,
        a.holes,
        a.seed,
        if a.balanced { " --balanced" } else { "" },
        a.steps.map(|s| format!(" --steps {s}")).unwrap_or_default()
    );
    let (mut puzzles, mut solutions) = (header.clone(), header.clone());
    let mut documents = Vec::new();
    let bar = bar(a.count, "squares");
    for i in 0..a.count {
        let mut rng = crate::generate::rng_for(a.seed, i as u64);
        let g =
            latin::generate(a.order, a.holes, model, a.steps, &mut rng).map_err(Error::Usage)?;
        let name = format!(
            "qwh-{}-{}{}-seed{}-{}",
            a.order,
            a.holes,
            if a.balanced { "-bal" } else { "" },
            a.seed,
            i + 1
        );
        if describe {
            documents.push(spec::to_text(
                &name,
                &g.puzzle.clone().into(),
                Some(&g.solution),
            ));
        } else {
            puzzles.push_str(&pls::format(g.puzzle.givens()));
            puzzles.push('\n');
        }
        solutions.push_str(&pls::format(&g.solution));
        solutions.push('\n');
        bar.inc(1);
    }
    bar.finish_and_clear();
    let text = if describe {
        header + &documents.join("---\n")
    } else {
        puzzles
    };
    emit(&a.output, &text)?;
    if let Some(path) = &a.solutions {
        crate::formats::atomic::write_string_atomic(path, &solutions)?;
    }
    eprintln!(
        "generated {} quasigroups with holes of order {} ({} holes, {:.1}%) in {:.2} s",
        a.count,
        a.order,
        a.holes,
        100.0 * a.holes as f64 / (a.order * a.order).max(1) as f64,
        start.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

fn parse_size(text: &str) -> Result<(usize, usize)> {
    let bad = || Error::Usage(format!("--size '{text}' is not of the form RxC (e.g. 8x8)"));
    let (r, c) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    Ok((r, c))
}

fn bar(count: usize, what: &str) -> ProgressBar {
    crate::batch::progress(count, what, count <= 1)
}

fn emit(output: &Option<PathBuf>, text: &str) -> Result<()> {
    match output {
        Some(path) => crate::formats::atomic::write_string_atomic(path, text),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

fn run_suguru(a: SuguruArgs) -> Result<ExitCode> {
    let (rows, cols) = parse_size(&a.size)?;
    let config = suguru::Config {
        rows,
        cols,
        max_region: a.max_region,
        max_hints: a.max_hints,
        seed: a.seed,
    };
    let mut text = format!(
        "# Suguru generated by gridreduce: --size {rows}x{cols} --seed {} --max-region {} --max-hints {}\n# format: see data/suguru/README.md (size, regions, givens, solution)\n",
        a.seed,
        a.max_region,
        config.hint_cap()
    );
    let bar = bar(a.count, "puzzles");
    let start = Instant::now();
    let mut hints = 0;
    for i in 0..a.count {
        let g = suguru::generate(&config, i as u64)?;
        let cells = rows * cols;
        let sizes = g.puzzle.region_sizes();
        hints += g.puzzle.clues();
        text.push('\n');
        text.push_str(&format!(
            "# stats: regions={} max_region={} givens={}/{} unique_solution=yes layouts={} solutions={} checks={}\n",
            sizes.len(),
            sizes.iter().max().unwrap_or(&0),
            g.puzzle.clues(),
            cells,
            g.layouts,
            g.solutions,
            g.checks
        ));
        text.push_str(&format_block(
            Some(&format!(
                "gridreduce-suguru-{rows}x{cols}-seed{}-{}",
                a.seed,
                i + 1
            )),
            &g.puzzle,
            Some(&g.solution),
        ));
        bar.inc(1);
    }
    bar.finish_and_clear();
    emit(&a.output, &text)?;
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "generated {} {rows}x{cols} Suguru in {secs:.2} s ({:.3} s each), {:.1}% hints on average",
        a.count,
        secs / a.count.max(1) as f64,
        100.0 * hints as f64 / (a.count.max(1) * rows * cols) as f64
    );
    Ok(ExitCode::SUCCESS)
}

fn run_sudoku(a: SudokuArgs) -> Result<ExitCode> {
    let start = Instant::now();
    if a.check_limit.is_some() && a.n <= UNLIMITED_UP_TO_N {
        return Err(Error::Usage(format!(
            "--check-limit counts SAT solver checks, and a {n}x{n} grid's uniqueness checks are all \
             answered by the search (SAT takes them above {UNLIMITED_UP_TO_N}x{UNLIMITED_UP_TO_N})",
            n = a.n
        )));
    }
    let time_limit = a
        .time_limit
        .or((a.n > UNLIMITED_UP_TO_N).then_some(LARGE_N_TIME_LIMIT));
    let config = sudoku::Config {
        deadline: time_limit.map(|d| start + d),
        stop_at_target: a.stop_at_target,
        check_limit: a.check_limit,
        max_tries: a.max_tries,
        swaps: a.swaps,
        order: match a.order {
            OrderArg::Crowded => sudoku::Order::Crowded,
            OrderArg::Random => sudoku::Order::Random,
        },
        ..sudoku::Config::new(a.n, a.target_clues, a.seed)
    };
    let header = format!(
        "# Sudoku generated by gridreduce: --n {} --target-clues {} --seed {} --swaps {} --order {}{}{}\n",
        a.n,
        a.target_clues,
        a.seed,
        a.swaps,
        if a.order == OrderArg::Crowded {
            "crowded"
        } else {
            "random"
        },
        if a.stop_at_target {
            " --stop-at-target"
        } else {
            ""
        },
        a.check_limit
            .map(|c| format!(" --check-limit {c}"))
            .unwrap_or_default()
    );
    let mut puzzles = header.clone();
    let mut solutions = header;
    let bar = bar(a.count, "puzzles");
    let (mut tries, mut seventeen) = (0usize, 0usize);
    let mut histogram = std::collections::BTreeMap::new();
    let (mut finished, mut timed_out, mut undecided) = (0, None, 0);
    for i in 0..a.count {
        let g = match sudoku::generate(&config, i as u64) {
            Ok(g) => g,
            Err(Error::Timeout(why)) => {
                let limit = time_limit.map_or(0.0, |d| d.as_secs_f64());
                // Above 16×16 the likely cause is the pass's last checks near a minimal puzzle.
                let hint = if a.n > UNLIMITED_UP_TO_N && !a.stop_at_target {
                    " (a larger --time-limit, --stop-at-target for a puzzle with that many clues \
                     that need not be minimal, or --check-limit)"
                } else {
                    ""
                };
                timed_out = Some(format!(
                    "the time limit of {limit} s ran out at puzzle {} of {}: {why}{hint}",
                    i + 1,
                    a.count
                ));
                break;
            }
            Err(e) => return Err(e),
        };
        finished += 1;
        tries += g.tries;
        seventeen += g.seventeen;
        undecided += g.undecided;
        for &c in &g.minimal_clues {
            *histogram.entry(c).or_insert(0usize) += 1;
        }
        let format = if a.n <= 35 {
            LineFormat::OneLine
        } else {
            LineFormat::Numeric
        };
        puzzles.push_str(&format_grid(g.puzzle.givens(), format));
        puzzles.push('\n');
        solutions.push_str(&format_grid(&g.solution, format));
        solutions.push('\n');
        bar.inc(1);
        bar.set_message(format!("puzzles ({tries} tries)"));
    }
    bar.finish_and_clear();
    if let Some(why) = &timed_out
        && finished == 0
    {
        return Err(Error::Timeout(why.clone()));
    }
    // Past here at least one puzzle is finished: it is written even if a later one timed out.
    emit(&a.output, &puzzles)?;
    if let Some(path) = &a.solutions {
        crate::formats::atomic::write_string_atomic(path, &solutions)?;
    }
    let secs = start.elapsed().as_secs_f64();
    let hist: Vec<String> = histogram.iter().map(|(c, k)| format!("{c}:{k}")).collect();
    eprintln!(
        "generated {finished} puzzles with <= {} clues in {secs:.2} s: {tries} tries ({:.1} per puzzle, {:.1} ms per try)",
        a.target_clues,
        tries as f64 / finished.max(1) as f64,
        1000.0 * secs / tries.max(1) as f64
    );
    if a.n == 9 {
        eprintln!("{seventeen} of the {tries} tries reached 17 clues (the minimum for 9x9)");
    }
    if let Some(limit) = a.check_limit {
        eprintln!(
            "{undecided} uniqueness checks ran out of --check-limit {limit} (their clues kept, so the puzzles may not be minimal)"
        );
    }
    let what = if a.stop_at_target || a.check_limit.is_some() {
        "clues at the end of every try's removal pass"
    } else {
        "clues of the minimal puzzle of every try"
    };
    eprintln!("{what}: {}", hist.join(" "));
    match timed_out {
        Some(why) => Err(Error::Timeout(format!(
            "{why}; the {finished} finished puzzles were written"
        ))),
        None => Ok(ExitCode::SUCCESS),
    }
}
