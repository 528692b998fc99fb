//! Plots of statistics CSV files, as PNG and SVG, with text rendered from the embedded DejaVu Sans
//! font (no system font packages needed).
//!
//! Four kinds cover the workbench's figures:
//! * `scatter` — one point per row (e.g. contracted vertices against clue count over the 17-clue list);
//! * `line` — y against x per series, sorted by x (e.g. growth of every encoding against N, log-log);
//! * `histogram` — the distribution of one column, one colour per group (e.g. reduced sizes per
//!   collection);
//! * `box` — quartiles and extremes of y per group of x (e.g. solve times per route and grid size);
//! * `cactus` — per series, its solved instances sorted by time: the k-th point is the k-th fastest
//!   answer, so a curve further right answers more and a lower one answers sooner (the usual
//!   figure of solver competitions). Rows whose y is empty or not a number are unsolved and drawn
//!   by no point: the curve's length is the series' solved count.
//!
//! Scatter, line and box plots use plotters' logarithmic coordinates when asked (ticks at round
//! numbers); a histogram on a log axis counts log10 of the values and labels the ticks with the
//! original numbers. [`presets`] holds the project's fixed figures (columns, labels, titles).

pub mod presets;

use crate::error::{Error, InputError, Result};
use plotters::coord::Shift;
use plotters::coord::combinators::BindKeyPoints;
use plotters::prelude::*;
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
    Cactus,
}

/// What to draw. Column names refer to the CSV header.
#[derive(Clone, Debug)]
pub struct PlotSpec {
    pub kind: PlotKind,
    /// x column (scatter, line; for box plots the grouping column; unused for histograms).
    pub x: Option<String>,
    /// y columns (several make several series); for histograms the column to count.
    pub y: Vec<String>,
    /// A column whose values split rows into series (box plots: boxes side by side per x value,
    /// one colour per group value).
    pub group: Option<String>,
    pub log_x: bool,
    pub log_y: bool,
    pub title: String,
    pub x_label: Option<String>,
    pub y_label: Option<String>,
    /// Histogram bins.
    pub bins: usize,
    /// Scatter: spread points this wide around their x (deterministically), so that thousands of
    /// rows sharing one x (the 17-clue list) show as a cloud rather than a line.
    pub jitter: f64,
    /// Histogram: percent of each series' rows rather than counts, so collections of 95 and of
    /// 49,158 puzzles compare.
    pub percent: bool,
    /// Multiply every y value by this (e.g. 1000: seconds to milliseconds).
    pub y_scale: f64,
    /// Legend text per series name (column name or group value); others keep their name.
    pub names: Vec<(String, String)>,
    /// Line plots on log-log axes: add the fitted growth exponent to each legend entry.
    pub slopes: bool,
    /// Reference points drawn as labelled crosses (e.g. a paper's published figures).
    pub marks: Vec<Mark>,
    pub legend: LegendPosition,
    /// What a row is, in legends: "rows" by default, "puzzles" for the presets.
    pub rows_noun: String,
}

/// A labelled reference point.
#[derive(Clone, Debug)]
pub struct Mark {
    pub x: f64,
    pub y: f64,
    pub label: String,
}

/// Where the legend box goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegendPosition {
    UpperLeft,
    UpperRight,
    LowerRight,
}

impl Default for PlotSpec {
    fn default() -> Self {
        PlotSpec {
            kind: PlotKind::Scatter,
            x: None,
            y: Vec::new(),
            group: None,
            log_x: false,
            log_y: false,
            title: String::new(),
            x_label: None,
            y_label: None,
            bins: 40,
            jitter: 0.0,
            percent: false,
            y_scale: 1.0,
            names: Vec::new(),
            slopes: false,
            marks: Vec::new(),
            legend: LegendPosition::UpperLeft,
            rows_noun: "rows".into(),
        }
    }
}

impl PlotSpec {
    fn display_name(&self, name: &str) -> String {
        self.names
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| name.to_string())
    }
}

/// A CSV table: header and rows of strings.
pub struct Table {
    pub path: PathBuf,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    pub fn read(path: &Path) -> Result<Table> {
        let file = crate::formats::inputs::open(path)?;
        if file.metadata().map(|m| m.is_dir()).unwrap_or(false) {
            return Err(Error::Input(
                InputError::new("is a folder, not a CSV file").in_file(path),
            ));
        }
        Table::parse(path, file)
    }

