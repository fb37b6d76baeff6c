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

__all__ = ["DEGREES", "DamagePreview", "Preview", "check_preview", "damage_preview",
           "strike_preview"]

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


def strike_preview(state: Mapping[str, Any], viewer: Viewer, character_id: str,
                   strike_name: str, target_id: str) -> Preview:
    """The chances of each degree of a Strike made now: the sheet's attack modifier,
    the conditions of both sides and the multiple attack penalty of the next attack,
    against the target's AC, as far as this viewer's state shows the target."""
    from regelwerk.i18n import normalise_name
    from regelwerk.table.checks import condition_modifiers

    try:
        decision = Decision(dict(state), viewer, Entropy("", ""))
        attacker = decision.own(character_id)
        target = decision.character(target_id)
        strike = next((s for s in attacker["sheet"].get("strikes", [])
                       if normalise_name(s["name"]) == normalise_name(strike_name)), None)
        if strike is None:
            return Preview((), None, decision.t("{name} has no Strike {strike}: allowed are "
                                                "{allowed}.", name=attacker["name"],
                                                strike=strike_name, allowed=", ".join(
                                                    s["name"] for s in
                                                    attacker["sheet"].get("strikes", []))))
        if "sheet" not in target:
            return Preview((), None, decision.t(
                "Only the game master knows {name}'s AC.", name=target["name"]))
        running = state.get("encounter") or {}
        attacks = int(((running.get("participants") or {}).get(character_id) or {})
                      .get("attacks", 0))
        agile = any(normalise_name(t) in ("agile", "agil") for t in strike.get("traits", []))
        ranged = any(normalise_name(t).startswith(("ranged", "fernkampf", "thrown", "wurf"))
                     for t in strike.get("traits", []))
        penalty = run("pf2e", "multiple_attack_penalty",
                      {"attack_number": attacks + 1, "agile": agile}, "en", SeededRandomSource(0))
        modifiers = [{"value": strike["modifier"], "type": "untyped", "label": strike["name"]},
                     *condition_modifiers(decision, attacker,
                                          "ranged_attack" if ranged else "melee_attack")]
        if penalty["penalty"]:
            modifiers.append({"value": penalty["penalty"], "type": "untyped",
                              "label": "multiple attack penalty"})
        ac_mods = condition_modifiers(decision, target, "ac")
        ac = int(target["sheet"]["ac"]) + (int(decision.ask(
            "pf2e", "total_modifier", {"modifiers": ac_mods})["total"]) if ac_mods else 0)
        answer = run("pf2e", "check", {"modifiers": modifiers, "dc": ac},
                     str(state.get("lang", "en")), SeededRandomSource(0))
    except (RegelwerkError, ValueError, KeyError) as error:
        return Preview((), None, str(getattr(error, "message", error)))
    chances = answer.get("probabilities") or {}
    return Preview(tuple((d, float(chances[d])) for d in DEGREES if d in chances),
                   answer.get("modifier") if isinstance(answer.get("modifier"), int) else None)


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
