//! Tours: what Hamiltonian-cycle and TSP solvers write, read into a [`Tour`] (0-based vertices in
//! cycle order), and the LKH-style TOUR file gridreduce writes itself.
//!
//! | format | written by | content |
//! |---|---|---|
//! | `lkh` | LKH, TSPLIB `.opt.tour`, gridreduce | `KEY : value` lines (`TYPE : TOUR`, `DIMENSION`), `TOUR_SECTION`, 1-based ids, `-1`, `EOF` |
//! | `concorde` | `concorde` (`.sol`) | first `n`, then the `n` nodes, 0-based, 10 a line |
//! | `linkern` | `linkern -o` | first `n n`, then `u v w` per tour edge, 0-based, in tour order |
//! | `perm` | anything | the vertices in order, white-space separated, 0- or 1-based |
//!
//! Every reader takes sections as streams of numbers: padded columns, trailing spaces, any number of
//! ids per line, CRLF, and a missing `EOF` (or a missing `-1` at the very end of a complete LKH
//! tour) are fine.
//!
//! **Detection** (when no format is given), from the first non-blank line:
//! 1. it starts with a letter → `lkh`;
//! 2. it holds two numbers (`n n`) → `linkern` (a permutation written two ids a line needs
//!    `--format perm`);
//! 3. it holds one number `k`: a Concorde `.sol` if the next line holds several numbers (Concorde
//!    writes ten a line) or if exactly `k` numbers follow (when the graph's vertex count `n` is
//!    known: if `k = n` and `n` numbers follow); otherwise a permutation written one id a line;
//! 4. anything else → `perm`.
//!
//! A permutation's base, unless given: 0-based if it contains 0, 1-based otherwise.
//!
//! **What the readers check**: the file is well formed, and the tour is a permutation — `n` ids,
//! each in range, none twice (`n` from the file's DIMENSION/count, and it must equal the graph's
//! vertex count when the caller knows it). A linkern edge list must form one cycle through all
//! nodes. Whether consecutive vertices are *adjacent* is not the reader's business: LKH writes a
//! tour even when it found no Hamiltonian cycle, so the caller checks every step with
//! [`Problem::check`](crate::reduce::Problem::check).

use super::atomic::write_atomic;
use super::tokens::{FastWriter, ReadLimits, Scanner, Tok, TokKind, split_keyword};
use crate::error::{Error, InputError};
use crate::hcp::Tour;
use std::io::{BufRead, Write};
use std::path::Path;

/// The tour file formats (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TourFormat {
    /// LKH / TSPLIB TOUR file: TOUR_SECTION, 1-based ids, -1, EOF.
    Lkh,
    /// Concorde .sol: n, then n 0-based ids.
    Concorde,
    /// linkern -o edge list: `n n`, then `u v w` in tour order (0-based).
    Linkern,
    /// Plain permutation: the ids in order (base 0 or 1, see --base).
    Perm,
}

impl TourFormat {
    pub fn name(self) -> &'static str {
        match self {
            TourFormat::Lkh => "lkh",
            TourFormat::Concorde => "concorde",
            TourFormat::Linkern => "linkern",
            TourFormat::Perm => "perm",
        }
    }
}

/// Numbering of vertices in a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Base {
    #[value(name = "0")]
    Zero,
    #[value(name = "1")]
    One,
}

impl Base {
    pub fn offset(self) -> u32 {
        match self {
            Base::Zero => 0,
            Base::One => 1,
        }
    }
}

/// What the caller knows before reading.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TourOptions {
    /// The format; `None` detects it.
    pub format: Option<TourFormat>,
    /// The base of a permutation; `None` detects it. (Other formats have a fixed base.)
    pub base: Option<Base>,
    /// The vertex count of the graph the tour is for, when known: a tour of another size is an
    /// error, and detection uses it.
    pub vertices: Option<u32>,
}

/// A read tour file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TourFile {
    /// 0-based vertices in tour order; a permutation of `0..n`.
    pub tour: Tour,
    pub format: TourFormat,
    pub base: Base,
    /// NAME and COMMENT lines of an LKH tour.
    pub name: Option<String>,
    pub comments: Vec<String>,
}

