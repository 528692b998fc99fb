//! `gridreduce plot`: PNG and SVG plots of a statistics CSV.

use crate::error::Result;
use crate::plot::{PlotKind, PlotSpec, Table, plot};
use std::path::PathBuf;
use std::process::ExitCode;

/// Plot columns of a CSV (from `stats` or `run`) as PNG and SVG.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  gridreduce plot out/stats.csv --kind scatter --x clues --y contracted_vertices -o out/reduced-vs-clues\n  gridreduce plot growth.csv --kind line --x N --y directed_vertices,undirected_vertices --log-x --log-y -o growth\n  gridreduce plot times.csv --kind box --x size --y ms --group route --log-y -o times"
)]
pub struct Args {
    /// CSV file with a header row.
    pub csv: PathBuf,
    #[arg(long, value_enum, default_value = "scatter")]
    pub kind: PlotKind,
    /// x column (for box plots: the column whose values form the boxes).
    #[arg(long)]
    pub x: Option<String>,
    /// y column(s), comma-separated; for histograms the column to count.
    #[arg(long, value_delimiter = ',', required = true)]
    pub y: Vec<String>,
    /// Split rows into series (or boxes) by this column.
    #[arg(long)]
    pub group: Option<String>,
    #[arg(long)]
    pub log_x: bool,
    #[arg(long)]
    pub log_y: bool,
    #[arg(long)]
    pub title: Option<String>,
    #[arg(long)]
    pub x_label: Option<String>,
    #[arg(long)]
    pub y_label: Option<String>,
    /// Histogram bins.
    #[arg(long, default_value_t = 40)]
    pub bins: usize,
    /// Output stem: STEM.png and STEM.svg are written.
    #[arg(short, long)]
    pub output: PathBuf,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let table = Table::read(&args.csv)?;
    let title = args.title.clone().unwrap_or_else(|| match args.kind {
        PlotKind::Histogram => format!("Distribution of {}", args.y.join(", ")),
        _ => format!(
            "{} against {}",
            args.y.join(", "),
            args.x.clone().unwrap_or_default()
        ),
    });
    let spec = PlotSpec {
        kind: args.kind,
        x: args.x,
        y: args.y,
        group: args.group,
        log_x: args.log_x,
        log_y: args.log_y,
        title,
        x_label: args.x_label,
        y_label: args.y_label,
        bins: args.bins,
    };
    let (png, svg) = plot(&table, &spec, &args.output)?;
    println!("{}\n{}", png.display(), svg.display());
    Ok(ExitCode::SUCCESS)
}
