//! Splitting a graph at its hubs: a few vertices of very high degree (FHCP graph500: five, of
//! degree 57–1,128, every other vertex of degree 2–5) offer a Hamiltonian cycle thousands of ways
//! to use them, and the branching search and the exact model drown in those ways (docs/hcp-solver.md).
//! Yet each hub takes exactly two edges of the cycle, and without the hubs and the bridges left
//! between them the graph falls into a few *pieces*, so the cycle is decided in the large by how
//! many of its edges join each pair of hubs and pieces: a *configuration*.
//!
//! * **The quotient**: one node per hub and per piece (a 2-edge-connected component of the graph
//!   without the hubs), one *row* per pair of nodes joined by edges, holding those edges. Between
//!   two pieces the only edges are the bridges, so every row holds one edge or touches a hub.
//! * **Configurations**: a number of cycle edges per row, at most 2 and at most the row's edges;
//!   every hub and every one-vertex piece gets exactly 2, every other piece an even number of at
//!   least 2 (each of its paths enters and leaves once), and the rows used connect every node.
//!   Every Hamiltonian cycle of the graph has exactly one configuration (count its edges per
//!   row), so the graph has a cycle exactly when some configuration's *restricted graph* has one:
//!   the pieces' own edges and the edges of the rows it uses, with a row's edges fixed where it
//!   uses them all. (The restricted graph may have cycles of another configuration too, whose rows
//!   it also has: harmless, every one is a cycle of the graph.)
//! * **Why it answers graph500**: of its 14 configurations, 9 are refuted by the reductions at
//!   once, and the branching search answers the one with fewest edges of the five left in about
//!   8 s; the whole graph is answered in minutes neither by our search without this step nor by
//!   LKH-3 or `linkern` (scripts/hcp-compare.sh).

use super::graph::Graph;
use super::lowlink::bridges;
use std::collections::HashMap;

/// Most hubs: every row touches a node, and a hub has at most `C(k, 2)` choices.
pub const HUBS_MAX: usize = 8;

/// Most rows of the quotient: the search for configurations is exponential in them.
pub const ROWS_MAX: usize = 40;

/// Most configurations handed back: each becomes a search of its own.
pub const CONFIGURATIONS_MAX: usize = 64;

/// Steps of the search for configurations (rows assigned), about a millisecond of work.
const STEPS_MAX: u64 = 200_000;

/// The least degree of a hub: three times the average degree, and at least 8, so that cubic
/// and quartic graphs, grids and dense graphs have none.
pub fn hub_degree(g: &Graph) -> u32 {
    let n = u64::from(g.vertices().max(1));
    let twice_m = 2 * g.edge_count() as u64;
    let three_average = (3 * twice_m).div_ceil(n);
    u32::try_from(three_average).unwrap_or(u32::MAX).max(8)
}

/// A configuration's graph: the edges it may use, and those it must.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Restricted {
    pub graph: Graph,
    /// Every edge of a row the configuration uses in full (a single edge, or both edges of a
    /// row with two).
    pub fixed: Vec<(u32, u32)>,
}

/// The configurations of `g` with the vertices of degree at least `hub_min` as hubs, each as its
/// restricted graph, fewest edges first; `None` when `g` has no hub, more than [`HUBS_MAX`]
/// hubs, a quotient of more than [`ROWS_MAX`] rows, more than [`CONFIGURATIONS_MAX`]
/// configurations, or a search for them longer than its bound. An empty list proves that `g`
/// has no Hamiltonian cycle.
pub fn configurations(g: &Graph, hub_min: u32) -> Option<Vec<Restricted>> {
    let n = g.vertices();
    let hubs: Vec<u32> = (0..n)
        .filter(|&v| g.degree(v) as u64 >= u64::from(hub_min))
        .collect();
    if hubs.is_empty() || hubs.len() > HUBS_MAX || hubs.len() == n as usize {
        return None;
    }
    let node_of = nodes(g, &hubs);
    let rows = rows(g, &node_of);
    if rows.len() > ROWS_MAX {
        return None;
    }
    let node_count = node_of.iter().copied().max().map_or(0, |m| m as usize + 1);
    // What each node needs: hubs and one-vertex pieces exactly 2, other pieces even and ≥ 2.
    let mut size = vec![0usize; node_count];
    for &k in &node_of {
        size[k as usize] += 1;
    }
    let exact_two: Vec<bool> = (0..node_count)
        .map(|k| k < hubs.len() || size[k] == 1)
        .collect();
    let mut search = Search {
        rows: &rows,
        exact_two: &exact_two,
        degree: vec![0; node_count],
        // Cycle edges a node can still get from the rows not yet assigned.
        room: vec![0; node_count],
        counts: vec![0; rows.len()],
        found: Vec::new(),
        steps: 0,
    };
    for r in &rows {
        let cap = r.cap();
        search.room[r.a as usize] += cap;
        search.room[r.b as usize] += cap;
    }
    if !search.assign(0) {
        return None;
    }
    let mut out: Vec<Restricted> = search
        .found
        .iter()
        .map(|counts| restrict(g, &node_of, &rows, counts))
        .collect();
    out.sort_by_key(|r| r.graph.edge_count());
    Some(out)
}

