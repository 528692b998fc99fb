"""Shared fixtures: the repository's data folder and the gridreduce CLI, which several tests run to
check that the package gives exactly what the command line gives."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "data"


def cli_binary() -> pathlib.Path:
    """The CLI the package is compared with: $GRIDREDUCE_BIN, else target/debug/gridreduce (what
    `cargo build` and `cargo test` make)."""
    return pathlib.Path(os.environ.get("GRIDREDUCE_BIN", ROOT / "target" / "debug" / "gridreduce"))


@pytest.fixture(scope="session")
def cli():
    """Runs the CLI; returns (exit code, stdout, stderr)."""
    binary = cli_binary()
    if not binary.is_file():
        pytest.fail(f"no gridreduce binary at {binary}: run `cargo build` or set GRIDREDUCE_BIN")

    def run(*args):
        done = subprocess.run(
            [str(binary), *map(str, args)], capture_output=True, text=True, cwd=ROOT
        )
        return done.returncode, done.stdout, done.stderr

    return run


@pytest.fixture(scope="session")
def data():
    return DATA
