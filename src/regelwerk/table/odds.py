"""The odds of a Strike before it is rolled ("55 % to hit, 5 % critical"), decided
on the server against the whole state, so that a player may learn the chances
against a creature whose AC the game master keeps hidden without the AC itself
ever leaving the server.

Whether a player sees those odds is the table setting ``hidden_ac_odds``
(docs/rulings.md, "Table: Strike odds against a hidden AC"): on by default; off,
the player learns only that the game master knows the AC.  The answer holds the
chances and the attacker's own modifier, never the target's AC.
"""

from __future__ import annotations

from typing import Any

from regelwerk.dice.random_sources import SeededRandomSource
from regelwerk.i18n import normalise_name
from regelwerk.table.checks import condition_modifiers
from regelwerk.table.decide import Decision, Entropy, Viewer
from regelwerk.table.errors import NotAllowed
from regelwerk.table.rules import run
from regelwerk.table.state import State

__all__ = ["DEGREES", "ac_known", "strike_odds"]

DEGREES = ("critical_success", "success", "failure", "critical_failure")


def ac_known(state: State, viewer: Viewer, target: dict[str, Any]) -> bool:
    """Whether the viewer may read the target's AC: the game master always, a player
    for characters (their sheets are open at the table) and their own creatures."""
    return viewer.role == "gm" or target.get("kind") == "character" \
        or target.get("owner") == viewer.member_id


def strike_odds(state: State, viewer: Viewer, character_id: str, strike_name: str,
                target_id: str) -> dict[str, Any]:
    """``{"chances": {degree: p}, "modifier": m, "hit": p, "critical": p}`` of a Strike
    the viewer's character makes now at the target: the sheet's attack modifier, both
    sides' conditions and the next attack's multiple attack penalty against the
    target's AC.  Refused (``NotAllowed``, with the reason) when the viewer may not
    act for the attacker, cannot see the target, or the table hides the odds."""
    decision = Decision(state, viewer, Entropy("", ""))
    attacker = decision.own(character_id)
    target = decision.character(target_id)
    if not ac_known(state, viewer, target) \
            and not state["settings"].get("hidden_ac_odds", True):
        raise NotAllowed(decision.t("Only the game master knows {name}'s AC.",
                                    name=target["name"]))
    strikes = attacker["sheet"].get("strikes", [])
    strike = next((s for s in strikes
                   if normalise_name(s["name"]) == normalise_name(strike_name)), None)
    if strike is None:
        raise NotAllowed(decision.t("{name} has no Strike {strike}: allowed are {allowed}.",
                                    name=attacker["name"], strike=strike_name,
                                    allowed=", ".join(s["name"] for s in strikes) or "-"))
    running = state.get("encounter") or {}
    attacks = int(((running.get("participants") or {}).get(character_id) or {})
                  .get("attacks", 0))
    traits = [normalise_name(t) for t in strike.get("traits", [])]
    agile = any(t in ("agile", "agil") for t in traits)
    ranged = any(t.startswith(("ranged", "fernkampf", "thrown", "wurf")) for t in traits)
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
    answer = run("pf2e", "check", {"modifiers": modifiers, "dc": ac}, decision.lang,
                 SeededRandomSource(0))
    given = answer.get("probabilities") or {}
    chances = {d: float(given[d]) for d in DEGREES if d in given}
    return {"chances": chances, "modifier": int(answer["modifier"]),
            "hit": chances.get("critical_success", 0.0) + chances.get("success", 0.0),
            "critical": chances.get("critical_success", 0.0)}
