"""Request fields shared by the dnd5e actions, and how they make a ``Roller``."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

from pydantic import BaseModel, Field, StrictBool, StrictFloat, StrictInt

from regelwerk.errors import RequestError
from regelwerk.i18n import Translator
from regelwerk.protocol.fields import MODEL_CONFIG, int_or_named, named
from regelwerk.protocol.names import NameTable
from regelwerk.systems.dnd5e.abilities import ABILITIES, ability_modifier
from regelwerk.systems.dnd5e.d20 import mode_for
from regelwerk.systems.dnd5e.proficiency import apply_proficiency, proficiency_bonus
from regelwerk.systems.dnd5e.rolls import Modifier, Roller

__all__ = ["DC", "DCS", "RollerFields", "explain"]

DCS: NameTable[int] = NameTable(
    "difficulty",
    {
        "very_easy": (5, ("mjög létt", "sehr leicht")),
        "easy": (10, ("létt", "leicht")),
        "medium": (15, ("meðal", "mittel", "moderate")),
        "hard": (20, ("erfitt", "schwer")),
        "very_hard": (25, ("mjög erfitt", "sehr schwer")),
        "nearly_impossible": (30, ("nær ómögulegt", "nahezu unmöglich")),
    },
)
"""Dæmigerð erfiðleikastig: the typical DCs of the text."""

DC = int_or_named(DCS, 1, 100)
Sources = Annotated[StrictInt, Field(ge=0, le=100)]


class RollerFields(BaseModel):
    """Who rolls: ability score or modifier, proficiency, bonuses, advantage, Lucky."""

    model_config = MODEL_CONFIG
    score: Annotated[StrictInt, Field(ge=1, le=30)] | None = Field(
        None, description="ability score 1–30 (or give modifier)")
    modifier: Annotated[StrictInt, Field(ge=-20, le=50)] | None = Field(
        None, description="ability modifier (or give score)")
    ability: named(ABILITIES) | None = None  # type: ignore[valid-type]
    proficient: StrictBool = False
    proficiency_bonus: Annotated[StrictInt, Field(ge=0, le=20)] | None = None
    level: Annotated[StrictInt, Field(ge=1, le=20)] | None = None
    proficiency_multipliers: list[
        Annotated[StrictInt | StrictFloat, Field(gt=0, le=10)]
    ] = Field(default_factory=list, max_length=20)
    bonuses: list[Annotated[StrictInt, Field(ge=-100, le=100)]] = Field(
        default_factory=list, max_length=50, description="other bonuses and penalties")
    advantage: Sources = 0
    disadvantage: Sources = 0
    lucky: StrictBool = False

    def roller(self) -> tuple[Roller, tuple[tuple[str, str], ...]]:
        """The roller and the grants that were ignored, with the reason."""
        if (self.score is None) == (self.modifier is None):
            raise RequestError("give either 'score' (1–30) or 'modifier', exactly one",
                               code="missing_field" if self.score is None else "invalid_value")
        if self.level is not None and self.proficiency_bonus is not None:
            raise RequestError("give either 'level' or 'proficiency_bonus', not both",
                               code="invalid_value")
        ability = self.modifier if self.score is None else ability_modifier(self.score)
        assert ability is not None
        bonus = 0
        if self.proficient or self.proficiency_multipliers:
            if self.level is not None:
                bonus = proficiency_bonus(self.level)
            elif self.proficiency_bonus is not None:
                bonus = self.proficiency_bonus
            elif self.proficient:
                raise RequestError(
                    "a proficient roll needs 'level' (1–20) or 'proficiency_bonus'",
                    code="missing_field")
        multipliers = [Fraction(str(m)) for m in self.proficiency_multipliers]
        applied = apply_proficiency(bonus, self.proficient, multipliers)
        parts = [Modifier("ability", ability)]
        if self.proficient:
            parts.append(Modifier("proficiency", applied.value))
        parts.extend(Modifier("bonus", b) for b in self.bonuses)
        mode = mode_for(self.advantage, self.disadvantage)
        ignored = list(applied.ignored)
        if self.advantage > 1 or self.disadvantage > 1:
            ignored.append(("extra sources", "one_extra_d20"))
        if self.advantage and self.disadvantage:
            ignored.append(("advantage and disadvantage", "cancel"))
        return Roller(tuple(parts), mode, self.lucky), tuple(ignored)


def reason_text(t: Translator, code: str) -> str:
    """Why a grant did not count, in the reader's language."""
    return {
        "no_proficiency": t("no proficiency on this roll: 0 multiplied stays 0"),
        "multiplied_once": t("the proficiency bonus is multiplied only once"),
        "divided_once": t("the proficiency bonus is divided only once"),
        "times_one": t("multiplying by 1 changes nothing"),
        "one_extra_d20": t("at most one extra d20, however many sources"),
        "cancel": t("advantage and disadvantage cancel: a single d20 is rolled"),
    }[code]


def explain(roller: Roller, ignored: tuple[tuple[str, str], ...],
            t: Translator) -> dict[str, Any]:
    """The breakdown fields of a response."""
    return {
        "modifiers": [{"label": m.label, "value": m.value} for m in roller.modifiers],
        "ignored": [{"label": label, "reason_code": code, "reason": reason_text(t, code)}
                    for label, code in ignored],
    }
