//! Solving by human techniques, with the steps taken and a grade (the hardest technique needed).
//!
//! Written against [`Structure`], so it handles Sudoku of any N (≤ 64) and any block layout (and
//! Suguru, whose regions are exact groups and whose 2×2 windows are at-most-once groups). Terms: an
//! **exact group** must hold each of its values once (blocks, rows, columns, regions); **any group**
//! may hold a value at most once (also Suguru's windows). Candidates are pencil marks: placing a value
//! removes it from every peer (book-keeping, not a technique).
//!
//! The techniques, easiest first; after every step the solver starts again from the easiest, so the
//! grade is the hardest technique the puzzle *needs* in this order:
//!
//! | technique | the thesis's name | rule |
//! |---|---|---|
//! | hidden single in a block/region | Block Unique | a value has one place left in the block |
//! | hidden single in a row/column | Line Unique | a value has one place left in the line |
//! | naked single | Cell Unique | a cell has one candidate left |
//! | pointing | | a block's places for `v` all lie in another group (a line): `v` leaves the rest of that group (generally: every common peer of the places) |
//! | claiming | | a line's places for `v` all lie in one block: `v` leaves the rest of the block |
//! | naked pair / triple | | k cells of a group whose candidates together are k values: those values leave the group's other cells |
//! | hidden pair / triple | | k values of an exact group with only k places together: the places lose every other candidate |
//! | X-Wing / Swordfish | | k lines of one direction whose places for `v` lie in k lines of the other: `v` leaves the rest of those k lines |
//! | search | | none of the above applies: the rest is found by the fast search, and the report says so |
//!
//! Worked example: Project Euler's first grid (`norvig_easy50#1`,
//! `..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..`). Block 1 holds
//! 3, 9 and 1; the 6s of rows 1 and 3 and of column 3 leave r2c2 as its only place for 6, so the
//! first step is `hidden single (block): r2c2 = 6: the only place for 6 in block 1`, then r1c2 = 8,
//! r1c6 = 1, …; 49 such steps solve it: grade *easy (hidden single (block))*.

use super::fast::{Options, Search, bit, mask_upto, peer_lists, places};
use crate::puzzle::{Grid, GroupKind, Puzzle, Structure, cell_name};
use std::fmt;

/// A technique, ordered from easiest to hardest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    HiddenSingleBlock,
    HiddenSingleLine,
    NakedSingle,
    Pointing,
    Claiming,
    NakedPair,
    HiddenPair,
    NakedTriple,
    HiddenTriple,
    XWing,
    Swordfish,
    Search,
}

impl Technique {
    pub const ALL: [Technique; 12] = [
        Technique::HiddenSingleBlock,
        Technique::HiddenSingleLine,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Search,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Technique::HiddenSingleBlock => "hidden single (block)",
            Technique::HiddenSingleLine => "hidden single (line)",
            Technique::NakedSingle => "naked single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::XWing => "x-wing",
            Technique::Swordfish => "swordfish",
            Technique::Search => "search",
        }
    }

    /// A coarse difficulty word for the grade.
    pub fn level(self) -> &'static str {
        match self {
            Technique::HiddenSingleBlock | Technique::HiddenSingleLine | Technique::NakedSingle => {
                "easy"
            }
            Technique::Pointing
            | Technique::Claiming
            | Technique::NakedPair
            | Technique::HiddenPair => "medium",
            Technique::NakedTriple | Technique::HiddenTriple => "hard",
            Technique::XWing | Technique::Swordfish => "fiendish",
            Technique::Search => "needs search",
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One step: what was placed or eliminated, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    /// (cell, value) placed.
    pub placed: Vec<(usize, u8)>,
    /// (cell, value) candidates removed.
    pub removed: Vec<(usize, u8)>,
    /// One line for people.
    pub reason: String,
}

