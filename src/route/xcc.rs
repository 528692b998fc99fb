//! Target `xcc`: the puzzle as an exact-cover-with-colours problem in the text format of Knuth's
//! DLX1/DLX2 programs, read as it is by independent solvers (DLX2, PyPI `xcover` through
//! `scripts/xcc-solve.py`).
//!
//! The construction is [`PuzzleToCover`] itself (Knuth's Sudoku matrix, written once against
//! `puzzle::Structure`): option `k` of the file is row `k` of the cover, item `j` is column `j`.
//! This module only gives the columns names and reads and writes the format, so the two targets can
//! never drift apart.
//!
//! # Format
//!
//! ```text
//! | comment lines start with '|'
//! p1.1 p1.2 … b1.1 … r1.1 … c1.1 …  | w1.1.1 …      ← primary items, '|', secondary items
//! p1.1 b1.1 r1.1 c1.1                              ← one option per line
//! ```
//!
//! Item names (values and indices 1-based, at most 8 characters up to 25×25 Sudoku and 20×20
//! Suguru, as DLX1/DLX2 require): `pR.C` cell (row R, column C) holds one value; `bB.V` block B,
//! `gG.V` region G, `rR.V` row R, `cC.V` column C holds value V; `wL.K.V` window K of window
//! class L (the Suguru neighbour rule) holds V at most once. Sudoku's row, column and block items
//! and Suguru's region items are primary (exactly once); windows, which usually have fewer cells
//! than values, are secondary (at most once).
//!
//! The built instance needs no colours: every "at most once" is an uncoloured secondary item, as in
//! the exact-cover reduction it reuses. The answer reader recognises `item:colour` tokens and
//! refuses them by name, since no item of this instance carries a colour.
//!
//! # Sizes (proofs in `docs/target-xcc.md`)
//!
//! With `C` cells, choice groups `G` (a partition of the cells), layer groups `L` with largest value
//! `K_g`, slack `K_g − |g|`, and `cand(i)` = 1 for a given cell, `domain(i)` otherwise:
//!
//! * `primary = 2C + Σ_{g∈L, slack 0} K_g` (cells, each choice group's `|g|` values, exact layer
//!   groups);
//! * `secondary = Σ_{g∈L, slack ≠ 0} K_g`;
//! * `options = Σ_i cand(i)`;
//! * `entries = options · (2 + #layers)` (an option names its cell, its choice group and one group
//!   of each layer).
//!
//! Blank N×N Sudoku: `4N²` primary, 0 secondary, `N³` options, `4N³` entries.
//!
//! # Answers
//!
//! [`read_answer`] accepts what solvers print, detected by content: chosen options one per line
//! as they appear in the file (items in any order, as DLX2 prints them rotated; a trailing
//! `(k of d)` and `N:` solution headers of DLX1/DLX2 are understood, only the first solution is
//! read), or the 0-based option indices that `xcover.covers` yields, whitespace separated.

use crate::cover::{CoverColumn, PuzzleToCover};
use crate::error::{CertificateError, Error, InputError};
use crate::formats::lines::Lines;
use crate::formats::map::Fingerprinter;
use crate::puzzle::{Grid, GroupKind, Puzzle, Structure};
use crate::reduce::{Problem, Reduction, Sizes};
use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

/// An exact cover problem with named items: primary items are covered exactly once, secondary
/// items at most once. Options list item indices (primary items first, then secondary).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Xcc {
    pub primary: Vec<String>,
    pub secondary: Vec<String>,
    /// Each option's items, as indices into `primary ++ secondary`, ascending.
    pub options: Vec<Vec<u32>>,
}

impl Xcc {
    /// Name of item `j` (primary first).
    pub fn item_name(&self, j: u32) -> &str {
        let j = j as usize;
        if j < self.primary.len() {
            &self.primary[j]
        } else {
            &self.secondary[j - self.primary.len()]
        }
    }

