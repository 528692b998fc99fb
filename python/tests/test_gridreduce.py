"""The package against the CLI and against the Python tools it hands objects to: networkx graphs
equal to the CLI's exported files, PySAT's CaDiCaL models and dimod samples extracted back to the
known solutions, errors as exceptions with the CLI's messages, a shipped collection through
read + stats."""

import csv

import dimod
import networkx as nx
import pytest
from pysat.formula import CNF
from pysat.solvers import Solver

import gridreduce


def tsplib_graph(path):
    """A TSPLIB HCP file as a networkx Graph, read here independently of the package."""
    g = nx.Graph()
    lines = iter(path.read_text().splitlines())
    for line in lines:
        if line.startswith("DIMENSION"):
            g.add_nodes_from(range(1, int(line.split(":")[1]) + 1))
        if line.strip() == "EDGE_DATA_SECTION":
            break
    for line in lines:
        if line.strip() in ("-1", "EOF"):
            break
        u, v = map(int, line.split())
        g.add_edge(u, v)
    return g


def arcs_graph(path):
    """An arc-list file (`n m`, then `u v` 1-based) as a networkx DiGraph."""
    rows = [line.split() for line in path.read_text().splitlines() if line.strip()]
    g = nx.DiGraph()
    g.add_nodes_from(range(1, int(rows[0][0]) + 1))
    g.add_edges_from((int(u), int(v)) for u, v in rows[1:])
    return g


def lkh_tour(text):
    """The vertices of an LKH TOUR file."""
    numbers = text.split("TOUR_SECTION", 1)[1].split()
    return [int(v) for v in numbers[: numbers.index("-1")]]


def test_read_gives_the_collection_with_its_solutions(data):
    puzzles = gridreduce.read(data / "sudoku" / "sudoku4_vu_kr_100.txt")
    assert len(puzzles) == 100
    p = puzzles[0]
    assert (p.kind, p.size, p.size_label, p.name, p.index) == (
        "sudoku",
        (4, 4),
        "4",
        "sudoku4_vu_kr_100#1",
        1,
    )
    assert p.clues == sum(v != 0 for v in p.givens.cells)
    assert p.solution is not None and p.verify(p.solution) == []
    suguru = gridreduce.read(data / "suguru" / "backtrack-180.txt", index=19)
    assert [s.kind for s in suguru] == ["suguru"]


def test_read_one_is_the_puzzle_read_gives_at_that_index(data):
    path = data / "suguru" / "backtrack-180.txt"
    one = gridreduce.read_one(path, 19)
    [same] = gridreduce.read(path, index=19)
    assert (one.name, one.index, one.text) == (same.name, same.index, same.text)
    assert gridreduce.read_one(path).index == 1
    with pytest.raises(gridreduce.InputError):
        gridreduce.read_one(path, 181)


def test_parse_reads_text_as_a_file(data):
    line = (data / "sudoku" / "norvig_top95.txt").read_text().splitlines()[0]
    [p] = gridreduce.parse(line + "\n")
    assert p.text == line.split("#")[0].strip()
    assert p.size == (9, 9)


def test_solve_prints_like_the_cli_and_verifies(cli, data):
    path = data / "sudoku" / "norvig_top95.txt"
    [p] = gridreduce.read(path, index=1)
    grid = p.solve()
    code, out, _ = cli("solve", path, "--index", 1)
    assert code == 0
    assert str(grid) == out.strip()
    assert grid == p.solution
    assert p.verify(grid) == []
    assert len(grid.rows) == 9 and grid[0] == grid.rows[0] and grid.rows[8][8] == grid.cells[80]
    broken = grid.rows
    broken[0][0], broken[0][1] = broken[0][1], broken[0][0]
    assert p.verify(broken)  # two cells swapped break their columns and maybe blocks


def test_count_and_batch_solving(data):
    puzzles = gridreduce.read(data / "sudoku" / "nonunique" / "serg_benchmark.txt")[:4]
    assert [p.count(limit=2) for p in puzzles] == gridreduce.count_all(puzzles, limit=2)
    some = gridreduce.read(data / "sudoku" / "sudoku4_vu_kr_100.txt")[:20]
    assert gridreduce.solve_all(some, via="sat") == [p.solution for p in some]


