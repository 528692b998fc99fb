"""What every notebook shares: run the gridreduce binary, read the CSV files it writes, small
statistics and Markdown tables. Python's standard library only (plus IPython, which the Jupyter
kernel brings, for display).

The runner (scripts/notebooks.sh) sets:
  GRIDREDUCE_BIN    the binary to call (release for the full run, debug in CI)
  GRIDREDUCE_QUICK  "1" in CI: small samples instead of whole collections
  GRIDREDUCE_WORK   a scratch folder for CSV files and samples
  GRIDREDUCE_IMG    where the figures go (docs/img for the full run)
Run by hand (Jupyter in the venv, from notebooks/), the defaults are the full run's.
"""

import csv
import os
import pathlib
import shutil
import statistics
import subprocess
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
QUICK = os.environ.get("GRIDREDUCE_QUICK") == "1"
BUILD = "debug build, CI sample" if QUICK else "release build"
BIN = pathlib.Path(os.environ.get("GRIDREDUCE_BIN", ROOT / "target" / "release" / "gridreduce"))
WORK = pathlib.Path(os.environ.get("GRIDREDUCE_WORK", ROOT / "target" / "notebooks-work"))
IMG = pathlib.Path(os.environ.get("GRIDREDUCE_IMG", ROOT / "docs" / "img"))
WORK.mkdir(parents=True, exist_ok=True)
IMG.mkdir(parents=True, exist_ok=True)


def gridreduce(*args):
    """Runs the CLI; returns its stdout; raises with its stderr when it fails."""
    args = [str(a) for a in args]
    done = subprocess.run([str(BIN), *args], capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        raise RuntimeError(
            f"gridreduce {' '.join(args)} exited {done.returncode}: {done.stderr.strip()}"
        )
    return done.stdout


def read_csv(path):
    """A CSV file as a list of dicts (column -> text)."""
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def write_csv(path, rows, header):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=header, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)


def numbers(rows, column):
    """The numeric values of a column (empty cells skipped: "" in a CSV, None from the package)."""
    return [float(r[column]) for r in rows if r.get(column, "") not in ("", None)]


def five(values):
    """min, first quartile, median, third quartile, max."""
    v = sorted(values)
    if len(v) == 1:
        return (v[0],) * 5
    q1, q2, q3 = statistics.quantiles(v, n=4, method="inclusive")
    return (v[0], q1, q2, q3, v[-1])


def fmt(x, digits=0):
    """12036 -> '12,036'; with digits, a fixed number of decimals."""
    if x is None:
        return "–"
    if digits:
        return f"{x:,.{digits}f}"
    return f"{round(x):,}"


def fmt_ms(x):
    """A time in ms with three significant digits."""
    if x is None:
        return "–"
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 10:
        return f"{x:.1f}"
    if x >= 1:
        return f"{x:.2f}"
    return f"{x:.3f}"


def md_table(header, rows):
    """A Markdown table; numbers right-aligned."""
    def cell(x):
        return str(x).replace("|", "\\|")

    out = ["| " + " | ".join(cell(h) for h in header) + " |"]
    out.append("|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|")
    out += ["| " + " | ".join(cell(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def show(markdown):
    """Displays Markdown in the notebook."""
    from IPython.display import Markdown, display

    display(Markdown(markdown))


def show_image(png):
    from IPython.display import Image, display

    display(Image(filename=str(png)))


def sample(collection, k, folder="sample"):
    """The first k puzzles of a one-per-line collection, in WORK/folder/<same name>, so the file
    stem (which names the collection in plots) stays the same. Returns the path."""
    src = DATA / "sudoku" / collection if "/" not in str(collection) else DATA / collection
    dst = WORK / folder / pathlib.Path(collection).name
    dst.parent.mkdir(parents=True, exist_ok=True)
    with open(src) as f:
        lines = f.readlines()[:k]
    dst.write_text("".join(lines))
    return dst


def stats(puzzles, name=None, *flags):
    """`gridreduce stats PUZZLES --csv WORK/stats/NAME.csv FLAGS`; returns the rows."""
    name = name or pathlib.Path(puzzles).stem
    out = WORK / "stats" / f"{name}.csv"
    out.parent.mkdir(parents=True, exist_ok=True)
    gridreduce("stats", puzzles, "--csv", out, *flags)
    return out, read_csv(out)


def solve_times(puzzles, route, runs=1, indices=None, name=None):
    """Per-puzzle solve times through `solve --times` (every puzzle, or the 1-based `indices`);
    returns (csv path, rows)."""
    name = name or f"{pathlib.Path(puzzles).stem}-{route}"
    out = WORK / "times" / f"{name}.csv"
    out.parent.mkdir(parents=True, exist_ok=True)
    if indices is None:
        gridreduce("solve", puzzles, "--via", route, "--runs", runs, "--times", out)
        return out, read_csv(out)
    rows = []
    for i in indices:
        part = WORK / "times" / f"{name}.part.csv"
        gridreduce("solve", puzzles, "--index", i, "--via", route, "--runs", runs, "--times", part)
        rows += read_csv(part)
        part.unlink()
    write_csv(out, rows, list(rows[0].keys()))
    return out, rows


def plot(preset, csvs, stem):
    """`gridreduce plot --preset PRESET CSVS -o WORK/img/STEM`, then the PNG copied to IMG (the
    SVG of a scatter over 100,000 puzzles is tens of MB: it stays in WORK). Returns the PNG."""
    (WORK / "img").mkdir(parents=True, exist_ok=True)
    gridreduce("plot", "--preset", preset, *csvs, "-o", WORK / "img" / stem)
    png = IMG / f"{stem}.png"
    if png.resolve() != (WORK / "img" / f"{stem}.png").resolve():
        shutil.copyfile(WORK / "img" / f"{stem}.png", png)
    return png


def fragment(name, markdown):
    """Saves this notebook's section of docs/results.md (the runner assembles them)."""
    (WORK / f"results-{name}.md").write_text(markdown.strip() + "\n")


class Clock:
    """Wall time of a block, for the notebooks' own record of what the run cost."""

    def __enter__(self):
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.seconds = time.perf_counter() - self.start
