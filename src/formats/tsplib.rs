//! TSPLIB files: the HCP format of LKH, the FHCP Challenge Set and TSPLIB 95 (read and write), and
//! the explicit-matrix TSP / ATSP files gridreduce writes for solvers without an HCP reader.
//!
//! # HCP (`TYPE : HCP`)
//!
//! Written exactly as the FHCP set and LKH use it (LF line ends, a final newline):
//!
//! ```text
//! NAME : graph1
//! COMMENT : made by gridreduce
//! TYPE : HCP
//! DIMENSION : 4
//! EDGE_DATA_FORMAT : EDGE_LIST
//! EDGE_DATA_SECTION
//! 1 2
//! 1 4
//! 2 3
//! 3 4
//! -1
//! EOF
//! ```
//!
//! Vertex `v` of a [`Graph`] is `v + 1` in the file; each edge once, `u < v`, sorted.
//!
//! The reader accepts what real files do: `KEY : value` lines in any order (also `KEY: value`,
//! `KEY value`, lower-case keywords), any number of COMMENT lines, trailing spaces, padded columns
//! and any number of ids per line in the sections (a section is a stream of numbers ended by
//! `-1`), either endpoint order, `EDGE_DATA_FORMAT : ADJ_LIST`, a `FIXED_EDGES_SECTION` (also
//! written `FIXED_EDGES :`, as in TSPLIB's alb4000), a `TOUR_SECTION` (skipped), and a missing
//! `EOF`. Anything after `EOF` is ignored. It rejects, with one line naming file and line: a
//! missing, non-numeric or zero DIMENSION, ids outside `1..DIMENSION`, self-loops, repeated edges,
//! a section without its closing `-1`, non-numeric tokens, a TYPE other than HCP, unknown
//! keywords.
//!
//! # Explicit matrices (`TYPE : TSP` / `TYPE : ATSP`)
//!
//! For Concorde (which rejects `TYPE : HCP`) a graph is written as a symmetric TSP with
//! `EDGE_WEIGHT_TYPE : EXPLICIT`, `EDGE_WEIGHT_FORMAT : UPPER_ROW`: weight **1** on an edge, **2**
//! off it, so a tour of length `n` (the optimum is never below `n`) is exactly a Hamiltonian cycle.
//! A digraph is written as an ATSP with `FULL_MATRIX`: weight **0** on an arc, **1** elsewhere
//! (the diagonal too), so a Hamiltonian cycle exists iff the optimum is **0** (LKH: `OPTIMUM = 0`).
//! A matrix has n² entries, so both writers refuse graphs above a size limit
//! ([`DEFAULT_MATRIX_LIMIT`], raisable by the caller). The reader reads these files back (it
//! accepts all five TSPLIB matrix layouts for TSP, ignores the diagonal, and refuses weights other
//! than 1/2 for TSP and 0/1 for ATSP: it reads gridreduce's encoding, not general TSP instances).

use super::atomic::write_atomic;
use super::graphs::Instance;
use super::tokens::{
    FastWriter, ReadLimits, Scanner, TokKind, first_repeat, header_value, name_value, split_keyword,
};
use crate::error::{Error, InputError};
use crate::hcp::{Digraph, Graph};
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;

/// Largest graph the explicit-matrix writers accept unless the caller raises it: 5,000 vertices is
/// a 25-million-entry matrix, about 50 MB of text.
pub const DEFAULT_MATRIX_LIMIT: u32 = 5_000;

/// The TSPLIB problem types gridreduce reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProblemType {
    Hcp,
    Tsp,
    Atsp,
}

impl ProblemType {
    pub fn keyword(self) -> &'static str {
        match self {
            ProblemType::Hcp => "HCP",
            ProblemType::Tsp => "TSP",
            ProblemType::Atsp => "ATSP",
        }
    }
}

/// The specification part of a TSPLIB file, as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TsplibHeader {
    pub name: Option<String>,
    /// Every COMMENT line, in order.
    pub comments: Vec<String>,
    pub problem_type: ProblemType,
    pub dimension: u32,
    /// Edges every tour must use (`FIXED_EDGES_SECTION`), 0-based, `u < v`; each is an edge of the
    /// graph (the reader checks).
    pub fixed_edges: Vec<(u32, u32)>,
}

/// A read TSPLIB file.
#[derive(Clone, Debug)]
pub struct TsplibFile {
    pub header: TsplibHeader,
    pub instance: Instance,
}

// ---------------------------------------------------------------------------------------------
// Writers

