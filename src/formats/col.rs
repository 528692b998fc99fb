//! DIMACS graph files (`.col`, the graph-colouring challenge format), the second form in which the
//! FHCP Challenge Set is published:
//!
//! ```text
//! c a square
//! p edge 4 4
//! e 1 2
//! e 2 3
//! e 3 4
//! e 4 1
//! ```
//!
//! `c` lines are comments; one `p [FORMAT] n m` line (the FHCP files write `p 2915 7271` with no
//! format word, the DIMACS challenge `p edge` or `p col`) comes before the `m` lines `e u v`,
//! vertices numbered `1..n`, undirected. An edge listed twice (`e 1 2` and `e 2 1`, common in the
//! colouring files) is one edge; a self-loop, a vertex outside `1..n`, an `e` line before the `p`
//! line, a second `p` line, a line of another kind or an edge count different from `m` is an error
//! naming the line. Lines are read through [`Lines`] (bounded length) and the
//! vertex count is checked against [`ReadLimits`] before anything is allocated.

use super::lines::Lines;
use super::tokens::{FastWriter, ReadLimits};
use crate::error::{Error, InputError};
use crate::hcp::Graph;
use std::io::{BufRead, Write};
use std::path::Path;

/// Writes `graph` as a DIMACS `.col` file (`p edge n m`, then `e u v`, 1-based). Streams.
pub fn write_col(out: &mut dyn Write, graph: &Graph) -> std::io::Result<()> {
    let mut w = FastWriter::new(out);
    w.text("p edge ")?;
    w.num(graph.vertices() as u64)?;
    w.byte(b' ')?;
    w.num(graph.edge_count() as u64)?;
    w.byte(b'\n')?;
    for (a, b) in graph.edges() {
        w.text("e ")?;
        w.num(a as u64 + 1)?;
        w.byte(b' ')?;
        w.num(b as u64 + 1)?;
        w.byte(b'\n')?;
    }
    w.finish()
}

/// A whole number at `line`, or an error naming `what`.
fn number(token: Option<&str>, line: usize, what: &str) -> Result<u64, InputError> {
    match token {
        None => Err(InputError::at_line(line, format!("missing {what}"))),
        Some(t) => t
            .parse::<u64>()
            .map_err(|_| InputError::at_line(line, format!("'{t}' is not {what}"))),
    }
}

/// Reads a DIMACS `.col` graph from a stream.
pub fn parse_col(reader: impl BufRead, limits: &ReadLimits) -> Result<Graph, InputError> {
    let mut header: Option<(u32, u64, usize)> = None;
    let mut edges: Vec<(u32, u32)> = Vec::new();
    for (line, text) in Lines::new(reader) {
        let text = text?;
        let mut tokens = text.split_whitespace();
        let Some(kind) = tokens.next() else {
            continue;
        };
        match kind {
            "c" => continue,
            "p" => {
                if let Some((_, _, first)) = header {
                    return Err(InputError::at_line(
                        line,
                        format!("a second `p` line (the first is line {first})"),
                    ));
                }
                let rest: Vec<&str> = tokens.collect();
                let counts = match rest.as_slice() {
                    [word, n, m] if word.parse::<u64>().is_err() => [*n, *m],
                    [n, m] if n.parse::<u64>().is_ok() => [*n, *m],
                    _ => {
                        return Err(InputError::at_line(
                            line,
                            "the `p` line must be `p edge n m` (or `p n m`)",
                        ));
                    }
                };
                let n = number(Some(counts[0]), line, "a vertex count")?;
                if n == 0 {
                    return Err(InputError::at_line(
                        line,
                        "the vertex count must be at least 1",
                    ));
                }
                let n = limits
                    .check_vertices(n, "the vertex count")
                    .map_err(|m| InputError::at_line(line, m))?;
                let m = number(Some(counts[1]), line, "an edge count")?;
                header = Some((n, m, line));
            }
            "e" => {
                let Some((n, _, _)) = header else {
                    return Err(InputError::at_line(
                        line,
                        "an `e` line before the `p edge n m` line",
                    ));
                };
                let mut ends = [0u32; 2];
                for end in &mut ends {
                    let v = number(tokens.next(), line, "a vertex (1-based)")?;
                    if v == 0 || v > n as u64 {
                        return Err(InputError::at_line(
                            line,
                            format!("vertex {v} is outside 1..{n}"),
                        ));
                    }
                    *end = v as u32 - 1;
                }
                if let Some(extra) = tokens.next() {
                    return Err(InputError::at_line(
                        line,
                        format!("'{extra}' after the edge's two vertices"),
                    ));
                }
                if ends[0] == ends[1] {
                    return Err(InputError::at_line(
                        line,
                        format!("edge {} {} is a self-loop", ends[0] + 1, ends[1] + 1),
                    ));
                }
                edges.push((ends[0], ends[1]));
            }
            other => {
                return Err(InputError::at_line(
                    line,
                    format!("'{other}': expected a `c`, `p` or `e` line"),
                ));
            }
        }
    }
    let Some((n, m, first)) = header else {
        return Err(InputError::new(
            "no `p edge n m` line: not a DIMACS graph file",
        ));
    };
    if edges.len() as u64 != m {
        return Err(InputError::at_line(
            first,
            format!(
                "the `p` line announces {m} edges, the file lists {}",
                edges.len()
            ),
        ));
    }
    Ok(Graph::new(n, &edges))
}