/// The result of a run.
#[derive(Clone, Debug)]
pub struct Report {
    /// The full grid, or `None` when the puzzle has no solution.
    pub solution: Option<Grid>,
    pub steps: Vec<Step>,
    /// The hardest technique used; `None` if the givens already filled the grid.
    pub grade: Option<Technique>,
    /// The techniques stalled and the fast search finished the grid.
    pub used_search: bool,
    /// Why there is no solution, when a technique (or the search) proved so.
    pub contradiction: Option<String>,
}

impl Report {
    /// How often each technique was used, in technique order (only those used).
    pub fn tally(&self) -> Vec<(Technique, usize)> {
        Technique::ALL
            .iter()
            .map(|&t| (t, self.steps.iter().filter(|s| s.technique == t).count()))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// "easy (hidden single (line))" or "no steps needed".
    pub fn grade_text(&self) -> String {
        match self.grade {
            Some(t) => format!("{} ({t})", t.level()),
            None => "no steps needed".to_string(),
        }
    }
}

struct GroupInfo {
    kind: GroupKind,
    cells: Vec<u32>,
    exact: bool,
    /// The values the group must hold when exact.
    need: u64,
    /// Index of the layer the group belongs to (`None`: a choice group).
    layer: Option<usize>,
}

/// The puzzle shape compiled for the human solver.
struct Shape {
    cols: usize,
    groups: Vec<GroupInfo>,
    groups_of: Vec<Vec<u32>>,
    peers: Vec<Vec<u32>>,
    /// Layers whose groups are all exact (Sudoku: rows and columns): the lines fish work on.
    fish_layers: Vec<usize>,
    /// For each fish layer, the group id (into `groups`) of every cell.
    line_of: Vec<Vec<u32>>,
}

impl Shape {
    fn new(s: &Structure) -> Self {
        let mut groups = Vec::new();
        for g in &s.choice {
            groups.push(GroupInfo {
                kind: g.kind,
                cells: g.cells.clone(),
                exact: true,
                need: mask_upto(g.max_value),
                layer: None,
            });
        }
        for (l, layer) in s.layers.iter().enumerate() {
            for g in layer {
                groups.push(GroupInfo {
                    kind: g.kind,
                    cells: g.cells.clone(),
                    exact: g.slack() == 0,
                    need: mask_upto(g.max_value),
                    layer: Some(l),
                });
            }
        }
        let mut groups_of = vec![Vec::new(); s.cells()];
        for (i, g) in groups.iter().enumerate() {
            for &c in &g.cells {
                groups_of[c as usize].push(i as u32);
            }
        }
        let fish_layers: Vec<usize> = (0..s.layers.len())
            .filter(|&l| !s.layers[l].is_empty() && s.layers[l].iter().all(|g| g.slack() == 0))
            .collect();
        let line_of = fish_layers
            .iter()
            .map(|&l| {
                let mut of = vec![0u32; s.cells()];
                for (i, g) in groups.iter().enumerate() {
                    if g.layer == Some(l) {
                        for &c in &g.cells {
                            of[c as usize] = i as u32;
                        }
                    }
                }
                of
            })
            .collect();
        Shape {
            cols: s.cols,
            groups,
            groups_of,
            peers: peer_lists(s),
            fish_layers,
            line_of,
        }
    }

    fn name(&self, c: usize) -> String {
        cell_name(self.cols, c)
    }
}

fn is_line(kind: GroupKind) -> bool {
    matches!(kind, GroupKind::Row(_) | GroupKind::Column(_))
}

fn values(m: u64) -> impl Iterator<Item = u8> {
    places(m).map(|i| i as u8 + 1)
}

fn list_values(m: u64) -> String {
    values(m)
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join("")
}

/// All k-subsets of `0..n`, as index vectors (k ≤ 3 here, n ≤ 64).
fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut idx: Vec<usize> = (0..k).collect();
    if k > n {
        return out;
    }
    loop {
        out.push(idx.clone());
        let mut i = k;
        loop {
            if i == 0 {
                return out;
            }
            i -= 1;
            if idx[i] < n - k + i {
                idx[i] += 1;
                for j in i + 1..k {
                    idx[j] = idx[j - 1] + 1;
                }
                break;
            }
        }
    }
}