/// Each vertex's node of the quotient: hubs are `0..hubs.len()` in order, then one node per
/// 2-edge-connected component of `g` without the hubs.
fn nodes(g: &Graph, hubs: &[u32]) -> Vec<u32> {
    let n = g.vertices() as usize;
    let mut is_hub = vec![false; n];
    for &h in hubs {
        is_hub[h as usize] = true;
    }
    let outside: Vec<Vec<u32>> = (0..n as u32)
        .map(|v| {
            if is_hub[v as usize] {
                Vec::new()
            } else {
                let nb = g.neighbours(v).iter().copied();
                nb.filter(|&w| !is_hub[w as usize]).collect()
            }
        })
        .collect();
    let mut cut = bridges(&outside, None);
    cut.sort_unstable();
    const NONE: u32 = u32::MAX;
    let mut node_of = vec![NONE; n];
    for (k, &h) in hubs.iter().enumerate() {
        node_of[h as usize] = k as u32;
    }
    let mut next = hubs.len() as u32;
    let mut stack = Vec::new();
    for s in 0..n {
        if node_of[s] != NONE {
            continue;
        }
        node_of[s] = next;
        stack.push(s as u32);
        while let Some(v) = stack.pop() {
            for &w in &outside[v as usize] {
                let bridge = cut.binary_search(&(v.min(w), v.max(w))).is_ok();
                if !bridge && node_of[w as usize] == NONE {
                    node_of[w as usize] = next;
                    stack.push(w);
                }
            }
        }
        next += 1;
    }
    node_of
}

/// A pair of quotient nodes and the edges of `g` between them.
struct Row {
    a: u32,
    b: u32,
    edges: Vec<(u32, u32)>,
}

impl Row {
    /// Most cycle edges the row can carry: a hub takes two, and a row without a hub is a bridge.
    fn cap(&self) -> usize {
        self.edges.len().min(2)
    }
}

/// The rows of the quotient, in a fixed order (by node pair).
fn rows(g: &Graph, node_of: &[u32]) -> Vec<Row> {
    let mut by_pair: HashMap<(u32, u32), Vec<(u32, u32)>> = HashMap::new();
    for (a, b) in g.edges() {
        let (x, y) = (node_of[a as usize], node_of[b as usize]);
        if x != y {
            by_pair
                .entry((x.min(y), x.max(y)))
                .or_default()
                .push((a, b));
        }
    }
    let mut rows: Vec<Row> = by_pair
        .into_iter()
        .map(|((a, b), edges)| Row { a, b, edges })
        .collect();
    rows.sort_by_key(|r| (r.a, r.b));
    rows
}

/// Depth-first search over the rows' counts.
struct Search<'a> {
    rows: &'a [Row],
    exact_two: &'a [bool],
    degree: Vec<usize>,
    room: Vec<usize>,
    counts: Vec<usize>,
    found: Vec<Vec<usize>>,
    steps: u64,
}