@pytest.mark.parametrize(
    "collection, index",
    # royle17 #1 is the README's example (the reducer leaves a triangle); top95 #1 leaves 6,633
    # vertices.
    [("royle17.txt", 1), ("norvig_top95.txt", 1)],
)
def test_reduced_hcp_graph_equals_the_cli_export(cli, data, tmp_path, collection, index):
    """Done when: reduce(p, to="hcp", stage="reduced").to_networkx() has exactly the vertices and
    edges of the CLI's export of that puzzle."""
    path = data / "sudoku" / collection
    [p] = gridreduce.read(path, index=index)
    r = gridreduce.reduce(p, to="hcp", stage="reduced")
    g = r.to_networkx()
    code, _, err = cli("reduce", path, "--index", index, "--to", "hcp", "--stage", "reduced",
                       "-o", tmp_path / "r")
    assert code == 0, err
    exported = tsplib_graph(tmp_path / "r.hcp")
    assert isinstance(g, nx.Graph) and not g.is_directed()
    assert g.number_of_nodes() == r.sizes()["vertices"] == exported.number_of_nodes()
    assert set(g.nodes) == set(exported.nodes)
    assert {frozenset(e) for e in g.edges} == {frozenset(e) for e in exported.edges}


def test_directed_stage_is_a_digraph_equal_to_the_cli_arcs(cli, data, tmp_path):
    path = data / "suguru" / "backtrack-180.txt"
    [p] = gridreduce.read(path, index=19)
    g = gridreduce.reduce(p, to="hcp", stage="directed").to_networkx()
    code, _, err = cli("reduce", path, "--index", 19, "--to", "hcp", "--stage", "directed",
                       "-o", tmp_path / "d19")
    assert code == 0, err
    exported = arcs_graph(tmp_path / "d19.arcs")
    assert g.is_directed()
    assert set(g.nodes) == set(exported.nodes) and set(g.edges) == set(exported.edges)


def test_write_gives_the_files_of_reduce(cli, data, tmp_path):
    path = data / "suguru" / "backtrack-180.txt"
    [p] = gridreduce.read(path, index=19)
    r = gridreduce.reduce(p, to="hcp", witness=True)
    written = r.write(tmp_path / "py")
    code, _, err = cli("reduce", path, "--index", 19, "--to", "hcp", "--witness",
                       "-o", tmp_path / "cli")
    assert code == 0, err
    assert [w.name for w in written] == ["py.hcp", "py.tour", "py.map"]
    for ext in ("hcp", "tour"):
        assert (tmp_path / f"py.{ext}").read_bytes() == (tmp_path / f"cli.{ext}").read_bytes()
    py_map = (tmp_path / "py.map").read_text().replace("py.hcp", "cli.hcp")
    assert py_map == (tmp_path / "cli.map").read_text()
    assert r.text() == (tmp_path / "cli.hcp").read_text()
    # The CLI decodes what the package wrote, and the package what the CLI wrote.
    code, out, _ = cli("decode", tmp_path / "py.map", tmp_path / "py.tour")
    assert code == 0 and out.strip() == str(p.solution)
    assert gridreduce.decode(tmp_path / "cli.map", tmp_path / "cli.tour") == p.solution
    assert r.decode(tmp_path / "cli.tour") == p.solution


def test_networkx_cycle_extracts_to_the_solution(data):
    [p] = gridreduce.read(data / "sudoku" / "sudoku4_vu_kr_100.txt", index=3)
    r = gridreduce.reduce(p, to="hcp", stage="contracted", trim=True)
    g = r.to_networkx()
    cycle = lkh_tour(r.witness(p.solution))
    assert sorted(cycle) == sorted(g.nodes)
    assert all(g.has_edge(u, v) for u, v in zip(cycle, cycle[1:] + cycle[:1]))
    assert r.extract(cycle) == p.solution
    assert r.extract(cycle + cycle[:1]) == p.solution  # a closed walk, as networkx may give it
    swapped = cycle[:]
    swapped[1], swapped[5] = swapped[5], swapped[1]  # every vertex once, but not along edges
    assert not all(g.has_edge(u, v) for u, v in zip(swapped, swapped[1:] + swapped[:1]))
    with pytest.raises(gridreduce.CertificateError):
        r.extract(swapped)
    with pytest.raises(gridreduce.InputError, match=f"vertex {cycle[0]} is missing"):
        r.extract(cycle[1:])  # not even a tour of the graph's vertices


