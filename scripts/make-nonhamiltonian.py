#!/usr/bin/env python3
"""Writes the non-Hamiltonian graphs of data/hcp/nonhamiltonian/ as TSPLIB HCP files.

* Generalised Petersen graphs GP(n, 2) for n = 5 (the Petersen graph), 11, 17, 23, 29, 59:
  non-Hamiltonian exactly when n = 5 (mod 6) (Alspach, "The classification of Hamiltonian
  generalized Petersen graphs", J. Combin. Theory B 34 (1983)). Vertices 1..n the outer cycle,
  n+1..2n the inner star polygon, spokes i -- n+i.
* The Herschel graph (11 vertices, 18 edges): bipartite with parts of 5 and 6 vertices, so no
  cycle through all 11; the edge list is the one of SageMath's graphs.HerschelGraph().

  scripts/make-nonhamiltonian.py data/hcp/nonhamiltonian
"""
import pathlib
import sys


def write(path, name, comment, n, edges):
    lines = [f"NAME : {name}", f"COMMENT : {comment}", "TYPE : HCP", f"DIMENSION : {n}",
             "EDGE_DATA_FORMAT : EDGE_LIST", "EDGE_DATA_SECTION"]
    lines += [f"{a} {b}" for a, b in edges]
    lines += ["-1", "EOF", ""]
    path.write_text("\n".join(lines))


def gp(n, k):
    edges = []
    for i in range(n):
        edges.append((i + 1, (i + 1) % n + 1))
        edges.append((i + 1, n + i + 1))
        edges.append((n + i + 1, n + (i + k) % n + 1))
    return sorted(tuple(sorted(e)) for e in edges)


HERSCHEL = {0: [1, 3, 4], 1: [2, 5, 6], 2: [3, 7], 3: [8, 9], 4: [5, 9], 5: [10], 6: [7, 10],
            7: [8], 8: [10], 9: [10]}

out = pathlib.Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
for n in (5, 11, 17, 23, 29, 59):
    name = "petersen" if n == 5 else f"gp-{n}-2"
    write(out / f"{name}.hcp", name,
          f"generalised Petersen graph GP({n},2), non-Hamiltonian (n = 5 mod 6, Alspach 1983)",
          2 * n, gp(n, 2))
write(out / "herschel.hcp", "herschel",
      "Herschel graph: bipartite 5 + 6, non-Hamiltonian", 11,
      sorted((a + 1, b + 1) for a, bs in HERSCHEL.items() for b in bs))
