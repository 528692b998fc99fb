//! The workbench's fixed figures: which columns of which CSV, on which axes, with which words.
//!
//! | preset | input | figure |
//! |---|---|---|
//! | `reduced-vs-clues` | `stats` CSVs, one per collection | contracted graph vertices against clue count, one colour per file, Haythorpe's two published graphs as red crosses |
//! | `growth` | `stats --blank 4,9,…,64 --encoding …` | two log-log panels against N: HCP vertices and edges at every stage; CNF clauses per encoding and the ILP's size |
//! | `size-histogram` | `stats` CSVs, one per collection | distribution of contracted graph vertices, percent of each collection |
//! | `solve-times` | `solve --times` CSVs | box plots of the time per puzzle by grid size and route, log time axis (as Figure 4 of the Suguru SAT paper) |
//!
//! A preset only fills a [`PlotSpec`] (or two, for panels); `plot --preset` then lets `--y`,
//! `--title`, `--x-label`, `--y-label`, `--bins` and `--log-*` override its choices. Several
//! CSVs are read with [`super::read_tables`], which adds the `file` column (each file's stem) the
//! presets colour by: name the files after their collections.

use super::{LegendPosition, Mark, PlotKind, PlotSpec, Table};

/// A fixed figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Preset {
    /// Contracted graph size against clue count, one colour per CSV (collection), with the paper's
    /// two published sizes marked.
    ReducedVsClues,
    /// Growth of every encoding against N on log-log axes (input: `stats --blank`).
    Growth,
    /// Histograms of the contracted graph size per CSV (collection), in percent of each.
    SizeHistogram,
    /// Solve time per puzzle: box plots by grid size and route (input: `solve --times` CSVs).
    SolveTimes,
}

/// Readable names of the size columns.
const COLUMN_NAMES: &[(&str, &str)] = &[
    ("directed_vertices", "directed graph: vertices"),
    ("directed_edges", "directed graph: arcs"),
    ("undirected_vertices", "undirected: vertices"),
    ("undirected_edges", "undirected: edges"),
    ("trimmed_vertices", "trimmed: vertices"),
    ("trimmed_edges", "trimmed: edges"),
    ("contracted_vertices", "contracted: vertices"),
    ("contracted_edges", "contracted: edges"),
    ("cnf_vars", "CNF: variables"),
    ("cnf_clauses", "CNF: clauses"),
    ("cnf_literals", "CNF: literals"),
    ("ilp_vars", "ILP: variables"),
    ("ilp_rows", "ILP: rows (constraints)"),
    ("ilp_nonzeros", "ILP: nonzeros"),
];

/// Legend names of the routes of `solve --via`.
const ROUTE_NAMES: &[(&str, &str)] = &[
    ("cover", "exact cover (Algorithm X)"),
    (
        "backtrack",
        "backtracking (the paper's Algorithm 2, our code)",
    ),
    ("search", "bitset search + propagation"),
    ("human", "human techniques"),
    ("linear", "linear (1×n)"),
    ("hcp", "Hamiltonian cycle (CaDiCaL + subtour cuts)"),
    ("sat", "CNF (CaDiCaL)"),
    ("ilp", "ILP (microlp)"),
];

/// What an axis shows, for the columns the presets put on an axis.
fn axis_name(column: &str) -> String {
    match column {
        "contracted_vertices" => {
            "vertices of the contracted graph (after the two degree-2 rules)".into()
        }
        "contracted_edges" => "edges of the contracted graph (after the two degree-2 rules)".into(),
        c => column_name(c),
    }
}

/// The human name of a column: the table above, or `cnf_<encoding>_<what>` spelled out.
pub fn column_name(column: &str) -> String {
    if let Some((_, n)) = COLUMN_NAMES.iter().find(|(c, _)| *c == column) {
        return n.to_string();
    }
    if let Some(rest) = column.strip_prefix("cnf_")
        && let Some((enc, what)) = rest.rsplit_once('_')
    {
        return format!("CNF {enc}: {what}");
    }
    column.to_string()
}

fn names(columns: &[String]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = columns
        .iter()
        .map(|c| (c.clone(), column_name(c)))
        .collect();
    out.extend(
        ROUTE_NAMES
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string())),
    );
    out
}

/// Haythorpe (2016)'s two reported graphs (section 4): a 17-clue puzzle 12,036 vertices / 19,301
/// edges, a 35-clue puzzle 8,901 / 14,175, after the two degree-2 rules.
fn haythorpe_marks(column: &str) -> Vec<Mark> {
    let (a, b) = match column {
        "contracted_vertices" => (12_036.0, 8_901.0),
        "contracted_edges" => (19_301.0, 14_175.0),
        _ => return Vec::new(),
    };
    vec![
        Mark {
            x: 17.0,
            y: a,
            label: "Haythorpe 2016, a 17-clue puzzle".into(),
        },
        Mark {
            x: 35.0,
            y: b,
            label: "Haythorpe 2016, a 35-clue puzzle".into(),
        },
    ]
}

