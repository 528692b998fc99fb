#!/usr/bin/env python3
"""Samples a QUBO written by `gridreduce reduce --to qubo` with D-Wave's simulated annealer
(PyPI `dwave-samplers`) and prints dimod's serialised SampleSet, which
`gridreduce decode X.map SAMPLES.json` reads (it takes the lowest-energy sample).

    scripts/qubo-anneal.py FILE.json [--reads 10] [--sweeps 1000] [--seed K] > SAMPLES.json

FILE is dimod's serialisable JSON (BinaryQuadraticModel.from_serializable) or COO text
(dimod.serialization.coo; its energies lack the offset, which decode does not need). A summary
goes to stderr: reads, sweeps, lowest energy, how many reads reached energy 0, and the time.
Exit 1 when no read reached the ground energy (0 for JSON, -offset for COO), else 0.
"""
import argparse
import json
import re
import sys
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("--reads", type=int, default=10, help="num_reads (default 10)")
    parser.add_argument("--sweeps", type=int, default=1000, help="num_sweeps (default 1000)")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()

    import dimod
    from dwave.samplers import SimulatedAnnealingSampler

    with open(args.file, encoding="utf-8") as f:
        text = f.read()
    if text.lstrip().startswith("{"):
        bqm = dimod.BinaryQuadraticModel.from_serializable(json.loads(text))
        ground = 0.0
    else:
        from dimod.serialization import coo

        bqm = coo.loads(text)
        # COO has no offset; gridreduce writes it in a comment, and the ground energy is -offset.
        offset = re.search(r"^#\s*offset=(\d+)", text, re.MULTILINE)
        ground = -float(offset.group(1)) if offset else None
    start = time.perf_counter()
    samples = SimulatedAnnealingSampler().sample(
        bqm, num_reads=args.reads, num_sweeps=args.sweeps, seed=args.seed
    )
    elapsed = time.perf_counter() - start
    json.dump(samples.to_serializable(), sys.stdout)
    sys.stdout.write("\n")
    energies = samples.record.energy
    lowest = float(energies.min())
    hits = None if ground is None else int((energies <= ground + 1e-9).sum())
    print(
        f"reads {args.reads} sweeps {args.sweeps}: lowest energy {lowest:g}"
        + ("" if hits is None else f", {hits}/{args.reads} reads at the ground energy {ground:g}")
        + f", {elapsed:.3f} s",
        file=sys.stderr,
    )
    sys.exit(0 if ground is None or lowest <= ground + 1e-9 else 1)


if __name__ == "__main__":
    main()