/// The specification part every TSPLIB-style file we write starts with (NAME, COMMENT, TYPE,
/// DIMENSION); shared with the LKH TOUR writer.
pub(crate) fn write_spec(
    w: &mut FastWriter,
    name: &str,
    comment: Option<&str>,
    ty: &str,
    n: u32,
) -> std::io::Result<()> {
    if n == 0 {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "a graph without vertices has no TSPLIB form (DIMENSION must be at least 1)",
        ));
    }
    w.text("NAME : ")?;
    w.text(&name_value(name))?;
    w.byte(b'\n')?;
    if let Some(c) = comment {
        w.text("COMMENT : ")?;
        w.text(&header_value(c))?;
        w.byte(b'\n')?;
    }
    w.text("TYPE : ")?;
    w.text(ty)?;
    w.text("\nDIMENSION : ")?;
    w.num(n as u64)?;
    w.byte(b'\n')
}

/// Writes `graph` as a TSPLIB HCP file (see the module documentation for the exact layout).
/// Streams: memory use does not grow with the graph.
pub fn write_hcp(
    out: &mut dyn Write,
    graph: &Graph,
    name: &str,
    comment: Option<&str>,
) -> std::io::Result<()> {
    let mut w = FastWriter::new(out);
    write_spec(&mut w, name, comment, "HCP", graph.vertices())?;
    w.text("EDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n")?;
    for (a, b) in graph.edges() {
        w.num(a as u64 + 1)?;
        w.byte(b' ')?;
        w.num(b as u64 + 1)?;
        w.byte(b'\n')?;
    }
    w.text("-1\nEOF\n")?;
    w.finish()
}

/// [`write_hcp`] to a file, atomically.
pub fn write_hcp_file(
    path: &Path,
    graph: &Graph,
    name: &str,
    comment: Option<&str>,
) -> Result<(), Error> {
    write_atomic(path, |w| write_hcp(w, graph, name, comment))
}

/// Refuses an explicit matrix for more than `limit` vertices, with a message that says how to go on.
pub fn check_matrix_limit(n: u32, limit: u32) -> Result<(), Error> {
    if n > limit {
        let entries = n as u128 * n as u128;
        return Err(Error::Construction(format!(
            "the graph has {n} vertices, above the explicit-matrix limit of {limit}: its matrix would \
             have {entries} entries (about {} MB); raise the limit (--matrix-limit {n}) or use a \
             sparse format (tsplib HCP, concorde edges, arcs)",
            entries * 2 / 1_000_000
        )));
    }
    Ok(())
}

/// Entries per text line of a matrix row (long rows are wrapped; TSPLIB sections are token streams).
const ROW_WRAP: u32 = 1000;

/// Writes `graph` as a symmetric TSPLIB TSP, `EXPLICIT` / `UPPER_ROW`, weight 1 on edges and 2
/// elsewhere (a Hamiltonian cycle exists iff the optimal tour has length n). Checks no size limit:
/// use [`write_tsp_matrix_file`] or [`check_matrix_limit`].
pub fn write_tsp_matrix(
    out: &mut dyn Write,
    graph: &Graph,
    name: &str,
    comment: Option<&str>,
) -> std::io::Result<()> {
    let n = graph.vertices();
    let mut w = FastWriter::new(out);
    write_spec(&mut w, name, comment, "TSP", n)?;
    w.text("EDGE_WEIGHT_TYPE : EXPLICIT\nEDGE_WEIGHT_FORMAT : UPPER_ROW\nEDGE_WEIGHT_SECTION\n")?;
    for i in 0..n {
        let nb = graph.neighbours(i);
        let mut k = nb.partition_point(|&x| x <= i);
        let mut in_line = 0;
        for j in i + 1..n {
            let edge = k < nb.len() && nb[k] == j;
            if edge {
                k += 1;
            }
            if in_line > 0 {
                w.byte(if in_line % ROW_WRAP == 0 { b'\n' } else { b' ' })?;
            }
            w.byte(if edge { b'1' } else { b'2' })?;
            in_line += 1;
        }
        if in_line > 0 {
            w.byte(b'\n')?;
        }
    }
    w.text("EOF\n")?;
    w.finish()
}

/// [`write_tsp_matrix`] to a file, atomically, refusing graphs above `limit` vertices.
pub fn write_tsp_matrix_file(
    path: &Path,
    graph: &Graph,
    name: &str,
    comment: Option<&str>,
    limit: u32,
) -> Result<(), Error> {
    check_matrix_limit(graph.vertices(), limit)?;
    write_atomic(path, |w| write_tsp_matrix(w, graph, name, comment))
}

/// Writes `digraph` as a TSPLIB ATSP, `EXPLICIT` / `FULL_MATRIX`, weight 0 on arcs and 1 elsewhere
/// (diagonal included): a Hamiltonian cycle exists iff the optimum is 0. Checks no size limit.
pub fn write_atsp_matrix(
    out: &mut dyn Write,
    digraph: &Digraph,
    name: &str,
    comment: Option<&str>,
) -> std::io::Result<()> {
    let n = digraph.vertices();
    let mut w = FastWriter::new(out);
    write_spec(&mut w, name, comment, "ATSP", n)?;
    w.text("EDGE_WEIGHT_TYPE : EXPLICIT\nEDGE_WEIGHT_FORMAT : FULL_MATRIX\nEDGE_WEIGHT_SECTION\n")?;
    for i in 0..n {
        let out_arcs = digraph.out(i);
        let mut k = 0;
        for j in 0..n {
            let arc = k < out_arcs.len() && out_arcs[k] == j;
            if arc {
                k += 1;
            }
            if j > 0 {
                w.byte(if j % ROW_WRAP == 0 { b'\n' } else { b' ' })?;
            }
            w.byte(if arc { b'0' } else { b'1' })?;
        }
        w.byte(b'\n')?;
    }
    w.text("EOF\n")?;
    w.finish()
}

