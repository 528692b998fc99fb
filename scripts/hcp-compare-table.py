#!/usr/bin/env python3
"""Renders scripts/hcp-compare.sh's CSV as docs/hcp-solver.md's comparison table.

One Markdown row per graph, in the CSV's order: vertices, edges, then each solver's median wall
time (ours with the step that answered) or why it gave no answer; the fastest answer in bold (all
of them when the medians tie as shown). Times under 10 ms are shown to a tenth of a millisecond
when the CSV has that digit (scripts/hcp-compare.sh writes it; rows measured before 2026-12-05
have milliseconds), longer ones to the millisecond. On stderr, the wins per solver and the
ties, the figures the text under the table quotes.

With --summary LIMIT it prints instead, per solver, the graphs answered and the PAR-2 score at
that time limit (the mean of the run times, a graph not answered counting twice the limit: the
score of the SAT competitions), over the graphs where the solver ran.

Usage: scripts/hcp-compare-table.py [CSV]                  (default docs/data/hcp-compare.csv)
       scripts/hcp-compare-table.py --summary LIMIT [CSV]  (LIMIT: the run's LIMIT, in seconds)
"""
import csv
import sys

SOLVERS = ["gridreduce", "lkh3-elkai", "linkern"]
STEPS = {
    "branching with restarts": "branching",
    "exact SAT model": "exact",
    "folded clusters and the exact SAT model": "folded, exact",
    "hub configurations and branching": "hubs",
    "proved no cycle": "proved none",
    "rotation-extension heuristic": "heuristic",
    "splitting along small cuts": "split",
}
NAMES = {"G_1000_0.1": "G(1000, 0.1)", "K_250_251": "K_{250,251} (no cycle)"}


def display(graph):
    if graph.startswith("graph"):
        return "FHCP " + graph
    if graph.startswith("alb"):
        return "TSPLIB " + graph
    return NAMES.get(graph, graph)


def shown_digits(text, seconds):
    """Decimals to show: the CSV's own (never more than it measured), 4 at most, 3 from 10 ms on."""
    written = len(text.split(".", 1)[1]) if "." in text else 0
    return min(written, 4 if seconds < 0.01 else 3)


def summary(graphs, limit):
    """Solved count and PAR-2 per solver; an answer slower than the limit counts as none."""
    print("| solver | graphs | answered | PAR-2 (s) |")
    print("|---|---:|---:|---:|")
    for solver in SOLVERS:
        rows = [g[solver] for g in graphs.values() if solver in g and g[solver]["status"] != "absent"]
        if not rows:
            continue
        times = [
            float(r["median_s"]) if r["status"] in ("ok", "none") and float(r["median_s"]) <= limit else 2 * limit
            for r in rows
        ]
        answered = sum(t <= limit for t in times)
        print(f"| {solver} | {len(rows)} | {answered} | {sum(times) / len(times):.2f} |")


def main():
    args = sys.argv[1:]
    limit = None
    if args[:1] == ["--summary"]:
        if len(args) < 2:
            sys.exit("hcp-compare-table: --summary needs the time limit in seconds")
        limit = float(args[1])
        args = args[2:]
    path = args[0] if args else "docs/data/hcp-compare.csv"
    graphs = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            graphs.setdefault(row["graph"], {})[row["solver"]] = row
    if limit is not None:
        summary(graphs, limit)
        return
    wins = dict.fromkeys(SOLVERS + ["tie"], 0)
    for graph, by_solver in graphs.items():
        first = next(iter(by_solver.values()))
        cells, times = {}, {}
        for solver in SOLVERS:
            row = by_solver.get(solver)
            if row is None:
                cells[solver] = "—"
            elif row["status"] in ("ok", "none"):
                seconds = float(row["median_s"])
                digits = shown_digits(row["median_s"], seconds)
                times[solver] = round(seconds, digits)
                step = f" ({STEPS.get(row['note'], row['note'])})" if solver == "gridreduce" else ""
                cells[solver] = f"{seconds:.{digits}f} s{step}"
            else:
                cells[solver] = row["note"]
        if times:
            best = min(times.values())
            fastest = [s for s in times if times[s] == best]
            for solver in fastest:
                cells[solver] = f"**{cells[solver]}**"
            wins[fastest[0] if len(fastest) == 1 else "tie"] += 1
        n, m = int(first["vertices"]), int(first["edges"])
        print(f"| {display(graph)} | {n:,} | {m:,} | " + " | ".join(cells[s] for s in SOLVERS) + " |")
    print(", ".join(f"{k}: {v}" for k, v in wins.items()), file=sys.stderr)


if __name__ == "__main__":
    main()