    fn items(&self) -> usize {
        self.primary.len() + self.secondary.len()
    }
}

impl Problem for Xcc {
    /// Indices (0-based, in file order) of the chosen options, ascending.
    type Certificate = Vec<u32>;

    fn check(&self, chosen: &Vec<u32>) -> Result<(), CertificateError> {
        let mut covered_by: Vec<Option<u32>> = vec![None; self.items()];
        let mut previous: Option<u32> = None;
        for &k in chosen {
            if let Some(p) = previous.filter(|&p| p >= k) {
                return Err(CertificateError::new(format!(
                    "options must be listed once each in ascending order; option {} follows option {}",
                    k + 1,
                    p + 1
                )));
            }
            previous = Some(k);
            let items = self.options.get(k as usize).ok_or_else(|| {
                CertificateError::new(format!(
                    "option {} does not exist ({} options)",
                    k as u64 + 1,
                    self.options.len()
                ))
            })?;
            for &j in items {
                if let Some(other) = covered_by[j as usize] {
                    return Err(CertificateError::new(format!(
                        "item {} is covered twice (options {} and {})",
                        self.item_name(j),
                        other + 1,
                        k + 1
                    )));
                }
                covered_by[j as usize] = Some(k);
            }
        }
        if let Some(j) = covered_by[..self.primary.len()]
            .iter()
            .position(Option::is_none)
        {
            return Err(CertificateError::new(format!(
                "primary item {} is not covered",
                self.primary[j]
            )));
        }
        Ok(())
    }

    fn sizes(&self) -> Sizes {
        Sizes::new()
            .with("primary", self.primary.len() as u64)
            .with("secondary", self.secondary.len() as u64)
            .with("options", self.options.len() as u64)
            .with("entries", self.options.iter().map(|o| o.len() as u64).sum())
    }
}

/// Puzzle → XCC: [`PuzzleToCover`] with named items. See the module documentation.
pub struct PuzzleToXcc {
    cover: PuzzleToCover,
    target: Xcc,
    declared: Sizes,
}

impl PuzzleToXcc {
    pub fn new(puzzle: &Puzzle) -> Result<Self, Error> {
        let s = puzzle.structure();
        let cover = PuzzleToCover::new(puzzle);
        let names: Vec<String> = cover.columns().iter().map(|&c| item_name(&s, c)).collect();
        let mut seen = HashMap::with_capacity(names.len());
        for (j, name) in names.iter().enumerate() {
            if let Some(first) = seen.insert(name.as_str(), j) {
                // Cannot happen for the shipped structures; a guard for future puzzle kinds.
                return Err(Error::Input(InputError::new(format!(
                    "xcc: items {first} and {j} of this puzzle would both be named {name}"
                ))));
            }
        }
        let ec = cover.target();
        let mut primary = names;
        let secondary = primary.split_off(ec.primary);
        let target = Xcc {
            primary,
            secondary,
            options: ec.rows.clone(),
        };
        let declared = declared_sizes(puzzle, &s);
        Ok(PuzzleToXcc {
            cover,
            target,
            declared,
        })
    }

    /// Hash of the instance's content (item names, options), for the `.map` file.
    pub fn fingerprint(&self) -> String {
        let mut f = Fingerprinter::default();
        for (list, mark) in [
            (&self.target.primary, b'|'),
            (&self.target.secondary, b'\n'),
        ] {
            for name in list {
                f.update(name.as_bytes());
                f.update(b" ");
            }
            f.update(&[mark]);
        }
        for option in &self.target.options {
            for &j in option {
                f.update_u32(j);
            }
            f.update(b"\n");
        }
        f.finish()
    }
}

