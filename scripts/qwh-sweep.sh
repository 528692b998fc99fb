#!/usr/bin/env bash
# The quasigroup-with-holes sweep of docs/qwh.md: QWH instances of several orders across hole
# ratios, solved by the in-process routes (`solve --via search|sat|hcp --times`) and by external
# SAT and CP solvers (`run` with cadical on the extended CNF, minizinc/Gecode on the model); every
# answer is decoded and verified. Writes target/qwh-sweep/times.csv (one row per instance and
# solver), target/qwh-sweep/summary.md (median and maximum per order, ratio and solver; median
# sizes of the targets from `stats`) and the
# plot docs/img/qwh-sweep.{png,svg}.
#
#   scripts/qwh-sweep.sh                 orders 20 25 30 35, ratios 30..60 %, 5 squares each
#   ORDERS="20 30" RATIOS="40 42" COUNT=2 scripts/qwh-sweep.sh     a smaller one
#   LIMIT=60                             seconds per solve (a solve past it counts as the limit)
#   HCP_MAX_ORDER=30 MZN_MAX_ORDER=25    largest order given to `--via hcp` and to MiniZinc/Gecode
#                                        (each ran out of the limit on most larger ones)
#   KEEP=1                               add to the rows already in target/qwh-sweep/times.csv
#   ROUTES="search sat hcp" SOLVERS="cadical minizinc"    the in-process routes and external solvers
#   SUMMARY_ONLY=1                       only the summary and the plot, from times.csv as it is
#
# Run on an idle machine: the solves are one at a time (--jobs 1), alternating solvers per instance
# set, so that load moves every solver alike.
set -euo pipefail
cd "$(dirname "$0")/.."
ORDERS=${ORDERS:-"20 25 30 35"}
RATIOS=${RATIOS:-"30 35 40 42 45 50 55 60"}
COUNT=${COUNT:-5}
LIMIT=${LIMIT:-60}
HCP_MAX_ORDER=${HCP_MAX_ORDER:-30}
MZN_MAX_ORDER=${MZN_MAX_ORDER:-25}
out=target/qwh-sweep
if [ "${KEEP:-0}" != 1 ]; then
  rm -rf "$out"
fi
mkdir -p "$out"
cargo build --release --quiet
g=target/release/gridreduce
have() { command -v "$1" >/dev/null 2>&1; }
[ -s "$out/times.csv" ] || echo "order,holes_pct,holes,name,solver,seconds,status" > "$out/times.csv"
for n in $( [ "${SUMMARY_ONLY:-0}" = 1 ] || echo $ORDERS ); do
  for pct in $RATIOS; do
    holes=$(( n * n * pct / 100 ))
    f="$out/qwh-$n-$pct.pls"
    $g generate latin --order "$n" --holes "$holes" --count "$COUNT" --seed 1 -o "$f" 2>/dev/null
    $g stats "$f" --csv "$out/sizes-$n-$pct.csv" 2>/dev/null
    routes=""
    for via in ${ROUTES:-search sat hcp}; do
      [ "$via" = hcp ] && [ "$n" -gt "$HCP_MAX_ORDER" ] && continue
      routes="$routes $via"
    done
    for via in $routes; do
      t="$out/t-$via-$n-$pct.csv"
      set +e
      $g solve "$f" --via "$via" --jobs 1 --time-limit "$LIMIT" --times "$t" > /dev/null 2>"$t.err"
      set -e
      # name,kind,N,clues,route,runs,seconds,solved
      tail -n +2 "$t" | while IFS=, read -r name _ _ _ _ _ secs solved; do
        status=ok; [ "$solved" = true ] || status=timeout
        echo "$n,$pct,$holes,$name,$via,$secs,$status"
      done >> "$out/times.csv"
      # A puzzle that ran out of the time limit has no row in --times: it is a timeout.
      for k in $(seq 1 "$COUNT"); do
        grep -q "^qwh-$n-$pct#$k," "$t" || echo "$n,$pct,$holes,qwh-$n-$pct#$k,$via,,timeout"
      done >> "$out/times.csv"
    done
    for s in ${SOLVERS-cadical minizinc}; do
      have "$s" || { echo "qwh-sweep: $s not installed, left out" >&2; continue; }
      [ "$s" = minizinc ] && [ "$n" -gt "$MZN_MAX_ORDER" ] && continue
      case $s in cadical) p=reductions/latin-cnf-extended.yaml ;; minizinc) p=reductions/latin-mzn.yaml ;; esac
      d="$out/run-$s-$n-$pct"
      set +e
      $g run "$p" "$f" --solver "$s" --jobs 1 --time-limit "$LIMIT" -o "$d" > /dev/null 2>"$d.err"
      set -e
      python3 - "$d/stats.csv" "$n" "$pct" "$holes" "$s" >> "$out/times.csv" <<'EOF'
