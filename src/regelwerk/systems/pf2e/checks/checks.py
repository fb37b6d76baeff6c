"""Würfe: a d20 plus the total modifier against a DC, with fortune and misfortune
(Glücks- und Unglückseffekte) and a hero point reroll.

Fortune rolls twice and takes the higher, misfortune the lower; both together
cancel; a roll takes at most one fortune effect, and spending a Heldenpunkt to
reroll is one ("Dies ist ein Glückseffekt – dies bedeutet, dass du nicht mehr als 1
Heldenpunkt pro Wurf ausgeben kannst."); "Du musst das neue Resultat behalten."
See docs/rulings.md, "PF2e: fortune, misfortune and hero point rerolls".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from regelwerk.dice.random_sources import RandomSource
from regelwerk.errors import RuleError
from regelwerk.odds.enumerate import outcomes
from regelwerk.systems.pf2e.checks.degrees import Adjustment, Degree, DegreeResult, degree_of

__all__ = ["Check", "CheckRoll", "Roll", "natural_distribution", "unknown_secret"]


def _mode(fortune: bool, misfortune: bool) -> str:
    if fortune and not misfortune:
        return "fortune"
    if misfortune and not fortune:
        return "misfortune"
    return "normal"


def _natural(mode: str, source: RandomSource) -> tuple[tuple[int, ...], int]:
    if mode == "normal":
        face = source.roll(20)
        return (face,), face
    faces = (source.roll(20), source.roll(20))
    return faces, max(faces) if mode == "fortune" else min(faces)


@lru_cache(maxsize=4)
def natural_distribution(mode: str) -> tuple[tuple[int, Fraction], ...]:
    """The exact chance of each natural face: one d20, or the higher or lower of two."""
    return tuple(sorted(outcomes(lambda source: _natural(mode, source)[1]).items()))


@dataclass(frozen=True, slots=True)
class Roll:
    """One roll of the d20s: the faces, the natural face that counts, total and degree."""

    faces: tuple[int, ...]
    natural: int
    total: int
    result: DegreeResult


@dataclass(frozen=True, slots=True)
class CheckRoll:
    """A rolled check: the roll that stands, and the first roll if a hero point
    rerolled it."""

    roll: Roll
    first: Roll | None

    @property
    def faces(self) -> tuple[int, ...]:
        """Every d20 face rolled, in order."""
        return (self.first.faces if self.first else ()) + self.roll.faces


@dataclass(frozen=True, slots=True)
class Check:
    """A check: total modifier against a DC, with fortune, misfortune, degree
    adjustments and the player's hero point policy (``reroll_on``: the degrees on
    which a hero point is spent to reroll)."""

    modifier: int
    dc: int
    fortune: bool = False
    misfortune: bool = False
    adjustments: tuple[Adjustment, ...] = ()
    reroll_on: frozenset[Degree] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if self.reroll_on and self.fortune:
            raise RuleError(
                "a roll takes only one fortune effect: with fortune, no hero point reroll",
                code="invalid_value",
            )

    @property
    def mode(self) -> str:
        """``fortune``, ``misfortune`` or ``normal`` (both together cancel)."""
        return _mode(self.fortune, self.misfortune)

    def judge(self, natural: int) -> DegreeResult:
        """The degree for a natural face."""
        return degree_of(natural, natural + self.modifier, self.dc, self.adjustments)

    def _once(self, source: RandomSource) -> Roll:
        faces, natural = _natural(self.mode, source)
        return Roll(faces, natural, natural + self.modifier, self.judge(natural))

    def roll(self, source: RandomSource) -> CheckRoll:
        """Roll; a degree in ``reroll_on`` spends a hero point to reroll, and the new
        result stands (the misfortune, if any, applies to the new roll too)."""
        first = self._once(source)
        if first.result.degree in self.reroll_on:
            return CheckRoll(self._once(source), first)
        return CheckRoll(first, None)

    def single_odds(self) -> dict[Degree, Fraction]:
        """The chance of each degree for one roll, without a reroll."""
        chances = dict.fromkeys(Degree, Fraction(0))
        for natural, p in natural_distribution(self.mode):
            chances[self.judge(natural).degree] += p
        return chances

    def odds(self) -> dict[Degree, Fraction]:
        """The chance of each final degree, the hero point policy included."""
        once = self.single_odds()
        rerolled = sum((once[d] for d in self.reroll_on), Fraction(0))
        return {d: (0 if d in self.reroll_on else once[d]) + rerolled * once[d] for d in Degree}


def unknown_secret(check: Check, *, automatic_fortune: bool = False,
                   automatic_misfortune: bool = False) -> tuple[Check, tuple[str, ...]]:
    """A secret check the player does not know about: "dann kannst du keine Glücks- oder
    Unglückseffekte [...] auf den Wurf anwenden. Ausnahme: Wenn du über Glücks- oder
    Unglückseffekte verfügst, die automatisch angewendet werden, wendet der SL sie auch
    auf den verdeckten Wurf an."  The check without the chosen ones (a hero point
    reroll is chosen), and the names of those left out."""
    dropped = []
    fortune = check.fortune and automatic_fortune
    misfortune = check.misfortune and automatic_misfortune
    if check.fortune and not fortune:
        dropped.append("fortune")
    if check.misfortune and not misfortune:
        dropped.append("misfortune")
    if check.reroll_on:
        dropped.append("hero_point_reroll")
    return (Check(check.modifier, check.dc, fortune, misfortune, check.adjustments,
                  frozenset()), tuple(dropped))


def flat_check_dc(dcs: Sequence[int]) -> int:
    """Several flat checks on one event are one roll at the highest DC."""
    if not dcs:
        raise RuleError("give at least one DC", code="missing_field")
    return max(dcs)


def flat_check_needs_roll(dc: int) -> bool | None:
    """``None`` if a roll is needed; otherwise the automatic result: DC 1 or less
    succeeds, DC 21 or more fails."""
    if dc <= 1:
        return True
    if dc >= 21:
        return False
    return None