/// The panels of a preset over `table`; `y` (when not empty) replaces the preset's y columns.
pub fn specs(preset: Preset, table: &Table, y: &[String]) -> Vec<PlotSpec> {
    let has = |c: &str| table.header.iter().any(|h| h == c);
    match preset {
        Preset::ReducedVsClues => {
            let y = if y.is_empty() {
                vec!["contracted_vertices".to_string()]
            } else {
                y.to_vec()
            };
            vec![PlotSpec {
                kind: PlotKind::Scatter,
                x: Some("clues".into()),
                group: Some("file".into()),
                title: "Haythorpe's graph after the two degree-2 rules, by clue count".into(),
                x_label: Some(
                    "clues (given cells) of the puzzle; points spread ±0.35 sideways".into(),
                ),
                y_label: Some(axis_name(&y[0])),
                jitter: 0.7,
                rows_noun: "puzzles".into(),
                marks: haythorpe_marks(&y[0]),
                names: names(&y),
                legend: LegendPosition::UpperRight,
                y,
                ..PlotSpec::default()
            }]
        }
        Preset::Growth => {
            let pick = |columns: Vec<String>| -> Vec<String> {
                columns.into_iter().filter(|c| has(c)).collect()
            };
            let hcp = pick(
                [
                    "directed_vertices",
                    "directed_edges",
                    "undirected_vertices",
                    "undirected_edges",
                    "trimmed_vertices",
                    "trimmed_edges",
                    "contracted_vertices",
                    "contracted_edges",
                ]
                .map(String::from)
                .to_vec(),
            );
            let mut other: Vec<String> = table
                .header
                .iter()
                .filter(|h| h.starts_with("cnf_") && h.ends_with("_clauses"))
                .cloned()
                .collect();
            // One variables column: every encoding has one Boolean per (cell, value).
            if let Some(v) = table
                .header
                .iter()
                .find(|h| h.starts_with("cnf_") && h.ends_with("_vars"))
            {
                other.push(v.clone());
            }
            // (ILP variables are the same (cell, value) pairs: not drawn twice.)
            other.extend(pick(
                ["ilp_rows", "ilp_nonzeros"].map(String::from).to_vec(),
            ));
            let panel = |title: &str, y: Vec<String>| {
                let mut names: Vec<(String, String)> = y
                    .iter()
                    .filter(|c| c.ends_with("_vars") && c.starts_with("cnf_"))
                    .map(|c| {
                        let n = "CNF and ILP: variables (one per cell and value)";
                        (c.clone(), n.to_string())
                    })
                    .collect();
                names.extend(self::names(&y));
                PlotSpec {
                    kind: PlotKind::Line,
                    x: Some("N".into()),
                    log_x: true,
                    log_y: true,
                    slopes: true,
                    title: title.into(),
                    x_label: Some("N: side of the blank N×N Sudoku (log scale)".into()),
                    y_label: Some("count (log scale)".into()),
                    names,
                    y,
                    ..PlotSpec::default()
                }
            };
            if !y.is_empty() {
                return vec![panel(
                    "Growth of the encodings of the blank N×N Sudoku",
                    y.to_vec(),
                )];
            }
            let mut panels = Vec::new();
            if !hcp.is_empty() {
                panels.push(panel("Hamiltonian-cycle graph at every stage", hcp));
            }
            if !other.is_empty() {
                panels.push(panel("CNF clauses per encoding; ILP size", other));
            }
            panels
        }
        Preset::SizeHistogram => {
            let y = if y.is_empty() {
                vec!["contracted_vertices".to_string()]
            } else {
                y.to_vec()
            };
            vec![PlotSpec {
                kind: PlotKind::Histogram,
                group: Some("file".into()),
                percent: true,
                bins: 60,
                rows_noun: "puzzles".into(),
                title: "Size of the reduced Hamiltonian-cycle graph per collection".into(),
                x_label: Some(axis_name(&y[0])),
                y_label: Some("share of the collection's puzzles (%)".into()),
                names: names(&y),
                legend: LegendPosition::UpperLeft,
                y,
                ..PlotSpec::default()
            }]
        }
        Preset::SolveTimes => {
            let y = if y.is_empty() {
                vec!["seconds".to_string()]
            } else {
                y.to_vec()
            };
            let ms = y[0] == "seconds";
            vec![PlotSpec {
                kind: PlotKind::Box,
                x: Some("N".into()),
                group: Some(if has("route") { "route" } else { "file" }.into()),
                log_y: true,
                y_scale: if ms { 1000.0 } else { 1.0 },
                title: "Solve time per puzzle by grid size and route".into(),
                x_label: Some(
                    "grid size (n = puzzles per box); box: quartiles, line: median, whiskers: min and max"
                        .into(),
                ),
                y_label: Some(if ms {
                    "time per puzzle (ms, log scale)".into()
                } else {
                    format!("{} (log scale)", y[0])
                }),
                names: names(&y),
                legend: LegendPosition::UpperLeft,
                y,
                ..PlotSpec::default()
            }]
        }
    }
}
