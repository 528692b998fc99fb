//! Graphviz DOT export of graphs and digraphs, for drawings in the docs (`dot -Tsvg`, `neato`).
//!
//! ```text
//! graph "square" {
//!   node [shape=circle, fontsize=10];
//!   1 [label="s"];
//!   1 -- 2 [color=red, penwidth=2.5];
//!   1 -- 4;
//! }
//! ```
//!
//! Vertices are named by their 1-based number, as in the TSPLIB files, so a drawing and an `.hcp`
//! export of the same graph agree. Labels come from a closure (the constructions' readable names:
//! `s`, `b[a,k]`, `x[i,j,k,l]`, …); the steps of a tour can be highlighted.

use super::atomic::write_atomic;
use crate::error::Error;
use crate::hcp::{Digraph, Graph};
use std::io::Write;
use std::path::Path;

/// What to draw besides the graph.
#[derive(Clone, Copy, Default)]
pub struct DotOptions<'a> {
    /// Graph name (written quoted).
    pub name: &'a str,
    /// Label of a 0-based vertex; `None` shows the 1-based number.
    pub labels: Option<&'a dyn Fn(u32) -> String>,
    /// A tour (0-based vertices in order) whose steps are drawn red and thick; steps that are not
    /// edges of the graph are not drawn.
    pub highlight: Option<&'a [u32]>,
}

fn quote(s: &str) -> String {
    let mut q = String::with_capacity(s.len() + 2);
    q.push('"');
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                q.push('\\');
                q.push(c);
            }
            '\n' | '\r' => q.push(' '),
            _ => q.push(c),
        }
    }
    q.push('"');
    q
}

/// Successor of each vertex along the highlighted tour (`u32::MAX` when off the tour).
fn successors(n: u32, tour: Option<&[u32]>) -> Vec<u32> {
    let mut next = Vec::new();
    if let Some(t) = tour {
        next = vec![u32::MAX; n as usize];
        for i in 0..t.len() {
            let (a, b) = (t[i], t[(i + 1) % t.len()]);
            if a < n {
                next[a as usize] = b;
            }
        }
    }
    next
}

fn write_dot(
    out: &mut dyn Write,
    n: u32,
    edges: &mut dyn Iterator<Item = (u32, u32)>,
    directed: bool,
    options: &DotOptions,
) -> std::io::Result<()> {
    let (kind, op) = if directed {
        ("digraph", "->")
    } else {
        ("graph", "--")
    };
    writeln!(out, "{kind} {} {{", quote(options.name))?;
    writeln!(out, "  node [shape=circle, fontsize=10];")?;
    if let Some(label) = options.labels {
        for v in 0..n {
            writeln!(out, "  {} [label={}];", v as u64 + 1, quote(&label(v)))?;
        }
    } else {
        // Isolated vertices would be missing from the drawing without a node line.
        for v in 0..n {
            writeln!(out, "  {};", v as u64 + 1)?;
        }
    }
    let next = successors(n, options.highlight);
    let on_tour = |a: u32, b: u32| {
        !next.is_empty() && (next[a as usize] == b || (!directed && next[b as usize] == a))
    };
    for (a, b) in edges {
        write!(out, "  {} {op} {}", a as u64 + 1, b as u64 + 1)?;
        if on_tour(a, b) {
            write!(out, " [color=red, penwidth=2.5]")?;
        }
        writeln!(out, ";")?;
    }
    writeln!(out, "}}")
}

/// Writes an undirected graph as DOT.
pub fn write_dot_graph(
    out: &mut dyn Write,
    graph: &Graph,
    options: &DotOptions,
) -> std::io::Result<()> {
    write_dot(out, graph.vertices(), &mut graph.edges(), false, options)
}

/// Writes a digraph as DOT.
pub fn write_dot_digraph(
    out: &mut dyn Write,
    digraph: &Digraph,
    options: &DotOptions,
) -> std::io::Result<()> {
    write_dot(out, digraph.vertices(), &mut digraph.arcs(), true, options)
}

/// [`write_dot_graph`] to a file, atomically.
pub fn write_dot_graph_file(path: &Path, graph: &Graph, options: &DotOptions) -> Result<(), Error> {
    write_atomic(path, |w| write_dot_graph(w, graph, options))
}

/// [`write_dot_digraph`] to a file, atomically.
pub fn write_dot_digraph_file(
    path: &Path,
    digraph: &Digraph,
    options: &DotOptions,
) -> Result<(), Error> {
    write_atomic(path, |w| write_dot_digraph(w, digraph, options))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_output() {
        let g = Graph::new(3, &[(0, 1), (1, 2), (0, 2)]);
        let label = |v: u32| ["s", "b[1,\"2\"]", "f"][v as usize].to_string();
        let tour = [0u32, 2, 1];
        let mut out = Vec::new();
        write_dot_graph(
            &mut out,
            &g,
            &DotOptions {
                name: "tri",
                labels: Some(&label),
                highlight: Some(&tour[..2]),
            },
        )
        .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "graph \"tri\" {\n  node [shape=circle, fontsize=10];\n  1 [label=\"s\"];\n  \
             2 [label=\"b[1,\\\"2\\\"]\"];\n  3 [label=\"f\"];\n  1 -- 2;\n  \
             1 -- 3 [color=red, penwidth=2.5];\n  2 -- 3;\n}\n"
        );
        let d = Digraph::new(2, &[(0, 1)]);
        let mut out = Vec::new();
        write_dot_digraph(&mut out, &d, &DotOptions::default()).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "digraph \"\" {\n  node [shape=circle, fontsize=10];\n  1;\n  2;\n  1 -> 2;\n}\n"
        );
    }
}