/// A proof that the puzzle has no solution.
struct Contradiction(String);

struct State<'a> {
    shape: &'a Shape,
    cand: Vec<u64>,
    placed: Vec<bool>,
}

impl State<'_> {
    fn place(&mut self, c: usize, v: u8) -> Result<(), Contradiction> {
        if self.cand[c] & bit(v) == 0 {
            let clash = self.shape.peers[c]
                .iter()
                .map(|&p| p as usize)
                .find(|&p| self.placed[p] && self.cand[p] == bit(v));
            return Err(Contradiction(match clash {
                Some(p) => format!(
                    "{} and {} both hold {v}",
                    self.shape.name(p),
                    self.shape.name(c)
                ),
                None => format!("{} cannot hold {v}", self.shape.name(c)),
            }));
        }
        self.cand[c] = bit(v);
        self.placed[c] = true;
        for &p in &self.shape.peers[c] {
            let p = p as usize;
            if self.placed[p] {
                if self.cand[p] == bit(v) {
                    return Err(Contradiction(format!(
                        "{} and {} both hold {v}",
                        self.shape.name(p),
                        self.shape.name(c)
                    )));
                }
                continue;
            }
            self.cand[p] &= !bit(v);
            if self.cand[p] == 0 {
                return Err(Contradiction(format!(
                    "{} has no candidate left",
                    self.shape.name(p)
                )));
            }
        }
        Ok(())
    }

    fn apply(&mut self, step: &Step) -> Result<(), Contradiction> {
        for &(c, v) in &step.placed {
            if !self.placed[c] {
                self.place(c, v)?;
            }
        }
        for &(c, v) in &step.removed {
            self.cand[c] &= !bit(v);
            if self.cand[c] == 0 {
                return Err(Contradiction(format!(
                    "{} has no candidate left",
                    self.shape.name(c)
                )));
            }
        }
        Ok(())
    }

    /// Unplaced cells of a group holding candidate `b`.
    fn places(&self, g: usize, b: u64) -> Vec<usize> {
        self.shape.groups[g]
            .cells
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| !self.placed[c] && self.cand[c] & b != 0)
            .collect()
    }

    fn placed_values(&self, g: usize) -> u64 {
        self.shape.groups[g]
            .cells
            .iter()
            .filter(|&&c| self.placed[c as usize])
            .fold(0, |m, &c| m | self.cand[c as usize])
    }

    fn hidden_single(&self, lines: bool) -> Result<Option<Step>, Contradiction> {
        for (g, info) in self.shape.groups.iter().enumerate() {
            if !info.exact || is_line(info.kind) != lines {
                continue;
            }
            let open = info.need & !self.placed_values(g);
            for v in values(open) {
                let places = self.places(g, bit(v));
                match places.len() {
                    0 => {
                        return Err(Contradiction(format!("{} has no place for {v}", info.kind)));
                    }
                    1 => {
                        let c = places[0];
                        return Ok(Some(Step {
                            technique: if lines {
                                Technique::HiddenSingleLine
                            } else {
                                Technique::HiddenSingleBlock
                            },
                            placed: vec![(c, v)],
                            removed: vec![],
                            reason: format!(
                                "{} = {v}: the only place for {v} in {}",
                                self.shape.name(c),
                                info.kind
                            ),
                        }));
                    }
                    _ => {}
                }
            }
        }
        Ok(None)
    }

    fn naked_single(&self) -> Option<Step> {
        (0..self.cand.len())
            .find(|&c| !self.placed[c] && self.cand[c].count_ones() == 1)
            .map(|c| {
                let v = self.cand[c].trailing_zeros() as u8 + 1;
                Step {
                    technique: Technique::NakedSingle,
                    placed: vec![(c, v)],
                    removed: vec![],
                    reason: format!("{} = {v}: its only candidate", self.shape.name(c)),
                }
            })
    }

    /// Pointing (from a block or region) and claiming (from a line).
    fn intersection(&self, claiming: bool) -> Option<Step> {
        for (a, info) in self.shape.groups.iter().enumerate() {
            if !info.exact || is_line(info.kind) != claiming {
                continue;
            }
            let open = info.need & !self.placed_values(a);
            for v in values(open) {
                let places = self.places(a, bit(v));
                if places.len() < 2 {
                    continue;
                }
                for &b in &self.shape.groups_of[places[0]] {
                    let b = b as usize;
                    if b == a
                        || !places
                            .iter()
                            .all(|&c| self.shape.groups_of[c].contains(&(b as u32)))
                    {
                        continue;
                    }
                    let removed: Vec<(usize, u8)> = self
                        .places(b, bit(v))
                        .into_iter()
                        .filter(|c| !places.contains(c))
                        .map(|c| (c, v))
                        .collect();
                    if !removed.is_empty() {
                        let names: Vec<String> =
                            removed.iter().map(|&(c, _)| self.shape.name(c)).collect();
                        return Some(Step {
                            technique: if claiming {
                                Technique::Claiming
                            } else {
                                Technique::Pointing
                            },
                            placed: vec![],
                            reason: format!(
                                "{v} in {} lies only in {}: removed from {}",
                                info.kind,
                                self.shape.groups[b].kind,
                                names.join(" ")
                            ),
                            removed,
                        });
                    }
                }
            }
        }
        None
    }

    fn naked_subset(&self, k: usize) -> Option<Step> {
        for info in &self.shape.groups {
            let open: Vec<usize> = info
                .cells
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| !self.placed[c])
                .collect();
            if open.len() <= k {
                continue;
            }
            let small: Vec<usize> = open
                .iter()
                .copied()
                .filter(|&c| (self.cand[c].count_ones() as usize) <= k)
                .collect();
            for pick in subsets(small.len(), k) {
                let cells: Vec<usize> = pick.iter().map(|&i| small[i]).collect();
                let union = cells.iter().fold(0, |m, &c| m | self.cand[c]);
                if union.count_ones() as usize != k {
                    continue;
                }
                let removed: Vec<(usize, u8)> = open
                    .iter()
                    .filter(|c| !cells.contains(c))
                    .flat_map(|&c| values(self.cand[c] & union).map(move |v| (c, v)))
                    .collect();
                if !removed.is_empty() {
                    let names: Vec<String> = cells.iter().map(|&c| self.shape.name(c)).collect();
                    return Some(Step {
                        technique: if k == 2 {
                            Technique::NakedPair
                        } else {
                            Technique::NakedTriple
                        },
                        placed: vec![],
                        reason: format!(
                            "{} in {} hold {{{}}}: removed from the rest of the group",
                            names.join(" "),
                            info.kind,
                            list_values(union)
                        ),
                        removed,
                    });
                }
            }
        }
        None
    }

    fn hidden_subset(&self, k: usize) -> Option<Step> {
        for (g, info) in self.shape.groups.iter().enumerate() {
            if !info.exact {
                continue;
            }
            let open = info.need & !self.placed_values(g);
            let vals: Vec<u8> = values(open).collect();
            if vals.len() <= k {
                continue;
            }
            let spots: Vec<Vec<usize>> = vals.iter().map(|&v| self.places(g, bit(v))).collect();
            let few: Vec<usize> = (0..vals.len()).filter(|&i| spots[i].len() <= k).collect();
            for pick in subsets(few.len(), k) {
                let chosen: Vec<usize> = pick.iter().map(|&i| few[i]).collect();
                let mut cells: Vec<usize> = chosen.iter().flat_map(|&i| spots[i].clone()).collect();
                cells.sort_unstable();
                cells.dedup();
                if cells.len() != k {
                    continue;
                }
                let keep = chosen.iter().fold(0u64, |m, &i| m | bit(vals[i]));
                let removed: Vec<(usize, u8)> = cells
                    .iter()
                    .flat_map(|&c| values(self.cand[c] & !keep).map(move |v| (c, v)))
                    .collect();
                if !removed.is_empty() {
                    let names: Vec<String> = cells.iter().map(|&c| self.shape.name(c)).collect();
                    return Some(Step {
                        technique: if k == 2 {
                            Technique::HiddenPair
                        } else {
                            Technique::HiddenTriple
                        },
                        placed: vec![],
                        reason: format!(
                            "{{{}}} in {} fit only in {}: other candidates removed there",
                            list_values(keep),
                            info.kind,
                            names.join(" ")
                        ),
                        removed,
                    });
                }
            }
        }
        None
    }

    /// X-Wing (k = 2) and Swordfish (k = 3) between every ordered pair of exact line layers.
    fn fish(&self, k: usize) -> Option<Step> {
        let shape = self.shape;
        for (bi, &base_layer) in shape.fish_layers.iter().enumerate() {
            for (ci, _) in shape.fish_layers.iter().enumerate() {
                if ci == bi {
                    continue;
                }
                let cover_of = &shape.line_of[ci];
                let max_v = 64 - self.cand.iter().fold(0u64, |m, &c| m | c).leading_zeros() as u8;
                for v in 1..=max_v {
                    let b = bit(v);
                    // Base lines where v is open with 2..=k places.
                    let bases: Vec<(usize, Vec<usize>)> = shape
                        .groups
                        .iter()
                        .enumerate()
                        .filter(|(_, g)| g.layer == Some(base_layer) && g.need & b != 0)
                        .filter(|(g, _)| self.placed_values(*g) & b == 0)
                        .map(|(g, _)| (g, self.places(g, b)))
                        .filter(|(_, p)| (2..=k).contains(&p.len()))
                        .collect();
                    for pick in subsets(bases.len(), k) {
                        let mut covers: Vec<u32> = pick
                            .iter()
                            .flat_map(|&i| bases[i].1.iter().map(|&c| cover_of[c]))
                            .collect();
                        covers.sort_unstable();
                        covers.dedup();
                        if covers.len() != k {
                            continue;
                        }
                        let base_groups: Vec<usize> = pick.iter().map(|&i| bases[i].0).collect();
                        let removed: Vec<(usize, u8)> = covers
                            .iter()
                            .flat_map(|&cg| self.places(cg as usize, b))
                            .filter(|&c| {
                                !base_groups
                                    .iter()
                                    .any(|&bg| shape.groups_of[c].contains(&(bg as u32)))
                            })
                            .map(|c| (c, v))
                            .collect();
                        if !removed.is_empty() {
                            let bn: Vec<String> = base_groups
                                .iter()
                                .map(|&g| shape.groups[g].kind.to_string())
                                .collect();
                            let cn: Vec<String> = covers
                                .iter()
                                .map(|&g| shape.groups[g as usize].kind.to_string())
                                .collect();
                            return Some(Step {
                                technique: if k == 2 {
                                    Technique::XWing
                                } else {
                                    Technique::Swordfish
                                },
                                placed: vec![],
                                reason: format!(
                                    "{v} in {} lies only in {}: removed from the rest of those",
                                    bn.join(", "),
                                    cn.join(", ")
                                ),
                                removed,
                            });
                        }
                    }
                }
            }
        }
        None
    }

    /// The easiest applicable step.
    fn next_step(&self) -> Result<Option<Step>, Contradiction> {
        if let Some(s) = self.hidden_single(false)? {
            return Ok(Some(s));
        }
        if let Some(s) = self.hidden_single(true)? {
            return Ok(Some(s));
        }
        if let Some(s) = self.naked_single() {
            return Ok(Some(s));
        }
        if let Some(c) = (0..self.cand.len()).find(|&c| self.cand[c] == 0) {
            return Err(Contradiction(format!(
                "{} has no candidate left",
                self.shape.name(c)
            )));
        }
        let found = self
            .intersection(false)
            .or_else(|| self.intersection(true))
            .or_else(|| self.naked_subset(2))
            .or_else(|| self.hidden_subset(2))
            .or_else(|| self.naked_subset(3))
            .or_else(|| self.hidden_subset(3))
            .or_else(|| self.fish(2))
            .or_else(|| self.fish(3));
        Ok(found)
    }
}

