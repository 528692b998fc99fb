"""gridreduce in Python: Sudoku and Suguru puzzles reduced to Hamiltonian cycle, CNF, ILP, MiniZinc,
OPB, exact cover and QUBO instances, as networkx, PySAT and dimod objects.

A thin layer over the Rust library (the native module ``gridreduce._native``): the targets and
their parameters come from the same route registry as the CLI's ``reduce --to`` flags and the
pipeline files' keys, the files from the same writers, the errors carry the CLI's one-line
messages. This file only turns the text the library writes into Python objects (networkx,
PySAT, dimod, pandas), each imported when first used.

    import gridreduce
    p = gridreduce.read_one("data/sudoku/royle17.txt", 1)
    r = gridreduce.reduce(p, to="hcp", stage="reduced")
    g = r.to_networkx()                       # networkx.Graph, vertices 1..n as in r.text()
    cnf = gridreduce.reduce(p, to="cnf").to_pysat()
"""

from __future__ import annotations

import json
import os
from typing import Any, Iterable, Sequence

from . import _native
from ._native import (
    CertificateError,
    ConstructionError,
    Grid,
    GridreduceError,
    InputError,
    Puzzle,
    Reduction,
    TimeLimitError,
    UnsolvableError,
    UsageError,
    blank,
    check_proof,
    decode,
    parse,
    read,
    read_one,
)

__version__ = _native.__version__

__all__ = [
    "CertificateError",
    "ConstructionError",
    "Grid",
    "GridreduceError",
    "InputError",
    "Puzzle",
    "Reduction",
    "StatsTable",
    "TimeLimitError",
    "UnsolvableError",
    "UsageError",
    "blank",
    "check_proof",
    "count_all",
    "decode",
    "parse",
    "read",
    "read_one",
    "reduce",
    "routes",
    "solve_all",
    "stats",
]


def reduce(puzzle: Puzzle, to: str, **params: Any) -> Reduction:
    """Reduces ``puzzle`` to the target ``to`` with the parameters of ``gridreduce reduce --to TO``
    as keyword arguments (``stage="reduced"``, ``encoding="minimal"``, ``keep_clue_arcs=True``).
    Raises UsageError for an unknown target or parameter, or a value it does not take, with the
    registry's message."""
    return _native.reduce(puzzle, to, **params)


def routes() -> list[dict]:
    """Every target: its name, one line about it and its parameters (keyword names)."""
    return [{"name": n, "about": a, "params": p} for n, a, p in _native.routes()]


def solve_all(
    puzzles: Sequence[Puzzle], via: str = "auto", time_limit: float | None = None, jobs: int = 0
) -> list[Grid | None]:
    """One solution per puzzle (None when it has none), solved on ``jobs`` threads (0: every core),
    in input order, as ``gridreduce solve`` does for a file."""
    found = _native.solve_many(list(puzzles), via=via, limit=1, time_limit=time_limit, jobs=jobs)
    return [grids[0] if grids else None for grids in found]


def count_all(
    puzzles: Sequence[Puzzle],
    limit: int = 2,
    via: str = "auto",
    time_limit: float | None = None,
    jobs: int = 0,
) -> list[int]:
    """The number of solutions of every puzzle up to ``limit``, on every core, in input order."""
    found = _native.solve_many(
        list(puzzles), via=via, limit=limit, time_limit=time_limit, jobs=jobs
    )
    return [len(grids) for grids in found]


class StatsTable(list):
    """The rows of :func:`stats`: a list of dicts, column -> value (int, bool, or None for an
    empty cell), in the CLI's column order."""

    def columns(self) -> list[str]:
        return list(self[0]) if self else []

    def to_pandas(self):
        """The rows as a pandas DataFrame (needs pandas)."""
        import pandas

        return pandas.DataFrame(list(self), columns=self.columns())


def _cell(text: str) -> Any:
    """A stats value as Python: the CSV's text, typed."""
    if text == "":
        return None
    if text in ("true", "false"):
        return text == "true"
    try:
        return int(text)
    except ValueError:
        return text


def stats(
    source: str | os.PathLike | Iterable[Puzzle] | None = None,
    *,
    blank: Iterable[int] | None = None,
    only: Iterable[str] | None = None,
    **params: str | Sequence[str],
) -> StatsTable:
    """Size statistics, one row per puzzle, the columns of ``gridreduce stats --csv``: ``source``
    is a puzzle file or a list of Puzzles, or ``blank=[4, 9, 16]`` names blank Sudoku grids;
    ``only`` chooses routes; a parameter given as a list (``encoding=["minimal", "extended"]``)
    gives one group of columns per value. Computed on every core."""
    if (source is None) == (blank is None):
        raise UsageError("give either a puzzle file (or puzzles), or blank=[N, ...]")
    if blank is not None:
        puzzles = [_native.blank(n) for n in blank]
    elif isinstance(source, (str, os.PathLike)):
        puzzles = read(source)
    else:
        puzzles = list(source)
    given = [
        (key, [value] if isinstance(value, str) else [str(v) for v in value])
        for key, value in params.items()
    ]
    rows = _native.stats_rows(puzzles, list(only or []), given)
    return StatsTable({k: _cell(v) for k, v in row} for row in rows)


