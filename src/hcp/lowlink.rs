//! Tarjan's low-link depth-first search, iterative (no recursion, so a forced path of a million
//! vertices cannot overflow the stack). One walk serves the cut-vertex proof of
//! [`super::presolve`] and the bridge search ([`bridges`]) of [`super::two_cuts`] and
//! [`super::hubs`]: they differ only in what they ask of each finished tree edge.

use std::ops::ControlFlow;

/// Discovery time of a vertex the walk has not reached.
pub const UNSEEN: u32 = u32::MAX;

/// A tree edge, reported when the search leaves its child: `low` is the earliest discovery time
/// that the child's subtree reaches by one edge other than this one, `parent_disc` the parent's.
/// `low > parent_disc`: the edge is a bridge; `low >= parent_disc`: removing the parent separates
/// the child's subtree (a cut vertex unless the parent is the root).
#[derive(Clone, Copy, Debug)]
pub struct TreeEdge {
    pub parent: u32,
    pub child: u32,
    pub low: u32,
    pub parent_disc: u32,
}

/// Searches a simple undirected graph of `n` vertices from each of `roots` not yet reached,
/// ignoring the edge `skip` (`(a, b)`, `a < b`), and calls `finished` on every tree edge as its
/// child's subtree is done; `finished` may stop the walk. Returns each vertex's discovery time
/// ([`UNSEEN`] for a vertex no root reaches).
pub fn walk<'g>(
    n: usize,
    neighbours: impl Fn(u32) -> &'g [u32],
    skip: Option<(u32, u32)>,
    roots: impl IntoIterator<Item = u32>,
    mut finished: impl FnMut(TreeEdge) -> ControlFlow<()>,
) -> Vec<u32> {
    let mut disc = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut time = 0u32;
    let skipped = |a: u32, b: u32| skip == Some((a.min(b), a.max(b)));
    for root in roots {
        if disc[root as usize] != UNSEEN {
            continue;
        }
        disc[root as usize] = time;
        low[root as usize] = time;
        time += 1;
        // (vertex, parent, next neighbour index); a simple graph has one edge to the parent.
        let mut stack: Vec<(u32, u32, usize)> = vec![(root, UNSEEN, 0)];
        while let Some(&mut (v, parent, ref mut next)) = stack.last_mut() {
            let nb = neighbours(v);
            if *next < nb.len() {
                let w = nb[*next];
                *next += 1;
                if w == parent || skipped(v, w) {
                    continue;
                }
                if disc[w as usize] == UNSEEN {
                    disc[w as usize] = time;
                    low[w as usize] = time;
                    time += 1;
                    stack.push((w, v, 0));
                } else {
                    low[v as usize] = low[v as usize].min(disc[w as usize]);
                }
            } else {
                stack.pop();
                if parent != UNSEEN {
                    let lv = low[v as usize];
                    low[parent as usize] = low[parent as usize].min(lv);
                    let edge = TreeEdge {
                        parent,
                        child: v,
                        low: lv,
                        parent_disc: disc[parent as usize],
                    };
                    if finished(edge).is_break() {
                        return disc;
                    }
                }
            }
        }
    }
    disc
}

/// The bridges `(a, b)`, `a < b`, of the graph with adjacency lists `adj`, without the edge
/// `skip` when one is given (one walk from every vertex), in the order the walk finds them.
pub fn bridges(adj: &[Vec<u32>], skip: Option<(u32, u32)>) -> Vec<(u32, u32)> {
    let mut found = Vec::new();
    walk(
        adj.len(),
        |v| adj[v as usize].as_slice(),
        skip,
        0..adj.len() as u32,
        |e| {
            if e.low > e.parent_disc {
                found.push((e.parent.min(e.child), e.parent.max(e.child)));
            }
            ControlFlow::Continue(())
        },
    );
    found
}