    /// The table in `input`, read through the same caps as [`Table::read`] (errors name `path`).
    pub fn parse(path: &Path, input: impl std::io::Read) -> Result<Table> {
        let mut reader = csv::ReaderBuilder::new()
            .flexible(false)
            .from_reader(CappedReader::new(input));
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
    if let csv::ErrorKind::Io(io) = e.kind()
        && let Some(capped) = io.get_ref().and_then(|c| c.downcast_ref::<CapExceeded>())
    {
        return Error::Input(InputError::at_line(capped.line, capped.to_string()).in_file(path));
    }
    let line = e.position().map(|p| p.line() as usize);
    // The csv crate's message may quote a field; keep the line short whatever the file holds.
    let mut err =
        InputError::new(format!("bad CSV: {}", excerpt_long(&e.to_string()))).in_file(path);
    err.line = line;
    Error::Input(err)
}

/// At most 200 characters of a message that may quote input.
fn excerpt_long(text: &str) -> String {
    if text.chars().count() > 200 {
        format!("{}…", text.chars().take(200).collect::<String>())
    } else {
        text.to_string()
    }
}

/// The most bytes a CSV file given to `plot` may hold (the stats CSV of the 49,158-puzzle
/// collection is about 10 MB).
pub const MAX_CSV_BYTES: u64 = 256 << 20;

/// Why [`CappedReader`] stopped: the line it was in and which cap it hit.
#[derive(Debug)]
struct CapExceeded {
    line: usize,
    whole_file: bool,
}

impl std::fmt::Display for CapExceeded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.whole_file {
            write!(f, "a CSV file is at most {MAX_CSV_BYTES} bytes")
        } else {
            write!(
                f,
                "line is longer than {} bytes",
                crate::formats::lines::MAX_LINE
            )
        }
    }
}

impl std::error::Error for CapExceeded {}

/// Bounds what the csv crate reads, which would otherwise hold a whole line (or `/dev/zero`) in
/// memory: an error once the file passes [`MAX_CSV_BYTES`] or a line passes
/// [`crate::formats::lines::MAX_LINE`], so memory and time stay bounded whatever the file is.
struct CappedReader<R> {
    inner: R,
    total: u64,
    line: usize,
    line_len: usize,
}

impl<R> CappedReader<R> {
    fn new(inner: R) -> Self {
        CappedReader {
            inner,
            total: 0,
            line: 1,
            line_len: 0,
        }
    }
}

impl<R: std::io::Read> std::io::Read for CappedReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.total += n as u64;
        for &b in &buf[..n] {
            if b == b'\n' {
                self.line += 1;
                self.line_len = 0;
            } else {
                self.line_len += 1;
                if self.line_len > crate::formats::lines::MAX_LINE {
                    return Err(std::io::Error::other(CapExceeded {
                        line: self.line,
                        whole_file: false,
                    }));
                }
            }
        }
        if self.total > MAX_CSV_BYTES {
            return Err(std::io::Error::other(CapExceeded {
                line: self.line,
                whole_file: true,
            }));
        }
        Ok(n)
    }
}

/// Reads several CSV files into one table: the union of their columns (a file without a column
/// leaves it empty) plus a `file` column with each file's stem, so rows from one collection per
/// file can be coloured by collection.
pub fn read_tables(paths: &[PathBuf]) -> Result<Table> {
    let tables: Vec<Table> = paths
        .iter()
        .map(|p| Table::read(p))
        .collect::<Result<_>>()?;
    let mut header: Vec<String> = Vec::new();
    for t in &tables {
        for h in &t.header {
            if !header.contains(h) {
                header.push(h.clone());
            }
        }
    }
    let add_file = !header.iter().any(|h| h == "file");
    let mut rows = Vec::new();
    for t in &tables {
        let stem = t
            .path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let index: Vec<Option<usize>> = header
            .iter()
            .map(|h| t.header.iter().position(|x| x == h))
            .collect();
        for row in &t.rows {
            let mut out: Vec<String> = index
                .iter()
                .map(|i| i.map(|i| row[i].clone()).unwrap_or_default())
                .collect();
            if add_file {
                out.push(stem.clone());
            }
            rows.push(out);
        }
    }
    if add_file {
        header.push("file".into());
    }
    Ok(Table {
        path: paths.first().cloned().unwrap_or_default(),
        header,
        rows,
    })
}

