#!/usr/bin/env python3
"""Solves an exact-cover-with-colours file in the text format of Knuth's DLX1/DLX2 with PyPI's
`xcover` (an independent Algorithm C implementation) and prints the first cover's options, one per
line, exactly as they appear in the file -- what `gridreduce decode X.map ANSWER` reads.

    scripts/xcc-solve.py FILE.xcc > ANSWER
    scripts/xcc-solve.py --all FILE.xcc     every cover, each after an `N:` line as DLX2 prints

With several files, each file's output follows a `| FILE` comment line (one Python start-up and
one compilation of xcover's solver for all of them).

Format: lines starting with '|' are comments (blank lines are skipped too); the first other line
lists the primary items, then '|', then the secondary items; every further line is one option,
`item:colour` on secondary items. Exit 0 with a cover, 1 with "no cover" when there is none
(for any of the files), 2 on a malformed file.
"""
import sys


def read_xcc(path):
    items, options = None, []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            text = line.strip()
            if not text or text.startswith("|"):
                continue
            if items is None:
                primary, _, secondary = text.partition("|")
                items = (primary.split(), secondary.split())
            else:
                options.append((number, text, text.split()))
    if items is None:
        sys.exit(f"{path}: no item line")
    return items, options


def solve(path, every):
    """Prints the first cover (every cover with `every`) of one file; returns how many it printed,
    or None for a malformed file."""
    from xcover import covers

    (primary, secondary), options = read_xcc(path)
    known = set(primary) | set(secondary)
    for number, _, items in options:
        for item in items:
            if item.split(":")[0] not in known:
                print(f"{path}:{number}: unknown item {item!r}", file=sys.stderr)
                return None
    found = 0
    for solution in covers(
        [items for _, _, items in options],
        primary=primary,
        secondary=secondary,
        colored=True,
    ):
        found += 1
        if every:
            print(f"{found}:")
        for k in sorted(solution):
            print(options[k][1])
        if not every:
            break
    return found


def main():
    args = sys.argv[1:]
    every = args[:1] == ["--all"]
    if every:
        args = args[1:]
    if not args:
        sys.exit("usage: xcc-solve.py [--all] FILE.xcc... > ANSWER")
    status = 0
    for path in args:
        if len(args) > 1:
            print(f"| {path}")
        found = solve(path, every)
        if found is None:
            sys.exit(2)
        if found == 0:
            print("no cover" if len(args) == 1 else f"{path}: no cover", file=sys.stderr)
            if len(args) > 1:
                print(f"| {path}: no cover")
            status = 1
    sys.exit(status)


if __name__ == "__main__":
    main()
