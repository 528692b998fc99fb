#!/usr/bin/env python3
"""Draws 36x36 Sudoku with half the cells given (the probe of docs/routes.md, issue 18).

A full grid: `gridreduce solve` of the blank 36x36 grid, then scrambled by moves that keep a grid
valid (relabel the symbols, permute the bands and the rows inside each band, the stacks and the
columns inside each stack, transpose), drawn from a seeded generator; then a random half of the
cells (648 of 1,296) is kept, or the fraction GIVEN of them. Whether such a puzzle is unique is
not checked (`gridreduce count`); drawn from this one scrambled grid they rarely are (all of
docs/routes.md's sweep had two or more solutions, even with 60 % given).

With --unique, the full grid is first mixed (three times: keep a random 40 % of it and solve that
again, so the grid is no longer a relabelling of the one `solve` gives the blank grid), then cells
are removed in a random order while `gridreduce count --limit 2` still finds one solution within
CHECK seconds, until GIVEN of them are left or PATIENCE cells in a row could not go (near the
threshold each failed check can take the whole CHECK seconds). The result depends on the machine's
speed through CHECK.

Usage: scripts/make-sudoku36.py GRIDREDUCE COUNT SEED OUT [GIVEN] [--unique] [--check SECS]
       [--patience K]
"""
import argparse
import random
import subprocess
import sys
import tempfile

N, B = 36, 6


def scramble(grid, rng):
    sym = list(range(1, N + 1))
    rng.shuffle(sym)
    bands = list(range(B))
    rng.shuffle(bands)
    rows = [b * B + r for b in bands for r in rng.sample(range(B), B)]
    stacks = list(range(B))
    rng.shuffle(stacks)
    cols = [s * B + c for s in stacks for c in rng.sample(range(B), B)]
    g = [[sym[grid[r][c] - 1] for c in cols] for r in rows]
    if rng.random() < 0.5:
        g = [list(col) for col in zip(*g)]
    return g


def run_on(gridreduce, cells, command, *options):
    """`gridreduce COMMAND FILE OPTIONS…` on the puzzle `cells` (0 = empty), written to a temp file."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write(" ".join(map(str, cells)) + "\n")
        f.flush()
        return subprocess.run(
            [gridreduce, command, f.name, *options], capture_output=True, text=True
        )


def solve(gridreduce, cells):
    """The solution `gridreduce solve` gives the puzzle `cells`."""
    solved = run_on(gridreduce, cells, "solve")
    solved.check_returncode()
    return list(map(int, solved.stdout.split()))


def unique(gridreduce, cells, check):
    """Whether `gridreduce count --limit 2` proves `cells` unique within `check` seconds."""
    run = run_on(gridreduce, cells, "count", "--limit", "2", "--time-limit", str(check))
    return run.returncode == 0 and run.stdout.split()[-1] == "1"


def make_unique(gridreduce, grid, given, check, patience, rng):
    """Removes cells of the full `grid` in random order while the puzzle stays provably unique."""
    for _ in range(3):
        keep = set(rng.sample(range(N * N), round(N * N * 0.4)))
        grid = solve(gridreduce, [grid[i] if i in keep else 0 for i in range(N * N)])
    cells = grid[:]
    order = list(range(N * N))
    rng.shuffle(order)
    target = round(N * N * given)
    left = N * N
    # Far above the threshold whole chunks go at once (one check each); a chunk that fails is
    # retried one cell at a time, and near the threshold every cell is.
    k, single_until, failed = 0, 0, 0
    while k < len(order) and left > target and failed < patience:
        chunk = 32 if left > 0.75 * N * N and k >= single_until else 1
        step = order[k : k + min(chunk, left - target)]
        for i in step:
            cells[i] = 0
        if unique(gridreduce, cells, check):
            left -= len(step)
            k += len(step)
            failed = 0
        else:
            failed += len(step) == 1
            for i in step:
                cells[i] = grid[i]
            if len(step) > 1:
                single_until = k + len(step)
            else:
                k += 1
    print(f"unique puzzle with {left} of {N * N} given", file=sys.stderr)
    return cells


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("gridreduce")
    parser.add_argument("count", type=int)
    parser.add_argument("seed", type=int)
    parser.add_argument("out")
    parser.add_argument("given", type=float, nargs="?", default=0.5)
    parser.add_argument("--unique", action="store_true")
    parser.add_argument("--check", type=float, default=5.0)
    parser.add_argument("--patience", type=int, default=40)
    a = parser.parse_args()
    rng = random.Random(a.seed)
    base_cells = solve(a.gridreduce, [0] * (N * N))
    base = [base_cells[r * N : (r + 1) * N] for r in range(N)]
    with open(a.out, "w") as f:
        for _ in range(a.count):
            grid = [x for row in scramble(base, rng) for x in row]
            if a.unique:
                cells = make_unique(a.gridreduce, grid, a.given, a.check, a.patience, rng)
            else:
                keep = set(rng.sample(range(N * N), round(N * N * a.given)))
                cells = [grid[i] if i in keep else 0 for i in range(N * N)]
            f.write(" ".join(map(str, cells)) + "\n")
            f.flush()


if __name__ == "__main__":
    main()
