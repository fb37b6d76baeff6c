"""The odds of a check before it is rolled ("55 % to hit, 5 % critical").

The preview asks the table's own check rules (``regelwerk.table.checks``) what
the check would be (the sheet's modifier, the conditions' penalties) and the
rules for its exact odds; the die it needs for that answer is thrown away.  It
reads only the viewer's own filtered state, so it knows nothing the viewer
does not see.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from regelwerk.dice.random_sources import SeededRandomSource
from regelwerk.errors import RegelwerkError
from regelwerk.table.checks import check_fields
from regelwerk.table.commands import Check
from regelwerk.table.decide import Decision, Entropy
from regelwerk.table.rules import run
from regelwerk.table.service import TableService, Viewer

__all__ = ["DEGREES", "DamagePreview", "Preview", "check_preview", "damage_preview",
           "strike_preview"]

DEGREES = ("critical_success", "success", "failure", "critical_failure")


@dataclass(frozen=True, slots=True)
class Preview:
    chances: tuple[tuple[str, float], ...]
    """Each degree of success, best first, with its exact chance."""
    modifier: int | None
    error: str = ""
    hit: float | None = None
    """A Strike's chance to hit (a success or a critical success)."""
    critical: float | None = None
    """A Strike's chance of a critical hit."""


def check_preview(state: Mapping[str, Any], viewer: Viewer,
                  command: Mapping[str, Any]) -> Preview:
    """The chances of each degree of the ``check`` command, without rolling it."""
    try:
        check = Check.model_validate({k: v for k, v in command.items() if k != "type"})
        decision = Decision(dict(state), viewer, Entropy("", ""))
        character = decision.own(check.character_id)
        action, fields = check_fields(decision, character, check)
        answer = run(str(state["system"]), action, fields, str(state.get("lang", "en")),
                     SeededRandomSource(0))
    except (RegelwerkError, ValueError) as error:
        return Preview((), None, str(getattr(error, "message", error)))
    chances = answer.get("probabilities") or {}
    ordered = [(d, float(chances[d])) for d in DEGREES if d in chances]
    ordered += [(str(k), float(v)) for k, v in chances.items()
                if k not in DEGREES and isinstance(v, (int, float))]
    if not ordered and isinstance(answer.get("probability"), (int, float)):
        ordered = [("success", float(answer["probability"]))]
    modifier = answer.get("modifier")
    return Preview(tuple(ordered), modifier if isinstance(modifier, int) else None)


def strike_preview(service: TableService, viewer: Viewer, character_id: str,
                   strike_name: str, target_id: str) -> Preview:
    """The chances of each degree of a Strike made now, as the server decides them
    (``TableService.strike_odds``): against a creature's hidden AC only when the table
    shows such odds, and never the AC itself."""
    try:
        answer = service.strike_odds(viewer, character_id, strike_name, target_id)
    except (RegelwerkError, ValueError, KeyError) as error:
        return Preview((), None, str(getattr(error, "message", error)))
    return Preview(tuple(answer["chances"].items()), int(answer["modifier"]),
                   hit=float(answer["hit"]), critical=float(answer["critical"]))


@dataclass(frozen=True, slots=True)
class DamagePreview:
    total: int | None
    steps: tuple[str, ...]
    """Each immunity, weakness or resistance that changed the damage."""
    error: str = ""


def damage_preview(state: Mapping[str, Any], viewer: Viewer, character_id: str,
                   amount: int, damage_type: str, critical: bool) -> DamagePreview:
    """What ``amount`` damage of ``damage_type`` would do to the character after its
    immunities, weaknesses and resistances (the game master's view)."""
    from regelwerk.table.pf2e_turns import target_of

    try:
        decision = Decision(dict(state), viewer, Entropy("", ""))
        decision.need_gm()
        target = decision.character(character_id)
        answer = decision.ask("pf2e", "apply_damage", {
            "damage": [{"amount": amount, "type": damage_type, "traits": []}],
            "critical": critical, "target": target_of(target)})
    except (RegelwerkError, ValueError, KeyError) as error:
        return DamagePreview(None, (), str(getattr(error, "message", error)))
    steps = tuple(str(step.get("text", "")) for instance in answer.get("instances", [])
                  for step in instance.get("steps", []))
    return DamagePreview(int(answer["total"]), steps)
