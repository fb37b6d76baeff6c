"""Erfolgsgrade: degrees of success from a total against a DC.

"Du erzielst einen Kritischen Erfolg bei einem Wurf, wenn das Ergebnis des Wurfs den
SG um 10 oder mehr übersteigt." — "liegt das Ergebnis deines Wurfs um 10 oder mehr
unter dem SG, handelt es sich um einen Kritischen Fehlschlag." — a natural 20 is one
step better, a natural 1 one step worse, and "führe immer zuerst die Veränderung
durch eine Natürliche 20 oder eine Natürliche 1 durch, bevor du einen anderen Effekt
anwendest."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

__all__ = [
    "NATURAL_1",
    "NATURAL_20",
    "Adjustment",
    "Degree",
    "DegreeResult",
    "base_degree",
    "degree_of",
]

NATURAL_20 = "natural_20"
NATURAL_1 = "natural_1"
"""The reasons recorded for the natural 20/1 step (other reasons are the abilities')."""


class Degree(IntEnum):
    """Degrees of success, worst to best."""

    CRITICAL_FAILURE = 0
    FAILURE = 1
    SUCCESS = 2
    CRITICAL_SUCCESS = 3

    @property
    def key(self) -> str:
        """The protocol's snake_case name."""
        return self.name.lower()

    def shifted(self, steps: int) -> Degree:
        """``steps`` better (or worse when negative), clamped to the four degrees."""
        return Degree(max(0, min(3, self + steps)))


@dataclass(frozen=True, slots=True)
class Adjustment:
    """An ability that changes a degree after the natural 20/1 rule: either by
    ``steps`` or to ``to``; only when the degree is ``when`` (if given)."""

    reason: str
    steps: int = 0
    to: Degree | None = None
    when: Degree | None = None

    def apply(self, degree: Degree) -> Degree:
        """The adjusted degree."""
        if self.when is not None and degree != self.when:
            return degree
        if self.to is not None:
            return self.to
        return degree.shifted(self.steps)


@dataclass(frozen=True, slots=True)
class DegreeResult:
    """A degree with its history: the unadjusted degree, the natural 20/1 step, and
    every later adjustment that changed it, with its reason."""

    unadjusted: Degree
    natural_step: int
    steps: tuple[tuple[Degree, str], ...]

    @property
    def degree(self) -> Degree:
        """The final degree."""
        return self.steps[-1][0] if self.steps else self.unadjusted.shifted(self.natural_step)


def base_degree(total: int, dc: int) -> Degree:
    """The degree from the total alone."""
    if total >= dc + 10:
        return Degree.CRITICAL_SUCCESS
    if total >= dc:
        return Degree.SUCCESS
    if total <= dc - 10:
        return Degree.CRITICAL_FAILURE
    return Degree.FAILURE


def degree_of(
    natural: int | None, total: int, dc: int, adjustments: Sequence[Adjustment] = ()
) -> DegreeResult:
    """The degree of a roll: base degree, then a natural 20 (+1) or 1 (−1), then each
    adjustment in order.  ``natural`` is ``None`` for a result without a die."""
    unadjusted = base_degree(total, dc)
    step = 1 if natural == 20 else -1 if natural == 1 else 0
    degree = unadjusted.shifted(step)
    history: list[tuple[Degree, str]] = []
    if step:
        history.append((degree, NATURAL_20 if step > 0 else NATURAL_1))
    for adjustment in adjustments:
        new = adjustment.apply(degree)
        if new != degree:
            history.append((new, adjustment.reason))
        degree = new
    return DegreeResult(unadjusted, step, tuple(history))
