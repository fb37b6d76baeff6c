"""Run inside d20's own virtual environment (d20 1.1.2 on lark-parser 0.9), as its
users run it: ``python d20_peer.py EXPR...`` prints the median seconds per
``d20.roll`` of each expression (parse cache cleared before every call) as JSON."""

from __future__ import annotations

import json
import statistics
import sys
import time


def main() -> None:
    import d20

    roller = d20.Roller()
    out = {}
    for expression in sys.argv[1:]:
        samples = []
        for _ in range(9):
            calls = 200
            total = 0.0
            for _ in range(calls):
                roller._parse_cache.clear()
                start = time.perf_counter()
                roller.roll(expression)
                total += time.perf_counter() - start
            samples.append(total / calls)
        out[expression] = statistics.median(samples)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