/// The formulas of the module documentation, from the puzzle's structure alone.
fn declared_sizes(puzzle: &Puzzle, s: &Structure) -> Sizes {
    let cells = s.cells() as u64;
    let givens = puzzle.givens();
    let options: u64 = (0..s.cells())
        .map(|i| {
            if givens.get(i) != 0 {
                1
            } else {
                s.domain[i] as u64
            }
        })
        .sum();
    let layer_values = |exact: bool| -> u64 {
        s.layers
            .iter()
            .flatten()
            .filter(|g| (g.slack() == 0) == exact)
            .map(|g| g.max_value as u64)
            .sum()
    };
    Sizes::new()
        .with("primary", 2 * cells + layer_values(true))
        .with("secondary", layer_values(false))
        .with("options", options)
        .with("entries", options * (2 + s.layers.len() as u64))
}

/// The item name of a cover column (see the module documentation).
fn item_name(s: &Structure, column: CoverColumn) -> String {
    match column {
        CoverColumn::Cell(i) => {
            let i = i as usize;
            format!("p{}.{}", i / s.cols + 1, i % s.cols + 1)
        }
        CoverColumn::Choice { group, value } => {
            group_item(s.choice[group as usize].kind, None, group, value)
        }
        CoverColumn::Layer {
            layer,
            group,
            value,
        } => group_item(
            s.layers[layer as usize][group as usize].kind,
            Some(layer),
            group,
            value,
        ),
    }
}

fn group_item(kind: GroupKind, layer: Option<u32>, index: u32, value: u8) -> String {
    match kind {
        GroupKind::Row(r) => format!("r{}.{value}", r + 1),
        GroupKind::Column(c) => format!("c{}.{value}", c + 1),
        GroupKind::Block(b) => format!("b{}.{value}", b + 1),
        GroupKind::Region(g) => format!("g{}.{value}", g + 1),
        // Window corners repeat across classes on one-row or one-column grids: name them by class
        // and index instead, which is unique.
        GroupKind::Window { .. } => {
            format!("w{}.{}.{value}", layer.unwrap_or(0) + 1, index + 1)
        }
        GroupKind::Diagonal(0) => format!("d.{value}"),
        GroupKind::Diagonal(_) => format!("a.{value}"),
        GroupKind::Extra(k) => format!("e{}.{value}", k + 1),
        GroupKind::Position(k) => format!("k{}.{value}", k + 1),
        // Described groups and padding cells: by layer (0 = choice) and index, which is unique.
        GroupKind::Listed { .. } | GroupKind::Alone(_) => {
            format!("l{}.{}.{value}", layer.map_or(0, |l| l + 1), index + 1)
        }
    }
}

impl Reduction for PuzzleToXcc {
    type Source = Puzzle;
    type Target = Xcc;

    fn name(&self) -> &'static str {
        "xcc"
    }
    fn target(&self) -> &Xcc {
        &self.target
    }
    fn witness(&self, solution: &Grid) -> Result<Vec<u32>, CertificateError> {
        self.cover.witness(solution)
    }
    fn extract(&self, chosen: &Vec<u32>) -> Result<Grid, CertificateError> {
        // The named check gives the messages (item names); the cover's extract then decodes.
        self.target.check(chosen)?;
        self.cover.extract(chosen)
    }
    fn declared_sizes(&self) -> Sizes {
        self.declared.clone()
    }
}

/// Writes the instance in DLX1/DLX2 format: comment lines, the item line, one option per line.
pub fn write_xcc(w: &mut dyn Write, r: &PuzzleToXcc, title: &str) -> std::io::Result<()> {
    let x = &r.target;
    let sizes = x.sizes();
    let mut out = std::io::BufWriter::new(w);
    writeln!(
        out,
        "| gridreduce xcc: {}",
        title.replace(['\n', '\r'], " ")
    )?;
    writeln!(out, "| {sizes}")?;
    writeln!(
        out,
        "| items: pR.C cell, rR.V row, cC.V column, bB.V block, gG.V region holds V; \
         wL.K.V window K of class L holds V at most once"
    )?;
    writeln!(
        out,
        "| one option per line = one candidate value of one cell"
    )?;
    write!(out, "{}", x.primary.join(" "))?;
    if !x.secondary.is_empty() {
        write!(out, " | {}", x.secondary.join(" "))?;
    }
    writeln!(out)?;
    for option in &x.options {
        let mut first = true;
        for &j in option {
            if !first {
                out.write_all(b" ")?;
            }
            first = false;
            out.write_all(x.item_name(j).as_bytes())?;
        }
        out.write_all(b"\n")?;
    }
    out.flush()
}

