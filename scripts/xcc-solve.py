#!/usr/bin/env python3
"""Solves an exact-cover-with-colours file in the text format of Knuth's DLX1/DLX2 with PyPI's
`xcover` (an independent Algorithm C implementation) and prints the first cover's options, one per
line, exactly as they appear in the file -- what `gridreduce decode X.map ANSWER` reads.

    scripts/xcc-solve.py FILE.xcc > ANSWER

Format: lines starting with '|' are comments (blank lines are skipped too); the first other line
lists the primary items, then '|', then the secondary items; every further line is one option,
`item:colour` on secondary items. Exit 0 with a cover, 1 with "no cover" when there is none, 2 on
a malformed file.
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


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: xcc-solve.py FILE.xcc > ANSWER")
    from xcover import covers

    path = sys.argv[1]
    (primary, secondary), options = read_xcc(path)
    known = set(primary) | set(secondary)
    for number, _, items in options:
        for item in items:
            if item.split(":")[0] not in known:
                print(f"{path}:{number}: unknown item {item!r}", file=sys.stderr)
                sys.exit(2)
    solution = next(
        covers(
            [items for _, _, items in options],
            primary=primary,
            secondary=secondary,
            colored=True,
        ),
        None,
    )
    if solution is None:
        print("no cover", file=sys.stderr)
        sys.exit(1)
    for k in sorted(solution):
        print(options[k][1])


if __name__ == "__main__":
    main()
