//! Plots of statistics CSV files, as PNG and SVG, with text rendered from the embedded DejaVu Sans
//! font (no system font packages needed).
//!
//! Four kinds cover the workbench's figures:
//! * `scatter` — one point per row (e.g. contracted vertices against clue count over the 17-clue list);
//! * `line` — y against x per series, sorted by x (e.g. growth of every encoding against N, log-log);
//! * `histogram` — the distribution of one column, one colour per group (e.g. reduced sizes per
//!   collection);
//! * `box` — quartiles and extremes of y per group of x (e.g. solve times per route and grid size).
//!
//! Log axes plot log10 of the values and label the ticks with the original numbers.

use crate::error::{Error, InputError, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum PlotKind {
    Scatter,
    Line,
    Histogram,
    Box,
}

/// What to draw. Column names refer to the CSV header.
#[derive(Clone, Debug)]
pub struct PlotSpec {
    pub kind: PlotKind,
    /// x column (scatter, line; for box plots the grouping column; unused for histograms).
    pub x: Option<String>,
    /// y columns (several make several series); for histograms the column to count.
    pub y: Vec<String>,
    /// A column whose values split rows into series.
    pub group: Option<String>,
    pub log_x: bool,
    pub log_y: bool,
    pub title: String,
    pub x_label: Option<String>,
    pub y_label: Option<String>,
    /// Histogram bins.
    pub bins: usize,
}

/// A CSV table: header and rows of strings.
pub struct Table {
    pub path: PathBuf,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    pub fn read(path: &Path) -> Result<Table> {
        let mut reader = csv::ReaderBuilder::new()
            .flexible(false)
            .from_path(path)
            .map_err(|e| csv_error(path, e))?;
        let header: Vec<String> = reader
            .headers()
            .map_err(|e| csv_error(path, e))?
            .iter()
            .map(String::from)
            .collect();
        let mut rows = Vec::new();
        for record in reader.records() {
            rows.push(
                record
                    .map_err(|e| csv_error(path, e))?
                    .iter()
                    .map(String::from)
                    .collect(),
            );
        }
        Ok(Table {
            path: path.to_path_buf(),
            header,
            rows,
        })
    }

    pub fn column(&self, name: &str) -> Result<usize> {
        self.header.iter().position(|h| h == name).ok_or_else(|| {
            Error::Input(
                InputError::at_line(
                    1,
                    format!(
                        "no column '{name}'; the columns are: {}",
                        self.header.join(", ")
                    ),
                )
                .in_file(&self.path),
            )
        })
    }
}

fn csv_error(path: &Path, e: csv::Error) -> Error {
    let line = e.position().map(|p| p.line() as usize);
    let mut err = InputError::new(format!("bad CSV: {e}")).in_file(path);
    err.line = line;
    Error::Input(err)
}

const COLOURS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

/// Registers DejaVu Sans as the "sans-serif" family once per process.
fn fonts() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = plotters::style::register_font(
            "sans-serif",
            FontStyle::Normal,
            dejavu::sans::regular(),
        );
        let _ = plotters::style::register_font("sans-serif", FontStyle::Bold, dejavu::sans::bold());
    });
}

/// Series of (x, y) points keyed by series name.
type Series = BTreeMap<String, Vec<(f64, f64)>>;

fn parse_num(s: &str) -> Option<f64> {
    let v: f64 = s.trim().parse().ok()?;
    v.is_finite().then_some(v)
}