/// The largest answer file [`read_answer`] reads line by line is bounded by the line reader; this
/// bounds how many option lines it keeps (a cover has at most one option per cell).
fn too_many(x: &Xcc) -> usize {
    x.options.len() + 1
}

/// Reads a solver's answer (see the module documentation) into a certificate: option indices,
/// ascending. Errors name the file and line; the certificate itself is checked by `extract`.
pub fn read_answer(path: &Path, r: &PuzzleToXcc) -> Result<Vec<u32>, Error> {
    let file = crate::formats::inputs::open(path)?;
    parse_answer(std::io::BufReader::new(file), r).map_err(|e| Error::Input(e.in_file(path)))
}

/// [`read_answer`] on any reader (errors without the file name).
pub fn parse_answer(
    reader: impl std::io::BufRead,
    r: &PuzzleToXcc,
) -> Result<Vec<u32>, InputError> {
    let x = &r.target;
    let index: HashMap<&str, u32> = x
        .primary
        .iter()
        .chain(&x.secondary)
        .enumerate()
        .map(|(j, n)| (n.as_str(), j as u32))
        .collect();
    let by_items: HashMap<&[u32], u32> = x
        .options
        .iter()
        .enumerate()
        .map(|(k, o)| (o.as_slice(), k as u32))
        .collect();
    let mut chosen: Vec<(u32, usize)> = Vec::new();
    let mut headers = 0;
    for (n, line) in Lines::new(reader) {
        let line = line?;
        let text = strip_position(line.trim());
        if text.is_empty() || text.starts_with('|') {
            continue;
        }
        if is_header(text) {
            headers += 1;
            if headers > 1 {
                break; // only the first solution
            }
            continue;
        }
        if chosen.len() >= too_many(x) {
            return Err(InputError::at_line(
                n,
                format!("more than {} options chosen", x.options.len()),
            ));
        }
        let tokens: Vec<&str> = text.split_whitespace().collect();
        if tokens.iter().all(|t| t.parse::<u64>().is_ok()) {
            // xcover's option indices, 0-based.
            for t in tokens {
                let k: u64 = t.parse().unwrap_or(u64::MAX);
                if k >= x.options.len() as u64 {
                    return Err(InputError::at_line(
                        n,
                        format!(
                            "option index {k} is out of range (0-based, {} options)",
                            x.options.len()
                        ),
                    ));
                }
                chosen.push((k as u32, n));
                if chosen.len() > too_many(x) {
                    return Err(InputError::at_line(n, "more options than the instance has"));
                }
            }
            continue;
        }
        let mut items = Vec::with_capacity(tokens.len());
        for t in tokens {
            match index.get(t) {
                Some(&j) => items.push(j),
                None if t.contains(':') => {
                    return Err(InputError::at_line(
                        n,
                        format!("{t:?}: no item of this instance has a colour"),
                    ));
                }
                None => {
                    return Err(InputError::at_line(
                        n,
                        format!("{t:?} is not an item of this instance"),
                    ));
                }
            }
        }
        items.sort_unstable();
        match by_items.get(items.as_slice()) {
            Some(&k) => chosen.push((k, n)),
            None => {
                return Err(InputError::at_line(
                    n,
                    "this line is not an option of the instance",
                ));
            }
        }
    }
    if chosen.is_empty() {
        return Err(InputError::new(
            "no option in the answer (did the solver find no cover?)",
        ));
    }
    chosen.sort_unstable();
    if let Some(w) = chosen.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(InputError::at_line(
            w[1].1.max(w[0].1),
            format!("option {} is chosen twice", w[0].0 + 1),
        ));
    }
    Ok(chosen.into_iter().map(|(k, _)| k).collect())
}