/// [`write_atsp_matrix`] to a file, atomically, refusing digraphs above `limit` vertices.
pub fn write_atsp_matrix_file(
    path: &Path,
    digraph: &Digraph,
    name: &str,
    comment: Option<&str>,
    limit: u32,
) -> Result<(), Error> {
    check_matrix_limit(digraph.vertices(), limit)?;
    write_atomic(path, |w| write_atsp_matrix(w, digraph, name, comment))
}

// ---------------------------------------------------------------------------------------------
// Reader

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MatrixLayout {
    Full,
    UpperRow,
    LowerRow,
    UpperDiagRow,
    LowerDiagRow,
}

impl MatrixLayout {
    fn parse(v: &str) -> Option<Self> {
        Some(match v {
            "FULL_MATRIX" => MatrixLayout::Full,
            "UPPER_ROW" => MatrixLayout::UpperRow,
            "LOWER_ROW" => MatrixLayout::LowerRow,
            "UPPER_DIAG_ROW" => MatrixLayout::UpperDiagRow,
            "LOWER_DIAG_ROW" => MatrixLayout::LowerDiagRow,
            _ => return None,
        })
    }
    /// The columns of row `i` in file order.
    fn columns(self, i: u32, n: u32) -> std::ops::Range<u32> {
        match self {
            MatrixLayout::Full => 0..n,
            MatrixLayout::UpperRow => i + 1..n,
            MatrixLayout::LowerRow => 0..i,
            MatrixLayout::UpperDiagRow => i..n,
            MatrixLayout::LowerDiagRow => 0..i + 1,
        }
    }
    fn entries(self, n: u32) -> u64 {
        let n = n as u64;
        match self {
            MatrixLayout::Full => n * n,
            MatrixLayout::UpperRow | MatrixLayout::LowerRow => n * (n - 1) / 2,
            MatrixLayout::UpperDiagRow | MatrixLayout::LowerDiagRow => n * (n + 1) / 2,
        }
    }
}

/// Which TYPEs a call accepts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Accept {
    HcpOnly,
    Any,
}

/// Stores a keyword's value once; a second occurrence is an error naming both lines.
fn once<T>(
    slot: &mut Option<(T, usize)>,
    value: T,
    key: &str,
    line: usize,
) -> Result<(), InputError> {
    if let Some((_, first)) = slot {
        return Err(InputError::at_line(
            line,
            format!("{key} given twice (first on line {first})"),
        ));
    }
    *slot = Some((value, line));
    Ok(())
}

fn first_word(v: &str) -> &str {
    v.split_whitespace().next().unwrap_or("")
}

/// The pairs of an edge section, normalised to `u < v`, with the line of each.
struct EdgeSection {
    edges: Vec<(u32, u32)>,
    lines: Vec<u32>,
}

/// The pairs of a weight matrix with the "connected" weight: from the upper side (all of them for
/// ATSP) and, mirrored, from the lower side.
struct MatrixPairs {
    upper: Vec<(u32, u32)>,
    lower: Vec<(u32, u32)>,
}

/// Reads the numbers of an edge section (EDGE_LIST pairs, or ADJ_LIST groups) up to its `-1`.
/// Returns edges normalised to `u < v` with the line of each.
fn read_edge_section<R: BufRead>(
    sc: &mut Scanner<R>,
    n: u32,
    adj_list: bool,
    section: &str,
) -> Result<EdgeSection, InputError> {
    let range = format!("DIMENSION is {n}");
    let mut edges = Vec::new();
    let mut lines = Vec::new();
    let end_without_close = |sc: &Scanner<R>| {
        InputError::at_line(
            sc.line(),
            format!("{section} has no closing -1: the file ends inside it (truncated?)"),
        )
    };
    let mut adj_head: Option<u32> = None;
    loop {
        let t = match sc.next_token() {
            None => return Err(end_without_close(sc)),
            Some(t) => t?,
        };
        if let TokKind::Word(w) = &t.kind
            && w.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        {
            return Err(t.error(format!(
                "{section} has no closing -1 before '{w}' (truncated?)"
            )));
        }
        if t.kind == TokKind::Int(-1) {
            if adj_list && adj_head.is_some() {
                adj_head = None;
                continue;
            }
            break;
        }
        let u = t.vertex(n, 1, &range)?;
        let partner = if adj_list {
            match adj_head {
                None => {
                    adj_head = Some(u);
                    continue;
                }
                Some(h) => (h, u, t),
            }
        } else {
            let t2 = match sc.next_token() {
                None => return Err(end_without_close(sc)),
                Some(t2) => t2?,
            };
            if t2.kind == TokKind::Int(-1) {
                return Err(t2.error(format!(
                    "{section} ends in the middle of an edge: vertex {} (line {}) has no partner",
                    u + 1,
                    t.line
                )));
            }
            let v = t2.vertex(n, 1, &range)?;
            (u, v, t2)
        };
        let (a, b, at) = partner;
        if a == b {
            return Err(at.error(format!("edge {} {} is a self-loop", a + 1, b + 1)));
        }
        edges.push((a.min(b), a.max(b)));
        lines.push(at.line.min(u32::MAX as usize) as u32);
    }
    Ok(EdgeSection { edges, lines })
}