/// Draws `spec` from `table` into `<stem>.png` and `<stem>.svg`; returns both paths.
pub fn plot(table: &Table, spec: &PlotSpec, stem: &Path) -> Result<(PathBuf, PathBuf)> {
    fonts();
    let data = prepare(table, spec)?;
    let png = stem.with_extension("png");
    let svg = stem.with_extension("svg");
    // PNG: rendered to a temp file in the same folder, then renamed (never half-written).
    let dir = match png.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let tmp = tempfile::Builder::new()
        .prefix(".gridreduce-")
        .suffix(".png")
        .tempfile_in(&dir)
        .map_err(|e| Error::io(&png, e))?;
    {
        let root = BitMapBackend::new(tmp.path(), (1000, 700)).into_drawing_area();
        draw(&root, spec, &data).map_err(|e| Error::Usage(format!("cannot draw the plot: {e}")))?;
        root.present()
            .map_err(|e| Error::Usage(format!("cannot write {}: {e}", png.display())))?;
    }
    tmp.persist(&png).map_err(|e| Error::io(&png, e.error))?;
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (1000, 700)).into_drawing_area();
        draw(&root, spec, &data).map_err(|e| Error::Usage(format!("cannot draw the plot: {e}")))?;
        root.present()
            .map_err(|e| Error::Usage(format!("cannot draw the plot: {e}")))?;
    }
    crate::formats::atomic::write_string_atomic(&svg, &text)?;
    Ok((png, svg))
}

/// Prepared data: series for scatter/line/histogram, or named groups of values for box plots.
enum Data {
    Points(Series),
    Values(Vec<(String, Vec<f64>)>),
}

fn prepare(table: &Table, spec: &PlotSpec) -> Result<Data> {
    let group = spec.group.as_deref().map(|g| table.column(g)).transpose()?;
    let ys: Vec<usize> = spec
        .y
        .iter()
        .map(|y| table.column(y))
        .collect::<Result<_>>()?;
    if ys.is_empty() {
        return Err(Error::Usage("name at least one column with --y".into()));
    }
    // Histograms and box plots work on log10 of the values when asked (their own axes are linear).
    let logx = |v: f64| {
        if spec.log_x {
            (v > 0.0).then(|| v.log10())
        } else {
            Some(v)
        }
    };
    let logy = |v: f64| {
        if spec.log_y {
            (v > 0.0).then(|| v.log10())
        } else {
            Some(v)
        }
    };
    match spec.kind {
        PlotKind::Scatter | PlotKind::Line => {
            let x = table.column(
                spec.x
                    .as_deref()
                    .ok_or_else(|| Error::Usage("--x is needed".into()))?,
            )?;
            let mut series = Series::new();
            for row in &table.rows {
                for (k, &y) in ys.iter().enumerate() {
                    let name = match group {
                        Some(g) if ys.len() > 1 => format!("{} {}", row[g], spec.y[k]),
                        Some(g) => row[g].clone(),
                        None => spec.y[k].clone(),
                    };
                    // Log axes need positive values; others are dropped from the plot.
                    let keep = |v: f64, log: bool| (!log || v > 0.0).then_some(v);
                    if let (Some(a), Some(b)) = (
                        parse_num(&row[x]).and_then(|v| keep(v, spec.log_x)),
                        parse_num(&row[y]).and_then(|v| keep(v, spec.log_y)),
                    ) {
                        series.entry(name).or_default().push((a, b));
                    }
                }
            }
            for points in series.values_mut() {
                points.sort_by(|a, b| a.partial_cmp(b).unwrap());
            }
            Ok(Data::Points(series))
        }
        PlotKind::Histogram => {
            let mut series = Series::new();
            for row in &table.rows {
                for (k, &y) in ys.iter().enumerate() {
                    let name = match group {
                        Some(g) => row[g].clone(),
                        None => spec.y[k].clone(),
                    };
                    if let Some(v) = parse_num(&row[y]).and_then(logx) {
                        series.entry(name).or_default().push((v, 0.0));
                    }
                }
            }
            Ok(Data::Points(series))
        }
        PlotKind::Box => {
            let x = table.column(
                spec.x
                    .as_deref()
                    .ok_or_else(|| Error::Usage("--x (the grouping column) is needed".into()))?,
            )?;
            let mut groups: Vec<(String, Vec<f64>)> = Vec::new();
            for row in &table.rows {
                let name = match group {
                    Some(g) => format!("{} {}", row[x], row[g]),
                    None => row[x].clone(),
                };
                if let Some(v) = parse_num(&row[ys[0]]).and_then(logy) {
                    match groups.iter_mut().find(|(n, _)| *n == name) {
                        Some((_, vals)) => vals.push(v),
                        None => groups.push((name, vec![v])),
                    }
                }
            }
            Ok(Data::Values(groups))
        }
    }
}

