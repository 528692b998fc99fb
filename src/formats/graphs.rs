//! Any Hamiltonian-cycle instance file gridreduce reads, with its format detected from the content:
//!
//! 1. the first non-blank line is a `c` (comment) or `p` line → **DIMACS `.col`** (`p edge n m`,
//!    `e u v`: the FHCP Challenge Set's second form, see [`col`]);
//! 2. the first non-blank line starts with a letter → **TSPLIB** (`TYPE : HCP`, or the `TSP` /
//!    `ATSP` explicit matrices gridreduce writes);
//! 3. otherwise the first line must be two numbers `n m`; if the next non-blank line holds three
//!    numbers it is a **Concorde** sparse edge file (`u v w`, 0-based, undirected), otherwise an
//!    **arc list** (`u v`, 1-based, directed).
//!
//! A caller that knows the format can skip detection.

use super::tokens::ReadLimits;
use super::{arcs, col, concorde, tsplib};
use crate::error::{CertificateError, Error, InputError};
use crate::hcp::{Digraph, Graph, Tour};
use crate::reduce::Problem;
use std::io::{BufRead, Seek};
use std::path::Path;

/// A Hamiltonian-cycle instance: an undirected graph or a digraph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Instance {
    Undirected(Graph),
    Directed(Digraph),
}

impl Instance {
    pub fn vertices(&self) -> u32 {
        match self {
            Instance::Undirected(g) => g.vertices(),
            Instance::Directed(d) => d.vertices(),
        }
    }
    /// Edges of a graph, arcs of a digraph.
    pub fn edge_count(&self) -> usize {
        match self {
            Instance::Undirected(g) => g.edge_count(),
            Instance::Directed(d) => d.arc_count(),
        }
    }
    pub fn is_directed(&self) -> bool {
        matches!(self, Instance::Directed(_))
    }
    /// `Ok` iff `tour` is a Hamiltonian cycle of the instance.
    pub fn check(&self, tour: &Tour) -> Result<(), CertificateError> {
        match self {
            Instance::Undirected(g) => g.check(tour),
            Instance::Directed(d) => d.check(tour),
        }
    }
}

/// The graph file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GraphFormat {
    /// TSPLIB: TYPE : HCP (undirected), or an explicit TSP (undirected) / ATSP (directed) matrix.
    Tsplib,
    /// Concorde sparse edge file: `n m`, then `u v w` (0-based, undirected).
    Concorde,
    /// Arc list: `n m`, then `u v` (1-based, directed).
    Arcs,
    /// DIMACS graph: `p edge n m`, then `e u v` (1-based, undirected), `c` comments.
    Col,
}

/// A read graph file.
#[derive(Clone, Debug)]
pub struct GraphFile {
    pub instance: Instance,
    pub format: GraphFormat,
    /// The TSPLIB specification part, for TSPLIB files.
    pub header: Option<tsplib::TsplibHeader>,
}

/// Detects the format from the first lines (see the module documentation).
pub fn detect(reader: impl BufRead) -> Result<GraphFormat, InputError> {
    let mut first: Option<(usize, usize)> = None;
    for (n, line) in super::lines::Lines::new(reader) {
        let line = line?;
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        let count = t.split_whitespace().count();
        match first {
            None => {
                let first_word = t.split_whitespace().next().unwrap_or("");
                if first_word == "c" || first_word == "p" {
                    return Ok(GraphFormat::Col);
                }
                if t.starts_with(|c: char| c.is_alphabetic()) {
                    return Ok(GraphFormat::Tsplib);
                }
                if count != 2 {
                    return Err(InputError::at_line(
                        n,
                        "cannot tell the graph format: expected a TSPLIB file (TYPE : HCP), a \
                         DIMACS graph (`p edge n m`), or a first line `n m` of a Concorde edge \
                         file or an arc list",
                    ));
                }
                first = Some((n, count));
            }
            Some(_) => {
                return Ok(if count == 3 {
                    GraphFormat::Concorde
                } else {
                    GraphFormat::Arcs
                });
            }
        }
    }
    match first {
        None => Err(InputError::new(
            "file is empty, expected a graph (TSPLIB HCP, Concorde edges or an arc list)",
        )),
        Some(_) => Ok(GraphFormat::Arcs),
    }
}

/// Reads a graph file in `format`, or in the detected format when `None`.
pub fn read_graph(path: &Path, format: Option<GraphFormat>) -> Result<GraphFile, Error> {
    let in_file = |e: InputError| Error::Input(e.in_file(path));
    let mut reader = tsplib::open(path)?;
    let format = match format {
        Some(f) => f,
        None => {
            // One open for both passes: detection reads the first lines, then the parse starts
            // again from the top. A pipe cannot go back: its format must be named.
            let f = detect(&mut reader).map_err(in_file)?;
            reader.rewind().map_err(|_| {
                in_file(InputError::new(
                    "cannot detect the graph format of a stream that cannot be read twice (a \
                     pipe); name it with --graph-format",
                ))
            })?;
            f
        }
    };
    let limits = ReadLimits::default();
    Ok(match format {
        GraphFormat::Tsplib => {
            let f = tsplib::parse(reader, &limits).map_err(in_file)?;
            GraphFile {
                instance: f.instance,
                format,
                header: Some(f.header),
            }
        }
        GraphFormat::Concorde => GraphFile {
            instance: Instance::Undirected(
                concorde::parse_edges(reader, &limits).map_err(in_file)?,
            ),
            format,
            header: None,
        },
        GraphFormat::Col => GraphFile {
            instance: Instance::Undirected(col::parse_col(reader, &limits).map_err(in_file)?),
            format,
            header: None,
        },
        GraphFormat::Arcs => GraphFile {
            instance: Instance::Directed(arcs::parse_arcs(reader, &limits).map_err(in_file)?),
            format,
            header: None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection_rules() {
        let d = |t: &str| detect(t.as_bytes());
        assert_eq!(d("\nNAME : x\n").unwrap(), GraphFormat::Tsplib);
        assert_eq!(d("4 2\n0 1 1\n").unwrap(), GraphFormat::Concorde);
        assert_eq!(d("4 2\n1 2\n").unwrap(), GraphFormat::Arcs);
        assert_eq!(d("4 0\n").unwrap(), GraphFormat::Arcs);
        assert_eq!(d("c FHCP\np 4 4\n").unwrap(), GraphFormat::Col);
        assert_eq!(d("p edge 4 4\n").unwrap(), GraphFormat::Col);
        assert!(d("1 2 3\n").unwrap_err().message.contains("cannot tell"));
        assert!(d("").unwrap_err().message.contains("empty"));
    }
}