/// Reads `entries` matrix weights in `layout` order and turns them into pairs: for ATSP, arcs of
/// weight 0 (others must be 1); for TSP, edges of weight 1 (others must be 2). Diagonal entries are
/// read and ignored. Returns (pairs above or on the upper side, pairs from the lower side).
fn read_matrix<R: BufRead>(
    sc: &mut Scanner<R>,
    n: u32,
    layout: MatrixLayout,
    ty: ProblemType,
) -> Result<MatrixPairs, InputError> {
    let (yes, no) = if ty == ProblemType::Atsp {
        (0, 1)
    } else {
        (1, 2)
    };
    let total = layout.entries(n);
    let mut read: u64 = 0;
    let mut upper = Vec::new();
    let mut lower = Vec::new();
    for i in 0..n {
        for j in layout.columns(i, n) {
            let t = match sc.next_token() {
                None => {
                    return Err(InputError::at_line(
                        sc.line(),
                        format!(
                            "EDGE_WEIGHT_SECTION ends after {read} of its {total} weights (truncated?)"
                        ),
                    ));
                }
                Some(t) => t?,
            };
            let w = match t.kind {
                TokKind::Int(w) => w,
                TokKind::Word(ref word) => {
                    return Err(t.error(format!(
                        "'{word}' is not a weight (EDGE_WEIGHT_SECTION has {read} of its {total} weights)"
                    )));
                }
            };
            read += 1;
            if i == j {
                continue;
            }
            if w != yes && w != no {
                return Err(t.error(format!(
                    "weight {w} is neither {yes} ({}) nor {no} (gridreduce reads back only its own \
                     {} encoding of a graph)",
                    if ty == ProblemType::Atsp {
                        "arc"
                    } else {
                        "edge"
                    },
                    if ty == ProblemType::Atsp {
                        "0/1"
                    } else {
                        "1/2"
                    }
                )));
            }
            if w == yes {
                if ty == ProblemType::Atsp || i < j {
                    upper.push((i, j));
                } else {
                    lower.push((j, i));
                }
            }
        }
    }
    Ok(MatrixPairs { upper, lower })
}

