#!/usr/bin/env python3
"""Makes the 36x36 Sudoku sets of data/sudoku/ (issue 18): about half the cells given.

A full grid: `gridreduce solve` of the blank 36x36 grid, then scrambled by the moves that keep a
grid valid (relabel the symbols, permute the bands and the rows inside each band, the stacks and
the columns inside each stack, transpose), drawn from a seeded generator. Then:

* `several`: a random half of the cells (648 of 1,296) kept; `gridreduce count --limit 2` must
  answer 2+ (the half that was drawn is drawn again otherwise).
* `unique`: a random half kept, then while `gridreduce count --limit 2` finds two solutions one
  cell where they differ gets its value from the full grid, until the puzzle is unique.

Usage: scripts/make-sudoku36.py GRIDREDUCE COUNT SEED OUT_SEVERAL OUT_UNIQUE
"""
import json
import random
import subprocess
import sys

N, B = 36, 6


def run(gridreduce, args, stdin=None):
    out = subprocess.run([gridreduce, *args], input=stdin, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"gridreduce {' '.join(args)} failed: {out.stderr}")
    return out.stdout


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


def count2(gridreduce, puzzle):
    """The puzzle's solutions, up to two, by `gridreduce solve`/`count`."""
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(" ".join(map(str, puzzle)) + "\n")
        path = f.name
    n = json.loads(run(gridreduce, ["count", path, "--limit", "2", "--json"]))["count"]
    return n


def main():
    gridreduce, count, seed, out_several, out_unique = sys.argv[1:]
    rng = random.Random(int(seed))
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(" ".join(["0"] * (N * N)) + "\n")
        blank = f.name
    full = list(map(int, run(gridreduce, ["solve", blank]).split()))
    base = [full[r * N:(r + 1) * N] for r in range(N)]
    several, unique = [], []
    while len(several) < int(count) or len(unique) < int(count):
        grid = [x for row in scramble(base, rng) for x in row]
        keep = set(rng.sample(range(N * N), N * N // 2))
        puzzle = [grid[i] if i in keep else 0 for i in range(N * N)]
        if count2(gridreduce, puzzle) >= 2:
            if len(several) < int(count):
                several.append(list(puzzle))
            # Add a cell where two solutions differ until unique.
            while True:
                with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
                    f.write(" ".join(map(str, puzzle)) + "\n")
                    path = f.name
                if count2(gridreduce, puzzle) < 2:
                    break
                out = run(gridreduce, ["solve", path, "--via", "sat"])
                sols = [list(map(int, out.split()))]
                # A cell that the first solution fills differently from the full grid, or any
                # open cell when it equals the full grid.
                diff = [i for i in range(N * N) if puzzle[i] == 0 and sols[0][i] != grid[i]]
                if not diff:
                    diff = [i for i in range(N * N) if puzzle[i] == 0]
                i = rng.choice(diff)
                puzzle[i] = grid[i]
            if len(unique) < int(count):
                unique.append(puzzle)
        elif len(unique) < int(count):
            unique.append(puzzle)
    for path, puzzles in ((out_several, several), (out_unique, unique)):
        with open(path, "w") as f:
            for p in puzzles:
                f.write(" ".join(map(str, p)) + "\n")


if __name__ == "__main__":
    main()
