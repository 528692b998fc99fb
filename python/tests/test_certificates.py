"""Certified counts from Python: ``Puzzle.count(proof=...)`` writes the certificate the CLI's
``count --proof`` writes, and ``check_proof`` has drat-trim accept it or names what was altered.
drat-trim comes from $GRIDREDUCE_DRAT_TRIM (scripts/test.sh builds it); without it these tests
are skipped, visibly, except in CI where that fails them."""

import json
import os
import shutil

import pytest

import gridreduce

from conftest import DATA


@pytest.fixture(scope="module")
def checker():
    path = os.environ.get("GRIDREDUCE_DRAT_TRIM") or shutil.which("drat-trim")
    if not path:
        if os.environ.get("CI"):
            pytest.fail("CI needs drat-trim: scripts/test.sh sets GRIDREDUCE_DRAT_TRIM")
        pytest.skip("drat-trim not found (scripts/install-drat-trim.sh builds it)")
    return path


def test_unsolvable_count_is_certified_and_checked(tmp_path, checker, cli):
    p = gridreduce.read(DATA / "sudoku/unsolvable/norvig_top95_contradicted.txt", index=2)[0]
    cert = tmp_path / "cert"
    assert p.count(proof=cert) == 0
    [(folder, accepted, what)] = gridreduce.check_proof(cert)
    assert accepted, what
    assert folder == str(cert)
    assert what == "norvig_top95_contradicted#2: no solution"
    # The same certificate as the CLI writes, byte for byte.
    code, _, err = cli(
        "count", DATA / "sudoku/unsolvable/norvig_top95_contradicted.txt", "--index", "2",
        "--proof", tmp_path / "cli",
    )
    assert code == 0, err
    for name in ["certificate.json", "puzzle.cnf", "refute.cnf", "refute.drat"]:
        assert (cert / name).read_bytes() == (tmp_path / "cli" / name).read_bytes(), name


def test_an_altered_certificate_is_refused(tmp_path, checker):
    p = gridreduce.read(DATA / "sudoku/norvig_top95.txt", index=5)[0]
    cert = tmp_path / "cert"
    assert p.count(proof=cert) == 1
    manifest = json.loads((cert / "certificate.json").read_text())
    manifest["claim"] = "exactly"
    (cert / "certificate.json").write_text(json.dumps(manifest))
    [(_, accepted, why)] = gridreduce.check_proof(cert)
    assert not accepted
    assert "claim" in why


def test_proof_needs_the_sat_count(tmp_path):
    p = gridreduce.read(DATA / "sudoku/norvig_top95.txt", index=5)[0]
    with pytest.raises(gridreduce.UsageError, match="via"):
        p.count(via="search", proof=tmp_path / "c")
    with pytest.raises(gridreduce.UsageError, match="time_limit"):
        p.count(time_limit=1e300, proof=tmp_path / "c")
    assert not (tmp_path / "c").exists()