fn parse_impl<R: BufRead>(
    reader: R,
    limits: &ReadLimits,
    accept: Accept,
) -> Result<TsplibFile, InputError> {
    let mut sc = Scanner::new(reader);
    let mut name: Option<(String, usize)> = None;
    let mut comments = Vec::new();
    let mut ty: Option<(ProblemType, usize)> = None;
    let mut dim: Option<(u32, usize)> = None;
    let mut adj_list: Option<(bool, usize)> = None;
    let mut weight_type: Option<(String, usize)> = None;
    let mut layout: Option<(MatrixLayout, usize)> = None;
    let mut edges: Option<(EdgeSection, usize)> = None;
    let mut matrix: Option<(MatrixPairs, usize)> = None;
    let mut fixed: Option<(EdgeSection, usize)> = None;
    let mut any_line = false;
    while let Some(item) = sc.next_line() {
        let (ln, text) = item?;
        if text.trim().is_empty() {
            continue;
        }
        any_line = true;
        let (key, value, offset) = split_keyword(text);
        let value = value.to_string();
        let need_dim = |dim: &Option<(u32, usize)>| {
            dim.as_ref()
                .map(|d| d.0)
                .ok_or_else(|| InputError::at_line(ln, format!("{key} comes before DIMENSION")))
        };
        match key.as_str() {
            "NAME" => once(&mut name, value, "NAME", ln)?,
            "COMMENT" => comments.push(value),
            "TYPE" => {
                let v = first_word(&value).to_ascii_uppercase();
                let t = match v.as_str() {
                    "HCP" => ProblemType::Hcp,
                    "TSP" if accept == Accept::Any => ProblemType::Tsp,
                    "ATSP" if accept == Accept::Any => ProblemType::Atsp,
                    "" => return Err(InputError::at_line(ln, "TYPE has no value")),
                    _ if accept == Accept::HcpOnly => {
                        return Err(InputError::at_line(
                            ln,
                            format!("TYPE is {v}, not HCP (a Hamiltonian cycle problem file)"),
                        ));
                    }
                    _ => {
                        return Err(InputError::at_line(
                            ln,
                            format!(
                                "TYPE {v} is not supported (gridreduce reads HCP files, and the TSP \
                                 and ATSP matrices it writes)"
                            ),
                        ));
                    }
                };
                once(&mut ty, t, "TYPE", ln)?;
            }
            "DIMENSION" => {
                let v = first_word(&value);
                let n: u64 = v.parse().map_err(|_| {
                    InputError::at_line(
                        ln,
                        if v.is_empty() {
                            "DIMENSION has no value".to_string()
                        } else {
                            format!("DIMENSION '{v}' is not a whole number")
                        },
                    )
                })?;
                if n == 0 {
                    return Err(InputError::at_line(ln, "DIMENSION must be at least 1"));
                }
                let n = limits
                    .check_vertices(n, "DIMENSION")
                    .map_err(|m| InputError::at_line(ln, m))?;
                once(&mut dim, n, "DIMENSION", ln)?;
            }
            "EDGE_DATA_FORMAT" => {
                let v = first_word(&value).to_ascii_uppercase();
                let adj = match v.as_str() {
                    "EDGE_LIST" => false,
                    "ADJ_LIST" => true,
                    _ => {
                        return Err(InputError::at_line(
                            ln,
                            format!("EDGE_DATA_FORMAT '{v}' is neither EDGE_LIST nor ADJ_LIST"),
                        ));
                    }
                };
                once(&mut adj_list, adj, "EDGE_DATA_FORMAT", ln)?;
            }
            "EDGE_WEIGHT_TYPE" => once(
                &mut weight_type,
                first_word(&value).to_ascii_uppercase(),
                "EDGE_WEIGHT_TYPE",
                ln,
            )?,
            "EDGE_WEIGHT_FORMAT" => {
                let v = first_word(&value).to_ascii_uppercase();
                let l = MatrixLayout::parse(&v).ok_or_else(|| {
                    InputError::at_line(
                        ln,
                        format!(
                            "EDGE_WEIGHT_FORMAT '{v}' is not supported (FULL_MATRIX, UPPER_ROW, \
                             LOWER_ROW, UPPER_DIAG_ROW, LOWER_DIAG_ROW)"
                        ),
                    )
                })?;
                once(&mut layout, l, "EDGE_WEIGHT_FORMAT", ln)?;
            }
            "NODE_COORD_TYPE" | "DISPLAY_DATA_TYPE" => {}
            "EDGE_DATA_SECTION" => {
                let n = need_dim(&dim)?;
                if let Some((t, _)) = ty
                    && t != ProblemType::Hcp
                {
                    return Err(InputError::at_line(
                        ln,
                        format!("EDGE_DATA_SECTION in a {} file", t.keyword()),
                    ));
                }
                if let Some((_, first)) = edges {
                    return Err(InputError::at_line(
                        ln,
                        format!("a second EDGE_DATA_SECTION (first on line {first})"),
                    ));
                }
                sc.resume_at(offset);
                let adj = adj_list.as_ref().is_some_and(|a| a.0);
                let got = read_edge_section(&mut sc, n, adj, "EDGE_DATA_SECTION")?;
                sc.finish_line("the closing -1")?;
                edges = Some((got, ln));
            }
            "FIXED_EDGES_SECTION" | "FIXED_EDGES" => {
                let n = need_dim(&dim)?;
                if let Some((_, first)) = fixed {
                    return Err(InputError::at_line(
                        ln,
                        format!("a second FIXED_EDGES_SECTION (first on line {first})"),
                    ));
                }
                sc.resume_at(offset);
                let got = read_edge_section(&mut sc, n, false, "FIXED_EDGES_SECTION")?;
                sc.finish_line("the closing -1")?;
                fixed = Some((got, ln));
            }
            "TOUR_SECTION" => {
                // An initial tour inside a problem file: checked to be numbers, then skipped.
                sc.resume_at(offset);
                loop {
                    match sc.next_token() {
                        None => {
                            return Err(InputError::at_line(
                                sc.line(),
                                "TOUR_SECTION has no closing -1: the file ends inside it (truncated?)",
                            ));
                        }
                        Some(t) => {
                            let t = t?;
                            match t.kind {
                                TokKind::Int(-1) => break,
                                TokKind::Int(_) => {}
                                TokKind::Word(w) => {
                                    return Err(InputError::at_line(
                                        t.line,
                                        format!("'{w}' in TOUR_SECTION is not a vertex number"),
                                    )
                                    .with_column(t.col));
                                }
                            }
                        }
                    }
                }
                sc.finish_line("the closing -1")?;
            }
            "EDGE_WEIGHT_SECTION" => {
                let n = need_dim(&dim)?;
                let t = match ty {
                    Some((ProblemType::Hcp, _)) => {
                        return Err(InputError::at_line(
                            ln,
                            "EDGE_WEIGHT_SECTION in an HCP file (HCP files list edges in EDGE_DATA_SECTION)",
                        ));
                    }
                    Some((t, _)) => t,
                    None => {
                        return Err(InputError::at_line(
                            ln,
                            "EDGE_WEIGHT_SECTION comes before TYPE",
                        ));
                    }
                };
                match &weight_type {
                    Some((w, _)) if w == "EXPLICIT" => {}
                    Some((w, wl)) => {
                        return Err(InputError::at_line(
                            *wl,
                            format!("EDGE_WEIGHT_TYPE {w} is not supported (only EXPLICIT)"),
                        ));
                    }
                    None => {
                        return Err(InputError::at_line(
                            ln,
                            "EDGE_WEIGHT_SECTION without EDGE_WEIGHT_TYPE : EXPLICIT",
                        ));
                    }
                }
                let l = match layout {
                    Some((l, _)) => l,
                    None => {
                        return Err(InputError::at_line(
                            ln,
                            "EDGE_WEIGHT_SECTION without EDGE_WEIGHT_FORMAT",
                        ));
                    }
                };
                if t == ProblemType::Atsp && l != MatrixLayout::Full {
                    return Err(InputError::at_line(
                        ln,
                        "an ATSP matrix must be EDGE_WEIGHT_FORMAT : FULL_MATRIX",
                    ));
                }
                if let Some((_, first)) = matrix {
                    return Err(InputError::at_line(
                        ln,
                        format!("a second EDGE_WEIGHT_SECTION (first on line {first})"),
                    ));
                }
                sc.resume_at(offset);
                let got = read_matrix(&mut sc, n, l, t)?;
                sc.finish_line("the last weight")?;
                matrix = Some((got, ln));
            }
            "EOF" => break,
            "NODE_COORD_SECTION" | "DISPLAY_DATA_SECTION" | "DEPOT_SECTION" | "DEMAND_SECTION" => {
                return Err(InputError::at_line(
                    ln,
                    format!(
                        "{key} is not supported (gridreduce reads graphs: EDGE_DATA_SECTION or an explicit EDGE_WEIGHT_SECTION)"
                    ),
                ));
            }
            _ => {
                let word = first_word(text);
                return Err(InputError::at_line(
                    ln,
                    if word.parse::<i64>().is_ok() {
                        format!(
                            "number '{word}' outside any section (a missing EDGE_DATA_SECTION line?)"
                        )
                    } else {
                        format!("unknown keyword '{key}'")
                    },
                ));
            }
        }
    }
    if !any_line {
        return Err(InputError::new(
            "file is empty, expected a TSPLIB file (TYPE : HCP)",
        ));
    }
    let Some((problem_type, _)) = ty else {
        return Err(InputError::at_line(
            sc.line(),
            "no TYPE line (expected TYPE : HCP)",
        ));
    };
    let Some((n, _)) = dim else {
        return Err(InputError::at_line(sc.line(), "no DIMENSION line"));
    };
    let header = |fixed_edges| TsplibHeader {
        name: name.as_ref().map(|n| n.0.clone()),
        comments: comments.clone(),
        problem_type,
        dimension: n,
        fixed_edges,
    };
    match problem_type {
        ProblemType::Hcp => {
            let Some((
                EdgeSection {
                    edges: edge_list,
                    lines,
                },
                _,
            )) = edges
            else {
                return Err(InputError::at_line(sc.line(), "no EDGE_DATA_SECTION"));
            };
            // In an ADJ_LIST an edge may appear in the lists of both its ends; only EDGE_LIST
            // files must name each edge once. The graph drops repeats, so the (slower) search for
            // the first one runs only when it has fewer edges than the file.
            let graph = Graph::new(n, &edge_list);
            let repeat = if adj_list.as_ref().is_some_and(|a| a.0)
                || graph.edge_count() == edge_list.len()
            {
                None
            } else {
                first_repeat(&edge_list)
            };
            if let Some((first, repeat)) = repeat {
                let (a, b) = edge_list[repeat];
                return Err(InputError::at_line(
                    lines[repeat] as usize,
                    format!(
                        "edge {} {} is listed twice (first on line {})",
                        a + 1,
                        b + 1,
                        lines[first]
                    ),
                ));
            }
            let mut fixed_edges = Vec::new();
            if let Some((EdgeSection { edges: list, lines }, _)) = fixed {
                for (&(a, b), &l) in list.iter().zip(&lines) {
                    if !graph.has_edge(a, b) {
                        return Err(InputError::at_line(
                            l as usize,
                            format!("fixed edge {} {} is not an edge of the graph", a + 1, b + 1),
                        ));
                    }
                    fixed_edges.push((a, b));
                }
            }
            Ok(TsplibFile {
                header: header(fixed_edges),
                instance: Instance::Undirected(graph),
            })
        }
        ProblemType::Tsp | ProblemType::Atsp => {
            if let Some((_, l)) = edges {
                return Err(InputError::at_line(
                    l,
                    format!("EDGE_DATA_SECTION in a {} file", problem_type.keyword()),
                ));
            }
            if let Some((_, l)) = fixed {
                return Err(InputError::at_line(
                    l,
                    "FIXED_EDGES_SECTION is read only in HCP files",
                ));
            }
            let Some((
                MatrixPairs {
                    mut upper,
                    mut lower,
                },
                _,
            )) = matrix
            else {
                return Err(InputError::at_line(sc.line(), "no EDGE_WEIGHT_SECTION"));
            };
            if problem_type == ProblemType::Atsp {
                return Ok(TsplibFile {
                    header: header(Vec::new()),
                    instance: Instance::Directed(Digraph::new(n, &upper)),
                });
            }
            if layout.is_some_and(|l| l.0 == MatrixLayout::Full) {
                upper.sort_unstable();
                lower.sort_unstable();
                if upper != lower {
                    let (a, b) = upper
                        .iter()
                        .zip(&lower)
                        .find(|(x, y)| x != y)
                        .map(|(x, y)| *x.min(y))
                        .or_else(|| upper.get(lower.len()).or(lower.get(upper.len())).copied())
                        .unwrap_or((0, 0));
                    return Err(InputError::new(format!(
                        "the FULL_MATRIX is not symmetric: the weights of {}–{} and {}–{} differ",
                        a + 1,
                        b + 1,
                        b + 1,
                        a + 1
                    )));
                }
            } else {
                upper.append(&mut lower);
            }
            Ok(TsplibFile {
                header: header(Vec::new()),
                instance: Instance::Undirected(Graph::new(n, &upper)),
            })
        }
    }
}

