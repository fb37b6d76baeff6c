"""A distribution as bars of a small SVG chart, drawn on the server.

The chart is data for the ``_chart.html`` template: one bar per total (or per
group of totals when there are many), its height the chance, the rolled total
marked and the totals at least as high as it shaded ("this or better").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["Bar", "Chart", "chart"]

WIDTH = 320
HEIGHT = 120
_PLOT = 100
"""The plot's height inside the chart; the rest holds the axis labels."""
_MAX_BARS = 80


@dataclass(frozen=True, slots=True)
class Bar:
    low: int
    high: int
    chance: Fraction
    x: float
    y: float
    width: float
    height: float
    marked: bool
    """The rolled total lies in this bar."""
    at_least: bool
    """Every total of this bar is at least the rolled total."""


@dataclass(frozen=True, slots=True)
class Chart:
    bars: tuple[Bar, ...]
    low: int
    high: int
    rolled: int | None
    width: int = WIDTH
    height: int = HEIGHT
    plot_height: int = _PLOT

    @property
    def marked(self) -> Bar | None:
        """The bar of the rolled total, if a total was rolled."""
        return next((bar for bar in self.bars if bar.marked), None)


def chart(points: Iterable[tuple[int, Fraction]], rolled: int | None = None) -> Chart:
    """The chart of a distribution (total, chance) with ``rolled`` marked.

    More than 80 totals are grouped into equal runs of neighbouring totals, so
    that a bar is never thinner than a few pixels.
    """
    items = sorted((value, Fraction(p)) for value, p in points if p > 0)
    if not items:
        raise ValueError("a chart needs at least one total with a chance above zero")
    low, high = items[0][0], items[-1][0]
    size = -(-(high - low + 1) // _MAX_BARS)
    groups: dict[int, Fraction] = {}
    for value, p in items:
        start = low + (value - low) // size * size
        groups[start] = groups.get(start, Fraction(0)) + p
    top = max(groups.values())
    count = (high - low) // size + 1
    step = WIDTH / count
    gap = min(1.0, step / 5)
    bars = []
    for index in range(count):
        start = low + index * size
        chance = groups.get(start, Fraction(0))
        height = float(chance / top) * (_PLOT - 4)
        bars.append(
            Bar(
                low=start,
                high=min(start + size - 1, high),
                chance=chance,
                x=round(index * step + gap / 2, 2),
                y=round(_PLOT - height, 2),
                width=round(step - gap, 2),
                height=round(height, 2),
                marked=rolled is not None and start <= rolled < start + size,
                at_least=rolled is not None and start >= rolled,
            )
        )
    return Chart(bars=tuple(bars), low=low, high=high, rolled=rolled)
