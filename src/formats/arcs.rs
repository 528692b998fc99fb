//! The plain arc list, gridreduce's file for directed Hamiltonian-cycle instances (TSPLIB has no
//! directed HCP type):
//!
//! ```text
//! 3 4
//! 1 2
//! 1 3
//! 2 3
//! 3 1
//! ```
//!
//! First `n m` (vertices, arcs), then `m` lines `u v`, one arc u → v each, vertices numbered
//! `1..n`. The writer lists arcs sorted by (u, v) with LF line ends and a final newline. The reader
//! takes the file as a stream of whole numbers (any spacing, any number per line) and rejects,
//! with file and line: a short or long file (fewer or more than `m` arcs), ids outside `1..n`,
//! self-loops, repeated arcs, non-numbers.

use super::atomic::write_atomic;
use super::tokens::{FastWriter, ReadLimits, Scanner, Tok, TokKind, first_repeat};
use crate::error::{Error, InputError};
use crate::hcp::Digraph;
use std::io::{BufRead, Write};
use std::path::Path;

/// Writes `digraph` as an arc list. Streams.
pub fn write_arcs(out: &mut dyn Write, digraph: &Digraph) -> std::io::Result<()> {
    let mut w = FastWriter::new(out);
    w.num(digraph.vertices() as u64)?;
    w.byte(b' ')?;
    w.num(digraph.arc_count() as u64)?;
    w.byte(b'\n')?;
    for (a, b) in digraph.arcs() {
        w.num(a as u64 + 1)?;
        w.byte(b' ')?;
        w.num(b as u64 + 1)?;
        w.byte(b'\n')?;
    }
    w.finish()
}

/// [`write_arcs`] to a file, atomically.
pub fn write_arcs_file(path: &Path, digraph: &Digraph) -> Result<(), Error> {
    write_atomic(path, |w| write_arcs(w, digraph))
}

/// Reads the `n m` line shared by the arc list and the Concorde edge file: returns (n, m).
pub(crate) fn read_counts<R: BufRead>(
    sc: &mut Scanner<R>,
    limits: &ReadLimits,
    what: &str,
    empty: &str,
) -> Result<(u32, u64), InputError> {
    let first = match sc.next_token() {
        None => return Err(InputError::new(empty.to_string())),
        Some(t) => t?,
    };
    let n = count(&first, "the vertex count", what)?;
    if n == 0 {
        return Err(first.error("the vertex count must be at least 1"));
    }
    let n = limits
        .check_vertices(n, "the vertex count")
        .map_err(|m| first.error(m))?;
    let second = match sc.next_token() {
        None => {
            return Err(InputError::at_line(
                sc.line(),
                format!("the first line must hold two numbers, {what}"),
            ));
        }
        Some(t) => t?,
    };
    let m = count(&second, "the count", what)?;
    Ok((n, m))
}

fn count(t: &Tok, which: &str, what: &str) -> Result<u64, InputError> {
    match t.kind {
        TokKind::Int(v) if v >= 0 => Ok(v as u64),
        _ => Err(t.error(format!(
            "'{}' is not {which} (the first line is {what})",
            t.text()
        ))),
    }
}

/// Reads an arc list from a stream.
pub fn parse_arcs(reader: impl BufRead, limits: &ReadLimits) -> Result<Digraph, InputError> {
    let mut sc = Scanner::new(reader);
    let (n, m) = read_counts(
        &mut sc,
        limits,
        "`n m`: vertices and arcs",
        "file is empty, expected an arc list (`n m`, then `u v` lines)",
    )?;
    let range = format!("the first line says {n} vertices");
    let mut arcs = Vec::new();
    let mut lines = Vec::new();
    for k in 0..m {
        let mut ends = [0u32; 2];
        let mut at = None;
        for end in &mut ends {
            let t = match sc.next_token() {
                None => {
                    return Err(InputError::at_line(
                        sc.line(),
                        format!("the file ends after {k} of its {m} arcs (truncated?)"),
                    ));
                }
                Some(t) => t?,
            };
            *end = t.vertex(n, 1, &range)?;
            at = Some(t);
        }
        let at = at.expect("two tokens read");
        if ends[0] == ends[1] {
            return Err(at.error(format!(
                "arc {} {} is a self-loop",
                ends[0] + 1,
                ends[1] + 1
            )));
        }
        arcs.push((ends[0], ends[1]));
        lines.push(at.line.min(u32::MAX as usize) as u32);
    }
    if let Some(t) = sc.next_token() {
        let t = t?;
        return Err(t.error(format!(
            "'{}' after the {m} arcs the first line announces",
            t.text()
        )));
    }
    // The digraph drops repeats; only when it has fewer arcs than the file is the (slower) search
    // for the first repeat needed.
    let digraph = Digraph::new(n, &arcs);
    if digraph.arc_count() != arcs.len()
        && let Some((first, repeat)) = first_repeat(&arcs)
    {
        let (a, b) = arcs[repeat];
        return Err(InputError::at_line(
            lines[repeat] as usize,
            format!(
                "arc {} {} is listed twice (first on line {})",
                a + 1,
                b + 1,
                lines[first]
            ),
        ));
    }
    Ok(digraph)
}

/// [`parse_arcs`] a file; errors name the file.
pub fn read_arcs(path: &Path) -> Result<Digraph, Error> {
    parse_arcs(super::tsplib::open(path)?, &ReadLimits::default())
        .map_err(|e| Error::Input(e.in_file(path)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arcs_round_trip_and_errors() {
        let d = Digraph::new(3, &[(0, 1), (0, 2), (1, 2), (2, 0)]);
        let mut out = Vec::new();
        write_arcs(&mut out, &d).unwrap();
        assert_eq!(
            String::from_utf8(out.clone()).unwrap(),
            "3 4\n1 2\n1 3\n2 3\n3 1\n"
        );
        assert_eq!(parse_arcs(&out[..], &ReadLimits::default()).unwrap(), d);
        let e = |t: &str| {
            parse_arcs(t.as_bytes(), &ReadLimits::default())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            e("3 2\n1 2\n"),
            "line 2: the file ends after 1 of its 2 arcs (truncated?)"
        );
        assert_eq!(
            e("3 1\n1 2\n2 3\n"),
            "line 3:1: '2' after the 1 arcs the first line announces"
        );
        assert_eq!(
            e("3 2\n1 2\n1 2\n"),
            "line 3: arc 1 2 is listed twice (first on line 2)"
        );
        assert_eq!(e("3 1\n3 3\n"), "line 2:3: arc 3 3 is a self-loop");
        assert_eq!(
            e("3 1\n0 3\n"),
            "line 2:1: vertex 0 is outside 1..3 (the first line says 3 vertices)"
        );
        assert_eq!(
            e(""),
            "file is empty, expected an arc list (`n m`, then `u v` lines)"
        );
    }
}
