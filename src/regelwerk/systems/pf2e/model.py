"""Request fields shared by the pf2e actions."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

from pydantic import BaseModel, Field, StrictFloat, StrictInt, StrictStr

from regelwerk.errors import RequestError
from regelwerk.i18n import Translator
from regelwerk.protocol.fields import MODEL_CONFIG, named
from regelwerk.systems.pf2e.checks.degrees import Adjustment, Degree
from regelwerk.systems.pf2e.checks.modifiers import Ignored, Modifier, Stacked, stack
from regelwerk.systems.pf2e.names import DEGREES, MODIFIER_TYPES

__all__ = [
    "AdjustmentFields",
    "DegreeName",
    "ModifierFields",
    "Number",
    "RolledFields",
    "degree",
    "fraction",
    "ignored_reason",
    "stacked_json",
]

DegreeName = named(DEGREES)
Number = Annotated[StrictInt | StrictFloat, Field(ge=-1_000_000, le=1_000_000)]
Value = Annotated[StrictInt, Field(ge=-1000, le=1000)]


def degree(name: str) -> Degree:
    """The Degree of a canonical name."""
    return Degree(DEGREES.values[name])


def fraction(value: float | int) -> Fraction:
    """An exact number from JSON (0.3 is 3/10, not the nearest float)."""
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


class ModifierFields(BaseModel):
    """A modifier, bonus or penalty: ``{"value": int, "type": t, "label": str}``."""

    model_config = MODEL_CONFIG
    value: Value
    type: named(MODIFIER_TYPES) = "untyped"  # type: ignore[valid-type]
    label: StrictStr = Field("", max_length=80)

    def modifier(self) -> Modifier:
        """The rules' modifier."""
        return Modifier(self.value, self.type, self.label)


class AdjustmentFields(BaseModel):
    """An ability that adjusts the degree after the natural 20/1 rule."""

    model_config = MODEL_CONFIG
    reason: StrictStr = Field(max_length=80)
    steps: Annotated[StrictInt, Field(ge=-3, le=3)] = 0
    to: DegreeName | None = None  # type: ignore[valid-type]
    when: DegreeName | None = None  # type: ignore[valid-type]

    def adjustment(self) -> Adjustment:
        """The rules' adjustment."""
        if (self.to is None) == (self.steps == 0):
            raise RequestError("an adjustment needs either 'steps' or 'to'",
                               code="invalid_value")
        return Adjustment(self.reason, self.steps, None if self.to is None else degree(self.to),
                          None if self.when is None else degree(self.when))


class RolledFields(BaseModel):
    """A roll's modifier: a plain ``modifier`` or a list of typed ``modifiers``."""

    model_config = MODEL_CONFIG
    modifier: Value | None = None
    modifiers: list[ModifierFields] | None = Field(None, max_length=100)

    def stacked(self) -> Stacked | None:
        """The stacked modifiers (``None`` for a plain modifier)."""
        if self.modifiers is None:
            return None
        return stack(m.modifier() for m in self.modifiers)

    def total(self) -> int:
        """The total modifier; exactly one of the two fields must be given."""
        if (self.modifier is None) == (self.modifiers is None):
            raise RequestError("give either 'modifier' (int) or 'modifiers' (list), exactly one",
                               code="missing_field" if self.modifier is None else "invalid_value")
        stacked = self.stacked()
        return stacked.total if stacked is not None else int(self.modifier or 0)


def _modifier_json(modifier: Modifier) -> dict[str, Any]:
    return {"value": modifier.value, "type": modifier.type, "label": modifier.label}


def type_label(t: Translator, kind: str) -> str:
    """A modifier type in the reader's language."""
    return {"ability": t("ability"), "proficiency": t("proficiency"), "item": t("item"),
            "circumstance": t("circumstance"), "status": t("status"),
            "untyped": t("untyped")}[kind]


def ignored_reason(t: Translator, entry: Ignored) -> str:
    """Why a modifier did not count, in the reader's language."""
    winner = entry.winner.label or f"{entry.winner.value:+d}"
    kind = type_label(t, entry.modifier.type)
    if entry.reason == "one_ability":
        return t("only one ability modifier counts: {winner} is used", winner=winner)
    if entry.reason == "worst_penalty":
        return t("only the worst {type} penalty counts: {winner} applies", type=kind,
                 winner=winner)
    return t("only the highest {type} bonus counts: {winner} applies", type=kind,
             winner=winner)


def stacked_json(stacked: Stacked, t: Translator) -> dict[str, Any]:
    """``applied`` and ``ignored`` (each with its reason code and reason)."""
    return {
        "applied": [_modifier_json(m) for m in stacked.applied],
        "ignored": [{**_modifier_json(e.modifier), "reason_code": e.reason,
                     "reason": ignored_reason(t, e)} for e in stacked.ignored],
    }