/// One id as read: value (as written, base not yet removed), line and column.
#[derive(Clone, Copy)]
struct Id {
    v: u32,
    line: u32,
    col: u32,
}

fn id_of(t: &Tok, what: &str) -> Result<Id, InputError> {
    match t.kind {
        TokKind::Int(v) if (0..=u32::MAX as i64).contains(&v) => Ok(Id {
            v: v as u32,
            line: t.line.min(u32::MAX as usize) as u32,
            col: t.col.min(u32::MAX as usize) as u32,
        }),
        TokKind::Int(v) => Err(t.error(format!("{v} is not a vertex number ({what})"))),
        TokKind::Word(ref w) => Err(t.error(format!("'{w}' is not a vertex number ({what})"))),
    }
}

impl Id {
    fn error(&self, message: impl Into<String>) -> InputError {
        InputError::at_line(self.line as usize, message).with_column(self.col as usize)
    }
}

/// A compact set of vertices.
struct Bits(Vec<u64>);

impl Bits {
    fn new(n: u32) -> Self {
        Bits(vec![0; (n as usize).div_ceil(64)])
    }
    /// Inserts; false if it was there.
    fn insert(&mut self, v: u32) -> bool {
        let (w, b) = ((v / 64) as usize, v % 64);
        let had = self.0[w] >> b & 1 == 1;
        self.0[w] |= 1 << b;
        !had
    }
    fn first_missing(&self, n: u32) -> Option<u32> {
        (0..n).find(|&v| self.0[(v / 64) as usize] >> (v % 64) & 1 == 0)
    }
}

/// Turns ids into a tour of exactly `n` vertices numbered from `base`, checking range, count and
/// repeats. `end_line` is where the list ended (for a short tour).
fn into_tour(ids: &[Id], n: u32, base: u32, end_line: usize) -> Result<Tour, InputError> {
    if n == 0 {
        return Err(InputError::at_line(
            end_line,
            "a tour needs at least one vertex",
        ));
    }
    let hi = n as u64 + base as u64 - 1;
    for id in ids.iter().take(n as usize) {
        if (id.v as u64) < base as u64 || id.v as u64 > hi {
            return Err(id.error(format!("vertex {} is outside {base}..{hi}", id.v)));
        }
    }
    if ids.len() > n as usize {
        let extra = ids[n as usize];
        return Err(extra.error(format!(
            "the tour has more than {n} vertices ('{}' is number {})",
            extra.v,
            n as u64 + 1
        )));
    }
    let mut seen = Bits::new(n);
    for (i, id) in ids.iter().enumerate() {
        if !seen.insert(id.v - base) {
            let first = ids[..i].iter().find(|x| x.v == id.v).map_or(0, |x| x.line);
            return Err(id.error(format!(
                "vertex {} appears twice in the tour (first on line {first})",
                id.v
            )));
        }
    }
    if ids.len() < n as usize {
        let missing = seen.first_missing(n).map_or(0, |v| v as u64 + base as u64);
        return Err(InputError::at_line(
            end_line,
            format!(
                "the tour ends after {} of its {n} vertices (vertex {missing} is missing)",
                ids.len()
            ),
        ));
    }
    Ok(ids.iter().map(|id| id.v - base).collect())
}

/// Reads numbers to the end of the file.
fn rest_ids<R: BufRead>(
    sc: &mut Scanner<R>,
    ids: &mut Vec<Id>,
    what: &str,
) -> Result<(), InputError> {
    while let Some(t) = sc.next_token() {
        ids.push(id_of(&t?, what)?);
    }
    Ok(())
}

fn count_matches(n: u32, vertices: Option<u32>, at: &Id, what: &str) -> Result<(), InputError> {
    match vertices {
        Some(v) if v != n => Err(at.error(format!(
            "the tour is for {n} {what}, the graph has {v} vertices (a tour of another instance?)"
        ))),
        _ => Ok(()),
    }
}