/// [`parse_col`] a file; errors name the file.
pub fn read_col(path: &Path) -> Result<Graph, Error> {
    parse_col(super::tsplib::open(path)?, &ReadLimits::default())
        .map_err(|e| Error::Input(e.in_file(path)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Graph, InputError> {
        parse_col(text.as_bytes(), &ReadLimits::default())
    }

    #[test]
    fn round_trip_and_variants() {
        let g = Graph::new(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]);
        let mut out = Vec::new();
        write_col(&mut out, &g).unwrap();
        assert_eq!(
            String::from_utf8(out.clone()).unwrap(),
            "p edge 4 4\ne 1 2\ne 1 4\ne 2 3\ne 3 4\n"
        );
        assert_eq!(parse_col(&out[..], &ReadLimits::default()).unwrap(), g);
        // FHCP style: no format word, comments before and after.
        let fhcp = "p 4 4\nc NAME : sq\ne 1 2\ne 2 3\n\ne 3 4\ne 4 1\nc end\n";
        assert_eq!(parse(fhcp).unwrap(), g);
        // Both directions listed: one edge.
        assert_eq!(
            parse("p col 3 4\ne 1 2\ne 2 1\ne 2 3\ne 3 1\n")
                .unwrap()
                .edge_count(),
            3
        );
    }

    #[test]
    fn errors_name_the_line() {
        let at = |t: &str| {
            let e = parse(t).unwrap_err();
            (e.line, e.message)
        };
        assert_eq!(at("e 1 2\n").0, Some(1));
        assert!(at("p edge 3 1\ne 1 4\n").1.contains("outside 1..3"));
        assert!(at("p edge 3 1\ne 2 2\n").1.contains("self-loop"));
        let (line, message) = at("c x\np edge 3 2\ne 1 2\n");
        assert_eq!(line, Some(2));
        assert!(message.contains("announces 2 edges, the file lists 1"));
        assert!(at("p edge 3 1\np edge 3 1\n").1.contains("second"));
        assert!(at("p edge 3 1\nx 1 2\n").1.contains("expected"));
        assert!(at("p edge 3 1\ne 1 2 3\n").1.contains("after"));
        assert!(at("p edge 0 0\n").1.contains("at least 1"));
        assert!(at("p edge 99999999999 0\n").1.contains("limit"));
        assert!(at("p edge 3\n").1.contains("`p edge n m`"));
        assert!(parse("c only\n").unwrap_err().message.contains("no `p"));
    }
}
