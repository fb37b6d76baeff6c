"""Scaling curves against icepool and the SVG plot of them."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from typing import Any

from benchmarks.peers import clear_icepool
from benchmarks.timing import compare
from regelwerk.dice import clear_cache, distribution

__all__ = ["CURVES", "Point", "bench_curves", "svg"]

Point = tuple[int, float, float, int]
"""(N, regelwerk seconds, icepool seconds, icepool rounds)"""


Curve = tuple[list[int], Callable[[int], str], Callable[[int], Any]]


def _curves() -> dict[str, Curve]:
    import icepool

    d = icepool.d
    return {
        "Nd10kh3": ([10, 32, 100, 320, 1000], lambda n: f"{n}d10kh3",
                    lambda n: d(10).highest(n, 3)),
        "Nd20kh(N/2)": ([10, 20, 40, 70, 100], lambda n: f"{n}d20kh{n // 2}",
                        lambda n: d(20).highest(n, n // 2)),
        "Nd6cs>=5": ([10, 32, 100, 320, 1000], lambda n: f"{n}d6cs>=5",
                     lambda n: n @ (d(6) >= 5)),
        "Nd6": ([10, 32, 100, 320, 1000], lambda n: f"{n}d6", lambda n: n @ d(6)),
        "N×4d6kh3": ([1, 2, 4, 8, 16], lambda n: "+".join(["4d6kh3"] * n),
                     lambda n: sum((d(6).highest(4, 3) for _ in range(n - 1)),
                                   start=d(6).highest(4, 3))),
    }


CURVES = list(_curves())


def bench_curves() -> dict[str, list[Point]]:
    """Each curve's points, every cache of both sides cleared before each call."""
    sys.setrecursionlimit(20_000)  # icepool's N @ die recurses once per die
    out: dict[str, list[Point]] = {}
    for name, (sizes, ours, theirs) in _curves().items():
        points = []
        for n in sizes:
            text = ours(n)

            def mine_call(t: str = text) -> object:
                return distribution(t)

            def their_call(size: int = n, f: Callable[[int], Any] = theirs) -> object:
                return f(size)

            (mine, _), (other, rounds) = compare(
                [(mine_call, clear_cache), (their_call, clear_icepool)])
            print(f"  {name:12} N={n:5}  regelwerk {mine * 1e3:9.3f} ms  icepool "
                  f"{other * 1e3:10.3f} ms  ratio {other / mine:8.1f}×")
            points.append((n, mine, other, rounds))
        out[name] = points
    return out


def table(curves: dict[str, list[Point]]) -> str:
    """The Markdown table of every curve."""
    lines = ["| curve | N | regelwerk | icepool | ratio (icepool / regelwerk) |",
             "| --- | --- | --- | --- | --- |"]
    for name, points in curves.items():
        for n, mine, other, rounds in points:
            note = "" if rounds >= 7 else f" ({rounds} run{'s' if rounds > 1 else ''})"
            lines.append(f"| `{name}` | {n} | {mine * 1e3:,.3f} ms | {other * 1e3:,.3f} ms"
                         f"{note} | {other / mine:,.1f}× |")
    return "\n".join(lines)


_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"]


def svg(curves: dict[str, list[Point]]) -> str:
    """A log-log plot: seconds against N, regelwerk solid, icepool dashed."""
    width, height, left, top, right, bottom = 760, 460, 70, 20, 190, 50
    times = [t for pts in curves.values() for p in pts for t in (p[1], p[2])]
    sizes = [p[0] for pts in curves.values() for p in pts]
    lo_t, hi_t = math.log10(min(times)), math.log10(max(times))
    lo_n, hi_n = 0.0, math.log10(max(sizes))
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(n: int) -> float:
        return left + (math.log10(n) - lo_n) / (hi_n - lo_n) * plot_w

    def y(t: float) -> float:
        return top + (hi_t - math.log10(t)) / (hi_t - lo_t) * plot_h

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'font-family="sans-serif" font-size="11">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" '
             'stroke="black"/>',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="black"/>']
    for e in range(math.floor(lo_t), math.ceil(hi_t) + 1):
        if lo_t <= e <= hi_t:
            parts.append(f'<text x="{left - 6}" y="{y(10.0**e) + 4:.1f}" text-anchor="end">'
                         f'1e{e} s</text>')
            parts.append(f'<line x1="{left}" y1="{y(10.0**e):.1f}" x2="{left + plot_w}" '
                         f'y2="{y(10.0**e):.1f}" stroke="#ddd"/>')
    for n in (1, 10, 100, 1000):
        if n <= max(sizes):
            parts.append(f'<text x="{x(n):.1f}" y="{top + plot_h + 16}" text-anchor="middle">'
                         f'{n}</text>')
    parts.append(f'<text x="{left + plot_w / 2}" y="{height - 10}" text-anchor="middle">'
                 'N (dice, or terms for N×4d6kh3)</text>')
    for i, (name, pts) in enumerate(curves.items()):
        colour = _COLOURS[i % len(_COLOURS)]
        for column, dash in ((1, ""), (2, ' stroke-dasharray="5,4"')):
            path = " ".join(f"{x(p[0]):.1f},{y(p[column]):.1f}" for p in pts)
            parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" '
                         f'stroke-width="2"{dash}/>')
        ly = top + 14 + 34 * i
        lx = left + plot_w + 14
        parts.append(f'<line x1="{lx}" y1="{ly}" x2="{lx + 24}" y2="{ly}" stroke="{colour}" '
                     'stroke-width="2"/>')
        parts.append(f'<text x="{lx + 30}" y="{ly + 4}">{name} regelwerk</text>')
        parts.append(f'<line x1="{lx}" y1="{ly + 14}" x2="{lx + 24}" y2="{ly + 14}" '
                     f'stroke="{colour}" stroke-width="2" stroke-dasharray="5,4"/>')
        parts.append(f'<text x="{lx + 30}" y="{ly + 18}">{name} icepool</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