fn parse_lkh<R: BufRead>(
    sc: &mut Scanner<R>,
    options: &TourOptions,
    limits: &ReadLimits,
) -> Result<TourFile, InputError> {
    let mut name = None;
    let mut comments = Vec::new();
    let mut dimension: Option<(u32, usize)> = None;
    let mut ids = Vec::new();
    let mut end_line = 0;
    let mut have_section = false;
    while let Some(item) = sc.next_line() {
        let (ln, text) = item?;
        if text.trim().is_empty() {
            continue;
        }
        let (key, value, offset) = split_keyword(text);
        let value = value.to_string();
        let word = value.split_whitespace().next().unwrap_or("").to_string();
        match key.as_str() {
            "NAME" => name = Some(value),
            "COMMENT" => comments.push(value),
            "TYPE" => {
                if !word.eq_ignore_ascii_case("TOUR") {
                    return Err(InputError::at_line(
                        ln,
                        format!("TYPE is {word}, not TOUR (is this a problem file?)"),
                    ));
                }
            }
            "DIMENSION" => {
                let n: u64 = word.parse().map_err(|_| {
                    InputError::at_line(ln, format!("DIMENSION '{word}' is not a whole number"))
                })?;
                if n == 0 {
                    return Err(InputError::at_line(ln, "DIMENSION must be at least 1"));
                }
                let n = limits
                    .check_vertices(n, "DIMENSION")
                    .map_err(|m| InputError::at_line(ln, m))?;
                if let Some(v) = options.vertices
                    && v != n
                {
                    return Err(InputError::at_line(
                        ln,
                        format!(
                            "DIMENSION is {n}, the graph has {v} vertices (a tour of another instance?)"
                        ),
                    ));
                }
                dimension = Some((n, ln));
            }
            "TOUR_SECTION" => {
                if have_section {
                    return Err(InputError::at_line(ln, "a second TOUR_SECTION"));
                }
                have_section = true;
                sc.resume_at(offset);
                loop {
                    let Some(t) = sc.next_token() else {
                        end_line = sc.line();
                        break;
                    };
                    let t = t?;
                    match &t.kind {
                        TokKind::Int(-1) => {
                            end_line = t.line;
                            sc.finish_line("the closing -1")?;
                            break;
                        }
                        TokKind::Word(w) if w.eq_ignore_ascii_case("EOF") => {
                            end_line = t.line;
                            sc.finish_line("EOF")?;
                            break;
                        }
                        _ => ids.push(id_of(&t, "TOUR_SECTION holds 1-based vertex numbers")?),
                    }
                }
            }
            "EOF" => break,
            // A number where a keyword should be: the TOUR_SECTION was closed too early.
            _ if have_section && key.parse::<i64>().is_ok() => {
                return Err(InputError::at_line(
                    ln,
                    format!(
                        "vertex number '{}' after the TOUR_SECTION was closed on line {end_line} (a -1 too early?)",
                        crate::formats::tokens::excerpt(&key)
                    ),
                ));
            }
            _ => {
                return Err(InputError::at_line(
                    ln,
                    format!(
                        "unknown keyword '{}' in a TOUR file",
                        crate::formats::tokens::excerpt(&key)
                    ),
                ));
            }
        }
    }
    if !have_section {
        return Err(InputError::at_line(sc.line(), "no TOUR_SECTION"));
    }
    let n = match (dimension, options.vertices) {
        (Some((d, _)), _) => d,
        (None, Some(v)) => v,
        (None, None) => ids.len() as u32,
    };
    if n == 0 {
        return Err(InputError::at_line(end_line, "the TOUR_SECTION is empty"));
    }
    Ok(TourFile {
        tour: into_tour(&ids, n, 1, end_line)?,
        format: TourFormat::Lkh,
        base: Base::One,
        name,
        comments,
    })
}

/// The `.sol` layout: first id is n. `ids` holds every number of the file.
fn sol_tour(
    ids: &[Id],
    options: &TourOptions,
    limits: &ReadLimits,
    end: usize,
) -> Result<TourFile, InputError> {
    let first = ids[0];
    let n = limits
        .check_vertices(first.v as u64, "the node count")
        .map_err(|m| first.error(m))?;
    if n == 0 {
        return Err(first.error("the node count must be at least 1"));
    }
    count_matches(n, options.vertices, &first, "nodes")?;
    Ok(TourFile {
        tour: into_tour(&ids[1..], n, 0, end)?,
        format: TourFormat::Concorde,
        base: Base::Zero,
        name: None,
        comments: Vec::new(),
    })
}