/// `12:` — DLX1/DLX2's header before each printed solution.
fn is_header(text: &str) -> bool {
    text.strip_suffix(':')
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// Drops DLX1/DLX2's trailing ` (k of d)` (the option's position among its item's options).
fn strip_position(text: &str) -> &str {
    if let Some(open) = text.rfind(" (")
        && text.ends_with(')')
    {
        let inner: Vec<&str> = text[open + 2..text.len() - 1].split(' ').collect();
        if inner.len() == 3
            && inner[1] == "of"
            && inner[0].parse::<u64>().is_ok()
            && inner[2].parse::<u64>().is_ok()
        {
            return text[..open].trim_end();
        }
    }
    text
}

// ---------------------------------------------------------------------------------------------
// The route: what the registry (`crate::route`) needs to export, decode and measure this target.

/// `--to xcc`.
pub struct XccRoute;

/// Peak memory of building this route's instance (docs/reliability.md, "Memory").
const FOOTPRINT: crate::memory::Footprint = crate::memory::Footprint {
    what: "the xcc instance",
    per_candidate: 160,
    per_pair: 0,
};

impl super::Route for XccRoute {
    fn footprint(&self, _params: &super::Params) -> crate::memory::Footprint {
        FOOTPRINT
    }
    fn name(&self) -> &'static str {
        "xcc"
    }
    fn about(&self) -> &'static str {
        "Exact cover with colours in the text format of Knuth's DLX1/DLX2 (xcover, Dancing Links)."
    }
    fn build(
        &self,
        puzzle: &Puzzle,
        _: &super::Params,
    ) -> Result<std::sync::Arc<dyn super::Built>, Error> {
        Ok(std::sync::Arc::new(PuzzleToXcc::new(puzzle)?))
    }
    fn params_from_steps(
        &self,
        steps: &[crate::reduce::StepRecord],
    ) -> Result<super::Params, String> {
        super::single_step(steps, "xcc", "an exact-cover")
    }
    fn stats_sizes(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("primary", "primary"),
            ("secondary", "secondary"),
            ("options", "options"),
            ("entries", "entries"),
        ]
    }
    fn in_default_stats(&self) -> bool {
        false
    }
    fn checks(&self) -> Vec<super::Check> {
        super::one_check("xcc")
    }
}