/// Ten colours (matplotlib's "tab10"), distinct for the usual number of series.
const COLOURS: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

fn colour(k: usize) -> RGBColor {
    COLOURS[k % COLOURS.len()]
}

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

/// Series of (x, y) points in order of first appearance.
type Series = Vec<(String, Vec<(f64, f64)>)>;

fn push_point(series: &mut Series, name: String, p: (f64, f64)) {
    match series.iter_mut().find(|(n, _)| *n == name) {
        Some((_, pts)) => pts.push(p),
        None => series.push((name, vec![p])),
    }
}

/// The largest magnitude plotted: larger values (and infinities, NaN) are not numbers to the
/// plot. Axis ranges are computed from differences of values, and ±1e308 makes those infinite,
/// where the tick search of plotters never ends; 1e300 keeps every span, pad and tick finite.
pub const MAX_VALUE: f64 = 1e300;

/// The most histogram bins `--bins` takes: many more than an image has pixels across, and each
/// bin is one count per series in memory.
pub const MAX_BINS: u32 = 100_000;

fn parse_num(s: &str) -> Option<f64> {
    let v: f64 = s.trim().parse().ok()?;
    (v.abs() <= MAX_VALUE).then_some(v)
}

/// A reproducible number in [-0.5, 0.5) for row `i` (SplitMix64), for jitter.
fn spread(i: usize) -> f64 {
    let mut z = (i as u64)
        .wrapping_add(1)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64 - 0.5
}

/// Draws `spec` from `table` into `<stem>.png` and `<stem>.svg`; returns both paths.
pub fn plot(table: &Table, spec: &PlotSpec, stem: &Path) -> Result<(PathBuf, PathBuf)> {
    plot_panels(table, std::slice::from_ref(spec), stem)
}

/// Draws one panel per spec, side by side, into `<stem>.png` and `<stem>.svg`.
pub fn plot_panels(table: &Table, specs: &[PlotSpec], stem: &Path) -> Result<(PathBuf, PathBuf)> {
    fonts();
    let data: Vec<Data> = specs
        .iter()
        .map(|s| prepare(table, s))
        .collect::<Result<_>>()?;
    let size = (
        if specs.len() > 1 {
            900 * specs.len() as u32
        } else {
            1000
        },
        700,
    );
    let png = stem.with_extension("png");
    let svg = stem.with_extension("svg");
    // PNG: rendered into memory, then written like every output (write_atomic: a temp file
    // registered for cleanup, renamed into place, the mode of a created file, never over an
    // input).
    let fail = |e: String| Error::Usage(format!("cannot draw the plot: {e}"));
    let mut pixels = vec![0u8; size.0 as usize * size.1 as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut pixels, size).into_drawing_area();
        draw_all(&root, specs, &data).map_err(|e| fail(e.to_string()))?;
        root.present().map_err(|e| fail(e.to_string()))?;
    }
    crate::formats::write_atomic(&png, |w| {
        use image::ImageEncoder;
        image::codecs::png::PngEncoder::new(w)
            .write_image(&pixels, size.0, size.1, image::ColorType::Rgb8)
            .map_err(std::io::Error::other)
    })?;
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, size).into_drawing_area();
        draw_all(&root, specs, &data).map_err(|e| fail(e.to_string()))?;
        root.present().map_err(|e| fail(e.to_string()))?;
    }
    crate::formats::atomic::write_string_atomic(&svg, &text)?;
    Ok((png, svg))
}

fn draw_all<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    specs: &[PlotSpec],
    data: &[Data],
) -> DrawResult<DB::ErrorType> {
    root.fill(&WHITE)?;
    let panels = root.split_evenly((1, specs.len().max(1)));
    for ((panel, spec), data) in panels.iter().zip(specs).zip(data) {
        draw(panel, spec, data)?;
    }
    Ok(())
}

/// Prepared data: series for scatter/line/histogram, or boxes.
enum Data {
    Points(Series),
    Boxes(Boxes),
}