fn perm_tour(ids: &[Id], options: &TourOptions, end: usize) -> Result<TourFile, InputError> {
    if ids.is_empty() {
        return Err(InputError::new("the file holds no vertex numbers"));
    }
    let n = options
        .vertices
        .unwrap_or(ids.len().min(u32::MAX as usize) as u32);
    let base = options.base.unwrap_or(if ids.iter().any(|id| id.v == 0) {
        Base::Zero
    } else {
        Base::One
    });
    Ok(TourFile {
        tour: into_tour(ids, n, base.offset(), end)?,
        format: TourFormat::Perm,
        base,
        name: None,
        comments: Vec::new(),
    })
}

fn parse_linkern<R: BufRead>(
    sc: &mut Scanner<R>,
    options: &TourOptions,
    limits: &ReadLimits,
) -> Result<TourFile, InputError> {
    let head = |sc: &mut Scanner<R>| -> Result<Tok, InputError> {
        match sc.next_token() {
            None => Err(InputError::at_line(
                sc.line(),
                "a linkern tour starts with `n n` (nodes and edges)",
            )),
            Some(t) => t,
        }
    };
    let t1 = head(sc)?;
    let t2 = head(sc)?;
    let (n_id, m_id) = (id_of(&t1, "node count")?, id_of(&t2, "edge count")?);
    let n = limits
        .check_vertices(n_id.v as u64, "the node count")
        .map_err(|m| n_id.error(m))?;
    if n == 0 {
        return Err(n_id.error("the node count must be at least 1"));
    }
    if m_id.v != n {
        return Err(m_id.error(format!(
            "a tour of {n} nodes has {n} edges, the first line says {}",
            m_id.v
        )));
    }
    count_matches(n, options.vertices, &n_id, "nodes")?;
    let range = format!("nodes are 0..{}", n - 1);
    let mut edges: Vec<(u32, u32, u32)> = Vec::new();
    for k in 0..n {
        let (ends, line) = sc.weighted_edge(n, &range, "edge length", || {
            format!("the file ends after {k} of the tour's {n} edges (truncated?)")
        })?;
        let line = line.min(u32::MAX as usize) as u32;
        edges.push((ends[0], ends[1], line));
    }
    if let Some(t) = sc.next_token() {
        let t = t?;
        return Err(t.error(format!("'{}' after the tour's {n} edges", t.text())));
    }
    // Each node keeps the (up to) two edges that touch it; walking always leaves a node by the
    // edge it did not arrive on, which also handles the 2-node tour (two parallel edges).
    const NONE: u32 = u32::MAX;
    let mut slots = vec![[NONE; 2]; n as usize];
    for (e, &(a, b, line)) in edges.iter().enumerate() {
        for v in [a, b] {
            let s = &mut slots[v as usize];
            if s[0] == NONE {
                s[0] = e as u32;
            } else if s[1] == NONE {
                s[1] = e as u32;
            } else {
                return Err(InputError::at_line(
                    line as usize,
                    format!("node {v} is on a third tour edge here (a tour has two at each node)"),
                ));
            }
        }
    }
    if let Some(v) = slots.iter().position(|s| s[1] == NONE) {
        let on = if slots[v][0] == NONE {
            "no"
        } else {
            "only one"
        };
        return Err(InputError::at_line(
            sc.line(),
            format!("node {v} is on {on} tour edge (a tour has two at each node)"),
        ));
    }
    let other = |e: u32, v: u32| {
        let (a, b, _) = edges[e as usize];
        if a == v { b } else { a }
    };
    let start = edges[0].0;
    let mut tour = vec![start];
    let (mut came_by, mut at) = (0u32, other(0, start));
    while at != start && tour.len() < n as usize {
        tour.push(at);
        let s = slots[at as usize];
        let leave = if s[0] == came_by { s[1] } else { s[0] };
        at = other(leave, at);
        came_by = leave;
    }
    if tour.len() != n as usize || at != start {
        return Err(InputError::at_line(
            edges[0].2 as usize,
            format!(
                "the edges do not form one cycle: the cycle through node {start} has {} of the {n} nodes",
                tour.len()
            ),
        ));
    }
    Ok(TourFile {
        tour,
        format: TourFormat::Linkern,
        base: Base::Zero,
        name: None,
        comments: Vec::new(),
    })
}