/// Reads a TSPLIB file of any supported TYPE (HCP, or the TSP/ATSP matrices gridreduce writes)
/// from a stream. Errors carry line and column but no file name.
pub fn parse(reader: impl BufRead, limits: &ReadLimits) -> Result<TsplibFile, InputError> {
    parse_impl(reader, limits, Accept::Any)
}

/// Reads a TSPLIB HCP file from a stream (any other TYPE is an error).
pub fn parse_hcp(
    reader: impl BufRead,
    limits: &ReadLimits,
) -> Result<(Graph, TsplibHeader), InputError> {
    let file = parse_impl(reader, limits, Accept::HcpOnly)?;
    match file.instance {
        Instance::Undirected(g) => Ok((g, file.header)),
        Instance::Directed(_) => Err(InputError::new("not an HCP file")),
    }
}

pub(crate) fn open(path: &Path) -> Result<BufReader<File>, Error> {
    let file = crate::formats::inputs::open(path)?;
    if file.metadata().map(|m| m.is_dir()).unwrap_or(false) {
        return Err(Error::Input(
            InputError::new("is a folder, not a file").in_file(path),
        ));
    }
    Ok(BufReader::with_capacity(1 << 16, file))
}

/// [`parse`] a file; errors name the file.
pub fn read(path: &Path) -> Result<TsplibFile, Error> {
    parse(open(path)?, &ReadLimits::default()).map_err(|e| Error::Input(e.in_file(path)))
}