/// Box-plot values: `values[c][g]` holds the values of category `c` (an x value) and group `g`.
struct Boxes {
    categories: Vec<String>,
    groups: Vec<String>,
    values: Vec<Vec<Vec<f64>>>,
}

/// Sort key of a category label: its leading number (so 6x6 < 10x10 and 9 < 16), then the text.
fn natural(s: &str) -> (u64, String) {
    let digits: String = s.chars().take_while(|c| c.is_ascii_digit()).collect();
    (digits.parse().unwrap_or(u64::MAX), s.to_string())
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
    let x_column = |what: &str| {
        table.column(
            spec.x
                .as_deref()
                .ok_or_else(|| Error::Usage(format!("--x {what} is needed")))?,
        )
    };
    // Log axes need positive values; others are dropped from the plot.
    let keep = |v: f64, log: bool| (!log || v > 0.0).then_some(v);
    // The series of a row's k-th y column (scatter, line, cactus): its group, with the column's
    // name when there are several y columns, else the column alone.
    let series_name = |row: &[String], k: usize| match group {
        Some(g) if ys.len() > 1 => format!("{} {}", row[g], spec.y[k]),
        Some(g) => row[g].clone(),
        None => spec.y[k].clone(),
    };
    match spec.kind {
        PlotKind::Scatter | PlotKind::Line => {
            let x = x_column("(the x column)")?;
            let mut series = Series::new();
            for (i, row) in table.rows.iter().enumerate() {
                for (k, &y) in ys.iter().enumerate() {
                    let name = series_name(row, k);
                    let jitter = spec.jitter * spread(i);
                    if let (Some(a), Some(b)) = (
                        parse_num(&row[x]).and_then(|v| keep(v + jitter, spec.log_x)),
                        parse_num(&row[y]).and_then(|v| keep(v * spec.y_scale, spec.log_y)),
                    ) {
                        push_point(&mut series, name, (a, b));
                    }
                }
            }
            if spec.kind == PlotKind::Line {
                for (_, points) in series.iter_mut() {
                    points.sort_by(|a, b| a.0.total_cmp(&b.0));
                }
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
                    // The histogram's own x axis is linear: log10 of the values when asked.
                    let v = parse_num(&row[y]).map(|v| v * spec.y_scale).and_then(|v| {
                        if spec.log_x {
                            (v > 0.0).then(|| v.log10())
                        } else {
                            Some(v)
                        }
                    });
                    if let Some(v) = v {
                        push_point(&mut series, name, (v, 0.0));
                    }
                }
            }
            Ok(Data::Points(series))
        }
        PlotKind::Cactus => {
            let mut series = Series::new();
            for row in &table.rows {
                for (k, &y) in ys.iter().enumerate() {
                    let name = series_name(row, k);
                    if let Some(v) =
                        parse_num(&row[y]).and_then(|v| keep(v * spec.y_scale, spec.log_y))
                    {
                        push_point(&mut series, name, (0.0, v));
                    }
                }
            }
            for (_, points) in series.iter_mut() {
                points.sort_by(|a, b| a.1.total_cmp(&b.1));
                for (rank, p) in points.iter_mut().enumerate() {
                    p.0 = (rank + 1) as f64;
                }
            }
            Ok(Data::Points(series))
        }
        PlotKind::Box => {
            let x = x_column("(the column whose values form the boxes)")?;
            let mut categories: Vec<String> = Vec::new();
            let mut groups: Vec<String> = Vec::new();
            let mut cells: Vec<(usize, usize, f64)> = Vec::new();
            for row in &table.rows {
                let Some(v) =
                    parse_num(&row[ys[0]]).and_then(|v| keep(v * spec.y_scale, spec.log_y))
                else {
                    continue;
                };
                let index = |list: &mut Vec<String>, s: &str| match list.iter().position(|c| c == s)
                {
                    Some(i) => i,
                    None => {
                        list.push(s.to_string());
                        list.len() - 1
                    }
                };
                let c = index(&mut categories, &row[x]);
                let g = index(&mut groups, group.map(|g| row[g].as_str()).unwrap_or(""));
                cells.push((c, g, v));
            }
            // Categories in natural order (sizes ascending).
            let mut order: Vec<usize> = (0..categories.len()).collect();
            order.sort_by_key(|&c| natural(&categories[c]));
            let mut rank = vec![0; categories.len()];
            for (r, &c) in order.iter().enumerate() {
                rank[c] = r;
            }
            let mut values = vec![vec![Vec::new(); groups.len()]; categories.len()];
            for (c, g, v) in cells {
                values[rank[c]][g].push(v);
            }
            let categories = order.iter().map(|&c| categories[c].clone()).collect();
            Ok(Data::Boxes(Boxes {
                categories,
                groups,
                values,
            }))
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
        return (lo / 1.3, hi * 1.3);
    }
    if hi - lo < 1e-9 {
        return (lo - 0.5, hi + 0.5);
    }
    let pad = (hi - lo) * 0.05;
    (lo - pad, hi + pad)
}

