"""The table's door to the rules: it asks the protocol's actions (the same typed
models and handlers as ``regelwerk.resolve``), with the table's dice and language.

Every roll comes back as a record of what was asked, every die (sides and face)
in rolling order, and the full answer with its exact odds.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from regelwerk.dice.random_sources import RandomSource
from regelwerk.errors import LimitExceeded, RegelwerkError, RequestError, RuleError
from regelwerk.i18n import translator
from regelwerk.protocol.registry import Context, registry
from regelwerk.table.errors import InvalidCommand, NotAllowed, Speaker, again, invalid_fields

__all__ = ["NoDice", "RecordingSource", "ask", "run"]


class RecordingSource:
    """Passes faces through from another source and remembers each die."""

    __slots__ = ("dice", "inner")

    def __init__(self, inner: RandomSource) -> None:
        self.inner = inner
        self.dice: list[dict[str, int]] = []

    def roll(self, sides: int) -> int:
        """One face from the inner source, recorded."""
        face = self.inner.roll(sides)
        self.dice.append({"sides": sides, "face": face})
        return face


class NoDice:
    """The source of a step that must not roll: any die is an error."""

    def roll(self, sides: int) -> int:
        """Refuses."""
        raise RuleError("this step rolls no dice (a d{sides} was asked for)", sides=sides)


def run(system: str, action: str, fields: dict[str, Any], lang: str,
        source: RandomSource) -> dict[str, Any]:
    """The protocol answer of ``action`` (without ``ok``); a bad request is
    ``InvalidCommand``, a rule's refusal ``NotAllowed``."""
    t = Speaker(translator(lang))
    asked = f"{system} {action}"
    try:
        entry = registry()[system][action]
    except KeyError:
        raise InvalidCommand(t("unknown rules action {system} {action}", system=system,
                               action=action)) from None
    try:
        model = entry.model.model_validate(fields)
        cost = entry.estimate(model)  # the cost budget, before any work (docs/limits.md)
        omitted = None
        if not cost.affordable:
            reason = cost.reason()
            if not entry.odds_optional:
                raise LimitExceeded(reason)
            omitted = t(reason.template, **reason.values)  # a Said: said again in others
        return entry.handler(model, Context(source, t.translator, omitted))
    except ValidationError as error:
        raise InvalidCommand(invalid_fields(t, asked, error)) from None
    except RequestError as error:
        raise InvalidCommand(t("{command}: {problem}", command=asked,
                               problem=again(error))) from None
    except RegelwerkError as error:
        raise NotAllowed(t.again(error)) from None


def ask(system: str, action: str, fields: dict[str, Any], lang: str) -> dict[str, Any]:
    """A rules answer that rolls no dice (health, durations, turn plans …)."""
    return run(system, action, fields, lang, NoDice())