fn bounds(values: impl Iterator<Item = f64>, log: bool) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if !lo.is_finite() {
        return if log { (1.0, 10.0) } else { (0.0, 1.0) };
    }
    if log {
        return (lo / 1.25, hi * 1.25);
    }
    if hi - lo < 1e-9 {
        return (lo - 0.5, hi + 0.5);
    }
    let pad = (hi - lo) * 0.05;
    (lo - pad, hi + pad)
}

/// Tick label: the value itself, or 10^value on a log axis.
fn tick(v: f64, log: bool) -> String {
    let x = if log {
        // Three significant digits: ticks of a transformed log axis are not round numbers.
        let x = 10f64.powf(v);
        let scale = 10f64.powi(x.abs().log10().floor() as i32 - 2);
        (x / scale).round() * scale
    } else {
        v
    };
    if x.abs() >= 1e6 || (x != 0.0 && x.abs() < 1e-3) {
        format!("{x:.1e}")
    } else if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round() as i64)
    } else {
        format!("{x:.3}")
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string()
    }
}

fn quartiles(values: &mut [f64]) -> [f64; 5] {
    values.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let q = |p: f64| {
        let pos = p * (values.len() - 1) as f64;
        let (i, f) = (pos.floor() as usize, pos.fract());
        if i + 1 < values.len() {
            values[i] * (1.0 - f) + values[i + 1] * f
        } else {
            values[i]
        }
    };
    [q(0.0), q(0.25), q(0.5), q(0.75), q(1.0)]
}