/// A tick label: whole numbers with thousands separators, small and huge ones in short forms.
fn pretty(x: f64) -> String {
    if x == 0.0 {
        return "0".into();
    }
    if x.abs() >= 1e7 || x.abs() < 1e-3 {
        let e = x.abs().log10().floor() as i32;
        let m = x / 10f64.powi(e);
        return if (m - m.round()).abs() < 1e-6 {
            format!("{}e{e}", m.round() as i64)
        } else {
            format!("{m:.1}e{e}")
        };
    }
    if (x - x.round()).abs() < 1e-9 {
        let digits = (x.round() as i64).abs().to_string();
        let mut out = String::new();
        for (i, ch) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(ch);
        }
        return if x < 0.0 { format!("-{out}") } else { out };
    }
    format!("{x:.3}")
        .trim_end_matches('0')
        .trim_end_matches('.')
        .to_string()
}

/// Tick label of a histogram axis: the value itself, or 10^value on a log axis (three significant
/// digits: ticks of a transformed axis are not round numbers).
fn tick(v: f64, log: bool) -> String {
    if !log {
        return pretty(v);
    }
    let x = 10f64.powf(v);
    let scale = 10f64.powi(x.abs().log10().floor() as i32 - 2);
    pretty((x / scale).round() * scale)
}

