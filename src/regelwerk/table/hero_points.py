"""Spending a hero point to reroll a check (PF2e): "Gib 1 Heldenpunkt aus, um einen
Wurf zu wiederholen. Du musst das neue Resultat behalten. Dies ist ein Glückseffekt
– dies bedeutet, dass du nicht mehr als 1 Heldenpunkt pro Wurf ausgeben kannst."

The state remembers each character's latest check (``rerollable``, kept by the
fold of ``check_rolled``); ``reroll`` rolls that check again with the table's fair
dice, keeps the new result and spends one hero point.  The other use, spending all
hero points to avoid death, is ``avoid_death`` and ``heroic_recovery``
(``health_commands.py``).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field, StrictStr

from regelwerk.table.decide import COMMAND_CONFIG, Decision, command
from regelwerk.table.errors import NotAllowed
from regelwerk.table.state import State

__all__ = ["forget_rerolls", "remember_check", "spend_for_reroll"]

Id = Annotated[StrictStr, Field(min_length=1, max_length=40)]


def _summary(result: dict[str, Any]) -> dict[str, Any]:
    """What the log says of a result: the d20's face, the total, the degree."""
    return {"natural": result.get("natural"), "total": result.get("total"),
            "degree": result.get("degree")}


def remember_check(state: State, sequence: int, payload: dict[str, Any],
                   audience: tuple[str, ...]) -> None:
    """Keep a PF2e check as the latest one its character may reroll (the fold of
    ``check_rolled``)."""
    rolls = payload.get("rolls") or []
    if state.get("system") != "pf2e" or len(rolls) != 1 \
            or rolls[0]["request"].get("action") != "check":
        return
    record = rolls[0]
    state.setdefault("rerollable", {})[payload["character_id"]] = {
        "sequence": sequence, "request": record["request"], "label": record["label"],
        "statistic": payload.get("statistic", ""), "secret": bool(payload.get("secret")),
        "audience": list(audience), "before": _summary(record["result"])}


def spend_for_reroll(state: State, payload: dict[str, Any]) -> None:
    """The fold of ``check_rerolled``: one hero point spent, the check rerolled."""
    character = state["characters"].get(payload["character_id"])
    if character is not None:
        character["health"]["hero_points"] = int(payload["hero_points"])
    state.get("rerollable", {}).pop(payload["character_id"], None)


def forget_rerolls(state: State, undone: list[int]) -> None:
    """After an undo a check that is no longer in force cannot be rerolled."""
    kept = state.get("rerollable", {})
    for character_id in [c for c, v in kept.items() if v["sequence"] in undone]:
        del kept[character_id]


class Reroll(BaseModel):
    """Spend 1 hero point to reroll the character's latest check (PF2e): the new
    result stands."""

    model_config = COMMAND_CONFIG
    character_id: Id


@command("reroll", Reroll)
def _reroll(d: Decision, c: Reroll) -> None:
    character = d.own(c.character_id)
    if d.state["system"] != "pf2e":
        raise NotAllowed(d.t("Hero points are a rule of PF2e."))
    points = int((character.get("health") or {}).get("hero_points", 0))
    if points < 1:
        raise NotAllowed(d.t("{name} has no hero point left.", name=character["name"]))
    latest = (d.state.get("rerollable") or {}).get(c.character_id)
    if latest is None:
        # One hero point per roll: a rerolled check is no longer rerollable.
        raise NotAllowed(d.t("{name} has no check to reroll: a hero point rerolls the "
                             "latest check, once.", name=character["name"]))
    request = {k: v for k, v in latest["request"].items() if k not in ("system", "action")}
    if request.get("fortune"):
        raise NotAllowed(d.t("This check already had a fortune effect; a hero point is "
                             "one too, and only one applies."))
    record = d.roll("pf2e", "check", request, latest["label"])
    d.emit("check_rerolled", {
        "character_id": c.character_id, "statistic": latest["statistic"],
        "secret": latest["secret"], "rerolls": latest["sequence"],
        "before": latest["before"], "after": _summary(record["result"]),
        "hero_points": points - 1}, tuple(latest["audience"]))
