"""Rolling any dice expression at the table (the notation of the ``dice`` system's
``roll``), openly or secretly, with the table's provably fair dice."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field, StrictBool, StrictStr

from regelwerk.table.decide import COMMAND_CONFIG, Decision, command
from regelwerk.table.state import Event, State, folds


class Roll(BaseModel):
    """Roll a dice expression (e.g. ``2d6+3``, ``4d6kh3``, ``3W6``); ``secret`` (game
    master only): the result, dice and odds go only to the game master, players see
    that a secret roll happened."""

    model_config = COMMAND_CONFIG
    expression: Annotated[StrictStr, Field(min_length=1, max_length=200)]
    secret: StrictBool = False
    label: StrictStr = Field("", max_length=80)


@command("roll", Roll)
def _roll(d: Decision, c: Roll) -> None:
    if c.secret:
        d.need_gm()
    d.roll("dice", "roll", {"expression": c.expression}, c.label or c.expression)
    d.emit("dice_rolled", {"expression": c.expression, "label": c.label,
                           "secret": c.secret}, ("gm",) if c.secret else ("*",))


@folds("dice_rolled")
def _dice_rolled(state: State, event: Event) -> None:
    """A logged roll changes nothing but the log."""
