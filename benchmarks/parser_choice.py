"""Why the dice notation keeps its hand-written parser (``docs/architecture.md``):
the same expressions parsed by it and by a Lark LALR grammar of the notation's core
(``GRAMMAR``: no repeat, no error words, no transformer to the syntax tree, so a
lower bound of what a full Lark parser would cost), side by side in one process;
and the start-up cost of each in fresh processes.

    python -m benchmarks.parser_choice
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

GRAMMAR = r"""
start: comparison
?comparison: sum | comparison COMPARE sum -> binary
?sum: product | sum ADD product -> binary
?product: unary | product MUL unary -> binary
?unary: term | ADD unary -> sign
term: atom ANNOTATION*
?atom: NUMBER -> number
    | DICE (OPERATION DEPTH?)* -> dice
    | "(" items? ")" OPERATION* -> parenthesis
items: comparison (COMMA comparison)* COMMA?
COMPARE.2: "==" | "!=" | ">=" | "<=" | ">" | "<"
ADD: "+" | "-"
MUL: "//" | "*" | "/" | "%"
COMMA: ","
DICE.3: /[0-9]*[dDwW](?:[0-9]+|%)/
NUMBER: /[0-9]+(?:\.[0-9]*)?|\.[0-9]+/
OPERATION.4: /(?:rr|ro|ra|mi|ma|cs|k|p|e|!(?!=))(?:[hl][0-9]*|(?:>=|<=|>|<|=)?[0-9]+)?/
    | /r(?:[hl][0-9]*|(?:>=|<=|>|<|=)?[0-9]+)|d[hl][0-9]*/
DEPTH: /@[0-9]+/
ANNOTATION: /\[[^\]]*\]/
%ignore /\s+/
"""

EXPRESSIONS = ["1d20+5", "4d6kh3", "2d20kh1+5", "10d6", "8d6!", "(1d4, 2+2, 3d6kl1)kh1",
               "3d6 [fire] + 1d4 [piercing]"]

STARTUP = {
    "python -c pass": "pass",
    "the hand-written parser (import it, parse 1d20)":
        "import regelwerk.dice.parser as p; p.parse('1d20')",
    "Lark instead (the syntax tree's module, import lark, build the parser, parse 1d20)":
        "import regelwerk.dice.nodes; import lark; "
        f"lark.Lark({GRAMMAR!r}, parser='lalr').parse('1d20')",
    "Lark with a cached parser (cache=True: the built tables from a file)":
        "import regelwerk.dice.nodes; import lark; "
        f"lark.Lark({GRAMMAR!r}, parser='lalr', cache=True).parse('1d20')",
}


def _per_call(function: Callable[[], object], calls: int = 300) -> float:
    start = time.process_time()
    for _ in range(calls):
        function()
    return (time.process_time() - start) / calls


def parse_times() -> list[tuple[str, float, float]]:
    """``(expression, hand-written s, Lark s)``, medians of alternating rounds."""
    import lark

    from regelwerk.dice.parser import _parse_text

    parser = lark.Lark(GRAMMAR, parser="lalr")
    rows = []
    for text in EXPRESSIONS:
        ours, theirs = [], []
        def hand(t: str = text) -> object:
            return _parse_text(t)

        def with_lark(t: str = text) -> object:
            return parser.parse(t)

        for _ in range(7):
            ours.append(_per_call(hand))
            theirs.append(_per_call(with_lark))
        rows.append((text, statistics.median(ours), statistics.median(theirs)))
    return rows


def startup_times() -> list[tuple[str, float]]:
    """Median CPU seconds (user + system) of a fresh process for each choice."""
    found: dict[str, list[float]] = {name: [] for name in STARTUP}
    for _ in range(7):
        for name, code in STARTUP.items():
            before = os.times()
            subprocess.run([sys.executable, "-c", code], check=True)
            after = os.times()
            found[name].append(after.children_user - before.children_user
                               + after.children_system - before.children_system)
    return [(name, statistics.median(times)) for name, times in found.items()]


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.2f}")
    print("| expression | hand-written | Lark LALR (parse only) | Lark / hand-written |")
    print("| --- | --- | --- | --- |")
    for text, ours, theirs in parse_times():
        print(f"| `{text}` | {ours * 1e6:.1f} µs | {theirs * 1e6:.1f} µs | "
              f"{theirs / ours:.1f}× |")
    print("| start-up | CPU time |")
    print("| --- | --- |")
    for name, seconds in startup_times():
        print(f"| {name} | {seconds * 1e3:.0f} ms |")


if __name__ == "__main__":
    main()