/// Reads a tour from a stream (see the module documentation for formats and detection).
pub fn parse_tour(
    reader: impl BufRead,
    options: &TourOptions,
    limits: &ReadLimits,
) -> Result<TourFile, InputError> {
    let mut sc = Scanner::new(reader);
    // Find the first non-blank line and decide on it.
    let (first_tokens, first_alpha) = loop {
        match sc.next_line() {
            None => return Err(InputError::new("file is empty, expected a tour")),
            Some(item) => {
                let (_, text) = item?;
                let t = text.trim();
                if t.is_empty() {
                    continue;
                }
                let toks: Vec<String> = t.split_whitespace().take(3).map(str::to_string).collect();
                break (toks, t.starts_with(|c: char| c.is_alphabetic()));
            }
        }
    };
    sc.unread_line();
    let format = match options.format {
        Some(f) => Some(f),
        None if first_alpha => Some(TourFormat::Lkh),
        None if first_tokens.len() == 2 => Some(TourFormat::Linkern),
        None if first_tokens.len() == 1 => None, // .sol or perm: decided on the count below
        None => Some(TourFormat::Perm),
    };
    match format {
        Some(TourFormat::Lkh) => parse_lkh(&mut sc, options, limits),
        Some(TourFormat::Linkern) => parse_linkern(&mut sc, options, limits),
        Some(TourFormat::Concorde) => {
            let mut ids = Vec::new();
            rest_ids(&mut sc, &mut ids, "a .sol holds whole numbers")?;
            sol_tour(&ids, options, limits, sc.line())
        }
        Some(TourFormat::Perm) => {
            let mut ids = Vec::new();
            rest_ids(&mut sc, &mut ids, "a permutation holds whole numbers")?;
            perm_tour(&ids, options, sc.line())
        }
        None => {
            let mut ids = Vec::new();
            rest_ids(&mut sc, &mut ids, "expected whole numbers")?;
            let first = ids[0].v as u64;
            let count_fits = match options.vertices {
                Some(v) => first == v as u64 && ids.len() as u64 == v as u64 + 1,
                None => ids.len() as u64 == first + 1,
            };
            // Concorde writes ten ids a line after the count: a second line of several numbers
            // marks a .sol even when ids are missing (a truncated file gets the right error).
            let sol_shape =
                ids.len() >= 3 && ids[1].line != ids[0].line && ids[1].line == ids[2].line;
            let is_sol = count_fits || sol_shape;
            if is_sol {
                sol_tour(&ids, options, limits, sc.line())
            } else {
                perm_tour(&ids, options, sc.line())
            }
        }
    }
}

/// [`parse_tour`] a file; errors name the file.
pub fn read_tour(path: &Path, options: &TourOptions) -> Result<TourFile, Error> {
    parse_tour(super::tsplib::open(path)?, options, &ReadLimits::default())
        .map_err(|e| Error::Input(e.in_file(path)))
}

// ---------------------------------------------------------------------------------------------
// Writers

/// Writes an LKH-style TOUR file: NAME, optional COMMENT, `TYPE : TOUR`, DIMENSION, TOUR_SECTION
/// with one 1-based id a line, `-1`, `EOF`. Streams.
pub fn write_lkh_tour(
    out: &mut dyn Write,
    tour: &[u32],
    name: &str,
    comment: Option<&str>,
) -> std::io::Result<()> {
    let mut w = FastWriter::new(out);
    let n = u32::try_from(tour.len()).map_err(std::io::Error::other)?;
    super::tsplib::write_spec(&mut w, name, comment, "TOUR", n)?;
    w.text("TOUR_SECTION\n")?;
    for &v in tour {
        w.num(v as u64 + 1)?;
        w.byte(b'\n')?;
    }
    w.text("-1\nEOF\n")?;
    w.finish()
}

/// [`write_lkh_tour`] to a file, atomically.
pub fn write_lkh_tour_file(
    path: &Path,
    tour: &[u32],
    name: &str,
    comment: Option<&str>,
) -> Result<(), Error> {
    write_atomic(path, |w| write_lkh_tour(w, tour, name, comment))
}