def test_pysat_cadical_model_extracts_to_the_known_solution(data):
    """Done when: a CNF from to_pysat() solved by PySAT's CaDiCaL extracts to the known solution."""
    [p] = gridreduce.read(data / "sudoku" / "norvig_top95.txt", index=1)
    r = gridreduce.reduce(p, to="cnf")
    cnf = r.to_pysat()
    assert isinstance(cnf, CNF)
    assert (cnf.nv, len(cnf.clauses)) == (r.sizes()["variables"], r.sizes()["clauses"])
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        assert solver.solve()
        model = solver.get_model()
    assert r.extract(model) == p.solution
    with pytest.raises(gridreduce.CertificateError):
        r.extract([-v for v in range(1, cnf.nv + 1)])


def test_dimod_samples_extract_to_the_solution(data):
    solution = gridreduce.read(data / "sudoku" / "sudoku4_vu_kr_100.txt", index=1)[0].solution
    # One blank cell leaves a QUBO small enough for dimod's exhaustive solver (2^19 states).
    cells = solution.cells
    line = "".join("." if k == 0 else str(v) for k, v in enumerate(cells))
    [p] = gridreduce.parse(line)
    r = gridreduce.reduce(p, to="qubo")
    bqm = r.to_bqm()
    assert isinstance(bqm, dimod.BinaryQuadraticModel)
    assert bqm.num_variables == r.sizes()["variables"] <= 20
    best = dimod.ExactSolver().sample(bqm)
    assert best.first.energy == 0
    assert r.extract(best) == solution
    assert r.extract(best.first.sample) == solution
    bits = [int(b) for b in r.witness(solution).split()]
    assert bqm.energy(dict(enumerate(bits))) == 0
    flipped = dict(enumerate(bits))
    flipped[0] = 1 - flipped[0]
    with pytest.raises(gridreduce.CertificateError):
        r.extract(flipped)


def test_dimacs_and_lp_text_are_the_exported_files(cli, data, tmp_path):
    path = data / "sudoku" / "sudoku4_vu_kr_100.txt"
    [p] = gridreduce.read(path, index=2)
    for to, ext, text in (("cnf", "cnf", "to_dimacs"), ("lp", "lp", "to_lp")):
        code, _, err = cli("reduce", path, "--index", 2, "--to", to, "-o", tmp_path / to)
        assert code == 0, err
        assert getattr(gridreduce.reduce(p, to=to), text)() == (tmp_path / f"{to}.{ext}").read_text()
    with pytest.raises(gridreduce.UsageError):
        gridreduce.reduce(p, to="lp").to_dimacs()


def test_sizes_stages_and_parameters(data):
    [p] = gridreduce.read(data / "sudoku" / "sudoku4_vu_kr_100.txt", index=1)
    r = gridreduce.reduce(p, to="cnf", encoding="minimal")
    assert ("encoding", "minimal") in r.params
    assert r.sizes()["variables"] > 0
    stages = gridreduce.reduce(p, to="hcp", stage="reduced").stages()
    assert [name for name, _ in stages][0] == "layered"
    assert all(isinstance(sizes, dict) for _, sizes in stages)
    names = [route["name"] for route in gridreduce.routes()]
    assert names[:3] == ["hcp", "cnf", "lp"] and "qubo" in names
    assert "keep_clue_arcs" in gridreduce.routes()[0]["params"]


