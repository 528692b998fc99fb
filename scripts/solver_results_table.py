#!/usr/bin/env python3
"""The side-by-side table of docs/solver-results.md from the per-puzzle CSV that
scripts/solver-results.sh writes (set,kind,target,solver,name,status,seconds,peak_kb): one row per
set x route x solver with the solved count, the other statuses, median and max seconds and the
median peak memory. Used by that script's page and by notebooks/solvers.ipynb.

    python3 scripts/solver_results_table.py docs/data/solver-results.csv > table.md
"""
import csv
import statistics
import sys
from collections import Counter, OrderedDict

SET_TITLES = {
    "royle17": "9×9 royle17 (17 clues)",
    "norvig_easy50": "9×9 norvig_easy50",
    "norvig_top95": "9×9 norvig_top95 (hard)",
    "forum_hardest_1106": "9×9 forum_hardest_1106 (hardest)",
    "gecode_9x9_18": "9×9 gecode_9x9_18",
    "sudoku16_vu_kr_100": "16×16 sudoku16_vu_kr_100",
    "backtrack-180": "Suguru backtrack-180",
}


def groups(path):
    """(set, kind, target, solver) -> list of rows, in the CSV's order."""
    out = OrderedDict()
    with open(path, encoding="utf-8") as f:
        for r in csv.DictReader(f):
            out.setdefault((r["set"], r["kind"], r["target"], r["solver"]), []).append(r)
    return out


def secs(x):
    """Seconds with three significant decimals down to 0.1 ms (in-process solves take less than 1 ms)."""
    return f"{x:.4f}" if x < 0.01 else f"{x:.3f}"


def table(path):
    lines = []
    current = None
    for (set_, kind, target, solver), rows in groups(path).items():
        if set_ != current:
            current = set_
            lines += [
                "",
                f"**{SET_TITLES.get(set_, set_)}**",
                "",
                "| route | solver | solved | other statuses | seconds median / max | peak KiB median |",
                "|---|---|---:|---|---:|---:|",
            ]
        statuses = Counter(r["status"] for r in rows)
        solved = statuses.pop("solved", 0)
        other = ", ".join(f"{n} {s}" for s, n in sorted(statuses.items())) or "–"
        seconds = [float(r["seconds"]) for r in rows if r["seconds"]]
        peaks = [int(r["peak_kb"]) for r in rows if r["peak_kb"]]
        times = f"{secs(statistics.median(seconds))} / {secs(max(seconds))}" if seconds else "–"
        peak = f"{statistics.median(peaks):,.0f}" if peaks else "–"
        route = target if kind == "external" else f"in-process `--via {target}`"
        name = solver if kind == "external" else "gridreduce"
        lines.append(f"| {route} | {name} | {solved}/{len(rows)} | {other} | {times} | {peak} |")
    return "\n".join(lines).strip() + "\n"


if __name__ == "__main__":
    sys.stdout.write(table(sys.argv[1]))
