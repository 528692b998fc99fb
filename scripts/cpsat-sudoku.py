#!/usr/bin/env python3
"""Solves Sudoku with OR-tools CP-SAT, the peer of docs/routes.md's 36x36 comparison (issue 18).

CP-SAT is a lazy-clause-generation solver: matching-based `alldifferent` propagation and clause
learning in one, so it is the natural third opinion next to CaDiCaL/kissat (clauses only) and
Gecode (propagation only). The model is the textbook one: a variable 1..N per cell, the givens
fixed, one AddAllDifferent per row, column and box. Square boxes only (N a perfect square: 9, 16,
25, 36, ...); the puzzle format is gridreduce's whitespace-separated one, a puzzle per line.

Prints one CSV line per puzzle: index,status,seconds (wall, model building excluded; status is
CP-SAT's, OPTIMAL meaning solved, UNKNOWN not within the limit). Needs `pip install ortools`.

Usage: scripts/cpsat-sudoku.py FILE [--index K] [--workers W] [--time-limit SECS]
"""
import argparse
import math
import sys
import time

from ortools.sat.python import cp_model


def solve(values, workers, limit):
    n = math.isqrt(len(values))
    box = math.isqrt(n)
    if n * n != len(values) or box * box != n:
        raise ValueError(f"{len(values)} cells is not an N x N grid with square boxes")
    model = cp_model.CpModel()
    cell = [
        [
            model.NewConstant(values[r * n + c]) if values[r * n + c] else model.NewIntVar(1, n, f"x{r}_{c}")
            for c in range(n)
        ]
        for r in range(n)
    ]
    for i in range(n):
        model.AddAllDifferent(cell[i])
        model.AddAllDifferent([cell[r][i] for r in range(n)])
        top, left = i // box * box, i % box * box
        model.AddAllDifferent([cell[r][c] for r in range(top, top + box) for c in range(left, left + box)])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = limit
    start = time.monotonic()
    status = solver.Solve(model)
    return solver.StatusName(status), time.monotonic() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--index", type=int, help="1-based puzzle number (default: all)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--time-limit", type=float, default=20.0)
    args = parser.parse_args()
    with open(args.file) as f:
        puzzles = [line for line in f if line.strip() and not line.startswith("#")]
    picked = range(1, len(puzzles) + 1) if args.index is None else [args.index]
    print("index,status,seconds")
    for k in picked:
        if not 1 <= k <= len(puzzles):
            sys.exit(f"{args.file}: no puzzle {k} (it has {len(puzzles)})")
        try:
            values = [int(v) for v in puzzles[k - 1].split()]
            status, seconds = solve(values, args.workers, args.time_limit)
        except ValueError as e:
            sys.exit(f"{args.file}:{k}: {e}")
        print(f"{k},{status},{seconds:.2f}", flush=True)


if __name__ == "__main__":
    main()
