#!/usr/bin/env python3
# Solve a gridreduce TSPLIB HCP export with LKH-3 as bundled by PyPI's elkai (pip install elkai),
# with OPTIMUM = 0 and SUBGRADIENT = NO, and write an LKH TOUR file for `gridreduce decode`.
#   python3 scripts/lkh-elkai.py OUT.hcp OUT.tour && gridreduce decode OUT.map OUT.tour
# LKH writes a tour even when it found no Hamiltonian cycle; decode checks every step.
import sys
from elkai import _elkai as E
hcp, out = sys.argv[1], sys.argv[2]
params = f"PROBLEM_FILE = {hcp}\nOPTIMUM = 0\nSUBGRADIENT = NO\nRUNS = 1\nMAX_TRIALS = 1000\n"
tour = E.solve_problem(params, open(hcp).read())
n = len(tour)
with open(out, "w") as f:
    f.write("NAME : lkh\nTYPE : TOUR\nDIMENSION : %d\nTOUR_SECTION\n" % n)
    for v in tour:
        f.write("%d\n" % v)
    f.write("-1\nEOF\n")
print(f"LKH tour of {n} vertices written to {out}")
