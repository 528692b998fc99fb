#!/usr/bin/env python3
"""Start-up benchmark for short commands: runs each command in turn N times and prints the median,
10th and 90th percentile of its wall time (posix_spawn to waitpid, stdout and stderr to /dev/null).

Alternating the commands run by run puts them under the same drift of the machine's speed, which on
a shared VM moves a 2 ms run by a quarter either way from one minute to the next. Arguments ending
in .tour or .out are removed before each run, so that every command creates its output file afresh
(as scripts/hcp-compare.sh does).

Usage: scripts/startup-bench.py N 'NAME|COMMAND' ['NAME|COMMAND' ...]
  scripts/startup-bench.py 1000 \\
    "ours|target/release/gridreduce hcp solve data/hcp/fhcp/graph2.hcp -o /tmp/o.tour" \\
    "linkern|linkern -s 1 -N 10 -g g2.edg -h 70 -t 10 -Q -o /tmp/lk.out g2.edg"
(g2.edg: `gridreduce hcp convert data/hcp/fhcp/graph2.hcp --to concorde -o g2.edg`.)
"""
import os
import shlex
import statistics
import sys
import time


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    runs = int(sys.argv[1])
    commands = [arg.split("|", 1) for arg in sys.argv[2:]]
    devnull = os.open(os.devnull, os.O_WRONLY)
    quiet = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
    times = {name: [] for name, _ in commands}
    for _ in range(runs):
        for name, command in commands:
            argv = shlex.split(command)
            for arg in argv:
                if arg.endswith((".tour", ".out")) and os.path.exists(arg):
                    os.unlink(arg)
            start = time.perf_counter()
            pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=quiet)
            os.waitpid(pid, 0)
            times[name].append((time.perf_counter() - start) * 1000)
    for name, t in times.items():
        t.sort()
        print(f"{name:16} median {statistics.median(t):.3f} ms  p10 {t[len(t) // 10]:.3f}  "
              f"p90 {t[9 * len(t) // 10]:.3f}")


if __name__ == "__main__":
    main()
