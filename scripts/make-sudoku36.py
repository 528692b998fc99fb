#!/usr/bin/env python3
"""Draws 36x36 Sudoku with half the cells given (the probe of docs/routes.md, issue 18).

A full grid: `gridreduce solve` of the blank 36x36 grid, then scrambled by moves that keep a grid
valid (relabel the symbols, permute the bands and the rows inside each band, the stacks and the
columns inside each stack, transpose), drawn from a seeded generator; then a random half of the
cells (648 of 1,296) is kept. Whether a puzzle is unique is not checked here (`gridreduce count`).

Usage: scripts/make-sudoku36.py GRIDREDUCE COUNT SEED OUT
"""
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


def main():
    gridreduce, count, seed, out = sys.argv[1:]
    rng = random.Random(int(seed))
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(" ".join(["0"] * (N * N)) + "\n")
        blank = f.name
    solved = subprocess.run([gridreduce, "solve", blank], capture_output=True, text=True, check=True)
    full = list(map(int, solved.stdout.split()))
    base = [full[r * N:(r + 1) * N] for r in range(N)]
    with open(out, "w") as f:
        for _ in range(int(count)):
            grid = [x for row in scramble(base, rng) for x in row]
            keep = set(rng.sample(range(N * N), N * N // 2))
            f.write(" ".join(str(grid[i]) if i in keep else "0" for i in range(N * N)) + "\n")


if __name__ == "__main__":
    main()
