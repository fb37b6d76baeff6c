"""Waking at the PF2e table: an unconscious creature shaken awake or woken by noise
(a Perception check against the noise's DC), and time passing, after which a
creature knocked out at 0 HP but no longer dying returns to 1 HP and wakes."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictInt, StrictStr

from regelwerk.table.checks import condition_modifiers, pf2e_modifier
from regelwerk.table.combat import emit_spent, need_pf2e, spend
from regelwerk.table.decide import COMMAND_CONFIG, Decision, command
from regelwerk.table.errors import InvalidCommand, NotAllowed
from regelwerk.table.steps import audience, health_change

__all__: list[str] = []

Id = Annotated[StrictStr, Field(min_length=1, max_length=40)]
_SUCCESS = ("success", "critical_success")


class Wake(BaseModel):
    """Wake an unconscious creature with more than 0 HP: ``shaken`` by someone
    (``by``, an Interact action in an encounter) or by ``noise`` (its Perception check
    against the noise's ``dc``, rolled with its conditions)."""

    model_config = COMMAND_CONFIG
    character_id: Id
    how: Literal["shaken", "noise"]
    by: Id | None = Field(None, description="who shakes it awake (shaken)")
    dc: Annotated[StrictInt, Field(ge=-100, le=200)] | None = Field(
        None, description="the noise's DC, or the Stealth DC of creatures trying to be quiet")


def _sleeper(character: dict[str, Any]) -> dict[str, Any]:
    """The creature's health with the unconscious condition from an effect (sleep)
    folded in, as the rules' wake wants it."""
    health = dict(character["health"])
    if "unconscious" in character["conditions"]:
        health["unconscious"] = True
    return health


@command("wake", Wake)
def _wake(d: Decision, c: Wake) -> None:
    # "Solltest du Bewusstlos sein und mehr als 1 Trefferpunkt besitzen [...], wachst du
    # auf eine der folgenden Weisen auf [...]: Jemand nutzt die Handlung Interaktion,
    # um dich wachzurütteln. Um dich herum herrscht Lärm [...] einen Wahrnehmungswurf
    # gegen den SG des Lärms [...]; bei Erfolg erwachst du."
    need_pf2e(d)
    sleeper = d.character(c.character_id)
    health = _sleeper(sleeper)
    if not health.get("unconscious"):
        raise NotAllowed(d.t("{name} is not unconscious.", name=sleeper["name"]))
    fields: dict[str, Any] = {"creature": health, "how": c.how}
    involved = [c.character_id]
    if c.how == "shaken":
        if c.by is None:
            raise InvalidCommand(d.t("Shaking a creature awake needs 'by': who shakes it."))
        d.own(c.by)
        if c.by == c.character_id:
            raise NotAllowed(d.t("An unconscious creature cannot shake itself awake."))
        involved.append(c.by)
        d.ask("pf2e", "wake", fields)  # the rules refuse at 0 HP before an action is spent
        running = d.now["encounter"]
        if running is not None and c.by in running["participants"]:
            step = {"name": "Interact", "cost": 1, "traits": ["manipulate"]}
            emit_spent(d, c.by, step, spend(d, c.by, step))
        answer = d.ask("pf2e", "wake", fields)
    else:
        if c.dc is None:
            raise InvalidCommand(d.t("Waking by noise needs the noise's DC ('dc')."))
        d.own(c.character_id)
        d.ask("pf2e", "wake", {**fields, "perception_total": 0, "noise_dc": c.dc})
        base, tag = pf2e_modifier(d, sleeper, "perception")
        modifiers = [{"value": base, "type": "untyped", "label": "perception"},
                     *condition_modifiers(d, sleeper, tag)]
        record = d.roll("pf2e", "check", {"modifiers": modifiers, "dc": c.dc},
                        "Perception (noise)")
        check = record["result"]
        woke = check["degree"] in _SUCCESS
        answer = d.ask("pf2e", "wake", {**fields, "perception_total": check["total"],
                                        "noise_dc": c.dc}) if woke else \
            {"creature": health, "events": ["still_asleep"]}
    who = audience(d, *involved)
    if "woke_up" not in answer["events"]:
        d.emit("wake_failed", {"character_id": c.character_id, "how": c.how,
                               "events": answer["events"]}, who)
        return
    d.emit("conditions_changed", {
        "character_id": c.character_id, "reason": "woke_up",
        "conditions": {n: v for n, v in sleeper["conditions"].items()
                       if n != "unconscious"}}, who)
    if answer["creature"] != sleeper["health"]:
        kind, payload = health_change(c.character_id, answer, "woke_up")
        d.emit(kind, payload, who)


class PassTime(BaseModel):
    """Minutes pass (game master): a creature unconscious at 0 HP and not dying
    returns to 1 HP and wakes when the time the game master set has passed;
    ``wakes_in`` sets that time (minutes) for those who have none yet."""

    model_config = COMMAND_CONFIG
    minutes: Annotated[StrictInt, Field(ge=1, le=10**6)]
    character_id: Id | None = None
    wakes_in: Annotated[StrictInt, Field(ge=1, le=10**6)] | None = Field(
        None, description="minutes (the text: 10 minutes to several hours)")


def _knocked_out(health: dict[str, Any]) -> bool:
    return bool(health.get("unconscious") and health.get("hp") == 0
                and not health.get("dying") and not health.get("dead"))


@command("pass_time", PassTime)
def _pass_time(d: Decision, c: PassTime) -> None:
    # "Solltest du Bewusstlos sein und 0 Trefferpunkte besitzen, aber nicht den Zustand
    # Sterbend haben, kehrst du nach Verstreichen von genügend Zeit auf natürlichem Wege
    # auf 1 Trefferpunkt zurück und erwachst. Der SL bestimmt die Dauer deiner
    # Bewusstlosigkeit (zwischen 10 Minuten und mehreren Stunden)."
    need_pf2e(d)
    d.need_gm()
    ids = [c.character_id] if c.character_id else sorted(d.now["characters"])
    chosen = [cid for cid in ids if _knocked_out(d.character(cid)["health"])]
    if c.character_id and not chosen:
        raise NotAllowed(d.t("{name} is not unconscious at 0 HP without dying.",
                             name=d.character(c.character_id)["name"]))
    unset = [d.character(cid)["name"] for cid in chosen
             if d.character(cid)["health"].get("wakes_in") is None]
    if unset and c.wakes_in is None:
        raise InvalidCommand(d.t(
            "The game master sets how long {names} stay unconscious (10 minutes to "
            "several hours): give 'wakes_in' in minutes.", names=", ".join(unset)))
    for cid in chosen:
        health = dict(d.character(cid)["health"])
        if health.get("wakes_in") is None:
            health["wakes_in"] = c.wakes_in
        answer = d.ask("pf2e", "pass_time", {"creature": health, "minutes": c.minutes})
        kind, payload = health_change(cid, answer, "pass_time", None)
        payload["minutes"] = c.minutes
        d.emit(kind, payload, audience(d, cid))
