//! Size statistics of puzzles: one row of columns per puzzle, the puzzle's own (name, N, clues)
//! followed by each chosen route's (`Route::stats_names`/`stats_values`), in registry order. A
//! route parameter given as a list (`encoding: [minimal, extended]`) gives one group of columns
//! per value, named with the value (`cnf_minimal_vars`). `gridreduce stats` writes the rows as
//! CSV; the Python package returns them as dicts.

use crate::error::{Error, InputError, Result};
use crate::formats::collection::Entry;
use crate::puzzle::Sudoku;
use crate::route::{self, Params, Route};

/// One group of a route's columns: its parameters and the tag its column names carry.
type Group = (Params, String);

/// A combination of listed values under construction: the (key, value) pairs and the tag parts.
type Combo = (Vec<(&'static str, String)>, Vec<String>);

/// One route's column groups: (params, tag) per combination of the listed values; the tag names
/// the values that vary (empty with one combination).
fn groups(route: &dyn Route, given: &[(&'static str, Vec<String>)]) -> Result<Vec<Group>> {
    let mut combos: Vec<Combo> = vec![(Vec::new(), Vec::new())];
    for (key, values) in given {
        if !route.stats_params().contains(key) {
            continue;
        }
        let mut next = Vec::new();
        for (given, tag) in &combos {
            for v in values {
                let mut g = given.clone();
                g.push((*key, v.clone()));
                let mut t = tag.clone();
                if values.len() > 1 {
                    t.push(v.clone());
                }
                next.push((g, t));
            }
        }
        combos = next;
    }
    combos
        .into_iter()
        .map(|(given, tag)| {
            let pairs: Vec<(&str, String)> = given.iter().map(|(k, v)| (*k, v.clone())).collect();
            let options = route::RouteOptions::from_given(route.name(), &pairs)
                .map_err(|e| Error::Usage(e.to_string()))?;
            Ok((options.params, tag.join("_")))
        })
        .collect()
}

/// A column name with a group's tag: `cnf_vars` → `cnf_minimal_vars`.
fn tagged(route: &dyn Route, column: &str, tag: &str) -> String {
    if tag.is_empty() {
        return column.to_string();
    }
    let prefix = format!("{}_", route.stats_prefix());
    match column.strip_prefix(&prefix) {
        Some(rest) => format!("{prefix}{tag}_{rest}"),
        None => format!("{tag}_{column}"),
    }
}

/// A row: ordered (column, value) pairs.
pub type Row = Vec<(String, String)>;

/// The routes and their column groups, chosen once for a run of `stats` (the CLI's and the Python
/// package's).
pub struct Plan(Vec<(&'static dyn Route, Vec<Group>)>);

impl Plan {
    /// The routes `only` names (by name or stats prefix; the default ones when empty), each with
    /// the column groups of the values `given` lists per key (the keys are checked by the registry).
    pub fn new(only: &[String], given: &[(&'static str, Vec<String>)]) -> Result<Plan> {
        let mut out = Vec::new();
        for &r in route::registry() {
            let chosen = if only.is_empty() {
                r.in_default_stats()
            } else {
                only.iter().any(|o| o == r.name() || o == r.stats_prefix())
            };
            if chosen {
                out.push((r, groups(r, given)?));
            }
        }
        Ok(Plan(out))
    }

    /// The full row of one puzzle.
    pub fn row(&self, entry: &Entry) -> Result<Row> {
        let mut row: Row = vec![
            ("name".into(), entry.name.clone()),
            ("N".into(), entry.puzzle.size_label()),
            ("clues".into(), entry.puzzle.clues().to_string()),
        ];
        for (r, groups) in &self.0 {
            for (params, tag) in groups {
                let names = r.stats_names(params);
                crate::memory::check(&entry.puzzle, &r.footprint(params))?;
                let values = r.stats_values(&entry.puzzle, params)?;
                row.extend(names.iter().map(|n| tagged(*r, n, tag)).zip(values));
            }
        }
        Ok(row)
    }
}

/// Blank N×N Sudoku entries named `blank-N`.
pub fn blank_entries(sizes: &[usize]) -> Result<Vec<std::result::Result<Entry, InputError>>> {
    sizes
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            if !(1..=crate::puzzle::MAX_VALUE).contains(&n) {
                return Err(Error::Usage(format!(
                    "--blank {n}: a grid size is between 1 and {} (a cell holds one byte)",
                    crate::puzzle::MAX_VALUE
                )));
            }
            Ok(Ok(Entry {
                index: i + 1,
                line: 0,
                name: format!("blank-{n}"),
                puzzle: Sudoku::blank(n).into(),
                solution: None,
            }))
        })
        .collect()
}
