"""A dice roll as the page shows it: the dice (dropped ones struck through), the
total, the exact odds and the chart of the distribution with the total marked."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from regelwerk import resolve
from regelwerk.dice import distribution_of, parse
from regelwerk.dice.limits import ROLL_ODDS_WORK
from regelwerk.errors import RegelwerkError
from regelwerk.web.charts import Chart, chart

__all__ = ["DieView", "RollError", "RollView", "TermView", "odds_chart", "roll_view", "view_of"]


@dataclass(frozen=True, slots=True)
class DieView:
    value: int
    sides: int
    struck: bool
    """Dropped by keep/drop or replaced by a reroll: it does not count."""
    exploded: bool
    success: bool | None


@dataclass(frozen=True, slots=True)
class TermView:
    term: str
    label: str | None
    total: int
    dice: tuple[DieView, ...]


@dataclass(frozen=True, slots=True)
class RollView:
    expression: str
    total: int
    text: str
    terms: tuple[TermView, ...]
    at_least: float | None
    """The chance of this total or more (``None`` when too costly to compute)."""
    exactly: float | None
    chart: Chart | None
    mean: Fraction | None


@dataclass(frozen=True, slots=True)
class RollError:
    expression: str
    code: str
    message: str


def odds_chart(expression: str, rolled: int | None) -> tuple[Chart | None, Fraction | None]:
    """The chart of ``expression``'s exact distribution and its mean, or
    ``(None, None)`` when the distribution is beyond the roll's odds budget."""
    try:
        exact = distribution_of(parse(expression), ROLL_ODDS_WORK)
    except RegelwerkError:
        return None, None
    return chart(exact.distribution.items(), rolled), Fraction(exact.mean)


def view_of(response: dict[str, Any], with_chart: bool = True) -> RollView:
    """The view of a successful ``dice.roll`` response (or an event carrying one)."""
    terms = tuple(
        TermView(
            term=term["term"],
            label=term.get("label"),
            total=term["total"],
            dice=tuple(
                DieView(
                    value=die["value"],
                    sides=die["sides"],
                    struck=bool(die.get("dropped") or die.get("rerolled")),
                    exploded=bool(die.get("exploded")),
                    success=die.get("success"),
                )
                for die in term["dice"]
            ),
        )
        for term in response.get("terms", [])
    )
    drawn, mean = odds_chart(response["expression"], response["total"]) if with_chart else (
        None, None)
    return RollView(
        expression=response["expression"],
        total=response["total"],
        text=response.get("text", ""),
        terms=terms,
        at_least=response.get("probability_at_least"),
        exactly=response.get("probability"),
        chart=drawn,
        mean=mean,
    )


def roll_view(expression: str, lang: str) -> RollView | RollError:
    """Roll ``expression`` openly with the secure random source."""
    response = resolve({"system": "dice", "action": "roll", "expression": expression,
                        "lang": lang})
    if not response["ok"]:
        error = response["error"]
        return RollError(expression, error["code"], error["message"])
    return view_of(response)
