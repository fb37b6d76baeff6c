"""Split advice for a Komplexe Probe: the binding split with the best chance that
every roll passes, by dynamic programming over the rolls (never enumerating
every split).

Every split of ``n`` dice has the same denominator ``3**n`` for its chance, so
splits compare by integer numerators: ``ways(a, r)`` counts, out of ``3**a``
equally likely outcomes of ``a`` dice (success 1, failure 2 per die), those
with at least ``r`` successes.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from regelwerk.errors import RuleError
from regelwerk.systems.w6.complex import MIN_PARTS

__all__ = ["Advice", "advise", "enumerate_splits"]


@dataclass(frozen=True, slots=True)
class Advice:
    """The best split, its chance, and the next best candidates (best first)."""

    dice: int
    required: tuple[int, ...]
    candidates: tuple[tuple[tuple[int, ...], Fraction], ...]

    @property
    def split(self) -> tuple[int, ...]:
        """The best split."""
        return self.candidates[0][0]

    @property
    def probability(self) -> Fraction:
        """The chance that every roll of the best split passes."""
        return self.candidates[0][1]


def _ways(dice: int, required: int) -> int:
    """Outcomes (of 3**dice) with at least ``required`` successes."""
    return sum(comb(dice, s) * 2 ** (dice - s) for s in range(required, dice + 1))


def _check(dice: int, required: Sequence[int]) -> None:
    if len(required) < MIN_PARTS:
        raise RuleError(
            "a complex probe needs at least {min_parts} rolls; give the required successes of "
            "each", code="invalid_split", min_parts=MIN_PARTS,
        )
    if any(r < 1 for r in required):
        raise RuleError("each roll must require at least 1 success", code="invalid_split")


def _key(split: tuple[int, ...]) -> tuple[int, ...]:
    # among equal chances, prefer the split that gives earlier rolls more dice: the
    # larger split in lexicographic order comes first
    return split


def advise(dice: int, required: Sequence[int], candidates: int = 5) -> Advice:
    """The best binding split of ``dice`` for rolls needing ``required`` Erfolge each,
    with up to ``candidates`` splits in order of their chance."""
    _check(dice, required)
    dice = max(0, dice)
    keep = max(1, candidates)
    ways = [[_ways(a, r) for a in range(dice + 1)] for r in required]
    # best[m]: the top splits of m dice over the rolls so far with a chance above 0, as
    # (numerator, split); for a fixed last part the order of (value, prefix) is kept,
    # so the top of each m is exact
    best: list[list[tuple[int, tuple[int, ...]]]] = [
        [(w, (m,))] if w else [] for m, w in enumerate(ways[0])]
    for table in ways[1:]:
        new: list[list[tuple[int, tuple[int, ...]]]] = []
        for m in range(dice + 1):
            options = (
                (value * table[a], (*split, a))
                for a in range(m + 1) if table[a]
                for value, split in best[m - a]
            )
            new.append(heapq.nlargest(keep, options, key=lambda o: (o[0], _key(o[1]))))
        best = new
    denominator = 3**dice
    top = [(split, Fraction(value, denominator)) for value, split in best[dice]]
    if len(top) < keep:
        # splits that cannot pass, earlier rolls with more dice first
        top.extend((split, Fraction(0)) for split in _hopeless(dice, required, keep - len(top)))
    return Advice(dice, tuple(required), tuple(top))


def _hopeless(dice: int, required: Sequence[int], count: int) -> list[tuple[int, ...]]:
    """The first ``count`` splits (earlier rolls with more dice first) in which some roll
    cannot get its Erfolge."""
    out: list[tuple[int, ...]] = []

    def walk(prefix: tuple[int, ...], left: int) -> None:
        if len(out) >= count:
            return
        if len(prefix) == len(required) - 1:
            split = (*prefix, left)
            if any(a < r for a, r in zip(split, required, strict=True)):
                out.append(split)
            return
        for a in range(left, -1, -1):
            walk((*prefix, a), left - a)

    walk((), dice)
    return out


def enumerate_splits(dice: int, required: Sequence[int]) -> tuple[tuple[int, ...], Fraction]:
    """The best split by trying every split (the plain method, for tests and benchmarks)."""
    _check(dice, required)
    parts = len(required)
    best: tuple[tuple[int, int], tuple[int, ...]] | None = None

    def walk(prefix: tuple[int, ...], left: int) -> None:
        nonlocal best
        if len(prefix) == parts - 1:
            split = (*prefix, left)
            value = 1
            for a, r in zip(split, required, strict=True):
                value *= _ways(a, r)
            candidate = ((value, 0), split)
            if best is None or (value, _key(split)) > (best[0][0], _key(best[1])):
                best = candidate
            return
        for a in range(left + 1):
            walk((*prefix, a), left - a)

    walk((), dice)
    assert best is not None
    return best[1], Fraction(best[0][0], 3**dice)
