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
from regelwerk.table.service import Viewer

__all__ = ["DEGREES", "Preview", "check_preview"]

DEGREES = ("critical_success", "success", "failure", "critical_failure")


@dataclass(frozen=True, slots=True)
class Preview:
    chances: tuple[tuple[str, float], ...]
    """Each degree of success, best first, with its exact chance."""
    modifier: int | None
    error: str = ""


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
