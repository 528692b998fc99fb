//! Edges in a 2-edge cut: a Hamiltonian cycle crosses every edge cut an even number of times, and
//! at least twice, so when removing two edges disconnects the graph, both are in every
//! Hamiltonian cycle. Degree-2 vertices give such cuts by the hundred (the propagation of
//! [`super::presolve`] forces those already); this finds the others, such as two blocks of a
//! graph joined by two edges, which the propagation cannot see.
//!
//! **Finding them: cycle-space sampling** (Pritchard and Thurimella, "Fast computation of small
//! cuts via cycle space sampling", ACM Transactions on Algorithms 7(4), 2011). Take a spanning
//! tree; give each edge outside it a random 64-bit label, and each tree edge the XOR of the labels
//! of the outside edges whose fundamental cycle runs through it (the XOR of every label at the
//! vertices of its subtree, computed leaves first). Two edges that are not bridges form a cut
//! exactly when they lie on the same cycles, that is when they have the same label, up to a
//! collision of random labels (about m² / 2⁶⁵ for m edges). Labelling is linear; so that a
//! collision can never cost a Hamiltonian cycle, an edge is forced only after a search confirms
//! that it and a partner of the same label disconnect the graph: one search per label shared by
//! several edges (the bridges left when one of them is removed), so a ring of blocks joined by
//! single edges, all of whose joining edges share a label, takes one. The searches are counted
//! against a budget, so the whole step stays a bounded number of passes over the graph.

use super::lowlink::bridges;
use crate::search::rng::Rng;

