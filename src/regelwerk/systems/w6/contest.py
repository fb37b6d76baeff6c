"""Konkurrierende Proben: two parties roll their own pools; more Erfolge wins.

"derjenige, der mehr Erfolge erreicht, gewinnt" — the text does not say what a
tie means; by default it is reported as a tie, and a table may give ties to
either side (docs/rulings.md, "W6: ties in a Konkurrierende Probe").

"Selbstverständlich kann auch hier von Erschwerungen sowie Komplexen Proben Gebrauch
gemacht werden": each party's pool carries its own Erschwerung, and a party may roll a
Komplexe Probe (a binding split with required Erfolge per roll).  A party's Probe holds
when every roll of its Komplexe Probe gets its Erfolge (a plain Probe always holds);
a party whose Probe holds beats one whose Probe fails, and between two that hold (or
two that fail) more Erfolge win (docs/rulings.md, "W6: Komplexe Proben in a contest").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from regelwerk.dice.random_sources import RandomSource
from regelwerk.systems.w6.complex import check_split
from regelwerk.systems.w6.pool import Pool
from regelwerk.systems.w6.probe import is_success, roll_pool, success_distribution

__all__ = ["Contest", "Party", "Side", "Standing", "TiePolicy", "contest", "contest_odds",
           "standing", "winner"]

Side = Literal["a", "b", "tie"]
TiePolicy = Literal["tie", "a", "b"]
Standing = tuple[bool, int]
"""Whether a party's Probe holds, and its Erfolge."""


@dataclass(frozen=True, slots=True)
class Party:
    """One side of a contest: its pool, and for a Komplexe Probe the binding ``split``
    and the Erfolge ``required`` of each roll."""

    pool: Pool
    split: tuple[int, ...] = ()
    required: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.split or self.required:
            check_split(self.pool, self.split, self.required)

    @property
    def complex(self) -> bool:
        """A Komplexe Probe."""
        return bool(self.split)


def _party(side: Pool | Party) -> Party:
    return side if isinstance(side, Party) else Party(side)


def winner(a: int | Standing, b: int | Standing, tie: TiePolicy = "tie") -> Side:
    """Who wins: a Probe that holds beats one that fails; then more Erfolge win; a tie
    goes as the table decides.  Plain numbers are Erfolge of Probes that hold."""
    sa = a if isinstance(a, tuple) else (True, a)
    sb = b if isinstance(b, tuple) else (True, b)
    if sa > sb:
        return "a"
    if sb > sa:
        return "b"
    return tie


def standing(party: Party, faces: Sequence[int]) -> Standing:
    """Whether the party's Probe holds with these faces (rolled in the split's order),
    and its Erfolge."""
    total = sum(1 for f in faces if is_success(f))
    if not party.complex:
        return True, total
    holds, start = True, 0
    for dice, need in zip(party.split, party.required, strict=True):
        part = faces[start:start + dice]
        start += dice
        holds = holds and sum(1 for f in part if is_success(f)) >= need
    return holds, total


def _distribution(party: Party) -> dict[Standing, Fraction]:
    """The exact chance of each standing: per roll of a Komplexe Probe, the Erfolge
    convolved, with whether each roll got its requirement."""
    if not party.complex:
        return {(True, s): p for s, p in success_distribution(party.pool.dice).items()}
    out: dict[Standing, Fraction] = {(True, 0): Fraction(1)}
    for dice, need in zip(party.split, party.required, strict=True):
        step: dict[Standing, Fraction] = {}
        for (holds, total), p in out.items():
            for s, q in success_distribution(dice).items():
                key = (holds and s >= need, total + s)
                step[key] = step.get(key, Fraction(0)) + p * q
        out = step
    return out


def contest_odds(a: Pool | Party, b: Pool | Party, tie: TiePolicy = "tie") -> dict[Side, Fraction]:
    """The exact chance of each outcome: each standing of a against the chance that b's
    standing is below, equal or above it (one pass over both sorted distributions,
    linear in their sizes)."""
    dist_a = sorted(_distribution(_party(a)).items())
    dist_b = sorted(_distribution(_party(b)).items())
    chances: dict[Side, Fraction] = {"a": Fraction(0), "b": Fraction(0), "tie": Fraction(0)}
    below, i = Fraction(0), 0
    for sa, pa in dist_a:
        while i < len(dist_b) and dist_b[i][0] < sa:
            below += dist_b[i][1]
            i += 1
        equal = dist_b[i][1] if i < len(dist_b) and dist_b[i][0] == sa else Fraction(0)
        chances["a"] += pa * below
        chances[tie] += pa * equal
        chances["b"] += pa * (1 - below - equal)
    return chances


@dataclass(frozen=True, slots=True)
class Contest:
    """A rolled Konkurrierende Probe."""

    a: Pool
    b: Pool
    a_faces: tuple[int, ...]
    b_faces: tuple[int, ...]
    tie: TiePolicy
    probabilities: dict[Side, Fraction]
    a_party: Party | None = None
    b_party: Party | None = None

    @property
    def a_successes(self) -> int:
        """Erfolge of party a."""
        return sum(1 for face in self.a_faces if is_success(face))

    @property
    def b_successes(self) -> int:
        """Erfolge of party b."""
        return sum(1 for face in self.b_faces if is_success(face))

    @property
    def a_holds(self) -> bool:
        """Party a's Probe holds (always, for a plain Probe)."""
        return standing(self.a_party or Party(self.a), self.a_faces)[0]

    @property
    def b_holds(self) -> bool:
        """Party b's Probe holds (always, for a plain Probe)."""
        return standing(self.b_party or Party(self.b), self.b_faces)[0]

    @property
    def winner(self) -> Side:
        """``a``, ``b`` or ``tie``."""
        return winner(standing(self.a_party or Party(self.a), self.a_faces),
                      standing(self.b_party or Party(self.b), self.b_faces), self.tie)


def contest(a: Pool | Party, b: Pool | Party, source: RandomSource,
            tie: TiePolicy = "tie") -> Contest:
    """Roll a Konkurrierende Probe; party a's dice are rolled first (a Komplexe Probe's
    rolls in the order of its split)."""
    pa, pb = _party(a), _party(b)
    a_faces = roll_pool(pa.pool.dice, source)
    b_faces = roll_pool(pb.pool.dice, source)
    return Contest(pa.pool, pb.pool, a_faces, b_faces, tie, contest_odds(pa, pb, tie), pa, pb)