/// Writes a tour as Concorde writes a `.sol` (`n`, then ten 0-based ids a line, each followed by a
/// space).
pub fn write_concorde_sol(out: &mut dyn Write, tour: &[u32]) -> std::io::Result<()> {
    let mut w = FastWriter::new(out);
    w.num(tour.len() as u64)?;
    w.byte(b'\n')?;
    for (i, &v) in tour.iter().enumerate() {
        w.num(v as u64)?;
        w.byte(b' ')?;
        if i % 10 == 9 {
            w.byte(b'\n')?;
        }
    }
    if !tour.len().is_multiple_of(10) {
        w.byte(b'\n')?;
    }
    w.finish()
}

/// Writes a tour as `linkern -o` does (`n n`, then `u v w` per step, 0-based), with length 1 for
/// every step.
pub fn write_linkern(out: &mut dyn Write, tour: &[u32]) -> std::io::Result<()> {
    let mut w = FastWriter::new(out);
    w.num(tour.len() as u64)?;
    w.byte(b' ')?;
    w.num(tour.len() as u64)?;
    w.byte(b'\n')?;
    for i in 0..tour.len() {
        w.num(tour[i] as u64)?;
        w.byte(b' ')?;
        w.num(tour[(i + 1) % tour.len()] as u64)?;
        w.text(" 1\n")?;
    }
    w.finish()
}

