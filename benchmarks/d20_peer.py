"""Run inside d20's own virtual environment (d20 1.1.2 on lark-parser 0.9), as its
users run it: ``python d20_peer.py EXPR...`` prints, as JSON, the mean CPU seconds per
``d20.roll`` of each expression over one round of calls (parse cache cleared
before every call); the caller alternates rounds with regelwerk's."""

from __future__ import annotations

import json
import sys
import time


def main() -> None:
    import d20

    roller = d20.Roller()
    out = {}
    for expression in sys.argv[1:]:
        for _ in range(50):  # warm up code paths
            roller.roll(expression)
        calls = 300
        total = 0.0
        for _ in range(calls):
            roller._parse_cache.clear()
            start = time.process_time()
            roller.roll(expression)
            total += time.process_time() - start
        out[expression] = total / calls
    print(json.dumps(out))


if __name__ == "__main__":
    main()
