#!/usr/bin/env python3
"""Makes the unsolvable Sudoku sets of data/sudoku/unsolvable/ from unique puzzles and their
solutions: each puzzle gets one extra given, in its first empty cell (row-major) that can take a
value other than its solution's without clashing with a given of its row, column or box; the
value is the smallest such one. The original has exactly one solution, which the extra given
contradicts, so the result has none, yet no rule is broken by the givens alone.

Deterministic (no randomness):
  scripts/make-unsolvable.py data/sudoku/norvig_top95.txt 95 > data/sudoku/unsolvable/norvig_top95_contradicted.txt
  scripts/make-unsolvable.py data/sudoku/sudoku4_vu_kr_100.txt 20 > data/sudoku/unsolvable/sudoku4_vu_kr_contradicted.txt
"""
import math
import pathlib
import sys


def cells_of(line, n):
    if n == 9 and len(line) == 81 and " " not in line:
        return [0 if c == "." else int(c) for c in line], "line"
    return [int(t) for t in line.split()], "numeric"


def main():
    path = pathlib.Path(sys.argv[1])
    count = int(sys.argv[2])
    sols = path.parent / "solutions" / f"{path.stem}.solutions.txt"
    puzzles = path.read_text().split("\n")[:count]
    solutions = sols.read_text().split("\n")[:count]
    for line, sol in zip(puzzles, solutions):
        n = 9 if len(line) == 81 and " " not in line else int(math.isqrt(len(line.split())))
        cells, style = cells_of(line, n)
        solution, _ = cells_of(sol, n)
        b = math.isqrt(n)
        done = False
        for c in range(n * n):
            if cells[c] or done:
                continue
            r, k = divmod(c, n)
            seen = {cells[r * n + j] for j in range(n)} | {cells[i * n + k] for i in range(n)}
            br, bk = r // b * b, k // b * b
            seen |= {cells[(br + i) * n + bk + j] for i in range(b) for j in range(b)}
            for v in range(1, n + 1):
                if v != solution[c] and v not in seen:
                    cells[c] = v
                    done = True
                    break
        assert done, line
        if style == "line":
            print("".join("." if v == 0 else str(v) for v in cells))
        else:
            print(" ".join(str(v) for v in cells))


main()