/// The edges `(a, b)`, `a < b`, of the graph (adjacency lists of a simple undirected graph) that
/// are not `forced` yet and that, with another edge, disconnect it. Each group of edges with one
/// label is confirmed by one search (the bridges left when its first edge is removed), which takes
/// one unit of `checks` (none left: the other groups are not looked at). A disconnected graph
/// gives none (the caller's connectivity check proves it has no Hamiltonian cycle). `seed` draws
/// the labels; the answer does not depend on it unless labels collide.
pub fn two_cut_edges(
    adj: &[Vec<u32>],
    forced: impl Fn(u32, u32) -> bool,
    seed: u64,
    checks: &mut u32,
) -> Vec<(u32, u32)> {
    let n = adj.len();
    if n < 3 {
        return Vec::new();
    }
    // Minimum degree δ ≥ ⌊n/2⌋ makes the edge connectivity δ (Chartrand 1966), so with δ ≥ 3
    // there is no 2-edge cut: dense graphs (K_500: 124,750 edges) skip the labelling and sort.
    let min_degree = adj.iter().map(Vec::len).min().unwrap_or(0);
    if min_degree >= 3 && min_degree >= n / 2 {
        return Vec::new();
    }
    const ROOT: u32 = u32::MAX;
    // A spanning tree from vertex 0, each vertex listed after its parent.
    let mut parent = vec![ROOT; n];
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut stack = vec![0u32];
    seen[0] = true;
    while let Some(v) = stack.pop() {
        order.push(v);
        for &w in &adj[v as usize] {
            if !seen[w as usize] {
                seen[w as usize] = true;
                parent[w as usize] = v;
                stack.push(w);
            }
        }
    }
    if order.len() < n {
        return Vec::new();
    }
    let tree = |a: u32, b: u32| parent[a as usize] == b || parent[b as usize] == a;
    let mut rng = Rng::new(seed);
    let mut at = vec![0u64; n];
    let mut labelled: Vec<(u64, u32, u32)> = Vec::new();
    for a in 0..n as u32 {
        for &b in &adj[a as usize] {
            if b > a && !tree(a, b) {
                let label = rng.next_u64();
                at[a as usize] ^= label;
                at[b as usize] ^= label;
                labelled.push((label, a, b));
            }
        }
    }
    // Leaves first: a subtree's XOR is the label of the edge above it (an outside edge with both
    // ends inside cancels out).
    for &v in order.iter().rev() {
        let p = parent[v as usize];
        if p != ROOT {
            let label = at[v as usize];
            at[p as usize] ^= label;
            labelled.push((label, v.min(p), v.max(p)));
        }
    }
    labelled.sort_unstable();
    let mut found = Vec::new();
    for group in labelled.chunk_by(|x, y| x.0 == y.0) {
        // Label 0 on a tree edge: a bridge, for the connectivity check to report.
        if group.len() < 2 || group[0].0 == 0 || group.iter().all(|&(_, a, b)| forced(a, b)) {
            continue;
        }
        if *checks == 0 {
            break;
        }
        *checks -= 1;
        // One search confirms the whole group: with its first edge removed, the other edges of
        // the group that became bridges are exactly those that form a cut with it.
        let first = (group[0].1, group[0].2);
        let members: Vec<(u32, u32)> = group.iter().map(|&(_, a, b)| (a, b)).collect();
        let partners: Vec<(u32, u32)> = bridges(adj, Some(first))
            .into_iter()
            .filter(|e| members.contains(e))
            .collect();
        if !partners.is_empty() {
            let confirmed = std::iter::once(first).chain(partners);
            found.extend(confirmed.filter(|&(a, b)| !forced(a, b)));
        }
    }
    found.sort_unstable();
    found.dedup();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn adjacency(n: u32, edges: &[(u32, u32)]) -> Vec<Vec<u32>> {
        let mut adj = vec![Vec::new(); n as usize];
        for &(a, b) in edges {
            adj[a as usize].push(b);
            adj[b as usize].push(a);
        }
        adj
    }

    fn k4(base: u32) -> Vec<(u32, u32)> {
        (0..4)
            .flat_map(|a| (a + 1..4).map(move |b| (base + a, base + b)))
            .collect()
    }

    #[test]
    fn two_blocks_joined_by_two_edges() {
        // Two K4s (every vertex of degree 3 or 4) joined by 0–4 and 1–5.
        let mut edges = k4(0);
        edges.extend(k4(4));
        edges.extend([(0, 4), (1, 5)]);
        let adj = adjacency(8, &edges);
        let mut checks = 10;
        assert_eq!(
            two_cut_edges(&adj, |_, _| false, 1, &mut checks),
            vec![(0, 4), (1, 5)]
        );
        assert_eq!(checks, 9, "one label shared, one search");
        // Already forced: nothing new, and no search spent.
        let mut checks = 10;
        assert!(two_cut_edges(&adj, |a, b| a + 4 == b, 1, &mut checks).is_empty());
        assert_eq!(checks, 10);
        // No budget: nothing is forced unconfirmed.
        assert!(two_cut_edges(&adj, |_, _| false, 1, &mut 0).is_empty());
    }

    #[test]
    fn a_ring_of_blocks_takes_one_search() {
        // Ten K4s in a ring, block i's vertex 4i joined to block i+1's vertex 4(i+1)+1: any two
        // joining edges disconnect the ring, so all ten share a label and one search confirms them.
        let mut edges: Vec<(u32, u32)> = (0..10).flat_map(|i| k4(4 * i)).collect();
        let joins: Vec<(u32, u32)> = (0..10)
            .map(|i| {
                let (a, b) = (4 * i, 4 * ((i + 1) % 10) + 1);
                (a.min(b), a.max(b))
            })
            .collect();
        edges.extend(&joins);
        let mut want = joins.clone();
        want.sort_unstable();
        let mut checks = 5;
        assert_eq!(
            two_cut_edges(&adjacency(40, &edges), |_, _| false, 3, &mut checks),
            want
        );
        assert_eq!(checks, 4);
    }

    /// The confirming search against brute force (remove each edge, test connectivity): it is
    /// what stands between a collision of labels and a wrongly forced edge, which the random
    /// graphs of tests/hcp_solve.rs never produce.
    #[test]
    fn bridges_match_brute_force() {
        let mut rng = Rng::new(5);
        for round in 0..300 {
            let n = 2 + rng.below(9) as u32;
            let percent = 10 + rng.below(60);
            let edges: Vec<(u32, u32)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .filter(|_| rng.below(100) < percent)
                .collect();
            let Some(&skip) = edges.get(rng.below(edges.len().max(1))) else {
                continue;
            };
            let rest: Vec<(u32, u32)> = edges.iter().copied().filter(|&e| e != skip).collect();
            let components = |kept: &[(u32, u32)]| {
                let adj = adjacency(n, kept);
                let mut seen = vec![false; n as usize];
                let mut count = 0;
                for s in 0..n {
                    if !seen[s as usize] {
                        count += 1;
                        seen[s as usize] = true;
                        let mut stack = vec![s];
                        while let Some(v) = stack.pop() {
                            for &w in &adj[v as usize] {
                                if !seen[w as usize] {
                                    seen[w as usize] = true;
                                    stack.push(w);
                                }
                            }
                        }
                    }
                }
                count
            };
            let base = components(&rest);
            let mut want: Vec<(u32, u32)> = rest
                .iter()
                .copied()
                .filter(|&e| {
                    let without: Vec<(u32, u32)> =
                        rest.iter().copied().filter(|&f| f != e).collect();
                    components(&without) > base
                })
                .collect();
            want.sort_unstable();
            let mut got = bridges(&adjacency(n, &edges), Some(skip));
            got.sort_unstable();
            assert_eq!(got, want, "round {round}: {edges:?} without {skip:?}");
        }
    }

    #[test]
    fn three_edge_connected_graphs_have_none() {
        // The Petersen graph: outer 5-cycle, inner pentagram, spokes.
        let mut edges: Vec<(u32, u32)> = (0..5).map(|i| (i, (i + 1) % 5)).collect();
        edges.extend((0..5).map(|i| (5 + i, 5 + (i + 2) % 5)));
        edges.extend((0..5).map(|i| (i, 5 + i)));
        let mut checks = 100;
        assert!(two_cut_edges(&adjacency(10, &edges), |_, _| false, 7, &mut checks).is_empty());
        assert_eq!(checks, 100, "no label is shared, so nothing is searched");
    }
}