impl super::Built for PuzzleToXcc {
    one_step!("xcc");
    fn fingerprint(&self) -> String {
        PuzzleToXcc::fingerprint(self)
    }
    contract_facts!();
    fn summary(&self) -> String {
        let s = self.target.sizes();
        format!(
            "{} primary and {} secondary items, {} options",
            s.get("primary").unwrap_or(0),
            s.get("secondary").unwrap_or(0),
            s.get("options").unwrap_or(0)
        )
    }
    fn file_format(&self, _: &super::Params) -> Result<(&'static str, &'static str), Error> {
        Ok(("dlx", "xcc"))
    }
    fn write(&self, _: &str, title: &str, w: &mut dyn Write) -> std::io::Result<()> {
        write_xcc(w, self, title)
    }
    fn answer_formats(&self) -> &'static [&'static str] {
        &["options", "indices"]
    }
    /// The chosen options, one per line as the file has them (what DLX2 prints).
    fn witness_answer(&self, solution: &Grid) -> Result<Vec<u8>, Error> {
        let x = &self.target;
        let mut out = String::new();
        for &k in &self.witness(solution)? {
            let names: Vec<&str> = x.options[k as usize]
                .iter()
                .map(|&j| x.item_name(j))
                .collect();
            out.push_str(&names.join(" "));
            out.push('\n');
        }
        Ok(out.into_bytes())
    }
    fn decode(&self, answer: &Path, _: &super::AnswerHints) -> Result<Grid, Error> {
        let options = read_answer(answer, self)?;
        self.extract(&options)
            .map_err(|e| super::answer_error(answer, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::sudoku_text::{LayoutSpec, parse_puzzle};

    fn blank4() -> Puzzle {
        parse_puzzle("................", &LayoutSpec::Default)
            .unwrap()
            .0
            .into()
    }

    fn solved4() -> Grid {
        let cells = "1234341221434321".bytes().map(|b| b - b'0').collect();
        Grid::from_cells(4, 4, cells)
    }

    #[test]
    fn blank_sudoku_sizes_and_names() {
        let r = PuzzleToXcc::new(&blank4()).unwrap();
        let x = r.target();
        assert_eq!(
            x.sizes().to_string(),
            "primary=64 secondary=0 options=64 entries=256"
        );
        assert_eq!(r.declared_sizes(), x.sizes());
        let first: Vec<&str> = x.options[0].iter().map(|&j| x.item_name(j)).collect();
        assert_eq!(first, ["p1.1", "b1.1", "r1.1", "c1.1"]);
    }

    #[test]
    fn written_file_reads_back_as_answer_lines() {
        let r = PuzzleToXcc::new(&blank4()).unwrap();
        let mut out = Vec::new();
        write_xcc(&mut out, &r, "blank").unwrap();
        let text = String::from_utf8(out).unwrap();
        let mut lines = text.lines().filter(|l| !l.starts_with('|'));
        assert!(lines.next().unwrap().starts_with("p1.1 p1.2"));
        let options: Vec<&str> = lines.collect();
        assert_eq!(options.len(), 64);
        let w = r.witness(&solved4()).unwrap();
        // Chosen options as printed, rotated as DLX2 prints them, with its decorations.
        let mut answer = String::from("1:\n");
        for &k in &w {
            let mut items: Vec<&str> = options[k as usize].split(' ').collect();
            items.rotate_left(k as usize % 4);
            answer += &format!(" {} (1 of 4)\n", items.join(" "));
        }
        answer += "2:\n p1.1 b1.1 r1.1 c1.1\n";
        let read = parse_answer(answer.as_bytes(), &r).unwrap();
        assert_eq!(read, w);
        assert_eq!(r.extract(&read).unwrap(), solved4());
        // xcover's indices.
        let indices: Vec<String> = w.iter().rev().map(|k| k.to_string()).collect();
        assert_eq!(parse_answer(indices.join(" ").as_bytes(), &r).unwrap(), w);
    }

    #[test]
    fn bad_answers_are_one_line_errors() {
        let r = PuzzleToXcc::new(&blank4()).unwrap();
        let e = |s: &str| parse_answer(s.as_bytes(), &r).unwrap_err().to_string();
        assert!(e("").contains("no option"));
        assert!(e("p1.1 zz\n").starts_with("line 1: \"zz\" is not an item"));
        assert!(e("p1.1 b1.1 r1.1\n").contains("not an option"));
        assert!(e("p1.1 b1.1 r1.1 c1.1:A\n").contains("colour"));
        assert!(e("64\n").contains("out of range"));
        assert!(e("0\n|c\n0\n").starts_with("line 3: option 1 is chosen twice"));
        // A parsed but incomplete cover is refused by extract, naming the item.
        let partial = parse_answer("p1.1 b1.1 r1.1 c1.1\n".as_bytes(), &r).unwrap();
        let err = r.extract(&partial).unwrap_err().to_string();
        assert!(err.contains("primary item p1.2 is not covered"), "{err}");
        let clash = r.extract(&vec![0, 4]).unwrap_err().to_string();
        assert!(clash.contains("b1.1 is covered twice"), "{clash}");
    }
}
