//! Concorde's sparse edge file, the form of an undirected HCP instance that `concorde -N 10`
//! (norm 10 = SPARSE) reads:
//!
//! ```text
//! 4 4
//! 0 1 1
//! 0 3 1
//! 1 2 1
//! 2 3 1
//! ```
//!
//! First `n m` (nodes, edges), then `m` lines `u v w`, nodes numbered `0..n-1`, every weight 1.
//! Concorde gives every pair that is not listed the length `(max w + 1) · n = 2n` (its
//! `build_sparse_dat` in `UTIL/getdata.c`), so a tour of length exactly `n` uses listed edges
//! only: **the graph has a Hamiltonian cycle iff the optimum is `n`**. Run it as
//! `concorde -N 10 -o out.sol out.edg`; the `.sol` it writes is read by
//! [`tour`](super::tour) (first `n`, then the `n` nodes in tour order, 0-based).
//!
//! The reader (for files from elsewhere and for round trips) takes the file as a stream of whole
//! numbers, treats every listed pair as an edge whatever its weight (the weight must be a whole
//! number), and rejects short or long files, ids outside `0..n-1`, self-loops, repeated edges.

use super::atomic::write_atomic;
use super::tokens::{FastWriter, ReadLimits, Scanner, first_repeat};
use crate::error::{Error, InputError};
use crate::hcp::Graph;
use std::io::{BufRead, Write};
use std::path::Path;

/// Writes `graph` as a Concorde sparse edge file with weight 1 on every edge. Streams.
pub fn write_edges(out: &mut dyn Write, graph: &Graph) -> std::io::Result<()> {
    let mut w = FastWriter::new(out);
    w.num(graph.vertices() as u64)?;
    w.byte(b' ')?;
    w.num(graph.edge_count() as u64)?;
    w.byte(b'\n')?;
    for (a, b) in graph.edges() {
        w.num(a as u64)?;
        w.byte(b' ')?;
        w.num(b as u64)?;
        w.text(" 1\n")?;
    }
    w.finish()
}

/// [`write_edges`] to a file, atomically.
pub fn write_edges_file(path: &Path, graph: &Graph) -> Result<(), Error> {
    write_atomic(path, |w| write_edges(w, graph))
}

/// Reads a Concorde sparse edge file from a stream.
pub fn parse_edges(reader: impl BufRead, limits: &ReadLimits) -> Result<Graph, InputError> {
    let mut sc = Scanner::new(reader);
    let (n, m) = super::arcs::read_counts(
        &mut sc,
        limits,
        "`n m`: nodes and edges",
        "file is empty, expected a Concorde edge file (`n m`, then `u v w` lines)",
    )?;
    let range = format!("nodes are 0..{} for the {n} of the first line", n - 1);
    let mut edges = Vec::new();
    let mut lines = Vec::new();
    for k in 0..m {
        let (ends, line) = sc.weighted_edge(n, &range, "edge weight", || {
            format!("the file ends after {k} of its {m} edges (truncated?)")
        })?;
        if ends[0] == ends[1] {
            return Err(InputError::at_line(
                line,
                format!("edge {} {} is a self-loop", ends[0], ends[1]),
            ));
        }
        edges.push((ends[0].min(ends[1]), ends[0].max(ends[1])));
        lines.push(line.min(u32::MAX as usize) as u32);
    }
    if let Some(t) = sc.next_token() {
        let t = t?;
        return Err(t.error(format!(
            "'{}' after the {m} edges the first line announces",
            t.text()
        )));
    }
    // The graph drops repeats; only when it has fewer edges than the file is the (slower) search
    // for the first repeat needed.
    let graph = Graph::new(n, &edges);
    if graph.edge_count() != edges.len()
        && let Some((first, repeat)) = first_repeat(&edges)
    {
        let (a, b) = edges[repeat];
        return Err(InputError::at_line(
            lines[repeat] as usize,
            format!(
                "edge {a} {b} is listed twice (first on line {})",
                lines[first]
            ),
        ));
    }
    Ok(graph)
}

/// [`parse_edges`] a file; errors name the file.
pub fn read_edges(path: &Path) -> Result<Graph, Error> {
    parse_edges(super::tsplib::open(path)?, &ReadLimits::default())
        .map_err(|e| Error::Input(e.in_file(path)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_round_trip_and_errors() {
        let g = Graph::new(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]);
        let mut out = Vec::new();
        write_edges(&mut out, &g).unwrap();
        assert_eq!(
            String::from_utf8(out.clone()).unwrap(),
            "4 4\n0 1 1\n0 3 1\n1 2 1\n2 3 1\n"
        );
        assert_eq!(parse_edges(&out[..], &ReadLimits::default()).unwrap(), g);
        let e = |t: &str| {
            parse_edges(t.as_bytes(), &ReadLimits::default())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            e("4 1\n0 4 1\n"),
            "line 2:3: vertex 4 is outside 0..3 (nodes are 0..3 for the 4 of the first line)"
        );
        assert_eq!(
            e("4 2\n0 1 1\n1 0 7\n"),
            "line 3: edge 0 1 is listed twice (first on line 2)"
        );
        assert_eq!(
            e("4 1\n0 1 x\n"),
            "line 2:5: 'x' is not an edge weight (a whole number)"
        );
        assert_eq!(
            e("4 2\n0 1 1\n"),
            "line 2: the file ends after 1 of its 2 edges (truncated?)"
        );
    }
}