impl Search<'_> {
    /// Assigns rows `i..`; false when a bound was passed (the list is then incomplete).
    fn assign(&mut self, i: usize) -> bool {
        self.steps += 1;
        if self.steps > STEPS_MAX {
            return false;
        }
        if i == self.rows.len() {
            if self.complete() {
                if self.found.len() == CONFIGURATIONS_MAX {
                    return false;
                }
                self.found.push(self.counts.clone());
            }
            return true;
        }
        let (a, b) = (self.rows[i].a as usize, self.rows[i].b as usize);
        let cap = self.rows[i].cap();
        self.room[a] -= cap;
        self.room[b] -= cap;
        let mut ok = true;
        for c in 0..=cap {
            if self.fits(a, c) && self.fits(b, c) {
                self.degree[a] += c;
                self.degree[b] += c;
                self.counts[i] = c;
                ok = self.assign(i + 1);
                self.degree[a] -= c;
                self.degree[b] -= c;
                if !ok {
                    break;
                }
            }
        }
        self.counts[i] = 0;
        self.room[a] += cap;
        self.room[b] += cap;
        ok
    }

    /// Whether node `k` can take `c` more cycle edges and still reach what it needs with the
    /// rows left.
    fn fits(&self, k: usize, c: usize) -> bool {
        let d = self.degree[k] + c;
        let most = d + self.room[k];
        if self.exact_two[k] {
            d <= 2 && most >= 2
        } else {
            most >= 2 && (most > d || d.is_multiple_of(2))
        }
    }

    /// Every node's count is right and the rows used connect every node.
    fn complete(&self) -> bool {
        let nodes = self.degree.len();
        let right = (0..nodes).all(|k| {
            let d = self.degree[k];
            if self.exact_two[k] {
                d == 2
            } else {
                d >= 2 && d.is_multiple_of(2)
            }
        });
        if !right {
            return false;
        }
        let mut seen = vec![false; nodes];
        let mut stack = vec![0usize];
        seen[0] = true;
        while let Some(k) = stack.pop() {
            for (r, &c) in self.rows.iter().zip(&self.counts) {
                if c == 0 {
                    continue;
                }
                let (a, b) = (r.a as usize, r.b as usize);
                for (x, y) in [(a, b), (b, a)] {
                    if x == k && !seen[y] {
                        seen[y] = true;
                        stack.push(y);
                    }
                }
            }
        }
        seen.iter().all(|&s| s)
    }
}

/// The graph of one configuration: the edges inside nodes and those of the rows it uses.
fn restrict(g: &Graph, node_of: &[u32], rows: &[Row], counts: &[usize]) -> Restricted {
    let mut edges: Vec<(u32, u32)> = g
        .edges()
        .filter(|&(a, b)| node_of[a as usize] == node_of[b as usize])
        .collect();
    let mut fixed = Vec::new();
    for (r, &c) in rows.iter().zip(counts) {
        if c > 0 {
            edges.extend_from_slice(&r.edges);
            if c == r.edges.len() {
                fixed.extend_from_slice(&r.edges);
            }
        }
    }
    Restricted {
        graph: Graph::new(g.vertices(), &edges),
        fixed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two triangles hanging on one hub of degree 4 and joined by a bridge: the hub and the two
    /// triangles are the nodes; the configurations are the ones counted by hand.
    #[test]
    fn hub_with_two_triangles_and_a_bridge() {
        // Triangle 1–2–3 and triangle 4–5–6, bridge 3–4, hub 0 joined to 1, 2, 5, 6.
        let edges = [
            (1, 2),
            (2, 3),
            (1, 3),
            (4, 5),
            (5, 6),
            (4, 6),
            (3, 4),
            (0, 1),
            (0, 2),
            (0, 5),
            (0, 6),
        ];
        let g = Graph::new(7, &edges);
        let node_of = nodes(&g, &[0]);
        assert_eq!(node_of[0], 0);
        assert_eq!(node_of[1], node_of[3]);
        assert_eq!(node_of[4], node_of[6]);
        assert_ne!(node_of[1], node_of[4]);
        // The hub takes one edge into each triangle, and the bridge is used: one configuration
        // (two edges into one triangle would leave the other with the bridge alone, odd).
        let got = configurations(&g, 4).unwrap();
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].fixed, [(3, 4)]);
        assert_eq!(got[0].graph.edge_count(), edges.len());
    }
}