type DrawResult<E> = std::result::Result<(), DrawingAreaErrorKind<E>>;

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    spec: &PlotSpec,
    data: &Data,
) -> DrawResult<DB::ErrorType> {
    root.fill(&WHITE)?;
    let x_desc = spec
        .x_label
        .clone()
        .or_else(|| spec.x.clone())
        .unwrap_or_default();
    let y_desc = spec.y_label.clone().unwrap_or_else(|| spec.y.join(", "));
    let caption = (spec.title.as_str(), ("sans-serif", 26).into_font());
    match data {
        Data::Points(series) if spec.kind == PlotKind::Histogram => {
            let (lo, hi) = bounds(series.values().flatten().map(|p| p.0), false);
            let bins = spec.bins.max(1);
            let width = (hi - lo) / bins as f64;
            let counts: Vec<(String, Vec<u64>)> = series
                .iter()
                .map(|(name, pts)| {
                    let mut c = vec![0u64; bins];
                    for p in pts {
                        let b = (((p.0 - lo) / width) as usize).min(bins - 1);
                        c[b] += 1;
                    }
                    (name.clone(), c)
                })
                .collect();
            let top = counts
                .iter()
                .flat_map(|(_, c)| c.iter())
                .copied()
                .max()
                .unwrap_or(1) as f64
                * 1.08;
            let mut chart = ChartBuilder::on(root)
                .caption(caption.0, caption.1)
                .margin(20)
                .x_label_area_size(55)
                .y_label_area_size(80)
                .build_cartesian_2d(lo..hi, 0.0..top)?;
            chart
                .configure_mesh()
                .x_desc(x_desc_or(&spec.x_label, &spec.y.join(", ")))
                .y_desc(spec.y_label.clone().unwrap_or_else(|| "puzzles".into()))
                .x_label_formatter(&|v| tick(*v, spec.log_x))
                .label_style(("sans-serif", 16))
                .axis_desc_style(("sans-serif", 18))
                .draw()?;
            for (k, (name, c)) in counts.iter().enumerate() {
                let colour = COLOURS[k % COLOURS.len()];
                chart
                    .draw_series(c.iter().enumerate().map(|(b, &n)| {
                        let x0 = lo + b as f64 * width;
                        Rectangle::new(
                            [(x0, 0.0), (x0 + width, n as f64)],
                            colour.mix(0.55).filled(),
                        )
                    }))?
                    .label(name.as_str())
                    .legend(move |(x, y)| {
                        Rectangle::new([(x, y - 6), (x + 12, y + 6)], colour.filled())
                    });
            }
            legend(&mut chart, counts.len())?;
        }
        Data::Points(series) => {
            let (x0, x1) = bounds(series.values().flatten().map(|p| p.0), spec.log_x);
            let (y0, y1) = bounds(series.values().flatten().map(|p| p.1), spec.log_y);
            let labels = (x_desc, y_desc);
            match (spec.log_x, spec.log_y) {
                (false, false) => draw_points(root, spec, series, labels, x0..x1, y0..y1)?,
                (true, false) => {
                    draw_points(root, spec, series, labels, (x0..x1).log_scale(), y0..y1)?
                }
                (false, true) => {
                    draw_points(root, spec, series, labels, x0..x1, (y0..y1).log_scale())?
                }
                (true, true) => draw_points(
                    root,
                    spec,
                    series,
                    labels,
                    (x0..x1).log_scale(),
                    (y0..y1).log_scale(),
                )?,
            }
        }
        Data::Values(groups) => {
            let (y0, y1) = bounds(groups.iter().flat_map(|(_, v)| v.iter().copied()), false);
            let n = groups.len().max(1);
            let mut chart = ChartBuilder::on(root)
                .caption(caption.0, caption.1)
                .margin(20)
                .x_label_area_size(70)
                .y_label_area_size(90)
                .build_cartesian_2d(-0.5..n as f64 - 0.5, y0..y1)?;
            let names: Vec<String> = groups.iter().map(|(n, _)| n.clone()).collect();
            chart
                .configure_mesh()
                .x_desc(x_desc)
                .y_desc(y_desc)
                .x_labels(n)
                .x_label_formatter(&|v| {
                    let i = v.round();
                    if (v - i).abs() < 1e-6 && i >= 0.0 {
                        names.get(i as usize).cloned().unwrap_or_default()
                    } else {
                        String::new()
                    }
                })
                .y_label_formatter(&|v| tick(*v, spec.log_y))
                .label_style(("sans-serif", 15))
                .axis_desc_style(("sans-serif", 18))
                .disable_x_mesh()
                .draw()?;
            for (i, (_, values)) in groups.iter().enumerate() {
                let mut v = values.clone();
                let [min, q1, med, q3, max] = quartiles(&mut v);
                let x = i as f64;
                let colour = COLOURS[i % COLOURS.len()];
                chart.draw_series(std::iter::once(Rectangle::new(
                    [(x - 0.3, q1), (x + 0.3, q3)],
                    colour.mix(0.45).filled(),
                )))?;
                chart.draw_series(std::iter::once(Rectangle::new(
                    [(x - 0.3, q1), (x + 0.3, q3)],
                    colour.stroke_width(2),
                )))?;
                for seg in [
                    vec![(x - 0.3, med), (x + 0.3, med)],
                    vec![(x, q3), (x, max)],
                    vec![(x, q1), (x, min)],
                    vec![(x - 0.15, max), (x + 0.15, max)],
                    vec![(x - 0.15, min), (x + 0.15, min)],
                ] {
                    chart.draw_series(std::iter::once(PathElement::new(
                        seg,
                        BLACK.stroke_width(2),
                    )))?;
                }
            }
        }
    }
    Ok(())
}