fn quartiles(values: &mut [f64]) -> [f64; 5] {
    values.sort_by(|a, b| a.total_cmp(b));
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

/// Least-squares slope of log y against log x over the last (largest) three points: the growth
/// exponent of a line on log-log axes.
fn growth_exponent(points: &[(f64, f64)]) -> Option<f64> {
    let tail: Vec<(f64, f64)> = points
        .iter()
        .rev()
        .take(3)
        .filter(|p| p.0 > 0.0 && p.1 > 0.0)
        .map(|p| (p.0.ln(), p.1.ln()))
        .collect();
    if tail.len() < 2 {
        return None;
    }
    let n = tail.len() as f64;
    let (mx, my) = (
        tail.iter().map(|p| p.0).sum::<f64>() / n,
        tail.iter().map(|p| p.1).sum::<f64>() / n,
    );
    let sxx: f64 = tail.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = tail.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    (sxx > 0.0).then(|| sxy / sxx)
}

type DrawResult<E> = std::result::Result<(), DrawingAreaErrorKind<E>>;

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    spec: &PlotSpec,
    data: &Data,
) -> DrawResult<DB::ErrorType> {
    let x_desc = spec
        .x_label
        .clone()
        .or_else(|| spec.x.clone())
        .unwrap_or_else(|| match spec.kind {
            PlotKind::Cactus => format!("{} solved", spec.rows_noun),
            _ => String::new(),
        });
    let y_desc = spec.y_label.clone().unwrap_or_else(|| spec.y.join(", "));
    match data {
        Data::Points(series) if spec.kind == PlotKind::Histogram => {
            draw_histogram(root, spec, series)?
        }
        Data::Points(series) => {
            let mut xs: Vec<f64> = series
                .iter()
                .flat_map(|s| s.1.iter().map(|p| p.0))
                .collect();
            let mut ys: Vec<f64> = series
                .iter()
                .flat_map(|s| s.1.iter().map(|p| p.1))
                .collect();
            xs.extend(spec.marks.iter().map(|m| m.x));
            ys.extend(spec.marks.iter().map(|m| m.y));
            let (x0, x1) = bounds(xs.into_iter(), spec.log_x);
            let (y0, y1) = bounds(ys.into_iter(), spec.log_y);
            let labels = (x_desc, y_desc);
            // A log x axis over a few distinct values (N = 4, 9, …, 64) is labelled at exactly
            // those values: plotters' own log ticks would show only 10, 20, 30.
            let mut distinct: Vec<f64> = series
                .iter()
                .flat_map(|s| s.1.iter().map(|p| p.0))
                .collect();
            distinct.sort_by(f64::total_cmp);
            distinct.dedup();
            if spec.log_x && distinct.len() <= 12 {
                let x = (x0..x1).log_scale().with_key_points(distinct);
                return if spec.log_y {
                    draw_points(root, spec, series, labels, x, (y0..y1).log_scale())
                } else {
                    draw_points(root, spec, series, labels, x, y0..y1)
                };
            }
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
        Data::Boxes(boxes) => {
            let all = boxes.values.iter().flatten().flatten().copied();
            let (y0, mut y1) = bounds(all, spec.log_y);
            // Head room for the legend above the tallest whisker.
            if boxes.groups.len() > 1 || spec.group.is_some() {
                y1 = if spec.log_y {
                    y1 * (y1 / y0).powf(0.35)
                } else {
                    y1 + (y1 - y0) * 0.35
                };
            }
            let labels = (x_desc, y_desc);
            if spec.log_y {
                draw_boxes(root, spec, boxes, labels, (y0..y1).log_scale())?
            } else {
                draw_boxes(root, spec, boxes, labels, y0..y1)?
            }
        }
    }
    Ok(())
}

fn draw_histogram<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    spec: &PlotSpec,
    series: &Series,
) -> DrawResult<DB::ErrorType> {
    let (lo, hi) = bounds(series.iter().flat_map(|s| s.1.iter().map(|p| p.0)), false);
    let bins = spec.bins.clamp(1, MAX_BINS as usize);
    let width = (hi - lo) / bins as f64;
    let counts: Vec<(String, Vec<f64>)> = series
        .iter()
        .map(|(name, pts)| {
            let mut c = vec![0f64; bins];
            for p in pts {
                let b = (((p.0 - lo) / width) as usize).min(bins - 1);
                c[b] += 1.0;
            }
            if spec.percent {
                for v in &mut c {
                    *v *= 100.0 / pts.len() as f64;
                }
            }
            (name.clone(), c)
        })
        .collect();
    let top = counts
        .iter()
        .flat_map(|(_, c)| c.iter())
        .copied()
        .fold(1e-9, f64::max)
        * 1.08;
    let mut chart = ChartBuilder::on(root)
        .caption(spec.title.as_str(), ("sans-serif", 24).into_font())
        .margin(20)
        .x_label_area_size(55)
        .y_label_area_size(80)
        .build_cartesian_2d(lo..hi, 0.0..top)?;
    let default_y = if spec.percent {
        "share of the series' rows (%)"
    } else {
        "rows"
    };
    chart
        .configure_mesh()
        .x_desc(spec.x_label.clone().unwrap_or_else(|| spec.y.join(", ")))
        .y_desc(spec.y_label.clone().unwrap_or_else(|| default_y.into()))
        .x_label_formatter(&|v| tick(*v, spec.log_x))
        .y_label_formatter(&|v| pretty(*v))
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 18))
        .draw()?;
    for (k, (name, c)) in counts.iter().enumerate() {
        let col = colour(k);
        let label = format!(
            "{} ({} {})",
            spec.display_name(name),
            pretty(series[k].1.len() as f64),
            spec.rows_noun
        );
        chart
            .draw_series(
                c.iter()
                    .enumerate()
                    .filter(|(_, n)| **n > 0.0)
                    .map(|(b, &n)| {
                        let x0 = lo + b as f64 * width;
                        Rectangle::new([(x0, 0.0), (x0 + width, n)], col.mix(0.35).filled())
                    }),
            )?
            .label(label)
            .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 12, y + 6)], col.filled()));
        // The outline of each run of non-empty bins as a step line, so overlapping bars stay
        // readable.
        let mut runs: Vec<Vec<(f64, f64)>> = Vec::new();
        for (b, &n) in c.iter().enumerate() {
            let x0 = lo + b as f64 * width;
            if n == 0.0 {
                continue;
            }
            match runs.last_mut() {
                Some(run) if run.last().is_some_and(|p| (p.0 - x0).abs() < width * 1e-6) => {
                    run.push((x0, n));
                    run.push((x0 + width, n));
                }
                _ => runs.push(vec![(x0, 0.0), (x0, n), (x0 + width, n)]),
            }
        }
        chart.draw_series(runs.into_iter().map(|mut run| {
            let end = run.last().map_or(lo, |p| p.0);
            run.push((end, 0.0));
            PathElement::new(run, col.stroke_width(2))
        }))?;
    }
    legend(&mut chart, spec.legend)
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
        .caption(spec.title.as_str(), ("sans-serif", 24).into_font())
        .margin(20)
        .x_label_area_size(55)
        .y_label_area_size(95)
        .build_cartesian_2d(x, y)?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc(y_desc)
        .x_labels(if spec.log_x { 30 } else { 10 })
        .x_label_formatter(&|v| pretty(*v))
        .y_label_formatter(&|v| pretty(*v))
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 18))
        .draw()?;
    let big = series.iter().map(|s| s.1.len()).sum::<usize>() > 5000;
    let x_name = spec.x.clone().unwrap_or_default();
    for (k, (name, pts)) in series.iter().enumerate() {
        let col = colour(k);
        if matches!(spec.kind, PlotKind::Line | PlotKind::Cactus) {
            chart.draw_series(LineSeries::new(pts.iter().copied(), col.stroke_width(2)))?;
        }
        let (size, alpha) = match (spec.kind, big) {
            (PlotKind::Line | PlotKind::Cactus, _) => (4, 0.8),
            (_, true) => (1, 0.25),
            _ => (3, 0.6),
        };
        let mut label = spec.display_name(name);
        if spec.kind == PlotKind::Scatter {
            label = format!("{label} ({} {})", pretty(pts.len() as f64), spec.rows_noun);
        }
        if spec.kind == PlotKind::Cactus {
            label = format!("{label} ({} solved)", pts.len());
        }
        if spec.slopes
            && let Some(e) = growth_exponent(pts)
        {
            label = format!("{label}  ∝ {x_name}^{e:.2}");
        }
        chart
            .draw_series(
                pts.iter()
                    .map(|&p| Circle::new(p, size, col.mix(alpha).filled())),
            )?
            .label(label)
            .legend(move |(x, y)| Circle::new((x + 6, y), 5, col.filled()));
    }
    let red = RGBColor(200, 0, 0);
    for m in &spec.marks {
        chart.draw_series(std::iter::once(
            EmptyElement::at((m.x, m.y))
                + Cross::new((0, 0), 9, red.stroke_width(3))
                + Text::new(
                    m.label.clone(),
                    (-10, -28),
                    ("sans-serif", 15).into_font().color(&red),
                ),
        ))?;
    }
    legend(&mut chart, spec.legend)
}