import csv, sys
path, n, pct, holes, solver = sys.argv[1:]
for row in csv.DictReader(open(path)):
    # `skipped`: solved by an earlier run into the same folder (KEEP=1), its time kept.
    ok = row.get("solver_status") == "solved" and row.get("status") in ("ok", "skipped")
    status = "ok" if ok else row.get("solver_status") or row.get("status")
    print(f"{n},{pct},{holes},{row['name']},{solver},{row.get('solver_seconds') or ''},{status}")
EOF
    done
    echo "qwh-sweep: order $n, $pct % holes done" >&2
  done
done
python3 - "$out/times.csv" "$LIMIT" > "$out/summary.md" <<'EOF'
import csv, statistics, sys
from collections import defaultdict
rows = list(csv.DictReader(open(sys.argv[1])))
limit = float(sys.argv[2])
cells = defaultdict(list)
solvers = []
for r in rows:
    if r["solver"] not in solvers:
        solvers.append(r["solver"])
    t = float(r["seconds"]) if r["seconds"] and r["status"] == "ok" else limit
    cells[(int(r["order"]), int(r["holes_pct"]), r["solver"])].append((t, r["status"] == "ok"))
orders = sorted({k[0] for k in cells})
ratios = sorted({k[1] for k in cells})
print("median / maximum seconds per instance (`>L` = a solve ran out of the limit of L s)\n")
print("| order | holes | " + " | ".join(solvers) + " |")
print("|---:|---:|" + "---:|" * len(solvers))
for n in orders:
    for p in ratios:
        out = []
        for s in solvers:
            v = cells.get((n, p, s))
            if not v:
                out.append("—")
                continue
            ts = [t for t, _ in v]
            mx = max(ts)
            mxs = f">{limit:g}" if not all(ok for _, ok in v) else f"{mx:.3f}"
            # The median is a timeout when at least half of the solves ran out.
            timeouts = sum(not ok for _, ok in v)
            med = f">{limit:g}" if 2 * timeouts >= len(v) + (len(v) % 2) else f"{statistics.median(ts):.3f}"
            out.append(f"{med} / {mxs}")
        print(f"| {n} | {p} % | " + " | ".join(out) + " |")
EOF
python3 - "$out" >> "$out/summary.md" <<'EOF'
import csv, glob, os, statistics, sys
cols = ["reduced_vertices", "reduced_edges", "cnf_vars", "cnf_clauses", "ilp_vars", "ilp_rows"]
rows = []
for path in glob.glob(os.path.join(sys.argv[1], "sizes-*.csv")):
    n, pct = os.path.basename(path)[6:-4].split("-")
    for r in csv.DictReader(open(path)):
        rows.append((int(n), int(pct), r))
print("\nmedian sizes per instance (stats columns: the HCP chain's reduced stage, CNF in the default extended encoding, ILP)\n")
print("| order | holes | " + " | ".join(cols) + " |")
print("|---:|---:|" + "---:|" * len(cols))
for key in sorted({(n, p) for n, p, _ in rows}):
    rs = [r for n, p, r in rows if (n, p) == key]
    vals = [str(int(statistics.median(int(r[c]) for r in rs))) for c in cols]
    print(f"| {key[0]} | {key[1]} % | " + " | ".join(vals) + " |")
EOF
$g plot "$out/times.csv" --kind box --x holes_pct --y seconds --group solver --log-y \
  --title "QWH: solve time against hole ratio (orders ${ORDERS// /, })" \
  --x-label "holes (% of cells)" --y-label "seconds per instance" -o docs/img/qwh-sweep
cat "$out/summary.md"