/// Scatter and line plots on linear or logarithmic axes (plotters' own log coordinates, so ticks
/// fall on round numbers).
fn draw_points<DB, X, Y>(
    root: &DrawingArea<DB, Shift>,
    spec: &PlotSpec,
    series: &Series,
    (x_desc, y_desc): (String, String),
    x: X,
    y: Y,
) -> DrawResult<DB::ErrorType>
where
    DB: DrawingBackend,
    X: plotters::coord::ranged1d::AsRangedCoord<Value = f64>,
    Y: plotters::coord::ranged1d::AsRangedCoord<Value = f64>,
    X::CoordDescType: plotters::coord::ranged1d::ValueFormatter<f64>,
    Y::CoordDescType: plotters::coord::ranged1d::ValueFormatter<f64>,
{
    let mut chart = ChartBuilder::on(root)
        .caption(spec.title.as_str(), ("sans-serif", 26).into_font())
        .margin(20)
        .x_label_area_size(55)
        .y_label_area_size(90)
        .build_cartesian_2d(x, y)?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc(y_desc)
        .x_label_formatter(&|v| tick(*v, false))
        .y_label_formatter(&|v| tick(*v, false))
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 18))
        .draw()?;
    for (k, (name, pts)) in series.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        if spec.kind == PlotKind::Line {
            chart.draw_series(LineSeries::new(pts.iter().copied(), colour.stroke_width(2)))?;
        }
        let size = if spec.kind == PlotKind::Line { 4 } else { 2 };
        chart
            .draw_series(
                pts.iter()
                    .map(|&p| Circle::new(p, size, colour.mix(0.7).filled())),
            )?
            .label(name.as_str())
            .legend(move |(x, y)| Circle::new((x + 6, y), 5, colour.filled()));
    }
    legend(&mut chart, series.len())
}

fn x_desc_or(label: &Option<String>, fallback: &str) -> String {
    label.clone().unwrap_or_else(|| fallback.to_string())
}

fn legend<'a, DB: DrawingBackend + 'a, CT: plotters::coord::CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>,
    series: usize,
) -> DrawResult<DB::ErrorType> {
    if series >= 1 {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .label_font(("sans-serif", 16))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_writes_png_and_svg() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("s.csv");
        std::fs::write(&csv, "N,route,vertices,edges\n4,hcp,474,1258\n9,hcp,4799,14033\n16,hcp,25922,79378\n4,sat,64,200\n9,sat,729,8829\n").unwrap();
        let table = Table::read(&csv).unwrap();
        for kind in [
            PlotKind::Scatter,
            PlotKind::Line,
            PlotKind::Histogram,
            PlotKind::Box,
        ] {
            let spec = PlotSpec {
                kind,
                x: Some("N".into()),
                y: vec!["vertices".into(), "edges".into()],
                group: Some("route".into()),
                log_x: kind == PlotKind::Line,
                log_y: kind == PlotKind::Line,
                title: "test".into(),
                x_label: None,
                y_label: None,
                bins: 5,
            };
            let stem = dir.path().join(format!("{kind:?}"));
            let (png, svg) = plot(&table, &spec, &stem).unwrap();
            assert!(std::fs::metadata(&png).unwrap().len() > 1000);
            let svg = std::fs::read_to_string(svg).unwrap();
            assert!(svg.starts_with("<svg") && svg.contains("test"), "{kind:?}");
        }
        let bad = PlotSpec {
            kind: PlotKind::Scatter,
            x: Some("nope".into()),
            y: vec!["vertices".into()],
            group: None,
            log_x: false,
            log_y: false,
            title: String::new(),
            x_label: None,
            y_label: None,
            bins: 10,
        };
        let err = plot(&table, &bad, &dir.path().join("x"))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("no column 'nope'; the columns are: N, route, vertices, edges"),
            "{err}"
        );
    }
}
