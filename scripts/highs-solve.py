#!/usr/bin/env python3
"""Solves an LP file (`gridreduce reduce --to lp`) with HiGHS through PyPI's `highspy` and writes
HiGHS's raw solution file, which `gridreduce decode X.map SOLUTION` reads -- what the HiGHS
command-line binary writes with `highs --model_file X.lp --solution_file SOLUTION`. highspy ships
no binary, so this is the `highspy` profile of `gridreduce run --solver` (docs/solvers.md).

    scripts/highs-solve.py FILE.lp SOLUTION [--time-limit SECS]

Exit 0 when HiGHS ran (the solution file says the model status, `Infeasible` included), 2 when
the file cannot be read.
"""
import argparse
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("model")
    parser.add_argument("solution")
    parser.add_argument("--time-limit", type=float, default=None)
    args = parser.parse_args()

    import highspy

    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    if args.time_limit is not None:
        h.setOptionValue("time_limit", args.time_limit)
    if h.readModel(args.model) == highspy.HighsStatus.kError:
        print(f"{args.model}: HiGHS cannot read this model", file=sys.stderr)
        sys.exit(2)
    h.run()
    # Style 0: HiGHS's raw solution format ("Model status", "# Columns" with name value lines).
    h.writeSolution(args.solution, 0)
    print(f"HiGHS: {h.modelStatusToString(h.getModelStatus())}", file=sys.stderr)


if __name__ == "__main__":
    main()