/// Box plots: one box per (category, group), boxes of one category side by side, one colour per
/// group; whiskers at min and max, the box from the first to the third quartile, a line at the
/// median.
fn draw_boxes<DB, Y>(
    root: &DrawingArea<DB, Shift>,
    spec: &PlotSpec,
    boxes: &Boxes,
    (x_desc, y_desc): (String, String),
    y: Y,
) -> DrawResult<DB::ErrorType>
where
    DB: DrawingBackend,
    Y: plotters::coord::ranged1d::AsRangedCoord<Value = f64>,
    Y::CoordDescType: plotters::coord::ranged1d::ValueFormatter<f64>,
{
    let n = boxes.categories.len().max(1);
    let mut chart = ChartBuilder::on(root)
        .caption(spec.title.as_str(), ("sans-serif", 24).into_font())
        .margin(20)
        .x_label_area_size(60)
        .y_label_area_size(95)
        .build_cartesian_2d(-0.5..n as f64 - 0.5, y)?;
    // Category labels with the number of rows per box (the largest group's, when they differ).
    let names: Vec<String> = boxes
        .categories
        .iter()
        .zip(&boxes.values)
        .map(|(c, v)| {
            let count = v.iter().map(Vec::len).max().unwrap_or(0);
            format!("{c} (n={count})")
        })
        .collect();
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
        .y_label_formatter(&|v| pretty(*v))
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 18))
        .disable_x_mesh()
        .draw()?;
    let g = boxes.groups.len().max(1);
    let slot = 0.8 / g as f64;
    let half = slot * 0.38;
    for (c, per_group) in boxes.values.iter().enumerate() {
        for (k, values) in per_group.iter().enumerate() {
            if values.is_empty() {
                continue;
            }
            let mut v = values.clone();
            let [min, q1, med, q3, max] = quartiles(&mut v);
            let x = c as f64 - 0.4 + slot * (k as f64 + 0.5);
            let col = colour(k);
            chart.draw_series([
                Rectangle::new([(x - half, q1), (x + half, q3)], col.mix(0.45).filled()),
                Rectangle::new([(x - half, q1), (x + half, q3)], col.stroke_width(2)),
            ])?;
            chart.draw_series(
                [
                    vec![(x - half, med), (x + half, med)],
                    vec![(x, q3), (x, max)],
                    vec![(x, q1), (x, min)],
                    vec![(x - half / 2.0, max), (x + half / 2.0, max)],
                    vec![(x - half / 2.0, min), (x + half / 2.0, min)],
                ]
                .into_iter()
                .map(|seg| PathElement::new(seg, BLACK.stroke_width(2))),
            )?;
        }
    }
    if boxes.groups.len() > 1 || spec.group.is_some() {
        for (k, name) in boxes.groups.iter().enumerate() {
            let col = colour(k);
            chart
                .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?
                .label(spec.display_name(name))
                .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 12, y + 6)], col.filled()));
        }
        legend(&mut chart, spec.legend)?;
    }
    Ok(())
}