/// [`parse_hcp`] a file; errors name the file.
pub fn read_hcp(path: &Path) -> Result<(Graph, TsplibHeader), Error> {
    parse_hcp(open(path)?, &ReadLimits::default()).map_err(|e| Error::Input(e.in_file(path)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> Graph {
        Graph::new(4, &[(0, 1), (1, 2), (2, 3), (3, 0)])
    }

    fn hcp_text(g: &Graph) -> String {
        let mut out = Vec::new();
        write_hcp(&mut out, g, "sq", Some("four")).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn hcp_is_written_byte_for_byte() {
        assert_eq!(
            hcp_text(&square()),
            "NAME : sq\nCOMMENT : four\nTYPE : HCP\nDIMENSION : 4\nEDGE_DATA_FORMAT : EDGE_LIST\n\
             EDGE_DATA_SECTION\n1 2\n1 4\n2 3\n3 4\n-1\nEOF\n"
        );
    }

    #[test]
    fn hcp_round_trips_and_tolerates_quirks() {
        let g = square();
        let (back, h) = parse_hcp(hcp_text(&g).as_bytes(), &ReadLimits::default()).unwrap();
        assert_eq!(back, g);
        assert_eq!((h.name.as_deref(), h.dimension), (Some("sq"), 4));
        let quirky = "type: hcp \r\ncomment : a\nDIMENSION:4  \nCOMMENT : b\nEDGE_DATA_SECTION\n   4    1  2 1\n\t3 2 \n 4 3 -1 \n";
        let (back, h) = parse_hcp(quirky.as_bytes(), &ReadLimits::default()).unwrap();
        assert_eq!(back, g);
        assert_eq!(h.comments, vec!["a", "b"]);
        let adj = "TYPE : HCP\nDIMENSION : 4\nEDGE_DATA_FORMAT : ADJ_LIST\nEDGE_DATA_SECTION\n1 2 4 -1\n3 2 4 -1\n4 1 -1\n-1\nEOF\n";
        assert_eq!(
            parse_hcp(adj.as_bytes(), &ReadLimits::default()).unwrap().0,
            g
        );
    }

    fn err(text: &str) -> String {
        parse_hcp(text.as_bytes(), &ReadLimits::default())
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn hcp_errors_name_the_line() {
        let head = "TYPE : HCP\nDIMENSION : 3\nEDGE_DATA_SECTION\n";
        assert_eq!(
            err(&format!("{head}1 2\n2 4\n-1\n")),
            "line 5:3: vertex 4 is outside 1..3 (DIMENSION is 3)"
        );
        assert_eq!(
            err(&format!("{head}1 2\n2 2\n-1\n")),
            "line 5:3: edge 2 2 is a self-loop"
        );
        assert_eq!(
            err(&format!("{head}1 2\n2 3\n2 1\n-1\n")),
            "line 6: edge 1 2 is listed twice (first on line 4)"
        );
        assert_eq!(
            err(&format!("{head}1 2\n2 3\n")),
            "line 5: EDGE_DATA_SECTION has no closing -1: the file ends inside it (truncated?)"
        );
        assert_eq!(
            err(&format!("{head}1 x\n-1\n")),
            "line 4:3: 'x' is not a vertex number"
        );
        assert_eq!(
            err("TYPE : TSP\n"),
            "line 1: TYPE is TSP, not HCP (a Hamiltonian cycle problem file)"
        );
        assert_eq!(
            err(""),
            "file is empty, expected a TSPLIB file (TYPE : HCP)"
        );
        assert_eq!(
            err("TYPE : HCP\nDIMENSION : -3\n"),
            "line 2: DIMENSION '-3' is not a whole number"
        );
        assert_eq!(
            err("TYPE : HCP\nDIMENSION : 99999999999\n"),
            "line 2: DIMENSION 99999999999 is above the limit of 67108864 vertices"
        );
        assert_eq!(
            err("TYPE : HCP\nEDGE_DATA_SECTION\n1 2\n-1\n"),
            "line 2: EDGE_DATA_SECTION comes before DIMENSION"
        );
        assert_eq!(
            err(&format!("{head}1 2 3 -1\n")),
            "line 4:7: EDGE_DATA_SECTION ends in the middle of an edge: vertex 3 (line 4) has no partner"
        );
        assert_eq!(
            err(&format!("{head}1 2\nEOF\n")),
            "line 5:1: EDGE_DATA_SECTION has no closing -1 before 'EOF' (truncated?)"
        );
        assert_eq!(err("DIMENSON : 3\n"), "line 1: unknown keyword 'DIMENSON'");
    }

    #[test]
    fn matrices_round_trip() {
        let g = Graph::new(5, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (1, 3)]);
        let mut out = Vec::new();
        write_tsp_matrix(&mut out, &g, "g", None).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("EDGE_WEIGHT_SECTION\n1 2 2 1\n1 1 2\n1 2\n1\nEOF\n"),
            "{text}"
        );
        let back = parse(text.as_bytes(), &ReadLimits::default()).unwrap();
        assert_eq!(back.header.problem_type, ProblemType::Tsp);
        match back.instance {
            Instance::Undirected(b) => assert_eq!(b, g),
            _ => panic!("TSP read as directed"),
        }
        let d = Digraph::new(3, &[(0, 1), (1, 2), (2, 0), (0, 2)]);
        let mut out = Vec::new();
        write_atsp_matrix(&mut out, &d, "d", Some("c")).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.ends_with("EDGE_WEIGHT_SECTION\n1 0 0\n1 1 0\n0 1 1\nEOF\n"),
            "{text}"
        );
        match parse(text.as_bytes(), &ReadLimits::default())
            .unwrap()
            .instance
        {
            Instance::Directed(b) => assert_eq!(b, d),
            _ => panic!("ATSP read as undirected"),
        }
        let asym = "TYPE : TSP\nDIMENSION : 3\nEDGE_WEIGHT_TYPE : EXPLICIT\nEDGE_WEIGHT_FORMAT : FULL_MATRIX\nEDGE_WEIGHT_SECTION\n0 1 2\n1 0 1\n1 1 0\n";
        assert_eq!(
            parse(asym.as_bytes(), &ReadLimits::default())
                .unwrap_err()
                .to_string(),
            "the FULL_MATRIX is not symmetric: the weights of 1–3 and 3–1 differ"
        );
        assert!(check_matrix_limit(5001, DEFAULT_MATRIX_LIMIT).is_err());
        assert!(check_matrix_limit(5000, DEFAULT_MATRIX_LIMIT).is_ok());
    }
}
