//! `gridreduce plot`: PNG and SVG plots of statistics CSVs, free-form (`--kind`) or one of the
//! project's fixed figures (`--preset`, see [`crate::plot::presets`]).

use crate::error::{Error, Result};
use crate::plot::presets::{Preset, specs};
use crate::plot::{PlotKind, PlotSpec, plot_panels, read_tables};
use std::path::PathBuf;
use std::process::ExitCode;

/// Plot columns of CSV files (from `stats`, `solve --times` or `run`) as PNG and SVG.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Several CSV files are read as one table with an added `file` column (each file's stem): name them after their collections.\n\nPresets (the figures of docs/results.md):\n  reduced-vs-clues  stats CSVs: contracted vertices against clues, one colour per file, Haythorpe's figures marked\n  growth            stats --blank CSV: HCP stages, CNF clauses per encoding, ILP size against N, log-log\n  size-histogram    stats CSVs: contracted vertices, percent of each file's puzzles\n  solve-times       solve --times CSVs: box plots of ms per puzzle by grid size and route, log scale\n\nExamples:\n  gridreduce plot out/stats.csv --kind scatter --x clues --y contracted_vertices -o out/reduced-vs-clues\n  gridreduce plot royle17.csv top95.csv --preset reduced-vs-clues -o clues\n  gridreduce stats --blank 4,9,16,25 --encoding minimal,extended --csv growth.csv && gridreduce plot growth.csv --preset growth -o growth\n  gridreduce plot times-sat.csv times-backtrack.csv --preset solve-times -o times\n  gridreduce plot docs/data/hcp-compare.csv --kind cactus --y median_s --group solver --log-y -o cactus"
)]
pub struct Args {
    /// CSV file(s) with a header row.
    #[arg(required = true, num_args = 1..)]
    pub csv: Vec<PathBuf>,
    /// A fixed figure: its columns, axes, labels and title (the flags below override them).
    #[arg(long, value_enum, conflicts_with = "kind")]
    pub preset: Option<Preset>,
    /// Free-form plot kind (default scatter).
    #[arg(long, value_enum)]
    pub kind: Option<PlotKind>,
    /// x column (for box plots: the column whose values form the boxes; a cactus plot's x is the
    /// count of solved rows, and a y that is empty or no number marks a row unsolved).
    #[arg(long)]
    pub x: Option<String>,
    /// y column(s), comma-separated; for histograms the column to count.
    #[arg(long, value_delimiter = ',', required_unless_present = "preset")]
    pub y: Vec<String>,
    /// Split rows into series (or boxes) by this column (`file`: by input file).
    #[arg(long)]
    pub group: Option<String>,
    /// Logarithmic x axis (rows with x <= 0 are left out).
    #[arg(long)]
    pub log_x: bool,
    /// Logarithmic y axis (rows with y <= 0 are left out).
    #[arg(long)]
    pub log_y: bool,
    /// Title above the plot (default: the preset's, or "Y against X").
    #[arg(long)]
    pub title: Option<String>,
    /// x axis label, with units (default: the preset's, or the column name).
    #[arg(long)]
    pub x_label: Option<String>,
    /// y axis label, with units (default: the preset's, or the column names).
    #[arg(long)]
    pub y_label: Option<String>,
    /// Histogram bins [default: 40; size-histogram: 60].
    #[arg(long)]
    #[arg(value_parser = clap::value_parser!(u32).range(1..=crate::plot::MAX_BINS as i64))]
    pub bins: Option<u32>,
    /// Output stem: STEM.png and STEM.svg are written.
    #[arg(short, long)]
    pub output: PathBuf,
}

pub fn run(args: Args) -> Result<ExitCode> {
    super::check_out_base(&args.output, "OUT.png and OUT.svg")?;
    let table = read_tables(&args.csv)?;
    let mut panels = match args.preset {
        Some(preset) => specs(preset, &table, &args.y),
        None => {
            let kind = args.kind.unwrap_or(PlotKind::Scatter);
            let title = match kind {
                PlotKind::Histogram => format!("Distribution of {}", args.y.join(", ")),
                PlotKind::Cactus => format!("Solved instances by {}", args.y.join(", ")),
                _ => format!(
                    "{} against {}",
                    args.y.join(", "),
                    args.x.clone().unwrap_or_default()
                ),
            };
            vec![PlotSpec {
                kind,
                y: args.y.clone(),
                title,
                ..PlotSpec::default()
            }]
        }
    };
    if panels.is_empty() {
        return Err(Error::Usage(format!(
            "the preset finds none of its columns in {}; the columns are: {}",
            args.csv[0].display(),
            table.header.join(", ")
        )));
    }
    for spec in &mut panels {
        if args.x.is_some() {
            spec.x = args.x.clone();
        }
        if args.group.is_some() {
            spec.group = args.group.clone();
        }
        spec.log_x |= args.log_x;
        spec.log_y |= args.log_y;
        if let Some(t) = &args.title {
            spec.title = t.clone();
        }
        if args.x_label.is_some() {
            spec.x_label = args.x_label.clone();
        }
        if args.y_label.is_some() {
            spec.y_label = args.y_label.clone();
        }
        if let Some(b) = args.bins {
            spec.bins = b as usize;
        }
    }
    let (png, svg) = plot_panels(&table, &panels, &args.output)?;
    println!("{}\n{}", png.display(), svg.display());
    Ok(ExitCode::SUCCESS)
}