def test_errors_are_exceptions_with_the_cli_message(cli, data, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("123\n")
    with pytest.raises(gridreduce.InputError) as raised:
        gridreduce.read(bad)
    code, _, err = cli("show", bad)
    assert code == 2
    assert err.strip() == f"gridreduce: {raised.value}"
    assert str(raised.value).startswith(f"{bad}:1")
    [p] = gridreduce.read(data / "sudoku" / "sudoku4_vu_kr_100.txt", index=1)
    with pytest.raises(gridreduce.UsageError, match="nope"):
        gridreduce.reduce(p, to="hcp", stage="nope")
    with pytest.raises(gridreduce.UsageError, match="unknown target"):
        gridreduce.reduce(p, to="nope")
    with pytest.raises(gridreduce.UsageError, match="keep_clue_arcs"):
        gridreduce.reduce(p, to="cnf", keep_clue_arcs=True)
    with pytest.raises(gridreduce.UsageError, match="via"):
        p.solve(via="nope")
    with pytest.raises(gridreduce.InputError):
        gridreduce.read(data / "sudoku" / "royle17.txt", index=10**6)
    assert issubclass(gridreduce.CertificateError, gridreduce.GridreduceError)


def test_a_shipped_collection_through_read_and_stats_matches_the_cli(cli, data, tmp_path):
    path = data / "sudoku" / "sudoku4_vu_kr_100.txt"
    table = gridreduce.stats(path, encoding=["minimal", "extended"])
    code, _, err = cli("stats", path, "--encoding", "minimal,extended", "--csv", tmp_path / "s.csv")
    assert code == 0, err
    with open(tmp_path / "s.csv", newline="") as f:
        expected = list(csv.DictReader(f))
    assert len(table) == len(expected) == 100
    assert table.columns() == list(expected[0])
    text = {None: "", True: "true", False: "false"}
    for row, want in zip(table, expected):
        assert {k: text.get(v, v) if not isinstance(v, int) or isinstance(v, bool) else str(v)
                for k, v in row.items()} == want
    assert gridreduce.stats(gridreduce.read(path)[:3], only=["cnf"])[0]["name"] == "sudoku4_vu_kr_100#1"
    frame = table.to_pandas()
    assert list(frame.columns) == table.columns() and len(frame) == 100
    blank = gridreduce.stats(blank=[4, 9], only=["cnf"])
    assert [row["name"] for row in blank] == ["blank-4", "blank-9"]
    with pytest.raises(gridreduce.UsageError):
        gridreduce.stats(path, stage="reduced")


def test_show_draws_like_the_cli(cli, data, capsys):
    path = data / "suguru" / "backtrack-180.txt"
    [p] = gridreduce.read(path, index=19)
    p.show()
    drawn = capsys.readouterr().out
    code, out, _ = cli("show", path, "--index", 19)
    assert code == 0 and drawn in out


def test_a_reduction_beyond_the_memory_limit_is_refused_before_it_is_built():
    # A blank 255×255 graph (the largest N) would need hundreds of GiB: the CLI's estimate
    # refuses it at once (issue 19) instead of letting the allocation abort the Python process.
    with pytest.raises(gridreduce.ConstructionError, match="above the limit"):
        gridreduce.reduce(gridreduce.blank(255), to="hcp")
    # N = 256 does not fit a cell's byte: refused when the puzzle is made.
    with pytest.raises(gridreduce.UsageError, match="between 1 and 255"):
        gridreduce.blank(256)


@pytest.mark.parametrize(
    "rel",
    ["described/diagonal-latin-5.yaml", "described/windoku-9.yaml", "latin/qwh-order10.yaml"],
)
def test_described_puzzles_read_parse_reduce_and_decode(cli, data, tmp_path, rel):
    """A description file (docs/describe.md) through read, parse, solve and every target; the
    files written equal the CLI's, and the witness tour decodes to the solution."""
    path = data / rel
    puzzles = gridreduce.read(path)
    p = puzzles[0]
    assert p.kind in ("custom", "windoku", "latin")
    [q] = gridreduce.parse(path.read_text().split("---\n")[0], name="again.yaml")
    assert q.givens == p.givens and q.solution == p.solution
    grid = p.solve()
    assert p.verify(grid) == []
    if p.kind != "latin":  # quasigroups with holes have several solutions as a rule
        assert grid == p.solution
    for to in [r["name"] for r in gridreduce.routes()]:
        r = gridreduce.reduce(p, to=to)
        assert r.sizes(), to
    r = gridreduce.reduce(p, to="hcp", witness=True)
    r.write(tmp_path / "py")
    code, _, err = cli("reduce", path, "--index", 1, "--to", "hcp", "--witness", "-o", tmp_path / "cli")
    assert code == 0, err
    assert (tmp_path / "py.hcp").read_bytes() == (tmp_path / "cli.hcp").read_bytes()
    assert gridreduce.decode(tmp_path / "cli.map", tmp_path / "cli.tour") == p.solution
