"""Heldenpunkte: "Normalerweise bekommt jeder Charakter zu Beginn einer Spielsitzung
1 Heldenpunkt. [...] Du kannst über maximal 3 Heldenpunkte verfügen, doch am Ende der
Spielsitzung verlierst du alle verbleibenden Heldenpunkte"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from regelwerk.errors import NotAllowed, RuleError

__all__ = ["MAX_HERO_POINTS", "HeroPointEvent", "HeroPoints"]

MAX_HERO_POINTS = 3
START_OF_SESSION = 1

HeroPointEvent = Literal["start_session", "award", "reroll", "avoid_death", "end_session"]


@dataclass(frozen=True, slots=True)
class HeroPoints:
    """A character's hero points in the current session (0 to 3)."""

    points: int = START_OF_SESSION

    def __post_init__(self) -> None:
        if not 0 <= self.points <= MAX_HERO_POINTS:
            raise RuleError("hero points run from 0 to {max_hero_points}", code="out_of_range",
                            max_hero_points=MAX_HERO_POINTS)

    def start_session(self) -> HeroPoints:
        """A new session begins with 1 hero point."""
        return HeroPoints(START_OF_SESSION)

    def award(self, amount: int = 1) -> HeroPoints:
        """The game master awards points, up to the maximum of 3."""
        if amount < 1:
            raise RuleError("award at least 1 hero point", code="out_of_range")
        return HeroPoints(min(MAX_HERO_POINTS, self.points + amount))

    def reroll(self) -> HeroPoints:
        """Spend 1 point to reroll a check (a fortune effect; the new result stands)."""
        if self.points < 1:
            raise NotAllowed("no_hero_point", "no hero point left to reroll")
        return HeroPoints(self.points - 1)

    def avoid_death(self) -> tuple[HeroPoints, int]:
        """Spend all remaining points (at least 1) to avoid death; how many were spent."""
        if self.points < 1:
            raise NotAllowed("no_hero_point", "avoiding death needs at least 1 hero point")
        return HeroPoints(0), self.points

    def end_session(self) -> HeroPoints:
        """At the end of the session all remaining points are lost."""
        return HeroPoints(0)

    def apply(self, event: HeroPointEvent, amount: int = 1) -> HeroPoints:
        """The points after ``event``."""
        if event == "start_session":
            return self.start_session()
        if event == "award":
            return self.award(amount)
        if event == "reroll":
            return self.reroll()
        if event == "avoid_death":
            return self.avoid_death()[0]
        return self.end_session()