/// Writes a tour as a plain permutation, one id a line, numbered from `base`.
pub fn write_perm(out: &mut dyn Write, tour: &[u32], base: Base) -> std::io::Result<()> {
    let mut w = FastWriter::new(out);
    for &v in tour {
        w.num(v as u64 + base.offset() as u64)?;
        w.byte(b'\n')?;
    }
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, options: TourOptions) -> Result<TourFile, String> {
        parse_tour(text.as_bytes(), &options, &ReadLimits::default()).map_err(|e| e.to_string())
    }

    fn auto(text: &str) -> Result<TourFile, String> {
        read(text, TourOptions::default())
    }

    #[test]
    fn every_writer_reads_back_detected() {
        let tour = vec![3u32, 0, 11, 2, 5, 4, 6, 7, 8, 9, 10, 1];
        let opts = TourOptions::default();
        let write = |f: &dyn Fn(&mut Vec<u8>)| {
            let mut out = Vec::new();
            f(&mut out);
            String::from_utf8(out).unwrap()
        };
        let lkh = write(&|o| write_lkh_tour(o, &tour, "t", Some("c")).unwrap());
        let sol = write(&|o| write_concorde_sol(o, &tour).unwrap());
        let lin = write(&|o| write_linkern(o, &tour).unwrap());
        let p0 = write(&|o| write_perm(o, &tour, Base::Zero).unwrap());
        let p1 = write(&|o| write_perm(o, &tour, Base::One).unwrap());
        assert_eq!(sol, "12\n3 0 11 2 5 4 6 7 8 9 \n10 1 \n");
        for (text, format, base) in [
            (&lkh, TourFormat::Lkh, Base::One),
            (&sol, TourFormat::Concorde, Base::Zero),
            (&lin, TourFormat::Linkern, Base::Zero),
            (&p0, TourFormat::Perm, Base::Zero),
            (&p1, TourFormat::Perm, Base::One),
        ] {
            for options in [
                opts,
                TourOptions {
                    vertices: Some(12),
                    ..opts
                },
            ] {
                let got = read(text, options).unwrap();
                assert_eq!((got.format, got.base), (format, base), "{text}");
                assert_eq!(got.tour, tour, "{text}");
            }
            let forced = read(
                text,
                TourOptions {
                    format: Some(format),
                    ..opts
                },
            )
            .unwrap();
            assert_eq!(forced.tour, tour);
        }
    }

    #[test]
    fn real_file_quirks() {
        let t = auto(
            "NAME : a.opt\nTYPE : TOUR\nDIMENSION : 5\nTOUR_SECTION\n    5   3  \n 1 2 4\n-1\n",
        )
        .unwrap();
        assert_eq!(t.tour, vec![4, 2, 0, 1, 3]);
        // No -1 and no EOF, but complete.
        assert_eq!(
            auto("TYPE : TOUR\nDIMENSION : 3\nTOUR_SECTION\n1\n2\n3\n")
                .unwrap()
                .tour,
            vec![0, 1, 2]
        );
        // EOF in place of -1.
        assert_eq!(
            auto("DIMENSION : 3\nTOUR_SECTION\n1 2 3\nEOF\n")
                .unwrap()
                .tour,
            vec![0, 1, 2]
        );
        // Linkern edges in any order and orientation.
        let t = auto("4 4\n0 1 5\n3 2 1\n1 2 7\n0 3 1\n").unwrap();
        assert_eq!(t.tour, vec![0, 1, 2, 3]);
        // The 2-node tour.
        assert_eq!(auto("2 2\n0 1 1\n1 0 1\n").unwrap().tour, vec![0, 1]);
        // Ambiguous "2\n0\n1": a .sol of 2 nodes without a vertex count, a perm of 3 with it.
        assert_eq!(auto("2\n0\n1\n").unwrap().format, TourFormat::Concorde);
        let p = read(
            "2\n0\n1\n",
            TourOptions {
                vertices: Some(3),
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!((p.format, p.tour), (TourFormat::Perm, vec![2, 0, 1]));
    }

    #[test]
    fn errors_are_one_line_with_place() {
        let lkh = |body: &str| {
            auto(&format!("TYPE : TOUR\nDIMENSION : 4\nTOUR_SECTION\n{body}")).unwrap_err()
        };
        assert_eq!(
            lkh("1 2 2 4\n-1\n"),
            "line 4:5: vertex 2 appears twice in the tour (first on line 4)"
        );
        assert_eq!(
            lkh("1 2\n4\n-1\n"),
            "line 6: the tour ends after 3 of its 4 vertices (vertex 3 is missing)"
        );
        assert_eq!(lkh("1 2 5 3\n-1\n"), "line 4:5: vertex 5 is outside 1..4");
        assert_eq!(
            lkh("1 2 x 3\n-1\n"),
            "line 4:5: 'x' is not a vertex number (TOUR_SECTION holds 1-based vertex numbers)"
        );
        assert_eq!(
            lkh("1 2 3 4 1\n-1\n"),
            "line 4:9: the tour has more than 4 vertices ('1' is number 5)"
        );
        assert_eq!(
            lkh("1 2 3 4 -1 7\n"),
            "line 4:12: unexpected '7' after the closing -1"
        );
        assert_eq!(
            read(
                "TYPE : TOUR\nDIMENSION : 4\nTOUR_SECTION\n1 2 3 4\n-1\n",
                TourOptions {
                    vertices: Some(5),
                    ..Default::default()
                }
            )
            .unwrap_err(),
            "line 2: DIMENSION is 4, the graph has 5 vertices (a tour of another instance?)"
        );
        assert_eq!(
            auto("TYPE : HCP\n").unwrap_err(),
            "line 1: TYPE is HCP, not TOUR (is this a problem file?)"
        );
        assert_eq!(
            auto("5\n0 1 2 3\n").unwrap_err(),
            "line 2: the tour ends after 4 of its 5 vertices (vertex 4 is missing)"
        );
        assert_eq!(
            auto("4 4\n0 1 1\n1 2 1\n1 3 1\n2 3 1\n").unwrap_err(),
            "line 4: node 1 is on a third tour edge here (a tour has two at each node)"
        );
        assert_eq!(
            auto("4 4\n0 1 1\n1 0 1\n2 3 1\n3 2 1\n").unwrap_err(),
            "line 2: the edges do not form one cycle: the cycle through node 0 has 2 of the 4 nodes"
        );
        assert_eq!(
            auto("4 4\n0 1 1\n1 2 1\n").unwrap_err(),
            "line 3: the file ends after 2 of the tour's 4 edges (truncated?)"
        );
        assert_eq!(auto("").unwrap_err(), "file is empty, expected a tour");
        assert_eq!(
            auto("1 2 3 x\n").unwrap_err(),
            "line 1:7: 'x' is not a vertex number (a permutation holds whole numbers)"
        );
    }
}