# --- conversions of a Reduction into the objects of Python's own tools ---------------------------


def _to_networkx(self: Reduction):
    """The graph of an ``hcp`` reduction as a networkx ``Graph`` (``DiGraph`` for the directed
    stage), vertices numbered from 1 exactly as in the exported file (``text()``/``write``)."""
    import networkx

    directed, n, edges = self.graph()
    g = networkx.DiGraph() if directed else networkx.Graph()
    g.add_nodes_from(range(1, n + 1))
    g.add_edges_from(edges)
    return g


def _to_pysat(self: Reduction):
    """The CNF of a ``cnf`` reduction as ``pysat.formula.CNF`` (the DIMACS text of ``write``)."""
    from pysat.formula import CNF

    return CNF(from_string=self.to_dimacs())


def _to_bqm(self: Reduction):
    """The QUBO of a ``qubo`` reduction as a ``dimod.BinaryQuadraticModel`` (variables 0..n-1)."""
    import dimod

    if self.to != "qubo":
        raise UsageError(f"to_bqm() is for the qubo target, not {self.to}")
    return dimod.BinaryQuadraticModel.from_serializable(json.loads(self._text_in("json")))


def _text_in(self: Reduction, fmt: str) -> str:
    """The instance text, refusing a reduction whose file format is another one."""
    if self.file_format[0] != fmt:
        raise UsageError(
            f"this {self.to} reduction is written as {self.file_format[0]}, not {fmt}"
        )
    return self.text()


def _to_dimacs(self: Reduction) -> str:
    """The DIMACS CNF text of a ``cnf`` reduction (the file ``write`` writes)."""
    if self.to != "cnf":
        raise UsageError(f"to_dimacs() is for the cnf target, not {self.to}")
    return self.text()


def _to_lp(self: Reduction) -> str:
    """The CPLEX LP text of an ``lp`` reduction (the file ``write`` writes)."""
    if self.to != "lp":
        raise UsageError(f"to_lp() is for the lp target, not {self.to}")
    return self.text()


def _certificate_text(self: Reduction, certificate: Any) -> tuple[str, str | None, int | None]:
    """A certificate from a Python tool as the answer text the route decodes: a PySAT model (list
    of signed ints) as DIMACS ``v`` lines, a vertex list (a networkx cycle) as a permutation of
    1-based vertices, a dimod sample (mapping, SampleView or SampleSet) as 0/1 values."""
    if isinstance(certificate, str):
        return certificate, None, None
    if self.to == "qubo":
        sample = getattr(certificate, "first", None)
        sample = sample.sample if sample is not None else certificate
        n = len(sample)
        try:
            bits = [1 if sample[v] > 0 else 0 for v in range(n)]
        except KeyError as missing:
            raise CertificateError(f"the sample has no variable {missing}") from None
        return " ".join(map(str, bits)) + "\n", "bits", None
    values = [int(v) for v in certificate]
    if self.to == "cnf":
        return "s SATISFIABLE\nv " + " ".join(map(str, values)) + " 0\n", None, None
    if self.to == "hcp":
        if len(values) > 1 and values[0] == values[-1]:
            values = values[:-1]  # a closed walk lists its first vertex again
        return " ".join(map(str, values)) + "\n", "perm", 1
    return " ".join(map(str, values)) + "\n", None, None


def _extract(self: Reduction, certificate: Any) -> Grid:
    """The grid a certificate stands for, checked: a PySAT model (``solver.get_model()``) for
    ``cnf``, a Hamiltonian cycle as a vertex list (``networkx`` numbering, from 1) for ``hcp``, a
    dimod sample or SampleSet for ``qubo``, or any answer text ``decode`` reads. Raises
    CertificateError when it is not a certificate of this instance."""
    text, fmt, base = _certificate_text(self, certificate)
    return self.extract_text(text, fmt, base)


Reduction.to_networkx = _to_networkx
Reduction.to_pysat = _to_pysat
Reduction.to_bqm = _to_bqm
Reduction.to_dimacs = _to_dimacs
Reduction.to_lp = _to_lp
Reduction.extract = _extract
Reduction._text_in = _text_in


def _show(self: Puzzle, grid: Any = None) -> None:
    """Prints the drawing ``gridreduce show`` prints (the givens, or ``grid``)."""
    print(self.drawing(grid), end="")


Puzzle.show = _show
