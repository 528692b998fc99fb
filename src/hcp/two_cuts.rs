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
//! collision can never cost a Hamiltonian cycle, every edge is forced only after one search
//! confirms that it and a partner of the same label disconnect the graph. The searches are
//! counted against a budget, so the whole step stays a bounded number of passes over the graph.

use crate::search::rng::Rng;

/// The edges `(a, b)`, `a < b`, of the graph (adjacency lists of a simple undirected graph) that
/// are not `forced` yet and that, with another edge, disconnect it: each confirmed by a search,
/// which takes one unit of `checks` (none left: the rest are not looked at). A disconnected graph
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
        if group.len() < 2 || group[0].0 == 0 {
            continue;
        }
        let first = (group[0].1, group[0].2);
        let mut first_proved = forced(first.0, first.1);
        for &(_, a, b) in &group[1..] {
            if first_proved && forced(a, b) {
                continue;
            }
            if *checks == 0 {
                return found;
            }
            *checks -= 1;
            if disconnects(adj, first, (a, b)) {
                if !first_proved {
                    found.push(first);
                    first_proved = true;
                }
                if !forced(a, b) {
                    found.push((a, b));
                }
            }
        }
    }
    found.sort_unstable();
    found
}

/// Whether removing the edges `e` and `f` disconnects the graph (one search from an end of `e`).
fn disconnects(adj: &[Vec<u32>], e: (u32, u32), f: (u32, u32)) -> bool {
    let removed = |a: u32, b: u32| {
        let k = (a.min(b), a.max(b));
        k == e || k == f
    };
    let mut seen = vec![false; adj.len()];
    let mut stack = vec![e.0];
    seen[e.0 as usize] = true;
    let mut reached = 1;
    while let Some(v) = stack.pop() {
        for &w in &adj[v as usize] {
            if !seen[w as usize] && !removed(v, w) {
                seen[w as usize] = true;
                reached += 1;
                stack.push(w);
            }
        }
    }
    reached < adj.len()
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
        assert_eq!(checks, 9, "one pair, one search");
        // Already forced: nothing new, and no search spent.
        let mut checks = 10;
        assert!(two_cut_edges(&adj, |a, b| a + 4 == b, 1, &mut checks).is_empty());
        assert_eq!(checks, 10);
        // No budget: nothing is forced unconfirmed.
        assert!(two_cut_edges(&adj, |_, _| false, 1, &mut 0).is_empty());
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