/// Solves a puzzle by human techniques (see the module docs); `Err` when the puzzle is too large for
/// the bitset candidates (values above 64).
pub fn solve(puzzle: &Puzzle) -> Result<Report, String> {
    solve_structure(&puzzle.structure(), puzzle.givens())
}

/// [`solve`] that gives up at `deadline`: `Ok(None)` when it came first (looked at between two
/// steps and inside the search that finishes a stalled grid).
pub fn solve_until(
    puzzle: &Puzzle,
    deadline: Option<std::time::Instant>,
) -> Result<Option<Report>, String> {
    solve_structure_until(&puzzle.structure(), puzzle.givens(), deadline)
}

/// [`solve`] on a structure and givens.
pub fn solve_structure(structure: &Structure, givens: &Grid) -> Result<Report, String> {
    Ok(solve_structure_until(structure, givens, None)?.expect("no deadline, no timeout"))
}

/// [`solve_until`] on a structure and givens.
pub fn solve_structure_until(
    structure: &Structure,
    givens: &Grid,
    deadline: Option<std::time::Instant>,
) -> Result<Option<Report>, String> {
    let past = || crate::time_limit::passed(deadline);
    let search = Search::new(structure)?;
    let shape = Shape::new(structure);
    let mut report = Report {
        solution: None,
        steps: Vec::new(),
        grade: None,
        used_search: false,
        contradiction: None,
    };
    let Some(cand) = search.initial(givens) else {
        report.contradiction = Some("a given lies outside its cell's range".into());
        return Ok(Some(report));
    };
    let mut state = State {
        shape: &shape,
        cand: search.domains().to_vec(),
        placed: vec![false; cand.len()],
    };
    for (c, &v) in givens.cells().iter().enumerate() {
        if v != 0
            && let Err(Contradiction(why)) = state.place(c, v)
        {
            report.contradiction = Some(format!("the givens clash: {why}"));
            return Ok(Some(report));
        }
    }
    loop {
        if state.placed.iter().all(|&p| p) {
            report.solution = Some(Grid::from_cells(
                structure.rows,
                structure.cols,
                state
                    .cand
                    .iter()
                    .map(|m| m.trailing_zeros() as u8 + 1)
                    .collect(),
            ));
            return Ok(Some(report));
        }
        if past() {
            return Ok(None);
        }
        let step = match state.next_step() {
            Ok(s) => s,
            Err(Contradiction(why)) => {
                report.contradiction = Some(why);
                return Ok(Some(report));
            }
        };
        match step {
            Some(step) => {
                if let Err(Contradiction(why)) = state.apply(&step) {
                    report.contradiction = Some(why);
                    return Ok(Some(report));
                }
                report.grade = report.grade.max(Some(step.technique));
                report.steps.push(step);
            }
            None => {
                report.used_search = true;
                report.grade = Some(Technique::Search);
                let open = state.placed.iter().filter(|&&p| !p).count();
                let found = search.run_from(
                    state.cand.clone(),
                    &Options {
                        deadline,
                        ..Options::limit(1)
                    },
                );
                if found.timed_out {
                    return Ok(None);
                }
                match found.solutions.into_iter().next() {
                    Some(grid) => {
                        let placed: Vec<(usize, u8)> = (0..grid.len())
                            .filter(|&c| !state.placed[c])
                            .map(|c| (c, grid.get(c)))
                            .collect();
                        report.steps.push(Step {
                            technique: Technique::Search,
                            placed,
                            removed: vec![],
                            reason: format!(
                                "no technique applies; the search filled the remaining {open} cells ({} branch nodes)",
                                found.nodes
                            ),
                        });
                        report.solution = Some(grid);
                    }
                    None => {
                        report.contradiction =
                            Some("no technique applies and the search finds no solution".into())
                    }
                }
                return Ok(Some(report));
            }
        }
    }
}
