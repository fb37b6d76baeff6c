"""Table settings: how health shows to players, how initiative ties break, and per
kind of automated step whether it runs by itself or as a proposal the game master
confirms or overrides."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regelwerk.i18n import translator
from regelwerk.table.errors import InvalidCommand

__all__ = ["AUTOMATION_STEPS", "SETTINGS", "TIE_RULES", "default_settings", "validate_setting"]

AUTOMATION_STEPS = ("start_of_turn", "recovery_check", "end_of_turn", "persistent_damage",
                    "initiative_move")
"""The kinds of automated steps (docs/table.md, "Automation")."""
TIE_RULES = ("foes_first", "characters_first", "modifier", "given_order")
"""How equal initiative results are ordered (docs/rulings.md, "Table: initiative ties")."""


def default_settings() -> dict[str, Any]:
    """The settings of a new table."""
    return {"health_estimate": True, "initiative_ties": "foes_first", "hidden_ac_odds": True,
            "automation": dict.fromkeys(AUTOMATION_STEPS, "auto")}


SETTINGS = ("health_estimate", "initiative_ties", "hidden_ac_odds",
            *(f"automation.{step}" for step in AUTOMATION_STEPS))


def validate_setting(key: str, value: Any, t: Callable[..., str] | None = None) -> Any:
    """The value if ``key`` takes it, or ``InvalidCommand`` saying what is allowed (in
    the language of the translator ``t``; English without one)."""
    t = t or translator("en")
    if key == "health_estimate":
        if not isinstance(value, bool):
            raise InvalidCommand(t("health_estimate is true (players see others' health "
                                   "as an estimate) or false (exact hit points)"))
        return value
    if key == "hidden_ac_odds":
        if not isinstance(value, bool):
            raise InvalidCommand(t("hidden_ac_odds is true (players see the odds of their "
                                   "Strikes against an AC they do not know, never the AC) "
                                   "or false (no odds)"))
        return value
    if key == "initiative_ties":
        if value not in TIE_RULES:
            raise InvalidCommand(t("initiative_ties is one of {allowed}",
                                   allowed=", ".join(TIE_RULES)))
        return value
    if key.startswith("automation.") and key.split(".", 1)[1] in AUTOMATION_STEPS:
        if value not in ("auto", "propose"):
            raise InvalidCommand(t("{key} is 'auto' or 'propose'", key=key))
        return value
    raise InvalidCommand(t("unknown setting {key}: allowed are {allowed}", key=repr(key[:60]),
                           allowed=", ".join(SETTINGS)))