fn legend<'a, DB: DrawingBackend + 'a, CT: plotters::coord::CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>,
    position: LegendPosition,
) -> DrawResult<DB::ErrorType> {
    chart
        .configure_series_labels()
        .position(match position {
            LegendPosition::UpperLeft => SeriesLabelPosition::UpperLeft,
            LegendPosition::UpperRight => SeriesLabelPosition::UpperRight,
            LegendPosition::LowerRight => SeriesLabelPosition::LowerRight,
        })
        .label_font(("sans-serif", 15))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
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
            PlotKind::Cactus,
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
                ..PlotSpec::default()
            };
            let stem = dir.path().join(format!("{kind:?}"));
            let (png, svg) = plot(&table, &spec, &stem).unwrap();
            assert!(std::fs::metadata(&png).unwrap().len() > 1000);
            let svg = std::fs::read_to_string(svg).unwrap();
            assert!(svg.starts_with("<svg") && svg.contains("test"), "{kind:?}");
        }
        let bad = PlotSpec {
            x: Some("nope".into()),
            y: vec!["vertices".into()],
            bins: 10,
            ..PlotSpec::default()
        };
        let err = plot(&table, &bad, &dir.path().join("x"))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("no column 'nope'; the columns are: N, route, vertices, edges"),
            "{err}"
        );
    }

    /// A cactus series is its solved rows' times in increasing order at ranks 1, 2, …: an
    /// unsolved row (empty time) adds no point, so each curve ends at its solved count.
    #[test]
    fn cactus_ranks_each_series_solved_times() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("c.csv");
        std::fs::write(
            &csv,
            "graph,solver,seconds\ng1,a,3\ng1,b,0.5\ng2,a,1\ng2,b,\ng3,a,2\ng3,b,9\n",
        )
        .unwrap();
        let table = Table::read(&csv).unwrap();
        let spec = PlotSpec {
            kind: PlotKind::Cactus,
            y: vec!["seconds".into()],
            group: Some("solver".into()),
            ..PlotSpec::default()
        };
        let Data::Points(series) = prepare(&table, &spec).unwrap() else {
            panic!("a cactus plot is points");
        };
        let get = |name: &str| &series.iter().find(|s| s.0 == name).unwrap().1;
        assert_eq!(get("a"), &vec![(1.0, 1.0), (2.0, 2.0), (3.0, 3.0)]);
        assert_eq!(get("b"), &vec![(1.0, 0.5), (2.0, 9.0)]);
    }
}
